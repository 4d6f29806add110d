// The table page (/play/{id}): connects as a seat (or to watch), draws every frame's
// table model, and turns clicks and keys into actions.

import { $, fill, h, reducedMotion, s } from "./dom.js";
import { del, gamesById, get, post } from "./api.js";
import { Connection } from "./connection.js";
import { Chooser } from "./chooser.js";
import { PromptUI } from "./prompt.js";
import { GameLog } from "./log.js";
import { boardEl } from "./render.js";
import { endScreen } from "./endscreen.js";
import { arrow } from "./keys.js";
import { toast } from "./toast.js";
import { forgetSeat, loadSeat, takeFragment } from "./seats.js";
import { openSeats, sharePanel, sitDown } from "./share.js";
import { nameModel, namer, personLabel } from "./names.js";
import { Motion } from "./motion.js";
import { HintUI } from "./hint.js";

/** Milliseconds the only possible move waits before it is played for you. */
const AUTO_MS = 1100;
/** Event types that start a new round or race: the table clock restarts at them. */
const CLOCK_STARTS = new Set(["deal", "go", "round", "round_start", "start", "new_round"]);

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const page = {
  info: null,
  game: null,
  conn: null,
  seat: null, // {seat, token} or null when watching
  frame: null,
  model: null,
  people: [],
  record: null,
  revealed: null, // the full-reveal model, when shown
  endHidden: false,
  sending: false,
  auto: null, // {version, timer}
  clockStart: null,
  tick: 0,
};

const chooser = new Chooser();
const prompt = new PromptUI({ chooser, send: (sends, label) => act(sends, label), redraw: () => draw() });
const gameLog = new GameLog($("#log"));
const motion = new Motion({ announceEl: $("#announce") });
const hints = new HintUI({ conn: () => page.conn, version: () => (page.frame ? page.frame.version : null), redraw: () => draw() });

// ------------------------------------------------------------------ acting

async function act(sends, label) {
  if (page.sending || !page.conn) return;
  cancelAuto();
  page.sending = true;
  page.sendingLabel = label;
  draw();
  try {
    await page.conn.sendAll(sends, page.frame.version);
  } catch (err) {
    toast(err.message || String(err), { kind: "error" });
  } finally {
    page.sending = false;
    page.sendingLabel = null;
    draw();
  }
}

function canAct() {
  const m = page.model;
  if (!m || !page.frame || page.broken || m.seat === null || m.seat === undefined || m.result) return false;
  if (page.frame.status !== "playing" || page.conn.status !== "live") return false;
  const me = page.people[m.seat];
  if (me && me.kind === "bot") return false;
  const seat = m.seats.find((st) => st.seat === m.seat);
  return Boolean(seat && seat.to_act) && (m.prompt.actions.length > 0 || m.prompt.forms.length > 0);
}

function cancelAuto() {
  if (page.auto) clearTimeout(page.auto.timer);
  page.auto = null;
}

/** The only legal move of a turn-based game is played after a short visible pause. */
function planAuto() {
  const m = page.model;
  const only = m && m.prompt.actions.length === 1 && m.prompt.forms.length === 0;
  if (!canAct() || page.sending || m.realtime || !only || chooser.busy()) {
    cancelAuto();
    return null;
  }
  const version = page.frame.version;
  if (!page.auto || page.auto.version !== version) {
    cancelAuto();
    const action = m.prompt.actions[0];
    page.auto = {
      version,
      action,
      timer: setTimeout(() => {
        if (page.frame.version === version && canAct() && !page.sending) act(action.send, action.label);
      }, AUTO_MS),
    };
  }
  return page.auto.action;
}

// ------------------------------------------------------------------ drawing

function statusLine() {
  if (page.sending) return h("p", { class: "status sending", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), `Sending: ${page.sendingLabel || "your move"}…`);
  const auto = planAuto();
  if (auto) {
    return h("p", { class: ["status", "auto", !reducedMotion() && "animated"], role: "status", style: { "--auto-ms": `${AUTO_MS}ms` } }, `Only one move: ${auto.label} — playing it for you…`);
  }
  const m = page.model;
  if (!m) return null;
  if (m.seat !== null && page.people[m.seat] && page.people[m.seat].kind === "bot") {
    return h("p", { class: "status" }, "A bot plays your seat now; you are watching it.");
  }
  if (page.frame.status === "waiting") {
    const open = page.people.filter((p) => p && p.kind === "human" && !p.taken).map((p) => personName(p.seat));
    return h("p", { class: "status waiting" }, open.length ? `Waiting for ${open.join(" and ")} (send them the invite link)…` : "Starting…");
  }
  const waiting = m.prompt.waiting_for || [];
  if (!canAct() && waiting.length && !m.result) {
    const names = waiting.map((n) => (n === m.seat ? "you" : personName(n))).join(", ");
    return h("p", { class: "status waiting" }, `Waiting for ${names}…`);
  }
  return null;
}

/** Seat numbers in the model's words as the players' names (names.js). */
function sayNames() {
  const viewer = page.raw ? page.raw.seat : page.seat ? page.seat.seat : null;
  return namer(page.people, viewer);
}

function named(model) {
  return nameModel(model, sayNames());
}

function personName(n) {
  const p = page.people[n];
  if (p && p.kind === "human" && !p.taken) return `a player to take seat ${n + 1}`;
  return personLabel(page.people, n);
}

function drawNotice() {
  const el = $("#notice");
  const f = page.frame;
  if (f && f.status === "waiting") {
    const open = page.people.filter((p) => p.kind === "human" && !p.taken).map((p) => p.seat);
    fill(
      el,
      h(
        "div",
        { class: "notice waiting-room" },
        h("h2", null, "Waiting for players"),
        h("p", null, open.length ? `The game starts when every seat is taken. Waiting for ${open.length === 1 ? "a friend" : `${open.length} friends`} to take ${open.map((n) => `seat ${n + 1}`).join(" and ")}: send them the invite link.` : "Starting…"),
        sharePanel(tableId, open),
      ),
    );
  } else if (page.broken) {
    fill(el, h("p", { class: "notice error", role: "alert" }, "The server could not draw the newest position of this table. The game goes on; this page shows the last position it could draw and resumes by itself."));
  } else if (!page.seat && f) {
    fill(el, h("p", { class: "notice watching" }, "You are watching this table."));
  } else fill(el);
}

function drawEnd(model) {
  const el = $("#end");
  if (!model || !model.result || page.endHidden) {
    fill(el, model && model.result ? h("button", { type: "button", class: "end-show", dataset: { nav: "" }, on: { click: () => { page.endHidden = false; draw(); } } }, "Show the result") : null);
    return;
  }
  const first = !el.firstChild || !el.querySelector(".endscreen");
  fill(
    el,
    endScreen(page.model, page.people, {
      reveal: () => toggleReveal(),
      revealed: Boolean(page.revealed),
      rematch: page.seat ? () => rematch() : null,
      replay: () => location.assign(`/replay/${encodeURIComponent(tableId)}`),
      // your decisions judged by the strong bot (a seat's own; not a what-if re-dealt)
      review: page.seat && !(page.info && page.info.play_on && page.info.play_on.hidden === "re-dealt") ? () => location.assign(`/review/${encodeURIComponent(tableId)}`) : null,
      lobby: () => location.assign("/"),
      hide: () => { page.endHidden = true; draw(); },
    }),
  );
  if (first) {
    // the result comes into sight wherever the player had scrolled, and takes the focus
    el.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    $("#end-title").focus({ preventScroll: true });
  }
}

/**
 * Your pinned area scrolls inside when it is taller than its room: it keeps where the
 * player had scrolled it, but what you may click in it now (your hand, the base of your
 * tree) is brought into its view.
 */
function showInside(mine, scrollTop) {
  if (scrollTop !== null) mine.scrollTop = scrollTop;
  if (mine.scrollHeight <= mine.clientHeight) return;
  const target = mine.querySelector(".clickable, .chosen");
  if (!target) return;
  const box = mine.getBoundingClientRect();
  const r = target.getBoundingClientRect();
  if (r.bottom > box.bottom) mine.scrollTop += r.bottom - box.bottom + 8;
  else if (r.top < box.top) mine.scrollTop -= box.top - r.top + 8;
}

function remember() {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  if (a.dataset.ref) return `[data-ref="${CSS.escape(a.dataset.ref)}"]`;
  if (a.dataset.action) return `[data-action="${CSS.escape(a.dataset.action)}"]`;
  if (a.dataset.form) return `[data-form="${CSS.escape(a.dataset.form)}"]`;
  if (a.dataset.choice !== undefined) return `[data-field="${CSS.escape(a.dataset.field)}"][data-choice="${a.dataset.choice}"]`;
  if (a.dataset.end) return `[data-end="${a.dataset.end}"]`;
  return null;
}

/** A game's title; a hypothetical table's (played on from a finished game) says so. */
const titled = (title) => (page.info && page.info.play_on ? `What if… ${title}` : title);

function draw() {
  const m = page.model;
  if (!m) return;
  const focus = remember();
  const shown = page.revealed || m;
  document.title = `${titled(m.title)} · Yuletide`;
  fill($("#game-title"), titled(m.title));
  const waitingRoom = page.frame.status === "waiting";
  let headline = m.headline;
  if (page.revealed) headline = "The full reveal: every card as the table saw it at the end";
  else if (waitingRoom) headline = "Waiting for players: the game starts when every seat is taken";
  fill($("#headline"), headline);
  drawNotice();
  // a spectator has no keys to act with: no keyboard help for acting
  $(".keys-help").hidden = !page.seat;
  const enabled = canAct() && !page.sending && !page.revealed && !page.broken;
  const board = $("#board");
  const oldMine = board.querySelector(".board-inner > .mine");
  const mineScroll = oldMine ? oldMine.scrollTop : null;
  board.classList.toggle("revealed", Boolean(page.revealed));
  fill(board, boardEl(shown, page.people));
  const asked = waitingRoom ? { ...m.prompt, text: "The game starts when every seat is taken. Invite a friend with the link." } : m.prompt;
  fill($("#prompt"), prompt.panel(asked, { enabled, status: [statusLine(), hints.panel({ enabled, say: sayNames() })] }));
  prompt.renumber();
  $("#prompt").classList.toggle("has-form", Boolean(chooser.form));
  gameLog.markLast();
  gameLog.scroll();
  prompt.bindBoard(board);
  hints.light(board);
  if (!page.revealed) motion.play(board);
  const mine = board.querySelector(".board-inner > .mine");
  document.body.style.setProperty("--mine-h", mine ? `${mine.offsetHeight}px` : "0px");
  if (mine) showInside(mine, mineScroll);
  drawEnd(m);
  if (enabled && chooser.menu) prompt.openMenu(board);
  else prompt.closeMenu();
  // a click that needs another: bring the next thing to click into sight
  const partial = chooser.partial.join(" ");
  if (enabled && partial && partial !== page.lastPartial) {
    const next = board.querySelector(".clickable");
    if (next) next.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  }
  page.lastPartial = partial;
  if (focus && !chooser.menu) {
    const again = document.querySelector(focus);
    if (again) again.focus({ preventScroll: true });
  }
  page.tick += 1;
  const d = document.body.dataset;
  d.tick = String(page.tick);
  d.version = String(page.frame.version);
  d.phase = m.result ? "over" : page.sending ? "sending" : enabled ? "act" : page.frame.status === "waiting" ? "waiting" : "wait";
}

// ------------------------------------------------------------------ frames

function onFrame(frame) {
  page.frame = frame;
  if (!frame.model) {
    // the server could not draw this position (a fault in the game's table model): the
    // game goes on, the page shows the last table it could draw and offers no choice
    page.broken = true;
    if (gameLog.take(frame)) gameLog.draw();
    if (page.model) draw();
    else fill($("#sit"), h("p", { class: "notice error" }, "The server sent no table to draw. Reload the page in a moment."));
    return;
  }
  page.broken = false;
  hints.moved(frame.version);
  const firstModel = !page.model;
  page.raw = frame.model;
  page.model = named(frame.model);
  if (firstModel) {
    $("#main").hidden = false;
    fill($("#sit"));
  }
  chooser.setPrompt(page.model.prompt);
  motion.measure($("#board"));
  if (frame.type === "sync") motion.reset(frame.log);
  else motion.take(frame.log || [], sayNames());
  if (gameLog.take(frame) || frame.type === "sync") gameLog.draw(sayNames());
  clock(frame);
  if (frame.model.result && !page.record) loadRecordSoon();
  draw();
}

function clock(frame) {
  const rt = page.model.realtime || (page.game && page.game.real_time);
  const el = $("#clock");
  el.hidden = !rt;
  if (!rt) return;
  const starts = (frame.events || []).some((e) => CLOCK_STARTS.has(e.type));
  if (page.clockStart === null || starts) page.clockStart = performance.now();
  if (page.model.result) page.clockStop = page.clockStop || performance.now();
  tickClock(); // at once: the clock never shows empty until the next tick
}

/** Writes the table clock's time (every 250 ms, and whenever a frame moves it). */
function tickClock() {
  const el = $("#clock");
  if (el.hidden || page.clockStart === null) return;
  const ms = (page.clockStop || performance.now()) - page.clockStart;
  const sec = Math.floor(ms / 1000);
  fill(el, clockIcon(), `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, "0")}`);
  el.setAttribute("aria-label", `table clock: ${sec} seconds since the round began`);
}

setInterval(tickClock, 250);

function clockIcon() {
  return s(
    "svg",
    { class: "clock-icon", viewBox: "0 0 16 16", width: 15, height: 15, "aria-hidden": "true" },
    s("circle", { cx: 8, cy: 8, r: 6.5, fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
    s("path", { d: "M8 4.5V8l2.5 1.8", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" }),
  );
}

function loadRecordSoon() {
  if (page.recordLoading) return;
  page.recordLoading = true;
  get(`/api/tables/${encodeURIComponent(tableId)}/record`).then((r) => { page.record = r; }, () => { page.recordLoading = false; });
}

async function toggleReveal() {
  if (page.revealed) {
    page.revealed = null;
    draw();
    return;
  }
  try {
    const steps = page.record ? page.record.actions.length : page.frame.version;
    const data = await get(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${steps}&seat=all`);
    page.revealed = data.table;
    page.endHidden = true;
    draw();
  } catch (err) {
    toast(err.message, { kind: "error" });
  }
}

async function rematch() {
  try {
    const data = await post(`/api/tables/${encodeURIComponent(tableId)}/rematch`, undefined, page.seat.token);
    location.assign(data.you.invite);
  } catch (err) {
    toast(err.message, { kind: "error" });
  }
}

// ------------------------------------------------------------------ the page

function connect(token) {
  if (page.conn) page.conn.close();
  const conn = new Connection(tableId, token);
  page.conn = conn;
  conn.addEventListener("frame", (e) => onFrame(e.detail));
  hints.bind(conn);
  conn.addEventListener("seats", (e) => {
    page.people = [];
    for (const p of e.detail) page.people[p.seat] = p;
    if (page.raw) {
      page.model = named(page.raw);
      chooser.setPrompt(page.model.prompt);
    }
    gameLog.draw(sayNames());
    if (page.model) draw();
  });
  conn.addEventListener("record", (e) => { page.record = e.detail; });
  conn.addEventListener("problem", (e) => toast(e.detail.message, { kind: "error" }));
  conn.addEventListener("status", (e) => {
    const el = $("#conn");
    const words = { connecting: "Connecting…", live: "Live", offline: "Reconnecting…", closed: "Closed" };
    el.className = `conn ${e.detail}`;
    fill(el, h("span", { class: "conn-dot", "aria-hidden": "true" }), words[e.detail] || e.detail);
    if (page.model) draw();
  });
  conn.addEventListener("fatal", (e) => {
    toast(`${e.detail.message} — watching instead`, { kind: "error" });
    forgetSeat(tableId);
    page.seat = null;
    connect(null);
  });
  conn.open();
}

function onKey(e) {
  const t = e.target;
  const typing = t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement;
  if (typing && e.key !== "Escape") return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const share = $("#share-pop");
  if (e.key === "Escape" && !share.hidden) {
    share.hidden = true;
    $("#share-btn").focus();
    e.preventDefault();
    return;
  }
  if ((e.key === "h" || e.key === "H") && hints.on) {
    if (canAct() && !page.sending && !chooser.form) hints.ask();
    e.preventDefault();
    return;
  }
  if (prompt.key(e) || arrow(e.key)) e.preventDefault();
}

function soundButton() {
  const b = $("#sound-btn");
  const show = () => {
    b.setAttribute("aria-pressed", motion.sound ? "true" : "false");
    b.textContent = motion.sound ? "Sound on" : "Sound off";
  };
  b.addEventListener("click", () => {
    motion.sound = !motion.sound;
    show();
  });
  show();
}

function topbar() {
  soundButton();
  $("#share-btn").addEventListener("click", () => {
    const panel = $("#share-pop");
    const button = $("#share-btn");
    if (!panel.hidden) {
      panel.hidden = true;
      button.setAttribute("aria-expanded", "false");
      return;
    }
    fill(panel, sharePanel(tableId, page.people.filter((p) => p.kind === "human" && !p.taken).map((p) => p.seat)));
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    panel.querySelector("button").focus();
  });
  $("#leave-btn").addEventListener("click", async () => {
    if (!page.seat) {
      location.assign("/");
      return;
    }
    if (!window.confirm("Leave your seat? Someone else can then take it.")) return;
    try {
      await del(`/api/tables/${encodeURIComponent(tableId)}/seats/${page.seat.seat}`, page.seat.token);
    } catch (err) {
      toast(err.message, { kind: "error" });
    }
    forgetSeat(tableId);
    page.seat = null;
    connect(null);
  });
}

async function main() {
  const { watch } = takeFragment(tableId);
  document.addEventListener("keydown", onKey);
  topbar();
  let info;
  try {
    [info] = await Promise.all([get(`/api/tables/${encodeURIComponent(tableId)}`)]);
    const games = await gamesById();
    page.game = games.get(info.game) || null;
  } catch (err) {
    fill($("#sit"), h("section", { class: "sitdown" }, h("h2", null, "No such table"), h("p", null, err.message), h("a", { href: "/", class: "button primary" }, "Go to the lobby")));
    return;
  }
  page.info = info;
  // every seat (and anyone watching) sees that hints are on at this table
  hints.on = Boolean(info.settings && info.settings.hints);
  $("#hints-on").hidden = !hints.on;
  $(".hint-key").hidden = !hints.on;
  const title = page.game ? page.game.title : info.game;
  fill($("#game-title"), titled(title));
  if (info.play_on) $("#game-title").title = info.play_on.line;
  $("#rules-link").href = `/rules/${encodeURIComponent(info.game)}`;
  page.people = [];
  for (const p of info.seats || []) page.people[p.seat] = p;
  page.seat = loadSeat(tableId);
  const live = info.status === "waiting" || info.status === "playing";
  if (!page.seat && !watch && live && openSeats(info).length) {
    page.seat = await sitDown($("#sit"), info, title);
    fill($("#sit"), h("p", { class: "connecting" }, "Connecting…"));
  }
  $("#leave-btn").textContent = page.seat ? "Leave" : "Lobby";
  $("#leave-btn").title = page.seat ? "Leave your seat (someone else can take it)" : "Back to the lobby";
  connect(page.seat ? page.seat.token : null);
}

// The prompt is a bottom sheet on phones: the page keeps room for it below the board.
new ResizeObserver(() => {
  const el = $("#prompt");
  const fixed = getComputedStyle(el).position === "fixed";
  document.body.style.setProperty("--sheet-h", fixed ? `${el.offsetHeight}px` : "0px");
}).observe($("#prompt"));

main();
window.addEventListener("beforeunload", () => page.conn && page.conn.close());

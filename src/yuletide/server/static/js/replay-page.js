// The replay viewer (/replay/{id}): a finished game step by step, as any seat saw it
// or with every card shown; back, forward, jump to a move; and play on from any move
// at a new table (a "what if": the server's play_on.py).

import { $, fill, h } from "./dom.js";
import { gamesById, get, post } from "./api.js";
import { botLabel, botsInOrder } from "./bots.js";
import { loadSeat, saveName, saveSeat, savedName } from "./seats.js";
import { boardEl } from "./render.js";
import { GameLog } from "./log.js";
import { toast } from "./toast.js";
import { nameModel, namer, ownZones, personLabel } from "./names.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const params = new URLSearchParams(location.search);
const view = { step: null, steps: 0, seat: params.get("seat") || "all", people: [], loading: 0, info: null, game: null };
const gameLog = new GameLog($("#log"));

function personName(seat) {
  return personLabel(view.people, seat);
}

async function load(step) {
  const ticket = ++view.loading;
  const q = new URLSearchParams({ seat: view.seat });
  if (step !== null && step !== undefined) q.set("step", String(step));
  let data;
  try {
    data = await get(`/api/tables/${encodeURIComponent(tableId)}/replay?${q}`);
  } catch (err) {
    if (err.status === 409) fill($("#move"), "The replay opens once the game has ended.");
    else toast(err.message, { kind: "error" });
    return;
  }
  if (ticket !== view.loading) return; // a later step was asked for meanwhile
  view.step = data.step;
  view.steps = data.steps;
  const range = $("#step");
  range.max = String(data.steps);
  range.value = String(data.step);
  fill($("#where"), `Move ${data.step} of ${data.steps}`);
  const a = data.action;
  // the move in words: the log's last line (as the chosen seat saw it); the notation in a tooltip
  const last = data.log && data.log.length ? namer(view.people, data.table.seat)(data.log[data.log.length - 1].text) : null;
  const move = $("#move");
  fill(move, a ? `Move ${data.step} (${personName(a[0])}): ${last || a[1]}` : "The deal: before the first move");
  move.title = a ? `${personName(a[0])}: ${a[1]}` : "";
  const say = namer(view.people, data.table.seat);
  const table = ownZones(nameModel(data.table, say), data.table.seat, view.people);
  fill($("#headline"), table.headline);
  fill($("#board"), boardEl(table, view.people));
  gameLog.set(data.log);
  gameLog.draw(say);
  gameLog.markLast();
  $("#prev").disabled = data.step <= 0;
  $("#first").disabled = data.step <= 0;
  $("#next").disabled = data.step >= data.steps;
  $("#last").disabled = data.step >= data.steps;
  drawPlayOnButton();
  document.body.dataset.step = String(data.step);
  history.replaceState(null, "", `${location.pathname}?step=${data.step}&seat=${encodeURIComponent(view.seat)}`);
}

const go = (step) => load(Math.max(0, Math.min(view.steps, step)));

// ------------------------------------------------------------ play on from here

/** The last move a game may be played on from: where it ended is not one, unless it
 * was cut short by a player who left (abandoned: the position itself goes on). */
function lastPlayable() {
  const details = (view.info.outcome && view.info.outcome.details) || {};
  return details.abandoned_by !== undefined ? view.steps : view.steps - 1;
}

function drawPlayOnButton() {
  const btn = $("#play-on-btn");
  if (!view.info || !view.game) return;
  const ok = view.step <= lastPlayable();
  btn.hidden = false;
  btn.disabled = !ok;
  btn.title = ok ? `A new table from move ${view.step}: you against bots, or with friends` : "The game is over at this move: step back to play on from an earlier one";
}

function openPlayOn() {
  const g = view.game;
  const form = $("#play-on-form");
  const mine = loadSeat(tableId);
  const viewed = /^\d+$/.test(view.seat) ? Number(view.seat) : 0;
  const seat = h("select", { id: "play-on-seat" }, Array.from({ length: view.info.players }, (_, i) => h("option", { value: String(i) }, personName(i))));
  seat.value = String(mine ? mine.seat : viewed);
  const others = h("select", { id: "play-on-others" }, botsInOrder(g).map((b) => h("option", { value: `bot:${b}` }, botLabel(g, b))));
  if (view.info.players > 1) others.append(h("option", { value: "friends" }, "Friends (an invite link)"));
  const theirs = view.people.find((p) => p && p.kind === "bot" && g.bots.includes(p.bot));
  others.value = `bot:${theirs ? theirs.bot : g.default_bot}`;
  const hidden = (value, label, note, checked) =>
    h("label", { class: "choice" }, h("input", { type: "radio", name: "hidden", value, checked }), h("span", null, h("strong", null, label), " ", h("span", { class: "doc" }, note)));
  const name = h("input", { type: "text", id: "play-on-name", maxlength: 40, value: savedName(), placeholder: "Your name", autocomplete: "nickname" });
  const close = () => $("#play-on").close();
  fill(
    form,
    h("header", { class: "play-on-head" }, h("h2", { id: "play-on-title" }, `Play on from move ${view.step}`), h("button", { type: "button", class: "quiet close", "aria-label": "Close", on: { click: close } }, "×")),
    h("p", { class: "doc" }, "A new table starts at this move: a “what if” game, marked as one everywhere. This game stays as it was."),
    h("label", { class: "row" }, h("span", null, "Your seat"), seat),
    view.info.players > 1 ? h("label", { class: "row" }, h("span", null, "The other seats"), others) : null,
    h(
      "fieldset",
      null,
      h("legend", null, "The hidden cards"),
      hidden("as-dealt", "As they truly were.", "The game is over: nothing is secret any more.", true),
      hidden("re-dealt", "Re-dealt from what your seat knew.", "Every card your seat could not see is dealt again, fitting all it saw: a fair what-if.", false),
    ),
    h("label", { class: "row" }, h("span", null, "Your name"), name),
    h("div", { class: "play-on-buttons" }, h("button", { type: "submit", class: "primary", id: "play-on-go" }, "Start the new table"), h("button", { type: "button", on: { click: close } }, "Cancel")),
  );
  form.onsubmit = (e) => {
    e.preventDefault();
    playOn(form);
  };
  $("#play-on").showModal();
  $("#play-on-go").focus();
}

async function playOn(form) {
  const others = $("#play-on-others").value;
  const name = $("#play-on-name").value.trim();
  saveName(name);
  const body = {
    at: view.step,
    seat: Number($("#play-on-seat").value),
    hidden: form.querySelector('input[name="hidden"]:checked').value,
    others: others === "friends" ? "friends" : "bots",
    bot: others.startsWith("bot:") ? others.slice(4) : null,
    name: name || null,
  };
  const go = $("#play-on-go");
  go.disabled = true;
  try {
    const table = await post(`/api/tables/${encodeURIComponent(tableId)}/play-on`, body);
    saveSeat(table.table, table.you.seat, table.you.token);
    location.assign(`/play/${encodeURIComponent(table.table)}`);
  } catch (err) {
    toast(err.message, { kind: "error" });
    go.disabled = false;
  }
}

async function main() {
  let info;
  try {
    info = await get(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    fill($("#move"), err.message);
    return;
  }
  for (const p of info.seats || []) view.people[p.seat] = p;
  const games = await gamesById();
  const g = games.get(info.game);
  view.info = info;
  view.game = g || null;
  const title = `${info.play_on ? "What if… " : ""}${g ? g.title : info.game}`;
  fill($("#game-title"), `Replay: ${title}`);
  document.title = `Replay: ${title} · Yuletide`;
  if (info.play_on) $("#game-title").title = info.play_on.line;
  $("#play-on-btn").addEventListener("click", openPlayOn);
  $("#rules-link").href = `/rules/${encodeURIComponent(info.game)}`;
  // a player of this game (this browser holds a seat's token) can open its review
  const review = $("#review-link");
  review.href = `/review/${encodeURIComponent(tableId)}`;
  review.hidden = !loadSeat(tableId) || Boolean(info.play_on && info.play_on.hidden === "re-dealt");
  const sel = $("#seat");
  sel.append(h("option", { value: "all" }, "Every card (full reveal)"));
  for (let s = 0; s < info.players; s += 1) sel.append(h("option", { value: String(s) }, `As ${personName(s)} saw it`));
  sel.append(h("option", { value: "spectator" }, "A spectator"));
  sel.value = view.seat;
  sel.addEventListener("change", () => {
    view.seat = sel.value;
    load(view.step);
  });
  $("#first").addEventListener("click", () => go(0));
  $("#prev").addEventListener("click", () => go(view.step - 1));
  $("#next").addEventListener("click", () => go(view.step + 1));
  $("#last").addEventListener("click", () => go(view.steps));
  $("#step").addEventListener("input", (e) => go(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    if ($("#play-on").open) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) go(view.step + moves[e.key]);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(view.steps);
    else return;
    e.preventDefault();
  });
  const start = params.get("step");
  await load(start === null ? null : Number(start));
}

main();

// The lobby (/): every game with its player counts and pitch, a table to create
// (options, seats: you, a friend or a bot), and the open tables to join or watch.

import { $, fill, h, playerRange } from "./dom.js";
import { get, post } from "./api.js";
import { saveName, saveSeat, savedName } from "./seats.js";
import { toast } from "./toast.js";
import { optionControl, optionValue } from "./options.js";
import { botLabel, botsInOrder } from "./bots.js";

// What each of the bots every game has is like (bots.js names and orders them).
const BOT_SAYS = {
  random: "plays any legal move: a first game, or a child learning the rules.",
  easy: "plays sensibly but misses a lot: a relaxed game.",
  medium: "plays like a family member who knows the game.",
  hard: "plays well and remembers what it has seen.",
  ismcts: "thinks through many possible deals before each move: the strongest, and slower.",
};

function botHelp(g) {
  const known = botsInOrder(g).filter((b) => BOT_SAYS[b]);
  if (!known.length) return null;
  return h("dl", { class: "bot-help" }, known.map((b) => [h("dt", null, botLabel(g, b)), h("dd", null, BOT_SAYS[b])]));
}

let games = [];

function gameCard(g) {
  // the manifest's badges (the first of the first box's first game marks the main game),
  // then what its facts say
  const badges = (g.badges || []).map((b) => h("span", { class: g.order === 0 ? "badge main" : "badge" }, b));
  if (g.real_time) badges.push(h("span", { class: "badge live" }, "Real time"));
  if (g.solo) badges.push(h("span", { class: "badge solo" }, "Solo"));
  return h(
    "li",
    { class: "game", dataset: { game: g.id } },
    h("div", { class: "game-head" }, h("h3", null, g.title), h("span", { class: "players" }, playerRange(g.min_players, g.max_players))),
    h("p", { class: "pitch" }, g.pitch || g.summary || ""),
    badges.length ? h("p", { class: "badges" }, badges) : null,
    h(
      "div",
      { class: "game-buttons" },
      h("button", { type: "button", class: "primary", dataset: { create: g.id }, on: { click: () => openCreate(g) } }, "New table"),
      h("a", { class: "button", href: `/rules/${encodeURIComponent(g.id)}` }, "Rules"),
    ),
  );
}

/** The games by box: a box's main game, then its bonus games under it. */
function boxes(list) {
  const byBox = new Map();
  for (const g of list) {
    const box = g.box || g.title;
    if (!byBox.has(box)) byBox.set(box, []);
    byBox.get(box).push(g);
  }
  return [...byBox].map(([box, gs]) => {
    if (gs.length === 1) return gameCard(gs[0]);
    const [main, ...bonus] = gs;
    return h(
      "li",
      { class: "box-group" },
      h("h3", { class: "box-title" }, `${box}: ${gs.length} games in one box`),
      h("ul", { class: "games" }, gameCard(main)),
      h("h4", { class: "bonus-title" }, `Bonus games with the ${main.title} deck`),
      h("ul", { class: "games bonus" }, bonus.map(gameCard)),
    );
  });
}

// ------------------------------------------------------------------ create a table

function seatSelect(g, i) {
  const sel = h("select", { name: `seat-${i}`, "aria-label": `Seat ${i + 1}`, class: "seat-select" });
  sel.append(h("option", { value: "you" }, "You"));
  if (g.max_players > 1) sel.append(h("option", { value: "friend" }, "A friend (invite link)"));
  for (const b of botsInOrder(g)) sel.append(h("option", { value: `bot:${b}`, title: BOT_SAYS[b] || null }, botLabel(g, b)));
  const preferred = g.bots.includes(g.default_bot) ? g.default_bot : g.bots[0];
  sel.value = i === 0 ? "you" : `bot:${preferred}`;
  sel.addEventListener("change", () => {
    // only one "You": choosing it elsewhere makes the old one a friend
    if (sel.value !== "you") return;
    for (const other of document.querySelectorAll(".seat-select")) if (other !== sel && other.value === "you") other.value = "friend";
  });
  return h("li", { class: "seat-row" }, h("span", { class: "seat-dot", "aria-hidden": "true" }, String(i + 1)), sel);
}

function drawSeats(g, n) {
  fill($("#seat-list"), Array.from({ length: n }, (_, i) => seatSelect(g, i)));
}

/** Hints (the strong bot's advice on your turn): by default on where every other seat is
 * a bot; every seat is shown that they are on. */
function hintsControl() {
  const sel = h(
    "select",
    { id: "create-hints", name: "hints", title: "A player may ask the strong bot for a hint on their turn; everyone at the table sees that hints are on" },
    h("option", { value: "auto" }, "On when you play only against bots"),
    h("option", { value: "on" }, "On"),
    h("option", { value: "off" }, "Off"),
  );
  return h("label", { class: "row" }, h("span", null, "Hints"), sel);
}

function openCreate(g) {
  const form = $("#create-form");
  const count = h("select", { id: "players", name: "players" });
  for (let n = g.min_players; n <= g.max_players; n += 1) count.append(h("option", { value: n, selected: n === g.default_players }, `${n}`));
  count.addEventListener("change", () => drawSeats(g, Number(count.value)));
  const main = g.options.filter((o) => o.name !== "turn_limit");
  const extra = g.options.filter((o) => o.name === "turn_limit");
  const name = h("input", { type: "text", id: "create-name", maxlength: 40, value: savedName(), placeholder: "Your name", autocomplete: "nickname" });
  fill(
    form,
    h("header", { class: "create-head" }, h("h2", { id: "create-title" }, `New table: ${g.title}`), h("button", { type: "button", class: "quiet close", "aria-label": "Close", on: { click: () => $("#create").close() } }, "×")),
    h("p", { class: "pitch" }, g.pitch || ""),
    h(
      "div",
      { class: "create-grid" },
      g.min_players !== g.max_players ? h("label", { class: "row" }, h("span", null, "Players"), count) : null,
      h("label", { class: "row" }, h("span", null, "Your name"), name),
      g.max_players > 1 || g.bots.length ? hintsControl() : null,
    ),
    h("fieldset", { class: "seats", hidden: g.max_players === 1 }, h("legend", null, "Who sits where"), h("ul", { id: "seat-list", class: "seat-list" }), g.bots.length ? h("details", { class: "more bots-more" }, h("summary", null, "Which bot?"), botHelp(g)) : null),
    main.length ? h("fieldset", { class: "options" }, h("legend", null, "Options"), main.map(optionControl)) : null,
    extra.length ? h("details", { class: "more" }, h("summary", null, "More options"), extra.map(optionControl)) : null,
    h("div", { class: "create-buttons" }, h("button", { type: "submit", class: "primary", id: "create-go" }, "Create table"), h("button", { type: "button", on: { click: () => $("#create").close() } }, "Cancel")),
  );
  drawSeats(g, g.min_players === g.max_players ? g.max_players : g.default_players);
  form.onsubmit = (e) => {
    e.preventDefault();
    create(g, form);
  };
  $("#create").showModal();
  $("#create-go").focus();
}

async function create(g, form) {
  const seats = Array.from(form.querySelectorAll(".seat-select")).map((s) => s.value);
  const options = {};
  for (const o of g.options) {
    const v = optionValue(form, o);
    if (v !== undefined) options[o.name] = v;
  }
  const you = seats.indexOf("you");
  const name = $("#create-name").value.trim();
  saveName(name);
  const body = {
    game: g.id,
    players: seats.length,
    options,
    seats: seats.map((s) => (s.startsWith("bot:") ? { kind: "bot", bot: s.slice(4) } : { kind: "human" })),
    sit: you >= 0 ? you : null,
    name: name || null,
  };
  const hints = form.querySelector("#create-hints");
  if (hints && hints.value !== "auto") body.hints = hints.value === "on";
  const go = $("#create-go");
  go.disabled = true;
  try {
    const table = await post("/api/tables", body);
    if (table.you) {
      saveSeat(table.table, table.you.seat, table.you.token);
      location.assign(`/play/${encodeURIComponent(table.table)}`);
    } else location.assign(`/play/${encodeURIComponent(table.table)}#watch`);
  } catch (err) {
    toast(err.message, { kind: "error" });
    go.disabled = false;
  }
}

// ------------------------------------------------------------------ open tables

function ago(t) {
  const s = Math.max(0, Date.now() / 1000 - t);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** A hypothetical table in words (played on from a finished game: play_on). */
const whatIf = (p) => `What if… from ${p.label}, move ${p.at}`;

async function drawOpen() {
  let tables = [];
  try {
    tables = await get("/api/tables");
  } catch (err) {
    return;
  }
  const byId = new Map(games.map((g) => [g.id, g]));
  $("#open").hidden = !tables.length;
  fill(
    $("#open-list"),
    tables.map((t) => {
      const g = byId.get(t.game);
      const id = encodeURIComponent(t.table);
      return h(
        "li",
        { class: "open-table", dataset: { table: t.table } },
        h("span", { class: "open-game" }, g ? g.title : t.game),
        t.play_on ? h("span", { class: "open-what-if" }, whatIf(t.play_on)) : null,
        h("span", { class: "open-meta" }, `${t.players} ${t.players === 1 ? "player" : "players"} · ${ago(t.created_at)}`),
        h("span", { class: "open-buttons" }, h("a", { class: "button primary", href: `/play/${id}` }, "Join"), h("a", { class: "button", href: `/play/${id}#watch` }, "Watch")),
      );
    }),
  );
}

async function main() {
  try {
    games = await get("/api/games");
  } catch (err) {
    fill($("#games"), h("li", { class: "game" }, err.message));
    return;
  }
  games.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
  fill($("#games"), boxes(games));
  $("#games").setAttribute("aria-busy", "false");
  drawOpen();
  setInterval(drawOpen, 10000);
  const wanted = games.find((g) => `#${g.id}` === decodeURIComponent(location.hash));
  if (wanted) openCreate(wanted);
}

main();

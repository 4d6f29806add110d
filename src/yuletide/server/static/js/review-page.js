// Your review (/review/{id}?mode=knew|shown): your win chance over a finished game, the
// three costliest decisions first, each shown on the table as you saw it with the better
// move lit. Computed by the server in the background; this page asks, then follows it.

import { $, fill, h, s } from "./dom.js";
import { gamesById, get, api } from "./api.js";
import { boardEl } from "./render.js";
import { toast } from "./toast.js";
import { nameModel, namer, ownZones } from "./names.js";
import { loadSeat } from "./seats.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const params = new URLSearchParams(location.search);
const MODE_NOTES = {
  knew: "Each decision judged on what you could know at the time: the fair judgment.",
  shown: "Each decision judged with every card shown (the others' hands, the deck's order): what the deal held, not what you should have known.",
};
const page = { mode: params.get("mode") === "shown" ? "shown" : "knew", seat: null, people: [], review: null, chosen: null, ticket: 0 };

// a game whose chances are only roughly right (its manifest says so) reads them in tens
const pct = (x) => (page.review && page.review.rough ? `about ${Math.round(x * 10) * 10}%` : `${Math.round(x * 100)}%`);

function verdictText(d) {
  const played = d.played_win === null ? "not weighed by the search" : `${pct(d.played_win)} to win`;
  let text = `You played “${d.played}” (${played}).`;
  if (d.best_action !== d.played_action) text += ` Better: “${d.best}” (${pct(d.chance)}).`;
  if (d.label) text += ` ${d.label[0].toUpperCase()}${d.label.slice(1)}: −${Math.round(d.loss * 100)} points of win chance.`;
  return text;
}

function item(d) {
  return h(
    "button",
    { type: "button", class: ["decision", d.label, page.chosen === d.index && "chosen"], dataset: { index: String(d.index) }, on: { click: () => show(d) } },
    h("span", { class: "move-no" }, `Move ${d.move}`),
    d.label ? h("span", { class: ["badge", d.label] }, d.label) : null,
    h("span", { class: "words" }, verdictText(d)),
  );
}

function chart(decisions) {
  const w = 600, hgt = 180, pad = 26;
  const n = Math.max(1, decisions.length - 1);
  const x = (i) => pad + ((w - 2 * pad) * i) / n;
  const y = (c) => hgt - pad - (hgt - 2 * pad) * c;
  const pts = decisions.map((d, i) => `${x(i).toFixed(1)},${y(d.chance).toFixed(1)}`).join(" ");
  const grid = [0, 0.5, 1].flatMap((q) => [
    s("line", { x1: pad, x2: w - pad, y1: y(q), y2: y(q), class: "grid" }),
    s("text", { x: 2, y: y(q) + 4, class: "axis" }, `${q * 100}%`),
  ]);
  // every decision is a point to click; a labelled one is larger, in its colour
  const dots = decisions.map((d, i) => {
    const what = `Move ${d.move}: ${pct(d.chance)}${d.label ? `, ${d.label}` : ""}`;
    const pick = { click: () => show(d), keydown: (e) => (e.key === "Enter" || e.key === " ") && show(d) };
    return s("circle", { cx: x(i), cy: y(d.chance), r: d.label ? 6 : 3, class: ["dot", d.label || "plain"], tabindex: d.label ? "0" : "-1", role: "button", "aria-label": what, dataset: { index: String(d.index) }, on: pick }, s("title", null, what));
  });
  return s("svg", { viewBox: `0 0 ${w} ${hgt}`, role: "img", "aria-label": "Your win chance at each of your decisions" }, ...grid, s("polyline", { points: pts, class: "line" }), ...dots);
}

function light(board, refs, cls) {
  for (const ref of refs || []) {
    const el = board.querySelector(`[data-ref="${CSS.escape(ref)}"]`);
    if (el) el.classList.add(cls);
  }
}

async function show(d, { scroll = true } = {}) {
  page.chosen = d.index;
  for (const b of document.querySelectorAll(".decision")) b.classList.toggle("chosen", Number(b.dataset.index) === d.index);
  const ticket = ++page.ticket;
  let data;
  try {
    // with every card shown, the table is shown so too (the replay's full reveal)
    const seat = page.mode === "shown" ? "all" : String(page.seat.seat);
    data = await get(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${d.index}&seat=${seat}`);
  } catch (err) {
    toast(err.message, { kind: "error" });
    return;
  }
  if (ticket !== page.ticket) return;
  const say = namer(page.people, page.seat.seat);
  const model = ownZones(nameModel(data.table, say), page.seat.seat, page.people);
  fill($("#move"), `Move ${d.move}: your decision, ${page.mode === "shown" ? "every card shown" : "the table as you saw it"}`);
  fill($("#verdict"), say(verdictText(d)));
  const board = $("#board");
  fill(board, boardEl(model, page.people));
  light(board, d.played_refs, "played-here");
  if (d.best_action !== d.played_action) light(board, d.best_refs, "hinted");
  // a decision picked from the list comes into sight (on a phone the table is below)
  if (scroll) $("#move").scrollIntoView({ block: "nearest" });
}

function draw(review) {
  page.review = review;
  const say = namer(page.people, page.seat.seat);
  const ds = review.decisions.map((d) => ({ ...d, played: say(d.played), best: say(d.best) }));
  fill($("#chart"), ds.length ? chart(ds) : h("p", null, "You had no decision with a choice in this game."));
  const counts = ["inaccuracy", "mistake", "blunder"].map((k) => {
    const n = ds.filter((d) => d.label === k).length;
    return `${n} ${n === 1 ? k : k === "inaccuracy" ? "inaccuracies" : k + "s"}`;
  });
  const result = review.result === 1 ? "You won" : review.result > 0 ? "You shared the win" : "You did not win";
  const rough = review.rough ? " Rough: in this game the strong bot's chances are only roughly right, so they are given in tens." : "";
  fill($("#counts"), `${result}. ${ds.length} ${ds.length === 1 ? "decision" : "decisions"} judged (${review.iterations} playouts each): ${counts.join(", ")}.${rough}`);
  const byIndex = new Map(ds.map((d) => [d.index, d]));
  const worst = review.worst.map((i) => byIndex.get(i)).filter(Boolean);
  fill($("#worst"), worst.length ? worst.map((d) => h("li", null, item(d))) : h("li", { class: "none" }, "No decision lost a clear share of your win chance."));
  fill($("#decisions"), ds.map((d) => h("li", null, item(d))));
  const t = review.thresholds;
  fill($("#legend"), `A decision is labelled by the win chance it lost against the best move — inaccuracy ${Math.round(t.inaccuracy * 100)} points, mistake ${Math.round(t.mistake * 100)}, blunder ${Math.round(t.blunder * 100)} or more — only when the loss is clear of the search's own noise (95% sure), so a coin flip of the search is never called a mistake.`);
  fill($("#status"), "");
  // the costliest decision on the table at once, the page left where it is
  if (worst.length) show(worst[0], { scroll: false });
  else if (ds.length) show(ds[0], { scroll: false });
}

async function follow() {
  const path = `/api/tables/${encodeURIComponent(tableId)}/reviews/${page.seat.seat}?mode=${page.mode}`;
  const mode = page.mode;
  let state;
  try {
    state = await api("POST", path, { token: page.seat.token });
  } catch (err) {
    fill($("#status"), err.message);
    return;
  }
  while (state.status === "computing" && mode === page.mode) {
    fill($("#status"), h("span", null, `Judging your decisions: ${state.done} of ${state.total}…`), h("progress", { max: String(state.total || 1), value: String(state.done) }));
    await new Promise((r) => setTimeout(r, 700));
    try {
      state = await api("GET", path, { token: page.seat.token });
    } catch (err) {
      fill($("#status"), err.message);
      return;
    }
  }
  if (mode !== page.mode) return;
  if (state.status === "done") draw(state.review);
  else fill($("#status"), state.error || "The review could not be made.");
}

function setMode(mode) {
  page.mode = mode;
  for (const b of document.querySelectorAll(".mode")) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
  fill($("#mode-note"), MODE_NOTES[mode]);
  history.replaceState(null, "", `${location.pathname}?mode=${mode}`);
  fill($("#worst"));
  fill($("#decisions"));
  fill($("#chart"));
  fill($("#board"));
  fill($("#move"));
  fill($("#verdict"));
  follow();
}

async function main() {
  $("#replay-link").href = `/replay/${encodeURIComponent(tableId)}`;
  page.seat = loadSeat(tableId);
  let info;
  try {
    info = await get(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    fill($("#status"), err.message);
    return;
  }
  for (const p of info.seats || []) page.people[p.seat] = p;
  const games = await gamesById();
  const g = games.get(info.game);
  const title = g ? g.title : info.game;
  fill($("#game-title"), `Your review: ${title}`);
  document.title = `Your review: ${title} · Yuletide`;
  if (!page.seat) {
    fill($("#status"), "Only a player of this game can open its review, from the browser they played in. The replay is open to everyone.");
    return;
  }
  for (const b of document.querySelectorAll(".mode")) b.addEventListener("click", () => setMode(b.dataset.mode));
  setMode(page.mode);
}

main();

// The replay viewer (/replay/{id}): a finished game step by step, as any seat saw it
// or with every card shown; back, forward, jump to a move.

import { $, fill, h } from "./dom.js";
import { gamesById, get } from "./api.js";
import { boardEl } from "./render.js";
import { GameLog } from "./log.js";
import { toast } from "./toast.js";
import { nameModel, namer, personLabel } from "./names.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const params = new URLSearchParams(location.search);
const view = { step: null, steps: 0, seat: params.get("seat") || "all", people: [], loading: 0 };
const gameLog = new GameLog($("#log"));

function personName(seat) {
  return personLabel(view.people, seat);
}

/**
 * With every card shown, each seat's zones come from that seat's own view ("Your hand"):
 * on this page they are named after their owner ("Dad's hand"), "your" only for the seat
 * the replay is seen as, so two hands never share one name.
 */
function ownZones(table, viewer) {
  for (const z of table.zones || []) {
    if (z.owner === undefined || z.owner === null || z.owner === viewer) continue;
    if (/^Your /.test(z.label)) z.label = `${personName(z.owner)}'s ${z.label.slice(5)}`;
  }
  return table;
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
  const table = ownZones(nameModel(data.table, say), data.table.seat);
  fill($("#headline"), table.headline);
  fill($("#board"), boardEl(table, view.people));
  gameLog.set(data.log);
  gameLog.draw(say);
  gameLog.markLast();
  $("#prev").disabled = data.step <= 0;
  $("#first").disabled = data.step <= 0;
  $("#next").disabled = data.step >= data.steps;
  $("#last").disabled = data.step >= data.steps;
  document.body.dataset.step = String(data.step);
  history.replaceState(null, "", `${location.pathname}?step=${data.step}&seat=${encodeURIComponent(view.seat)}`);
}

const go = (step) => load(Math.max(0, Math.min(view.steps, step)));

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
  fill($("#game-title"), `Replay: ${g ? g.title : info.game}`);
  document.title = `Replay: ${g ? g.title : info.game} · Yuletide`;
  $("#rules-link").href = `/rules/${encodeURIComponent(info.game)}`;
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

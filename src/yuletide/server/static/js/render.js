// The table model drawn as a page: seats (with their own zones), the middle of the
// table, and your own area. It draws only what the model says; which things are
// clickable is decided by the prompt module (prompt.js) through data-ref.

import { h } from "./dom.js";
import { cardEl, markerChip } from "./cards.js";
import { personLabel } from "./names.js";

/** A card drawn as a square tile: on a board, or wherever it carries a tile's wires. */
const tileLike = (c) => (c.shapes || []).some((sh) => sh.type === "wire" || (sh.type === "symbol" && /^broken-wire/.test(sh.name || "")));

function cardsOf(zone) {
  return zone.cards.map((c) => cardEl(c, { tile: zone.kind === "board" || (c.face === "up" && tileLike(c)) }));
}

function gridBody(zone) {
  const cols = Math.max(1, zone.columns || Math.ceil(Math.sqrt(zone.cards.length || 1)));
  const rows = Math.max(1, Math.ceil(zone.cards.length / cols));
  return h("div", { class: "zone-cards grid", style: { "--cols": cols, "--rows": rows } }, cardsOf(zone));
}

function boardBody(zone) {
  const cells = zone.cards.filter((c) => Array.isArray(c.cell));
  const rows = cells.map((c) => c.cell[0]);
  const cols = cells.map((c) => c.cell[1]);
  const r0 = Math.min(...rows, 0);
  const c0 = Math.min(...cols, 0);
  const nCols = Math.max(...cols, 0) - c0 + 1;
  const nRows = Math.max(...rows, 0) - r0 + 1;
  const body = h("div", { class: "zone-cards board", style: { "--cols": nCols, "--rows": nRows } });
  for (const c of zone.cards) {
    const el = cardEl(c, { tile: true });
    if (Array.isArray(c.cell)) {
      el.style.gridRow = String(c.cell[0] - r0 + 1);
      el.style.gridColumn = String(c.cell[1] - c0 + 1);
    }
    body.append(el);
  }
  return h("div", { class: "board-scroll" }, body);
}

function pyramidBody(zone) {
  // Rows from the cards' cells when given, else rows of 1, 2, 3, ...
  const rows = [];
  const hasCells = zone.cards.every((c) => Array.isArray(c.cell));
  if (hasCells) {
    for (const c of zone.cards) (rows[c.cell[0]] ||= []).push(c);
    rows.forEach((r) => r && r.sort((a, b) => a.cell[1] - b.cell[1]));
  } else {
    let i = 0;
    for (let n = 1; i < zone.cards.length; n += 1) {
      rows.push(zone.cards.slice(i, i + n));
      i += n;
    }
  }
  return h("div", { class: "zone-cards pyramid" }, rows.filter(Boolean).map((r) => h("div", { class: "pyramid-row" }, r.map((c) => cardEl(c)))));
}

function pileBody(zone) {
  const count = zone.count ?? zone.cards.length;
  const top = zone.cards[zone.cards.length - 1];
  const stack = h("div", { class: ["pile-stack", count > 1 && "stacked", count > 3 && "deep"] });
  if (top) stack.append(cardEl(top));
  else stack.append(h("div", { class: "card-wrap" }, h("div", { class: "card face-slot empty-pile", role: "img", "aria-label": "empty" }, h("span", { class: "slot-mark" }, "empty"))));
  // the cards just below a face-up top, newest first (face-down ones add nothing to see)
  const under = zone.cards.slice(-4, -1).reverse().filter((c) => c.face === "up");
  const body = h("div", { class: "zone-cards pile" }, stack, h("span", { class: "count-badge" }, count === 1 ? "1 card" : `${count} cards`));
  if (under.length) {
    body.append(h("div", { class: "pile-under", "aria-label": "the cards below the top, newest first" }, under.map((c) => cardEl(c))));
  }
  return body;
}

function deckBody(zone) {
  const count = zone.count ?? zone.cards.length;
  const shown = zone.cards.length ? cardEl(zone.cards[zone.cards.length - 1]) : h("div", { class: "card-wrap" }, h("div", { class: "card face-down", role: "img", "aria-label": `deck of ${count}` }, h("span", { class: "card-back", "aria-hidden": "true" }, "❄")));
  return h("div", { class: ["zone-cards", "pile", "deck", count > 1 && "stacked"] }, h("div", { class: ["pile-stack", count > 1 && "stacked"] }, shown), h("span", { class: "count-badge" }, count === 1 ? "1 card" : `${count} cards`));
}

function handBody(zone) {
  const body = h("div", { class: ["zone-cards", "row", zone.kind] }, cardsOf(zone));
  if (!zone.cards.length && zone.count) {
    body.append(h("span", { class: "count-badge" }, `${zone.count} cards`));
  }
  return body;
}

function zoneBody(zone) {
  switch (zone.kind) {
    case "grid":
      return gridBody(zone);
    case "board":
      return boardBody(zone);
    case "pyramid":
      return pyramidBody(zone);
    case "pile":
      return pileBody(zone);
    case "deck":
      return deckBody(zone);
    default:
      return handBody(zone);
  }
}

/** A zone's label inside its seat's box: "Easy bot 2's string" reads "String" there. */
function shortLabel(label, owner) {
  if (!owner) return label;
  const rest = label.replace(/^.+?['’]s\s+/, "");
  return rest === label ? label : rest.charAt(0).toUpperCase() + rest.slice(1);
}

export function zoneEl(zone, { owner = "" } = {}) {
  const count = zone.count !== undefined && zone.kind !== "pile" && zone.kind !== "deck" && zone.cards.length ? h("span", { class: "zone-count" }, `${zone.count}`) : null;
  return h(
    "section",
    { class: ["zone", `zone-${zone.kind}`], role: "group", dataset: { ref: zone.id, kind: zone.kind }, "aria-label": zone.label, title: zone.note || (owner ? zone.label : null) },
    h("header", { class: "zone-head" }, h("h3", { class: "zone-label" }, owner ? shortLabel(zone.label, owner) : zone.label), count, zone.markers ? zone.markers.map((m) => markerChip(m, { small: true })) : null),
    zone.note ? h("p", { class: "zone-note" }, zone.note) : null,
    zoneBody(zone),
  );
}

/** The name a seat goes by: its player's name from the server, else the model's label. */
export function seatName(seat, people) {
  const person = people && people[seat.seat];
  if (seat.you) return person && person.name && !person.name.startsWith("Player ") ? `${person.name} (you)` : "You";
  if (person && person.kind === "bot") return personLabel(people, seat.seat);
  if (person && person.name) return person.name;
  return seat.label;
}

function seatHead(seat, people) {
  const person = people && people[seat.seat];
  const name = seatName(seat, people);
  let kind = "";
  if (person && person.kind === "bot") kind = /bot/i.test(name) ? "" : "bot";
  else if (person && !person.taken) kind = "open seat";
  return h(
    "header",
    { class: "seat-head", dataset: { ref: `seat:${seat.seat}` } },
    h("span", { class: "seat-dot", "aria-hidden": "true" }, String(seat.seat + 1)),
    h("h2", { class: "seat-name", title: name }, name),
    kind ? h("span", { class: "seat-kind" }, kind) : null,
    seat.to_act ? h("span", { class: "seat-turn" }, seat.you ? "your move" : "to play") : null,
    seat.score !== undefined && seat.score !== null ? h("span", { class: "seat-score", title: "score" }, seat.score) : null,
  );
}

export function seatEl(seat, zones, people) {
  const el = h(
    "section",
    { class: ["seat", seat.you && "you", seat.to_act && "to-act"], dataset: { seat: seat.seat }, "aria-label": `${seatName(seat, people)}${seat.to_act ? ", to play" : ""}` },
    // name, detail and tokens: one line in a compact seat (cut short, whole in tooltips)
    h(
      "div",
      { class: "seat-top" },
      seatHead(seat, people),
      seat.detail ? h("p", { class: "seat-detail", title: seat.detail }, seat.detail) : null,
      seat.markers && seat.markers.length ? h("div", { class: "seat-markers" }, seat.markers.map((m) => markerChip(m))) : null,
    ),
  );
  // another seat's zones are labelled short ("String"): the seat's name heads its box
  const owner = seat.you ? "" : seatName(seat, people);
  if (zones.length) el.append(h("div", { class: "seat-zones" }, zones.map((z) => zoneEl(z, { owner }))));
  return el;
}

/**
 * The board: other seats (top), the middle of the table, your own area (bottom).
 * `people` is the server's seat list (names, bots), indexed by seat.
 */
export function boardEl(model, people) {
  const bySeat = new Map();
  const middle = [];
  for (const z of model.zones) {
    if (z.owner === undefined || z.owner === null) middle.push(z);
    else {
      if (!bySeat.has(z.owner)) bySeat.set(z.owner, []);
      bySeat.get(z.owner).push(z);
    }
  }
  const others = model.seats.filter((st) => !st.you);
  const me = model.seats.find((st) => st.you);
  const board = h("div", { class: "board-inner" });
  if (others.length) {
    board.append(h("div", { class: ["others", others.length > 3 && "many"] }, others.map((st) => seatEl(st, bySeat.get(st.seat) || [], people))));
  }
  const tableMarks = model.markers && model.markers.length ? h("div", { class: "table-markers" }, model.markers.map((m) => markerChip(m))) : null;
  if (middle.length || tableMarks) {
    board.append(h("div", { class: "middle", "aria-label": "the middle of the table" }, tableMarks, middle.map((z) => zoneEl(z))));
  }
  // pinned to the foot of the window (alone at the table too), it scrolls inside when
  // tall: keyboard users reach it too
  if (me) board.append(h("div", { class: "mine", tabindex: "0", role: "region", "aria-label": "Your area" }, seatEl(me, bySeat.get(me.seat) || [], people)));
  return board;
}

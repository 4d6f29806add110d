// One card, tile or slot of the table model as a DOM element, and the drawings a plain
// card cannot express (wires with bulbs on a tile, half-lights at a card's edge,
// symbols), all from the model's data: no game is named here.

import { h, s } from "./dom.js";

const MARKER_GLYPH = {
  character: "☺",
  elf: "✦",
  "peek-token": "◉",
  "leg-lamp": "♨",
  blinking: "✺",
  santa: "★",
  token: "●",
  turn: "▶",
  team: "⚑",
  call: "!",
};

/** A marker chip: glyph + label (colour only with its glyph and name). */
export function markerChip(m, { small = false } = {}) {
  const glyph = m.glyph || (m.colour && m.colour.glyph) || MARKER_GLYPH[m.kind] || "•";
  const style = m.colour ? { "--chip-fill": m.colour.fill, "--chip-ink": m.colour.ink } : null;
  return h(
    "span",
    { class: ["marker", `marker-${m.kind}`, m.colour && "tinted", small && "small"], style, title: m.label },
    h("span", { class: "marker-glyph", "aria-hidden": "true" }, glyph),
    h("span", { class: "marker-label" }, m.label),
  );
}

/** A colour as a swatch: fill, glyph and (unless `bare`) its name. */
export function swatch(c, { bare = false } = {}) {
  return h(
    "span",
    { class: "swatch", style: { "--c-fill": c.fill, "--c-ink": c.ink }, title: c.label },
    h("span", { class: "swatch-glyph", "aria-hidden": "true" }, c.glyph),
    bare ? h("span", { class: "sr-only" }, c.label) : h("span", { class: "swatch-name" }, c.label),
  );
}

// ------------------------------------------------------------------ shapes (SVG)

const PORT = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };

function wirePath(a, b) {
  const [x1, y1] = PORT[a] || PORT.N;
  const [x2, y2] = PORT[b] || PORT.S;
  return { d: `M${x1},${y1} Q50,50 ${x2},${y2}`, at: (t) => {
    const u = 1 - t;
    return [u * u * x1 + 2 * u * t * 50 + t * t * x2, u * u * y1 + 2 * u * t * 50 + t * t * y2];
  } };
}

function bulbDot(x, y, c, r) {
  return s(
    "g",
    { class: "bulb" },
    s("circle", { cx: x, cy: y, r, fill: c.fill, stroke: "#1c1c1c", "stroke-width": 1.5 }),
    s("text", { x, y: y + r * 0.4, "text-anchor": "middle", "font-size": r * 1.15, fill: c.ink }, c.glyph),
  );
}

function wireShape(shape) {
  const ports = shape.ports || [];
  const bulbs = shape.bulbs || [];
  const path = wirePath(ports[0], ports[1]);
  const g = s("g", { class: "wire" }, s("path", { d: path.d, class: "wire-line" }));
  bulbs.forEach((c, i) => {
    const [x, y] = path.at((i + 1) / (bulbs.length + 1));
    g.append(bulbDot(x, y, c, 12));
  });
  return g;
}

// A half-light sits on an edge: a round bulb centred on the edge, so the card's own edge
// cuts it in half and the neighbour's half completes it. Drawn in HTML (not in the card's
// stretched drawing) so it stays round at every card size. In a tree each card above rests
// on two below, half a card across: its lower-left half meets the upper-right half of the
// card below-left of it, about a quarter of a card in from the corner.
const HALF_AT = { L: [0, 50], R: [100, 50], UL: [23, 0], UR: [77, 0], LL: [23, 100], LR: [77, 100], U: [50, 0], D: [50, 100] };

function halfLight(shape) {
  const [x, y] = HALF_AT[shape.side] || [50, 0];
  const c = shape.colour;
  return h(
    "span",
    {
      class: ["half-light", `half-${String(shape.side || "U").toLowerCase()}`, !c && "unlit"],
      style: { left: `${x}%`, top: `${y}%`, "--c-fill": c ? c.fill : null, "--c-ink": c ? c.ink : null },
      "aria-hidden": "true",
    },
    c ? h("span", { class: "half-glyph" }, c.glyph) : null,
  );
}

// A broken wire: two wire ends that fray apart with a spark between them.
function brokenWire() {
  return s(
    "g",
    { class: "broken-wire" },
    s("path", { d: "M0,50 L34,50 l5,-7 l4,10 l4,-6", class: "wire-line" }),
    s("path", { d: "M100,50 L66,50 l-5,7 l-4,-10 l-4,6", class: "wire-line" }),
    s("path", { d: "M50,30 l-6,12 h9 l-7,14", class: "spark" }),
  );
}

const isBroken = (sh) => sh.type === "symbol" && /^broken-wire/.test(sh.name || "");

function shapesSvg(shapes, tile) {
  const drawn = shapes.filter((sh) => sh.type === "wire" || (tile && isBroken(sh)));
  if (!drawn.length) return null;
  const svg = s("svg", { class: "shapes", viewBox: tile ? "0 0 100 100" : "0 0 100 140", "aria-hidden": "true", preserveAspectRatio: "none" });
  for (const sh of drawn) svg.append(sh.type === "wire" ? wireShape(sh) : brokenWire());
  return svg;
}

// ------------------------------------------------------------------ the card

function describe(card) {
  const parts = [card.label || (card.face === "down" ? "Hidden card" : card.face === "slot" ? "Empty slot" : "Card")];
  if (card.colours) parts.push(card.colours.map((c) => c.label).join(", "));
  for (const sh of card.shapes || []) {
    if (sh.type === "wire") parts.push(`wire ${sh.ports.join("–")}: ${sh.bulbs.map((b) => b.label).join(", ") || "no bulbs"}`);
    if (sh.type === "half-light") parts.push(`half-light ${sh.side}${sh.colour ? " " + sh.colour.label : ""}`);
    if (sh.type === "symbol" && sh.label && sh.label !== card.label) parts.push(sh.label);
  }
  for (const m of card.markers || []) parts.push(m.label);
  if (card.knowledge) parts.push(`you know: ${card.knowledge.join("; ")}`);
  return parts.join(". ");
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A card's name, set smaller the longer its longest word is (so it fits the card). */
function nameEl(text, extra) {
  const longest = Math.max(0, ...String(text).split(/\s+/).map((w) => w.length));
  const size = longest > 10 ? "longest" : longest > 7 ? "long" : null;
  return h("span", { class: ["card-name", extra, size] }, text);
}

function faceContent(card, tile) {
  const bits = [];
  // a tile's broken wire is drawn, not spelt with a glyph
  const symbols = (card.shapes || []).filter((sh) => sh.type === "symbol" && !(tile && isBroken(sh)));
  const hasWires = (card.shapes || []).some((sh) => sh.type === "wire" || (tile && isBroken(sh)));
  if (card.colours && card.colours.length) {
    // a long label repeats the lights in words: the card shows its kind, the lights say the rest
    const title = card.label.length <= 16 || !card.kind ? card.label : capital(card.kind.replace(/-/g, " "));
    bits.push(h("span", { class: "card-title" }, title));
    bits.push(h("span", { class: "lights" }, card.colours.map((c) => swatch(c, { bare: true }))));
  } else if (card.colour) {
    bits.push(h("span", { class: "card-glyph", "aria-hidden": "true" }, card.colour.glyph));
    bits.push(nameEl(card.colour.label));
  } else if (symbols.length) {
    const sym = symbols[0];
    bits.push(h("span", { class: "card-glyph", "aria-hidden": "true", style: sym.colour ? { color: sym.colour.fill } : null }, sym.glyph || "◆"));
    bits.push(nameEl(card.label || sym.label));
    for (const more of symbols.slice(1)) bits.push(h("span", { class: "card-sub" }, `${more.glyph || ""} ${more.label}`.trim()));
  } else if (!hasWires || !tile) {
    bits.push(nameEl(card.label, "solo"));
  }
  return bits;
}

/**
 * The element of one card. `ctx.tile` draws it square (a board tile). The element
 * carries data-ref (its id) so the prompt can make it clickable and the log can light it.
 */
export function cardEl(card, ctx = {}) {
  const tile = Boolean(ctx.tile);
  const face = card.face || "up";
  const classes = ["card", `face-${face}`, tile && "tile", card.colour && "coloured", card.colours && "pattern"];
  const style = {};
  if (face === "up" && card.colour) {
    style["--c-fill"] = card.colour.fill;
    style["--c-ink"] = card.colour.ink;
  }
  if (card.rotation) style["--rot"] = `${card.rotation}deg`;
  const el = h("div", {
    class: classes,
    style,
    dataset: { ref: card.id, face, kind: card.kind },
    title: card.detail || (face === "up" ? card.label : null) || null,
  });
  el.setAttribute("aria-label", describe(card));
  el.setAttribute("role", "img");
  if (face === "up") el.append(...faceContent(card, tile));
  else if (face === "down") {
    el.append(h("span", { class: "card-back", "aria-hidden": "true" }, "❄"));
    // a hidden card the table names by a letter ("A: face down") shows its letter, the
    // one what-you-know notes and actions use
    const tag = /^(\S{1,2}): /.exec(card.label || "");
    if (tag) el.append(h("span", { class: "card-tag", "aria-hidden": "true" }, tag[1]));
  }
  else el.append(h("span", { class: "slot-mark", "aria-hidden": "true" }, "+"));
  const svg = shapesSvg(card.shapes || [], tile);
  if (svg) el.append(svg);
  if (face === "up") el.append(...(card.shapes || []).filter((sh) => sh.type === "half-light").map(halfLight));
  const wrap = h("div", { class: ["card-wrap", tile && "tile-wrap"] }, el);
  // tokens sit on the card's top edge, outside its face, so they never hide what it shows
  if (card.markers && card.markers.length) wrap.append(h("span", { class: "card-markers", "aria-hidden": "true" }, card.markers.map((m) => markerChip(m, { small: true }))));
  if (card.knowledge && card.knowledge.length) {
    wrap.append(h("ul", { class: "notes", "aria-hidden": "true" }, card.knowledge.map((k) => h("li", { title: k }, k))));
  }
  return wrap;
}

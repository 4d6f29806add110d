// Building DOM nodes safely: every text from the server goes in as a text node (never
// innerHTML), attributes are set one by one, and events are bound here (no inline
// handlers in HTML), so the client runs under a strict Content-Security-Policy.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs) {
  if (!attrs) return el;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "text") el.textContent = String(value);
    else if (key === "on") for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
    else if (key === "dataset") for (const [k, v] of Object.entries(value)) { if (v !== null && v !== undefined) el.dataset[k] = String(v); }
    else if (key === "style") for (const [k, v] of Object.entries(value)) el.style.setProperty(k, String(v));
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", on: {click: f}}, "text", child...). */
export function h(tag, attrs, ...children) {
  return append(apply(document.createElement(tag), attrs), children);
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs, ...children) {
  return append(apply(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function $$(selector, root = document) {
  return Array.from(root.querySelectorAll(selector));
}

/** Does the user ask for less motion? (checked each time: the setting can change) */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** "2 to 6 players", "4 players", "1 player (solo)". */
export function playerRange(min, max) {
  if (min === max) return max === 1 ? "Solo" : `${max} players`;
  return `${min}–${max} players`;
}

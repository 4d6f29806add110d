// A game option as a form control, read from what the server says it allows:
// "true or false" → a checkbox, "one of 'a', 'b'" → a choice, "a whole number from 0
// to 20" / ">= 1" → a number field.

import { h } from "./dom.js";

function parse(allowed) {
  const text = String(allowed || "");
  if (/^true or false$/.test(text)) return { kind: "bool" };
  const one = text.match(/^one of (.+)$/);
  if (one) {
    const values = one[1].split(/,\s*/).map((v) => v.trim());
    return { kind: "choice", values: values.map((v) => (/^'.*'$/.test(v) ? v.slice(1, -1) : Number(v))) };
  }
  const range = text.match(/from (-?\d+) to (-?\d+)/);
  if (range) return { kind: "int", min: Number(range[1]), max: Number(range[2]) };
  const least = text.match(/>= ?(-?\d+)/);
  if (least) return { kind: "int", min: Number(least[1]) };
  return { kind: "text" };
}

const words = (name) => name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** An option's sentence without the rulebook's ids ("(M12)", "ruling J8"): those are for
 * the Rules page, not for choosing a table. */
export function plain(doc) {
  return String(doc || "")
    .replace(/\s*\((?:ruling |rule )?[A-Z]{1,2}\d+\)/g, "")
    .replace(/[,;:]?\s*(?:ruling|rule) [A-Z]{1,2}\d+/g, "")
    .replace(/\(\s*\)/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

export function optionControl(o) {
  const spec = parse(o.allowed);
  const id = `opt-${o.name}`;
  let control;
  if (spec.kind === "bool") {
    control = h("input", { type: "checkbox", id, name: id, checked: Boolean(o.default) });
    return h("label", { class: "option check" }, control, h("span", null, h("strong", null, words(o.name)), h("span", { class: "doc" }, ` — ${plain(o.doc)}`)));
  }
  if (spec.kind === "choice") {
    control = h("select", { id, name: id }, spec.values.map((v) => h("option", { value: String(v), selected: v === o.default }, String(v))));
  } else if (spec.kind === "int") {
    control = h("input", { type: "number", id, name: id, value: o.default, min: spec.min, max: spec.max, step: 1, inputmode: "numeric" });
  } else {
    control = h("input", { type: "text", id, name: id, value: o.default ?? "" });
  }
  return h("label", { class: "option" }, h("span", null, h("strong", null, words(o.name)), h("span", { class: "doc" }, ` — ${plain(o.doc)}`)), control);
}

/** The option's value from the form, typed as the server expects. */
export function optionValue(form, o) {
  const spec = parse(o.allowed);
  const el = form.querySelector(`#opt-${CSS.escape(o.name)}`);
  if (!el) return undefined;
  if (spec.kind === "bool") return el.checked;
  if (spec.kind === "choice") {
    const v = spec.values.find((x) => String(x) === el.value);
    return v === undefined ? el.value : v;
  }
  if (spec.kind === "int") {
    const n = Number.parseInt(el.value, 10);
    return Number.isFinite(n) ? n : o.default;
  }
  return el.value;
}

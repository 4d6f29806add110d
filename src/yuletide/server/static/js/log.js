// The game log in words: an ARIA live region (new lines are read out), the last line
// highlighted and its refs lit on the table; hovering a line lights what it is about.

import { h, fill } from "./dom.js";
import { highlight } from "./prompt.js";

const KEEP = 300;

export class GameLog {
  constructor(listEl) {
    this.el = listEl;
    this.lines = [];
    this.lastRefs = [];
  }

  /** A sync replaces the log; an update appends to it. */
  take(frame) {
    const lines = Array.isArray(frame.log) ? frame.log : [];
    if (frame.type === "sync") this.lines = lines.slice();
    else this.lines.push(...lines);
    if (this.lines.length > KEEP) this.lines = this.lines.slice(-KEEP);
    return lines.length;
  }

  set(lines) {
    this.lines = (lines || []).slice(-KEEP);
  }

  /** Draw the lines; `say` rewrites their seat numbers as names (names.js). */
  draw(say) {
    if (say) this.say = say;
    const words = this.say || ((t) => t);
    const n = this.lines.length;
    fill(
      this.el,
      this.lines.map((line, i) => {
        const who = line.seat !== undefined && line.seat !== null ? h("span", { class: "log-seat", "aria-hidden": "true" }, String(line.seat + 1)) : null;
        const li = h("li", { class: ["log-line", i === n - 1 && "last"] }, who, h("span", null, words(line.text)));
        li.addEventListener("mouseenter", () => highlight(line.refs, true));
        li.addEventListener("mouseleave", () => highlight(line.refs, false));
        return li;
      }),
    );
    this.scroll();
    const last = this.lines[n - 1];
    this.lastRefs = last ? last.refs || [] : [];
  }

  scroll() {
    this.el.scrollTop = this.el.scrollHeight;
  }

  /** Light the last line's refs on a freshly drawn board. */
  markLast() {
    highlight(this.lastRefs, true, "last-move");
  }
}

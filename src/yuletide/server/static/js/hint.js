// Hints at the table: the Hint button (and the H key) asks the strong bot about your
// position; "Thinking…" shows until the server answers this seat alone; then the
// recommended move is lit on the table (its first step's cards, places or players, or
// its button) and said in words with its chance and two alternatives. A hint belongs to
// one position: it is dropped as soon as the table moves on.

import { $$, h } from "./dom.js";

export class HintUI {
  /** `conn()`: the live Connection; `version()`: the frame version now; `redraw()`. */
  constructor({ conn, version, redraw }) {
    this.conn = conn;
    this.version = version;
    this.redraw = redraw;
    this.on = false; // the table's hints option
    this.state = null; // {status: "thinking" | "shown" | "error", version, ref, hint, message}
  }

  /** Listen to a (new) connection's hint answers. */
  bind(conn) {
    conn.addEventListener("hint", (e) => this.answered(e.detail));
    conn.addEventListener("hint-error", (e) => this.refused(e.detail));
  }

  ask() {
    const conn = this.conn();
    if (!this.on || !conn) return false;
    if (this.state && this.state.status === "thinking") return true;
    const version = this.version();
    const ref = conn.askHint(version);
    if (!ref) return false;
    this.state = { status: "thinking", version, ref };
    this.redraw();
    return true;
  }

  answered(frame) {
    if (!this.state || frame.ref !== this.state.ref) return;
    if (frame.version !== this.version()) {
      this.state = null; // for a position already gone: never shown
    } else this.state = { ...this.state, status: "shown", version: frame.version, hint: frame.hint };
    this.redraw();
  }

  refused(frame) {
    if (!this.state || frame.ref !== this.state.ref) return;
    this.state = frame.code === "hint_stale" ? null : { ...this.state, status: "error", message: frame.message };
    this.redraw();
  }

  /** A new frame: a hint shown for another version goes (one being worked out stays:
   * the server answers it for the new version if only others moved, else refuses it). */
  moved(version) {
    if (this.state && this.state.status !== "thinking" && this.state.version !== version) this.state = null;
  }

  /** The hint's part of the prompt panel: the button, "Thinking…", or the hint. */
  panel({ enabled, say }) {
    if (!this.on || !enabled) return null;
    const st = this.state;
    const thinking = st && st.status === "thinking";
    const button = h(
      "button",
      { type: "button", class: "hint-btn", id: "hint-btn", disabled: thinking, "aria-keyshortcuts": "h", dataset: { nav: "" }, on: { click: () => this.ask() } },
      h("kbd", { "aria-hidden": "true" }, "H"),
      " Hint",
    );
    if (!st) return h("div", { class: "hint-box" }, button);
    if (thinking) {
      return h("div", { class: "hint-box" }, button, h("p", { class: "hint-thinking", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Thinking…"));
    }
    if (st.status === "error") return h("div", { class: "hint-box" }, button, h("p", { class: "hint-error", role: "status" }, st.message));
    const [best, ...others] = st.hint.moves;
    if (!best) return h("div", { class: "hint-box" }, button, h("p", { class: "hint-error" }, "No hint for this position."));
    return h(
      "div",
      { class: "hint-box shown", id: "hint", role: "status" },
      h("p", { class: "hint-best" }, h("span", { class: "hint-tag" }, "Hint"), " ", h("strong", { class: "hint-move" }, say(best.label)), " — ", h("span", { class: "hint-chance" }, best.chance)),
      others.length ? h("ul", { class: "hint-others", "aria-label": "Alternatives" }, others.map((m) => h("li", null, `${say(m.label)} — ${m.chance}`))) : null,
      st.hint.rough ? h("p", { class: "hint-rough" }, st.hint.rough_game ? "Rough: in this game the bot's chances are only roughly right." : "A rough guess: the bot had few playouts to judge by.") : null,
    );
  }

  /** The recommended move lit on the table (and its button, if it has one). */
  light(board) {
    for (const el of $$(".hinted", document)) {
      el.classList.remove("hinted");
      delete el.dataset.hintStep;
    }
    const st = this.state;
    if (!st || st.status !== "shown" || !st.hint.moves.length) return;
    const best = st.hint.moves[0];
    best.refs.forEach((ref, i) => {
      for (const el of board.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`)) {
        if (el.classList.contains("card-wrap")) continue;
        el.classList.add("hinted");
        // one move's clicks in order, or (any_of) the places its first step may go
        el.dataset.hintStep = best.any_of ? "1" : String(i + 1);
      }
    });
    if (best.action) {
      for (const el of document.querySelectorAll(`#prompt [data-action="${CSS.escape(best.action)}"]`)) {
        el.classList.add("hinted");
        el.dataset.hintStep = "button";
      }
    }
  }
}

// Seeing what happened: each move's things move on the table (a card flies from where
// it was to where it went; what changed lights up), the last move of every seat stays
// marked until that seat moves again, and a live region says each move in words.
// Motion honours prefers-reduced-motion and any key or click finishes it at once.
// Everything here reads the log lines the seat was sent (refs and words): nothing more.

import { reducedMotion } from "./dom.js";

/** Milliseconds a move takes on the table: slow enough to follow, short enough to wait. */
const MOVE_MS = 650;

function refEl(board, ref) {
  return Array.from(board.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`)).find((el) => !el.classList.contains("card-wrap")) || null;
}

export class Motion {
  constructor({ announceEl }) {
    this.announceEl = announceEl;
    this.bySeat = new Map(); // seat -> refs of its last move (its newest log line with refs)
    this.pending = []; // log lines not shown moving yet
    this.rects = new Map(); // ref -> where it was on the table before the newest frame
    this.running = []; // the animations this module started
    for (const ev of ["keydown", "pointerdown"]) document.addEventListener(ev, () => this.finish(), { capture: true });
  }

  /** Where every ref'd thing is now (called before the board is drawn again). */
  measure(board) {
    this.rects = new Map();
    for (const el of board.querySelectorAll("[data-ref]")) {
      if (el.classList.contains("card-wrap")) continue;
      const r = el.getBoundingClientRect();
      if (r.width) this.rects.set(el.dataset.ref, r);
    }
  }

  /** Sounds: off unless the player turned them on (kept in this browser). */
  get sound() {
    return localStorage.getItem("yuletide-sound") === "on";
  }

  set sound(on) {
    localStorage.setItem("yuletide-sound", on ? "on" : "off");
  }

  /** A soft short chime for a move (Web Audio: no sound files). */
  chime() {
    if (!this.sound) return;
    try {
      this.audio ||= new AudioContext();
      const ctx = this.audio;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.08, ctx.currentTime + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.3);
    } catch (e) {
      // no audio on this device: silence is fine
    }
  }

  /** New log lines (already in words with names): remember, mark, announce. */
  take(lines, say) {
    const words = [];
    for (const line of lines) {
      if (line.seat !== undefined && line.seat !== null && line.refs && line.refs.length) this.bySeat.set(line.seat, line.refs);
      this.pending.push(line);
      words.push(say(line.text));
    }
    if (words.length) this.chime();
    if (words.length && this.announceEl) {
      // a fresh node each time, so a screen reader reads every move once
      this.announceEl.textContent = "";
      this.announceEl.append(document.createTextNode(words.slice(-3).join(" ")));
    }
  }

  /** Forget everything (a new sync replaces the log). */
  reset(lines) {
    this.bySeat = new Map();
    for (const line of lines || []) {
      if (line.seat !== undefined && line.seat !== null && line.refs && line.refs.length) this.bySeat.set(line.seat, line.refs);
    }
    this.pending = [];
  }

  /** After a draw: mark each seat's last move; play the pending moves. */
  play(board) {
    for (const [seat, refs] of this.bySeat) {
      for (const ref of refs) {
        const el = refEl(board, ref);
        if (!el || !el.classList.contains("card")) continue; // cards only: a whole hand or seat outlined says little
        el.classList.add("seat-last");
        el.dataset.lastBy = String(seat + 1);
      }
    }
    const lines = this.pending;
    this.pending = [];
    if (reducedMotion() || !lines.length) return;
    for (const line of lines.slice(-4)) this.animate(board, line.refs || []);
  }

  animate(board, refs) {
    // cards move and light up; a seat or a zone named by the move is left still
    const els = refs.map((r) => [r, refEl(board, r)]).filter(([, el]) => el && el.classList.contains("card"));
    if (!els.length) return;
    // from where the first thing was to where the last one is: a card played, a swap, a tile laid
    const [fromRef] = els[0];
    const [, to] = els[els.length - 1];
    const before = this.rects.get(fromRef);
    const after = to.getBoundingClientRect();
    if (before && els.length > 1 && (Math.abs(before.left - after.left) > 4 || Math.abs(before.top - after.top) > 4)) {
      const dx = before.left + before.width / 2 - (after.left + after.width / 2);
      const dy = before.top + before.height / 2 - (after.top + after.height / 2);
      this.start(to, [{ transform: `translate(${dx}px, ${dy}px) scale(1.08)`, zIndex: 30 }, { transform: "none", zIndex: 30 }], { duration: MOVE_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
    }
    for (const [, el] of els) {
      this.start(el, [{ filter: "brightness(1.6) drop-shadow(0 0 10px #ffe082)" }, { filter: "none" }], { duration: MOVE_MS + 300, easing: "ease-out" });
    }
  }

  start(el, frames, timing) {
    const a = el.animate(frames, timing);
    this.running.push(a);
    a.finished.then(() => { this.running = this.running.filter((x) => x !== a); }, () => {});
  }

  /** A key or a click: every move in flight lands at once. */
  finish() {
    for (const a of this.running) if (a.playState === "running") a.finish();
    this.running = [];
  }
}

// Seeing what happened: each move's things move on the table (a card flies from where
// it was to where it went; what changed lights up), the last move of every seat stays
// marked until that seat moves again, and a live region says each move in words.
// Motion honours prefers-reduced-motion and any key or click finishes it at once.
// Everything here reads the log lines the seat was sent (refs and words): nothing more.

import { reducedMotion } from "./dom.js";

/** Milliseconds a move takes on the table: slow enough to follow, short enough to wait. */
const MOVE_MS = 650;
/** Milliseconds between the starts of the moves of one frame (a bot's several moves). */
const STAGGER_MS = 450;
/** Lines kept per seat to find its last move that names a card on the table. */
const KEEP_LINES = 8;

/** How many tokens (an elf, a mark) sit on a card. */
function tokenCount(card) {
  return card.parentElement ? card.parentElement.querySelectorAll(".card-markers .marker").length : 0;
}

/** Are two rects (nearly) at the same place? */
function near(a, b) {
  return Math.abs(a.left - b.left) <= 4 && Math.abs(a.top - b.top) <= 4;
}

function refEl(board, ref) {
  return Array.from(board.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`)).find((el) => !el.classList.contains("card-wrap")) || null;
}

export class Motion {
  constructor({ announceEl }) {
    this.announceEl = announceEl;
    this.bySeat = new Map(); // seat -> refs of its newest log lines with refs (remember())
    this.pending = []; // log lines not shown moving yet
    this.rects = new Map(); // ref -> where it was on the table before the newest frame
    this.slots = new Set(); // refs that were empty slots then
    this.tokens = new Map(); // card ref -> tokens on it then
    this.running = []; // the animations this module started
    for (const ev of ["keydown", "pointerdown"]) document.addEventListener(ev, () => this.finish(), { capture: true });
  }

  /** Where every ref'd thing is now (called before the board is drawn again), which of
   * them are empty slots, and how many tokens sit on each card. */
  measure(board) {
    this.rects = new Map();
    this.slots = new Set();
    this.tokens = new Map();
    for (const el of board.querySelectorAll("[data-ref]")) {
      if (el.classList.contains("card-wrap")) continue;
      const r = el.getBoundingClientRect();
      if (!r.width) continue;
      const ref = el.dataset.ref;
      this.rects.set(ref, r);
      if (el.classList.contains("face-slot")) this.slots.add(ref);
      if (el.classList.contains("card")) this.tokens.set(ref, tokenCount(el));
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
      this.remember(line);
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

  /** A seat's newest lines with refs (a few: "drew 2 cards" or "Turn 4" mark no card,
   * so the mark stays on the newest line of that seat that names a card on the table). */
  remember(line) {
    if (line.seat === undefined || line.seat === null || !line.refs || !line.refs.length) return;
    const kept = this.bySeat.get(line.seat) || [];
    kept.push(line.refs);
    this.bySeat.set(line.seat, kept.slice(-KEEP_LINES));
  }

  /** Forget everything (a new sync replaces the log). */
  reset(lines) {
    this.bySeat = new Map();
    for (const line of lines || []) this.remember(line);
    this.pending = [];
  }

  /** After a draw: mark each seat's last move; play the pending moves. */
  play(board) {
    for (const [seat, kept] of this.bySeat) {
      for (let i = kept.length - 1; i >= 0; i -= 1) {
        // cards only: a whole hand or seat outlined says little
        const els = kept[i].map((r) => refEl(board, r)).filter((el) => el && el.classList.contains("card"));
        if (!els.length) continue;
        for (const el of els) {
          // a card two seats' last moves both touched (a swap) is marked for both
          const by = el.dataset.lastBy ? el.dataset.lastBy.split(" ") : [];
          by.push(String(seat + 1));
          el.classList.add("seat-last");
          el.dataset.lastBy = by.join(" ");
        }
        this.bySeat.set(seat, kept.slice(i)); // an older move is never marked again
        break;
      }
    }
    const lines = this.pending;
    this.pending = [];
    if (reducedMotion() || !lines.length) return;
    // one move after the other, so a bot's turn of several moves can be followed
    lines.slice(-4).forEach((line, i) => this.animate(board, line, i * STAGGER_MS));
  }

  /** Where a seat's things come from when the move does not say: its hand, else its name. */
  seatRect(board, seat) {
    if (seat === undefined || seat === null) return null;
    const hand = board.querySelector(`[data-seat="${seat}"] .zone[data-kind="hand"]`);
    return (hand && this.rects.get(hand.dataset.ref)) || this.rects.get(`seat:${seat}`) || null;
  }

  animate(board, line, delay = 0) {
    // cards move and light up; a seat or a zone named by the move is left still
    const refs = line.refs || [];
    const els = refs.map((r) => [r, refEl(board, r)]).filter(([, el]) => el && el.classList.contains("card"));
    if (!els.length) return;
    const inHand = (el) => Boolean(el.closest('.zone[data-kind="hand"]'));
    if (els.length === 2 && els.every(([r, el]) => inHand(el) && this.rects.has(r))) {
      // a swap between two hands: each card goes where the other was
      const [[a, elA], [b, elB]] = els;
      this.fly(elB, this.rects.get(a), `move ${a} -> ${b}`, delay);
      this.fly(elA, this.rects.get(b), `move ${b} -> ${a}`, delay);
    } else {
      const [toRef, to] = els[els.length - 1];
      const after = to.getBoundingClientRect();
      const fromRef = els.map(([r]) => r).find((r) => r !== toRef && this.rects.has(r));
      // an empty slot that now holds a card counts as a new card there
      const own = this.slots.has(toRef) && !to.classList.contains("face-slot") ? null : this.rects.get(toRef);
      if (fromRef) this.fly(to, this.rects.get(fromRef), `move ${fromRef} -> ${toRef}`, delay);
      else if (own && !near(own, after)) this.fly(to, own, `move ${toRef} -> ${toRef}`, delay); // the same card, moved
      else if (own) {
        // it stayed where it was and something came onto it (an elf on an order card)
        const more = tokenCount(to) > (this.tokens.get(toRef) || 0);
        const token = more && to.parentElement.querySelector(".card-markers");
        const from = this.rects.get(`seat:${line.seat}`);
        if (token && from) this.fly(token, from, `move seat:${line.seat} -> ${toRef}`, delay);
      } else {
        // a new card where there was none (a card played, a tile laid): from its seat
        const from = this.seatRect(board, line.seat);
        if (from) this.fly(to, from, `move seat:${line.seat} -> ${toRef}`, delay);
      }
    }
    for (const [r, el] of els) {
      this.start(el, [{ filter: "brightness(1.6) drop-shadow(0 0 10px #ffe082)" }, { filter: "none" }], { duration: MOVE_MS + 300, delay, easing: "ease-out", fill: "backwards" }, `glow ${r}`);
    }
  }

  /** `el` flies from the rect `before` to where it is now. */
  fly(el, before, id, delay) {
    const after = el.getBoundingClientRect();
    if (!before || near(before, after)) return;
    const dx = before.left + before.width / 2 - (after.left + after.width / 2);
    const dy = before.top + before.height / 2 - (after.top + after.height / 2);
    const frames = [{ transform: `translate(${dx}px, ${dy}px) scale(1.08)`, zIndex: 30 }, { transform: "none", zIndex: 30 }];
    this.start(el, frames, { duration: MOVE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" }, id);
  }

  start(el, frames, timing, id) {
    const a = el.animate(frames, timing);
    a.id = id; // says what moved where (a move's refs), for people reading the page's tools
    this.running.push(a);
    // a card on its way (from where it was, even off the edge after the window turned)
    // never widens the page: the table clips sideways while moves fly
    document.body.classList.add("moves-flying");
    const done = () => { this.running = this.running.filter((x) => x !== a); this.landed(); };
    a.finished.then(done, done);
  }

  landed() {
    if (!this.running.length) document.body.classList.remove("moves-flying");
  }

  /** A key or a click: every move in flight lands at once. */
  finish() {
    for (const a of this.running) {
      try {
        if (a.playState !== "finished") a.finish();
      } catch (e) {
        // an animation that cannot finish (its element left the page) is simply dropped
      }
    }
    this.running = [];
    this.landed();
  }
}

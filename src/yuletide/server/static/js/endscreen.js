// The end screen, from the model's `result`: the headline, every seat's score and
// place, the tie-break, the game's own breakdown table, and what to do next.

import { h } from "./dom.js";
import { seatName } from "./render.js";
import { personLabel } from "./names.js";

function scoresTable(model, result, people) {
  const scores = result.scores || [];
  const ranks = result.ranks || [];
  const winners = new Set(result.winners || []);
  const order = model.seats.map((st) => st.seat);
  if (ranks.length) order.sort((a, b) => (ranks[a] ?? 99) - (ranks[b] ?? 99));
  const hasScores = scores.some((x) => x !== null && x !== undefined);
  return h(
    "table",
    { class: "scores" },
    h("thead", null, h("tr", null, h("th", { scope: "col" }, "Player"), hasScores ? h("th", { scope: "col" }, result.score_label || "Score") : null, ranks.length ? h("th", { scope: "col" }, "Place") : null)),
    h(
      "tbody",
      null,
      order.map((seat) => {
        const st = model.seats.find((x) => x.seat === seat);
        return h(
          "tr",
          { class: [winners.has(seat) && "winner", st && st.you && "you"] },
          h(
            "th",
            { scope: "row" },
            h("span", { class: "seat-dot", "aria-hidden": "true" }, String(seat + 1)),
            " ",
            st ? seatName(st, people) : personLabel(people, seat),
            winners.has(seat) ? h("span", { class: "crown", "aria-label": "winner" }, " ★") : null,
          ),
          hasScores ? h("td", null, scores[seat] ?? "–") : null,
          ranks.length ? h("td", null, ranks[seat] ? ordinal(ranks[seat]) : "–") : null,
        );
      }),
    ),
  );
}

function ordinal(n) {
  const t = n % 100;
  const suffix = t >= 10 && t <= 20 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

function breakdownTable(b) {
  if (!b || !Array.isArray(b.columns) || !Array.isArray(b.rows) || !b.rows.length) return null;
  const width = Math.max(...b.rows.map((r) => r.length));
  // the first column holds each row's label: its header may be left out
  const columns = b.columns.length < width ? ["", ...b.columns] : b.columns;
  return h(
    "div",
    { class: "breakdown-wrap" },
    h(
      "table",
      { class: "breakdown" },
      h("thead", null, h("tr", null, columns.map((c) => h("th", { scope: "col" }, String(c))))),
      h("tbody", null, b.rows.map((row) => h("tr", null, row.map((cell, i) => (i === 0 ? h("th", { scope: "row" }, String(cell)) : h("td", null, cell === null || cell === undefined ? "–" : String(cell))))))),
    ),
  );
}

/**
 * The end screen element. `actions`: {reveal, rematch, replay, review, hide} callbacks (each
 * optional: a button shows only for those given).
 */
export function endScreen(model, people, actions) {
  const r = model.result;
  const won = (r.winners || []).includes(model.seat);
  const buttons = [];
  const add = (name, label, cls) => {
    if (actions[name]) buttons.push(h("button", { type: "button", class: ["end-button", cls], dataset: { end: name, nav: "" }, on: { click: actions[name] } }, label));
  };
  add("reveal", actions.revealed ? "Show my view" : "Show every card", "");
  add("rematch", "Rematch", "primary");
  add("replay", "Watch the replay", "");
  add("review", "Review your decisions", "");
  add("lobby", "Back to the lobby", "");
  add("hide", "Hide", "quiet");
  return h(
    "section",
    { class: ["endscreen", won && "won", r.status === "unfinished" && "cut"], id: "endscreen", role: "region", "aria-labelledby": "end-title" },
    h("p", { class: "end-kicker" }, r.status === "unfinished" ? "Game stopped" : "Game over"),
    h("h2", { id: "end-title", tabindex: "-1" }, r.headline),
    r.reason && r.status !== "finished" ? h("p", { class: "end-reason" }, r.reason) : null,
    scoresTable(model, r, people),
    r.tiebreak ? h("p", { class: "tiebreak" }, h("strong", null, "Tie-break: "), String(r.tiebreak)) : null,
    breakdownTable(r.breakdown),
    h("div", { class: "end-buttons" }, buttons),
  );
}

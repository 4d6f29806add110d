// Players by name, not by seat number. The table model counts seats ("seat 2's hand")
// because it is built from one seat's view and knows no names; the page knows who sits
// where (the server's seat list), so it says "Dad's hand", "Easy bot 3" and "your hand"
// in the log, the prompt, the forms, the end screen and the replay.

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a seat is called on this page: the player's name, or "Easy bot 3" for a bot. */
export function personLabel(people, seat) {
  const p = people && people[seat];
  if (!p) return `Player ${seat + 1}`;
  const name = capital(String(p.name || (p.kind === "bot" ? "Bot" : `Player ${seat + 1}`)).trim());
  if (p.kind === "bot") {
    // two bots of one level would read the same: the seat number tells them apart
    const same = people.filter((q) => q && q.kind === "bot" && capital(String(q.name || "Bot").trim()) === name).length;
    return same > 1 ? `${name} ${seat + 1}` : name;
  }
  return name;
}

/**
 * A function that rewrites "seat 2", "Seat 2's" and "seats 1, 2 and 4" (counted from 1)
 * as names, "you" and "your" for the viewer.
 */
export function namer(people, viewer) {
  const known = people && people.some(Boolean);
  if (!known) return (text) => text;
  const one = (n, capitalise, possessive) => {
    const seat = n - 1;
    if (seat === viewer) {
      const w = possessive ? "your" : "you";
      return capitalise ? capital(w) : w;
    }
    return personLabel(people, seat) + (possessive ? "'s" : "");
  };
  return (text) => {
    if (typeof text !== "string" || !/\b[Ss]eats? \d/.test(text)) return text;
    return text
      .replace(/\b([Ss])eats ((?:\d+, )*\d+) and (\d+)('s)?/g, (_, s, list, last, poss) => {
        const nums = [...list.split(", "), last].map(Number);
        const words = nums.map((n, i) => one(n, i === 0 && s === "S", false));
        return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}${poss ? "'s" : ""}`;
      })
      .replace(SEAT_AND_VERB, (_, s, n, poss, verb) => {
        const word = one(Number(n), s === "S", Boolean(poss));
        if (!verb) return word;
        // "Seat 2 wins" read by seat 2: "You win", not "You wins"
        return `${word} ${Number(n) - 1 === viewer && !poss ? YOU_VERB[verb] : verb}`;
      });
  };
}

/** The model's verbs after a seat ("Seat 2 wins"), as they read after "you". */
const YOU_VERB = {
  is: "are", was: "were", has: "have", wins: "win", loses: "lose", draws: "draw", plays: "play",
  passes: "pass", takes: "take", gets: "get", scores: "score", asks: "ask", offers: "offer",
  buys: "buy", declines: "decline", places: "place", moves: "move", picks: "pick",
  answers: "answer", swaps: "swap", points: "point", completes: "complete", goes: "go",
  needs: "need", holds: "hold",
};
const SEAT_AND_VERB = new RegExp(`\\b([Ss])eat (\\d+)('s)?(?![\\d.])(?: (${Object.keys(YOU_VERB).join("|")})\\b)?`, "g");

/** Keys of the table model whose text is read by people (never ids, notation or kinds). */
const WORDS = new Set(["label", "text", "headline", "note", "detail", "sentence", "reason", "tiebreak", "title", "knowledge"]);

/** A copy of the table model (or log lines) with every seat number in its words named. */
export function nameModel(value, say, key = "") {
  if (typeof value === "string") return WORDS.has(key) || key === "*" ? say(value) : value;
  if (Array.isArray(value)) return value.map((v) => nameModel(v, say, key === "columns" || key === "rows" || key === "*" ? "*" : key));
  if (value && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === "send" || k === "refs" || k === "id" || k === "start" || k === "end" ? v : nameModel(v, say, k);
    return out;
  }
  return value;
}

/**
 * With every card shown, each seat's zones come from that seat's own view ("Your hand"):
 * named after their owner instead ("Dad's hand"), "your" only for `viewer`, so two hands
 * never share one name (the replay, the review).
 */
export function ownZones(table, viewer, people) {
  for (const z of table.zones || []) {
    if (z.owner === undefined || z.owner === null || z.owner === viewer) continue;
    if (/^Your /.test(z.label)) z.label = `${personLabel(people, z.owner)}'s ${z.label.slice(5)}`;
  }
  return table;
}

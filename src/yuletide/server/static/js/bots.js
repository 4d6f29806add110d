// The bots by name: the labels and the order (weakest first) the lobby and the replay's
// "Play on from here" offer them in. A game's own bots come with their labels
// (g.bot_labels) and follow these.

export const BOT_NAMES = {
  random: "Random bot",
  easy: "Easy bot",
  medium: "Medium bot",
  hard: "Hard bot",
  ismcts: "Searching bot",
};
const BOT_ORDER = Object.keys(BOT_NAMES);

export const botLabel = (g, name) => (g.bot_labels || {})[name] || BOT_NAMES[name] || `${name} bot`;

/** A game's bots, weakest first (Random, Easy, Medium, Hard, Searching, then its own). */
export function botsInOrder(g) {
  const rank = (b) => (BOT_ORDER.includes(b) ? BOT_ORDER.indexOf(b) : BOT_ORDER.length);
  return [...g.bots].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

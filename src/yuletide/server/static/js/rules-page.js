// A game's rules page (/rules/{game}) or the rulings page (/rules/rulings): the same
// Markdown `yuletide rules` prints, rendered safely. The pages link to each other as
// files (../rulings.md#m2, GAME.md, rules/README.md), as they read in the repository;
// here those links go to this site's routes.

import { $, fill, h } from "./dom.js";
import { get } from "./api.js";
import { markdown } from "./markdown.js";

const RULINGS_PAGE = "rulings";

/** A page's relative link as a route: x.md#a → /rules/x#a, rulings.md → /rules/rulings,
 * README.md (the index of the games) → the lobby. Other targets are left as they are. */
function route(url) {
  const m = url.match(/^(?:\.\.?\/)*(?:rules\/)?([a-z0-9-]+|README)\.md(#[\w-]*)?$/i);
  if (!m) return url;
  const [, name, hash = ""] = m;
  return name === "README" ? "/" : `/rules/${encodeURIComponent(name)}${hash}`;
}

async function main() {
  const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  try {
    const data = await get(game === RULINGS_PAGE ? "/api/rulings" : `/api/games/${encodeURIComponent(game)}/rules`);
    // the page's own "# Title" is the page title, shown once
    const text = data.markdown.replace(/^# .*\n+/, "");
    document.title = game === RULINGS_PAGE ? `${data.title} · Yuletide` : `${data.title} rules · Yuletide`;
    fill($("#rules-title"), data.title);
    fill($("#rules-pitch"), data.pitch || "");
    fill($("#rules-body"), markdown(text, { link: route }));
    if (game === RULINGS_PAGE) $("#rules-play").remove();
    else $("#rules-play").href = `/#${encodeURIComponent(game)}`;
    // the content came after the browser looked for the #anchor: go there now
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  } catch (err) {
    fill($("#rules-title"), "No such game");
    fill($("#rules-body"), h("p", null, err.message));
  }
}

main();

// A game's rules page (/rules/{game}): its documentation page, rendered safely.

import { $, fill, h } from "./dom.js";
import { get } from "./api.js";
import { markdown } from "./markdown.js";

async function main() {
  const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  try {
    const data = await get(`/api/games/${encodeURIComponent(game)}/rules`);
    document.title = `${data.title} rules · Yuletide`;
    fill($("#rules-title"), data.title);
    fill($("#rules-pitch"), data.pitch || "");
    fill($("#rules-body"), markdown(data.markdown));
    $("#rules-play").href = `/#${encodeURIComponent(game)}`;
  } catch (err) {
    fill($("#rules-title"), "No such game");
    fill($("#rules-body"), h("p", null, err.message));
  }
}

main();

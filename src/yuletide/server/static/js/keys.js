// Arrow keys move between the clickable things (cards, zones, seats, buttons) by
// where they are on screen: the nearest one in the arrow's direction.

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
}

function visible(el) {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && !el.closest("details:not([open]) > :not(summary)");
}

export function navigables(root = document) {
  const menu = document.querySelector(".menu");
  const scope = menu || root;
  return Array.from(scope.querySelectorAll("[data-nav]")).filter((el) => visible(el) && !el.disabled);
}

/** Move focus with an arrow key; true if it moved. */
export function arrow(key) {
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const d = dirs[key];
  if (!d) return false;
  const all = navigables();
  if (!all.length) return false;
  const here = document.activeElement;
  if (!all.includes(here)) {
    all[0].focus();
    return true;
  }
  const a = centre(here);
  let best = null;
  let bestScore = Infinity;
  for (const el of all) {
    if (el === here) continue;
    const b = centre(el);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const along = dx * d[0] + dy * d[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * d[1]) + Math.abs(dy * d[0]);
    const score = along + across * 2.5;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  if (!best) {
    // wrap around in reading order
    const i = all.indexOf(here);
    best = d[0] + d[1] > 0 ? all[(i + 1) % all.length] : all[(i - 1 + all.length) % all.length];
  }
  best.focus();
  best.scrollIntoView({ block: "nearest", inline: "nearest" });
  return true;
}

// Toasts: short messages that fade (an action refused, a link copied). Errors stay
// until dismissed or replaced; they are announced by screen readers (role=alert).

import { h, reducedMotion } from "./dom.js";

function host() {
  let el = document.getElementById("toasts");
  if (!el) {
    el = h("div", { id: "toasts", class: "toasts" });
    document.body.append(el);
  }
  return el;
}

export function toast(text, { kind = "info", ms = 4000 } = {}) {
  const el = h(
    "div",
    { class: ["toast", kind], role: kind === "error" ? "alert" : "status" },
    h("span", { class: "toast-text" }, text),
    h("button", { type: "button", class: "toast-close", "aria-label": "Dismiss", on: { click: () => el.remove() } }, "×"),
  );
  const box = host();
  while (box.children.length >= 3) box.firstElementChild.remove();
  box.append(el);
  const life = kind === "error" ? Math.max(ms, 7000) : ms;
  setTimeout(() => {
    if (reducedMotion()) el.remove();
    else {
      el.classList.add("leaving");
      setTimeout(() => el.remove(), 300);
    }
  }, life);
  return el;
}

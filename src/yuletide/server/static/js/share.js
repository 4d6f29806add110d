// Copying links (invite a friend, watch), and the sit-down sheet a visitor without a
// seat sees: take an open seat or just watch.

import { h, fill } from "./dom.js";
import { post } from "./api.js";
import { inviteLink, saveName, saveSeat, savedName, watchLink } from "./seats.js";
import { toast } from "./toast.js";

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`${what} copied`, { ms: 2500 });
    return true;
  } catch (e) {
    window.prompt(`Copy the ${what.toLowerCase()}:`, text);
    return false;
  }
}

function linkRow(label, url, what) {
  const input = h("input", { type: "text", readonly: true, value: url, "aria-label": label, class: "link-input", on: { focus: (e) => e.target.select() } });
  return h(
    "div",
    { class: "link-row" },
    h("label", null, label),
    h("div", { class: "link-field" }, input, h("button", { type: "button", class: "copy", dataset: { copy: what }, on: { click: () => copyText(url, what) } }, "Copy")),
  );
}

/** The share panel: the invite link for friends and the link to watch. */
export function sharePanel(tableId, openSeats) {
  return h(
    "div",
    { class: "share" },
    openSeats.length
      ? h("p", null, `Send this link to a friend: they pick an open seat (${openSeats.map((n) => `seat ${n + 1}`).join(", ")}) and play.`)
      : h("p", null, "Every seat is taken; friends can still watch."),
    linkRow("Invite link", inviteLink(tableId), "Invite link"),
    linkRow("Watch link", watchLink(tableId), "Watch link"),
  );
}

/** Open human seats of a table's public info. */
export function openSeats(info) {
  return (info.seats || []).filter((st) => st.kind === "human" && !st.taken).map((st) => st.seat);
}

/**
 * The sit-down sheet in `el`: one button per open seat, a name, and "Just watch".
 * Resolves with the seat grant {seat, token} or null to watch.
 */
export function sitDown(el, info, title) {
  return new Promise((resolve) => {
    const name = h("input", { type: "text", id: "your-name", maxlength: 40, value: savedName(), placeholder: "Your name", autocomplete: "nickname" });
    const seats = openSeats(info);
    const take = async (seat) => {
      saveName(name.value.trim());
      try {
        const grant = await post(`/api/tables/${encodeURIComponent(info.table)}/seats/${seat}`, { name: name.value.trim() || null });
        saveSeat(info.table, grant.seat, grant.token);
        resolve(grant);
      } catch (err) {
        toast(err.message, { kind: "error" });
      }
    };
    const people = (info.seats || []).map((st) =>
      h(
        "li",
        { class: ["sit-seat", st.taken && "taken"] },
        h("span", { class: "seat-dot" }, String(st.seat + 1)),
        h("span", { class: "sit-who" }, st.kind === "bot" ? capital(st.name || "Bot") : st.taken ? st.name || "a player" : "Open seat"),
        !st.taken && st.kind === "human" ? h("button", { type: "button", class: "primary", dataset: { sit: st.seat, nav: "" }, on: { click: () => take(st.seat) } }, `Sit here`) : null,
      ),
    );
    fill(
      el,
      h(
        "section",
        { class: "sitdown", "aria-labelledby": "sit-title" },
        h("h2", { id: "sit-title" }, `Join ${title}`),
        h("p", null, seats.length ? "Pick a free seat to play, or just watch." : "Every seat is taken: you can watch."),
        h("label", { for: "your-name", class: "name-label" }, "Your name"),
        name,
        h("ul", { class: "sit-seats" }, people),
        h("button", { type: "button", class: "watch", dataset: { nav: "" }, on: { click: () => resolve(null) } }, "Just watch"),
      ),
    );
    const first = el.querySelector("button.primary") || el.querySelector("button.watch");
    if (first) first.focus();
  });
}

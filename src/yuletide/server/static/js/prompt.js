// The prompt: what this seat is asked, drawn as labelled buttons (with number keys),
// clickable cards/zones/seats on the board, a small menu when a click means several
// actions, the partial choice with Back, and forms built from controls.

import { $$, h } from "./dom.js";
import { swatch } from "./cards.js";

const BIG_GROUP = 12;

export class PromptUI {
  /**
   * `chooser`: the Chooser; `send(sends, label)`: perform a choice; `redraw()`: draw
   * again after a change of the partial choice.
   */
  constructor({ chooser, send, redraw }) {
    this.chooser = chooser;
    this.send = send;
    this.redraw = redraw;
    this.numbered = []; // buttons with number keys, in order
    this.openGroups = new Set(); // big button groups the player opened (kept across frames)
    this.menuEl = null;
    this.enabled = false;
  }

  choose(action) {
    this.chooser.reset();
    this.closeMenu();
    this.send(action.send, action.label);
  }

  click(ref) {
    const r = this.chooser.click(ref);
    if (r.choose) this.choose(r.choose);
    else this.redraw();
  }

  back() {
    const undone = this.chooser.back();
    if (undone) this.redraw();
    return undone;
  }

  // ------------------------------------------------------------ the panel

  actionButton(action) {
    const btn = h(
      "button",
      { type: "button", class: "action", dataset: { action: action.id, nav: "" }, title: action.detail || null, on: { click: () => this.choose(action) } },
      h("kbd", { "aria-hidden": "true", hidden: true }),
      h("span", { class: "action-label" }, action.label),
    );
    btn.addEventListener("mouseenter", () => highlight(action.refs, true));
    btn.addEventListener("mouseleave", () => highlight(action.refs, false));
    btn.addEventListener("focus", () => highlight(action.refs, true));
    btn.addEventListener("blur", () => highlight(action.refs, false));
    return btn;
  }

  groupsOf(actions) {
    const groups = new Map();
    for (const a of actions) {
      const g = a.group || "";
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(a);
    }
    return groups;
  }

  /** The panel's content for `prompt` (already given to the chooser). */
  panel(prompt, { enabled, status }) {
    this.enabled = enabled;
    this.numbered = [];
    const c = this.chooser;
    const out = [h("p", { class: "prompt-text", id: "prompt-text" }, prompt.text)];
    if (status) out.push(status);
    if (!enabled) return out;
    if (c.form) {
      out.push(this.formEditor());
      return out;
    }
    if (c.partial.length) out.push(this.partialBar());
    const cands = c.candidates().filter((a) => !a.tool);
    const groups = this.groupsOf(cands);
    const list = h("div", { class: "actions" });
    for (const [name, actions] of groups) {
      const buttons = actions.map((a) => this.actionButton(a));
      // a long list is folded when the table offers the same choices by clicking
      const big = actions.length > BIG_GROUP && (groups.size > 1 || this.chooser.next().size > 0);
      const title = name ? `${name}${actions.length > 1 ? ` · ${actions.length}` : ""}` : null;
      if (big) {
        const more = h("details", { class: "group", open: this.openGroups.has(name) }, h("summary", { dataset: { nav: "" } }, `${title} choices — or click on the table`), h("div", { class: "group-buttons" }, buttons));
        more.addEventListener("toggle", () => {
          if (more.open) this.openGroups.add(name);
          else this.openGroups.delete(name);
          this.renumber();
        });
        list.append(more);
      } else {
        list.append(h("div", { class: "group" }, title && groups.size > 1 ? h("h4", { class: "group-name" }, title) : null, h("div", { class: "group-buttons" }, buttons)));
      }
    }
    if (cands.length) out.push(list);
    if (!c.partial.length && c.forms.length) {
      out.push(
        h(
          "div",
          { class: "forms" },
          c.forms.map((f) =>
            h("button", { type: "button", class: "action form-open", dataset: { form: f.id, nav: "" }, on: { click: () => { c.openForm(f.id); this.redraw(); } } }, h("span", { class: "action-label" }, `${f.label}…`)),
          ),
        ),
      );
    }
    if (this.chooser.next().size || this.chooser.formStarts().size) out.push(h("p", { class: "hint" }, "Or click a highlighted card, pile or player on the table."));
    const tools = c.tools();
    if (tools.length) out.push(this.toolBox(tools));
    return out;
  }

  /** The side moves (marks, hand moves), folded: open, their cards answer clicks too. */
  toolBox(tools) {
    const groups = this.groupsOf(tools);
    const names = [...groups.keys()].filter(Boolean).map((g) => g.toLowerCase());
    const title = names.length ? `More: ${names.join(" and ")}` : "More moves";
    const box = h(
      "details",
      { class: "tools", open: this.chooser.toolsOpen },
      h("summary", { dataset: { nav: "" } }, `${title} (${tools.length})`),
      [...groups].map(([name, actions]) => h("div", { class: "group" }, name ? h("h4", { class: "group-name" }, name) : null, h("div", { class: "group-buttons" }, actions.map((a) => this.actionButton(a))))),
    );
    box.addEventListener("toggle", () => {
      if (box.open === this.chooser.toolsOpen) return;
      this.chooser.toolsOpen = box.open;
      if (!box.open) this.chooser.partial = [];
      this.redraw();
    });
    return box;
  }

  /** Number keys 1–9 for the first nine action buttons in sight (not in a closed group). */
  renumber() {
    const panel = document.getElementById("prompt");
    if (!panel) return;
    let key = 1;
    this.numbered = [];
    for (const b of panel.querySelectorAll("button.action")) {
      const kbd = b.querySelector("kbd");
      const inSight = !b.closest("details:not([open])") && key <= 9;
      if (kbd) {
        kbd.hidden = !inSight;
        kbd.textContent = inSight ? String(key) : "";
      }
      if (inSight) {
        b.setAttribute("aria-keyshortcuts", String(key));
        this.numbered.push(b);
        key += 1;
      } else b.removeAttribute("aria-keyshortcuts");
    }
  }

  partialBar() {
    const refs = this.chooser.partial.map((r) => labelOfRef(r));
    return h(
      "div",
      { class: "partial", role: "status" },
      h("span", null, "Chosen: "),
      h("strong", null, refs.join(" → ")),
      h("span", null, " — now click one of the highlighted things on the table."),
      h("button", { type: "button", class: "back", dataset: { nav: "" }, on: { click: () => this.back() } }, h("kbd", { "aria-hidden": "true" }, "Esc"), " Back"),
    );
  }

  formEditor() {
    const c = this.chooser;
    const { form, chosen } = c.form;
    const editor = h("form", { class: "form-editor", on: { submit: (e) => { e.preventDefault(); if (c.formComplete()) { const sends = c.formSends(); const text = c.sentence(); c.reset(); this.send(sends, text); } } } });
    editor.append(h("h4", null, form.label));
    form.fields.forEach((field, i) => {
      const legend = `${field.label}${field.multiple ? ` (choose ${field.min > 1 ? `at least ${field.min}` : "one or more"})` : " (choose one)"}`;
      const chips = field.choices.map((choice, j) =>
        h(
          "button",
          { type: "button", class: ["chip", chosen[i].has(j) && "on"], disabled: !chosen[i].has(j) && !c.available(i, j), "aria-pressed": chosen[i].has(j) ? "true" : "false", dataset: { field: field.name, choice: j, nav: "" }, on: { click: () => { c.toggle(i, j); this.redraw(); } } },
          choice.colour ? swatch(choice.colour, { bare: true }) : null,
          choice.label,
        ),
      );
      editor.append(h("fieldset", { class: ["field", c.fieldFilled(i) && "filled"] }, h("legend", null, legend), h("div", { class: "chips" }, chips)));
    });
    // the question read back, and Send, stay in sight at the foot of the panel
    editor.append(
      h(
        "div",
        { class: "form-foot" },
        h("p", { class: "sentence", "aria-live": "polite" }, c.sentence()),
        h(
          "div",
          { class: "form-buttons" },
          h("button", { type: "submit", class: "primary send", disabled: !c.formComplete(), dataset: { nav: "" } }, "Send"),
          h("button", { type: "button", class: "back", dataset: { nav: "" }, on: { click: () => this.back() } }, h("kbd", { "aria-hidden": "true" }, "Esc"), " Back"),
        ),
      ),
    );
    return editor;
  }

  // ------------------------------------------------------------ the board

  /** Make the board's candidate things clickable, mark the partial choice. */
  bindBoard(board) {
    for (const el of $$(".clickable, .chosen", board)) {
      el.classList.remove("clickable", "chosen");
      el.onclick = null;
      el.onkeydown = null;
      el.removeAttribute("tabindex");
      delete el.dataset.nav;
      if (el.dataset.baseLabel) el.setAttribute("aria-label", el.dataset.baseLabel);
    }
    if (!this.enabled) return;
    const c = this.chooser;
    for (const r of c.partial) for (const el of refEls(board, r)) el.classList.add("chosen");
    const targets = c.form ? c.formRefs() : c.next();
    // a form started from the table (the player you offer a card to, then the question)
    for (const [ref, starts] of c.formStarts()) {
      const el = refEls(board, ref)[0];
      if (!el) continue;
      const label = starts[0].form.fields[0].choices[starts[0].choice].label;
      clickable(el, `${label}: ${starts.map((x) => x.form.label).join(" / ")}`, () => {
        const r = c.startForm(ref);
        if (r.form || r.menu) this.redraw();
      });
    }
    for (const [ref, what] of targets) {
      const el = refEls(board, ref)[0];
      if (!el) continue;
      const words = c.form ? c.form.form.fields[what[0]].choices[what[1]].label : what.map((a) => a.label).join(" / ");
      clickable(el, words, () => {
        if (c.form) {
          c.toggle(what[0], what[1]);
          this.redraw();
        } else this.click(ref);
      });
    }
  }

  // ------------------------------------------------------------ the menu

  openMenu(board) {
    this.closeMenu();
    const m = this.chooser.menu;
    if (!m) return;
    const anchor = refEls(board, m.anchor)[0];
    const item = (i, label, data, fn) => h("button", { type: "button", role: "menuitem", class: "menu-item", dataset: { ...data, nav: "" }, on: { click: fn } }, h("kbd", { "aria-hidden": "true" }, String(i + 1)), h("span", null, label));
    const items = m.forms
      ? m.forms.map((x, i) => item(i, `${x.form.label}…`, { form: x.form.id }, () => { this.chooser.pickForm(i); this.closeMenu(); this.redraw(); }))
      : m.actions.map((a, i) => item(i, a.label, { action: a.id }, () => this.choose(a)));
    // a form menu says what was clicked: "Easy bot 3: which one?" (then the questions)
    const title = m.forms ? `${m.forms[0].form.fields[0].choices[m.forms[0].choice].label}: which one?` : "Which one?";
    const menu = h(
      "div",
      { class: "menu", role: "menu", "aria-label": title },
      h("p", { class: "menu-title" }, title),
      items,
      m.more ? h("p", { class: "menu-more" }, "…or click a highlighted place on the table.") : null,
      h("button", { type: "button", class: "menu-cancel", dataset: { nav: "" }, on: { click: () => this.back() } }, h("kbd", { "aria-hidden": "true" }, "Esc"), " Cancel"),
    );
    document.body.append(menu);
    const r = anchor ? anchor.getBoundingClientRect() : { left: innerWidth / 2, bottom: innerHeight / 2, top: innerHeight / 2 };
    const w = menu.offsetWidth;
    const hgt = menu.offsetHeight;
    let top = r.bottom + 6;
    if (top + hgt > innerHeight - 8) top = Math.max(8, r.top - hgt - 6);
    menu.style.left = `${Math.max(8, Math.min(innerWidth - w - 8, r.left))}px`;
    menu.style.top = `${top}px`;
    this.menuEl = menu;
    this.numbered = items;
    items[0].focus();
  }

  closeMenu() {
    if (this.menuEl) this.menuEl.remove();
    this.menuEl = null;
  }

  /** Number keys choose; Escape / Backspace go back. True if the key was used. */
  key(e) {
    if (/^[1-9]$/.test(e.key)) {
      const b = this.numbered[Number(e.key) - 1];
      if (b && !b.disabled) {
        b.click();
        return true;
      }
      return false;
    }
    if (e.key === "Escape" || e.key === "Backspace") return this.back();
    return false;
  }
}

function refEls(root, ref) {
  const sel = `[data-ref="${CSS.escape(ref)}"]`;
  return Array.from(root.querySelectorAll(sel)).filter((el) => !el.classList.contains("card-wrap"));
}

/** Light up (or not) what an action or log line refers to. */
export function highlight(refs, on, cls = "hover") {
  const board = document.getElementById("board");
  if (!board) return;
  for (const r of refs || []) for (const el of refEls(board, r)) el.classList.toggle(cls, on);
}

function labelOfRef(ref) {
  const board = document.getElementById("board");
  const el = board && refEls(board, ref)[0];
  if (!el) return ref;
  const label = el.getAttribute("aria-label") || el.textContent || ref;
  return label.split(". ")[0];
}

function clickable(el, words, fn) {
  el.classList.add("clickable");
  el.dataset.nav = "";
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  const base = el.dataset.baseLabel || el.getAttribute("aria-label") || el.textContent;
  el.dataset.baseLabel = base;
  el.setAttribute("aria-label", `${base} — ${words}`);
  el.onclick = (e) => {
    e.stopPropagation();
    fn();
  };
  el.onkeydown = (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      fn();
    }
  };
}

// The choice being made: which of the prompt's actions the player's clicks so far
// (a partial list of refs) still allow. Pure logic, no DOM: prompt.js draws it.
//
// An action's refs are the things a click selects it by, in click order. After clicks
// r1..rk the candidates are the actions whose refs begin with r1..rk; the next
// clickable things are their (k+1)-th refs. A click that completes exactly one action
// chooses it; one that completes several opens a small menu (and if it also starts
// others, their next targets stay lit beside the menu); Back
// undoes a click. Side moves (``tool`` actions: marks, hand reorders) count only while
// their folded tool is open, so they never stand between a click and the turn's move.

export class Chooser {
  constructor() {
    this.actions = [];
    this.forms = [];
    this.partial = [];
    this.menu = null; // {actions, anchor} while a click means several actions
    this.form = null; // {form, chosen: array of Set of choice indices} while one is open
    this.toolsOpen = false; // the folded side moves (marks, hand moves) are open
  }

  /** A new prompt: keep the partial choice if some action still fits it. */
  setPrompt(prompt) {
    const oldForm = this.form && this.form.form.id;
    this.actions = (prompt && prompt.actions) || [];
    this.forms = (prompt && prompt.forms) || [];
    if (this.partial.length && !this.candidates().length) this.partial = [];
    if (this.menu && this.menu.forms) {
      // the forms the menu offers as this prompt has them (the player clicked still there)
      const left = [...(this.formStarts(true).get(this.menu.anchor) || [])];
      this.menu = left.length ? { ...this.menu, forms: left } : null;
    } else if (this.menu) {
      const ids = new Set(this.candidates().map((a) => a.id));
      const left = this.menu.actions.filter((a) => ids.has(a.id));
      this.menu = left.length > 1 || (left.length && this.menu.more) ? { ...this.menu, actions: left } : null;
      if (!this.menu && this.partial.length) this.partial.pop();
    }
    if (oldForm) {
      const same = this.forms.find((f) => f.id === oldForm);
      if (same && JSON.stringify(same) === JSON.stringify(this.form.form)) this.form.form = same;
      else this.form = null;
    }
  }

  reset() {
    this.partial = [];
    this.menu = null;
    this.form = null;
  }

  busy() {
    return this.partial.length > 0 || this.menu !== null || this.form !== null;
  }

  candidates() {
    return this.matching().filter((a) => !a.tool || this.toolsOpen);
  }

  /** Every action (side moves too) the clicks so far allow. */
  matching() {
    const k = this.partial.length;
    return this.actions.filter((a) => a.refs.length >= k && this.partial.every((r, i) => a.refs[i] === r));
  }

  /** The side moves the clicks so far allow (listed in the folded tool). */
  tools() {
    return this.matching().filter((a) => a.tool);
  }

  /** ref -> the candidate actions a click on it keeps. */
  next() {
    const k = this.partial.length;
    const out = new Map();
    if ((this.menu && !this.menu.more) || this.form) return out;
    for (const a of this.candidates()) {
      if (a.refs.length > k) {
        const r = a.refs[k];
        if (!out.has(r)) out.set(r, []);
        out.get(r).push(a);
      }
    }
    return out;
  }

  /**
   * A click on `ref`: {choose: action} when it completes one action, {menu: actions}
   * when it completes several, {more: true} when further clicks are needed.
   */
  click(ref) {
    if (this.menu && this.menu.more) this.menu = null; // going on past the menu's choices
    const k = this.partial.length;
    const kept = this.candidates().filter((a) => a.refs[k] === ref);
    if (!kept.length) return { none: true };
    const done = kept.filter((a) => a.refs.length === k + 1);
    const more = kept.filter((a) => a.refs.length > k + 1);
    if (done.length === 1 && !more.length) {
      this.reset();
      return { choose: done[0] };
    }
    this.partial = [...this.partial, ref];
    if (done.length) {
      // several moves end here: a small menu; if others go on, their targets stay lit
      this.menu = { actions: done, anchor: ref, more: more.length > 0 };
      return { menu: done };
    }
    return { more: true };
  }

  /** Undo the last step (close the menu, the form, or the last click); false if none. */
  back() {
    if (this.menu) {
      if (!this.menu.forms) this.partial.pop();
      this.menu = null;
      return true;
    }
    if (this.form) {
      this.form = null;
      return true;
    }
    if (this.partial.length) {
      this.partial.pop();
      return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ forms

  /**
   * ref -> [{form, choice}] of the forms whose first field a click on the table starts
   * (a sale: the player you offer to, then which question), for refs no action takes:
   * the prompt's form buttons stay the keyboard path.
   */
  formStarts(inMenu = false) {
    const out = new Map();
    if (this.partial.length || (this.menu && !inMenu) || this.form) return out;
    const taken = inMenu ? new Map() : this.next();
    for (const form of this.forms) {
      const first = form.fields[0];
      if (!first) continue;
      first.choices.forEach((c, j) => {
        for (const r of c.refs || []) {
          if (taken.has(r)) continue;
          if (!out.has(r)) out.set(r, []);
          if (!out.get(r).some((x) => x.form.id === form.id)) out.get(r).push({ form, choice: j });
        }
      });
    }
    return out;
  }

  /** A click on a ref of formStarts(): {form} when it opened one, {menu} when it asks which. */
  startForm(ref) {
    const starts = this.formStarts().get(ref) || [];
    if (starts.length === 1) {
      this.openForm(starts[0].form.id);
      this.toggle(0, starts[0].choice);
      return { form: true };
    }
    if (starts.length) this.menu = { forms: starts, anchor: ref, more: false };
    return { menu: starts };
  }

  /** The menu's form `i` chosen: open it with the clicked choice already made. */
  pickForm(i) {
    const start = this.menu && this.menu.forms && this.menu.forms[i];
    if (!start) return;
    this.openForm(start.form.id);
    this.toggle(0, start.choice);
  }

  openForm(id) {
    const form = this.forms.find((f) => f.id === id);
    if (!form) return;
    this.partial = [];
    this.menu = null;
    this.form = { form, chosen: form.fields.map(() => new Set()) };
  }

  /** How much is chosen in the field named `name` (each option counting its `count`). */
  chosenCount(name) {
    const fields = this.form.form.fields;
    const i = fields.findIndex((f) => f.name === name);
    if (i < 0) return 0;
    return [...this.form.chosen[i]].reduce((n, j) => n + (fields[i].choices[j].count ?? 1), 0);
  }

  /** May choice `j` of field `i` be chosen now? (its `needs` are met) */
  available(i, j) {
    const needs = this.form.form.fields[i].choices[j].needs;
    return !needs || this.chosenCount(needs.field) >= needs.count;
  }

  /** Pick or unpick choice `j` of field `i` (exclusive, single-choice and needs rules). */
  toggle(i, j) {
    if (!this.form) return;
    const field = this.form.form.fields[i];
    const set = this.form.chosen[i];
    const choice = field.choices[j];
    if (set.has(j)) set.delete(j);
    else if (this.available(i, j)) {
      if (!field.multiple || choice.exclusive) set.clear();
      else for (const x of [...set]) if (field.choices[x].exclusive) set.delete(x);
      set.add(j);
    }
    // an option whose needs are no longer met is dropped
    this.form.chosen.forEach((s, fi) => {
      for (const x of [...s]) if (!this.available(fi, x)) s.delete(x);
    });
  }

  fieldFilled(i) {
    const field = this.form.form.fields[i];
    const n = this.form.chosen[i].size;
    return field.multiple ? n >= Math.max(1, field.min || 1) : n === 1;
  }

  formComplete() {
    return Boolean(this.form) && this.form.form.fields.every((_, i) => this.fieldFilled(i));
  }

  /** The form's sentence with each {field} replaced by its chosen labels. */
  sentence() {
    if (!this.form) return "";
    const { form, chosen } = this.form;
    let text = form.sentence || form.label;
    form.fields.forEach((field, i) => {
      const labels = [...chosen[i]].sort((a, b) => a - b).map((j) => field.choices[j].label);
      text = text.split(`{${field.name}}`).join(labels.length ? labels.join(" and ") : "…");
    });
    return text;
  }

  /** The engine actions a complete form sends, in order. */
  formSends() {
    const { form, chosen } = this.form;
    const sends = [...form.start];
    form.fields.forEach((field, i) => {
      const picked = [...chosen[i]].sort((a, b) => a - b).map((j) => field.choices[j]);
      for (const c of picked) sends.push(...c.send);
      // an option that moves the engine on by itself is not followed by the field's end
      if (!picked.some((c) => c.skip_end)) sends.push(...(field.end || []));
    });
    return sends;
  }

  /** ref -> [field, choice] of the open form's choices that a table click toggles. */
  formRefs() {
    const out = new Map();
    if (!this.form) return out;
    this.form.form.fields.forEach((field, i) =>
      field.choices.forEach((c, j) => {
        for (const r of c.refs || []) if (!out.has(r)) out.set(r, [i, j]);
      }),
    );
    return out;
  }
}

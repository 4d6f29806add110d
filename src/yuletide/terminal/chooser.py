"""The choice being made: which of the prompt's actions the keys pressed so far allow.

The browser's ``chooser.js`` in Python, with the same rules, so a move is made the same
way in both clients: an action's ``refs`` are the things (cards, zones, seats) it is
picked by, in order. After picking r1..rk the candidates are the actions whose refs
begin with r1..rk, and the next things to pick are their (k+1)-th refs. A pick that
completes exactly one action chooses it; one that completes several leaves those as the
candidates (a short menu); :meth:`Chooser.back` undoes a pick. A form (a sale question)
is filled field by field and sent as one sequence of engine actions.

Pure logic with no dependencies: the Textual app draws it, tests drive it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..table.model import Form, Prompt, PromptAction


@dataclass
class FormState:
    """An open form: the set of chosen option indices of each field."""

    form: Form
    chosen: list[set[int]] = field(default_factory=list)


@dataclass
class Picked:
    """What a pick did: ``choose`` (one action completed), or ``more`` picks needed."""

    choose: PromptAction | None = None
    more: bool = False


class Chooser:
    """The partial choice of one seat over its current prompt."""

    def __init__(self) -> None:
        self.actions: list[PromptAction] = []
        self.forms: list[Form] = []
        self.partial: list[str] = []
        self.form: FormState | None = None

    def set_prompt(self, prompt: Prompt | None) -> None:
        """A new prompt: keep the partial choice while some action still fits it, and an
        open form while the same form is offered (a bot's move elsewhere keeps it)."""
        self.actions = list(prompt["actions"]) if prompt else []
        self.forms = list(prompt["forms"]) if prompt else []
        while self.partial and not self.candidates():
            self.partial.pop()
        if self.form is not None:
            same = [f for f in self.forms if f == self.form.form]
            self.form = FormState(same[0], self.form.chosen) if same else None

    def reset(self) -> None:
        self.partial = []
        self.form = None

    def busy(self) -> bool:
        return bool(self.partial) or self.form is not None

    def candidates(self) -> list[PromptAction]:
        """The actions the picks so far still allow, in the prompt's order."""
        k = len(self.partial)
        return [a for a in self.actions if len(a["refs"]) >= k and a["refs"][:k] == self.partial]

    def next_refs(self) -> list[str]:
        """The things that may be picked next, in the order the candidates name them."""
        if self.form is not None:
            return []
        k = len(self.partial)
        out: dict[str, None] = {}
        for a in self.candidates():
            if len(a["refs"]) > k:
                out.setdefault(a["refs"][k])
        return list(out)

    def pick(self, ref: str) -> Picked:
        """Pick ``ref`` on the table (a card, a zone, ``seat:N``)."""
        k = len(self.partial)
        kept = [a for a in self.candidates() if len(a["refs"]) > k and a["refs"][k] == ref]
        if not kept:
            return Picked()
        done = [a for a in kept if len(a["refs"]) == k + 1]
        more = [a for a in kept if len(a["refs"]) > k + 1]
        if len(done) == 1 and not more:
            self.reset()
            return Picked(choose=done[0])
        self.partial = [*self.partial, ref]
        return Picked(more=True)

    def back(self) -> bool:
        """Undo the last step (close the form, or the last pick); False if there is none."""
        if self.form is not None:
            self.form = None
            return True
        if self.partial:
            self.partial.pop()
            return True
        return False

    # ------------------------------------------------------------------ forms

    def open_form(self, form_id: str) -> None:
        for f in self.forms:
            if f["id"] == form_id:
                self.partial = []
                self.form = FormState(f, [set() for _ in f["fields"]])
                return

    def chosen_count(self, name: str) -> int:
        """How much is chosen in field ``name`` (each option counting its ``count``)."""
        assert self.form is not None
        for i, fld in enumerate(self.form.form["fields"]):
            if fld["name"] == name:
                return sum(fld["choices"][j].get("count", 1) for j in self.form.chosen[i])
        return 0

    def available(self, i: int, j: int) -> bool:
        """May option ``j`` of field ``i`` be chosen now (its ``needs`` are met)?"""
        assert self.form is not None
        needs = self.form.form["fields"][i]["choices"][j].get("needs")
        return needs is None or self.chosen_count(needs["field"]) >= needs["count"]

    def toggle(self, i: int, j: int) -> None:
        """Choose or unchoose option ``j`` of field ``i`` (exclusive, single and needs)."""
        if self.form is None:
            return
        fld = self.form.form["fields"][i]
        chosen = self.form.chosen[i]
        opt = fld["choices"][j]
        if j in chosen:
            chosen.discard(j)
        elif self.available(i, j):
            if not fld["multiple"] or opt.get("exclusive"):
                chosen.clear()
            else:
                for x in list(chosen):
                    if fld["choices"][x].get("exclusive"):
                        chosen.discard(x)
            chosen.add(j)
        for fi, picked in enumerate(self.form.chosen):  # drop options whose needs lapsed
            for x in list(picked):
                if not self.available(fi, x):
                    picked.discard(x)

    def field_filled(self, i: int) -> bool:
        assert self.form is not None
        fld = self.form.form["fields"][i]
        n = len(self.form.chosen[i])
        return n >= max(1, fld["min"]) if fld["multiple"] else n == 1

    def form_complete(self) -> bool:
        return self.form is not None and all(
            self.field_filled(i) for i in range(len(self.form.form["fields"]))
        )

    def sentence(self) -> str:
        """The form's sentence with each ``{field}`` replaced by its chosen labels."""
        if self.form is None:
            return ""
        form = self.form.form
        text = form["sentence"] or form["label"]
        for i, fld in enumerate(form["fields"]):
            labels = [fld["choices"][j]["label"] for j in sorted(self.form.chosen[i])]
            text = text.replace("{" + fld["name"] + "}", " and ".join(labels) or "…")
        return text

    def form_sends(self) -> list[str]:
        """The engine actions a complete form sends, in order."""
        assert self.form is not None
        form = self.form.form
        sends = list(form["start"])
        for i, fld in enumerate(form["fields"]):
            picked = [fld["choices"][j] for j in sorted(self.form.chosen[i])]
            for c in picked:
                sends.extend(c["send"])
            if not any(c.get("skip_end") for c in picked):
                sends.extend(fld["end"])
        return sends


def only_action(prompt: Prompt, realtime: bool) -> PromptAction | None:
    """The one thing this seat can do, when there is exactly one and no form, in a game
    that is not a race (in a race, waiting is a choice: the client never acts alone)."""
    if realtime or prompt["forms"] or len(prompt["actions"]) != 1:
        return None
    return prompt["actions"][0]


def refs_in(actions: Sequence[PromptAction]) -> set[str]:
    """Every ref the actions name."""
    return {r for a in actions for r in a["refs"]}

"""A move in people's words, from the prompt the table model builds for the seat: the
words the seat would have clicked (``Swap your 1st card for seat 2's 3rd card``), so a
hint or a review never shows notation.

A prompt's choice may take several engine steps (a swap is ``swap``, ``card 1``,
``seat 1``, ``card 3``). Given the steps a seat took, the move is the longest choice
they start with (:func:`say_move`); one step alone (a hint's, a review's better move) is
said by :func:`say_step`: its choice, or the group of choices it begins ("Swap: start
with this step…"), or the form it opens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from yuletide.core.registry import game_class
from yuletide.core.state import ReplayRecord, State
from yuletide.table import build
from yuletide.table.model import PromptAction, Table

#: How many of the seat's following steps may make up one move (a swap takes four).
MOVE_STEPS = 8


class SaidDecision(TypedDict):
    """A decision of a review in words: the move played and the better one."""

    #: Which of the game's moves it was (1: the first); its position is before it.
    move: int
    played: str
    played_refs: list[str]
    best: str
    best_refs: list[str]


def say_move(model: Table, steps: Sequence[str]) -> tuple[str, list[str], int]:
    """The words for the move that starts with ``steps`` (one or more notations, in
    order), the table refs it touches, and how many of ``steps`` the move takes: the
    longest whole choice of the prompt the steps start with, else the first step alone
    (:func:`say_step`)."""
    steps = list(steps)
    whole = [
        a for a in model["prompt"]["actions"] if a["send"] and steps[: len(a["send"])] == a["send"]
    ]
    if whole:
        best = max(whole, key=lambda a: len(a["send"]))
        return best["label"], list(best["refs"]), len(best["send"])
    if not steps:
        return "", [], 0
    label, refs, _ = say_step(steps[0], model)
    return label, refs, 1


def say_step(notation: str, model: Table) -> tuple[str, list[str], PromptAction | None]:
    """The words, the refs lit for it, and the prompt action (when it is one whole
    prompt action) of engine action ``notation`` as this seat's prompt offers it."""
    prompt = model["prompt"]
    starting = [a for a in prompt["actions"] if a["send"] and a["send"][0] == notation]
    main = [a for a in starting if not a.get("tool")] or starting
    if len(main) == 1:
        only = main[0]
        return only["label"], list(only["refs"]), only
    if main:
        # one step of a choice made in steps: its first step's targets, and the whole
        # choice in the words its buttons share
        firsts = list(dict.fromkeys(a["refs"][0] for a in main if a["refs"]))
        group = main[0].get("group") or "This move"
        return f"{group}: start with this step, then pick one of {len(main)} ways", firsts, None
    # a form (a question built from controls) begun by this step: its start, or the
    # first control's choice ("Offer the card to seat 2"), then the form(s) it opens
    opened: list[str] = []
    said = ""
    lit: list[str] = []
    for form in prompt["forms"]:
        if form["start"]:
            if form["start"][0] == notation:
                opened.append(form["label"])
            continue
        first = form["fields"][0] if form["fields"] else None
        for choice in first["choices"] if first is not None else []:
            if first is not None and choice["send"] and choice["send"][0] == notation:
                said = f"{first['label']} {choice['label']}"
                lit = list(choice.get("refs", []))
                opened.append(form["label"])
                break
    if opened:
        then = " or ".join(lower_first(label) for label in opened[:2])
        if len(opened) > 2:
            then += f" (or {len(opened) - 2} more)"
        return (f"{said}, then {then}" if said else f"{opened[0]}…"), lit, None
    return "Another move", [], None


def lower_first(text: str) -> str:
    """A label as the middle of a sentence ("Ask how…" -> "ask how…")."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def prompt_moves(model: Table) -> list[list[str]]:
    """The whole moves of the seat's prompt, each as the engine steps its button sends:
    what a hint's or a review's search follows a first step through
    (``bots.hints.follow_through``)."""
    return [list(a["send"]) for a in model["prompt"]["actions"] if a["send"]]


def prompt_moves_at(state: State, seat: int) -> list[list[str]]:
    """:func:`prompt_moves` of ``seat``'s prompt at ``state`` (built from its view and
    legal actions only): a review's ``moves_at`` (``bots.review.judge_steps``)."""
    legal = [str(a) for a in state.legal_actions(seat)]
    return prompt_moves(build(state.game_id, state.view(seat), legal, seat))


def say_decisions(
    record: ReplayRecord, seat: int, points: Sequence[tuple[int, str | Sequence[str]]]
) -> list[SaidDecision]:
    """Each ``(index, best)`` of a review in the words of ``seat``'s prompt at that place
    in the record: the move it played (its steps from ``index`` on) and the best one
    (a notation, or the steps of a move made in steps); replays the record once."""
    state = game_class(record.game).new(record.players, record.seed, **record.options)
    said: list[SaidDecision] = []
    at = 0
    for index, best in points:
        for who, text in record.actions[at:index]:
            state.apply(who, text)
        at = index
        legal = [str(a) for a in state.legal_actions(seat)]
        model = build(record.game, state.view(seat), legal, seat)
        steps = []
        for who, text in record.actions[index : index + MOVE_STEPS]:
            if who != seat:
                break
            steps.append(text)
        played, played_refs, _ = say_move(model, steps)
        best_words, best_refs, _ = say_move(model, [best] if isinstance(best, str) else best)
        said.append(
            {
                "move": index + 1,
                "played": played or "another move",
                "played_refs": played_refs,
                "best": best_words or "another move",
                "best_refs": best_refs,
            }
        )
    return said

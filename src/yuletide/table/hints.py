"""A hint in words: the strong bot's evaluation of a position said with the table's words.

The evaluation (``yuletide.bots.evaluation``) names actions by notation; people do not
read notation. This module matches each evaluated action to the seat's prompt (the
table model built from that same seat's view and legal actions) and says it as the
prompt's button says it, with the chance to win in plain words. Pure: it reads the
evaluation's plain JSON and the model, never a state, so it can hold no more than the
two of them.

A chance is said to the precision the evaluation earned: few playouts through an action
or a wide interval make it "about 40%" (rounded to tens) and mark the hint rough.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from yuletide.core.registry import games, spec

from .model import PromptAction, Table
from .say import prompt_moves, say_step

__all__ = ["Hint", "HintMove", "hint_words", "percent", "prompt_moves", "rough_game"]

#: Playouts through an action below which its chance is said roughly.
ROUGH_VISITS = 40
#: A 95% interval wider than this (high - low) makes the chance rough.
ROUGH_WIDTH = 0.3
#: Alternatives said after the recommended move.
ALTERNATIVES = 2


class HintMove(TypedDict):
    """One evaluated choice, in the prompt's words."""

    #: The choice in words ("Play your 1st card into slot 2").
    label: str
    #: Its chance in words ("41% to win", "about 40% to win").
    chance: str
    #: The estimated win chance, 0 to 1.
    win: float
    rough: bool
    #: What the table lights for it: the card, zone or seat ids its first step is
    #: clicked by, in click order (empty: a button with no place on the table).
    refs: list[str]
    #: True when ``refs`` are alternatives (the first step of a choice made in steps
    #: may go on any of them), not one move's clicks in order.
    any_of: NotRequired[bool]
    #: The prompt action's id when the move is one whole prompt action (its button).
    action: NotRequired[str]
    #: The engine actions of the whole move when it is one prompt action.
    send: NotRequired[list[str]]


class Hint(TypedDict):
    """A hint for one seat at one version: the recommended move first."""

    moves: list[HintMove]
    #: The whole hint in one paragraph ("Recommended: ...; or ...").
    text: str
    rough: bool
    #: Rough because the game's chances are (its manifest), not for want of playouts.
    rough_game: bool
    #: Playouts the evaluation ran in all (the following steps' too).
    iterations: int


def percent(win: float, rough: bool) -> str:
    """A win chance in words: ``41% to win``; rough: ``about 40% to win``."""
    win = min(1.0, max(0.0, win))
    if rough:
        return f"about {round(win * 10) * 10}% to win"
    value = round(win * 100)
    if value == 100 and win < 1.0:
        return "over 99% to win"
    if value == 0 and win > 0.0:
        return "under 1% to win"
    return f"{value}% to win"


def rough_game(game_id: str) -> bool:
    """Whether the evaluation's chances are only roughly right in this game (its
    manifest's ``hard.rough``, from bench/calibration.py's verdict)."""
    return game_id in games() and spec(game_id).hard.rough


def _rough(entry: Mapping[str, Any]) -> bool:
    visits = int(entry.get("visits", 0))
    width = float(entry.get("high", 1.0)) - float(entry.get("low", 0.0))
    return visits < ROUGH_VISITS or width > ROUGH_WIDTH


def _whole(model: Table, steps: list[str]) -> PromptAction | None:
    """The prompt's action sent by exactly ``steps`` (a table move before a side move)."""
    made = [a for a in model["prompt"]["actions"] if a["send"] == steps]
    made.sort(key=lambda a: bool(a.get("tool")))
    return made[0] if made else None


def hint_words(
    evaluation: Mapping[str, Any], model: Table, *, alternatives: int = ALTERNATIVES
) -> Hint:
    """The hint of ``evaluation`` (plain JSON: ``actions``, each with ``action`` — its
    notation — ``win``, ``low``, ``high``, ``visits``; best first; ``follow``: for
    an action that is the first step of a move made in steps, the steps completing it)
    in the words of ``model``, the same seat's table at the same position."""
    entries: Sequence[Mapping[str, Any]] = evaluation.get("actions") or []
    # a game where the evaluation is only roughly calibrated: every chance in tens
    game_rough = rough_game(str(evaluation.get("game_id", "")))
    moves: list[HintMove] = []
    seen: set[str] = set()
    follows: Mapping[str, Sequence[Mapping[str, Any]]] = evaluation.get("follow") or {}
    for entry in entries:
        label, refs, whole = say_step(str(entry["action"]), model)
        follow = follows.get(str(entry["action"]))
        if follow:
            # a move made in steps: said as the whole move they make, with the first
            # step's chance (on the same footing as the other moves')
            steps = [str(entry["action"])] + [str(f["action"]) for f in follow]
            made = _whole(model, steps)
            if made is not None:
                label, refs, whole = made["label"], list(made["refs"]), made
        if label in seen:
            continue
        seen.add(label)
        rough = game_rough or _rough(entry)
        win = float(entry["win"])
        move: HintMove = {
            "label": label,
            "chance": percent(win, rough),
            "win": win,
            "rough": rough,
            "refs": refs,
        }
        if whole is not None:
            move["action"] = whole["id"]
            move["send"] = list(whole["send"])
        elif len(refs) > 1:
            move["any_of"] = True
        moves.append(move)
        if len(moves) > alternatives:
            break
    rough = any(m["rough"] for m in moves)
    parts = [f"{m['label']} — {m['chance']}" for m in moves]
    text = ""
    if parts:
        text = "Best: " + parts[0]
        if len(parts) > 1:
            text += ". Or: " + "; ".join(parts[1:])
        text += "."
        if game_rough:
            text += " (Rough: in this game the bot's chances are only roughly right.)"
        elif rough:
            text += " (A rough guess: few playouts.)"
    return {
        "moves": moves,
        "text": text,
        "rough": rough,
        "rough_game": game_rough,
        "iterations": int(evaluation.get("iterations", 0))
        + sum(int(f.get("iterations", 0)) for steps in follows.values() for f in steps),
    }

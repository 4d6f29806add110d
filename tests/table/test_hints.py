"""A hint in words (yuletide.table.hints): each evaluated action said as the seat's prompt
says it, chances to the precision the evaluation earned, and every game's every legal
action at some position said in words, never as notation."""

from __future__ import annotations

import random
from typing import Any

import pytest

import yuletide
from yuletide import table as table_model
from yuletide.core.registry import games, spec
from yuletide.table.hints import hint_words, percent
from yuletide.table.model import Table


def entry(action: str, win: float, *, visits: int = 400, width: float = 0.1) -> dict[str, Any]:
    return {
        "action": action,
        "win": win,
        "low": max(0.0, win - width / 2),
        "high": min(1.0, win + width / 2),
        "score": None,
        "visits": visits,
    }


def test_chances_in_words() -> None:
    assert percent(0.414, False) == "41% to win"
    assert percent(0.414, True) == "about 40% to win"
    assert percent(0.999, False) == "over 99% to win"
    assert percent(0.001, False) == "under 1% to win"
    assert percent(1.0, False) == "100% to win"
    assert percent(0.0, False) == "0% to win"


def model_at(game: str, seed: int, steps: int, players: int | None = None) -> tuple[Table, int]:
    """The table model of the first seat with a choice, after ``steps`` random moves (or
    fewer: the last position where some seat had a choice)."""
    state = yuletide.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)

    def chooser(st: Any) -> int | None:
        return next((s for s in sorted(st.to_act) if st.legal_actions(s)), None)

    for _ in range(steps):
        seat = chooser(state)
        if state.outcome.over or seat is None:
            break
        after = state.clone()
        after.apply(seat, rng.choice(after.legal_actions(seat)))
        if after.outcome.over or chooser(after) is None:
            break
        state = after
    seat = chooser(state)
    assert seat is not None
    legal = [str(a) for a in state.legal_actions(seat)]
    return table_model.build(game, state.view(seat), legal, seat), seat


def test_a_christmas_lights_hint_is_the_prompts_words() -> None:
    model, _seat = model_at("christmas-lights", 2, 0, players=3)
    actions = [a for a in model["prompt"]["actions"] if not a.get("tool")]
    first, second, third = actions[0], actions[1], actions[2]
    evaluation = {
        "iterations": 1000,
        "actions": [
            entry(first["send"][0], 0.41),
            entry(second["send"][0], 0.35, visits=12, width=0.5),
            entry(third["send"][0], 0.2),
        ],
    }
    hint = hint_words(evaluation, model)
    best, rough, other = hint["moves"]
    assert best["label"] == first["label"] and best["chance"] == "41% to win"
    assert best["refs"] == first["refs"] and best["send"] == first["send"]
    assert rough["rough"] and rough["chance"] == "about 40% to win"
    assert other["chance"] == "20% to win"
    assert hint["rough"]
    assert hint["text"] == (
        f"Best: {first['label']} — 41% to win. Or: {second['label']} — about 40% to win;"
        f" {third['label']} — 20% to win. (A rough guess: few playouts.)"
    )


def test_a_rough_games_chances_are_said_in_tens_and_called_rough() -> None:
    """Where the calibration found the evaluation rough (the manifest's hard.rough),
    every chance is said in tens, however many playouts it had, and the hint says why."""
    rough = [g for g in games() if spec(g).hard.rough]
    assert rough, "the calibration found some game rough (bench/calibration.json)"
    game = rough[0]
    model, _seat = model_at(game, 2, 0)
    actions = [a for a in model["prompt"]["actions"] if not a.get("tool")]
    evaluation = {
        "game_id": game,
        "iterations": 1000,
        "actions": [entry(actions[0]["send"][0], 0.414, visits=900, width=0.02)],
    }
    hint = hint_words(evaluation, model)
    assert hint["moves"][0]["chance"] == "about 40% to win"
    assert hint["rough"] and hint["rough_game"]
    assert hint["text"].endswith("(Rough: in this game the bot's chances are only roughly right.)")


def test_a_step_of_a_longer_move_lights_its_first_targets() -> None:
    """Christmas Lights' marks are sent in two steps (the mark, then the card): a hint
    naming the first step lights each card it may go on and says so in words."""
    model, _seat = model_at("christmas-lights", 2, 0, players=3)
    hint = hint_words({"iterations": 10, "actions": [entry("mark sideways", 0.5)]}, model)
    move = hint["moves"][0]
    assert move["label"].startswith("Mark: start with this step")
    assert move["refs"] and all(r.startswith("hand:") for r in move["refs"])
    assert move["any_of"] is True  # each card is a first click, not a sequence
    assert "send" not in move


@pytest.mark.parametrize("game", yuletide.games())
def test_every_legal_action_is_said_in_words(game: str) -> None:
    """At a few positions of every game, each legal action of the seat to act is said
    by the prompt's words (or a question it begins), never left as "Another move"."""
    for steps in (0, 7, 23):
        model, _seat = model_at(game, 3, steps)
        legal = [send for a in model["prompt"]["actions"] for send in a["send"][:1]]
        for f in model["prompt"]["forms"]:
            if f["start"]:
                legal.append(f["start"][0])
            elif f["fields"]:
                legal.extend(c["send"][0] for c in f["fields"][0]["choices"] if c["send"])
        for notation in dict.fromkeys(legal):
            hint = hint_words({"iterations": 1, "actions": [entry(notation, 0.5)]}, model)
            label = hint["moves"][0]["label"]
            assert label != "Another move", (game, steps, notation)
            assert label != notation or " " in label, (game, notation)

"""Every game's table model over real games: at every player count, random games are
walked and, at each step, the model of every seat and of a spectator is built from the
view and checked (yuletide.table.check): sound shape, refs on the table, colours with
glyphs, the prompt offering exactly the legal actions. Every log event is put in words.
The model is a function of the view alone: a JSON round trip of the view gives the same
model."""

from __future__ import annotations

import json
import random

import pytest

from yuletide.core.registry import game_class, games, new_game
from yuletide.table import build, module_for, reveal
from yuletide.table.check import problems

CASES = [
    (g, n) for g in games() for n in range(game_class(g).min_players, game_class(g).max_players + 1)
]


def _walk(game: str, players: int, seed: int, steps: int = 400):
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for step in range(steps):
        yield step, state
        if state.outcome.over:
            return
        seat = rng.choice(sorted(state.to_act))
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_models_are_sound_through_whole_games(game: str, players: int) -> None:
    mod = module_for(game)
    said = 0
    cls = game_class(game)
    # Two games at the smallest and largest table, one in between (the suite's time).
    seeds = (1, 2) if players in (cls.min_players, cls.max_players) else (1,)
    for seed in seeds:
        seen_events = 0
        last = None
        for step, state in _walk(game, players, seed):
            seats: list[int | None] = [*range(players), None]
            if step % 3 and not state.outcome.over:
                seats = sorted(state.to_act)
            models = []
            for seat in seats:
                view = state.view(seat)
                legal = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
                model = build(game, view, legal, seat)
                bad = problems(model, legal)
                assert not bad, f"{game} {players}p seed {seed} step {step} seat {seat}: {bad}"
                again = build(game, json.loads(json.dumps(view)), legal, seat)
                assert again == model, "the model is not a function of the view"
                models.append(model)
                if state.outcome.over:
                    assert model["result"] is not None, "a finished game shows its result"
            for seat in (0, None):
                for event in state.events(seat, seen_events if seat == 0 else 0)[-20:]:
                    words = mod.describe(event, seat)
                    assert isinstance(words["text"], str) and words["text"].strip()
                    said += 1
            seen_events = len(state.log)
            last = (state, models)
        assert last is not None
        state, models = last
        if state.outcome.over:
            spectator = build(game, state.view(None), [], None)
            full = reveal([m for m in models if m["seat"] is not None], spectator)
            assert not problems(full, [])
    assert said > 0

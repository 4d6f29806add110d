"""A hint's search followed through a move made in steps (yuletide.bots.hints): the
best first step, then the seat's next steps evaluated from its window after each, until
the steps make one whole move of its prompt. In every game with such moves, at
positions along random games, the answer is the same in a world the seat cannot tell
apart (the conformance suite's ``another_world``), and the steps found are a move the
prompt offers."""

from __future__ import annotations

import random

import pytest

import yuletide
from yuletide import table as table_model
from yuletide.bots.base import SeatWindow
from yuletide.bots.hints import follow_through, hint_evaluation
from yuletide.core.conformance import another_world
from yuletide.core.rng import Rng
from yuletide.core.state import State
from yuletide.table.hints import hint_words, prompt_moves

#: Small budgets: three searches a step, in every world.
ITERATIONS = 12
#: Positions looked at per game, and the random games they are taken from.
POSITIONS = 3
SEEDS = 12


def positions(game: str) -> list[tuple[State, int, list[list[str]]]]:
    """Positions along random games where the seat to move has a move made in steps:
    each with that seat and its prompt's moves."""
    found: list[tuple[State, int, list[list[str]]]] = []
    for seed in range(SEEDS):
        state = yuletide.new_game(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 60)):
            if state.outcome.over:
                break
            seat = min(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.outcome.over or not state.to_act:
            continue
        seat = min(state.to_act)
        legal = [str(a) for a in state.legal_actions(seat)]
        if len(legal) < 2:
            continue
        model = table_model.build(game, state.view(seat), legal, seat)
        moves = prompt_moves(model)
        if any(len(m) > 1 for m in moves):
            found.append((state, seat, moves))
            if len(found) == POSITIONS:
                break
    return found


@pytest.mark.parametrize("game", yuletide.games())
def test_a_move_in_steps_is_followed_through_from_the_seats_window_only(game: str) -> None:
    rng = Rng(0xF011)
    for state, seat, moves in positions(game):
        # the first steps of the longest moves (a swap's before a mark's), two a position
        longest = sorted((m for m in moves if len(m) > 1), key=len, reverse=True)
        for first in list(dict.fromkeys(m[0] for m in longest))[:2]:
            mine = follow_through(state, seat, first, moves, iterations=ITERATIONS, seconds=None)
            assert mine, f"{game}: {first!r} begins longer moves but was not followed"
            steps = [first] + [f["action"] for f in mine]
            assert steps in moves, f"{game}: the steps {steps} are no move of the prompt"
            for _ in range(2):
                other = another_world(state, seat, rng)
                theirs = follow_through(
                    other, seat, first, moves, iterations=ITERATIONS, seconds=None
                )
                assert theirs == mine, (
                    f"{game} step={len(state.history)} seat={seat}: following {first!r}"
                    " differs in a world the seat cannot tell apart"
                )


def test_the_test_catches_a_follow_through_that_reads_the_truth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Searches whose worlds are the true state (a leak) follow a move differently in
    another world: the test above would fail for them."""

    def truth(self: SeatWindow, rng: Rng) -> State:
        world = self._state.clone()
        world.rng = rng.fork()
        return world

    monkeypatch.setattr(SeatWindow, "determinize", truth)
    rng = Rng(3)
    differed = False
    for state, seat, moves in positions("untangle"):
        for first in dict.fromkeys(m[0] for m in moves if len(m) > 1):
            mine = follow_through(state, seat, first, moves, iterations=60, seconds=None)
            other = another_world(state, seat, rng)
            differed |= (
                follow_through(other, seat, first, moves, iterations=60, seconds=None) != mine
            )
    assert differed


def test_a_christmas_lights_swap_is_hinted_as_the_whole_swap() -> None:
    """The search's best first step "swap" alone would read "Swap: start with this
    step…"; followed through, the hint names the swap — your card, the player, their
    card — lights its cards in click order, and sends it whole."""
    for seed in range(200):
        state = yuletide.new_game("christmas-lights", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.outcome.over:
            seat = min(state.to_act)
            if "swap" in [str(a) for a in state.legal_actions(seat)]:
                break
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        else:
            continue
        legal = [str(a) for a in state.legal_actions(seat)]
        model = table_model.build("christmas-lights", state.view(seat), legal, seat)
        moves = prompt_moves(model)
        follow = follow_through(state, seat, "swap", moves, iterations=ITERATIONS, seconds=None)
        assert [f["action"].split()[0] for f in follow] == ["card", "seat", "card"]
        evaluation = {
            "game_id": "christmas-lights",
            "iterations": 10,
            "actions": [{"action": "swap", "win": 0.42, "low": 0.4, "high": 0.44, "visits": 900}],
            "follow": {"swap": follow},
        }
        move = hint_words(evaluation, model)["moves"][0]
        whole = next(
            a
            for a in model["prompt"]["actions"]
            if a["send"] == ["swap"] + [f["action"] for f in follow]
        )
        assert move["label"] == whole["label"] and move["label"].startswith("Swap your ")
        assert move["refs"] == whole["refs"] and move["send"] == whole["send"]
        # the first step's chance, in tens (the game's chances are rough)
        assert move["chance"] == "about 40% to win"
        assert "any_of" not in move
        return
    raise AssertionError("no Christmas Lights position with a swap in 200 deals")


def test_the_hint_evaluation_follows_its_best_moves_through() -> None:
    """``hint_evaluation`` with the prompt's moves follows each of its three best actions
    that is a first step; the hint names each whole move; its playouts in all are the
    first step's and the following steps' (half the budget a step for the best move, a
    quarter for the others)."""
    for state, seat, moves in positions("twinkling-lights"):
        found = hint_evaluation(state, seat, iterations=40, seconds=None, seed=2, moves=moves)
        best = found["actions"][0]["action"]
        if best not in found.get("follow", {}):
            continue
        legal = [str(a) for a in state.legal_actions(seat)]
        model = table_model.build("twinkling-lights", state.view(seat), legal, seat)
        hint = hint_words(found, model)
        playouts = 40
        for i, entry in enumerate(found["actions"][:3]):
            follow = found["follow"].get(entry["action"], [])
            steps = [entry["action"]] + [f["action"] for f in follow]
            assert steps in moves, f"{steps} is a whole move of the prompt"
            assert all(f["iterations"] == (20 if i == 0 else 10) for f in follow)
            playouts += sum(f["iterations"] for f in follow)
        assert hint["moves"][0]["send"] == [best] + [f["action"] for f in found["follow"][best]]
        assert all("start with this step" not in m["label"] for m in hint["moves"])
        assert hint["iterations"] == playouts
        return
    raise AssertionError("no Twinkling Lights position whose best move is made in steps")


def test_a_rough_games_hint_says_its_chances_in_tens() -> None:
    """The evaluation names its game, so a hint in a game whose chances are only roughly
    right (Christmas Lights, by its calibration) says them in tens and says why."""
    state, seat, moves = positions("christmas-lights")[0]
    found = hint_evaluation(state, seat, iterations=40, seconds=None, seed=1, moves=moves)
    assert found["game_id"] == "christmas-lights"
    legal = [str(a) for a in state.legal_actions(seat)]
    hint = hint_words(found, table_model.build("christmas-lights", state.view(seat), legal, seat))
    assert hint["rough_game"]
    assert all(m["chance"].startswith("about ") for m in hint["moves"]), hint["moves"]
    assert hint["text"].endswith("(Rough: in this game the bot's chances are only roughly right.)")

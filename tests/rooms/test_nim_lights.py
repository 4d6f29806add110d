"""Nim Lights, the test-only 16th game (tests/rooms/nim_lights): its rules, one test per
rule (N0-N5) and option; then the very checks every shipped game gets, called with this
game: the conformance suite (tests/test_conformance.py), the table-model walk
(tests/table/test_models.py), the bot levels (tests/bots/test_levels.py) and a match,
PettingZoo's api_test and seed_test (tests/rl/test_pettingzoo_env.py) and OpenSpiel's
random_sim_test and ISMCTS bot (tests/rl/test_openspiel_games.py).

The game is registered for this module only (tests/rooms/conftest.py); nothing outside
its room was changed to make any of this pass."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest

import yuletide
from yuletide.bots import LEVELS, SeatWindow, level_bot, make_bot
from yuletide.core import IllegalAction, NotationError, Rng
from yuletide.core.manifest import GameSpec
from yuletide.core.registry import games, new_game
from yuletide.sim import play_match

GAME = "nim-lights"
COUNTS = (2, 3)
#: The PettingZoo warnings every env with Dict observations gets (as in its test).
PZ_WARNINGS = (
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def suite(name: str) -> ModuleType:
    """A shipped test module, by the name pytest gives it (tests/ is on sys.path):
    its test functions are called with this game, so it passes the very same checks."""
    return importlib.import_module(name)


def game(players: int = 2, seed: int = 0, **options: Any) -> Any:
    """A new game, typed loosely so a test can set its fields."""
    return new_game(GAME, players=players, seed=seed, **options)


def setup(
    hands: list[list[int]], string: list[int], top: list[int] | None = None, *, players: int = 2
) -> Any:
    """A game with the given hands (counts of red, green, blue) and string (the lit bulb
    last); the pile is every other card, ``top`` on top (its last card drawn first), or
    empty with ``top=[]`` and no card left. Every card is kept exactly once."""
    state = game(players)
    rest = [c for c in range(3) for _ in range(5)]
    for card in [*string, *(c for h in hands for c in range(3) for _ in range(h[c]))]:
        rest.remove(card)
    for card in top or []:
        rest.remove(card)
    state.hands, state.string, state.pile = hands, string, [*rest, *(top or [])]
    assert sorted(state.inventory()) == sorted(state.box())
    return state


def fails(state: Any, seat: int, text: str, reason: str, rule: str) -> None:
    """``text`` is illegal for ``seat``, for ``reason`` under ``rule``, and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, text)
    assert reason in err.value.reason and rule in str(err.value.rule)
    assert state.to_json() == before


# ------------------------------------------------------------------ the rules


def test_registered_for_this_module_only(room: GameSpec) -> None:
    assert GAME in games() and yuletide.spec(GAME) is room
    shipped = subprocess.run(
        [sys.executable, "-c", "import json, yuletide; print(json.dumps(yuletide.games()))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert GAME not in json.loads(shipped) and len(json.loads(shipped)) == 15


@pytest.mark.parametrize("players", COUNTS)
def test_n0_the_deal(players: int) -> None:
    """15 cards, five of each colour; 3 each, one lit, the rest the pile; seat 0 starts."""
    state = game(players, seed=4)
    assert sorted(state.box()) == sorted(["red"] * 5 + ["green"] * 5 + ["blue"] * 5)
    assert [sum(h) for h in state.hands] == [3] * players
    assert len(state.string) == 1 and len(state.pile) == 15 - 3 * players - 1
    assert state.to_act == {0}
    view = state.view(1)
    assert view["hand_sizes"] == [3] * players and len(view["hand"]) == 3
    assert state.view(None)["hand"] is None


def test_n1_a_bulb_follows_the_lit_colour_or_the_next() -> None:
    state = setup([[1, 1, 1], [0, 0, 3]], [0])
    assert [str(a) for a in state.legal_actions(0)] == ["play red", "play green", "draw", "pass"]
    fails(state, 0, "play blue", "cannot follow the lit red bulb", "N1 Following")
    state.apply(0, "play green")
    assert state.view(0)["lit"] == "green" and state.to_act == {1}
    assert [str(a) for a in state.legal_actions(1)] == ["play blue", "draw", "pass"]


def test_n1_you_play_only_what_you_hold() -> None:
    state = setup([[0, 3, 0], [3, 0, 0]], [1])
    fails(state, 0, "play red", "you hold no red bulb", "N1 Following")


def test_n2_a_draw_is_shown_to_the_drawer_only() -> None:
    state = setup([[1, 1, 1], [1, 1, 1]], [0], [1])
    state.apply(0, "draw")
    assert state.hands[0] == [1, 2, 1] and len(state.pile) == 7
    assert state.events(0)[-1] == {"type": "draw", "seat": 0, "card": "green"}
    assert state.events(1)[-1] == {"type": "draw", "seat": 0}
    assert state.events(None)[-1] == {"type": "draw", "seat": 0}


def test_n2_no_draw_from_an_empty_pile() -> None:
    state = setup([[2, 2, 2], [2, 3, 3]], [0])
    assert "draw" not in [str(a) for a in state.legal_actions(0)]
    fails(state, 0, "draw", "the pile is empty", "N2 Drawing")


def test_n3_you_may_always_pass() -> None:
    state = setup([[1, 1, 1], [1, 1, 1]], [0])
    assert "pass" in [str(a) for a in state.legal_actions(0)]
    state.apply(0, "pass")
    assert state.to_act == {1} and not state.outcome.over


def test_n4_the_first_to_empty_their_hand_wins() -> None:
    state = setup([[1, 0, 0], [2, 2, 2]], [0])
    state.apply(0, "play red")
    out = state.outcome
    assert out.status == "finished" and out.winners == (0,) and out.ranks == (1, 2)
    assert state.events(1)[-1] == {"type": "out", "seat": 0} and state.to_act == set()


def test_n5_the_string_goes_dark_and_the_fewest_cards_win_ties_shared() -> None:
    state = setup([[1, 1, 1], [0, 1, 2], [2, 1, 0]], [0], players=3)
    for seat in range(3):
        state.apply(seat, "pass")
    out = state.outcome
    assert out.status == "finished" and out.winners == (0, 1, 2)
    assert out.tiebreak == "tied on fewest cards: shared victory"
    state = setup([[1, 1, 0], [1, 1, 2]], [0])
    state.apply(0, "pass")
    state.apply(1, "pass")
    assert state.outcome.winners == (0,) and state.outcome.tiebreak is None


def test_option_turn_limit_ends_the_game_unfinished() -> None:
    state = game(2, seed=1, turn_limit=2)
    state.apply(0, "draw")
    state.apply(1, "draw")
    assert state.outcome.status == "unfinished" and state.to_act == set()
    assert state.outcome.reason == "turn limit of 2 reached"


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = game(3, seed=9)
    state.apply(0, "draw")
    worlds = [state.determinize(1, Rng(k)) for k in range(8)]
    for world in worlds:
        assert world.hands[1] == state.hands[1] and world.string == state.string
        assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
        assert len(world.pile) == len(state.pile)
        assert sorted(world.inventory()) == sorted(world.box())
    assert len({json.dumps([w.hands[0], w.pile]) for w in worlds}) > 1


def test_notation() -> None:
    cls = yuletide.game_class(GAME)
    assert [str(a) for a in cls.action_space(2)] == [
        "play red",
        "play green",
        "play blue",
        "draw",
        "pass",
    ]
    assert cls.parse_action("  PLAY   Green ") == cls.action_space(2)[1]
    with pytest.raises(NotationError, match="'play <colour>'"):
        cls.parse_action("play gold")


# ------------------------------------------- the checks every shipped game gets


@pytest.mark.parametrize("players", COUNTS)
def test_conformance_suite(players: int) -> None:
    """tests/test_conformance.py's four per-game tests, with this game."""
    tc = suite("test_conformance")
    tc.test_random_play_ends_conserves_cards_and_fast_path_agrees(GAME, players)
    tc.test_no_leak_on_any_channel_determinize_canonical_and_learning_by_events(GAME, players)
    tc.test_json_save_and_replay_round_trips(GAME, players)
    tc.test_determinism_across_processes(GAME, players)


@pytest.mark.parametrize("players", COUNTS)
def test_table_models(players: int) -> None:
    """tests/table/test_models.py's walk, with this game."""
    suite("table.test_models").test_models_are_sound_through_whole_games(GAME, players)


def test_bot_levels_and_a_match() -> None:
    """tests/bots/test_levels.py's level check, with this game; then every level plays a
    whole match through the match runner."""
    suite("bots.test_levels").test_every_game_has_the_three_levels(GAME)
    for players in COUNTS:
        bots = [level_bot(LEVELS[s % 3], GAME, s, iterations=20) for s in range(players)]
        result = play_match(GAME, bots, seed=players, checked=True)
        assert result.outcome.status == "finished" and result.decisions > 0
        assert yuletide.replay(result.record).to_json() == result.state.to_json()
    easy = make_bot("easy", 1, GAME)
    state = game(2, seed=3)
    assert easy.act(SeatWindow(state, 0)) in state.legal_actions(0)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.filterwarnings(PZ_WARNINGS[0])
@pytest.mark.filterwarnings(PZ_WARNINGS[1])
def test_pettingzoo_api_and_seed_tests(players: int) -> None:
    """tests/rl/test_pettingzoo_env.py's api_test and seed_test, with this game."""
    pytest.importorskip("pettingzoo")
    suite("rl.test_pettingzoo_env").test_pettingzoo_api_and_seed_tests(GAME, players)


@pytest.mark.parametrize("players", COUNTS)
def test_openspiel(players: int) -> None:
    """OpenSpiel registers games at run time (``register_all`` again picks up a game
    registered since); then tests/rl/test_openspiel_games.py's random_sim_test and
    ISMCTS bot, with this game."""
    pytest.importorskip("pyspiel")
    yo = importlib.import_module("yuletide.rl.openspiel")
    assert yo.register_all()[GAME] == "yuletide_nim_lights"
    to = suite("rl.test_openspiel_games")
    to.test_openspiel_random_sim_test(GAME, players)
    to.test_openspiel_ismcts_bot_plays_every_game(GAME)

"""The conformance suite (yuletide.core.conformance) over every registered game, at every
legal player count, over many seeds (DESIGN.md, "Invariants every game proves")."""

from __future__ import annotations

import pytest

import yuletide
from yuletide.core import conformance

CASES = [
    (game_id, n)
    for game_id in yuletide.games()
    for n in range(
        yuletide.game_class(game_id).min_players, yuletide.game_class(game_id).max_players + 1
    )
]
IDS = [f"{g}-{n}p" for g, n in CASES]

#: Random games per case: at least MIN_SEEDS, more while the decisions played stay under
#: DECISION_BUDGET (up to MAX_SEEDS), so short games get many seeds and long games
#: (1,000-5,000 decisions) still get several without dominating the suite's time.
MIN_SEEDS, MAX_SEEDS, DECISION_BUDGET = 3, 8, 6000
#: States probed per leak-check game: about this many, evenly spaced.
LEAK_PROBES = 40


def _length(game_id: str, players: int, seed: int) -> int:
    """How many decisions the random game of ``seed`` takes (fast path, no checks)."""
    return len(conformance.random_game(game_id, players, seed, checked=False).history)


def test_registry_has_the_foundation_games() -> None:
    assert {"looney-lights", "wheres-that-bulb"} <= set(yuletide.games())
    assert len(CASES) >= 10


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_random_play_ends_conserves_cards_and_fast_path_agrees(game_id: str, players: int) -> None:
    statuses = set()
    played = 0
    for seed in range(MAX_SEEDS):
        if seed >= MIN_SEEDS and played >= DECISION_BUDGET:
            break
        state = conformance.check_random_play(game_id, players, seed)
        statuses.add(state.outcome.status)
        played += len(state.history)
    assert "finished" in statuses


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_no_leak_through_view_actions_log_or_errors(game_id: str, players: int) -> None:
    made = redealt = 0
    for seed in range(3):
        every = max(7, _length(game_id, players, 100 + seed) // LEAK_PROBES)
        m, r = conformance.check_no_leak(game_id, players, 100 + seed, every=every)
        made += m
        redealt += r
    assert made >= 3 * players
    # Not vacuous: determinize really re-dealt hidden cards in some samples.
    assert redealt > 0


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_json_save_and_replay_round_trips(game_id: str, players: int) -> None:
    for seed in range(3):
        conformance.check_round_trips(game_id, players, 200 + seed)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_determinism_across_processes(game_id: str, players: int) -> None:
    digest = conformance.check_determinism(game_id, players, 300 + players)
    assert digest != conformance.trajectory_digest(game_id, players, 301 + players)


def test_leak_check_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The leak check can fail: a view that shows another seat's hand is caught."""
    from yuletide.games.christmas_lights.looney_lights import LooneyLights, _hand_names

    original = LooneyLights.view

    def leaky(self: LooneyLights, seat: int | None) -> dict[str, object]:
        view = original(self, seat)
        view["spied"] = _hand_names(self.hands[(seat or 0) + 1 - self.players])
        return view

    monkeypatch.setattr(LooneyLights, "view", leaky)
    with pytest.raises(conformance.ConformanceError, match="leaks"):
        conformance.check_no_leak("looney-lights", 3, 1, every=5)


def test_conservation_check_catches_a_lost_card(monkeypatch: pytest.MonkeyPatch) -> None:
    from yuletide.games.christmas_lights.looney_lights import LooneyLights

    original = LooneyLights.inventory
    monkeypatch.setattr(LooneyLights, "inventory", lambda self: original(self)[1:])
    with pytest.raises(conformance.ConformanceError, match="missing or duplicated"):
        conformance.check_random_play("looney-lights", 2, 0)

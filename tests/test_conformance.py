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
#: Leak-check games per case: at least LEAK_SEEDS_MIN, more (up to LEAK_SEEDS_MAX) while
#: their decisions stay under LEAK_DECISION_BUDGET; about LEAK_PROBES states of each game
#: are probed, evenly spaced, plus the last.
LEAK_SEEDS_MIN, LEAK_SEEDS_MAX, LEAK_DECISION_BUDGET = 4, 12, 3000
LEAK_PROBES = 45


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
def test_no_leak_on_any_channel_determinize_canonical_and_learning_by_events(
    game_id: str, players: int
) -> None:
    """The leak proof (conformance.leak_check_at) along random games: every channel of
    every seat and the spectator, the canonical-determinize property (section 1) and
    learning only through events (section 2), in every phase the game names."""
    report = conformance.LeakReport()
    decisions = 0
    for seed in range(LEAK_SEEDS_MAX):
        if seed >= LEAK_SEEDS_MIN and decisions >= LEAK_DECISION_BUDGET:
            break
        length = _length(game_id, players, 100 + seed)
        decisions += length
        every = max(3, length // LEAK_PROBES)
        report.add(conformance.check_no_leak(game_id, players, 100 + seed, every=every))
    assert report.made >= LEAK_SEEDS_MIN * players
    # Not vacuous: determinize really re-dealt hidden cards, and actions were tried.
    assert report.redealt > 0
    assert report.tried > 0
    phases = yuletide.game_class(game_id).phases
    missing = [p for p in phases if p not in report.phases]
    assert not missing, f"the leak check never reached phase(s) {missing} of {game_id}"


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

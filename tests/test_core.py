"""The core protocol: RNG, options, registry, the checked path, saves and replays."""

from __future__ import annotations

import json

import pytest

import yuletide
from yuletide import CorruptSave, IllegalAction, InvalidOption, NotationError
from yuletide.core.rng import Rng, derive_seed
from yuletide.core.state import Outcome, ReplayRecord, competition_ranks

# --------------------------------------------------------------------- the RNG


def test_rng_is_splitmix64_with_known_outputs() -> None:
    """Same numbers on every platform and Python version (reference SplitMix64 values)."""
    rng = Rng(1234567)
    assert [rng.next64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_rng_below_stays_in_range_and_covers_it() -> None:
    rng = Rng(1)
    seen = {rng.below(6) for _ in range(600)}
    assert seen == set(range(6))
    with pytest.raises(ValueError, match="n >= 1"):
        rng.below(0)


def test_rng_shuffle_is_a_seeded_permutation() -> None:
    a, b = list(range(20)), list(range(20))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b
    assert sorted(a) == list(range(20))
    assert a != list(range(20))


def test_derive_seed_separates_streams() -> None:
    seeds = {derive_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert derive_seed(7, 3) == derive_seed(7, 3)
    assert all(0 <= s < 2**63 for s in seeds)


def test_rng_random_is_a_unit_float() -> None:
    rng = Rng(3)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6


# ----------------------------------------------------------- registry, options


def test_games_lists_registered_ids_and_is_a_function() -> None:
    assert callable(yuletide.games)
    assert yuletide.games() == sorted(yuletide.games())
    assert "looney-lights" in yuletide.games()


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(InvalidOption, match=r"no game 'uno'; games: .*looney-lights"):
        yuletide.new_game("uno")


@pytest.mark.parametrize("players", [1, 7, "4", 4.0, None])
def test_bad_player_count_says_what_is_allowed(players: object) -> None:
    if players is None:  # None means the game's default
        assert yuletide.new_game("looney-lights", players=None).players == 4
        return
    with pytest.raises(InvalidOption, match="looney-lights is for 2 to 6 players"):
        yuletide.new_game("looney-lights", players=players)  # type: ignore[arg-type]


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(InvalidOption, match="has no option 'speed'; its options are: turn_limit"):
        yuletide.new_game("looney-lights", players=2, speed=3)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "a whole number from 1 to 2500, got 0"),
        ("10", "a whole number from 1 to 2500, got '10'"),
        (True, "a whole number from 1 to 2500, got True"),
    ],
)
def test_bad_option_value_says_what_is_allowed(value: object, message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        yuletide.new_game("looney-lights", players=2, turn_limit=value)


def test_bad_seed_is_rejected() -> None:
    with pytest.raises(InvalidOption, match="seed must be a whole number"):
        yuletide.new_game("looney-lights", players=2, seed="x")  # type: ignore[arg-type]


def test_game_info_describes_the_game() -> None:
    info = yuletide.game_info("wheres-that-bulb")
    assert info["min_players"] == 2 and info["max_players"] == 6
    assert [o["name"] for o in info["options"]] == ["memory_aid", "turn_limit"]
    assert info["summary"].startswith("Where's That Bulb?")
    json.dumps(info)


def test_competition_ranks_share_places() -> None:
    assert competition_ranks([3, 5, 5, 1]) == (3, 1, 1, 4)


def test_outcome_to_dict_is_json_safe() -> None:
    out = Outcome("finished", winners=(1,), scores=(0.0, 1.0), ranks=(2, 1), reason="r")
    assert json.loads(json.dumps(out.to_dict()))["winners"] == [1]
    assert out.over and not Outcome("ongoing").over


# ------------------------------------------------------------- checked path


def _game() -> yuletide.State:
    return yuletide.new_game("looney-lights", players=3, seed=11)


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (7, "there is no seat 7: seats are 0 to 2"),
        (-1, "there is no seat -1"),
        ("0", "there is no seat '0'"),
        (None, "there is no seat None"),
    ],
)
def test_apply_rejects_a_seat_that_does_not_exist(seat: object, message: str) -> None:
    state = _game()
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, "draw")  # type: ignore[arg-type]
    assert state.to_json() == before


def test_apply_rejects_a_seat_that_may_not_act_and_changes_nothing() -> None:
    state = _game()
    before = state.to_json()
    (seat,) = state.to_act
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction, match=f"seat {other} may not act now; waiting for seat"):
        state.apply(other, state.legal_actions(seat)[0])
    assert state.to_json() == before


def test_apply_rejects_bad_notation_and_non_actions() -> None:
    state = _game()
    (seat,) = state.to_act
    with pytest.raises(NotationError, match="not a Looney Lights action; the forms are"):
        state.apply(seat, "dance")
    with pytest.raises(NotationError, match="42 is not an action of Looney Lights"):
        state.apply(seat, 42)  # type: ignore[arg-type]


def test_apply_returns_the_events_as_the_acting_seat_sees_them() -> None:
    state = _game()
    (seat,) = state.to_act
    events = state.apply(seat, state.legal_actions(seat)[0])
    assert events and all(e.get("seat") == seat for e in events if "seat" in e)
    assert events == state.events(seat, len(state.log) - len(events))


def test_apply_after_the_end_says_the_game_is_over() -> None:
    from yuletide.core.conformance import random_game

    state = random_game("looney-lights", 2, 4)
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(0, "draw")


# ---------------------------------------------------------- saves and replays


def test_save_load_is_exact_and_replay_record_reproduces() -> None:
    from yuletide.core.conformance import random_game

    state = random_game("looney-lights", 4, 9)
    text = state.to_json()
    assert yuletide.load(text).to_json() == text
    record = state.record()
    assert record.game == "looney-lights" and record.rules_version == 1
    again = yuletide.replay(json.loads(json.dumps(record.to_dict())))
    assert again.to_json() == text
    assert ReplayRecord.from_dict(record.to_dict()) == record


def _save() -> dict[str, object]:
    from yuletide.core.conformance import random_game

    return json.loads(random_game("looney-lights", 3, 2).to_json())  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("format"), "not a Yuletide save"),
        (lambda d: d.update(format_version=99), "format version 99 is not supported"),
        (lambda d: d.pop("state"), "save has no 'state' field"),
        (lambda d: d["record"].update(game="chess"), "no game 'chess'"),
        (lambda d: d["record"].update(rules_version=7), "rules version 7; this Yuletide plays"),
        (lambda d: d["record"].update(players=9), "cannot start the game"),
        (lambda d: d["record"].update(seed="x"), "field 'seed' has the wrong type"),
        (lambda d: d["record"]["actions"].__setitem__(0, [0, "jump"]), "action 0 ('jump'"),
        (lambda d: d["record"]["actions"].__setitem__(0, "draw"), "must be [seat, notation]"),
        (lambda d: d["record"]["actions"].pop(), "does not match what its own action record"),
        (lambda d: d["state"].update(turns=3), "field 'turns' does not match"),
    ],
)
def test_corrupt_saves_are_refused_with_the_reason(mutate: object, message: str) -> None:
    data = _save()
    mutate(data)  # type: ignore[operator]
    with pytest.raises(CorruptSave, match=message.replace("(", r"\(").replace("[", r"\[")):
        yuletide.load(json.dumps(data))


def test_load_refuses_text_that_is_not_json() -> None:
    with pytest.raises(CorruptSave, match="invalid JSON"):
        yuletide.load("{not json")
    with pytest.raises(CorruptSave, match="not a Yuletide save"):
        yuletide.load("[1, 2]")


def test_a_determinized_save_is_refused() -> None:
    """A determinized state is a search world, not a game: its save does not load
    (restoring it from its fields would let an edited position in)."""
    state = yuletide.new_game("looney-lights", players=3, seed=5)
    det = state.determinize(0, Rng(1))
    data = json.loads(det.to_json())
    assert data["determinized"] is True
    with pytest.raises(CorruptSave, match="determinized state"):
        yuletide.load(det.to_json())
    data["determinized"] = "yes"
    with pytest.raises(CorruptSave, match="'determinized' must be false"):
        yuletide.load(json.dumps(data))


def test_determinize_does_not_touch_the_original_and_reseeds_the_future() -> None:
    state = yuletide.new_game("looney-lights", players=4, seed=8)
    before = state.to_json()
    det = state.determinize(1, Rng(2))
    assert state.to_json() == before
    assert det.rng.state != state.rng.state
    assert det.view(1) == state.view(1)


def test_clone_is_independent() -> None:
    state = yuletide.new_game("looney-lights", players=2, seed=3)
    copy = state.clone()
    (seat,) = copy.to_act
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert len(state.history) == 0 and len(copy.history) == 1
    assert state.to_json() != copy.to_json()

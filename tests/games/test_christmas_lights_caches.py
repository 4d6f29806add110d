"""Christmas Lights: the field list, copy on write and the caches hold by construction.

The field list is written once (``fields.Fields``) and everything else derives from it;
a clone shares lists with its original until either changes; the caches (``window``)
are immutable values in a slot of their own state, so a clone worked on in another
thread (as a bot does: ``clone()`` then ``apply_unchecked`` in a worker) never reaches
what the original reads, nor the other way round.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from typing import Any, get_origin, get_type_hints

from yuletide import Rng
from yuletide.games.christmas_lights.main import fields as cf
from yuletide.games.christmas_lights.main.rules import ChristmasLights
from yuletide.games.christmas_lights.main.steps import STEP_ID, STEPS


def _random_game(players: int, seed: int, moves: int) -> ChristmasLights:
    """A game after up to ``moves`` random actions through the checked path."""
    state = ChristmasLights.new(players, seed)
    rng = Rng(seed + 100)
    for _ in range(moves):
        _random_move(state, rng)
    return state


def _random_move(state: ChristmasLights, rng: Rng) -> bool:
    seats = sorted(state.to_act)
    if not seats:
        return False
    seat = seats[rng.below(len(seats))]
    legal = state.legal_actions(seat)
    state.apply_unchecked(seat, legal[rng.below(len(legal))])
    return True


def _windows(state: ChristmasLights) -> str:
    """Everything any seat can read of the state, as one text."""
    seats: list[int | None] = [*range(state.players), None]
    return json.dumps(
        [
            state.to_json(),
            [state.view(s) for s in seats],
            [state.events(s) for s in seats],
            [[str(a) for a in state.legal_actions(s)] for s in range(state.players)],
        ]
    )


# ----------------------------------------------------------------- the field list


def test_the_field_list_is_written_once_and_everything_derives_from_it() -> None:
    hints = get_type_hints(cf.Fields)
    assert ChristmasLights.fields == cf.FIELDS == tuple(hints)
    assert set(cf.FIELDS) <= set(ChristmasLights.__slots__)
    state = _random_game(4, 1, 30)
    assert sorted(state.snapshot()) == sorted((*cf.FIELDS, "rng", "log"))
    owned = (*cf.OWN_LISTS, *cf.OWN_NESTED, *cf.OWN_ROWS)
    assert len(owned) == len(set(owned))
    for name, hint in hints.items():
        if name in owned:  # changed in place: a list, copied by the first change
            assert isinstance(getattr(state, name), list)
        else:  # ints, bools and read-only sequences, never changed in place
            assert hint in (int, bool) or get_origin(hint) is Sequence
    assert set(cf.OWN_NESTED) == {"hands"}
    assert {"strings", "aside", "patterns", "completed", "revealed", "misses"} == set(cf.OWN_ROWS)
    assert "kinds" not in owned and "facts" not in owned  # Sequence: replaced whole


def test_the_step_table_is_one_record_per_saved_step_number() -> None:
    assert [STEP_ID[s.name] for s in STEPS] == list(range(len(STEPS)))
    assert {s.phase for s in STEPS} <= set(ChristmasLights.phases)
    assert [s.name for s in STEPS if s.free] == [
        "play",
        "swap",
        "sale",
        "sale-offer",
        "next-step",
    ]
    assert [s.name for s in STEPS if not s.by_turn] == ["buyer", "event", "over"]


# ----------------------------------------------------------------- copy on write


def test_a_clone_and_its_original_never_see_each_others_changes() -> None:
    for players, seed in ((2, 3), (4, 5), (6, 7)):
        state = ChristmasLights.new(players, seed)
        rng = Rng(seed)
        for i in range(150):
            before = _windows(state)
            clone = state.clone()
            assert _windows(clone) == before
            if not _random_move(clone, rng):
                break
            assert _windows(state) == before  # the clone's change left the original alone
            after = _windows(clone)
            twin = clone.clone()
            if i % 2:
                _random_move(state, rng)  # and the original's change leaves the clone alone
                assert _windows(clone) == after
            # Once either has changed, no list the rules change in place is shared.
            if _random_move(twin, rng):
                for name in (*cf.OWN_LISTS, *cf.OWN_ROWS, *cf.OWN_NESTED):
                    assert getattr(twin, name) is not getattr(clone, name)
                for a, b in zip(twin.hands, clone.hands, strict=True):
                    assert a is not b
            if not _random_move(state, rng):
                break


def test_every_way_of_changing_a_state_drops_its_view_cache() -> None:
    state = _random_game(3, 11, 40)
    state.view(0)
    assert state._public is not None
    seat = min(state.to_act)
    state.apply_unchecked(seat, state.legal_actions(seat)[0])
    assert state._public is None
    state.view(0)
    state.touch()
    assert state._public is None
    state.view(1)
    state._redeal(1, Rng(2))
    assert state._public is None
    state.view(1)
    state._restore_snapshot(state.snapshot())
    assert state._public is None


def test_what_view_and_events_hand_out_is_the_callers_own() -> None:
    state = _random_game(4, 13, 60)
    before = _windows(state)
    for seat in (0, None):
        view = state.view(seat)
        view["hands"][1]["cards"].append("x")
        view["seats"].clear()
        for event in state.events(seat):
            for value in event.values():
                if isinstance(value, list):
                    value.append("x")
            event["type"] = "x"
    assert _windows(state) == before


# ------------------------------------------------------------------- across threads


def _warm(state: ChristmasLights) -> tuple[Any, Any, str]:
    """Fill the caches of ``state``; what its caches and windows hold now."""
    text = _windows(state)
    return state._public, state._renders, text


def _work_in_a_thread(state: ChristmasLights, moves: int) -> threading.Thread:
    """Change ``state`` (a clone) in a worker thread, reading its windows as it goes."""

    def work() -> None:
        rng = Rng(7)
        for _ in range(moves):
            if not _random_move(state, rng):
                break
            for seat in (*range(state.players), None):
                state.view(seat)
                state.events(seat)
            state.determinize(0, Rng(1)).events(0)
            state.clone().events(None)

    worker = threading.Thread(target=work)
    worker.start()
    return worker


def _assert_untouched(state: ChristmasLights, warm: tuple[Any, Any, str], worker: Any) -> None:
    public, renders, text = warm
    renders_copy = {seat: (r.entries, r.events, r.nested) for seat, r in renders.items()}
    while worker.is_alive():  # read while the other thread works
        assert _windows(state) == text
        assert state._public is public and state._renders is renders
    worker.join()
    assert _windows(state) == text
    assert state._public is public and state._renders is renders
    assert {s: (r.entries, r.events, r.nested) for s, r in renders.items()} == renders_copy


def test_a_clone_changed_in_another_thread_leaves_the_originals_caches_alone() -> None:
    original = _random_game(5, 21, 80)
    warm = _warm(original)
    clone = original.clone()
    assert clone._renders is original._renders  # an immutable value: safe to start from
    worker = _work_in_a_thread(clone, 60)
    _assert_untouched(original, warm, worker)
    assert clone._renders is not original._renders
    assert _windows(clone) != warm[2]


def test_an_original_changed_in_another_thread_leaves_its_clones_caches_alone() -> None:
    original = _random_game(4, 23, 80)
    _warm(original)
    clone = original.clone()
    warm = _warm(clone)
    worker = _work_in_a_thread(original, 60)
    _assert_untouched(clone, warm, worker)


def test_the_renderings_cache_holds_only_read_only_values() -> None:
    state = _random_game(3, 25, 50)
    state.events(0)
    state.view(0)
    renders = state._renders
    for rendered in renders.values():
        assert isinstance(rendered.entries, tuple)
        assert isinstance(rendered.events, tuple)
        assert isinstance(rendered.nested, tuple)
    public = state._public
    assert isinstance(public, tuple)
    assert all(isinstance(part, Sequence) for part in public[1:])

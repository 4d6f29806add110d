"""Encodings: action numbering and masks, observation vectors built from the view alone,
layouts that cover every slot, and versions (the playthroughs show what they promise)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import yuletide
from yuletide.core.errors import InvalidOption
from yuletide.core.rng import Rng
from yuletide.core.schema import Bag, EncodingError, Num, PerSeat, Record, Seat, Seats, Seq, Token
from yuletide.core.simultaneous import is_real_time
from yuletide.rl.encodings import encoding, sizes

from .helpers import GAMES, counts, game_counts, random_play


def test_every_game_has_an_encoding_and_a_version() -> None:
    """What a version promises (its action numbering and layout) is printed at the top of
    the game's golden playthroughs (tests/playthroughs/): a change shows as their diff,
    and the manifest's ``encoding_version`` is bumped with it."""
    for game_id in GAMES:
        found = yuletide.spec(game_id)
        assert found.encoding_version == 1
        enc = encoding(game_id, yuletide.game_class(game_id).min_players)
        assert enc.version == 1 and enc.citation.endswith("/encoding-1")


@pytest.mark.parametrize("game_id", GAMES)
def test_action_numbers_are_the_action_space_in_order(game_id: str) -> None:
    cls = yuletide.game_class(game_id)
    for n in range(cls.min_players, cls.max_players + 1):
        enc = encoding(game_id, n)
        assert list(enc.actions) == cls.action_space(n)
        assert [enc.index[a] for a in enc.actions] == list(range(len(enc.actions)))
        if is_real_time(cls):
            assert enc.wait == len(enc.actions) and enc.num_actions == len(enc.actions) + 1
            assert enc.action(enc.wait) is None and enc.notation(enc.wait) == "wait"
        else:
            assert enc.wait is None and enc.num_actions == len(enc.actions)
        assert (n, enc.size, enc.num_actions) in sizes(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_layout_rows_cover_every_slot(game_id: str) -> None:
    """The documented layout accounts for every slot of the vector, in bounds."""
    for n in counts(game_id):
        enc = encoding(game_id, n)
        covered = np.zeros(enc.size, dtype=bool)
        for row in enc.layout():
            assert row.start >= 0 and row.stop <= enc.size, row
            assert row.meaning and row.path
            covered[row.start : row.stop] = True
        assert covered.all(), f"slots {np.flatnonzero(~covered)[:5]} are undocumented"
        for path, why in enc.skipped():
            assert path and why


@pytest.mark.parametrize(("game_id", "players"), game_counts())
def test_encode_is_a_function_of_the_view_and_mask_is_legal_actions(
    game_id: str, players: int
) -> None:
    """Along random games, for every seat: the view fits the layout exactly; the vector
    is float32 in [0, 1] of the documented size; equal views give equal vectors (a copy
    of the view, and the view of a determinized world the seat cannot tell apart); the
    mask is exactly the legal actions; and the vector changes as the game goes on."""
    enc = encoding(game_id, players)
    changes = steps = 0
    for seed in range(2):
        last: list[np.ndarray | None] = [None] * players
        for i, state in enumerate(random_play(game_id, players, seed, limit=150)):
            for seat in range(players):
                view = state.view(seat)
                enc.check(view)
                vec = enc.encode(view)
                assert vec.dtype == np.float32 and vec.shape == (enc.size,)
                assert float(vec.min()) >= 0.0 and float(vec.max()) <= 1.0
                assert np.array_equal(vec, enc.encode(copy.deepcopy(view)))
                if i % 25 == 0 and not state.outcome.over:
                    world = state.determinize(seat, Rng(seed * 100 + seat))
                    assert world.view(seat) == view
                    assert np.array_equal(enc.encode(world.view(seat)), vec)
                legal = state.legal_actions(seat)
                mask = enc.mask(legal)
                assert mask.dtype == np.int8 and mask.shape == (enc.num_actions,)
                assert {enc.actions[k] for k in np.flatnonzero(mask)} == set(legal)
                prev = last[seat]
                if prev is not None:
                    steps += 1
                    changes += not np.array_equal(prev, vec)
                last[seat] = vec
    assert changes > 0 and changes >= steps // 4, (changes, steps)


def test_views_differ_so_do_vectors_for_a_hand() -> None:
    """Two seats' views of the same moment differ (their own hands), and so do their
    vectors: the encoding carries what is private to a seat."""
    state = yuletide.new_game("looney-lights", players=3, seed=4)
    enc = encoding("looney-lights", 3)
    vectors = [enc.encode(state.view(s)) for s in range(3)]
    assert not np.array_equal(vectors[0], vectors[1])


def test_seats_are_relative_to_the_observer() -> None:
    """A per-seat part and a seat number are rotated so the observer comes first."""
    rec = Record(seat=Seat(), turn=Seat(), sizes=PerSeat(Num(10)), to_act=Seats())
    write = rec.writer(3)
    buf: dict[int, float] = {}
    write({"seat": 1, "turn": 2, "sizes": [1, 2, 3], "to_act": [1]}, buf, 0, 1)
    assert buf == {0: 1.0, 4: 1.0, 6: 0.2, 7: 0.3, 8: 0.1, 9: 1.0}


def test_fields_check_strictly_and_encode_leniently() -> None:
    bag = Bag(("red", "green"), 2)
    with pytest.raises(EncodingError, match="'blue' is not one of"):
        bag.check(["blue"], 2, "hand")
    with pytest.raises(EncodingError, match="more than the cap"):
        bag.check(["red"] * 3, 2, "hand")
    buf: dict[int, float] = {}
    bag.writer(2)(["red"] * 3 + ["green"], buf, 0, 0)
    assert buf == {0: 1.0, 1: 0.5}
    with pytest.raises(EncodingError, match="has no place"):
        Record(a=Num(3)).check({"a": 1, "b": 2}, 2, "")
    with pytest.raises(EncodingError, match="outside the encoded range"):
        Num(3).check(4, 2, "x")
    with pytest.raises(EncodingError, match="more than the 2 it may hold"):
        Seq(Token(("a",)), 2).check(["a", "a", "a"], 2, "x")
    clipped = Num(3, clip=True)
    clipped.check(40, 2, "turns")
    buf = {}
    clipped.writer(2)(40, buf, 0, 0)
    assert buf == {0: 1.0}


def test_bad_requests_say_what_is_allowed() -> None:
    with pytest.raises(InvalidOption, match="no game 'poker'"):
        encoding("poker", 2)
    with pytest.raises(InvalidOption, match="2 to 6 players"):
        encoding("looney-lights", 9)
    enc = encoding("looney-lights", 2)
    with pytest.raises(InvalidOption, match=r"outside 0\.\.21"):
        enc.action(22)
    with pytest.raises(InvalidOption, match="not a real-time game"):
        enc.mask([], may_wait=True)
    assert enc.citation == "yuletide:looney-lights/rules-1/encoding-1"


def test_christmas_lights_questions_are_parsed_from_their_notation() -> None:
    """A question's text (the M10 notation the view gives) becomes type, positions,
    kinds, relation and number."""
    from yuletide.games.christmas_lights.main.view import Question
    from yuletide.games.christmas_lights.schema import BULBS

    q = Question()
    write = q.writer(2)

    def slots(text: str) -> dict[int, float]:
        q.check(text, 2, "q")
        buf: dict[int, float] = {}
        write(text, buf, 0, 0)
        return buf

    red, plug = BULBS.index("red"), BULBS.index("plug")
    assert slots("count({1,3},{red,plug}) >= 1") == {
        0: 1.0,
        3: 1.0,
        5: 1.0,
        10 + red: 1.0,
        10 + plug: 1.0,
        19: 1.0,
        21: 1 / 7,
    }
    assert slots("count(all,{plug}) = 0") == {0: 1.0, 2: 1.0, 10 + plug: 1.0, 20: 1.0}
    assert slots("same(2,4)") == {1: 1.0, 4: 1.0, 6: 1.0}
    with pytest.raises(EncodingError, match="not a question"):
        q.check("count(some,{red}) > 1", 2, "q")

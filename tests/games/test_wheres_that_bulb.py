"""Where's That Bulb?: one test per rule sentence and per ruling the game uses.

Sources: the Christmas Lights rulebook, "Where's That Bulb?"; ruling
Where's That Bulb?: count-mismatch (10 x 6 grid, 60 cards) and
docs/rulings.md#every-game-safety-limits; the card data (the Character pairs). Tests are grouped by
rulebook section; each test names the sentence or ruling it proves.

Scenarios start from a seeded deal and move chosen cards to chosen cells by swapping
within the grid, so the 60 cards are conserved (checked every time).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import CorruptSave, IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core.errors import InvalidSeat
from yuletide.games.christmas_lights.wheres_that_bulb import rules as wtb
from yuletide.games.christmas_lights.wheres_that_bulb.text import render as render_text

GAME = "wheres-that-bulb"
RULE = "Where's That Bulb?, How to Play"
KIND_ID = wtb.KIND_ID
REMOVED = wtb.REMOVED
BROKEN = KIND_ID["broken"]
COLOURS = ("red", "green", "yellow", "blue", "purple", "pink")
CHARACTERS = ("santa", "mrs-claus", "elf-male", "elf-female", "reindeer", "snowman")
CHARACTER_PAIRS = (("santa", "mrs-claus"), ("elf-male", "elf-female"), ("reindeer", "snowman"))
#: The 25 pairs that are not Character pairs: 3 per colour, 3 of Bubble Bulbs, 4 of Plugs.
PLAIN_PAIRS = tuple(
    [(c, c) for c in COLOURS for _ in range(3)]
    + [("bubble", "bubble")] * 3
    + [("plug", "plug")] * 4
)
BROKEN_CELLS = ("g6", "h6", "i6", "j6")


# ------------------------------------------------------------------ helpers


def cell(name: str) -> int:
    """Row-major index of a cell named column a-j, row 1-6 (``c4`` is 32)."""
    return (int(name[1:]) - 1) * 10 + "abcdefghij".index(name[0])


def new(players: int = 2, seed: int = 1, **options: Any) -> Any:
    return yuletide.new_game(GAME, players=players, seed=seed, **options)


def conserved(state: Any) -> bool:
    return sorted(state.inventory()) == sorted(state.box())


def game(layout: dict[str, str], players: int = 2, seed: int = 1, **options: Any) -> Any:
    """A fresh deal with the named kinds moved to the named cells (by swaps)."""
    state = new(players, seed, **options)
    fixed: set[int] = set()
    for name, kind in layout.items():
        target, want = cell(name), KIND_ID[kind]
        if state.grid[target] != want:
            source = next(
                c for c in range(60) if c != target and c not in fixed and state.grid[c] == want
            )
            state.grid[target], state.grid[source] = state.grid[source], state.grid[target]
        fixed.add(target)
    assert all(state.grid[cell(n)] == KIND_ID[k] for n, k in layout.items())
    assert conserved(state)
    return state


def endgame(holdings: list[list[tuple[str, str]]], remaining: dict[str, str], seed: int = 1) -> Any:
    """A game near or at its end: each seat holds the given pairs, the grid holds only
    ``remaining`` (cell -> kind); every card is somewhere exactly once."""
    state = new(len(holdings), seed)
    grid = [REMOVED] * 60
    for name, kind in remaining.items():
        grid[cell(name)] = KIND_ID[kind]
    state.grid = grid
    state.seen = [0] * 60
    state.won = [[KIND_ID[k] for pair in pairs for k in pair] for pairs in holdings]
    state.left = sum(1 for k in grid if k not in (REMOVED, BROKEN))
    assert conserved(state)
    return state


def finished(spec: list[tuple[int, int]]) -> Any:
    """A finished game: seat s holds spec[s] = (plain pairs, Character pairs)."""
    plain, chars = list(PLAIN_PAIRS), list(CHARACTER_PAIRS)
    holdings = []
    for n_plain, n_chars in spec:
        holdings.append(plain[:n_plain] + chars[:n_chars])
        del plain[:n_plain], chars[:n_chars]
    assert not plain and not chars, "the spec must hand out all 28 pairs"
    state = endgame(holdings, dict.fromkeys(BROKEN_CELLS, "broken"))
    assert state.left == 0
    return state


def flips(events: list[dict[str, Any]]) -> list[tuple[int, str, str]]:
    return [(e["seat"], e["cell"], e["card"]) for e in events if e["type"] == "flip"]


def assert_illegal_unchanged(state: Any, seat: int, text: str) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return info.value


# ------------------------------------------------------------- components


def test_components_60_cards_of_the_printed_kinds():
    """Components: 6 each of Red, Green, Yellow, Blue, Purple, Pink; 6 Bubble Bulbs;
    4 Broken Bulbs; 8 Plugs; 6 Character cards (60 cards)."""
    state = new(seed=11)
    want = {
        **dict.fromkeys(COLOURS, 6),
        "bubble": 6,
        "broken": 4,
        "plug": 8,
        **dict.fromkeys(CHARACTERS, 1),
    }
    assert Counter(state.box()) == want
    assert Counter(wtb.KINDS[k] for k in state.grid) == want
    assert len(state.grid) == 60
    assert conserved(state)


def test_components_character_cards_are_the_six_characters_of_content_md():
    """Components: 6 Character cards — 1 each of the six characters (the card data)."""
    assert set(CHARACTERS) <= set(KIND_ID)
    assert Counter(new().box())["santa"] == 1
    assert sum(Counter(new().box())[c] for c in CHARACTERS) == 6


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_components_2_to_6_players_accepted(players):
    """ "2 to 6 players.": every count from 2 to 6 makes a game with that many seats."""
    state = new(players)
    assert state.players == players
    assert len(state.view(None)["pairs"]) == players


@pytest.mark.parametrize("players", [1, 7])
def test_components_fewer_than_2_or_more_than_6_players_rejected(players):
    """ "2 to 6 players.": 1 or 7 players raise InvalidOption saying 2 to 6."""
    with pytest.raises(InvalidOption, match="2 to 6 players"):
        new(players)


# ------------------------------------------------------------------ setup


def test_setup_ruling_grid_is_10_by_6_and_holds_every_card():
    """Ruling "Where's That Bulb? count mismatch": use a 10 x 6 grid (the printed 11 x 6
    cannot hold 60 cards)."""
    state = new(seed=5)
    view = state.view(0)
    assert (view["columns"], view["rows"]) == (10, 6)
    assert len(view["grid"]) == 60
    assert state.events(0)[0] == {"type": "deal", "columns": 10, "rows": 6}
    assert REMOVED not in state.grid


@pytest.mark.parametrize("seat", [0, 1, None])
def test_setup_cards_laid_out_face_down(seat):
    """Setup 1: "lay them out face-down in a grid": no face is shown to anyone."""
    state = new(seed=5)
    view = state.view(seat)
    assert view["grid"] == [{"face": "down"}] * 60
    assert state.seen == [0] * 60
    assert view["step"] == "first-flip"
    assert view["last_turn"] == []
    assert view["pairs"] == [[], []]


def test_setup_all_cards_are_shuffled_together():
    """Setup 1: "Shuffle all of the cards together": different seeds, different layouts;
    the same seed, the same layout."""
    grids = {tuple(new(seed=s).grid) for s in range(5)}
    assert len(grids) == 5
    assert new(seed=3).grid == new(seed=3).grid


def test_setup_youngest_player_seat_0_takes_the_first_turn():
    """Setup 2: "The youngest player takes the first turn" (seat 0 is the youngest)."""
    state = new(4, seed=2)
    assert state.to_act == frozenset({0})
    assert state.view(None)["turn"] == 0
    assert state.legal_actions(1) == []
    assert len(state.legal_actions(0)) == 60


def test_setup_play_continues_clockwise():
    """Setup 2: "play continues clockwise": 0, 1, 2, 3, then 0 again."""
    state = game({"a1": "red", "b1": "green"}, players=4)
    order = []
    for _ in range(5):
        seat = state.turn
        order.append(seat)
        state.apply(seat, "flip a1")
        state.apply(seat, "flip b1")
    assert order == [0, 1, 2, 3, 0]


def test_setup_seat_out_of_turn_may_not_flip():
    """Setup 2 (turn order): a seat whose turn it is not cannot flip; nothing changes."""
    state = new(3)
    err = assert_illegal_unchanged(state, 1, "flip a1")
    assert "seat 1 may not act now" in str(err)


# ------------------------------------------------------------- characters


@pytest.mark.parametrize(
    ("first", "second"), [*CHARACTER_PAIRS, *(p[::-1] for p in CHARACTER_PAIRS)]
)
def test_characters_matched_in_pairs(first, second):
    """Characters: "Santa and Mrs. Claus", "Male elf and female elf", "Reindeer and
    Snowman" are matching pairs, in either order."""
    state = game({"a1": first, "b1": second})
    state.apply(0, "flip a1")
    events = state.apply(0, "flip b1")
    assert {"type": "match", "seat": 0, "cells": ["a1", "b1"]} in events
    assert state.won[0] == [KIND_ID[first], KIND_ID[second]]
    assert state.view(0)["pairs"][0] == [f"{first}+{second}"]
    assert state.turn == 0


NON_PARTNERS = [
    (a, b)
    for a, b in itertools.combinations(CHARACTERS, 2)
    if (a, b) not in CHARACTER_PAIRS and (b, a) not in CHARACTER_PAIRS
]


@pytest.mark.parametrize(("first", "second"), NON_PARTNERS)
def test_characters_not_partners_are_no_match(first, second):
    """Characters: only the listed pairs match — e.g. Santa + Reindeer is no match."""
    assert len(NON_PARTNERS) == 12
    state = game({"a1": first, "b1": second})
    state.apply(0, "flip a1")
    events = state.apply(0, "flip b1")
    assert not [e for e in events if e["type"] == "match"]
    assert state.won == [[], []]
    assert state.turn == 1


# ------------------------------------------------------ how to play: flips


def test_how_to_play_flip_two_cards_one_at_a_time():
    """How to Play: "choose two cards to flip over, one at a time": the first flip shows
    the card face up and the same seat flips again."""
    state = game({"c4": "red", "d5": "blue"})
    events = state.apply(0, "flip c4")
    assert events == [{"type": "flip", "seat": 0, "cell": "c4", "card": "red"}]
    view = state.view(1)
    assert view["grid"][cell("c4")] == {"face": "up", "card": "red"}
    assert cell("c4") == 32
    assert view["step"] == "second-flip"
    assert state.to_act == frozenset({0})
    assert state.turns == 0
    events = state.apply(0, "flip d5")
    assert flips(events) == [(0, "d5", "blue")]
    assert state.turns == 1


def test_how_to_play_cannot_flip_the_card_already_face_up():
    """How to Play: the two cards are two different cards: flipping the face-up card
    again is IllegalAction citing the rule, and nothing changes."""
    state = game({"a1": "red"})
    state.apply(0, "flip a1")
    err = assert_illegal_unchanged(state, 0, "flip a1")
    assert err.rule is not None
    assert err.rule.startswith(RULE)
    assert "a1" in err.reason
    assert "face up" in err.reason
    assert wtb.Flip(cell("a1")) not in state.legal_actions(0)


def test_how_to_play_cannot_flip_a_removed_card():
    """How to Play, matching pair: "Remove the cards from the grid": a removed card
    cannot be flipped (IllegalAction citing the rule, state unchanged)."""
    state = game({"a1": "plug", "b1": "plug"})
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")
    for name in ("a1", "b1"):
        err = assert_illegal_unchanged(state, 0, f"flip {name}")
        assert err.rule == RULE
        assert name in err.reason
        assert "left the grid" in err.reason
    assert len(state.legal_actions(0)) == 58


# ---------------------------------------------------------- broken bulbs


def test_broken_bulb_first_card_flipped_down_and_turn_ends_at_once():
    """Broken Bulb: "Flip the card face-down again immediately and end your turn, even
    if the Broken Bulb was the first card you revealed." No second flip."""
    state = game({"e3": "broken", "a1": "red"})
    events = state.apply(0, "flip e3")
    assert events == [
        {"type": "flip", "seat": 0, "cell": "e3", "card": "broken"},
        {"type": "turn-ends", "seat": 0},
    ]
    view = state.view(0)
    assert view["grid"][cell("e3")] == {"face": "down"}
    assert view["step"] == "first-flip"
    assert view["last_turn"] == [{"cell": "e3", "card": "broken"}]
    assert state.turn == 1
    assert state.turns == 1
    assert state.first == -1
    assert state.grid[cell("e3")] == BROKEN
    assert_illegal_unchanged(state, 0, "flip a1")


def test_broken_bulb_second_card_both_face_down_and_turn_ends():
    """Broken Bulb: "Flip the card face-down again immediately and end your turn" when it
    is the second card: both cards go face down, nothing is matched."""
    state = game({"a1": "red", "b1": "broken"})
    state.apply(0, "flip a1")
    events = state.apply(0, "flip b1")
    assert events[-1] == {"type": "turn-ends", "seat": 0}
    view = state.view(0)
    assert view["grid"][cell("a1")] == {"face": "down"}
    assert view["grid"][cell("b1")] == {"face": "down"}
    assert view["last_turn"] == [{"cell": "a1", "card": "red"}, {"cell": "b1", "card": "broken"}]
    assert state.turn == 1
    assert state.won == [[], []]
    assert state.left == 56


def test_broken_bulbs_never_pair_with_each_other():
    """Broken Bulb: a Broken Bulb ends the turn at once, so two Broken Bulbs are never a
    pair (they are the four cards left at game end)."""
    state = game({"a1": "broken", "b1": "broken"})
    state.apply(0, "flip a1")
    assert state.turn == 1
    state.apply(1, "flip b1")
    assert state.turn == 0
    assert state.grid[cell("a1")] == state.grid[cell("b1")] == BROKEN
    assert state.won == [[], []]


# --------------------------------------------------------- matching pairs


@pytest.mark.parametrize("colour", COLOURS)
def test_matching_pair_same_colour(colour):
    """A matching pair: two bulbs of the same colour."""
    state = game({"a1": colour, "j6": colour})
    state.apply(0, "flip a1")
    state.apply(0, "flip j6")
    assert state.won[0] == [KIND_ID[colour]] * 2
    assert state.view(0)["pairs"] == [[colour], []]


def test_matching_pair_two_bubble_bulbs():
    """Components: "6 Bubble Bulbs — NOT used as a wildcard": two Bubble Bulbs are a
    pair like any two identical cards."""
    state = game({"a1": "bubble", "b2": "bubble"})
    state.apply(0, "flip a1")
    state.apply(0, "flip b2")
    assert state.view(1)["pairs"] == [["bubble"], []]


@pytest.mark.parametrize("other", ["red", "pink", "plug", "santa"])
def test_bubble_bulb_is_not_wild(other):
    """Components: "6 Bubble Bulbs — NOT used as a wildcard": Bubble + Red (or any other
    kind) is no match."""
    state = game({"a1": "bubble", "b1": other})
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")
    assert state.won == [[], []]
    assert state.turn == 1
    assert state.grid[cell("a1")] == KIND_ID["bubble"]


def test_matching_pair_two_plugs():
    """A matching pair: two Plugs."""
    state = game({"c3": "plug", "d3": "plug"})
    state.apply(0, "flip d3")
    state.apply(0, "flip c3")
    assert state.view(0)["pairs"] == [["plug"], []]


def test_matching_pair_removed_from_grid_and_placed_in_front_of_player():
    """A matching pair: "Remove the cards from the grid, place them in front of you"."""
    state = game({"a1": "green", "b1": "green"}, players=3)
    state.apply(0, "flip a1")
    events = state.apply(0, "flip b1")
    assert events[-1] == {"type": "match", "seat": 0, "cells": ["a1", "b1"]}
    assert state.grid[cell("a1")] == state.grid[cell("b1")] == REMOVED
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["grid"][cell("a1")] is None
        assert view["grid"][cell("b1")] is None
        assert view["pairs"] == [["green"], [], []]
    assert state.left == 54
    assert conserved(state)


def test_matching_pair_then_take_another_turn():
    """A matching pair: "... and then take another turn": the same seat flips again,
    and its next miss passes the turn on."""
    state = game({"a1": "yellow", "b1": "yellow", "c1": "red", "d1": "blue"})
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")
    assert state.to_act == frozenset({0})
    assert state.view(0)["step"] == "first-flip"
    assert state.legal_actions(1) == []
    state.apply(0, "flip c1")
    state.apply(0, "flip d1")
    assert state.to_act == frozenset({1})


@pytest.mark.parametrize(
    ("first", "second"), [("red", "green"), ("plug", "blue"), ("santa", "red")]
)
def test_no_match_cards_flipped_face_down_and_turn_ends(first, second):
    """No match: "Flip the cards face-down again and end your turn"."""
    state = game({"a1": first, "b1": second})
    state.apply(0, "flip a1")
    events = state.apply(0, "flip b1")
    assert events[-1] == {"type": "turn-ends", "seat": 0}
    view = state.view(1)
    assert view["grid"][cell("a1")] == {"face": "down"}
    assert view["grid"][cell("b1")] == {"face": "down"}
    assert state.grid[cell("a1")] == KIND_ID[first]
    assert state.grid[cell("b1")] == KIND_ID[second]
    assert state.turn == 1
    assert state.left == 56
    assert state.won == [[], []]


# ---------------------------------------------------------- game end


def test_game_end_when_only_the_four_broken_bulbs_remain():
    """Game End: "Once all cards have been matched, leaving only the four Broken Bulbs
    face-down": the last match ends the game though four cards are still in the grid."""
    holdings = [list(PLAIN_PAIRS[:20]), list(PLAIN_PAIRS[20:24]) + list(CHARACTER_PAIRS)]
    remaining = {**dict.fromkeys(BROKEN_CELLS, "broken"), "a1": "plug", "b1": "plug"}
    state = endgame(holdings, remaining)
    state.apply(0, "flip g6")  # a Broken Bulb: the game goes on
    assert state.outcome.status == "ongoing"
    assert state.to_act == frozenset({1})
    state.apply(1, "flip a1")
    events = state.apply(1, "flip b1")
    assert events[-1] == {"type": "end"}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert [wtb.KINDS[k] for k in state.grid if k != REMOVED] == ["broken"] * 4
    assert state.to_act == frozenset()
    assert state.legal_actions(0) == state.legal_actions(1) == []
    err = assert_illegal_unchanged(state, 1, "flip g6")
    assert "game is over" in str(err)


def test_game_end_count_pairs_highest_number_wins():
    """Game End: "count the number of pairs in front of you. Whoever has the highest
    number of pairs is the winner!" — Character pairs matter only in a tie."""
    state = finished([(15, 0), (10, 3)])
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (15.0, 13.0)
    assert outcome.ranks == (1, 2)
    assert outcome.tiebreak is None
    assert [len(p) for p in state.view(None)["pairs"]] == [15, 13]


def test_game_end_a_tie_below_the_top_needs_no_tiebreak():
    """Game End: the tie-break is for a tie for the highest number of pairs only."""
    outcome = finished([(14, 0), (5, 2), (6, 1)]).outcome
    assert outcome.winners == (0,)
    assert outcome.scores == (14.0, 7.0, 7.0)
    assert outcome.ranks == (1, 2, 3)  # the losers are ordered the same way
    assert outcome.tiebreak is None


def test_game_end_tie_goes_to_most_character_pairs():
    """Game End: "If there is a tie, the tied player with the most Character card pairs
    is the winner!\""""
    outcome = finished([(12, 2), (13, 1)]).outcome
    assert outcome.scores == (14.0, 14.0)
    assert outcome.winners == (0,)
    assert outcome.ranks == (1, 2)
    assert outcome.tiebreak == "most Character card pairs"


def test_game_end_still_tied_players_share_the_victory():
    """Game End: "If still a tie, then those players share the victory.\""""
    outcome = finished([(9, 1), (9, 1), (7, 1)]).outcome
    assert outcome.scores == (10.0, 10.0, 8.0)
    assert outcome.winners == (0, 1)
    assert outcome.ranks == (1, 1, 3)
    assert outcome.tiebreak is not None
    assert "shared victory" in outcome.tiebreak


def test_game_end_whole_game_played_through_the_checked_path():
    """Game End, played for real: random legal flips from a seeded deal end with the four
    Broken Bulbs alone in the grid and all 28 pairs in front of the players; every card
    is conserved at every step; the save reloads exactly."""
    state = new(3, seed=7)
    rng = Rng(99)
    steps = 0
    while not state.outcome.over:
        seat = state.turn
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert conserved(state)
        steps += 1
        if steps == 300:
            assert yuletide.load(state.to_json()).to_json() == state.to_json()
    assert state.outcome.status == "finished"
    assert sorted(state.grid) == [REMOVED] * 56 + [BROKEN] * 4
    assert sum(state.pairs(s) for s in range(3)) == 28
    assert sum(state.character_pairs(s) for s in range(3)) == 3
    assert yuletide.load(state.to_json()).to_json() == state.to_json()


# ------------------------------------------------- ruling: safety limits


def test_ruling_safety_limit_turn_limit_ends_the_game_unfinished():
    """Ruling "Every game: safety limits": after turn_limit turns the game ends as
    *unfinished*, no winner."""
    state = game({"a1": "red", "b1": "green", "c1": "broken"}, turn_limit=2)
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")
    assert state.outcome.status == "ongoing"
    state.apply(1, "flip c1")
    outcome = state.outcome
    assert outcome.status == "unfinished"
    assert outcome.winners == ()
    assert outcome.scores is None
    assert "turn limit of 2" in outcome.reason
    assert state.to_act == frozenset()
    assert state.legal_actions(0) == []
    assert_illegal_unchanged(state, 0, "flip d1")


def test_ruling_safety_limit_default_is_generous():
    """Ruling "Every game: safety limits": the limit is generous by default (20000)."""
    state = new()
    assert state.turn_limit == 20000
    assert state.view(0)["turn_limit"] == 20000


# ---------------------------------------------- knowledge: memory_aid option


def _two_misses(**options: Any) -> Any:
    layout = {"a1": "santa", "b1": "snowman", "c1": "elf-male", "d1": "mrs-claus"}
    state = game(layout, **options)
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")
    state.apply(1, "flip c1")
    state.apply(1, "flip d1")
    return state


@pytest.mark.parametrize("seat", [0, 1, None])
def test_memory_aid_off_view_hides_faces_seen_earlier(seat):
    """Option memory_aid (default false; "A memory game"): a card flipped face down in an
    earlier turn shows no face in anyone's view."""
    state = _two_misses()
    view = state.view(seat)
    assert view["memory_aid"] is False
    assert view["grid"][cell("a1")] == {"face": "down"}
    assert view["grid"][cell("b1")] == {"face": "down"}
    text = json.dumps(view)
    assert "santa" not in text
    assert "snowman" not in text
    assert view["last_turn"] == [
        {"cell": "c1", "card": "elf-male"},
        {"cell": "d1", "card": "mrs-claus"},
    ]


@pytest.mark.parametrize("seat", [0, 1, None])
def test_memory_aid_on_view_shows_seen_faces(seat):
    """Option memory_aid on: the view shows the last seen face of every face-down card."""
    state = _two_misses(memory_aid=True)
    view = state.view(seat)
    assert view["memory_aid"] is True
    assert view["grid"][cell("a1")] == {"face": "down", "seen": "santa"}
    assert view["grid"][cell("b1")] == {"face": "down", "seen": "snowman"}
    assert view["grid"][cell("c1")] == {"face": "down", "seen": "elf-male"}
    assert view["grid"][cell("d1")] == {"face": "down", "seen": "mrs-claus"}
    assert view["grid"][cell("e1")] == {"face": "down"}


def test_every_flip_is_in_every_seats_event_log_and_the_spectators():
    """Knowledge: "every flip is public": each seat's and the spectator's event log shows
    every flipped card."""
    state = _two_misses()
    want = [(0, "a1", "santa"), (0, "b1", "snowman"), (1, "c1", "elf-male"), (1, "d1", "mrs-claus")]
    for seat in (0, 1, None):
        assert flips(state.events(seat)) == want
    assert state.events(0) == state.events(1) == state.events(None)


# ------------------------------------------------------- knowledge: determinize


def test_determinize_keeps_seen_cards_and_redeals_only_unseen_ones():
    """Knowledge: "determinize re-deals only the cards nobody has seen, keeping seen cards
    where they are" — and matched cards stay matched."""
    state = game({"a1": "red", "b1": "red", "c1": "santa", "d1": "plug", "e1": "broken"})
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")  # a match: removed
    state.apply(0, "flip c1")
    state.apply(0, "flip d1")  # a miss: seen, face down
    state.apply(1, "flip e1")  # a Broken Bulb: seen
    state.apply(0, "flip f1")  # face up now
    before = state.to_json()
    seen = [c for c in range(60) if state.seen[c]]
    assert sorted(seen) == sorted(cell(n) for n in ("a1", "b1", "c1", "d1", "e1", "f1"))
    for seat in (0, 1):
        det = state.determinize(seat, Rng(seat + 4))
        assert det.determinized is True
        assert state.to_json() == before
        assert all(det.grid[c] == state.grid[c] for c in seen)
        unseen = [c for c in range(60) if not state.seen[c]]
        assert Counter(det.grid[c] for c in unseen) == Counter(state.grid[c] for c in unseen)
        assert any(det.grid[c] != state.grid[c] for c in unseen)
        assert det.view(seat) == state.view(seat)
        assert det.events(seat) == state.events(seat)
        assert conserved(det)


def test_determinize_with_no_unseen_cards_changes_nothing():
    """Knowledge: a card everyone has seen is never re-dealt."""
    state = new(seed=8)
    state.seen = [1] * 60
    det = state.determinize(0, Rng(1))
    assert det.grid == state.grid


def test_determinized_state_saves_but_load_refuses_it():
    """Core contract (issue 12): a determinized state saves, but it is a search world,
    not a game, so ``load`` refuses it with CorruptSave saying so."""
    state = _two_misses()
    det = state.determinize(1, Rng(3))
    with pytest.raises(CorruptSave, match="determinized state"):
        yuletide.load(det.to_json())


def test_determinized_save_with_seen_emptied_is_refused_not_loaded_to_crash():
    """Issue 12, section 4: a determinized save edited to ``seen=[]`` used to load and
    crash on the first apply; it is now refused by ``load`` (CorruptSave), and so is a
    real game's save edited the same way (its record does not lead to it)."""
    state = yuletide.new_game(GAME, players=2, seed=0)
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")
    for text in (state.determinize(0, Rng(1)).to_json(), state.to_json()):
        data = json.loads(text)
        data["state"]["seen"] = []
        with pytest.raises(CorruptSave):
            yuletide.load(json.dumps(data))


def _unseen_cells(state: Any) -> list[int]:
    return [c for c in range(60) if state.grid[c] != REMOVED and not state.seen[c]]


def test_determinize_is_canonical_the_58_face_down_cards_cannot_be_recovered():
    """Issue 12, section 1: one ``determinize`` call used to give away all 58 face-down
    cards (the true grid order was shuffled with the caller's rng, so replaying the rng
    inverted it). Now the unseen kinds are sorted before the shuffle: two worlds with the
    same public flips but the face-down cards elsewhere give byte-equal
    determinizations, so nothing of where the cards really lie is in the result."""
    state = yuletide.new_game(GAME, players=2, seed=0)
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")  # green, bubble: a miss; 58 cards face down, unseen
    unseen = _unseen_cells(state)
    assert len(unseen) == 58
    other = state.clone()
    kinds = [other.grid[c] for c in unseen]
    other_kinds = kinds[1:] + kinds[:1]  # every face-down card moved one cell on
    for c, k in zip(unseen, other_kinds, strict=True):
        other.grid[c] = k
    assert other.grid != state.grid
    assert other.view(0) == state.view(0) and other.events(0) == state.events(0)
    for k in range(5):
        for seat in (0, 1):
            assert (
                state.determinize(seat, Rng(k)).to_json()
                == other.determinize(seat, Rng(k)).to_json()
            )
    # Undoing the shuffle the caller's rng makes gives the sorted kinds, not the truth.
    det = state.determinize(0, Rng(7))
    replayed = Rng(7)
    replayed.fork()  # determinize forks the caller's rng for the world's own future
    order = list(range(58))
    replayed.shuffle(order)
    undone = [0] * 58
    for i, c in enumerate(unseen):
        undone[order[i]] = det.grid[c]
    assert undone == sorted(kinds)
    assert undone != kinds


def test_determinize_keeps_the_last_turn_shown_after_a_match():
    """Knowledge: the view's ``last_turn`` names the cards of the last turn even when
    they left the grid as a pair; a determinized world (whose log is frozen) shows the
    same."""
    state = game({"a1": "red", "b1": "red"})
    state.apply(0, "flip a1")
    state.apply(0, "flip b1")
    want = [{"cell": "a1", "card": "red"}, {"cell": "b1", "card": "red"}]
    assert state.view(1)["last_turn"] == want
    assert state.determinize(1, Rng(2)).view(1)["last_turn"] == want


def test_phases_first_flip_second_flip_and_over():
    """Phases: ``first-flip`` with no card face up, ``second-flip`` with one, ``over``
    once the game has ended."""
    state = yuletide.new_game(GAME, players=2, seed=0)
    assert state.phases == ("first-flip", "second-flip", "over")
    assert state.current_phase == "first-flip"
    state.apply(0, "flip a1")
    assert state.current_phase == "second-flip"
    assert finished([(14, 2), (11, 1)]).current_phase == "over"


def test_render_of_a_finished_game_names_no_seat_to_act():
    """Issue 12, section 5: after "Game over" the header said "seat N to act"."""
    state = finished([(14, 2), (11, 1)])
    text = render_text(state.view(0))
    assert "to act" not in text
    assert text.splitlines()[0] == "Where's That Bulb? — game over"


# ------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({"memory_aid": "yes"}, "true or false"),
        ({"memory_aid": 1}, "true or false"),
        ({"turn_limit": 0}, "a whole number from 1 to 20000"),
        ({"turn_limit": True}, "a whole number from 1 to 20000"),
        ({"memory": True}, "its options are: memory_aid, turn_limit"),
    ],
)
def test_bad_options_raise_invalid_option_listing_what_is_allowed(options, allowed):
    """Options memory_aid and turn_limit are validated: a bad value raises InvalidOption
    saying what is allowed."""
    with pytest.raises(InvalidOption) as info:
        new(**options)
    assert allowed in str(info.value)


@pytest.mark.parametrize("text", ["flip k9", "flip", "turn a1", "flip a7", "flip a0", "flip c44"])
def test_bad_notation_raises_notation_error_stating_the_form(text):
    """Notation: an action is 'flip <cell>', column a-j and row 1-6; anything else is a
    NotationError stating the form, and changes nothing."""
    state = new()
    before = state.to_json()
    with pytest.raises(NotationError) as info:
        state.apply(0, text)
    message = str(info.value)
    assert "'flip <cell>'" in message
    assert "a-j" in message
    assert "1-6" in message
    assert state.to_json() == before


@pytest.mark.parametrize("seat", [-1, 2, True, "0", 1.5, None])
def test_bad_seats_raise_invalid_seat_in_every_per_seat_function(seat):
    """Issue 12, section 4: a seat that is not a seat of the game is an InvalidSeat
    naming the seats there are, in ``apply``, ``legal_actions``, ``view`` (None is a
    spectator there) and ``determinize``; nothing changes."""
    state = new()
    before = state.to_json()
    calls = [
        lambda: state.apply(seat, "flip a1"),
        lambda: state.legal_actions(seat),
        lambda: state.determinize(seat, Rng(0)),
    ]
    if seat is not None:
        calls.append(lambda: state.view(seat))
    for call in calls:
        with pytest.raises(InvalidSeat, match="seats are 0 to 1"):
            call()
    assert state.to_json() == before


@pytest.mark.parametrize("action", [wtb.Flip(60), wtb.Flip(-1), wtb.Flip("a1"), yuletide.Action()])
def test_hand_built_or_foreign_action_objects_raise_notation_error(action):
    """Issue 12, section 4: an action object out of range, of the wrong type, or of no
    game is a NotationError naming the game's actions, and changes nothing."""
    state = new()
    before = state.to_json()
    with pytest.raises(NotationError, match=r"is not an action of Where's That Bulb\?"):
        state.apply(0, action)
    assert state.to_json() == before


def test_notation_round_trips_and_ignores_case_and_spacing():
    """Notation: ``flip c4`` is column c, row 4; str(action) parses back to the action."""
    cls = yuletide.game_class(GAME)
    assert cls.parse_action("  FLIP   C4 ") == wtb.Flip(32)
    assert str(wtb.Flip(32)) == "flip c4"
    assert str(wtb.Flip(59)) == "flip j6"
    assert all(cls.parse_action(str(a)) == a for a in cls.action_space(2))
    assert len(cls.action_space(2)) == 60

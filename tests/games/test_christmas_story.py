"""A Christmas Story: one test per rule sentence and per ruling or reading the game uses.

Sources: the rulebook of A Christmas Story (quoted in each test's docstring); rulings S1 to
S14 (docs/rulings.md#a-christmas-story) and docs/rulings.md#every-game-safety-limits; the card data
(the box); the readings named in docs/rules/christmas-story.md (card-letters, open-is-announced,
free-peek-face-down, refuser-chooses, lamp-of-the-eliminated, turn-after-dare, ranks).

Situations are built by ``deal``: a new game whose cards A, B, C, ... (deal order: two
to each seat in turn, then three to the middle) are given identities, every card of the
game's deck exactly once; then actions are played through the checked path.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.games.christmas_story.christmas_story import box as cs
from yuletide.games.christmas_story.christmas_story.rules import ChristmasStory
from yuletide.games.christmas_story.christmas_story.text import render as render_text

GAME = "christmas-story"
KIND = {"DP": 0, "BB": 1, "SF": 2, "GD": 3, "PR": 4}
NAME = {
    "DP": "decoder-pin",
    "BB": "bb-gun",
    "SF": "scut-farkus",
    "GD": "grover-dill",
    "PR": "present",
}
ALL_KINDS = ["decoder-pin", "bb-gun", "scut-farkus", "grover-dill", "present"]
#: Three players: A=Decoder Pin, B=Present | C=BB Gun, D=Scut Farkus | E=Present,
#: F=Grover Dill || middle G, H, I = Presents.
THREE = "DP PR | BB SF | PR GD || PR PR PR"
#: Four players: seat 3 holds G and H; the middle is I, J, K.
FOUR = "DP PR | BB SF | PR GD | PR PR || PR PR PR"

# ----------------------------------------------------------------------------- helpers


def deal(cards: str, *, seed: int = 0, **options: Any) -> ChristmasStory:
    """A new game whose cards, in letter order, are the codes given (``|`` and ``||``
    only help the eye); the player count follows from the number of cards."""
    codes = cards.replace("|", " ").split()
    players = (len(codes) - 3) // 2
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    assert isinstance(state, ChristmasStory)
    state.ident = [KIND[c] for c in codes]
    assert sorted(state.inventory()) == sorted(state.box()), "not the game's deck"
    return state


_SLOTTED = ("swap", "dare", "triple-dog-dare", "free-peek", "flip")


def notation(state: ChristmasStory, seat: int, text: str) -> str:
    """A move that names the mover's own card by its letter ("swap a g") written as the
    game writes it, by slot ("swap 1 g" when A is the seat's first card)."""
    words = text.split()
    if len(words) > 1 and words[0] in _SLOTTED and words[1].isalpha():
        hand = state.hand(seat)
        assert L(words[1]) in hand, f"{words[1]} is not a card of seat {seat}"
        words[1] = str(hand.index(L(words[1])) + 1)
    return " ".join(words)


def play(state: ChristmasStory, *moves: str) -> list[dict[str, Any]]:
    """Apply moves written "seat move" ("0 swap a g": seat 0 swaps its card A for G)
    through the checked path; the events of the last move, as its actor saw them."""
    events: list[dict[str, Any]] = []
    for move in moves:
        seat, text = move.split(" ", 1)
        events = state.apply(int(seat), notation(state, int(seat), text))
    return events


def refused(state: ChristmasStory, seat: int, text: str) -> IllegalAction:
    """The error ``apply`` raises for ``text``; the state must be left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return info.value


def legal(state: ChristmasStory, seat: int) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(seat))


def card(view: dict[str, Any], label: str) -> dict[str, Any]:
    """The entry of card ``label`` in a view, wherever it lies."""
    for entry in [*(c for hand in view["hands"] for c in hand), *view["middle"]]:
        if entry["card"] == label:
            return entry
    raise AssertionError(f"card {label} is not on the table")


def letters(view_cards: list[dict[str, Any]]) -> list[str]:
    return [c["card"] for c in view_cards]


def L(text: str) -> int:
    """The card id of a letter ("g" -> 6)."""
    return "abcdefghijklmno".index(text.lower())


def conserved(state: ChristmasStory) -> bool:
    return sorted(state.inventory()) == sorted(state.box())


def random_play(state: ChristmasStory, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.outcome.over:
            return
        (seat,) = state.to_act
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])


# -------------------------------------------------------------------- contents, data


def test_contents_15_cards_90_peek_tokens_1_leg_lamp() -> None:
    """Contents: "15 Cards, 90 Peek Tokens, 1 Leg Lamp Marker" (the card data: 6 colours x
    15 tokens)."""
    content = cs.CONTENT
    assert content.box_total() == 15
    assert len(content.token_colours) * content.tokens_per_colour == 90
    assert content.token_colours == ("red", "blue", "green", "yellow", "purple", "orange")
    assert content.leg_lamps == 1


def test_card_types_decoder_bb_gun_two_bullies_eleven_presents() -> None:
    """Card Types: "Decoder and BB Gun Cards; 2 Bully Cards; 11 Present Cards"; the
    Bullies are Scut Farkus and Grover Dill."""
    kinds = {k.id: (k.name, k.type, k.count) for k in cs.CONTENT.kinds}
    assert kinds == {
        "decoder-pin": ("Decoder Pin", "prize", 1),
        "bb-gun": ("BB Gun", "prize", 1),
        "scut-farkus": ("Scut Farkus", "bully", 1),
        "grover-dill": ("Grover Dill", "bully", 1),
        "present": ("Present", "present", 11),
    }


def test_content_json_is_the_data_the_rules_use() -> None:
    """Data lives in content.json, read once at import and validated."""
    from importlib import resources

    from yuletide.games.christmas_story import content

    text = resources.files(content.__package__).joinpath("content.json").read_text("utf-8")
    assert content.parse_content(json.loads(text)) == cs.CONTENT


def _box() -> dict[str, Any]:
    from importlib import resources

    from yuletide.games.christmas_story import content

    data: dict[str, Any] = json.loads(
        resources.files(content.__package__).joinpath("content.json").read_text("utf-8")
    )
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("middle"), "has no 'middle' field"),
        (lambda d: d["cards"].pop(), "'cards' must list the 5 kinds"),
        (lambda d: d["cards"][0].update(id="coal"), "card 0 must be 'decoder-pin'"),
        (lambda d: d["cards"][2].update(count=2), "exactly one 'scut-farkus' card"),
        (lambda d: d["cards"][4].update(count=0), "count must be a whole number >= 1"),
        (lambda d: d["cards"][1].update(code="DP"), "card codes must be distinct"),
        (lambda d: d.update(middle=4), "two cards to each player and three to the middle"),
        (lambda d: d["presents_by_players"].update({"4": 6}), "cannot be dealt"),
        (lambda d: d["cards"][4].update(count=9), "6 players use 11 Presents"),
        (lambda d: d["peek_token_colours"].pop(), "6 players need 6 Peek token colours"),
        (lambda d: d["peek_token_colours"][1].update(letter="R"), "must be distinct"),
        (lambda d: d.update(peek_tokens_per_colour=14), "a Peek token for each of the 15"),
        (lambda d: d.update(leg_lamps=2), "there is one Leg Lamp marker"),
        (lambda d: d["presents_by_players"].update({"x": 3}), "whole-number player counts"),
    ],
)
def test_content_validation_says_what_is_wrong(change: Any, message: str) -> None:
    """Box data is validated: bad data raises ContentError naming the broken rule."""
    from yuletide.games.christmas_story.content import ContentError, parse_content

    data = _box()
    change(data)
    with pytest.raises(ContentError) as info:
        parse_content(data)
    assert message in str(info.value)
    with pytest.raises(ContentError, match="must be a JSON object"):
        parse_content([])


# ------------------------------------------------------------------------------ setup


@pytest.mark.parametrize(("players", "presents"), [(3, 5), (4, 7), (5, 9), (6, 11)])
def test_setup_1_deck_is_decoder_bb_gun_two_bullies_and_presents_by_player_count(
    players: int, presents: int
) -> None:
    """Set Up 1: "Shuffle the Decoder and BB Gun cards, the two Bully cards, and a number
    of Present cards: 3 players: 5; 4 players: 7; 5 players: 9; 6 players: 11"."""
    state = yuletide.new_game(GAME, players=players, seed=1)
    want = {"decoder-pin": 1, "bb-gun": 1, "scut-farkus": 1, "grover-dill": 1}
    assert Counter(state.box()) == Counter({**want, "present": presents})
    assert Counter(state.inventory()) == Counter(state.box())
    assert state.view(0)["cards_in_game"] == {**want, "present": presents}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_2_two_cards_face_down_to_each_player_the_remaining_three_in_the_middle(
    players: int,
) -> None:
    """Set Up 2: "Deal two cards face-down to each player, then place the remaining three
    cards face-down in the middle of the table." """
    state = yuletide.new_game(GAME, players=players, seed=3)
    view = state.view(None)
    assert [len(h) for h in view["hands"]] == [2] * players
    assert len(view["middle"]) == 3
    everything = [c for h in view["hands"] for c in h] + view["middle"]
    assert len(everything) == 2 * players + 3
    assert not any(c["face_up"] for c in everything)
    assert state.log[0] == ("deal", players, 2 * players + 3)
    assert state.events(None)[0] == {
        "type": "deal",
        "players": players,
        "cards": 2 * players + 3,
        "each": 2,
        "middle": 3,
    }


@pytest.mark.parametrize("players", [3, 6])
def test_setup_2_do_not_look_at_any_cards_ruling_S1_nobody_knows_their_own_cards(
    players: int,
) -> None:
    """Set Up 2: "IMPORTANT: Do not look at any cards!"; ruling S1: "Do players know
    their own cards? No. You learn a card only by peeking"."""
    state = yuletide.new_game(GAME, players=players, seed=5)
    assert state.known == [0] * state.n_cards
    for seat in [*range(players), None]:
        view = state.view(seat)
        everything = [c for h in view["hands"] for c in h] + view["middle"]
        assert all(c["identity"] is None for c in everything)
        assert all(not c["peeked"] for c in everything)
        assert view["peeked"] == []
        assert all(c["possible"] == ALL_KINDS for c in everything)
        assert '"identity"' not in json.dumps(state.events(seat))


def test_setup_3_the_leg_lamp_starts_in_the_middle() -> None:
    """Set Up 3: "Place the Leg Lamp Marker in the middle of the table"."""
    state = yuletide.new_game(GAME, players=4, seed=0)
    assert state.lamp == cs.MIDDLE
    assert state.view(2)["leg_lamp"] is None
    assert "Leg Lamp: middle" in render_text(state.view(2))
    # Nobody holds it, so nobody may use it.
    assert not any(isinstance(a, cs.TripleDogDare | cs.FreePeek) for a in state.legal_actions(0))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_4_each_player_takes_all_peek_tokens_of_one_colour(players: int) -> None:
    """Set Up 4: "Each player takes all Peek tokens of one color" (15 each, the card data)."""
    view = yuletide.new_game(GAME, players=players, seed=0).view(0)
    colours = ["red", "blue", "green", "yellow", "purple", "orange"][:players]
    assert view["token_colours"] == colours
    assert view["tokens_left"] == [15] * players


def test_setup_1_shuffle_seeds_give_different_deals_and_the_same_seed_the_same() -> None:
    """Set Up 1: "Shuffle ...": the identities on the cards come from the seeded shuffle."""
    deals = {tuple(yuletide.new_game(GAME, players=4, seed=s).ident) for s in range(30)}
    assert len(deals) > 25
    assert yuletide.new_game(GAME, players=4, seed=9).to_json() == (
        yuletide.new_game(GAME, players=4, seed=9).to_json()
    )
    # The Decoder Pin lands on every card letter over enough deals.
    places = {
        yuletide.new_game(GAME, players=3, seed=s).ident.index(cs.DECODER) for s in range(200)
    }
    assert places == set(range(9))


def test_the_youngest_player_goes_first_seat_0() -> None:
    """Set Up: "The youngest player goes first" (seat 0 is the youngest)."""
    for players in (3, 4, 5, 6):
        state = yuletide.new_game(GAME, players=players, seed=0)
        assert state.to_act == frozenset({0})
        assert state.legal_actions(0)
        for seat in range(1, players):
            assert state.legal_actions(seat) == []
            err = refused(state, seat, "open")
            assert err.reason == f"seat {seat} may not act now; waiting for seat 0"
            assert err.rule == "A Christmas Story: turn order"


def test_rulebook_4_player_set_up_example() -> None:
    """The printed "4-Player Set Up Example" (a diagram): four players with two face-down
    cards each, three face-down cards in the middle, the Leg Lamp in the middle, every
    player with their Peek tokens and none on the table."""
    state = deal(FOUR)
    view = state.view(None)
    assert [letters(h) for h in view["hands"]] == [["A", "B"], ["C", "D"], ["E", "F"], ["G", "H"]]
    assert letters(view["middle"]) == ["I", "J", "K"]
    assert view["leg_lamp"] is None
    assert view["tokens_left"] == [15, 15, 15, 15]
    assert all(not c["tokens"] and not c["face_up"] for c in view["middle"])
    assert sum(view["cards_in_game"].values()) == 11


# ------------------------------------------------------------------------ Peek tokens


def test_peek_tokens_let_players_know_who_has_peeked_at_a_card() -> None:
    """Peek Tokens: "Peek tokens let players know who has peeked at a card": every seat
    and a spectator see the token; only the peeker sees the card."""
    state = deal(THREE)
    play(state, "0 swap a g")
    for seat in (0, 1, 2, None):
        g = card(state.view(seat), "G")
        assert g["tokens"] == [0]
        assert g["identity"] == ("present" if seat == 0 else None)
    assert state.view(1)["tokens_left"] == [14, 15, 15]
    assert "G:??[R]" in render_text(state.view(1))


def test_peek_tokens_are_never_removed_from_a_card_unless_it_is_flipped_face_up() -> None:
    """Peek Tokens: "Peek tokens are never removed from a card unless the card is flipped
    face-up": they travel with the card through swaps and dares."""
    state = deal(THREE)
    play(state, "0 swap a g")  # seat 0's token on G
    play(state, "1 dare c g", "0 accept")  # G goes to seat 1, who adds a token
    assert card(state.view(None), "G")["tokens"] == [0, 1]
    play(state, "2 swap e h", "0 swap c i", "1 swap g a")  # G goes to the middle
    assert state.holder(L("g")) == cs.MIDDLE
    assert card(state.view(2), "G")["tokens"] == [0, 1]
    assert state.view(2)["tokens_left"] == [13, 13, 14]


def test_every_player_has_a_peek_token_on_the_same_card_it_is_flipped_face_up() -> None:
    """Peek Tokens: "If every player has a Peek token on the same card, you must flip the
    card face-up." (S3: the tokens go back to their owners.)"""
    state = deal(THREE)
    play(state, "0 swap a g", "1 dare c g", "0 accept", "2 dare e g")
    assert card(state.view(None), "G")["tokens"] == [0, 1]
    events = play(state, "1 accept")
    assert events[-2]["type"] == "peek"
    assert events[-1] == {"type": "flip", "card": "G", "identity": "present", "why": "all-peeked"}
    g = card(state.view(None), "G")
    assert g["face_up"] and g["identity"] == "present" and g["tokens"] == []
    assert state.view(None)["tokens_left"] == [15, 15, 15]


# ------------------------------------------------------------------------ how to play


def test_how_to_play_clockwise_one_of_the_three_actions_per_turn() -> None:
    """How to Play: "Starting with the first player and proceeding clockwise, do ONE of
    the three following actions on your turn"."""
    state = deal(FOUR)
    order = []
    for move in ("swap a i", "swap c j", "swap e k", "swap g a", "swap i c"):
        order.append(state.turn)
        state.apply(state.turn, notation(state, state.turn, move))
        assert state.step == cs.TURN
    assert order == [0, 1, 2, 3, 0]
    assert state.turn == 1
    assert state.turns == 5
    kinds = {type(a).__name__ for a in state.legal_actions(1)}
    assert kinds == {"Swap", "Dare", "Open"}


def test_swap_one_of_your_cards_with_a_card_in_the_middle() -> None:
    """SWAP: "Swap one of your cards with a card in the middle of the table." """
    state = deal(THREE)
    swaps = sorted(str(a) for a in state.legal_actions(0) if isinstance(a, cs.Swap))
    assert swaps == [f"swap {i} {x}" for i in "12" for x in "ghi"]
    events = play(state, "0 swap b h")
    assert events[0] == {"type": "swap", "seat": 0, "gave": "B", "took": "H"}
    view = state.view(None)
    assert letters(view["hands"][0]) == ["A", "H"]  # H takes B's place in the hand
    assert letters(view["middle"]) == ["G", "B", "I"]  # and B takes H's in the middle
    assert state.turn == 1
    assert conserved(state)


def test_swap_if_the_card_you_took_is_face_down_peek_and_put_a_peek_token_on_it() -> None:
    """SWAP: "If the card you took in the swap is face-down, peek at the card and put a
    Peek token on top of it." The card given away is not looked at."""
    state = deal(THREE)
    events = play(state, "0 swap a g")
    assert events[1] == {
        "type": "peek",
        "seat": 0,
        "card": "G",
        "token_placed": True,
        "identity": "present",
    }
    assert state.events(1)[-1] == {"type": "peek", "seat": 0, "card": "G", "token_placed": True}
    assert state.tokens[L("g")] == 0b001
    assert state.known[L("g")] == 0b001
    assert state.known[L("a")] == 0  # the card given away stays unknown
    assert card(state.view(0), "A")["identity"] is None


def test_rulebook_swap_example() -> None:
    """The printed "Swap example" (a diagram): a player swaps one of their face-down
    cards with a face-down middle card, peeks at it and puts a Peek token on it."""
    state = deal(FOUR)
    play(state, "0 swap b j")
    view = state.view(0)
    assert letters(view["hands"][0]) == ["A", "J"]
    assert letters(view["middle"]) == ["I", "B", "K"]
    assert card(view, "J") == {
        "card": "J",
        "face_up": False,
        "identity": "present",
        "peeked": True,
        "tokens": [0],
        "possible": ["present"],
    }
    assert card(view, "B")["tokens"] == []
    assert view["peeked"] == [
        {"card": "J", "identity": "present", "where": "seat 0", "face_up": False}
    ]


def test_dare_choose_one_of_your_cards_and_one_of_your_opponents_cards() -> None:
    """DARE: "Choose one of your cards and one of your opponents' cards and Dare that
    opponent to swap with you." The dared opponent decides."""
    state = deal(THREE)
    dares = sorted(str(a) for a in state.legal_actions(0) if isinstance(a, cs.Dare))
    assert dares == [f"dare {i} {t}" for i in "12" for t in "cdef"]
    events = play(state, "0 dare b e")
    assert events == [{"type": "dare", "seat": 0, "card": "B", "opponent": 2, "their_card": "E"}]
    assert state.to_act == frozenset({2})
    assert legal(state, 2) == ["accept", "refuse"]
    assert legal(state, 0) == [] and legal(state, 1) == []
    view = state.view(1)
    assert view["step"] == "answer-dare"
    assert view["dare"] == {"darer": 0, "darer_card": "B", "dared": 2, "dared_card": "E"}
    assert state.turn == 0  # still seat 0's turn


def test_dare_taken_swap_the_two_chosen_cards_and_the_darer_peeks_ruling_S5() -> None:
    """DARE: "If they DO take the Dare, swap the two chosen cards. If the card you took in
    the swap is face-down, peek at the card and put a Peek token on top of it." Ruling
    S5: "only the active player peeks"."""
    state = deal(THREE)
    play(state, "0 dare a c")
    events = play(state, "1 accept")
    assert events[0] == {"type": "accept", "seat": 1}
    assert events[1] == {"type": "peek", "seat": 0, "card": "C", "token_placed": True}
    assert letters(state.view(None)["hands"][0]) == ["C", "B"]
    assert letters(state.view(None)["hands"][1]) == ["A", "D"]
    assert card(state.view(0), "C")["identity"] == "bb-gun"
    # S5: the dared player does not peek at the card they received.
    assert state.known[L("a")] == 0 and state.tokens[L("a")] == 0
    assert card(state.view(1), "A")["identity"] is None
    assert state.turn == 1


def test_rulebook_take_the_dare_example() -> None:
    """The printed "Take the Dare example" (a diagram): the dared player takes the Dare,
    the two chosen cards change hands, and the darer peeks at the card taken and puts a
    Peek token on it."""
    state = deal(FOUR)
    play(state, "0 dare b g", "3 accept")
    view = state.view(0)
    assert letters(view["hands"][0]) == ["A", "G"]
    assert letters(view["hands"][3]) == ["B", "H"]
    assert card(view, "G")["tokens"] == [0] and card(view, "G")["identity"] == "present"
    assert card(state.view(3), "B")["identity"] is None


def test_dare_not_taken_no_swap_darer_takes_the_lamp_refuser_turns_a_card_face_up() -> None:
    """DARE: "If they DO NOT take the Dare, the two chosen cards are not swapped, and you
    take the Leg Lamp. Your opponent must then choose one of their cards to turn face-up
    for the rest of the game." """
    state = deal(THREE)
    play(state, "0 dare a c")
    events = play(state, "1 refuse")
    assert events == [
        {"type": "refuse", "seat": 1, "with_lamp": False},
        {"type": "leg-lamp", "holder": 0},
    ]
    assert letters(state.view(None)["hands"][0]) == ["A", "B"]  # not swapped
    assert state.lamp == 0 and state.view(2)["leg_lamp"] == 0
    assert state.to_act == frozenset({1})
    assert state.view(1)["step"] == "turn-card-up"
    assert legal(state, 1) == ["flip 1", "flip 2"]
    events = play(state, "1 flip d")
    assert events == [{"type": "flip", "card": "D", "identity": "scut-farkus", "why": "refused"}]
    assert card(state.view(2), "D")["face_up"] is True
    assert card(state.view(2), "D")["identity"] == "scut-farkus"
    assert state.turn == 1 and state.step == cs.TURN
    # "for the rest of the game": it stays face up wherever it goes.
    play(state, "1 swap d g", "2 swap f d")
    assert card(state.view(0), "D")["face_up"] is True


def test_reading_refuser_chooses_even_with_one_face_down_card() -> None:
    """Reading refuser-chooses: "Your opponent must then choose one of their cards": the
    refuser decides on their seat, also when only one of their cards is face down; a
    face-up card cannot be chosen."""
    state = deal(THREE)
    state.face_up[L("c")] = 1
    play(state, "0 dare a d", "1 refuse")
    assert state.to_act == frozenset({1})
    assert legal(state, 1) == ["flip 2"]
    err = refused(state, 1, "flip 1")
    assert err.reason == "your card 1 (C) is already face up: flip 2"
    assert err.rule == "A Christmas Story, How to Play: DARE, if they DO NOT take the Dare"
    play(state, "1 flip d")
    assert state.face_up[L("d")] == 1


def test_open_the_present_announce_then_declare_reading_open_is_announced() -> None:
    """OPEN THE PRESENT: "you may announce that you are opening presents (see Winning the
    Game)"; reading open-is-announced: ``open`` then ``declare``; no going back."""
    state = deal(THREE)
    events = play(state, "0 open")
    assert events == [{"type": "open", "seat": 0}]
    assert state.view(1)["step"] == "declare"
    assert state.to_act == frozenset({0})
    assert len(state.legal_actions(0)) == 36  # every pair of the 9 cards
    assert all(isinstance(a, cs.Declare) for a in state.legal_actions(0))
    for text in ("swap 1 g", "dare 1 c", "open", "accept"):
        err = refused(state, 0, text)
        assert err.reason == (
            "you announced that you are opening the presents: declare the two cards you"
            " think are the Decoder Pin and the BB Gun (declare <card> <card>)"
        )
        assert err.rule == "A Christmas Story, Winning the Game"


# ------------------------------------------------------------------------- Leg Lamp


def test_leg_lamp_only_its_holder_may_use_it() -> None:
    """Leg Lamp Marker: "If you have the Leg Lamp Marker, you may take any one of the
    following three actions": without it, none of them."""
    state = deal(THREE)
    err = refused(state, 0, "triple-dog-dare 1 c")
    assert err.reason == "you do not hold the Leg Lamp (it is in the middle)"
    assert err.rule == "A Christmas Story, Leg Lamp Marker: TRIPLE-DOG-DARE"
    state.lamp = 2
    err = refused(state, 0, "free-peek 1")
    assert err.reason == "you do not hold the Leg Lamp (seat 2 holds it)"
    assert err.rule == "A Christmas Story, Leg Lamp Marker: FREE PEEK"
    play(state, "0 dare a c")
    err = refused(state, 1, "refuse with lamp")
    assert err.reason == (
        "you do not hold the Leg Lamp, so you cannot refuse without turning a card face up:"
        " accept or refuse"
    )
    assert err.rule == "A Christmas Story, Leg Lamp Marker: REFUSE A DARE"


def test_leg_lamp_holder_may_use_it_as_the_turn_action() -> None:
    """Leg Lamp Marker: the holder's turn offers TRIPLE-DOG-DARE and FREE PEEK besides the
    three actions."""
    state = deal(THREE)
    state.lamp = 0
    acts = {str(a) for a in state.legal_actions(0)}
    assert {f"triple-dog-dare {i} {t}" for i in "12" for t in "cdef"} <= acts
    assert {"free-peek 1", "free-peek 2", "open", "swap 1 g", "dare 2 f"} <= acts
    assert len(acts) == 6 + 8 + 1 + 8 + 2


def test_triple_dog_dare_forces_the_swap_holder_picks_both_cards_ruling_S9() -> None:
    """TRIPLE-DOG-DARE: "As your turn action, force an opponent to Swap one of their cards
    with any one of your cards. If the card you took in the swap is face-down, peek at the
    card, and put a Peek token on top of it." "After doing so, place it back in the
    middle." ruling S9: the active player picks both cards; it cannot be refused."""
    state = deal(THREE)
    state.lamp = 0
    events = play(state, "0 triple-dog-dare b f")
    assert events == [
        {"type": "triple-dog-dare", "seat": 0, "card": "B", "opponent": 2, "their_card": "F"},
        {
            "type": "peek",
            "seat": 0,
            "card": "F",
            "token_placed": True,
            "identity": "grover-dill",
        },
        {"type": "leg-lamp", "holder": None},
    ]
    assert letters(state.view(None)["hands"][0]) == ["A", "F"]
    assert letters(state.view(None)["hands"][2]) == ["E", "B"]
    assert state.lamp == cs.MIDDLE
    assert state.turn == 1 and state.to_act == frozenset({1})  # seat 2 never answered
    assert not any(e["type"] in ("accept", "refuse") for e in state.events(None))


def test_triple_dog_dare_taking_a_face_up_card_has_no_peek_ruling_S14() -> None:
    """TRIPLE-DOG-DARE: "If the card you took in the swap is face-down, peek" - a face-up
    card is taken without a peek (S14)."""
    state = deal(THREE)
    state.lamp = 0
    state.face_up[L("d")] = 1
    events = play(state, "0 triple-dog-dare a d")
    assert [e["type"] for e in events] == ["triple-dog-dare", "leg-lamp"]
    assert state.tokens[L("d")] == 0


def test_free_peek_look_at_one_of_your_cards_then_place_a_peek_token_on_it() -> None:
    """FREE PEEK: "As your turn action, look at one of your cards, then place a Peek token
    on it." Then the lamp goes back to the middle."""
    state = deal(THREE)
    state.lamp = 0
    events = play(state, "0 free-peek a")
    assert events == [
        {"type": "free-peek", "seat": 0, "card": "A"},
        {"type": "peek", "seat": 0, "card": "A", "token_placed": True, "identity": "decoder-pin"},
        {"type": "leg-lamp", "holder": None},
    ]
    assert card(state.view(0), "A")["identity"] == "decoder-pin"
    assert card(state.view(1), "A") == {
        "card": "A",
        "face_up": False,
        "identity": None,
        "peeked": False,
        "tokens": [0],
        "possible": ALL_KINDS,
    }
    assert state.lamp == cs.MIDDLE and state.turn == 1


def test_reading_free_peek_face_down_only_and_again_without_a_second_token() -> None:
    """Reading free-peek-face-down: Free Peek looks at a face-down card of yours; a card
    you have peeked before may be peeked again, with no second token (as S2)."""
    state = deal(THREE)
    state.lamp = 0
    state.face_up[L("b")] = 1
    assert [str(a) for a in state.legal_actions(0) if isinstance(a, cs.FreePeek)] == ["free-peek 1"]
    err = refused(state, 0, "free-peek 2")
    assert err.reason == (
        "your card 2 (B) is face up: Free Peek looks at one of your face-down cards"
    )
    assert err.rule == cs.R_FREE_PEEK
    state.tokens[L("a")] = state.known[L("a")] = 0b001
    events = play(state, "0 free-peek a")
    assert events[1]["token_placed"] is False
    assert state.view(0)["tokens_left"][0] == 14


def test_refuse_a_dare_with_the_lamp_no_card_face_up_and_the_darer_takes_it_ruling_S7() -> None:
    """REFUSE A DARE: "You may refuse a Dare without having to turn a card face-up."
    ruling S7: "The refuser skips the face-up penalty and the lamp passes to the
    darer." """
    state = deal(THREE)
    state.lamp = 1
    play(state, "0 dare a c")
    assert legal(state, 1) == ["accept", "refuse", "refuse with lamp"]
    events = play(state, "1 refuse with lamp")
    assert events == [
        {"type": "refuse", "seat": 1, "with_lamp": True},
        {"type": "leg-lamp", "holder": 0},
    ]
    assert state.lamp == 0
    assert not any(state.face_up)
    assert state.step == cs.TURN and state.turn == 1
    assert letters(state.view(None)["hands"][0]) == ["A", "B"]


def test_leg_lamp_one_use_then_back_in_the_middle() -> None:
    """Leg Lamp Marker: "After doing so, place it back in the middle of the table": one
    use, then nobody holds it."""
    state = deal(THREE)
    state.lamp = 0
    play(state, "0 free-peek b", "1 swap c g", "2 swap e h")
    assert not any(isinstance(a, cs.TripleDogDare | cs.FreePeek) for a in state.legal_actions(0))


def test_ruling_S6_a_refused_dare_takes_the_lamp_from_a_third_player() -> None:
    """Ruling S6: "Refused Dare while the Leg Lamp is held by a third player. The darer
    takes the lamp from wherever it is." """
    state = deal(THREE)
    state.lamp = 2
    play(state, "0 dare a c", "1 refuse")
    assert state.lamp == 0
    assert state.events(2)[-1] == {"type": "leg-lamp", "holder": 0}


def test_ruling_S8_refused_dare_with_every_card_face_up_no_flip_lamp_still_taken() -> None:
    """Ruling S8: "Refused Dare against an opponent whose cards are all face-up. No
    penalty flip is possible. The darer still takes the lamp." """
    state = deal(THREE)
    state.face_up[L("c")] = state.face_up[L("d")] = 1
    play(state, "0 dare a c", "1 refuse")
    assert state.lamp == 0
    assert state.step == cs.TURN and state.turn == 1
    assert [e["type"] for e in state.events(None)[-2:]] == ["refuse", "leg-lamp"]


# -------------------------------------------------------------------- winning the game


def test_winning_declare_two_cards_and_flip_those_not_already_face_up() -> None:
    """Winning the Game: "declare which two cards you think are the Decoder Pin and the BB
    Gun. If either or both cards have not already been flipped face-up, flip them now." """
    state = deal(THREE)
    state.face_up[L("g")] = 1
    events = play(state, "0 open", "0 declare g b")
    assert events[0] == {"type": "declare", "seat": 0, "cards": ["B", "G"]}
    flips = [e for e in events if e["type"] == "flip"]
    assert flips[0] == {"type": "flip", "card": "B", "identity": "present", "why": "declared"}
    assert not any(e["type"] == "flip" and e["card"] == "G" for e in events)


def test_winning_correct_and_no_bully_in_your_cards_you_win() -> None:
    """Winning the Game: "If you are CORRECT, reveal your cards. If neither of your cards
    is a Bully, you've won the game!" """
    state = deal(THREE)
    events = play(state, "0 open", "0 declare a c")
    assert [e["type"] for e in events] == ["declare", "flip", "flip", "correct", "flip", "win"]
    assert events[4] == {"type": "flip", "card": "B", "identity": "present", "why": "revealed"}
    assert events[-1] == {"type": "win", "seat": 0, "how": "presents"}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0,)
    assert outcome.scores == (1.0, 0.0, 0.0)
    assert outcome.ranks == (1, 2, 2)
    assert outcome.reason == "presents: seat 0 found the Decoder Pin and the BB Gun"
    assert state.view(1)["ending"] == "presents"
    assert state.to_act == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(3))
    err = refused(state, 1, "open")
    assert err.reason == "the game is over (finished): no seat may act"


def test_ruling_S10_correct_means_both_cards_in_either_order_anywhere() -> None:
    """Ruling S10: "Both declared cards must be the Decoder and the BB Gun, in either
    order. They may be anywhere: your hand, an opponent's hand, or the middle." """
    # The Decoder Pin in the middle (G), the BB Gun in an opponent's hand (C).
    state = deal("PR PR | BB SF | PR GD || DP PR PR")
    play(state, "0 open", "0 declare g c")
    assert state.outcome.winners == (0,)
    state = deal("PR PR | BB SF | PR GD || DP PR PR")
    play(state, "0 open", "0 declare c g")
    assert state.outcome.winners == (0,)
    # One right card is not enough.
    state = deal("PR PR | BB SF | PR GD || DP PR PR")
    play(state, "0 open", "0 declare g h")
    assert state.outcome.status == "ongoing" and state.out[0] == 1


def test_ruling_S11_correct_but_holding_a_bully_you_lose_and_nobody_wins() -> None:
    """Winning the Game: "If either of your cards shows a Bully, you lose, and the game is
    over." ruling S11: "The game ends with no winner." """
    state = deal("SF PR | DP PR | BB GD || PR PR PR")
    events = play(state, "0 open", "0 declare c e")
    assert events[3] == {"type": "correct", "seat": 0}
    assert {"type": "flip", "card": "A", "identity": "scut-farkus", "why": "revealed"} in events
    assert events[-1] == {"type": "bully", "seat": 0}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == ()
    assert outcome.scores == (0.0, 0.0, 0.0)
    assert outcome.ranks == (3, 1, 1)  # reading ranks: the Bully loser last
    assert outcome.reason == (
        "bully: seat 0 found the Decoder Pin and the BB Gun but holds a Bully, so the game"
        " ends with no winner"
    )
    assert state.view(2)["ending"] == "bully"
    assert state.to_act == frozenset()


def test_ruling_S11_a_bully_among_the_declared_own_cards_also_loses() -> None:
    """Winning the Game: the revealed cards are the opener's own two, whichever they are:
    the Grover Dill beside a declared Decoder Pin in the opener's hand is a Bully."""
    state = deal("DP GD | BB SF | PR PR || PR PR PR")
    play(state, "0 open", "0 declare a c")
    assert state.ending == cs.BULLY_LOSS


def test_winning_incorrect_you_are_out_cards_face_up_both_of_yours_to_the_middle() -> None:
    """Winning the Game: "If you are INCORRECT, you are out of the game! Leave the cards
    face-up and place both of your cards in the middle of the table. The remaining
    players continue playing." ruling S13: the declared cards stay face up where they
    are; the two hand cards go face up to the middle, which can hold more than 3 cards;
    the out player's tokens return and no longer count."""
    state = deal(FOUR)
    play(state, "0 swap a i", "1 swap c j")  # tokens of seats 0 (I) and 1 (J)
    events = play(state, "2 open", "2 declare d k")
    kinds = [e["type"] for e in events]
    assert kinds == ["declare", "flip", "flip", "incorrect", "out", "flip", "flip"]
    assert events[4] == {"type": "out", "seat": 2, "to_middle": ["E", "F"]}
    view = state.view(3)
    assert letters(view["middle"]) == ["A", "C", "K", "E", "F"]
    assert all(c["face_up"] for c in view["middle"][2:])
    assert card(view, "D")["face_up"] and state.holder(L("d")) == 1  # stays where it is
    assert view["hands"][2] == []
    assert view["out"] == [2] and view["in_game"] == [0, 1, 3]
    assert state.outcome.status == "ongoing"
    assert state.turn == 3 and state.to_act == frozenset({3})
    assert conserved(state)


def test_the_remaining_players_continue_playing_the_out_player_is_skipped() -> None:
    """Winning the Game: "The remaining players continue playing": the out player takes
    no more turns and cannot be dared."""
    state = deal(FOUR)
    play(state, "0 swap a i", "1 open", "1 declare a b")  # seat 1 is out
    assert state.turn == 2
    dares = {str(a) for a in state.legal_actions(2) if isinstance(a, cs.Dare)}
    assert not any(d.endswith((" c", " d")) for d in dares)
    play(state, "2 swap e j", "3 swap g k")
    assert state.turn == 0
    play(state, "0 swap b e")
    assert state.turn == 2  # seat 1 is skipped


def test_ruling_S12_the_last_player_left_wins() -> None:
    """Ruling S12: "Only one player is left after eliminations. That player wins." """
    state = deal(THREE)
    play(state, "0 open", "0 declare b e")
    assert state.outcome.status == "ongoing"
    events = play(state, "1 open", "1 declare g h")
    assert events[-1] == {"type": "win", "seat": 2, "how": "last-standing"}
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (2,)
    assert outcome.reason == "last-standing: seat 2 is the last player left in the game"
    assert outcome.ranks == (3, 2, 1)  # reading ranks: the later out ranks higher
    assert state.view(0)["ending"] == "last-standing"
    assert state.view(0)["out"] == [0, 1]


def test_ruling_S13_the_out_players_tokens_return_and_no_longer_count() -> None:
    """Ruling S13: "Their tokens return to them and are no longer counted." """
    state = deal(FOUR)
    play(state, "0 swap a i")  # seat 0's token on I
    play(state, "1 dare c i", "0 accept")  # seat 1 takes I: tokens 0 and 1
    play(state, "2 swap e j", "3 swap g k")
    play(state, "0 open", "0 declare h a")  # seat 0 is out
    assert card(state.view(1), "I")["tokens"] == [1]
    assert state.view(1)["tokens_left"] == [15, 14, 14, 14]


def test_ruling_S4_only_players_still_in_the_game_count_for_the_auto_flip() -> None:
    """Ruling S4: "only players still in the game. The check runs whenever a token is
    placed and whenever a player is eliminated." """
    # On elimination: seats 0, 1 and 2 have peeked I; seat 3 goes out; I flips.
    state = deal(FOUR)
    play(state, "0 swap a i", "1 dare c i", "0 accept", "2 dare e i", "1 accept")
    assert card(state.view(None), "I")["tokens"] == [0, 1, 2]
    events = play(state, "3 open", "3 declare b d")
    assert events[-1] == {"type": "flip", "card": "I", "identity": "present", "why": "all-peeked"}
    # On placing a token: with seat 3 out, seats 0, 1 and 2 suffice.
    state = deal(FOUR)
    play(state, "0 swap a i", "1 dare c i", "0 accept", "2 swap e j", "3 open", "3 declare b d")
    assert not state.face_up[L("i")]
    events = play(state, "0 swap c k", "1 swap i e", "2 swap j i")
    assert events[-1] == {"type": "flip", "card": "I", "identity": "present", "why": "all-peeked"}


def test_ruling_S3_tokens_on_a_card_flipped_face_up_go_back_to_their_owners() -> None:
    """Ruling S3: "What happens to tokens on a card that is flipped face-up? They go
    back to their owners." """
    state = deal(THREE)
    play(state, "0 swap a g", "1 dare c g")
    play(state, "0 refuse")
    assert state.view(1)["tokens_left"] == [14, 15, 15]
    play(state, "0 flip g")
    assert state.tokens[L("g")] == 0
    assert state.view(1)["tokens_left"] == [15, 15, 15]
    assert card(state.view(2), "G")["tokens"] == []


def test_ruling_S2_taking_a_card_with_your_own_token_peek_again_no_second_token() -> None:
    """Ruling S2: "You take a face-down card that already carries your Peek token. Peek
    again; add no second token." """
    state = deal(THREE)
    play(state, "0 swap a g", "1 dare c g", "0 accept", "2 swap e a")
    play(state, "0 dare c g", "1 accept")
    assert state.events(0)[-1] == {
        "type": "peek",
        "seat": 0,
        "card": "G",
        "token_placed": False,
        "identity": "present",
    }
    assert state.tokens[L("g")] == 0b011
    assert state.view(0)["tokens_left"] == [14, 14, 14]  # seat 2 peeked A


def test_ruling_S14_face_up_cards_can_be_swapped_or_dared_with_no_peek() -> None:
    """Ruling S14: "Can face-up cards be swapped or dared? Yes, with no peek needed." """
    state = deal(THREE)
    state.face_up[L("g")] = state.face_up[L("d")] = state.face_up[L("a")] = 1
    assert "swap 1 g" in legal(state, 0)
    events = play(state, "0 swap a g")
    assert [e["type"] for e in events] == ["swap"]
    assert state.tokens[L("g")] == 0
    assert "dare 2 g" in legal(state, 1)
    play(state, "1 dare d g")
    events = play(state, "0 accept")
    assert [e["type"] for e in events] == ["accept"]
    assert state.holder(L("g")) == 1 and state.tokens[L("g")] == 0


# ------------------------------------------------------------------------- readings


def test_reading_card_letters_letters_follow_the_physical_card() -> None:
    """Reading card-letters: cards are lettered in deal order (two per seat, then the
    middle); a letter names one physical card wherever it goes, its identity fixed."""
    state = deal(FOUR)
    assert state.table == list(range(11))
    before = list(state.ident)
    play(state, "0 swap b i", "1 dare d a", "0 accept")
    assert state.holder(L("a")) == 1 and state.holder(L("d")) == 0
    assert state.ident == before
    assert card(state.view(1), "A")["identity"] == "decoder-pin"


def test_reading_lamp_of_the_eliminated_goes_back_to_the_middle() -> None:
    """Reading lamp-of-the-eliminated: a player who is out returns the Leg Lamp."""
    state = deal(FOUR)
    state.lamp = 0
    events = play(state, "0 open", "0 declare b d")
    assert {"type": "leg-lamp", "holder": None} in events
    assert state.lamp == cs.MIDDLE


def test_reading_turn_after_dare_the_next_turn_follows_the_darer() -> None:
    """Reading turn-after-dare: answering and paying for a Dare are part of the darer's
    turn; the next player is the one after the darer, not after the dared player."""
    state = deal(FOUR)
    play(state, "0 dare a e", "2 refuse", "2 flip f")
    assert state.turn == 1 and state.turns == 1


def test_reading_ranks_winner_then_players_in_the_game_then_the_out_latest_first() -> None:
    """Reading ranks: the winner first, then the players still in the game, then those
    who are out, the later out ranking higher."""
    state = deal(FOUR)
    play(state, "0 open", "0 declare b e", "1 open", "1 declare d g", "2 swap e i")
    play(state, "3 open", "3 declare a c")
    assert state.outcome.winners == (3,)
    assert state.outcome.ranks == (4, 3, 2, 1)


# ------------------------------------------------------------------------- knowledge


def test_view_shows_what_the_seat_peeked_and_where_that_card_is_now() -> None:
    """Knowledge: "a seat's view shows what it peeked and where that card is now (a
    peeked card carries your memory with it as it moves)"."""
    state = deal(THREE)
    play(state, "0 swap a g")  # seat 0 peeks G (a Present)
    play(state, "1 dare c g", "0 accept")  # G goes to seat 1, C to seat 0 (seat 1 peeks G)
    view = state.view(0)
    assert view["peeked"] == [
        {"card": "G", "identity": "present", "where": "seat 1", "face_up": False}
    ]
    g = card(view, "G")
    assert g["identity"] == "present" and g["peeked"] is True
    assert card(view, "C")["identity"] is None  # received in a Dare: not peeked (S5)
    play(state, "2 swap e h", "0 swap c i", "1 swap g a")
    assert state.view(0)["peeked"] == [
        {"card": "G", "identity": "present", "where": "middle", "face_up": False},
        {"card": "I", "identity": "present", "where": "seat 0", "face_up": False},
    ]
    assert card(state.view(2), "G")["identity"] is None
    assert "You peeked: G=Present (middle), I=Present (seat 0)" in render_text(state.view(0))


def test_view_shows_every_peek_token_face_up_cards_and_the_lamp_holder() -> None:
    """Knowledge: the view shows "every Peek token on the table, face-up cards, the Leg
    Lamp's holder" to every seat and to a spectator."""
    state = deal(THREE)
    play(state, "0 swap a g", "1 dare c e", "2 refuse", "2 flip f")
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert card(view, "G")["tokens"] == [0]
        assert card(view, "F")["face_up"] and card(view, "F")["identity"] == "grover-dill"
        assert view["leg_lamp"] == 1


def test_nobody_sees_an_unpeeked_face_down_card_including_their_own() -> None:
    """Knowledge: "Nobody sees an unpeeked face-down card, including their own" (S1):
    not in views, events, renders or error messages."""
    state = deal(THREE)
    play(state, "0 swap a g")
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        own = view["hands"][seat] if seat is not None else []
        for entry in own:
            if entry["card"] != "G":
                assert entry["identity"] is None
        text = json.dumps([view, state.events(seat), render_text(view)])
        # The Decoder Pin (A, now in the middle) was never peeked: nobody sees where it is.
        assert '"identity": "decoder-pin"' not in text
        assert "A:DP" not in text


def test_an_out_player_keeps_its_memory() -> None:
    """Knowledge: what a seat peeked stays in its view after it is out (S13 returns its
    tokens, not its memory)."""
    state = deal(THREE)
    play(state, "0 swap a g", "1 swap c h", "2 swap e i", "0 open", "0 declare b c")
    view = state.view(0)
    assert {"card": "G", "identity": "present", "where": "middle", "face_up": True} in view[
        "peeked"
    ]


def test_events_show_a_peeked_card_only_to_the_peeker() -> None:
    """Knowledge: the event log, like the view, shows a peeked card to the peeker only."""
    state = deal(THREE)
    state.lamp = 1
    play(state, "0 swap a g", "1 free-peek c")
    for seat in (0, 1, 2, None):
        peeks = [e for e in state.events(seat) if e["type"] == "peek"]
        assert [("identity" in e) for e in peeks] == [seat == 0, seat == 1]


def test_deduction_possible_identities_use_only_the_seats_own_information() -> None:
    """Deduction helper (option ``deduction``, on by default): "for each face-down card,
    which identities are still possible given what this seat has seen"."""
    state = deal(THREE)
    # Seat 0 peeks the BB Gun (C) with a Dare; the Grover Dill (F) is turned face up.
    play(state, "0 dare b c", "1 accept", "1 dare b f", "2 refuse", "2 flip f")
    view = state.view(0)
    assert card(view, "C")["possible"] == ["bb-gun"]
    assert card(view, "F")["possible"] == ["grover-dill"]
    assert card(view, "A")["possible"] == ["decoder-pin", "scut-farkus", "present"]
    assert view["deduction"] == {
        "unseen_cards": 7,
        "unaccounted": {
            "decoder-pin": 1,
            "bb-gun": 0,
            "scut-farkus": 1,
            "grover-dill": 0,
            "present": 5,
        },
        "candidates": {
            "decoder-pin": ["A", "B", "D", "E", "G", "H", "I"],
            "bb-gun": ["C"],
            "scut-farkus": ["A", "B", "D", "E", "G", "H", "I"],
            "grover-dill": ["F"],
            "present": ["A", "B", "D", "E", "G", "H", "I"],
        },
    }
    # Seat 1 has seen only the face-up Grover Dill.
    assert card(state.view(1), "C")["possible"] == [
        "decoder-pin",
        "bb-gun",
        "scut-farkus",
        "present",
    ]
    assert "BB Gun could be: C" in render_text(view)


def test_deduction_narrows_a_card_to_one_identity_when_the_rest_are_seen() -> None:
    """Deduction helper: once a seat has seen the Decoder Pin, the BB Gun and both
    Bullies, every other face-down card can only be a Present."""
    state = deal(THREE)
    for c in "adf":
        state.face_up[L(c)] = 1
    state.known[L("c")] = state.tokens[L("c")] = 0b100
    view = state.view(2)
    for c in "beghi":
        assert card(view, c.upper())["possible"] == ["present"]
    assert view["deduction"]["candidates"]["bb-gun"] == ["C"]
    # Seat 0 has not seen C: the BB Gun could be any of six cards.
    assert state.view(0)["deduction"]["candidates"]["bb-gun"] == ["B", "C", "E", "G", "H", "I"]


@pytest.mark.parametrize(("players", "presents"), [(3, 5), (4, 7), (5, 9), (6, 11)])
def test_deduction_counts_the_presents_of_this_player_count_not_the_box(
    players: int, presents: int
) -> None:
    """Deduction helper and Set Up 1: the "remaining" Presents are those of the game
    (5/7/9/11 for 3/4/5/6 players), not the 11 in the box."""
    view = yuletide.new_game(GAME, players=players, seed=0).view(0)
    assert view["deduction"]["unaccounted"]["present"] == presents
    assert view["deduction"]["unseen_cards"] == 2 * players + 3


def test_deduction_option_off_leaves_it_out_of_the_view() -> None:
    """Option ``deduction`` = false: no deduction helper in the view (the rest stays)."""
    state = deal(THREE, deduction=False)
    play(state, "0 swap a g")
    view = state.view(0)
    assert view["deduction"] is None
    assert "possible" not in card(view, "G")
    assert card(view, "G")["identity"] == "present"
    assert "could be" not in render_text(view)


def test_deduction_is_the_same_whatever_the_cards_it_has_not_seen_are() -> None:
    """Deduction helper: "It must use only that seat's information": two deals that
    differ only in cards seat 0 has not seen give seat 0 the same view."""
    a = deal("DP PR | BB SF | PR GD || PR PR PR")
    b = deal("DP PR | PR PR | GD BB || PR SF PR")
    for state in (a, b):
        play(state, "0 swap b i")
    assert a.view(0) == b.view(0)
    assert a.view(0)["deduction"]["candidates"]["bb-gun"] != ["C"]


def test_determinize_keeps_peeked_and_face_up_cards_and_re_deals_the_rest() -> None:
    """determinize: every card identity the seat has not peeked and that is not face up
    is re-dealt; peeked and face-up cards are fixed; every place and token stays."""
    state = deal(THREE)
    play(state, "0 swap b g", "1 dare c a", "0 refuse", "0 flip g")  # G face up
    play(state, "2 swap e i", "0 swap g b", "1 swap d h")  # seat 1 peeks H
    decoder_at = set()
    for i in range(60):
        det = state.determinize(1, Rng(i))
        assert det.view(1) == state.view(1)
        assert det.ident[L("g")] == state.ident[L("g")]  # face up
        assert det.ident[L("h")] == state.ident[L("h")]  # peeked by seat 1
        assert det.table == state.table and det.tokens == state.tokens
        assert sorted(det.inventory()) == sorted(state.box())
        decoder_at.add(det.ident.index(cs.DECODER))
    # Every card seat 1 has not seen may hold the Decoder Pin, also B and I, which
    # seats 0 and 2 peeked.
    assert decoder_at == set(range(9)) - {L("g"), L("h")}


def test_determinize_for_the_peeker_keeps_its_peeks() -> None:
    state = deal(THREE)
    play(state, "0 swap b g", "1 dare c a", "0 accept")  # seat 1 peeks A
    for i in range(20):
        det = state.determinize(1, Rng(i))
        assert det.ident[L("a")] == cs.DECODER
        det0 = state.determinize(0, Rng(i))
        assert det0.ident[L("g")] == cs.PRESENT
        assert det0.view(0) == state.view(0)


def test_issue_12_determinize_events_of_another_seat_withhold_its_peeks() -> None:
    """Issue 12, section 1 ("other seats' private logs survive"): ``determinize(0,
    ·).events(other)`` listed the other seats' peeks with the identities they saw. The
    determinized log shows another seat's peek as the table saw it: seat and card only."""
    state = deal(THREE)
    play(state, "0 swap b g", "1 swap c h", "2 dare e a", "0 accept")  # 2 peeks A
    assert [e.get("identity") for e in state.events(1) if e["type"] == "peek"] == [
        None,
        "present",
        None,
    ]
    for k in range(20):
        det = state.determinize(0, Rng(k))
        assert det.events(0) == state.events(0)  # its own peek of G, with G's identity
        for other in (1, 2):
            assert det.events(other) == state.events(None)
            peeks = [e for e in det.events(other) if e["type"] == "peek"]
            assert [(e["seat"], e["card"]) for e in peeks] == [(0, "G"), (1, "H"), (2, "A")]
            assert all("identity" not in e for e in peeks)


def test_issue_12_determinize_is_canonical_unseen_identities_from_a_sorted_pool() -> None:
    """Issue 12, section 1: the canonical property failed at ``state.ident[0]`` (the
    unseen identities were shuffled in their true order). Two deals seat 0 cannot tell
    apart, and the true state and any determinization of it, determinize alike."""
    a = deal("DP PR | BB SF | PR GD || PR PR PR")
    b = deal("PR SF | PR GD | BB PR || PR DP PR")
    for state in (a, b):
        play(state, "0 swap b i", "1 dare c a", "0 refuse", "0 flip i")
    assert a.view(0) == b.view(0) and a.ident != b.ident
    for k in range(10):
        assert a.determinize(0, Rng(k)).to_json() == b.determinize(0, Rng(k)).to_json()
    state = yuletide.new_game(GAME, players=3, seed=100)  # the failing case of the issue
    for j in range(5):
        other = state.determinize(0, Rng(j))
        for k in range(5):
            assert state.determinize(0, Rng(k)).to_json() == other.determinize(0, Rng(k)).to_json()
    det = state.determinize(0, Rng(99))
    assert det.seed == 0 and det.record().actions == ()


def test_issue_12_other_seats_peeks_are_re_sampled_with_the_re_dealt_cards() -> None:
    """Another seat's knowledge is re-sampled, not copied: seat 1 peeked H, which seat 0
    never saw; in seat 0's determinizations H takes every identity seat 0 thinks
    possible, and seat 1 always knows H's identity in the world it lives in. What seat 0
    sees of that knowledge (which card seat 1 peeked, its token) stays."""
    state = deal(THREE)
    play(state, "0 swap b g", "1 swap c h")
    seen_h = set()
    for k in range(60):
        det = state.determinize(0, Rng(k))
        assert det.view(0) == state.view(0)
        assert det.known == state.known and det.tokens == state.tokens
        assert det.ident[L("g")] == state.ident[L("g")]  # seat 0's own peek stays
        (mine,) = det.view(1)["peeked"]
        assert (mine["card"], mine["identity"]) == ("H", cs.KIND_NAME[det.ident[L("h")]])
        seen_h.add(det.ident[L("h")])
    assert seen_h == {cs.DECODER, cs.BB_GUN, cs.SCUT, cs.GROVER, cs.PRESENT}


def test_issue_12_hand_built_actions_out_of_range_say_what_is_wrong() -> None:
    """Issue 12, section 4: ``Swap(0, 99)``, ``Dare(0, 50)`` and ``Declare(0, 99)``
    raised IndexError, and ``Dare(3, 2)`` explained the wrong problem (it named the dared
    card "in the middle"). None of them is in ``action_space``: each is a NotationError
    saying what is wrong, and the state is unchanged, on every per-seat function."""
    state = deal(THREE)
    before = state.to_json()
    cases = {
        cs.Swap(0, 99): "there is no card 99 in a 3-player game: the cards are A to I, 0 to 8"
        " in an action object",
        cs.Dare(0, 50): "there is no card 50 in a 3-player game: the cards are A to I, 0 to 8"
        " in an action object",
        cs.Declare(0, 99): "there is no card 99 in a 3-player game: the cards are A to I, 0 to"
        " 8 in an action object",
        cs.Swap(0, -1): "there is no card -1 in a 3-player game: the cards are A to I, 0 to 8"
        " in an action object",
        cs.Swap(0, 12): "there is no card M in a 3-player game: the cards are A to I",
        cs.Dare(3, 2): "Dare(slot=3, theirs=2) names slot 3: your own cards are slots 0 and 1"
        " (written 1 and 2 in notation, as in 'swap 1 g'); other cards are named by letter",
        cs.TurnUp(-1): "TurnUp(slot=-1) names slot -1: your own cards are slots 0 and 1"
        " (written 1 and 2 in notation, as in 'swap 1 g'); other cards are named by letter",
        cs.Declare(2, 2): "Declare(first=2, second=2) is not a declaration: declare two"
        " different cards, the lower first in an action object (Declare(first, second) with"
        " first < second)",
    }
    for action, reason in cases.items():
        for call in (
            lambda a: state.apply(0, a),
            lambda a: state.why_illegal(0, a),
            lambda a: state.action_seen_by(0, a, 1),
        ):
            with pytest.raises(NotationError) as info:
                call(action)
            assert info.value.reason == reason, action
        assert action not in state.action_space(3)
        str(action)  # a notation-like text, never an IndexError
    with pytest.raises(NotationError, match="is not an action of A Christmas Story"):
        state.apply(0, cs.Refuse(2))  # type: ignore[arg-type]
    assert state.to_json() == before
    assert str(cs.Swap(0, 99)) == "swap 1 99"


def test_issue_12_why_illegal_names_the_real_problem_in_random_games() -> None:
    """Every illegal action of the action space, in states along random games, is
    explained by a fact that is true: a card said to be in the middle is there, one said
    to be yours is yours, a card said not to be in the middle is not, and so on."""
    rng = Rng(12)
    checked = 0
    for seed in range(6):
        state = yuletide.new_game(GAME, players=3 + seed % 4, seed=seed)
        assert isinstance(state, ChristmasStory)
        while not state.outcome.over:
            (seat,) = state.to_act
            legal_now = set(state.legal_actions(seat))
            hand = state.hand(seat)
            for action in state.action_space(state.players):
                if action in legal_now:
                    continue
                reason = state.why_illegal(seat, action).reason
                checked += 1
                names = [cs.letter(c) for c in cs.cards_named(action)]
                cards = cs.cards_named(action)
                if names and reason.startswith(f"card {names[0]} is in the middle"):
                    assert state.holder(cards[0]) == cs.MIDDLE, reason
                if names and reason.startswith(f"card {names[0]} is your own"):
                    assert cards[0] in hand, reason
                if names and reason.startswith(f"card {names[0]} is not in the middle"):
                    assert state.holder(cards[0]) != cs.MIDDLE, reason
                if "is already face up" in reason or "is face up: Free Peek" in reason:
                    assert state.face_up[hand[action.slot]], reason  # type: ignore[attr-defined]
                if "do not hold the Leg Lamp" in reason:
                    assert state.lamp != seat, reason
                if "nobody has dared you" in reason:
                    assert state.step == cs.TURN
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
    assert checked > 1000


def test_phases_turn_lamp_turn_declare_answer_dare_turn_card_up_over() -> None:
    """``phases`` / ``current_phase``: the steps of a turn, with the Leg Lamp holder's
    turn apart (Triple-Dog-Dare and Free Peek on offer), and the end."""
    assert ChristmasStory.phases == (
        "turn",
        "lamp-turn",
        "declare",
        "answer-dare",
        "turn-card-up",
        "over",
    )
    state = deal(THREE)
    assert state.current_phase == "turn"
    play(state, "0 dare a c")
    assert state.current_phase == "answer-dare"
    play(state, "1 refuse")
    assert state.current_phase == "turn-card-up"
    play(state, "1 flip d", "1 swap c g", "2 swap e h")
    assert state.current_phase == "lamp-turn" and state.lamp == 0
    play(state, "0 open")
    assert state.current_phase == "declare"
    play(state, "0 declare a c")
    assert state.current_phase == "over"
    short = deal(THREE, turn_limit=1)
    play(short, "0 swap a g")
    assert short.outcome.status == "unfinished" and short.current_phase == "over"


def test_conformance_leak_check_with_the_deduction_helper_off_and_on() -> None:
    """Knowledge: the leak check passes with either setting of ``deduction`` and is not
    vacuous (determinize re-deals hidden cards)."""
    from yuletide.core import conformance

    for deduction in (False, True):
        report = conformance.check_no_leak(GAME, 4, 7, every=5, deduction=deduction)
        assert report.made > 0 and report.redealt > 0 and report.tried > 0


def test_leak_check_catches_a_deduction_that_uses_other_seats_peeks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The leak check covers the deduction helper: one that counted every seat's peeks
    as known would be caught."""
    from yuletide.core import conformance

    def cheat(self: ChristmasStory, seat: int | None) -> tuple[list[int], list[int]]:
        left = list(self.counts)
        unseen = []
        for c in range(self.n_cards):
            if self.face_up[c] or self.known[c]:
                left[self.ident[c]] -= 1
            else:
                unseen.append(c)
        return left, unseen

    monkeypatch.setattr(ChristmasStory, "possible", cheat)
    with pytest.raises(conformance.ConformanceError, match=r"leaks|no event showed it"):
        for seed in range(5):
            conformance.check_no_leak(GAME, 3, seed, every=3)


# ------------------------------------------------------------------ safety limits


def test_ruling_turn_limit_ends_the_game_unfinished_with_no_winner() -> None:
    """docs/rulings.md#every-game-safety-limits: "after which it ends as *unfinished* - no
    winner". A Dare and its answer are one turn."""
    assert yuletide.new_game(GAME, players=3, seed=0).turn_limit == 1000
    state = deal(THREE, turn_limit=2)
    play(state, "0 dare a c")
    assert state.outcome.status == "ongoing"
    play(state, "1 refuse", "1 flip d")
    assert state.outcome.status == "ongoing"
    play(state, "1 swap c g")
    outcome = state.outcome
    assert outcome.status == "unfinished"
    assert outcome.winners == () and outcome.scores is None
    assert outcome.reason == "turn limit of 2 reached"
    assert state.to_act == frozenset()
    assert all(state.legal_actions(s) == [] for s in range(3))
    assert refused(state, 2, "open").reason == "the game is over (unfinished): no seat may act"
    assert state.view(0)["ending"] is None


def test_ruling_turn_limit_a_win_on_the_last_turn_still_counts() -> None:
    """Safety limits: "A rule change never hides behind this limit"."""
    state = deal(THREE, turn_limit=1)
    play(state, "0 open", "0 declare a c")
    assert state.outcome.winners == (0,)


# ------------------------------------------------------------ options and bad input


@pytest.mark.parametrize("players", [0, 2, 7, "4", 4.0, True])
def test_player_count_3_to_6(players: Any) -> None:
    """Set Up: the game is for 3 to 6 players."""
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=players, seed=0)
    assert str(info.value) == f"christmas-story is for 3 to 6 players, got {players!r}"


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("turn_limit", 0, "a whole number from 1 to 2000"),
        ("turn_limit", "9", "a whole number from 1 to 2000"),
        ("deduction", 1, "true or false"),
        ("deduction", "yes", "true or false"),
    ],
)
def test_bad_option_values_say_what_is_allowed(name: str, value: Any, allowed: str) -> None:
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=3, seed=0, **{name: value})
    assert f"option {name!r} must be {allowed}" in str(info.value)


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(InvalidOption) as info:
        yuletide.new_game(GAME, players=3, seed=0, peeks=2)
    assert str(info.value) == "christmas-story has no option 'peeks'; its options are:" + (
        " deduction, turn_limit"
    )


@pytest.mark.parametrize(
    "text", ["swap a g", "swap 1", "swap 3 g", "dare", "declare a a", "peek a", "swap 1 z", ""]
)
def test_notation_error_lists_the_forms(text: str) -> None:
    """Every action has a written form; bad text lists them all. Reading card-letters:
    your own cards are named by slot (1 or 2), other cards by letter."""
    state = deal(THREE)
    err = refused(state, 0, text)
    assert isinstance(err, NotationError)
    assert str(err) == (
        f"{text!r} is not an A Christmas Story action; the forms are: swap <1|2> <middle"
        " card> | dare <1|2> <their card> | triple-dog-dare <1|2> <their card> | free-peek"
        " <1|2> | open | declare <card> <card> | accept | refuse | refuse with lamp | flip"
        " <1|2> (1 and 2 are your first and second card; other cards are letters a to o;"
        " declare two different cards)"
    )
    with pytest.raises(NotationError):
        ChristmasStory.parse_action(3)


def test_notation_round_trips_ignores_case_and_spacing_and_declare_order() -> None:
    """Notation: every action of the action space parses back to itself; the space is
    small (98 actions with 3 players, 203 with 6)."""
    for players, size in ((3, 3 * 18 + 2 + 1 + 36 + 3 + 2), (6, 3 * 30 + 2 + 1 + 105 + 3 + 2)):
        space = ChristmasStory.action_space(players)
        assert len(space) == size == len(set(space))
        for action in space:
            assert ChristmasStory.parse_action(str(action)) == action
    assert ChristmasStory.parse_action("  SWAP  1   G ") == cs.Swap(0, 6)
    assert str(cs.Dare(1, 3)) == "dare 2 d"
    assert ChristmasStory.parse_action("declare g a") == cs.Declare(0, 6)
    assert str(cs.Declare(0, 6)) == "declare a g"
    assert ChristmasStory.parse_action("Refuse  with LAMP") == cs.Refuse(True)


def test_a_card_that_is_not_in_this_game_is_refused() -> None:
    """Set Up 1: a 3-player game has 9 cards, A to I."""
    state = deal(THREE)
    err = refused(state, 0, "swap 1 o")
    assert err.reason == "there is no card O in a 3-player game: the cards are A to I"
    assert err.rule == "A Christmas Story, Set Up"


def test_illegal_turn_actions_explain_themselves_and_cite_the_rule() -> None:
    """Bad input: a clear error saying what is wrong and what is allowed."""
    state = deal(THREE)
    cases = {
        "swap 1 c": ("card C is not in the middle (the middle holds G, H, I)", cs.R_SWAP),
        "swap 2 a": ("card A is not in the middle (the middle holds G, H, I)", cs.R_SWAP),
        "dare 1 b": ("card B is your own: choose one of an opponent's cards", cs.R_DARE),
        "dare 2 g": (
            "card G is in the middle: choose one of an opponent's cards (SWAP takes a card"
            " from the middle)",
            cs.R_DARE,
        ),
        "accept": ("nobody has dared you: there is no Dare to answer", cs.R_DARE),
        "refuse": ("nobody has dared you: there is no Dare to answer", cs.R_DARE),
        "flip 1": ("you have not refused a Dare: there is no card to turn face up", cs.R_REFUSED),
        "declare a c": (
            "announce that you are opening the presents first (open), then declare",
            cs.R_OPEN,
        ),
    }
    for text, (reason, rule) in cases.items():
        err = refused(state, 0, text)
        assert (err.reason, err.rule) == (reason, rule), text
    state.lamp = 0
    err = refused(state, 0, "triple-dog-dare 1 g")
    assert err.reason.startswith("card G is in the middle") and err.rule == cs.R_TDD


def test_illegal_answers_and_flips_explain_themselves() -> None:
    state = deal(THREE)
    play(state, "0 dare a c")
    err = refused(state, 1, "swap 1 g")
    assert err.reason == "seat 0 dares you to swap your C for their A: answer accept or refuse"
    assert err.rule == cs.R_DARE
    assert refused(state, 0, "open").reason == "seat 0 may not act now; waiting for seat 1"
    play(state, "1 refuse")
    err = refused(state, 1, "open")
    assert err.reason == (
        "you refused the Dare: choose one of your face-down cards to turn face up"
        " (flip 1 or flip 2)"
    )
    assert err.rule == cs.R_REFUSED
    state2 = deal(THREE)
    state2.lamp = 1
    play(state2, "0 dare a c")
    err = refused(state2, 1, "open")
    assert err.reason.endswith("answer accept, refuse or refuse with lamp")


def _messages(state: ChristmasStory, seat: int) -> dict[str, str]:
    out = {}
    for action in state.action_space(state.players):
        try:
            state.clone().apply(seat, str(action))
            out[str(action)] = "legal"
        except IllegalAction as err:
            out[str(action)] = str(err)
    return out


@pytest.mark.parametrize(
    "moves",
    [(), ("0 dare a c",), ("0 dare a c", "1 refuse"), ("0 open",), ("0 swap a g", "1 swap c h")],
)
def test_illegal_messages_views_and_actions_never_depend_on_hidden_cards(
    moves: tuple[str, ...],
) -> None:
    """Illegal actions "never name a card the seat cannot see": two deals that differ
    only in cards nobody has seen give every seat the same messages, actions and view."""
    a = deal("DP PR | BB SF | PR GD || PR PR PR")
    b = deal("PR SF | PR GD | BB PR || PR PR DP")
    for state in (a, b):
        play(state, *moves)
    for seat in range(3):
        assert a.view(seat)["peeked"] == b.view(seat)["peeked"]  # the same cards seen
        assert _messages(a, seat) == _messages(b, seat)
        assert legal(a, seat) == legal(b, seat)
        assert a.view(seat) == b.view(seat)


# ------------------------------------------------------------- records, whole games


def test_save_load_and_replay_mid_game_continue_identically() -> None:
    state = yuletide.new_game(GAME, players=5, seed=11)
    assert isinstance(state, ChristmasStory)
    random_play(state, Rng(3), 25)
    loaded = yuletide.load(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()
    random_play(state, Rng(5), 40)
    random_play(loaded, Rng(5), 40)
    assert loaded.to_json() == state.to_json()


def test_apply_unchecked_reaches_the_same_state_as_apply() -> None:
    state = yuletide.new_game(GAME, players=4, seed=4)
    random_play(state, Rng(9), 200)
    fast = yuletide.new_game(GAME, players=4, seed=4)
    for seat, action in state.history:
        fast.apply_unchecked(seat, action)
    assert fast.to_json() == state.to_json()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_in_one_of_the_three_ways_and_conserve_every_card(players: int) -> None:
    """Whole games: every card stays in play exactly once, one seat acts at a time, and
    each game ends with a correct opening, a Bully loss or a last player standing."""
    rng = Rng(players)
    endings = Counter()
    for seed in range(30):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        assert isinstance(state, ChristmasStory)
        while not state.outcome.over:
            assert conserved(state)
            assert len(state.to_act) == 1
            (seat,) = state.to_act
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
        assert conserved(state)
        endings[state.view(None)["ending"]] += 1
        outcome = state.outcome
        if state.ending == cs.BULLY_LOSS:
            assert outcome.winners == ()
        else:
            assert outcome.winners == (state.winner,)
        if state.ending == cs.LAST_STANDING:
            assert sum(1 for o in state.out if not o) == 1
    assert set(endings) <= {"presents", "bully", "last-standing"}
    assert endings["last-standing"] > 0


def test_render_is_plain_text_with_letters_not_colour_alone() -> None:
    """render: a terminal player can follow the table; tokens by colour letter."""
    state = deal(THREE)
    play(state, "0 swap a g", "1 dare c b", "0 refuse", "0 flip b")
    text = render_text(state.view(1))
    assert "seat 0 [red R]: G:??[R]  B:PR^" in text
    assert " seat 1 (you) [blue B]: 1=C:??  2=D:??" in text
    assert ">seat 2 [green G]: E:??  F:??" in text
    assert "middle: A:??  H:??  I:??" in text
    assert text.startswith(
        "A Christmas Story — turn 3, seat 2's turn; seat 2 to act (turn); Leg Lamp: seat 1"
    )
    play(state, "2 dare e c")
    assert "seat 2's turn; seat 1 to act (answer-dare)" in render_text(state.view(0))
    over = deal(THREE)
    play(over, "0 open", "0 declare a c")
    finished = render_text(over.view(2))
    assert "Game over (finished): presents: seat 0" in finished
    # Issue 12, section 5: a finished game's header names no seat to act or turn.
    assert finished.startswith("A Christmas Story — game over after 0 turns; Leg Lamp: middle")
    assert "'s turn" not in finished and "to act" not in finished


def test_play_and_simulate_work_through_the_registry(tmp_path: Any) -> None:
    """`yuletide play` and `simulate` need nothing game-specific."""
    import io

    from yuletide.sim.stats import simulate
    from yuletide.terminal import play as terminal_play

    report = simulate(GAME, 20, 4, seed=1)
    assert report["finished_rate"] == 1.0
    out = io.StringIO()
    code = terminal_play(
        GAME,
        players=3,
        seat=0,
        seed=2,
        options={},
        bots="random",
        save=str(tmp_path / "game.json"),
        stdin=io.StringIO("open\ndeclare a b\n"),
        stdout=out,
    )
    assert code == 0
    assert "A Christmas Story" in out.getvalue()


def test_outcome_details_say_how_the_game_ended() -> None:
    """Issue: simulate figures by ending; the outcome carries it as data, not only text."""
    from yuletide.core.conformance import random_game

    endings = set()
    for seed in range(60):
        outcome = random_game("christmas-story", 4, seed).outcome
        if outcome.status == "finished":
            assert outcome.details is not None
            ending = outcome.details["ending"]
            assert outcome.reason.startswith(ending + ":")
            endings.add(ending)
    assert endings <= {"presents", "bully", "last-standing"}
    assert "last-standing" in endings and len(endings) >= 2

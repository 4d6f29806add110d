"""Lights On: one test per rule sentence and per ruling or reading the game uses.

Sources: the Christmas Lights rulebook, "Lights On" (quoted in each test's docstring);
docs/rulings.md#christmas-lights--digital-forms-of-table-talk (the Lights On and "Every
real-time game" rows), the bonus-game row for Lights On (Bubble Bulbs are not wild) and
"Every game: safety limits"; the readings named in lights_on.py's docstring
(swap-by-kind, votes-reset, deck-runs-out, hands-unseen-until-go, emotes-in-play,
lights-on-names-teammate).

Scenarios are built by ``scenario``: a fresh game whose fields are overwritten with the
situation a rule needs, every card of the box kept exactly once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core import conformance
from yuletide.core.conformance import random_game
from yuletide.core.errors import InvalidSeat
from yuletide.games.christmas_lights.lights_on import rules as lo
from yuletide.games.christmas_lights.lights_on.text import render as render_text

GAME = "lights-on"
KINDS = ("red", "green", "yellow", "blue", "purple", "pink", "bubble")
FORM = "ruling Lights On: digital-form"

# ----------------------------------------------------------------------------- helpers


def ids(cards: str) -> list[int]:
    return [lo.KIND_ID[c] for c in cards.split()]


def counts(cards: str) -> list[int]:
    found = ids(cards)
    return [found.count(k) for k in range(lo.N_KINDS)]


def scenario(
    *,
    hands: list[str],
    market: str,
    deck: str | None = None,
    discard: str = "",
    signals: tuple[str, str] | None = ("tree", "star"),
    plugs: tuple[int, int] = (0, 0),
    brokens: tuple[int, int] = (0, 0),
    seed: int = 5,
    **options: Any,
) -> Any:
    """A round in play (signals chosen, unless ``signals`` is None) with these hands and
    Market; the cards not named go to the deck (under ``deck``, whose top is last)."""
    state = yuletide.new_game(GAME, players=4, seed=seed, **options)
    named = Counter(ids(" ".join(hands)) + ids(market) + ids(deck or "") + ids(discard))
    rest = [k for k in range(lo.N_KINDS) for _ in range(5 - named[k])]
    assert min(5 - named[k] for k in range(lo.N_KINDS)) >= 0, "more cards than the box"
    state.hands = [counts(h) for h in hands]
    state.market = counts(market)
    state.deck = rest + ids(deck or "")
    state.discard = ids(discard)
    state.known = [[0] * lo.N_KINDS for _ in range(4)]
    state.plugs = list(plugs)
    state.brokens = list(brokens)
    if signals is None:
        state.signals = [-1, -1]
        state.phase = lo.SIGNAL
    else:
        state.signals = [lo.EMOTES.index(e) for e in signals]
        state.phase = lo.PLAY
    assert sorted(state.inventory()) == sorted(state.box())
    return state


HANDS = [
    "red red red blue",
    "green green yellow pink",
    "red blue blue yellow",
    "pink pink green purple",
]


def legal(state: Any, seat: int) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(seat))


def refused(state: Any, seat: int, text: str) -> IllegalAction:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return info.value


# ----------------------------------------------------------------- teams, components


def test_two_teams_of_two_players_teammates_sitting_diagonally() -> None:
    """Preparation: "Split into two teams of two players, with teammates sitting
    diagonally opposite each other." Seats 0 and 2 against seats 1 and 3."""
    state = yuletide.new_game(GAME, seed=1)
    assert state.players == 4
    assert state.view(0)["teams"] == [[0, 2], [1, 3]]
    assert [lo.teammate(s) for s in range(4)] == [2, 3, 0, 1]
    assert [state.view(s)["team"] for s in range(4)] == [0, 1, 0, 1]
    for players in (2, 3, 5):
        with pytest.raises(InvalidOption, match="lights-on is for 4 players"):
            yuletide.new_game(GAME, players=players)


def test_components_five_of_each_colour_five_bubbles_five_broken_five_plugs() -> None:
    """Components: "5 each of Red, Green, Yellow, Blue, Purple, Pink Bulbs; 5 Bubble
    Bulbs; 5 Broken Bulbs; 5 Plugs"."""
    state = yuletide.new_game(GAME, seed=1)
    assert Counter(state.box()) == Counter(dict.fromkeys((*KINDS, "plug", "broken"), 5))
    assert Counter(state.inventory()) == Counter(state.box())


def test_setup_the_bulb_deck_is_the_35_cards_without_broken_bulbs_or_plugs() -> None:
    """Setup 1: "Shuffle together all of the Bulb cards and Bubble Bulb cards. DO NOT
    include the Broken Bulbs or Plugs." """
    for seed in range(10):
        state = yuletide.new_game(GAME, seed=seed)
        dealt = state.deck + [k for h in state.hands for k in lo._cards(h)]
        dealt += lo._cards(state.market)
        assert sorted(dealt) == sorted(k for k in range(7) for _ in range(5))


def test_setup_four_cards_face_down_to_each_player_not_looked_at_yet() -> None:
    """Setup 2: "Deal four cards to each player face-down in front of them (do not look
    yet!). Place the remaining cards face-down to form the Bulb deck." (Reading
    hands-unseen-until-go: no view shows a hand until the signals are chosen.)"""
    state = yuletide.new_game(GAME, seed=3)
    assert [sum(h) for h in state.hands] == [4, 4, 4, 4]
    assert state.phase == lo.SIGNAL
    for seat in (0, 1, 2, 3, None):
        assert state.view(seat)["hand"] is None
        assert state.view(seat)["deck"] == 15
    assert "face-down until your teams have chosen" in render_text(state.view(0))
    state.apply(0, "signal tree")
    state.apply(3, "signal bell")
    for seat in range(4):
        assert sorted(state.view(seat)["hand"]) == sorted(lo._cards_names(state.hands[seat]))


def test_setup_broken_bulbs_and_plugs_face_up_in_two_piles_beside_the_deck() -> None:
    """Setup 3: "Place the Broken Bulbs and the Plugs face-up in two separate piles
    beside the Bulb deck." Nobody holds any at the start; everyone sees the piles."""
    state = yuletide.new_game(GAME, seed=3)
    assert state.view(None)["plugs"] == [0, 0]
    assert state.view(None)["broken_bulbs"] == [0, 0]
    assert Counter(state.inventory())["plug"] == 5


def test_setup_reveal_four_cards_from_the_bulb_deck_to_form_the_market() -> None:
    """Setup 4: "Reveal four cards from the Bulb deck in the middle of the table to form
    the Market." """
    state = yuletide.new_game(GAME, seed=3)
    market = state.view(None)["market"]
    assert len(market) == 4
    assert state.events(None)[0] == {"type": "deal", "round": 1, "market": market}


# ------------------------------------------------------------------------ signals


def test_ruling_each_team_secretly_picks_one_signal_at_the_start_of_each_round() -> None:
    """Preparation: "Choose a secret signal to tell your teammate when you have four
    identical bulbs." Ruling Lights On: digital-form: "At the start of each round each team secretly
    picks one signal from a fixed set of emotes"; either teammate may pick, the first pick
    counts."""
    state = yuletide.new_game(GAME, seed=3)
    assert state.to_act == frozenset({0, 1, 2, 3})
    assert legal(state, 0) == sorted(f"signal {e}" for e in lo.EMOTES)
    events = state.apply(2, "signal cookie")
    assert events == [{"type": "signal_chosen", "team": 0, "seat": 2}]
    assert state.to_act == frozenset({1, 3})  # the team has chosen: seat 0 too is done
    err = refused(state, 0, "signal tree")
    assert err.reason == "seat 0 may not act now; waiting for seat 1, 3"
    assert state.view(0)["signal"] == state.view(2)["signal"] == "cookie"
    events = state.apply(1, "signal bell")
    # "GO!": the hands are looked at; each seat is shown its own (seat 1 here).
    assert events[-1] == {"type": "go", "your_hand": state.view(1)["hand"]}
    assert state.events(None)[-1] == {"type": "go"}
    assert state.phase == lo.PLAY
    assert state.to_act == frozenset({0, 1, 2, 3})
    assert state.view(3)["signal"] == "bell"


def test_ruling_the_other_teams_signal_is_never_shown() -> None:
    """Ruling Lights On: digital-form: "only the team knows which one is its signal": a seat's view,
    its events and its replay never show the other team's signal (before or after the game)."""
    state = yuletide.new_game(GAME, seed=3)
    action = state.parse_action("signal cookie")
    assert state.action_seen_by(0, action, 0) == "signal cookie"
    assert state.action_seen_by(0, action, 2) == "signal cookie"  # the teammate
    assert state.action_seen_by(0, action, 1) == "chooses a signal"
    assert state.action_seen_by(0, action, None) == "chooses a signal"
    state.apply(0, action)
    for viewer in (1, 3, None):
        assert state.view(viewer)["signal"] is None
        assert state.view(viewer)["signal_chosen"] == [True, False]
        assert "cookie" not in str(state.view(viewer)) + str(state.events(viewer))
    final = random_game(GAME, 4, 8)
    assert final.outcome.over
    for viewer in (1, 3):
        assert final.view(viewer)["signal"] == lo.EMOTES[final.signals[1]]


def test_ruling_a_leak_of_the_other_teams_signal_is_caught_by_the_leak_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The conformance leak check covers team signals: a view that shows both teams'
    signals differs on a determinization (which re-draws the other team's signal)."""
    original = lo.LightsOnGame.view

    def leaky(self: Any, seat: int | None) -> dict[str, Any]:
        view = original(self, seat)
        view["all_signals"] = list(self.signals)
        return view

    monkeypatch.setattr(lo.LightsOnGame, "view", leaky)
    with pytest.raises(conformance.ConformanceError, match="leaks"):
        for seed in range(5):
            conformance.check_no_leak(GAME, 4, seed, every=2)


def test_signals_are_chosen_again_every_round() -> None:
    """Ruling Lights On: digital-form: "At the start of each round each team secretly picks
    one signal"."""
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    state.apply(0, "lights on")
    assert state.round == 2
    assert state.phase == lo.SIGNAL
    assert state.signals == [-1, -1]
    assert state.view(0)["signal"] is None


# -------------------------------------------------------------------------- playing


def test_all_players_act_at_once() -> None:
    """How to Play: "The game is played in rounds, and all players act at once." """
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    assert state.to_act == frozenset({0, 1, 2, 3})
    for seat in range(4):
        assert state.legal_actions(seat)


def test_swap_one_card_place_a_card_into_the_market_then_take_one_back() -> None:
    """Playing a Round: "you may swap cards from your hand with the cards in the Market
    ... You may only swap one card at a time, by first placing a card into the Market,
    and then taking one card back into your hand. You must complete the action before
    starting a new one." One atomic action (ruling Lights On: digital-form), so it is always
    complete."""
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    swaps = [a for a in legal(state, 0) if a.startswith("swap")]
    assert swaps == sorted(
        f"swap {g} for {t}"
        for g in ("red", "blue")
        for t in ("yellow", "green", "purple", "bubble")
    )
    events = state.apply(0, "swap blue for bubble")
    assert events == [{"type": "swap", "seat": 0, "gave": "blue", "took": "bubble"}]
    assert sorted(state.view(0)["hand"]) == ["bubble", "red", "red", "red"]
    assert sorted(state.view(None)["market"]) == ["blue", "green", "purple", "yellow"]


def test_reading_swap_by_kind_taking_what_you_give_changes_nothing() -> None:
    """Reading swap-by-kind: giving and taking the same kind is not an action (placing a
    red and taking a red back changes nothing)."""
    state = scenario(hands=HANDS, market="red green purple bubble")
    assert "swap red for red" not in legal(state, 0)
    with pytest.raises(NotationError):
        state.parse_action("swap red for red")
    with pytest.raises(NotationError, match="is not an action of Lights On"):
        state.why_illegal(0, lo.Swap(0, 0))  # not in the action space at all


def test_ruling_race_for_a_market_card_the_first_to_arrive_gets_it() -> None:
    """Ruling Lights On: digital-form: "when two players race for the same market card, the first to
    arrive wins and the other is told the card is gone"."""
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    state.apply(3, "swap pink for bubble")
    err = refused(state, 0, "swap red for bubble")
    assert err.reason == "the bubble card is gone: the Market holds green, yellow, purple, pink"
    assert err.rule == FORM + ": the first to arrive gets the card"
    # The other order: seat 0 gets it.
    again = scenario(hands=HANDS, market="yellow green purple bubble")
    again.apply(0, "swap red for bubble")
    refused(again, 3, "swap pink for bubble")


def test_a_swap_needs_the_card_in_your_hand() -> None:
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    err = refused(state, 0, "swap pink for green")
    assert err.reason == "you hold no pink card to place in the Market"
    assert err.rule == "Lights On, Playing a Round"


def test_swaps_are_public_knowledge_of_what_a_player_holds() -> None:
    """Everyone sees the card a player takes from the Market: the view lists the cards
    everyone knows a player holds, until they give that kind back."""
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    state.apply(1, "swap pink for purple")
    for viewer in (0, 2, 3, None):
        assert state.view(viewer)["known"][1] == ["purple"]
    state.apply(1, "swap purple for bubble")
    assert state.view(0)["known"][1] == ["bubble"]
    for i in range(20):
        det = state.determinize(0, Rng(i))
        assert det.hands[1][lo.BUBBLE] >= 1


def test_new_lights_when_everyone_agrees_the_market_is_replaced() -> None:
    """Playing a Round: "If no-one is swapping cards, the dealer asks "New lights?". If
    everyone agrees, discard the Market cards and refill with four new cards from the
    Bulb deck. Play continues after the dealer counts down again." """
    state = scenario(
        hands=HANDS, market="yellow green purple bubble", deck="pink bubble blue green"
    )
    for seat in (0, 1, 2):
        state.apply(seat, "new lights")
        assert state.view(None)["votes"] == list(range(seat + 1))
    err = refused(state, 1, "new lights")
    assert err.reason == (
        "you have already agreed to new lights; the Market is replaced when all four players agree"
    )
    events = state.apply(3, "new lights")
    assert events[-1] == {"type": "new_lights", "market": ["green", "blue", "pink", "bubble"]}
    assert state.view(None)["discard"] == ["green", "yellow", "purple", "bubble"]
    assert state.view(None)["votes"] == []
    assert state.phase == lo.PLAY
    assert state.to_act == frozenset({0, 1, 2, 3})


def test_reading_votes_reset_when_someone_swaps() -> None:
    """Reading votes-reset: "If no-one is swapping cards": a swap cancels the votes."""
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    state.apply(0, "new lights")
    state.apply(1, "new lights")
    state.apply(2, "swap red for green")
    assert state.votes == [0, 0, 0, 0]
    assert "new lights" in legal(state, 0)


def test_reading_deck_runs_out_the_discarded_market_is_shuffled_back() -> None:
    """Reading deck-runs-out: with fewer than four cards in the deck, the discarded
    Market cards are shuffled into it before the new Market is dealt."""
    state = scenario(
        hands=HANDS,
        market="yellow green purple bubble",
        deck="",
        discard="",
    )
    # Move all but two deck cards to the discard pile.
    state.discard = state.deck[2:]
    state.deck = state.deck[:2]
    for seat in range(4):
        events = state.apply(seat, "new lights")
    assert {"type": "reshuffle", "deck": 2 + 13 + 4} in events
    assert len(state.deck) == 15
    assert state.discard == []
    assert sum(state.market) == 4
    assert sorted(state.inventory()) == sorted(state.box())


# --------------------------------------------------------------------- Lights ON / OFF


def test_lights_on_teammate_with_four_identical_bulbs_wins_a_plug() -> None:
    """Lights ON: "When your teammate says "Lights ON", reveal your hand. If you have
    indeed collected four identical bulbs, you receive a Plug ... Saying "Lights ON" ends
    the round." (Reading lights-on-names-teammate: the caller's teammate reveals.)"""
    hands = [
        "blue blue red yellow",
        "green green yellow pink",
        "red red red red",
        "pink pink green purple",
    ]
    state = scenario(hands=hands, market="yellow green purple bubble")
    events = state.apply(0, "lights on")
    assert events[:2] == [
        {
            "type": "lights_on",
            "seat": 0,
            "revealed": 2,
            "four_identical": True,
            "hand": ["red", "red", "red", "red"],
        },
        {"type": "plug", "team": 0, "team_total": 1},
    ]
    assert state.plugs == [1, 0]
    assert state.brokens == [0, 0]
    assert events[2]["type"] == "deal"  # the round ended and a new one began
    assert state.round == 2


def test_lights_on_without_four_identical_bulbs_gives_a_broken_bulb() -> None:
    """Lights ON: "— but if not, you receive a Broken Bulb instead!" """
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    events = state.apply(2, "lights on")
    assert events[0]["revealed"] == 0
    assert events[0]["four_identical"] is False
    assert events[1] == {"type": "broken", "team": 0, "team_total": 1}
    assert state.brokens == [1, 0]


def test_ruling_bubble_bulbs_are_not_wild_four_bubbles_are_a_set() -> None:
    """Ruling Lights On: bubbles-not-wild: "No. Four Bubble Bulbs form a valid set of four identical
    cards." Three Bubbles and a red are no set."""
    hands = [
        "blue blue red yellow",
        "bubble bubble bubble bubble",
        "red red red bubble",
        "pink pink green purple",
    ]
    state = scenario(hands=hands, market="yellow green purple pink")
    events = state.apply(3, "lights on")
    assert events[0]["four_identical"] is True
    assert state.plugs == [0, 1]
    state = scenario(hands=hands, market="yellow green purple pink")
    events = state.apply(0, "lights on")
    assert events[0]["four_identical"] is False
    assert state.brokens == [1, 0]


def test_lights_off_catching_the_other_team_gives_them_a_broken_bulb() -> None:
    """Lights OFF: "you may quickly say "Lights OFF" and point to the player you think has
    the matching cards. That player must reveal their hand. If you've caught them with
    four identical bulbs, they receive a Broken Bulb. ... Saying "Lights OFF" ends the
    round." """
    hands = [
        "blue blue red yellow",
        "pink pink pink pink",
        "red red red yellow",
        "green green green purple",
    ]
    state = scenario(hands=hands, market="yellow green purple bubble")
    events = state.apply(2, "lights off 1")
    assert events[0] == {
        "type": "lights_off",
        "seat": 2,
        "revealed": 1,
        "four_identical": True,
        "hand": ["pink", "pink", "pink", "pink"],
    }
    assert state.brokens == [0, 1]
    assert state.round == 2


def test_lights_off_a_false_accusation_gives_the_caller_a_broken_bulb() -> None:
    """Lights OFF: "If you're wrong, and they do not have the necessary bulbs, you
    receive a Broken Bulb for your false accusation!" """
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    events = state.apply(0, "lights off 3")
    assert events[0]["four_identical"] is False
    assert state.brokens == [1, 0]


def test_reading_lights_off_names_a_player_of_the_other_team() -> None:
    """Reading lights-on-names-teammate: Lights OFF points at "the other team"."""
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    assert [a for a in legal(state, 0) if a.startswith("lights off")] == [
        "lights off 1",
        "lights off 3",
    ]
    err = refused(state, 0, "lights off 2")
    assert err.reason.startswith("seat 2 is your teammate: Lights OFF points at a player")
    err = refused(state, 0, "lights off 0")
    assert err.reason.startswith("Lights OFF points at a player of the other team, not at yourself")
    assert err.rule == "Lights On, Lights OFF"


def test_end_of_round_three_plugs_win() -> None:
    """End of Round / Winning: "If any team has three Plugs, they are the winners." """
    hands = [
        "blue blue red yellow",
        "green green yellow pink",
        "red red red red",
        "pink pink green purple",
    ]
    state = scenario(hands=hands, market="yellow green purple bubble", plugs=(2, 2))
    state.apply(0, "lights on")
    outcome = state.outcome
    assert outcome.status == "finished"
    assert outcome.winners == (0, 2)
    assert outcome.ranks == (1, 3, 1, 3)
    assert outcome.reason == "team 0 (seats 0 and 2) has three Plugs"
    assert state.to_act == frozenset()


def test_end_of_round_three_broken_bulbs_the_other_team_takes_victory() -> None:
    """End of Round / Winning: "If any team has three Broken Bulbs, the other team takes
    victory instead." """
    state = scenario(hands=HANDS, market="yellow green purple bubble", brokens=(2, 0))
    state.apply(0, "lights off 1")
    outcome = state.outcome
    assert outcome.winners == (1, 3)
    assert outcome.reason == "team 0 has three Broken Bulbs, so team 1 (seats 1 and 3) wins"


def test_new_round_all_bulbs_reshuffled_four_each_and_a_new_market() -> None:
    """End of Round: "the dealer collects and shuffles all the bulbs to reset the Bulb
    deck, then deals four new cards face-down to each player, and four cards face-up to
    refill the Market. A new round begins!" """
    state = scenario(hands=HANDS, market="yellow green purple bubble", discard="")
    state.apply(0, "swap red for bubble")
    state.apply(1, "lights off 0")
    assert [sum(h) for h in state.hands] == [4, 4, 4, 4]
    assert sum(state.market) == 4
    assert len(state.deck) == 15
    assert state.discard == []
    assert state.known == [[0] * 7 for _ in range(4)]
    assert state.phase == lo.SIGNAL
    assert state.view(0)["hand"] is None
    assert sorted(state.inventory()) == sorted(state.box())


# ------------------------------------------------------------------------- emotes


def test_ruling_anyone_may_send_any_emote_seen_by_all_bluffs_allowed() -> None:
    """Ruling Lights On: digital-form: "Anyone may send any emote at any time, seen by all; only the
    team knows which one is its signal, so bluffs are possible." """
    state = scenario(hands=HANDS, market="yellow green purple bubble", signals=("tree", "star"))
    assert [a for a in legal(state, 1) if a.startswith("emote")] == sorted(
        f"emote {e}" for e in lo.EMOTES
    )
    events = state.apply(1, "emote tree")  # team 1 sends team 0's signal: a bluff
    assert events == [{"type": "emote", "seat": 1, "emote": "🎄 tree"}]
    for viewer in (0, 2, 3, None):
        assert state.events(viewer)[-1] == events[0]


def test_reading_emotes_in_play_one_emote_per_seat_between_other_actions() -> None:
    """Reading emotes-in-play: a seat may not send two emotes in a row with nothing else
    happening; any swap, vote or call lets it send another. Emotes belong to the round
    in play, not to the choice of signals."""
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    state.apply(0, "emote star")
    assert not any(a.startswith("emote") for a in legal(state, 0))
    err = refused(state, 0, "emote bell")
    assert err.reason == (
        "you have just sent an emote: send another once someone has swapped, voted or called"
    )
    state.apply(1, "emote bell")  # another emote frees nobody
    assert not any(a.startswith("emote") for a in legal(state, 0))
    state.apply(2, "new lights")
    assert any(a.startswith("emote") for a in legal(state, 0))
    waiting = yuletide.new_game(GAME, seed=3)
    err = refused(waiting, 0, "emote tree")
    assert err.reason.startswith("the round has not started: first your team secretly chooses")


# ------------------------------------------------------------ limits, options, notation


def test_ruling_turn_limit_counts_actions_and_ends_the_game_unfinished() -> None:
    """docs/rulings.md#every-game-safety-limits: ``turn_limit`` counts actions in a real-time
    game."""
    state = scenario(hands=HANDS, market="yellow green purple bubble", turn_limit=3)
    state.apply(0, "emote tree")
    state.apply(1, "emote star")
    state.apply(2, "new lights")
    assert state.outcome.status == "unfinished"
    assert state.outcome.reason == "turn limit of 3 actions reached"
    assert state.to_act == frozenset()
    assert yuletide.new_game(GAME).turn_limit == 5000


def test_random_games_end_with_a_winning_team() -> None:
    """Random play always ends (calls end rounds; emotes are bounded)."""
    for seed in range(20):
        state = random_game(GAME, 4, seed)
        assert state.outcome.status == "finished"
        assert state.outcome.winners in ((0, 2), (1, 3))


def test_notation_round_trips_and_errors_list_the_forms() -> None:
    state = yuletide.new_game(GAME, seed=1)
    for action in state.action_space(4):
        assert state.parse_action(str(action)) == action
    assert len(state.action_space(4)) == 8 + 42 + 8 + 1 + 1 + 4
    with pytest.raises(NotationError) as info:
        state.apply(0, "lights dim")
    assert "'lights dim' is not a Lights On action" in str(info.value)
    assert "swap <kind> for <kind>" in str(info.value)


def test_signals_only_at_round_start() -> None:
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    err = refused(state, 0, "signal bell")
    assert err.reason == (
        "signals are chosen at the start of a round; your team's signal this round is tree"
    )


def test_illegal_actions_leave_the_state_unchanged_along_random_games() -> None:
    for seed in range(3):
        state = yuletide.new_game(GAME, seed=seed)
        rng = Rng(seed)
        space = state.action_space(4)
        while not state.outcome.over:
            for seat in range(4):
                legal_now = state.legal_actions(seat)
                for action in space[::3]:
                    if action not in legal_now:
                        refused(state, seat, str(action))
            seat = sorted(state.to_act)[rng.below(len(state.to_act))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])


def test_determinize_redeals_unknown_cards_and_redraws_the_other_teams_signal() -> None:
    """determinize: the deck and the other hands (but the cards everyone knows) are
    re-dealt; the seat's own team signal is kept, the other team's re-drawn."""
    state = scenario(hands=HANDS, market="yellow green purple bubble", signals=("gift", "candle"))
    state.apply(3, "swap pink for bubble")
    signals = set()
    for i in range(40):
        det = state.determinize(0, Rng(i))
        assert det.hands[0] == state.hands[0]
        assert det.signals[0] == state.signals[0]
        assert det.hands[3][lo.BUBBLE] >= 1
        assert det.view(0) == state.view(0)
        signals.add(det.signals[1])
    assert len(signals) > 3


# ------------------------------------------- issue 12: determinize, events, hostile input


def same_determinizations(a: Any, b: Any, seat: int) -> None:
    """``a`` and ``b`` look the same to ``seat`` and give byte-equal determinizations."""
    assert conformance.observation(a, seat) == conformance.observation(b, seat)
    for k in range(6):
        assert a.determinize(seat, Rng(k)).to_json() == b.determinize(seat, Rng(k)).to_json()


def test_finding_legal_actions_of_seat_minus_one_no_longer_spell_out_seat_3s_hand() -> None:
    """Issue 12, section 4 (lights-on, 4 players, seed 1, after ``0: signal tree, 1:
    signal star``): ``legal_actions(-1)`` returned seat 3's actions, which spell out its
    hidden hand, and ``legal_actions(4)`` raised IndexError. Both are an InvalidSeat
    naming the seats; nothing changes."""
    state = yuletide.new_game(GAME, players=4, seed=1)
    state.apply(0, "signal tree")
    state.apply(1, "signal star")
    before = state.to_json()
    for seat in (-1, 4):
        with pytest.raises(InvalidSeat, match=f"there is no seat {seat}: seats are 0 to 3"):
            state.legal_actions(seat)
        with pytest.raises(InvalidSeat, match=f"there is no seat {seat}: seats are 0 to 3"):
            state.view(seat)
    assert state.to_json() == before


def test_finding_another_games_action_is_refused_by_name_not_an_assertion_error() -> None:
    """Issue 12, section 4: another game's action raised an empty AssertionError; it is
    now a NotationError that names the game and its actions; nothing changes."""
    state = scenario(hands=HANDS, market="yellow green purple bubble")
    before = state.to_json()
    foreign = yuletide.new_game("reindeers-nose", players=4, seed=1).legal_actions(0)[0]
    for call in (lambda: state.apply(0, foreign), lambda: state.why_illegal(0, foreign)):
        with pytest.raises(NotationError, match="is not an action of Lights On"):
            call()
    with pytest.raises(NotationError, match="action_space"):
        state.apply(0, lo.LightsOff(7))
    assert state.to_json() == before


def test_go_shows_each_seat_the_hand_it_looks_at() -> None:
    """Issue 12, section 2 (found by the leak proof): at "GO!" each seat's hand appears in
    its view (reading hands-unseen-until-go), so the go event shows each seat its own
    hand; the table sees only "go"."""
    state = yuletide.new_game(GAME, seed=3)
    state.apply(0, "signal tree")
    assert all(state.view(s)["hand"] is None for s in range(4))
    state.apply(3, "signal bell")
    for seat in range(4):
        assert state.events(seat)[-1] == {"type": "go", "your_hand": state.view(seat)["hand"]}
    assert state.events(None)[-1] == {"type": "go"}
    before = yuletide.new_game(GAME, seed=3)
    before.apply(0, "signal tree")
    tried = 0
    for i in range(12):
        other = before.determinize(2, Rng(i))
        tried += conformance.check_learns_only_by_events(before, other, 2, Rng(i))
    assert tried


def test_finding_determinize_is_canonical_deck_order_and_the_other_teams_signal() -> None:
    """Issue 12, section 1: a determinization depends only on what the seat knows. Two
    worlds seat 0 cannot tell apart — the other team's secret signal star or bell, the
    deck in another order, an unknown card of seat 1 swapped with one in the deck — give
    byte-equal determinizations: the pool is sorted before it is shuffled and the other
    team's signal is re-drawn (the own team's is kept)."""
    a = scenario(hands=HANDS, market="yellow green purple bubble", signals=("tree", "star"))
    b = scenario(hands=HANDS, market="yellow green purple bubble", signals=("tree", "bell"))
    b.deck.reverse()
    pink = b.deck.index(lo.KIND_ID["pink"])
    b.deck[pink] = lo.KIND_ID["green"]
    b.hands[1][lo.KIND_ID["green"]] -= 1
    b.hands[1][lo.KIND_ID["pink"]] += 1
    for state in (a, b):
        state.apply(3, "swap pink for bubble")  # public: seat 3 holds a Bubble Bulb
    same_determinizations(a, b, 0)
    signals = set()
    for i in range(30):
        det = a.determinize(0, Rng(i))
        assert det.signals[0] == lo.EMOTES.index("tree")
        assert det.hands[3][lo.BUBBLE] >= 1
        signals.add(det.signals[1])
    assert len(signals) > 3
    # Before "go" a seat has not looked at its own hand: it is re-dealt too.
    fresh = yuletide.new_game(GAME, seed=2)
    hands = {str(fresh.determinize(0, Rng(i)).hands[0]) for i in range(10)}
    assert len(hands) > 1


def test_determinize_is_canonical_along_random_games_in_every_phase() -> None:
    """Issue 12, section 1, at every state of random games: any determinization T of a
    state S gives, determinized again with the same rng, the same full state as S."""
    phases: set[str] = set()

    def probe(state: Any) -> None:
        phases.add(state.current_phase)
        if state.outcome.over:
            return
        for seat in range(4):
            other = state.determinize(seat, Rng(len(state.history)))
            conformance.check_canonical(state, seat, other, 13)

    for seed in range(4):
        random_game(GAME, 4, seed, on_step=probe)
    assert phases == set(lo.LightsOnGame.phases)


def test_phases_signal_play_over() -> None:
    """Issue 12: the phases: the secret signals being chosen (hands face-down), the
    real-time play, and the end."""
    assert lo.LightsOnGame.phases == ("signal", "play", "over")
    state = yuletide.new_game(GAME, seed=3)
    assert state.current_phase == "signal"
    state.apply(0, "signal tree")
    state.apply(1, "signal bell")
    assert state.current_phase == "play"
    won = scenario(
        hands=["red red red red", *HANDS[1:]], market="yellow green purple bubble", plugs=(2, 0)
    )
    won.apply(2, "lights on")
    assert won.current_phase == "over"

"""The greedy solo policy (the solo_lights room's greedy): legal, seeded, window-only, and
better than random at both solo games — each of its rules of thumb tested by name."""

from __future__ import annotations

import json
from typing import Any

import pytest

import yuletide
from yuletide.bots import SeatWindow, bots_for, check_bot, make_bot
from yuletide.cli import main
from yuletide.core.errors import InvalidOption
from yuletide.core.state import Action
from yuletide.games.christmas_lights.deck_the_yard import rules as dy
from yuletide.games.christmas_lights.deck_the_yard.greedy import GreedyBot as YardGreedy
from yuletide.games.christmas_lights.deck_the_yard.greedy import deck_the_yard_choice
from yuletide.games.christmas_lights.solo_lights import rules as sl
from yuletide.games.christmas_lights.solo_lights.greedy import GreedyBot as SoloGreedy
from yuletide.games.christmas_lights.solo_lights.greedy import solo_lights_choice
from yuletide.sim import play_match, simulate

SOLO = ("solo-lights", "deck-the-yard")
#: Each solo game's greedy policy (both are ``solo-greedy``).
GREEDY = {"solo-lights": SoloGreedy, "deck-the-yard": YardGreedy}


class ViewOnlyWindow:
    """A window with the view, the legal actions and the game id — nothing else: a bot
    that reached for the state or a determinization would fail here."""

    __slots__ = ("_actions", "_view", "game_id")

    def __init__(self, state: Any) -> None:
        self.game_id = state.game_id
        self._view = state.view(0)
        self._actions = state.legal_actions(0)

    def view(self) -> dict[str, Any]:
        return self._view

    def legal_actions(self) -> list[Action]:
        return self._actions


def choose(state: Any) -> str:
    return str(GREEDY[state.game_id](1).act(ViewOnlyWindow(state)))  # type: ignore[arg-type]


def solo(**fields: Any) -> Any:
    """A Solo Lights game in play on P01 (red pink green blue yellow) with ``fields``."""
    state = yuletide.new_game("solo-lights", seed=1)
    state.apply(0, str(state.legal_actions(0)[0]))
    state.current = sl.PATTERN_NAME.index("P01")
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def counts(names: str, size: int) -> list[int]:
    out = [0] * size
    for n in names.split():
        out[sl.CARD_ID[n]] += 1
    return out


def yard(**fields: Any) -> Any:
    state = yuletide.new_game("deck-the-yard", seed=1)
    state.faceup = [dy.PATTERN_NAME.index("P01"), dy.PATTERN_NAME.index("P02")]
    for name, value in fields.items():
        setattr(state, name, value)
    return state


# ------------------------------------------------------------------------- the bot


def test_registered_in_the_bot_table_as_solo_greedy() -> None:
    assert make_bot("solo-greedy", 3).name == "solo-greedy"
    for game in SOLO:
        assert "solo-greedy" in bots_for(game)
        bot = make_bot("solo-greedy", 3, game)
        state = yuletide.new_game(game, seed=4)
        assert bot.act(SeatWindow(state, 0)) == GREEDY[game](3).act(SeatWindow(state, 0))


@pytest.mark.parametrize("game", SOLO)
def test_decides_from_the_view_and_legal_actions_only(game: str) -> None:
    """The bot never uses the state: whole games through a window holding only the
    view and the legal actions."""
    for seed in range(5):
        state = yuletide.new_game(game, seed=seed)
        bot = GREEDY[game](seed)
        while not state.outcome.over:
            action = bot.act(ViewOnlyWindow(state))  # type: ignore[arg-type]
            assert action in state.legal_actions(0)
            state.apply(0, action)


@pytest.mark.parametrize("game", SOLO)
def test_seeded_and_reproducible(game: str) -> None:
    a = play_match(game, [make_bot("solo-greedy", 5)], seed=9)
    b = play_match(game, [make_bot("solo-greedy", 5)], seed=9, checked=True)
    assert a.record == b.record


@pytest.mark.parametrize("game", SOLO)
def test_wins_more_often_than_random(game: str) -> None:
    """The point of the policy: a baseline a player can compare with."""
    greedy = simulate(game, 100, 1, seed=1, bots=["solo-greedy"])["seats"][0]["win_rate"]
    rand = simulate(game, 100, 1, seed=1, bots=["random"])["seats"][0]["win_rate"]
    assert greedy > rand + 0.25


def test_other_games_refuse_it_and_say_which_bots_play() -> None:
    """Declared by the solo games' manifests only: elsewhere it is refused by name."""
    with pytest.raises(InvalidOption, match="plays only deck-the-yard and solo-lights"):
        check_bot("solo-greedy", "looney-lights")
    state = yuletide.new_game("looney-lights", players=3, seed=2)
    with pytest.raises(InvalidOption, match="does not play looney-lights"):
        make_bot("solo-greedy", 1).act(SeatWindow(state, min(state.to_act)))


def test_simulate_command_reports_the_greedy_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    """`yuletide simulate solo-lights --players 1 --bots solo-greedy` — the figure a
    player asks for first."""
    argv = ["simulate", "solo-lights", "--players", "1", "--bots", "solo-greedy"]
    assert main([*argv, "--games", "20", "--option", "characters=6", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seats"][0]["bot"] == "solo-greedy"
    assert report["options"] == {"characters": 6}
    assert report["finished_rate"] == 1.0


# --------------------------------------------------------------- Solo Lights rules


def test_solo_lights_picks_the_pattern_sharing_most_colours_with_the_hand() -> None:
    state = yuletide.new_game("solo-lights", seed=1)
    p01, p02 = sl.PATTERN_NAME.index("P01"), sl.PATTERN_NAME.index("P02")
    state.offers = [p01, p02]
    state.hand = counts("blue yellow purple green purple", sl.N_CARDS)
    assert choose(state) == "pick p02"  # four of P02's colours, three of P01's
    state.in_sequence = True
    state.hand = counts("red pink purple purple purple", sl.N_CARDS)
    assert choose(state) == "pick p01"  # in sequence: P01 starts red, pink


def test_solo_lights_plays_whenever_it_can() -> None:
    state = solo(hand=counts("bubble red purple purple purple", sl.N_CARDS))
    assert choose(state) == "play red"


def test_solo_lights_spends_a_bubble_on_time_whenever_a_character_is_flipped() -> None:
    state = solo(hand=counts("bubble red purple purple purple", sl.N_CARDS), stack=[0, 1, 2, 3])
    assert choose(state) == "play red"  # nothing flipped: no time to buy back
    state.flipped = [4]
    assert choose(state) == "bubble time"


def test_solo_lights_uses_a_bubble_as_the_connector_when_no_plug_is_left() -> None:
    state = solo(
        hand=counts("bubble purple purple purple purple", sl.N_CARDS),
        current=-1,
        need_plug=True,
        offers=[1],
    )
    state.deck = [k for k in state.deck if k != sl.PLUG] + [sl.PLUG]
    assert choose(state) == "discard purple"  # a Plug can still be drawn: dig for it
    state.deck.remove(sl.PLUG)
    state.table = [sl.PLUG] * 5
    assert choose(state) == "bubble plug"


def test_solo_lights_keeps_a_single_bubble_and_digs_a_dead_card_instead() -> None:
    """Digging order: a colour the string cannot take, then a spare Plug; one Bubble Bulb
    is kept for time rather than played."""
    state = solo(hand=counts("bubble purple red plug plug", sl.N_CARDS), slots=[0, -1, -1, -1, -1])
    assert choose(state) == "discard red"  # red's place is filled: a dead card
    state.hand = counts("bubble plug plug plug plug", sl.N_CARDS)
    assert choose(state) == "discard plug"
    state.hand = counts("bubble bubble plug plug purple", sl.N_CARDS)
    assert choose(state) == "bubble pink"  # two Bubble Bulbs: one may be played


def test_solo_lights_uses_a_bubble_to_finish_the_winning_string() -> None:
    state = solo(
        hand=counts("bubble purple purple purple purple", sl.N_CARDS),
        slots=[0, 5, 1, 3, -1],
        done=[5, 6, 7, 8],
    )
    assert choose(state) == "bubble yellow"


def test_solo_lights_choice_with_only_bubble_moves() -> None:
    view = solo(hand=counts("bubble", sl.N_CARDS)).view(0)
    assert solo_lights_choice(view, ["bubble red", "bubble pink"]) == "bubble red"


# ------------------------------------------------------------- Deck the Yard rules


def test_deck_the_yard_spends_a_plug_on_every_character() -> None:
    state = yard(hand=[0, 0, 0, 0, 4, 0, 0, 0, 1], pending=dy.CARD_ID["santa"])
    assert choose(state) == "use plug"


def test_deck_the_yard_saves_a_string_of_three_or_more_from_a_broken_bulb() -> None:
    state = yard(
        hand=[0, 0, 0, 0, 4, 0, 0, 0, 1],
        pending=dy.BROKEN,
        current=0,
        string=[0, 5, 1],
    )
    assert choose(state) == "use plug"
    state.string = [0, 5]
    assert choose(state) == "keep plug"


def test_deck_the_yard_stops_every_power_surge_with_a_plug() -> None:
    state = yard(hand=[0, 0, 0, 0, 4, 0, 0, 0, 1], pending=dy.PRESENT)
    assert choose(state) == "use plug"


def test_deck_the_yard_plays_the_needed_bulb_then_a_bubble() -> None:
    state = yard(hand=[0, 0, 0, 0, 3, 1, 1, 0, 0], current=0, string=[0])
    assert choose(state) == "play pink"
    state.hand = [0, 0, 0, 0, 4, 0, 1, 0, 0]
    assert choose(state) == "play bubble"


def test_deck_the_yard_starts_the_pattern_whose_first_bulbs_it_holds() -> None:
    # P01 starts red, pink: one in hand; P02 starts blue, yellow, purple: all three
    state = yard(hand=[1, 0, 1, 1, 2, 0, 0, 0, 0])
    assert choose(state) == "start p02"


def test_deck_the_yard_discards_what_neither_pattern_needs_and_keeps_plugs() -> None:
    # nothing to play: no red or blue; purple is on P02 (third), green on both
    state = yard(hand=[0, 1, 0, 0, 0, 0, 0, 0, 4])
    assert choose(state) == "discard green"
    state.hand = [0, 1, 0, 0, 2, 0, 0, 0, 2]
    assert choose(state) == "discard purple"


def test_deck_the_yard_choice_falls_back_to_a_legal_move() -> None:
    view = yard(hand=[0, 0, 0, 0, 0, 0, 1, 0, 0]).view(0)
    assert deck_the_yard_choice(view, ["start p01 bubble", "start p02 bubble"]) == (
        "start p01 bubble"
    )

"""The Looney Lights heuristic (the looney_lights room's bot): its key decisions on
hand-built positions, what it remembers from the events, and that it beats random."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import yuletide
from yuletide.bots import IsmctsBot, RandomBot, SeatWindow, level_bot
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights.looney_lights import rules as ll
from yuletide.games.christmas_lights.looney_lights.bot import (
    HeuristicBot,
    LookaheadBot,
    Slots,
    belief,
    cannot_answer,
    evaluate,
    rollout,
)
from yuletide.sim import play_match

GAME = "looney-lights"


def position(hands: list[str], top: str, colour: str | None = None, step: int = ll.PLAY) -> Any:
    """A game with these hands (seat 0 to act), ``top`` on the discard pile and the
    colour in play (the top card's, unless given); its log shows that colour revealed,
    as the bot follows the colour in play through the events."""
    state = yuletide.new_game(GAME, players=len(hands), seed=3)
    state.hands = [[0] * ll.N_KINDS for _ in hands]
    for seat, names in enumerate(hands):
        for name in names.split():
            state.hands[seat][ll.KIND_ID[name]] += 1
    state.sizes = [sum(h) for h in state.hands]
    state.discard = [ll.KIND_ID[top]]
    state.colour = ll.KIND_ID[colour or top]
    state.log.append(("reveal", state.colour))  # the log in step with the hand-built pile
    state.turn = 0
    state.step = step
    state.drawn = -1
    return state


def decide(state: Any, bot: HeuristicBot | None = None) -> str:
    return str((bot or HeuristicBot(1)).act(SeatWindow(state, state.turn)))


def test_plays_the_matching_bulb_and_keeps_the_bubble_bulb() -> None:
    state = position(["red bubble green", "blue blue"], top="red")
    assert decide(state) == "play red"


def test_without_the_colour_a_broken_bulb_first_then_a_plug_then_a_bubble() -> None:
    assert decide(position(["broken plug bubble green", "blue"], top="red")) == "play broken"
    assert decide(position(["plug bubble green", "blue"], top="red")) == "play plug"
    assert decide(position(["bubble green", "blue"], top="red")).startswith("play bubble")


def test_follows_a_broken_bulb_with_the_colour_it_holds_most_of() -> None:
    state = position(["broken green blue blue bubble", "red"], top="red")
    state.apply(0, "play broken")
    assert decide(state) == "play blue"


def test_names_the_colour_it_holds_most_of() -> None:
    state = position(["bubble yellow yellow green", "red"], top="red")
    assert decide(state) == "play bubble yellow"


def test_remembers_who_lacks_a_colour_and_names_it_against_them() -> None:
    """Seat 1 played a Plug on blue (so it held no blue) and is down to one card: seat
    0, holding no blue, names blue for seat 1 rather than a colour it holds one of."""
    state = position(["bubble green yellow", "plug red", "pink"], top="blue")
    state.turn = 1
    state.apply(1, "play plug")
    state.turn = 0  # back to seat 0, blue still in play (hand-built: seat 2 skipped)
    bot = HeuristicBot(1)
    assert decide(state, bot) == "play bubble blue"
    assert bot.lacks == {1: {ll.KIND_ID["blue"]}}
    # Without that memory (a fresh window, as in a rollout) it names a colour it holds.
    assert str(rollout(state, 0, Rng(1))) in ("play bubble green", "play bubble yellow")


def test_a_kept_drawn_card_makes_it_forget_what_else_was_known() -> None:
    bot = HeuristicBot(1)
    bot._colour = ll.RED
    bot.lacks = {1: {ll.KIND_ID["green"], ll.RED}}
    bot._follow([{"type": "draw", "seat": 1, "playable": False}])
    assert bot.lacks[1] == {ll.RED}  # the kept card may be green; it is not red


def test_same_decision_on_a_determinized_twin_and_always_legal() -> None:
    rng = Rng(5)
    for seed in range(6):
        state = yuletide.new_game(GAME, players=3, seed=seed)
        for step in range(60):
            if state.outcome.over:
                break
            seat = state.turn
            mine = HeuristicBot(2).act(SeatWindow(state, seat))
            twin = HeuristicBot(2).act(SeatWindow(state.determinize(seat, rng), seat))
            assert mine == twin and mine in state.legal_actions(seat)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))] if step % 2 else mine)


def test_evaluate_and_rollout() -> None:
    state = position(["red", "blue blue blue blue"], top="green")
    assert evaluate(state, 0) > 0.5 > evaluate(state, 1)
    assert rollout(state, 0, Rng(1)) in state.legal_actions(0)
    state.apply(0, "draw")  # nothing matches: draw until something can be played
    assert evaluate(state, 0) == pytest.approx(1 - evaluate(state, 1))


@pytest.mark.parametrize(("players", "games", "at_least"), [(2, 200, 0.65), (4, 200, 0.33)])
def test_beats_random(players: int, games: int, at_least: float) -> None:
    """Seat rotated game by game; random would win 1/players. Measured over 200 games:
    0.75 at 2 players, 0.42 at 4."""
    wins = Counter[str]()
    for i in range(games):
        seed = derive_seed(21, i)
        me = i % players
        bots = [
            HeuristicBot(seed) if s == me else RandomBot(derive_seed(seed, s))
            for s in range(players)
        ]
        result = play_match(GAME, bots, seed, checked=True)
        wins["me" if me in result.outcome.winners else "them"] += 1
    assert wins["me"] / games >= at_least


# ------------------------------------------------------------------ the belief


def _fits(hand: list[int], masks: list[int]) -> bool:
    """Whether the cards of ``hand`` can fill the slots (most constrained first: the
    masks are nested, so a greedy fill finds one whenever one exists)."""
    cards = [k for k in range(ll.N_KINDS) for _ in range(hand[k])]
    if len(cards) != len(masks):
        return False
    for mask in sorted(masks, key=lambda m: -m.bit_count()):
        allowed = [c for c in cards if not mask >> c & 1]
        if not allowed:
            return False
        cards.remove(allowed[0])
    return True


def _game(seed: int, players: int) -> Iterator[Any]:
    """A game of heuristic bots (a random move now and then): the state before each
    action, until the game is over."""
    state = yuletide.new_game(GAME, players=players, seed=seed)
    bots = [HeuristicBot(s) for s in range(players)]
    rng = Rng(seed)
    while not state.outcome.over:
        yield state
        (seat,) = state.to_act
        legal = state.legal_actions(seat)
        action = bots[seat].act(SeatWindow(state, seat))
        state.apply(seat, action if rng.random() < 0.7 else legal[rng.below(len(legal))])


def _played(seed: int, players: int, moves: int) -> Any:
    """That game at seat 0's first turn start after ``moves`` actions."""
    for done, state in enumerate(_game(seed, players)):
        if done >= moves and state.turn == 0 and state.step == ll.PLAY:
            return state
    raise AssertionError("the game ended first")


def _held(state: Any, seat: int) -> list[int]:
    """The seat's hand less a card just drawn and not yet played (never a slot)."""
    hand = list(state.hands[seat])
    if state.step == ll.DRAWN and seat == state.turn:
        hand[state.drawn] -= 1
    return hand


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_slots_always_fit_the_true_hands(players: int) -> None:
    # What the events say of each other hand is never wrong: at every moment of 20
    # games the true cards fill the slots each seat keeps for them.
    constrained = 0
    for seed in range(20):
        for _, state in zip(range(400), _game(seed, players), strict=False):
            for me in range(players):
                slots = Slots(me)
                slots.follow(SeatWindow(state, me).events())
                assert me not in slots.hands
                for other, masks in slots.hands.items():
                    assert _fits(_held(state, other), masks)
                    constrained += sum(1 for m in masks if m)
    assert constrained > 1000  # and they do say something


def test_a_player_who_draws_holds_none_of_what_it_could_have_played() -> None:
    state = position(["red red", "green blue plug yellow"], top="red")
    state.apply(0, "play red")
    state.deck.append(ll.KIND_ID["pink"])  # seat 1 draws a pink it cannot play...
    state.deck.append(ll.KIND_ID["yellow"])
    state.deck.append(ll.KIND_ID["yellow"])
    state.hands[1] = [0] * ll.N_KINDS
    for name in ("green", "blue", "yellow", "pink"):
        state.hands[1][ll.KIND_ID[name]] += 1
    state.apply(1, "draw")  # ...then a red it plays
    state.apply(1, "draw")
    slots = Slots(0)
    slots.follow(SeatWindow(state, 0).events())
    no_red = 1 << ll.RED | 1 << ll.BUBBLE | 1 << ll.PLUG
    assert set(slots.hands[1]) == {no_red}  # every card it held, and the pink it kept


def test_belief_worlds_fit_the_slots_and_carry_nothing_of_the_truth() -> None:
    state = _played(5, 2, 60)
    window = SeatWindow(state, 0)
    slots = Slots(0)
    slots.follow(window.events())
    assert any(slots.hands[1])
    sample = belief(window)
    plain = 0
    for i in range(40):
        world = sample(Rng(i))
        assert world.hands[0] == state.hands[0]
        assert _fits(_held(world, 1), slots.hands[1])
        assert sum(world.hands[1]) == state.sizes[1]
        assert len(world.deck) == len(state.deck)
        plain += not _fits(_held(window.determinize(Rng(i)), 1), slots.hands[1])
    assert plain > 0  # the game's determinize alone would deal hands that cannot be
    # A window on a determinized twin gives the same worlds: only what seat 0 knows.
    twin = SeatWindow(state.determinize(0, Rng(99)), 0)
    for i in range(5):
        assert belief(twin)(Rng(i)).to_json() == sample(Rng(i)).to_json()


# ------------------------------------------------------------------ hard's prior


def test_cannot_answer_counts_what_could_be_played() -> None:
    unseen = [0] * ll.N_KINDS
    unseen[ll.RED] = unseen[ll.GREEN] = 5
    # One unknown card from 5 red and 5 green: on red it answers half the time.
    assert cannot_answer(unseen, [0], ll.RED, plug=False) == pytest.approx(0.5)
    # A card known not to be red (it drew on red) never answers red.
    assert cannot_answer(unseen, [1 << ll.RED], ll.RED, plug=False) == 1.0
    unseen[ll.PLUG] = 10
    assert cannot_answer(unseen, [0], ll.GREEN, plug=True) == pytest.approx(0.75)
    assert cannot_answer(unseen, [0], ll.GREEN, plug=False) == pytest.approx(0.25)
    unseen[ll.PLUG], unseen[ll.BROKEN] = 0, 10
    # A lone Broken Bulb cannot be played (nothing to follow it); with another card it can.
    assert cannot_answer(unseen, [0], ll.GREEN, plug=False) == pytest.approx(0.75)
    assert cannot_answer(unseen, [0, 0], ll.GREEN, plug=False) < 0.75**2


def test_names_the_held_colour_the_next_player_is_likeliest_to_lack() -> None:
    """Five yellows are in the discard pile and seat 0 holds the sixth: the next player
    can hardly hold one, so the lookahead names yellow where the heuristic names green,
    the colour it holds most of; never pink, which it does not hold."""
    state = position(["bubble green green yellow", "red blue"], top="red")
    state.discard = [ll.YELLOW] * 5 + [ll.RED]
    assert decide(state) == "play bubble green"
    assert decide(state, LookaheadBot(1)) == "play bubble yellow"


def test_follows_a_broken_bulb_with_the_colour_the_next_player_lacks() -> None:
    state = position(["broken green green yellow", "red blue"], top="red")
    state.discard = [ll.YELLOW] * 5 + [ll.RED]
    state.apply(0, "play broken")
    assert decide(state) == "play green"
    assert decide(state, LookaheadBot(1)) == "play yellow"


def test_plays_a_plug_when_the_next_player_cannot_answer_it() -> None:
    """Seat 1 drew on blue (so holds no blue, Bubble Bulb or Plug) and played the blue
    it drew. With a Plug on blue it can answer nothing (no Plug or Broken Bulb goes on a
    Plug): the lookahead keeps blue with the Plug; the heuristic plays its Broken Bulb."""
    state = position(["plug broken green", "red yellow"], top="blue")
    state.turn = 1
    state.deck.append(ll.BLUE)
    state.apply(1, "draw")
    state.apply(1, "play blue")
    assert state.turn == 0
    assert decide(state) == "play broken"
    assert decide(state, LookaheadBot(1)) == "play plug"


def test_lookahead_same_decision_on_a_determinized_twin_and_always_legal() -> None:
    rng = Rng(7)
    for players in (2, 4):
        for seed in range(5):
            state = yuletide.new_game(GAME, players=players, seed=seed)
            bot, window = LookaheadBot(2), SeatWindow(state, 0)
            for step in range(120):
                if state.outcome.over:
                    break
                seat = state.turn
                mine = LookaheadBot(2).act(SeatWindow(state, seat))
                twin = LookaheadBot(2).act(SeatWindow(state.determinize(seat, rng), seat))
                assert mine == twin and mine in state.legal_actions(seat)
                if seat == 0:  # a bot that followed the whole game decides alike
                    assert bot.act(window) == mine
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.below(len(legal))] if step % 3 == 2 else mine)


def test_hard_searches_from_the_lookahead() -> None:
    """``hard``'s prior here is the lookahead (``HardPrior``); ``medium`` the heuristic."""
    hard = level_bot("hard", GAME, 3, iterations=30)
    assert isinstance(hard, IsmctsBot) and hard.prior is not None
    assert isinstance(getattr(hard.prior, "__self__", None), LookaheadBot)
    assert type(level_bot("medium", GAME, 3)) is HeuristicBot
    state = position(["plug broken green", "red yellow"], top="blue")
    assert hard.act(SeatWindow(state, 0)) in state.legal_actions(0)

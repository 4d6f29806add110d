"""The Christmas Lights heuristic (yuletide.games.christmas_lights.main.bot): it reasons about its
own hand from its view (every card it can see, what it knows, its answers), plays and
swaps for what its string needs, asks sale questions about its likeliest cards, buys
only what it needs, decides from its window only and beats random."""

from __future__ import annotations

from typing import Any

import pytest

import yuletide
from yuletide.bots import RandomBot, SeatWindow
from yuletide.core.rng import Rng, derive_seed
from yuletide.games.christmas_lights.main import box as cb
from yuletide.games.christmas_lights.main.bot import HeuristicBot, evaluate, pool, rollout
from yuletide.sim import play_match

GAME = "christmas-lights"
K = cb.KIND_ID


def fresh(players: int = 2, seed: int = 3) -> Any:
    """A new game, the Santa holder to commit (seat ``state.turn``)."""
    return yuletide.new_game(GAME, players=players, seed=seed)


def give(state: Any, seat: int, pos: int, kind: str, *, known: bool) -> None:
    """Make the card at ``pos`` (0-based) of ``seat``'s hand a ``kind`` by exchanging
    kinds with a card of that kind in the deck (the box stays whole)."""
    state.touch()
    kinds = list(state.kinds)
    card = state.hands[seat][pos]
    other = next(c for c in state.deck if kinds[c] == K[kind] and c != card)
    kinds[card], kinds[other] = kinds[other], kinds[card]
    state.kinds = kinds
    known_list = list(state.known)
    known_list[card] = int(known)
    state.known = known_list


def act(state: Any, seat: int, bot: HeuristicBot | None = None) -> str:
    return str((bot or HeuristicBot(1)).act(SeatWindow(state, seat)))


def needs(state: Any, seat: int) -> list[str]:
    return state.view(seat)["seats"][seat]["commitment"]["needs"]  # type: ignore[no-any-return]


def test_the_pool_is_what_the_seat_cannot_see() -> None:
    """Over random positions: the box less every card the seat sees is exactly the
    multiset of its unknown cards and the deck."""
    rng = Rng(2)
    for seed in range(4):
        state = fresh(3, seed)
        for _ in range(150):
            if state.outcome.over:
                break
            seat = min(state.to_act)
            view = state.view(seat)
            left = pool(view, seat)
            hidden = [state.kinds[c] for c in state.hands[seat] if not state.known[c]]
            hidden += [state.kinds[c] for c in state.deck]
            assert left == [hidden.count(k) for k in range(cb.N_KINDS)]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])


def test_commits_to_the_reading_whose_first_lights_it_holds() -> None:
    state = fresh()
    seat = state.turn
    lights = state.view(seat)["seats"][seat]["patterns"][1][1]  # pattern 2, left to right
    give(state, seat, 0, lights[-1], known=True)
    give(state, seat, 1, lights[-2], known=True)
    assert act(state, seat) == "commit 2 right"


def test_plays_a_known_card_its_next_slot_needs() -> None:
    state = fresh()
    seat = state.turn
    state.apply(seat, "commit 1 left")
    give(state, seat, 2, needs(state, seat)[0], known=True)
    assert act(state, seat) == "card 3"


def test_swaps_for_the_colour_its_next_slot_needs() -> None:
    state = fresh()
    seat = state.turn
    other = 1 - seat
    state.apply(seat, "commit 1 left")
    give(state, other, 3, needs(state, seat)[0], known=False)
    state.apply(seat, "done")
    bot = HeuristicBot(1)
    assert act(state, seat, bot) == "swap"
    state.apply(seat, "swap")
    mine = act(state, seat, bot)
    assert mine.startswith("card ")
    state.apply(seat, mine)
    assert act(state, seat, bot) == f"seat {other}"
    state.apply(seat, f"seat {other}")
    assert act(state, seat, bot) == "card 4"


def sale_to(state: Any, seller: int, buyer: int, kind: str) -> None:
    """The seller lays its first card (made a ``kind``) and offers it to ``buyer`` for
    "is my card 1 red?"."""
    give(state, seller, 0, kind, known=False)
    for text in ("sale", "card 1", f"seat {buyer}", "card 1", "done", "kind red", "done"):
        state.apply(seller, text)
    state.apply(seller, ">=")
    state.apply(seller, "number 1")


def test_buys_only_what_it_needs_and_uses_the_answer() -> None:
    state = fresh(seed=4)
    seller = state.turn
    buyer = 1 - seller
    state.apply(seller, "done")  # no commitment yet: straight to the next step
    seat_view = state.view(buyer)["seats"][buyer]
    first = seat_view["patterns"][0][1][0]  # what the buyer would start a string with
    junk = state.clone()
    sale_to(state, seller, buyer, first)
    assert act(state, buyer) == "accept"
    sale_to(junk, seller, buyer, "broken")
    assert act(junk, buyer) == "decline"
    state.apply(buyer, "accept")
    # The seller now knows whether its (new) card 1 is red: its beliefs say so exactly.
    bot = HeuristicBot(1)
    window = SeatWindow(state, seller)
    hand = bot.beliefs(window, window.view())
    truth = state.kinds[state.hands[seller][0]] == K["red"]
    assert hand.probs[0][K["red"]] == pytest.approx(1.0 if truth else 0.0)


def test_events_never_free_actions_and_twin_decisions() -> None:
    """Over seeded games of bots: Light Switch is always taken, Christmas Eve looks at a
    card it does not know, it never marks or moves a card, every action is legal, and
    the same bot decides the same on a determinized twin of the state."""
    rng = Rng(9)
    events = 0
    for seed in range(2):
        state = fresh(3, seed)
        for _ in range(300):
            if state.outcome.over:
                break
            seat = min(state.to_act)
            view = state.view(seat)
            mine = act(state, seat)
            twin = act(state.determinize(seat, rng), seat)
            assert mine == twin
            assert mine in {str(a) for a in state.legal_actions(seat)}
            assert not mine.startswith(("mark", "move"))
            if view["event"] is not None:
                events += 1
                if view["event"]["event"] == "light-switch":
                    assert mine == "draw 1"
                if view["event"]["event"] == "christmas-eve" and mine != "none":
                    pos = int(mine.split()[1]) - 1
                    assert view["hands"][seat]["cards"][pos] is None
            state.apply(seat, mine)
    assert events > 0


def test_rollout_and_evaluate() -> None:
    state = fresh()
    seat = state.turn
    state.apply(seat, "commit 1 left")
    give(state, seat, 2, needs(state, seat)[0], known=True)
    world = state.determinize(seat, Rng(1))
    assert str(rollout(world, seat, Rng(2))) == "card 3"
    state.apply(seat, "card 3")
    assert evaluate(state, seat) > 0.5 > evaluate(state, 1 - seat)


def test_beats_random() -> None:
    """Seat rotated game by game; measured 100 of 100 at 2 players."""
    wins = 0
    games = 8
    for i in range(games):
        seed = derive_seed(71, i)
        me = i % 2
        bots = [
            HeuristicBot(seed) if s == me else RandomBot(derive_seed(seed, s)) for s in range(2)
        ]
        wins += me in play_match(GAME, bots, seed).outcome.winners
    assert wins >= 7

"""Why `hard` is level with `medium` where it is: five measurements on the ladder's deals.

    python bench/why_level.py oracle GAME PLAYERS DEALS   # OUT: bench/why-level.json
    python bench/why_level.py hands GAME PLAYERS DEALS    # Looney Lights, Check the Box
    python bench/why_level.py deck GAME PLAYERS DEALS     # Christmas Lights, Jingle Bell Run
    python bench/why_level.py race GAME PLAYERS DEALS --mean 0.9
    python bench/why_level.py depart GAME PLAYERS DEALS

oracle
    `hard` (100 iterations, the ladder's settings) whose every sampled world is the true
    state (its future randomness drawn afresh) against `medium`: what a search of this
    kind gains where it knows every hidden card and the order of every pile. A
    measuring instrument, not a bot: it reads the state behind the seat's window, which
    no level, client or adapter may do; it lives here, outside the package, for that
    reason.
hands
    The oracle told only the other seats' hands: its worlds are the game's own
    determinizations with every other hand put back as it truly is, the deck (or pile)
    still shuffled. What the best possible reading of the other players could give
    (in Looney Lights and Check the Box, where the hidden cards are the hands and the
    deck), as against what knowing the deck's order adds.
deck
    The oracle told everything but the order of the piles still to be drawn: its worlds
    are the true state with the deck (in Christmas Lights the Bulb deck and the Event
    deck) shuffled afresh. Every hand (in Christmas Lights the seat's own too) and every
    secret Pattern card as they truly are: what the cards already dealt are worth to a
    search, as against the cards still to come.
race
    `medium` reacting faster (a mean of ``--mean`` seconds, spread a quarter of it,
    uniform) against `medium` at the default 1.0 s, in a real-time game: what a little
    speed is worth where several seats may act at once.
depart
    How often `hard` (100 iterations) plays another move than its heuristic prior on
    the ladder's `hard` vs `medium` deals, counted over its decisions with a choice.

With ``--more`` a run plays DEALS more deals of the cell after those ``--out`` holds
(deal *i* is the same deal whatever the count, as in the ladder). Each run adds its
cell to ``--out`` (the runs in the ladder's per-deal form for oracle
and race, so ``yuletide.sim.ladder.summary`` reads them) and prints the cell's line.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from yuletide.bots import level_bot
from yuletide.bots.base import ReactionTime, SeatWindow, reaction_of
from yuletide.core.rng import Rng
from yuletide.core.state import Action, State
from yuletide.sim import ladder


class _Truth(SeatWindow):
    """A seat's window whose determinizations are the true state (the oracle's only
    change)."""

    __slots__ = ()

    def determinize(self, rng: Rng) -> State:
        world = self._state.clone()  # the truth: the instrument's point
        world.rng = rng.fork()
        return world


class _TrueHands(SeatWindow):
    """A seat's window whose determinizations hold every other hand as it truly is,
    the deck or pile re-dealt from what is left (the ``hands`` oracle's only change)."""

    __slots__ = ()

    def determinize(self, rng: Rng) -> State:
        truth: Any = self._state
        world: Any = truth.determinize(self.seat, rng)
        pile = "deck" if hasattr(world, "deck") else "pile"
        pool = list(getattr(world, pile))
        # Every other hand back in the pool first: a card one of them truly holds may
        # have been dealt to another in this world (at 3 players or more).
        others = [s for s in range(world.players) if s != self.seat]
        for s in others:
            pool.extend(k for k, n in enumerate(world.hands[s]) for _ in range(n))
        for s in others:
            for k, n in enumerate(truth.hands[s]):
                for _ in range(n):
                    pool.remove(k)
            world.hands[s] = list(truth.hands[s])
        rng.shuffle(pool)
        setattr(world, pile, pool)
        return world  # type: ignore[no-any-return]


class _TrueButDeck(SeatWindow):
    """A seat's window whose determinizations are the true state with the piles still
    to be drawn shuffled afresh (the ``deck`` oracle's only change): every hand, every
    secret card as it truly is; only the order of what comes next is unknown."""

    __slots__ = ()

    def determinize(self, rng: Rng) -> State:
        world: Any = self._state.clone()
        world.rng = rng.fork()
        if hasattr(world, "kinds"):  # Christmas Lights: card ids, kinds per id
            world._before_change()
            kinds = list(world.kinds)
            order = [kinds[c] for c in world.deck]
            rng.shuffle(order)
            for c, k in zip(world.deck, order, strict=True):
                kinds[c] = k
            world.kinds = kinds
            events = list(world.event_deck)
            rng.shuffle(events)
            world.event_deck = events
        else:
            deck = list(world.deck)
            rng.shuffle(deck)
            world.deck = deck
        return world  # type: ignore[no-any-return]


class Oracle:
    def __init__(self, game_id: str, seed: int, iterations: int, what: str = "oracle") -> None:
        inner: Any = level_bot("hard", game_id, seed, iterations=iterations)
        inner.belief = None  # its worlds are the instrument's, not a belief's
        self.inner = inner
        self.name = "oracle"
        self.reaction = reaction_of(inner)
        self.window = {"hands": _TrueHands, "deck": _TrueButDeck}.get(what, _Truth)

    def act(self, window: SeatWindow) -> Action | None:
        out: Action | None = self.inner.act(self.window(window._state, window.seat))
        return out


class Fast:
    def __init__(self, game_id: str, seed: int, mean: float) -> None:
        self.inner = level_bot("medium", game_id, seed)
        self.name = "fast"
        self.reaction = ReactionTime(mean, mean / 4)

    def act(self, window: SeatWindow) -> Action | None:
        return self.inner.act(window)


COUNT = {"decisions": 0, "departures": 0}


class Counting:
    """`hard` as the ladder makes it, counting the decisions where it leaves its prior."""

    def __init__(self, game_id: str, seed: int, iterations: int) -> None:
        inner: Any = level_bot("hard", game_id, seed, iterations=iterations)
        self.inner = inner
        self.name = "hard"
        self.reaction = reaction_of(inner)
        self.seen: list[Action | None] = []
        prior = self.inner.prior

        def recording(window: SeatWindow) -> Action | None:
            move: Action | None = prior(window)
            self.seen.append(move)
            return move

        self.inner.prior = recording

    def act(self, window: SeatWindow) -> Action | None:
        self.seen.clear()
        out: Action | None = self.inner.act(window)
        if self.seen:  # a decision with a choice (the prior is asked only then)
            COUNT["decisions"] += 1
            favourite = self.seen[0]
            if str(favourite) != str(out):  # None (waiting) is "None" on both sides
                COUNT["departures"] += 1
        return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("oracle", "hands", "deck", "race", "depart"))
    p.add_argument("game")
    p.add_argument("players", type=int)
    p.add_argument("deals", type=int)
    p.add_argument("--mean", type=float, default=0.9, help="race: the fast bot's mean (s)")
    p.add_argument("--out", default="bench/why-level.json")
    p.add_argument(
        "--more", action="store_true", help="play DEALS more deals after those in --out's cell"
    )
    args = p.parse_args(argv)
    if args.more and args.what == "depart":
        p.error("--more cannot add to a depart cell (its counts are of the deals it played)")
    ladder_defaults = ladder.build_parser().parse_args([])  # the ladder's seed and budget
    made = ladder._bot

    def bot(name: str, game_id: str, seed: int, hard_iterations: int) -> Any:
        if name == "oracle":
            return Oracle(game_id, seed, hard_iterations, args.what)
        if name == "fast":
            return Fast(game_id, seed, args.mean)
        if name == "hard" and args.what == "depart":
            return Counting(game_id, seed, hard_iterations)
        return made(name, game_id, seed, hard_iterations)

    ladder._bot = bot
    first = {"race": "fast", "depart": "hard"}.get(args.what, "oracle")
    cell = ladder.Cell(args.game, args.players, (), (first, "medium"), 2 * args.deals)
    key = cell.key + {"race": f"@{args.mean}", "hands": "@hands", "deck": "@deck"}.get(
        args.what, ""
    )
    path = Path(args.out)
    data = json.loads(path.read_text()) if path.exists() else {"cells": {}}
    seed, iterations = ladder_defaults.seed, ladder_defaults.hard_iterations
    if args.more and key not in data["cells"]:
        p.error(f"--more: {args.out} has no cell {key} to add to; run without --more first")
    runs: list[dict[str, Any]] = list(data["cells"][key]["runs"]) if args.more else []
    played = len(runs)
    cell = dataclasses.replace(cell, games=2 * (played + args.deals))
    runs += [
        ladder.play_deal((cell, i, seed, iterations)) for i in range(played, played + args.deals)
    ]
    entry: dict[str, Any] = {"runs": runs, "summary": ladder.summary(cell, runs)}
    if args.what == "depart":
        entry["decisions"] = COUNT["decisions"]
        entry["departures"] = COUNT["departures"]
    data["cells"][key] = entry
    path.write_text(json.dumps(data, separators=(",", ":")))
    extra = f" departs {COUNT['departures']}/{COUNT['decisions']}" if args.what == "depart" else ""
    print(f"{key}: {ladder._line(entry['summary'])}{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

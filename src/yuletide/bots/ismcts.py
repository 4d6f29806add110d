"""A generic search bot for every game: single-observer information-set Monte Carlo tree
search (SO-ISMCTS; Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012).

Like every bot it decides from its seat's window only: each iteration samples one world
with ``window.determinize(rng)`` (a full state consistent with what the seat knows,
never the real one, and already a private ``clone``), walks and grows one tree shared by
all the samples, plays the sample on with ``apply_unchecked`` (tree moves, then a
rollout policy) and backs the result up the path.

The tree
  A node is the information set "(seat to move, actions since the root)": edges are
  keyed by ``(seat, str(action))`` (actions are interned values whose notation is
  stable), so the same history in different determinizations reaches the same node,
  whatever the hidden cards. Each edge holds its visits, its summed reward (for the seat
  that chose it) and its *availability*: how many times it was legal when its node was
  visited. Selection is UCB1 with the availability count in place of the parent's visit
  count, ``mean + c * sqrt(ln(available) / visits)``, with ``c`` = :data:`EXPLORATION`;
  an edge never tried yet is expanded first (one new edge per iteration, drawn at
  random among the untried ones).

Several seats in ``to_act``
  In a tree node the seat to move is the bot's own seat when it is among them, else
  the lowest seat. For hidden simultaneous choices (Festival of Lights, Jolly
  Christmas, Lights On signals) this means the bot's choice is never conditioned on a
  choice it cannot see; the other seats' pending choices are re-drawn by
  ``determinize`` (it re-deals what the seat cannot know), so they never leak into the
  tree either. In rollouts the seat to move is drawn at random among ``to_act`` (the
  match runner's timers give a random order too). Everyone-events (every seat must
  act) are the same case.

Real-time races (Blink, Reindeer's Nose, Lights On)
  Where the game is real-time and the bot's seat may act alongside others, the node
  also has a *wait* edge (key ``(seat, "wait")``): the bot lets the moment pass and the
  lowest other seat in ``to_act`` acts first, then search goes on as usual. It is valued
  like any other edge, by the rollouts that follow it; chosen at the root, ``act``
  returns None (the match runner asks again after another reaction time). So that a
  table of search bots cannot wait for one another forever, the bot offers itself the
  wait edge at most :data:`MAX_WAITS` times in a row while the game stands still (the log
  does not grow). Where its seat is alone in ``to_act`` it never waits.

Rewards
  From the outcome, a number in [0, 1] per seat: the win share (``1/len(winners)`` to
  each winner, 0 to the others), blended for games with scores (two seats or more) with
  the seat's normalised score, ``(1 - w) * share + w * (score - min) / (max - min)``
  with ``w`` = :data:`SCORE_WEIGHT` (every game's scores are "higher is better"): a
  narrow loss is worth a little more than a rout. An ``unfinished`` game (the turn
  limit) is a loss for everyone: 0 to each seat.

Depth limit
  A rollout stops after ``depth`` actions (:data:`DEFAULT_DEPTH`) beyond the tree. The
  position is then scored by ``evaluate(state)`` when one is given (a heuristic of a
  later bot), else as a *draw*: ``1/players`` to each seat (0.5 in a solo game): better
  than a loss, worse than a win. In the long games (Where's That Bulb?, Untangle, Jingle
  Bell Run, Christmas Lights) most random rollouts are cut off, so plain ISMCTS has
  little to go on there and plays about as well as random: those need ``evaluate`` or
  a heuristic ``rollout``.

The move
  The most visited root edge of the bot's seat; ties go to the better mean, then to a
  seeded draw among the tied actions; waiting loses every tie.

Budget
  ``iterations`` (reproducible from the bot's seed: same seed, same window, same action)
  or ``seconds`` of search, or both (whichever ends first). The default is
  :data:`DEFAULT_ITERATIONS` iterations with a :data:`DEFAULT_SECONDS` time cap, so a
  move takes at most about half a second. Measured on the 2-core development machine
  (loaded), random positions of the first 60 actions at two players (three for A
  Christmas Story and Festival of Lights, four for the four-seat games): 400 iterations
  take 0.08 to 0.35 s in Blink, Check the Box, A Christmas Story, Deck the Yard,
  Festival of Lights, Jolly Christmas, Lights On, Looney Lights and Solo Lights, so
  there the iteration count decides and the move is reproducible; in Christmas Lights,
  Jingle Bell Run, Reindeer's Nose, Twinkling Lights, Untangle and Where's That Bulb?
  (300 to 760 iterations a second) the time cap ends the search, after 110 to 400
  iterations. Give ``iterations`` alone for a reproducible bot at any speed.

  With one legal action the bot returns it at once, without search, in a race too
  (there it does not weigh acting now against waiting).

Rollout policy
  Pluggable: a callable ``(state, seat, rng) -> action`` returning one of
  ``state.legal_actions(seat)``; the default is uniformly random
  (:func:`random_rollout`). A per-game heuristic can be plugged in the same way.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Final

from ..core.rng import Rng
from ..core.simultaneous import is_real_time
from ..core.state import Action, State
from .base import DEFAULT_REACTION, ReactionTime, SeatWindow

#: A rollout policy: the action ``seat`` takes in ``state`` (one of its legal actions).
RolloutPolicy = Callable[[State, int, Rng], Action]
#: A leaf evaluation for cut-off rollouts: a reward in [0, 1] per seat.
Evaluation = Callable[[State], Sequence[float]]

#: The UCB exploration constant (rewards lie in [0, 1]).
EXPLORATION: Final = 0.7
#: The weight of the normalised score in a reward (the rest is the win share).
SCORE_WEIGHT: Final = 0.1
#: Actions a rollout may take beyond the tree before it is cut off and evaluated.
DEFAULT_DEPTH: Final = 200
#: The default budget: iterations per move, and a time cap in seconds.
DEFAULT_ITERATIONS: Final = 400
DEFAULT_SECONDS: Final = 0.5
#: Consecutive waits (while the game stands still) after which the bot must act.
MAX_WAITS: Final = 8
#: The notation of the wait edge (no game action is written so).
WAIT: Final = "wait"


def random_rollout(state: State, seat: int, rng: Rng) -> Action:
    """The default rollout policy: a uniformly random legal action."""
    actions = state.legal_actions(seat)
    return actions[rng.below(len(actions))]


class _Edge:
    """One action from a node: its statistics and the node it leads to."""

    __slots__ = ("action", "available", "child", "total", "visits")

    def __init__(self, action: Action | None) -> None:
        self.action = action  # None: the wait edge
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.child = _Node()


class _Node:
    """An information set of the observer's tree: edges by ``(seat, notation)``."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[tuple[int, str], _Edge] = {}


def rewards(state: State) -> list[float]:
    """The reward of every seat for a finished, unfinished or cut-off game (module
    docstring, "Rewards" and "Depth limit")."""
    n = state.players
    outcome = state.outcome
    if outcome.status == "finished":
        winners = outcome.winners
        share = [0.0] * n
        for w in winners:
            share[w] = 1.0 / len(winners)
        scores = outcome.scores
        if scores is not None and n > 1:
            low, high = min(scores), max(scores)
            if high > low:
                span = high - low
                return [
                    (1.0 - SCORE_WEIGHT) * share[s] + SCORE_WEIGHT * (scores[s] - low) / span
                    for s in range(n)
                ]
        return share
    if outcome.status == "unfinished":
        return [0.0] * n
    draw = 1.0 / n if n > 1 else 0.5
    return [draw] * n


class IsmctsBot:
    """SO-ISMCTS over the seat's determinizations (module docstring)."""

    name = "ismcts"
    #: It searches for up to its time cap: a server runs it in its search worker pool, so
    #: it never holds up the quick bots of other tables.
    searches = True

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        rollout: RolloutPolicy | None = None,
        evaluate: Evaluation | None = None,
        depth: int = DEFAULT_DEPTH,
        exploration: float = EXPLORATION,
        reaction: ReactionTime | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations, seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, got {seconds!r}")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout: RolloutPolicy = random_rollout if rollout is None else rollout
        self.evaluate = evaluate
        self.depth = depth
        self.exploration = exploration
        self.reaction = DEFAULT_REACTION if reaction is None else reaction
        #: Iterations run by the last ``act`` (for measurements).
        self.last_iterations = 0
        self._waits = 0
        self._waited_at = -1

    def act(self, window: SeatWindow) -> Action | None:
        actions = window.legal_actions()
        if not actions:
            return None
        if len(actions) == 1:
            self._waits = 0
            return actions[0]
        seat = window.seat
        rng = self.rng
        probe = window.determinize(rng)
        log_length = len(probe.log)
        if log_length != self._waited_at:
            self._waits = 0
        can_wait = (
            is_real_time(probe)
            and len(probe.to_act) > 1
            and seat in probe.to_act
            and self._waits < MAX_WAITS
        )
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(root, window, rng, can_wait)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        # The most visited root edge; ties go to the better mean, then to a seeded draw
        # among the tied actions (always acting first in legal order is a strategy of
        # its own, and a bad one where a small budget visits every edge once), and
        # waiting loses every tie.
        by_text = {str(a): a for a in actions}
        best_key: tuple[int, float] | None = None
        tied: list[str] = []
        for text in (*by_text, WAIT):
            edge = root.edges.get((seat, text))
            if edge is None or edge.visits == 0:
                continue
            key = (edge.visits, edge.total / edge.visits)
            if best_key is None or key > best_key:
                best_key, tied = key, [text]
            elif key == best_key and text != WAIT:
                tied.append(text)
        if not tied:  # cannot happen with one iteration or more; stay legal anyway
            tied = [str(actions[0])]
        best = tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]
        if best == WAIT:
            self._waits += 1
            self._waited_at = log_length
            return None
        self._waits = 0
        return by_text[best]

    def _iterate(self, root: _Node, window: SeatWindow, rng: Rng, can_wait: bool) -> None:
        """One iteration: determinize, select and expand, roll out, back up."""
        observer = window.seat
        state = window.determinize(rng)
        real_time = is_real_time(state)
        node = root
        path: list[tuple[_Edge, int]] = []
        waited = False
        at_root = True
        cut = False
        while True:
            if state.outcome.over:
                break
            to_act = state.to_act
            if not to_act:
                break
            if waited:
                mover = min(to_act - {observer})
            elif observer in to_act:
                mover = observer
            else:
                mover = min(to_act)
            options: list[tuple[tuple[int, str], Action | None]] = [
                ((mover, str(a)), a) for a in state.legal_actions(mover)
            ]
            if (
                not waited
                and mover == observer
                and real_time
                and len(to_act) > 1
                and (can_wait or not at_root)
            ):
                options.append(((mover, WAIT), None))
            if not options:  # a seat to act with nothing legal: nothing to search here
                break
            waited = False
            at_root = False
            edges = node.edges
            untried: list[tuple[tuple[int, str], Action | None]] = []
            for key, action in options:
                edge = edges.get(key)
                if edge is None:
                    untried.append((key, action))
                else:
                    edge.available += 1
            if untried:
                key, action = untried[rng.below(len(untried))]
                edge = edges[key] = _Edge(action)
                path.append((edge, mover))
                if action is None:
                    waited = True
                else:
                    state.apply_unchecked(mover, action)
                node = edge.child
                break
            chosen: _Edge | None = None
            best = -math.inf
            c = self.exploration
            for key, _ in options:
                edge = edges[key]
                value = edge.total / edge.visits + c * math.sqrt(
                    math.log(edge.available) / edge.visits
                )
                if value > best:
                    best, chosen = value, edge
            assert chosen is not None
            path.append((chosen, mover))
            if chosen.action is None:
                waited = True
            else:
                state.apply_unchecked(mover, chosen.action)
            node = chosen.child
        # Rollout: the seat to move is drawn among to_act (after a wait, another seat).
        policy = self.rollout
        steps = 0
        limit = self.depth
        while not state.outcome.over:
            to_act = state.to_act
            if not to_act:
                break
            if steps >= limit:
                cut = True
                break
            seats = sorted(to_act - {observer}) if waited and len(to_act) > 1 else sorted(to_act)
            waited = False
            mover = seats[rng.below(len(seats))] if len(seats) > 1 else seats[0]
            state.apply_unchecked(mover, policy(state, mover, rng))
            steps += 1
        evaluate = self.evaluate
        reward = list(evaluate(state)) if cut and evaluate is not None else rewards(state)
        for edge, mover in path:
            edge.visits += 1
            edge.total += reward[mover]

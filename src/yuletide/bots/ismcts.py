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
  or ``seconds`` of search, or both (whichever ends first). The time counts from the
  start of ``act`` (the prior's decision and the first determinization included), and a
  rollout still going at the deadline is cut there and scored as at the depth limit, so
  a move takes at most about ``seconds`` even where one rollout is slow. The default is
  :data:`DEFAULT_ITERATIONS` iterations with a :data:`DEFAULT_SECONDS` time cap. With
  random rollouts, in the quicker games the iteration count decides and the move is
  reproducible; in the slower ones (Christmas Lights, Jingle Bell Run, Reindeer's Nose,
  Twinkling Lights, Untangle and Where's That Bulb?) the time cap ends the search first
  (measured: docs/bots.md, "Speed", random rollouts). Give ``iterations`` alone
  for a reproducible bot at any speed. (The ``hard`` level's budget and its heuristic
  rollouts are in ``yuletide.bots``.)

  With one legal action the bot returns it at once, without search, in a race too
  (there it does not weigh acting now against waiting).

Rollout policy
  Pluggable: a callable ``(state, seat, rng) -> action`` returning one of
  ``state.legal_actions(seat)``; the default is uniformly random
  (:func:`random_rollout`). A game's heuristic plugs in the same way (the ``hard``
  level); ``evaluate`` scores a cut rollout (:func:`per_seat` adapts a heuristic's
  ``evaluate(state, seat)``), ``prune`` drops actions not worth searching from the tree
  (Christmas Lights' marks and moves), or keeps one of several that the seat cannot tell
  apart (Where's That Bulb?'s unseen cards): given the actions in order, it keeps the
  first of each kind, and at a paired root the prior's choice is given first.

Open loop (``opponents="rollout"``)
  The other seats move by the rollout policy in the tree too, so the tree holds only
  the observer's own decisions, keyed by the observer's actions (open-loop: the other
  seats' replies in between are not part of a node). With a heuristic rollout policy
  this asks "what if I do this and everyone then plays well?", where the default
  (``"tree"``) grows edges for every seat and, until the tree is deep, values a move by
  the near-random replies of its young edges.

Prior
  ``prior`` is a heuristic's ``act``: its choice is the move unless another root edge's
  mean beats it by more than :data:`SWITCH_MARGIN` standard errors with at least
  :data:`SWITCH_VISITS` visits, so a search short of iterations plays the heuristic
  rather than the noise of a few rollouts. The prior sees every decision (a heuristic
  that keeps a memory of the log stays in step).

Paired worlds (``paired=True``)
  At the root every edge meets the same worlds in the same order: the ``j``-th visit of
  any root edge samples world ``j`` (a seed fixed for the move) and plays on with that
  world's own generator. Two root edges are then compared world by world, and the luck
  of the deal (most of a rollout's noise) cancels from the difference (common random
  numbers). With a prior, the prior's choice is visited at least as often as any
  other edge, and is replaced only when another edge's paired differences have a mean
  more than :data:`SWITCH_MARGIN` of their standard errors above 0 over at least
  :data:`SWITCH_VISITS` pairs. Below the root the tree is as usual.

Flat (``flat=True``)
  The tree holds the root's edges only: after the root's move every seat, the observer
  too, moves by the rollout policy (flat Monte Carlo with a rollout policy worth the
  name). Where a turn is a chain of the observer's own decisions (Christmas Lights: swap,
  then which card, which seat, which of their cards), a young tree tries the chain's
  later steps at random, and a move whose worth lies in its later steps (a swap for the
  card the string needs) is judged by its worst completions; flat, the rollout policy
  completes it as it would play it.

Belief (``belief``)
  ``belief(window)`` gives a sampler of worlds (``rng -> state``) to use in place of
  ``window.determinize``: a game's reading of what the seat's events say of the hidden
  cards (Looney Lights: who could not play what), which the game's own ``determinize``
  does not weigh. It reads the window once per move; each world is still a
  determinization (so nothing of the truth is in it), with the hidden cards re-dealt to
  fit that reading.

Evaluation (``tally``)
  ``IsmctsBot.tally(window)`` runs the search ``act`` would (paired worlds, no wait
  edge, one process) and returns each searched root action's visits, summed wins
  and summed score, kept apart from the blended reward: the win chances of hints and
  reviews (``yuletide.bots.evaluation``). Only its root edges keep those sums, so an
  ordinary move costs what it did.

Root parallelisation (``workers``)
  ``workers`` > 1 runs that many independent searches in a process pool shared by every
  bot of the process (started with forkserver or spawn, never forked from a process
  that may run threads) and sums their root statistics; the iterations are split
  between them (so the result is reproducible too) and each gets the time left. Each
  worker is sent one determinization of the seat's window, never the real state: a
  world the seat cannot tell from the real one has the same determinizations, so
  nothing of the truth reaches the pool. A script using it needs the ``if __name__ ==
  "__main__":`` guard that process pools need.
"""

from __future__ import annotations

import atexit
import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

from ..core.rng import Rng, derive_seed
from ..core.simultaneous import is_real_time
from ..core.state import Action, State
from .base import DEFAULT_REACTION, ReactionTime, SeatWindow

#: A rollout policy: the action ``seat`` takes in ``state`` (one of its legal actions).
RolloutPolicy = Callable[[State, int, Rng], Action]
#: A leaf evaluation for cut-off rollouts: a reward in [0, 1] per seat.
Evaluation = Callable[[State], Sequence[float]]
#: A game heuristic's evaluation of one seat's chances, in [0, 1] (see :func:`per_seat`).
SeatEvaluation = Callable[[State, int], float]
#: A prior: the action a heuristic would take in the window (a bot's ``act``).
Prior = Callable[[SeatWindow], Action | None]
#: The actions worth searching among a seat's legal ones (a game's ``prune``).
Prune = Callable[[State, int, list[Action]], list[Action]]
#: A seat's belief: from its window, a sampler of worlds (module docstring, "Belief").
Belief = Callable[[SeatWindow], Callable[[Rng], State]]

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
#: How the other seats move in the tree: by their own edges (SO-ISMCTS), or by the
#: rollout policy (an open-loop tree of the observer's decisions only).
OPPONENTS: Final = ("tree", "rollout")
#: A prior's choice is kept unless another root edge with at least SWITCH_VISITS visits
#: beats its mean by more than SWITCH_MARGIN standard errors.
SWITCH_MARGIN: Final = 2.0
SWITCH_VISITS: Final = 12


def random_rollout(state: State, seat: int, rng: Rng) -> Action:
    """The default rollout policy: a uniformly random legal action."""
    actions = state.legal_actions(seat)
    return actions[rng.below(len(actions))]


class _Edge:
    """One action from a node: its statistics and the node it leads to."""

    __slots__ = ("action", "available", "child", "samples", "total", "visits")

    def __init__(self, action: Action | None) -> None:
        self.action = action  # None: the wait edge
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.child = _Node()
        #: Paired root edges only: the observer's reward in world 0, 1, 2, ... in order.
        self.samples: list[float] = []


class _TalliedEdge(_Edge):
    """A root edge of an evaluation (``IsmctsBot.tally``): besides its reward (which
    blends in the score), the wins and the score of its playouts, kept apart."""

    __slots__ = ("score_total", "scored", "win_total")

    def __init__(self, action: Action | None) -> None:
        super().__init__(action)
        self.win_total = 0.0
        self.score_total = 0.0
        self.scored = 0

    def count(self, state: State, observer: int, reward: list[float]) -> None:
        """Add one playout's end: a finished game's win (1 for each winner: a player
        among the winners has won, as a team in Lights On or the seats left in
        Reindeer's Nose have) and score; otherwise the reward, which is the win-chance
        estimate there (0 for an unfinished game, a cut rollout's ``evaluate`` value,
        the seat's chance of being among the winners, or the draw)."""
        outcome = state.outcome
        if outcome.status == "finished":
            self.win_total += 1.0 if observer in outcome.winners else 0.0
            if outcome.scores is not None:
                self.score_total += outcome.scores[observer]
                self.scored += 1
        else:
            self.win_total += reward[observer]


@dataclass(frozen=True, slots=True)
class RootTally:
    """One root action's playouts in an evaluation (``IsmctsBot.tally``): visits, and
    the summed wins, and summed score over the ``scored`` playouts that ended with
    scores."""

    action: Action
    visits: int
    wins: float
    score: float
    scored: int


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


def per_seat(evaluate: SeatEvaluation) -> Evaluation:
    """An :data:`Evaluation` (a reward per seat) from a game's ``evaluate(state, seat)``
    (the heuristic modules' convention: one seat's chances in [0, 1])."""
    return _PerSeat(evaluate)


class _PerSeat:
    """``per_seat``'s result: a class, not a closure, so a process pool can pickle it."""

    __slots__ = ("evaluate",)

    def __init__(self, evaluate: SeatEvaluation) -> None:
        self.evaluate = evaluate

    def __call__(self, state: State) -> list[float]:
        evaluate = self.evaluate
        return [min(1.0, max(0.0, evaluate(state, s))) for s in range(state.players)]


@dataclass(frozen=True, slots=True)
class _Search:
    """What one search needs besides its world and budget (sent to pool workers)."""

    rollout: RolloutPolicy
    evaluate: Evaluation | None
    depth: int
    exploration: float
    #: Other seats move by the rollout policy in the tree too (an open-loop tree of the
    #: observer's own decisions), instead of by their own tree edges.
    open_loop: bool = False
    #: The actions the tree considers of those legal (None: all).
    prune: Prune | None = None
    #: Paired root (module docstring, "Paired worlds"): the root's options, keyed as in
    #: the tree, and the prior's choice (visited at least as often as any other).
    root: tuple[tuple[tuple[int, str], Action | None], ...] = ()
    favourite: str | None = None
    #: A tree of the root's edges only (module docstring, "Flat"): every move after the
    #: root's by the rollout policy.
    flat: bool = False
    #: Worlds from a belief instead of ``determinize`` (module docstring, "Belief").
    belief: Belief | None = None
    #: Keep each root edge's wins and score apart (``IsmctsBot.tally``).
    tally: bool = False


class _BeliefWindow(SeatWindow):
    """A seat's window whose determinizations come from a belief's sampler."""

    __slots__ = ("_sample",)

    def __init__(self, window: SeatWindow, belief: Belief) -> None:
        super().__init__(window._state, window.seat)
        self._sample = belief(window)

    def determinize(self, rng: Rng) -> State:
        return self._sample(rng)


@dataclass(frozen=True, slots=True)
class _Plan:
    """One move's search, prepared (``IsmctsBot._plan``)."""

    window: SeatWindow
    probe: State
    log_length: int
    can_wait: bool
    favourite: str | None
    search: _Search


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
        workers: int = 1,
        prior: Prior | None = None,
        opponents: str = "tree",
        prune: Prune | None = None,
        paired: bool = False,
        flat: bool = False,
        belief: Belief | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations, seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a whole number >= 1, got {iterations!r}")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise ValueError(f"seconds must be a number > 0, got {seconds!r}")
        if type(workers) is not int or workers < 1:
            raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
        if type(depth) is not int or depth < 0:
            raise ValueError(f"depth must be a whole number >= 0, got {depth!r}")
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, got {opponents!r}")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout: RolloutPolicy = random_rollout if rollout is None else rollout
        self.evaluate = evaluate
        self.depth = depth
        self.exploration = exploration
        self.reaction = DEFAULT_REACTION if reaction is None else reaction
        self.workers = workers
        self.prior = prior
        self.opponents = opponents
        self.prune = prune
        self.paired = paired
        self.flat = flat
        self.belief = belief
        #: Iterations run by the last ``act`` (for measurements; summed over workers).
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
        started = time.perf_counter()
        seat = window.seat
        rng = self.rng
        plan = self._plan(window, actions, waits=True)
        search, can_wait, favourite_text = plan.search, plan.can_wait, plan.favourite
        if self.workers > 1:
            stats, samples, done = self._parallel(plan.probe, seat, search, can_wait, started)
        else:
            root = _Node()
            done = _run(
                root, plan.window, rng, can_wait, search, self.iterations, self._left(started)
            )
            stats = _root_stats(root, seat)
            samples = _root_samples(root, seat)
        self.last_iterations = done
        legal = [str(a) for a in actions]
        if favourite_text is None:
            best = _choose(stats, legal, rng)
        elif self.paired:
            best = _keep_unless_beaten_paired(samples, favourite_text, legal)
        else:
            best = _keep_unless_beaten(stats, favourite_text, legal)
        if best == WAIT:
            self._waits += 1
            self._waited_at = plan.log_length
            return None
        self._waits = 0
        return next(a for a in actions if str(a) == best)

    def tally(self, window: SeatWindow) -> tuple[list[RootTally], int]:
        """The search ``act`` would run (paired worlds, one process, no wait edge: the
        seat's options are its legal actions), with each searched root action's wins
        and score kept apart from the blended reward; and the iterations run. For
        ``yuletide.bots.evaluation``; it searches with one legal action too."""
        if not self.paired:
            raise ValueError("tally needs a paired search (paired=True), as hard's is")
        actions = window.legal_actions()
        if not actions:
            raise ValueError(f"seat {window.seat} has no legal action to tally")
        started = time.perf_counter()
        plan = self._plan(window, actions, waits=False, tally=True)
        root = _Node()
        done = _run(
            root, plan.window, self.rng, False, plan.search, self.iterations, self._left(started)
        )
        self.last_iterations = done
        out: list[RootTally] = []
        for (mover, _), edge in root.edges.items():
            if mover != window.seat or edge.action is None or not edge.visits:
                continue
            assert isinstance(edge, _TalliedEdge)
            out.append(
                RootTally(edge.action, edge.visits, edge.win_total, edge.score_total, edge.scored)
            )
        return out, done

    def _plan(
        self, window: SeatWindow, actions: list[Action], *, waits: bool, tally: bool = False
    ) -> _Plan:
        """What one move's search needs: the worlds' window, a first world, whether the
        wait edge is offered (never when ``waits`` is False), the prior's choice and the
        search's settings (the paired root's options after the prune)."""
        seat = window.seat
        own = window  # the prior's (a heuristic may keep a memory tied to its window)
        if self.belief is not None and window.sampled:
            window = _BeliefWindow(window, self.belief)
        probe = window.determinize(self.rng)
        log_length = len(probe.log)
        if log_length != self._waited_at:
            self._waits = 0
        can_wait = (
            waits
            and is_real_time(probe)
            and len(probe.to_act) > 1
            and seat in probe.to_act
            and self._waits < MAX_WAITS
        )
        # The prior's choice first (it may keep a memory of the log, so it sees every
        # decision); the search then keeps it unless it finds a clearly better one.
        favourite = None if self.prior is None else self.prior(own)
        legal = [str(a) for a in actions]
        if favourite is None and self.prior is not None and can_wait:
            favourite_text: str | None = WAIT
        else:
            favourite_text = None if favourite is None else str(favourite)
        if favourite_text is not None and favourite_text not in legal and favourite_text != WAIT:
            favourite_text = None
        root_options: tuple[tuple[tuple[int, str], Action | None], ...] = ()
        if self.paired:
            searched = actions
            if self.prune is not None:
                # The prior's choice first: a prune that keeps one action of several alike
                # keeps the first given, so the prior's stands for its kind.
                given = sorted(actions, key=lambda a: str(a) != favourite_text)
                kept = {str(a) for a in self.prune(probe, seat, given)}
                if favourite_text is not None:
                    kept.add(favourite_text)
                searched = [a for a in actions if str(a) in kept]
            root_options = tuple(((seat, str(a)), a) for a in searched)
            if can_wait:
                root_options += (((seat, WAIT), None),)
        search = _Search(
            self.rollout,
            self.evaluate,
            self.depth,
            self.exploration,
            self.opponents == "rollout",
            self.prune,
            root_options,
            favourite_text,
            self.flat,
            self.belief,
            tally,
        )
        return _Plan(window, probe, log_length, can_wait, favourite_text, search)

    def _left(self, started: float) -> float | None:
        """The seconds of search left of the move's time (the prior and the first
        determinization count too); at least a little, so there is a search."""
        if self.seconds is None:
            return None
        return max(0.02, self.seconds - (time.perf_counter() - started))

    def _parallel(
        self, twin: State, seat: int, search: _Search, can_wait: bool, started: float
    ) -> tuple[dict[str, tuple[int, float]], dict[str, list[list[float]]], int]:
        """Root parallelisation: ``workers`` independent searches from one world the seat
        cannot tell from the real one (``twin``: its determinizations are the real
        state's, so no truth leaves for the pool), their root statistics summed."""
        n = self.workers
        if self.iterations is None:
            shares: list[int | None] = [None] * n
        else:
            base, extra = divmod(self.iterations, n)
            shares = [base + (1 if i < extra else 0) for i in range(n)]
        jobs = [
            (twin, seat, self.rng.next64(), share, self._left(started), search, can_wait)
            for share in shares
            if share != 0
        ]
        merged: dict[str, tuple[int, float]] = {}
        samples: dict[str, list[list[float]]] = {}
        done = 0
        for worker, (stats, paired, count) in enumerate(_SharedPool.get(n).map(_search_job, jobs)):
            done += count
            for text, (visits, total) in stats.items():
                v, t = merged.get(text, (0, 0.0))
                merged[text] = (v + visits, t + total)
            # Each worker's worlds are its own: samples pair within a worker only.
            for text, lists in paired.items():
                samples.setdefault(text, [[] for _ in range(worker)]).extend(lists)
            for lists in samples.values():
                lists.extend([] for _ in range(worker + 1 - len(lists)))
        return merged, samples, done

    def close(self) -> None:
        """Stop the process pool of root-parallel search (also done at exit)."""
        _SharedPool.close()


def _search_job(
    job: tuple[State, int, int, int | None, float | None, _Search, bool],
) -> tuple[dict[str, tuple[int, float]], dict[str, list[list[float]]], int]:
    """One worker's search (root parallelisation): its root statistics."""
    twin, seat, seed, iterations, seconds, search, can_wait = job
    root = _Node()
    window = SeatWindow(twin, seat)
    if search.belief is not None:  # the twin shows the seat the same events
        window = _BeliefWindow(window, search.belief)
    done = _run(root, window, Rng(seed), can_wait, search, iterations, seconds)
    return _root_stats(root, seat), _root_samples(root, seat), done


class _SharedPool:
    """The process pool of root-parallel search, made on first use and shared by every
    bot of the process (so a table of four search bots does not start four pools). Its
    processes are started fresh (forkserver, else spawn), never forked from a process
    that may be running threads (the server's); it is shut down at exit."""

    executor: Any = None
    workers = 0
    registered = False

    @classmethod
    def get(cls, workers: int) -> Any:
        if cls.executor is not None and cls.workers >= workers:
            return cls.executor
        cls.close()
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        cls.executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        cls.workers = workers
        if not cls.registered:
            atexit.register(cls.close)
            cls.registered = True
        return cls.executor

    @classmethod
    def close(cls) -> None:
        if cls.executor is not None:
            cls.executor.shutdown(wait=True, cancel_futures=True)
            cls.executor = None
            cls.workers = 0


def _root_stats(root: _Node, seat: int) -> dict[str, tuple[int, float]]:
    """The visits and summed reward of each of ``seat``'s root edges, by notation."""
    return {
        text: (edge.visits, edge.total)
        for (mover, text), edge in root.edges.items()
        if mover == seat and edge.visits
    }


def _root_samples(root: _Node, seat: int) -> dict[str, list[list[float]]]:
    """The paired rewards of each of ``seat``'s root edges (one list: one search)."""
    return {
        text: [edge.samples]
        for (mover, text), edge in root.edges.items()
        if mover == seat and edge.samples
    }


def _choose(stats: dict[str, tuple[int, float]], legal: list[str], rng: Rng) -> str:
    """The most visited root edge; ties go to the better mean, then to a seeded draw
    among the tied actions (always acting first in legal order is a strategy of its
    own, and a bad one where a small budget visits every edge once), and waiting loses
    every tie."""
    best_key: tuple[int, float] | None = None
    tied: list[str] = []
    for text in (*dict.fromkeys(legal), WAIT):
        got = stats.get(text)
        if got is None or got[0] == 0:
            continue
        key = (got[0], got[1] / got[0])
        if best_key is None or key > best_key:
            best_key, tied = key, [text]
        elif key == best_key and text != WAIT:
            tied.append(text)
    if not tied:  # cannot happen with one iteration or more; stay legal anyway
        tied = [legal[0]]
    return tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]


def _keep_unless_beaten(
    stats: dict[str, tuple[int, float]], favourite: str, legal: list[str]
) -> str:
    """The prior's choice, unless another root edge's mean beats it by more than
    :data:`SWITCH_MARGIN` standard errors (each mean's error taken as 0.5 / sqrt(visits),
    the widest a reward in [0, 1] allows), with at least :data:`SWITCH_VISITS` visits:
    a noisy search never makes the bot worse than its prior by chance alone."""
    own = stats.get(favourite)
    if own is None or own[0] == 0:
        return favourite
    own_mean = own[1] / own[0]
    best, best_gap = favourite, 0.0
    for text in (*dict.fromkeys(legal), WAIT):
        got = stats.get(text)
        if text == favourite or got is None or got[0] < SWITCH_VISITS:
            continue
        mean = got[1] / got[0]
        error = 0.5 * math.sqrt(1.0 / got[0] + 1.0 / own[0])
        gap = (mean - own_mean) / error
        if gap > SWITCH_MARGIN and gap > best_gap:
            best, best_gap = text, gap
    return best


def _keep_unless_beaten_paired(
    samples: dict[str, list[list[float]]], favourite: str, legal: list[str]
) -> str:
    """The prior's choice, unless another root edge beats it in the same worlds: the
    mean of the paired differences (world j of one edge against world j of the
    favourite) is more than :data:`SWITCH_MARGIN` of its standard errors above 0, over
    at least :data:`SWITCH_VISITS` pairs. Pairing removes the luck of the world from the
    comparison, so a real difference shows in far fewer iterations."""
    own = samples.get(favourite)
    if not own:
        return favourite
    best, best_gap = favourite, 0.0
    for text in (*dict.fromkeys(legal), WAIT):
        lists = samples.get(text)
        if text == favourite or not lists:
            continue
        diffs = [
            b - f
            for mine, theirs in zip(lists, own, strict=False)
            for b, f in zip(mine, theirs, strict=False)  # pairs as far as both go
        ]
        n = len(diffs)
        if n < SWITCH_VISITS:
            continue
        mean = sum(diffs) / n
        if mean <= 0.0:
            continue
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        gap = math.inf if variance == 0.0 else mean / math.sqrt(variance / n)
        if gap > SWITCH_MARGIN and gap > best_gap:
            best, best_gap = text, gap
    return best


def _run(  # noqa: PLR0917 (one search's whole context; called in two places)
    root: _Node,
    window: SeatWindow,
    rng: Rng,
    can_wait: bool,
    search: _Search,
    iterations: int | None,
    seconds: float | None,
) -> int:
    """Iterate until the budget is spent (iterations, seconds, or whichever ends first);
    the number of iterations run."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    base = rng.next64() if search.root else 0  # the paired worlds' seed (unpaired: none)
    while True:
        if search.root:
            _iterate_paired(root, window, rng, base, search, deadline)
        else:
            _iterate(root, window, rng, can_wait, search, deadline)
        done += 1
        if iterations is not None and done >= iterations:
            return done
        if deadline is not None and time.perf_counter() >= deadline:
            return done


def _iterate(  # noqa: PLR0917 (one search's whole context)
    root: _Node,
    window: SeatWindow,
    rng: Rng,
    can_wait: bool,
    search: _Search,
    deadline: float | None = None,
) -> None:
    """One iteration: determinize, select and expand, roll out, back up. A rollout still
    going at the ``deadline`` is cut there and scored as at the depth limit, so a slow
    rollout never runs a move far over its time."""
    state = window.determinize(rng)
    _play(state, window.seat, root, [], False, rng, can_wait, search, deadline)


def _iterate_paired(  # noqa: PLR0917 (one search's whole context)
    root: _Node,
    window: SeatWindow,
    rng: Rng,
    base: int,
    search: _Search,
    deadline: float | None,
) -> None:
    """One iteration with paired worlds at the root (module docstring, "Paired
    worlds"): the root edge is chosen first, then world ``j`` (its ``j``-th visit) is
    sampled from seed ``(base, j)``, and that world's own generator plays it on, so
    every root edge meets the same worlds in the same order."""
    edges = root.edges
    untried = [(key, action) for key, action in search.root if key not in edges]
    for edge in edges.values():
        edge.available += 1
    if untried:
        key, action = untried[rng.below(len(untried))]
        chosen = edges[key] = (_TalliedEdge if search.tally else _Edge)(action)
    else:
        chosen = _ucb(edges, [key for key, _ in search.root], search.exploration)
        if search.favourite is not None:
            top = edges.get((window.seat, search.favourite))
            if top is not None and top.visits < chosen.visits:
                chosen = top  # the prior's choice keeps up, so every pair can be made
    world_rng = Rng(derive_seed(base, len(chosen.samples)))
    state = window.determinize(world_rng)
    observer = window.seat
    waited = chosen.action is None
    if chosen.action is not None:
        state.apply_unchecked(observer, chosen.action)
    reward = _play(state, observer, chosen.child, [], waited, world_rng, False, search, deadline)
    chosen.visits += 1
    chosen.total += reward[observer]
    chosen.samples.append(reward[observer])
    if search.tally and isinstance(chosen, _TalliedEdge):
        chosen.count(state, observer, reward)


def _ucb(edges: dict[tuple[int, str], _Edge], keys: list[tuple[int, str]], c: float) -> _Edge:
    """The edge of ``keys`` with the highest UCB value (availability counts)."""
    chosen: _Edge | None = None
    best = -math.inf
    for key in keys:
        edge = edges[key]
        value = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
        if value > best:
            best, chosen = value, edge
    assert chosen is not None
    return chosen


def _play(  # noqa: PLR0917 (one search's whole context)
    state: State,
    observer: int,
    node: _Node,
    path: list[tuple[_Edge, int]],
    waited: bool,
    rng: Rng,
    can_wait: bool,
    search: _Search,
    deadline: float | None,
) -> list[float]:
    """Select and expand from ``node`` in ``state``, roll out, back the reward up the
    ``path``; the reward of every seat."""
    real_time = is_real_time(state)
    at_root = not search.root  # a paired search starts below its root
    cut = False
    others = 0  # other seats' moves made by the rollout policy in an open-loop tree
    while True:
        if state.outcome.over:
            break
        to_act = state.to_act
        if not to_act:
            break
        if search.flat and (path or search.root):
            break  # a flat tree: the root's edge is chosen, the rollout plays on
        if waited:
            mover = min(to_act - {observer})
        elif observer in to_act:
            mover = observer
        else:
            mover = min(to_act)
        if search.open_loop and mover != observer:
            waited = False
            state.apply_unchecked(mover, search.rollout(state, mover, rng))
            others += 1
            if deadline is not None and others & 7 == 7 and time.perf_counter() > deadline:
                cut = True
                break
            continue
        legal = state.legal_actions(mover)
        if search.prune is not None and len(legal) > 1:
            legal = search.prune(state, mover, legal)
        options: list[tuple[tuple[int, str], Action | None]] = [((mover, str(a)), a) for a in legal]
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
        chosen = _ucb(edges, [key for key, _ in options], search.exploration)
        path.append((chosen, mover))
        if chosen.action is None:
            waited = True
        else:
            state.apply_unchecked(mover, chosen.action)
        node = chosen.child
    # Rollout: the seat to move is drawn among to_act (after a wait, another seat).
    policy = search.rollout
    steps = 0
    limit = search.depth
    while not cut and not state.outcome.over:
        to_act = state.to_act
        if not to_act:
            break
        if steps >= limit or (
            deadline is not None and steps & 7 == 7 and time.perf_counter() > deadline
        ):
            cut = True
            break
        seats = sorted(to_act - {observer}) if waited and len(to_act) > 1 else sorted(to_act)
        waited = False
        mover = seats[rng.below(len(seats))] if len(seats) > 1 else seats[0]
        state.apply_unchecked(mover, policy(state, mover, rng))
        steps += 1
    evaluate = search.evaluate
    reward = list(evaluate(state)) if cut and evaluate is not None else rewards(state)
    for edge, mover in path:
        edge.visits += 1
        edge.total += reward[mover]
    return reward

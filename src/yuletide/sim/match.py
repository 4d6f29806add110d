"""The match runner: any mix of bots at a table, one game, its replay record.

Time. Every game is played on a simulated table clock, so races mean something: each
seat that may act holds a timer, drawn from its bot's :class:`ReactionTime` when the
seat starts being able to act (it enters ``to_act``) and again after each of its own
actions; the seat whose timer runs out first acts next, deciding on the game as it is
*then*. A seat that leaves ``to_act`` drops its timer. For turn-based games this changes
nothing (one seat is waited for at a time); for simultaneous choices it gives a random
order; in real-time games (Reindeer's Nose, Lights On) faster seats act more often and
win races. Every draw comes from one RNG seeded from the match seed, so a match is
reproducible from ``seed`` whatever the bots' speeds. Ties (equal times, e.g. ``fixed``
reaction times) are broken by a random key drawn with each time, never by seat number.

A new chance restarts the clock. In a real-time game a seat that may act all along (a
Reindeer's Nose player passing cards) holds a timer drawn before someone points; acting
on that timer would make it react to the point faster than a person could. So when a
seat's legal actions offer a chance it had not seen when its timer was drawn (a new kind
of action, or none of its old ones left: :func:`~yuletide.bots.base.new_chance`), its
timer is drawn afresh from that moment, as a person starts reacting only once they see
the change. The server does the same (``server/table.py``), with the same draws.

Time limits. With ``time_limit`` set, a :class:`~yuletide.core.simultaneous.Timed` game's
``forced_action(seat)`` is applied for a seat that has not acted within ``time_limit``
seconds of the moment that action started being due (Reindeer's Nose: a seat still not
pointing is marked as pointing, in deadline order, so the slowest is last). The record
shows it as that seat's action, so the replay is an ordinary one.

Waiting. In a real-time game a bot may return None from ``act``: it lets the moment pass
and draws a new timer (``to_act`` is who *may* act). A match in which the bots only wait
for :data:`MAX_WAITS` turns of the clock in a row is stopped with an error, as is a bot
that returns None in a turn-based game.

The same :class:`Scheduler` drives bots in terminal play (``yuletide.terminal``), where
the human seat has no timer: its actions arrive when the person types them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.base import Bot, ReactionTime, SeatWindow, new_chance, reaction_of
from ..core.errors import InvalidOption
from ..core.registry import new_game
from ..core.rng import Rng, derive_seed
from ..core.simultaneous import forced_action, is_real_time
from ..core.state import Action, Outcome, ReplayRecord, State

#: The salt of the runner's RNG stream (the same stream that ordered seats before timers).
ORDER_SALT = 0x0DE4
#: Consecutive waits (bots returning None) after which a match is declared stuck.
MAX_WAITS = 100_000


@dataclass(frozen=True, slots=True)
class MatchResult:
    record: ReplayRecord
    outcome: Outcome
    decisions: int
    state: State
    #: Table time (seconds) at which each action of the record arrived.
    times: tuple[float, ...] = ()
    #: Indexes into the record of the actions a time limit forced.
    forced: tuple[int, ...] = ()

    @property
    def seconds(self) -> float:
        """Table time the match took."""
        return self.times[-1] if self.times else 0.0


@dataclass(frozen=True, slots=True)
class Due:
    """The next thing that happens at the table: ``seat`` acts at ``time`` (by its own
    choice, or ``forced`` by the time limit)."""

    time: float
    seat: int
    forced: bool


class Scheduler:
    """The table clock: a timer per seat that may act, and time-limit deadlines.

    Call :meth:`sync` after every change of the state (and once at the start), take the
    earliest event with :meth:`next_due`, then :meth:`acted` once that seat has acted.
    Seats whose reaction is None (a person) get no timer; their actions arrive from
    outside at a time the caller gives to :meth:`acted`. In a real-time game a seat's
    timer is drawn afresh when a new chance appears for it (module docstring).
    """

    __slots__ = (
        "_forced_since",
        "_members",
        "_ready",
        "_real_time",
        "_seen",
        "now",
        "reactions",
        "rng",
        "time_limit",
    )

    def __init__(
        self,
        reactions: Sequence[ReactionTime | None],
        rng: Rng,
        time_limit: float | None = None,
    ) -> None:
        if time_limit is not None and not time_limit > 0:
            raise InvalidOption(f"a time limit must be a number of seconds > 0, got {time_limit!r}")
        self.reactions = list(reactions)
        self.rng = rng
        self.time_limit = time_limit
        self.now = 0.0
        n = len(self.reactions)
        self._ready: list[tuple[float, float] | None] = [None] * n
        self._forced_since: list[tuple[float, float] | None] = [None] * n
        self._members: frozenset[int] = frozenset()
        # Real-time games: each timed seat's legal actions when its timer was drawn.
        self._seen: list[frozenset[Action] | None] = [None] * n
        self._real_time: bool | None = None

    def _draw(self, seat: int, reaction: ReactionTime) -> None:
        self._ready[seat] = (self.now + reaction.sample(self.rng), self.rng.random())

    def sync(self, state: State) -> None:
        """Start timers of seats that may now act, drop those of seats that may not, and
        start or stop time-limit clocks."""
        to_act = state.to_act
        members = self._members
        if self._real_time is None:
            self._real_time = is_real_time(state)
        if to_act != members:
            for seat in sorted(to_act - members):
                reaction = self.reactions[seat]
                if reaction is not None:
                    self._draw(seat, reaction)
                    self._seen[seat] = None
            for seat in members - to_act:
                self._ready[seat] = None
                self._seen[seat] = None
            self._members = to_act
        if self._real_time:
            seen = self._seen
            for seat in sorted(to_act):
                reaction = self.reactions[seat]
                if reaction is None:
                    continue
                legal = state.legal_actions(seat)
                if seen[seat] is None:
                    seen[seat] = frozenset(legal)
                elif new_chance(seen[seat], legal):
                    self._draw(seat, reaction)
                    seen[seat] = frozenset(legal)
        if self.time_limit is not None:
            since = self._forced_since
            for seat in range(len(since)):
                if seat not in to_act or forced_action(state, seat) is None:
                    since[seat] = None
                elif since[seat] is None:
                    since[seat] = (self.now, self.rng.random())

    def next_due(self, *, human: int | None = None) -> Due | None:
        """The earliest timer or deadline, or None if nothing is scheduled (only a seat
        without a timer may act). ``human``'s own timer is never used."""
        best: tuple[float, float] | None = None
        due: Due | None = None
        for seat in sorted(self._members):
            ready = self._ready[seat]
            if ready is not None and seat != human and (best is None or ready < best):
                best, due = ready, Due(ready[0], seat, False)
        if self.time_limit is not None:
            for seat, since in enumerate(self._forced_since):
                if since is None:
                    continue
                deadline = (since[0] + self.time_limit, since[1])
                if best is None or deadline < best:
                    best, due = deadline, Due(deadline[0], seat, True)
        return due

    def acted(self, seat: int, time: float) -> None:
        """``seat`` acted at ``time``: the clock moves there and the seat will draw a new
        timer at the next :meth:`sync` if it may still act."""
        self.now = max(self.now, time)
        self._ready[seat] = None
        self._seen[seat] = None
        self._members = self._members - {seat}
        self._forced_since[seat] = None


def play_match(
    game_id: str,
    bots: Sequence[Bot],
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    checked: bool = False,
    reactions: Sequence[ReactionTime | None] | None = None,
    time_limit: float | None = None,
) -> MatchResult:
    """Play one game, seat ``i`` played by ``bots[i]``, on the table clock (module
    docstring). ``reactions[i]``, when given and not None, overrides bot ``i``'s own
    reaction time; ``time_limit`` enables forced actions in timed games. ``checked``
    sends every action through ``apply``. Reproducible from ``seed``."""
    state = new_game(game_id, players=len(bots), seed=seed, **(options or {}))
    if reactions is not None and len(reactions) != len(bots):
        raise InvalidOption(
            f"{len(bots)} bots need {len(bots)} reaction times, got {len(reactions)}"
        )
    speeds = [
        reactions[s] if reactions is not None and reactions[s] is not None else reaction_of(bot)
        for s, bot in enumerate(bots)
    ]
    windows = [SeatWindow(state, s) for s in range(len(bots))]
    clock = Scheduler(speeds, Rng(derive_seed(seed, ORDER_SALT)), time_limit)
    times: list[float] = []
    forced: list[int] = []
    real_time = is_real_time(state)
    waits = 0
    while True:
        clock.sync(state)
        due = clock.next_due()
        if due is None:
            break
        seat = due.seat
        if due.forced:
            action = forced_action(state, seat)
            assert action is not None  # a deadline exists only while an action is due
            forced.append(len(times))
        else:
            action = bots[seat].act(windows[seat])
            if action is None:
                if not real_time:
                    raise InvalidOption(
                        f"bot {bots[seat].name!r} at seat {seat} returned no action in"
                        f" {game_id}, a turn-based game: only real-time games allow waiting"
                    )
                waits += 1
                if waits >= MAX_WAITS:
                    raise RuntimeError(
                        f"{game_id} seed {seed}: the bots waited {waits} times in a row"
                        " without acting"
                    )
                clock.acted(seat, due.time)
                continue
        waits = 0
        if checked:
            state.apply(seat, action)
        else:
            state.apply_unchecked(seat, action)
        clock.acted(seat, due.time)
        times.append(due.time)
    return MatchResult(
        state.record(), state.outcome, len(times), state, tuple(times), tuple(forced)
    )

"""What a bot is given: one seat's window onto the game, never the state itself; and how
fast it reacts (:class:`ReactionTime`), which the match runner and the server use to
interleave the actions of several seats that may act at once (real-time games).

The levels react like people (:data:`LEVEL_REACTIONS`, :func:`level_reaction`): their
reaction times are ex-Gaussian, the usual shape of human response times, with a mean
of about 1.5 s (``easy``), 1 s (``medium``, a typical adult seeing a chance on a page,
deciding and clicking) and 0.65 s (``hard``, a quick adult). docs/realtime.md gives the
sources and what a person wins against each level (bench/reaction_race.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol

from ..core.errors import InvalidOption
from ..core.rng import Rng
from ..core.state import Action, State

Distribution = Literal["uniform", "normal", "lognormal", "exgauss", "fixed"]
DISTRIBUTIONS: tuple[Distribution, ...] = ("uniform", "normal", "lognormal", "exgauss", "fixed")


@dataclass(frozen=True, slots=True)
class ReactionTime:
    """How long a player takes to act once it may: seconds of table time, drawn afresh
    for every action from a seeded RNG (the runner's, so a match is reproducible from its
    seed). The rules never see these times, only the order of actions they produce.

    ``dist`` is the shape: ``uniform`` in [mean - spread, mean + spread]; ``normal`` with
    standard deviation ``spread``; ``lognormal`` with that mean and standard deviation;
    ``exgauss`` (ex-Gaussian: a normal draw plus an exponential one, the usual model of
    human response times, with their long slow tail) with mean ``mean``, of which
    ``tail`` is the exponential part's mean and ``spread`` the normal part's standard
    deviation; ``fixed`` always ``mean``. A draw is never below 1 ms, so time always
    moves forward.
    """

    mean: float = 1.0
    spread: float = 0.25
    dist: Distribution = "uniform"
    #: ``exgauss`` only: the mean of the exponential part (the slow tail), in seconds.
    tail: float = 0.0

    def __post_init__(self) -> None:
        if not (isinstance(self.mean, int | float) and math.isfinite(self.mean) and self.mean > 0):
            raise InvalidOption(
                f"a reaction time's mean must be a number > 0 seconds, got {self.mean!r}"
            )
        if not (
            isinstance(self.spread, int | float) and math.isfinite(self.spread) and self.spread >= 0
        ):
            raise InvalidOption(
                f"a reaction time's spread must be a number >= 0, got {self.spread!r}"
            )
        if self.dist not in DISTRIBUTIONS:
            raise InvalidOption(
                f"a reaction time's distribution must be one of {', '.join(DISTRIBUTIONS)},"
                f" got {self.dist!r}"
            )
        if self.dist == "uniform" and self.spread > self.mean:
            raise InvalidOption(
                f"a uniform reaction time needs spread <= mean (no negative times), got"
                f" mean {self.mean} and spread {self.spread}"
            )
        if not (isinstance(self.tail, int | float) and math.isfinite(self.tail)):
            raise InvalidOption(f"a reaction time's tail must be a number, got {self.tail!r}")
        if self.dist == "exgauss":
            if not 0 <= self.tail < self.mean:
                raise InvalidOption(
                    f"an exgauss reaction time's tail is seconds from 0 to below its mean"
                    f" ({self.mean:g}), got {self.tail!r}"
                )
        elif self.tail:
            raise InvalidOption(
                f"only an exgauss reaction time has a tail; a {self.dist} one has none,"
                f" got tail {self.tail!r}"
            )

    def sample(self, rng: Rng) -> float:
        """One reaction time in seconds (at least 0.001)."""
        dist = self.dist
        if dist == "fixed" or (self.spread == 0 and not self.tail):
            value = self.mean
        elif dist == "uniform":
            value = self.mean + self.spread * (2.0 * rng.random() - 1.0)
        elif dist == "normal":
            value = self.mean + self.spread * _gauss(rng)
        elif dist == "exgauss":
            value = self.mean - self.tail + self.spread * _gauss(rng)
            if self.tail:
                value -= self.tail * math.log(1.0 - rng.random())  # exponential, mean tail
        else:
            sigma2 = math.log1p((self.spread / self.mean) ** 2)
            value = math.exp(math.log(self.mean) - sigma2 / 2 + math.sqrt(sigma2) * _gauss(rng))
        return max(0.001, value)

    def scaled(self, factor: float) -> ReactionTime:
        """The same shape ``factor`` times as slow (a table's slower pace)."""
        if not (isinstance(factor, int | float) and math.isfinite(factor) and factor > 0):
            raise InvalidOption(f"a pace factor must be a number > 0, got {factor!r}")
        return ReactionTime(self.mean * factor, self.spread * factor, self.dist, self.tail * factor)

    @classmethod
    def parse(cls, text: str) -> ReactionTime:
        """A level's name (``easy``, ``medium``, ``hard``: how fast it reacts, see
        :data:`LEVEL_REACTIONS`) or ``MEAN[:SPREAD[:DIST[:TAIL]]]`` in seconds, e.g.
        ``0.5``, ``0.8:0.2``, ``1.2:0.4:lognormal``, ``1:0.12:exgauss:0.25``; InvalidOption
        (a ValueError) says what is wrong and what is allowed."""
        stripped = text.strip()
        if stripped in LEVEL_REACTIONS:
            return LEVEL_REACTIONS[stripped]
        parts = stripped.split(":")
        forms = (
            "MEAN[:SPREAD[:DIST]] in seconds (exgauss adds :TAIL) or a level's (easy,"
            " medium, hard), e.g. 0.5, 0.8:0.2, 1.2:0.4:lognormal, 1:0.12:exgauss:0.25, hard"
        )
        if not 1 <= len(parts) <= 4 or not parts[0]:
            raise InvalidOption(f"a reaction time is {forms}; got {text!r}")
        try:
            mean = float(parts[0])
            spread = float(parts[1]) if len(parts) > 1 else mean / 4
            tail = float(parts[3]) if len(parts) > 3 else 0.0
        except ValueError:
            raise InvalidOption(f"a reaction time is {forms}; got {text!r}") from None
        dist = parts[2] if len(parts) > 2 else "uniform"
        if dist not in DISTRIBUTIONS:
            raise InvalidOption(
                f"a reaction time's distribution must be one of {', '.join(DISTRIBUTIONS)},"
                f" got {dist!r}"
            )
        return cls(mean, spread, dist, tail)

    def __str__(self) -> str:
        if self.dist == "fixed":
            return f"{self.mean:g}s fixed"
        if self.dist == "exgauss":
            return f"{self.mean:g}s±{self.spread:g} exgauss, tail {self.tail:g}"
        return f"{self.mean:g}s±{self.spread:g} {self.dist}"


#: The reaction time of a bot that does not say otherwise (a plain bot, e.g. ``random``;
#: the levels react like people, :data:`LEVEL_REACTIONS`).
DEFAULT_REACTION = ReactionTime(1.0, 0.25)

#: How fast each level reacts once a chance appears (every action of a real-time game:
#: seeing that someone pointed and pointing too, passing a card, calling "Blink!").
#: Ex-Gaussian: the normal part is perception, decision and the click; the tail is the
#: moments of inattention. ``medium`` is a typical adult acting on a page (a choice
#: reaction and a click, about 1 s); ``easy`` is slower than that (a relaxed or young
#: player); ``hard`` is a quick adult. Sources and figures: docs/realtime.md.
LEVEL_REACTIONS: dict[str, ReactionTime] = {
    "easy": ReactionTime(1.5, 0.2, "exgauss", 0.45),
    "medium": ReactionTime(1.0, 0.12, "exgauss", 0.25),
    "hard": ReactionTime(0.65, 0.08, "exgauss", 0.15),
}


def level_reaction(level: str) -> ReactionTime:
    """How fast ``level`` reacts (:data:`LEVEL_REACTIONS`); InvalidOption names the levels."""
    found = LEVEL_REACTIONS.get(level)
    if found is None:
        raise InvalidOption(f"no level {level!r}; levels: {', '.join(LEVEL_REACTIONS)}")
    return found


def new_chance(seen: frozenset[Action] | None, now: Sequence[Action]) -> bool:
    """Whether a seat's legal actions ``now`` hold a chance it had not seen when it last
    started reacting (``seen``: its legal actions then): a new kind of action (someone
    pointed, so ``point``; a player forgot to call "Blink!", so ``catch``), or none of
    its old options left. A person must notice such a change before acting on it, so
    the match runner and the server then start the seat's reaction time afresh; a
    market card taken or a card passed to it changes its options but not their kinds
    (redrawing on every change would starve a seat whenever others act faster)."""
    if not now:
        return False
    if seen is None or seen.isdisjoint(now):
        return True
    kinds = {type(a) for a in seen}
    return any(type(a) not in kinds for a in now)


def _gauss(rng: Rng) -> float:
    """A standard normal draw (Box-Muller) from the seeded RNG."""
    u = 1.0 - rng.random()  # in (0, 1]
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * rng.random())


def reaction_of(bot: object) -> ReactionTime:
    """A bot's reaction time: its ``reaction`` attribute when it has one, else the default.
    (``reaction`` is optional, so every bot written before it keeps working.)"""
    reaction = getattr(bot, "reaction", None)
    return reaction if isinstance(reaction, ReactionTime) else DEFAULT_REACTION


class SeatWindow:
    """Everything one seat may use to decide: its view, its legal actions, its log and
    determinizations (for search). Made once per seat per match; it follows the game."""

    __slots__ = ("_state", "seat")

    #: Its determinizations are samples of what the seat may know, which a search's
    #: belief may sharpen; False for a window whose worlds are the truth (a review
    #: "with every card shown", after the game).
    sampled: ClassVar[bool] = True

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game_id(self) -> str:
        return self._state.game_id

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions(self.seat)

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def events(self, start: int = 0) -> list[dict[str, Any]]:
        return self._state.events(self.seat, start)

    def determinize(self, rng: Rng) -> State:
        """A full state consistent with what this seat knows (a sample, not the truth)."""
        return self._state.determinize(self.seat, rng)


class Bot(Protocol):
    """A player program. ``act`` returns one of ``window.legal_actions()``.

    In a real-time game (``core.simultaneous.is_real_time``) ``to_act`` means *may* act,
    and a bot may also return None: it lets the moment pass and is asked again after
    another reaction time (a player holding a set, waiting for a teammate's call). In a
    turn-based game a bot must act.

    A bot may also carry a ``reaction`` attribute (a :class:`ReactionTime`): how fast it
    acts when several seats may act at once. It is optional (see :func:`reaction_of`).
    """

    name: str

    def act(self, window: SeatWindow) -> Action | None: ...

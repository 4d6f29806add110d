"""What a bot is given: one seat's window onto the game, never the state itself; and how
fast it reacts (:class:`ReactionTime`), which the match runner uses to interleave the
actions of several seats that may act at once (real-time games)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..core.errors import InvalidOption
from ..core.rng import Rng
from ..core.state import Action, State

Distribution = Literal["uniform", "normal", "lognormal", "fixed"]
DISTRIBUTIONS: tuple[Distribution, ...] = ("uniform", "normal", "lognormal", "fixed")


@dataclass(frozen=True, slots=True)
class ReactionTime:
    """How long a player takes to act once it may: seconds of table time, drawn afresh
    for every action from a seeded RNG (the runner's, so a match is reproducible from its
    seed). The rules never see these times, only the order of actions they produce.

    ``dist`` is the shape: ``uniform`` in [mean - spread, mean + spread]; ``normal`` with
    standard deviation ``spread``; ``lognormal`` with that mean and standard deviation
    (human reaction times are skewed like this); ``fixed`` always ``mean``. A draw is
    never below 1 ms, so time always moves forward.
    """

    mean: float = 1.0
    spread: float = 0.25
    dist: Distribution = "uniform"

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

    def sample(self, rng: Rng) -> float:
        """One reaction time in seconds (at least 0.001)."""
        dist = self.dist
        if dist == "fixed" or self.spread == 0:
            value = self.mean
        elif dist == "uniform":
            value = self.mean + self.spread * (2.0 * rng.random() - 1.0)
        elif dist == "normal":
            value = self.mean + self.spread * _gauss(rng)
        else:
            sigma2 = math.log1p((self.spread / self.mean) ** 2)
            value = math.exp(math.log(self.mean) - sigma2 / 2 + math.sqrt(sigma2) * _gauss(rng))
        return max(0.001, value)

    @classmethod
    def parse(cls, text: str) -> ReactionTime:
        """``MEAN[:SPREAD[:DIST]]`` in seconds, e.g. ``0.5``, ``0.8:0.2``,
        ``1.2:0.4:lognormal``; ValueError says what is wrong and what is allowed."""
        parts = text.strip().split(":")
        forms = "MEAN[:SPREAD[:DIST]] in seconds, e.g. 0.5, 0.8:0.2 or 1.2:0.4:lognormal"
        if not 1 <= len(parts) <= 3 or not parts[0]:
            raise InvalidOption(f"a reaction time is {forms}; got {text!r}")
        try:
            mean = float(parts[0])
            spread = float(parts[1]) if len(parts) > 1 else mean / 4
        except ValueError:
            raise InvalidOption(f"a reaction time is {forms}; got {text!r}") from None
        dist = parts[2] if len(parts) > 2 else "uniform"
        if dist not in DISTRIBUTIONS:
            raise InvalidOption(
                f"a reaction time's distribution must be one of {', '.join(DISTRIBUTIONS)},"
                f" got {dist!r}"
            )
        return cls(mean, spread, dist)

    def __str__(self) -> str:
        if self.dist == "fixed":
            return f"{self.mean:g}s fixed"
        return f"{self.mean:g}s±{self.spread:g} {self.dist}"


#: The reaction time of a bot that does not say otherwise.
DEFAULT_REACTION = ReactionTime(1.0, 0.25)


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

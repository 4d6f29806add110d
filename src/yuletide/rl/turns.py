"""Who is asked to act now, when several seats may act at once: the one turn order that
the PettingZoo, Gymnasium and OpenSpiel adapters share (each of them asks one seat at a
time, while a Yuletide state's ``to_act`` may hold several).

* One seat in ``to_act`` (a turn-based game): that seat is asked.
* Hidden simultaneous choices (Festival of Lights, Jolly Christmas, the M15 events of
  Christmas Lights, Lights On's signals): the seats are asked in seat order, lowest
  first. Nobody sees another's pending choice, so the order changes nothing.
* Real-time races (Blink, Lights On, Reindeer's Nose, marked ``real_time``): at each
  new moment (after every action) the seats that may act are put in a random order,
  drawn from the adapter's seeded RNG (a seat never has a fixed head start), and asked
  in it. A seat asked may act, or *wait* (the encodings' extra action number) to let
  the next seat in the order go first. The last seat not yet waiting in a moment may not
  wait, so every moment ends with an action and the game always goes on.
"""

from __future__ import annotations

from ..core.rng import Rng
from ..core.simultaneous import is_real_time
from ..core.state import State


class Turns:
    """The asking order over one state; call :meth:`acted` after every action and
    :meth:`waited` after a wait."""

    __slots__ = ("asked", "queue", "real_time", "rng")

    def __init__(self, state: State, rng: Rng) -> None:
        self.rng = rng
        self.real_time = is_real_time(state)
        self.queue: list[int] = []
        #: The seat asked now, or None when the game is over.
        self.asked: int | None = None
        self.acted(state)

    def acted(self, state: State) -> None:
        """A new moment: the seats that may act now, in asking order."""
        if state.outcome.over:
            self.queue = []
            self.asked = None
            return
        seats = sorted(state.to_act)
        if not seats:
            raise RuntimeError(
                f"{state.game_id}: the game is not over but no seat may act (a rules bug)"
            )
        if self.real_time and len(seats) > 1:
            start = self.rng.below(len(seats))
            seats = seats[start:] + seats[:start]
        self.queue = seats
        self.asked = seats[0]

    @property
    def may_wait(self) -> bool:
        """Whether the seat asked may wait (a real-time race with another seat after it)."""
        return self.real_time and len(self.queue) > 1

    def waited(self) -> None:
        """The seat asked let the moment pass: the next seat in the order is asked."""
        if not self.may_wait:
            raise ValueError("the seat asked may not wait now")
        self.queue = self.queue[1:]
        self.asked = self.queue[0]

    def copy(self) -> Turns:
        other = object.__new__(Turns)
        other.rng = Rng(self.rng.state)
        other.real_time = self.real_time
        other.queue = self.queue.copy()
        other.asked = self.asked
        return other

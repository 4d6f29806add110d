"""Several seats at once: hidden simultaneous choices and real-time races.

``State.to_act`` may hold several seats. The rules then decide what the *order* of their
actions means; the state never sees a clock. Two shapes recur, and this module holds
what they share so every game does them the same way.

Hidden simultaneous choices (Festival of Lights cards, Lights On team signals)
    Every seat in ``to_act`` submits a choice; a submitted seat leaves ``to_act``, so the
    other seats learn only *that* it has chosen. When every seat has chosen, the game
    reveals all choices together. Pending choices live in a JSON list field, one int per
    seat (:data:`UNCHOSEN` while a seat has not chosen): see :func:`waiting`,
    :func:`everyone_chose`. The notation of a hidden choice is itself secret: a game
    overrides ``State.action_seen_by`` with :func:`secret_notation`, so a replay watched
    as another seat shows "seat 2 chooses a card" and never the card. Such a game logs a
    choice without its content (the chooser's view shows its own pending choice), so
    the log holds no secret, and ``determinize`` re-draws every other seat's pending
    choice from what it could have chosen (:func:`redraw`): they chose *something*.

Real-time races (Reindeer's Nose, Lights On)
    Every seat that may act now is in ``to_act`` and may act at any moment; the state
    applies actions in arrival order and the rules say what the order means (the first to
    take a market card gets it, the last to point gets the penalty). A real-time game
    declares ``real_time=True`` in its manifest (clients then let people act while
    bots act by their reaction times; see ``yuletide.sim.match``) and may
    implement :class:`Timed`: the action the table takes for a seat whose time limit ran
    out. Its ``turn_limit`` option counts actions, not turns.

Nothing here reads a clock or draws randomness of its own: the runner owns time, the
state owns its seeded RNG.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, MutableSequence, Sequence
from typing import Protocol, runtime_checkable

from .rng import Rng
from .state import Action, State

#: A pending-choice slot that holds no choice yet.
UNCHOSEN = -1


def waiting(pending: Sequence[int], seats: Iterable[int]) -> frozenset[int]:
    """The seats among ``seats`` that have not chosen yet (they make up ``to_act``)."""
    return frozenset(s for s in seats if pending[s] == UNCHOSEN)


def everyone_chose(pending: Sequence[int], seats: Iterable[int]) -> bool:
    """True once every seat among ``seats`` has chosen: time to reveal."""
    return all(pending[s] != UNCHOSEN for s in seats)


def secret_notation(
    seat: int,
    action: Action,
    viewer: int | None,
    label: str,
    *,
    shared_with: Container[int] = (),
) -> str:
    """How ``viewer`` sees ``seat`` announce a secret ``action``: its notation for the
    seat itself and for the seats it shares the secret with (a teammate), ``label``
    ("chooses a card") for everyone else, spectators included."""
    if viewer is not None and (viewer == seat or viewer in shared_with):
        return str(action)
    return label


def redraw(pending: MutableSequence[int], seat: int, options: Sequence[int], rng: Rng) -> None:
    """Replace the pending choice of ``seat`` (if it has chosen) by one drawn uniformly
    from ``options``: what a seat that only saw *that* it chose must consider."""
    if pending[seat] != UNCHOSEN:
        pending[seat] = options[rng.below(len(options))]


def is_real_time(state: State | type[State]) -> bool:
    """Whether a game is played in real time (see the module docstring)."""
    from .registry import spec_of  # noqa: PLC0415 (the registry imports the games)

    return spec_of(state).real_time


@runtime_checkable
class Timed(Protocol):
    """A real-time game with a time limit the table enforces (a game's ruling on its
    digital form says what the limit does, as docs/rulings.md's digital forms of table
    talk do for a race to point: a seat still not pointing is counted last).

    ``forced_action(seat)`` is the action the table takes on behalf of ``seat`` when the
    limit runs out, or None while no limit runs for that seat. The limit runs from the
    moment the answer stops being None; the match runner and the terminal apply the
    action (as ``seat``'s own, so replays are unchanged) if the seat has not acted by
    then. The rules only ever see an ordinary action.
    """

    def forced_action(self, seat: int) -> Action | None: ...


def forced_action(state: State, seat: int) -> Action | None:
    """``state.forced_action(seat)`` for a :class:`Timed` game, else None."""
    method = getattr(state, "forced_action", None)
    if method is None:
        return None
    action: Action | None = method(seat)
    return action

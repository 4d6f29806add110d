"""Versioned encodings of every game: action numbers, legal-action masks and observation
vectors, built from one seat's window (``view(seat)`` and ``legal_actions(seat)``) only.

``encoding(game_id, players)`` gives an :class:`Encoding`:

* **Actions.** Action number ``i`` is ``action_space(players)[i]``, the game's own stable
  order. A real-time game (Blink, Lights On, Reindeer's Nose) has one more number,
  :attr:`Encoding.wait`, after them: *let the moment pass* (see ``yuletide.rl.pettingzoo``).
* **Mask.** ``mask(legal_actions)`` is 1 exactly at the numbers of the legal actions.
* **Observation.** ``encode(view)`` is a float32 vector of :attr:`Encoding.size` values in
  [0, 1], laid out by the game's view schema (its room's ``view.VIEW``); :meth:`Encoding.layout`
  lists which slice means what, and docs/rl.md prints it for every game.

Versions. Each game's manifest numbers its encoding (``encoding_version``); the golden
playthroughs (tests/playthroughs/) print what a version promises (the action numbering
and the layout), so neither can change without the change showing in review. Cite an
encoding as :attr:`Encoding.citation`, e.g. ``yuletide:<game>/rules-1/encoding-1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import InvalidOption
from ..core.registry import game_class, spec
from ..core.schema import EncodingError, Slot, Writer, layout_table
from ..core.simultaneous import is_real_time
from ..core.state import Action, State

#: The notation of the extra action of real-time games (not an action of the game).
WAIT_NOTATION = "wait"

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

__all__ = ["WAIT_NOTATION", "Encoding", "EncodingError", "encoding"]


class Encoding:
    """One game's encoding at one player count (module docstring)."""

    __slots__ = (
        "_writer",
        "actions",
        "game_id",
        "index",
        "num_actions",
        "players",
        "real_time",
        "record",
        "rules_version",
        "size",
        "version",
        "wait",
    )

    def __init__(self, game_id: str, players: int) -> None:
        cls = game_class(game_id)
        if type(players) is not int or not cls.min_players <= players <= cls.max_players:
            raise InvalidOption(
                f"{game_id} is for {cls.min_players} to {cls.max_players} players, got {players!r}"
            )
        self.game_id = game_id
        self.players = players
        found = spec(game_id)
        self.version = found.encoding_version
        self.rules_version = cls.rules_version
        self.record = found.view
        #: Action number -> the game's action (the game's ``action_space`` order).
        self.actions: tuple[Action, ...] = tuple(cls.action_space(players))
        #: The game's action -> its number.
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        self.real_time = is_real_time(cls)
        #: The number of the wait action of a real-time game, else None.
        self.wait: int | None = len(self.actions) if self.real_time else None
        self.num_actions = len(self.actions) + (1 if self.real_time else 0)
        self.size = self.record.size(players)
        self._writer: Writer = self.record.writer(players)

    # ------------------------------------------------------------------ use

    def encode(self, view: dict[str, Any]) -> Vector:
        """The observation vector of one seat's view (a function of the view alone)."""
        # The writers fill a sparse dict (most slots are 0): far cheaper to turn into an
        # array than a dense list of thousands of floats.
        buf: dict[int, float] = {}
        seat = view.get("seat")
        self._writer(view, buf, 0, seat if type(seat) is int else 0)
        out = np.zeros(self.size, dtype=np.float32)
        if buf:
            n = len(buf)
            out[np.fromiter(buf.keys(), np.intp, n)] = np.fromiter(buf.values(), np.float32, n)
        return out

    def observer(self) -> Callable[[State, int], Vector]:
        """A function of (state, seat) giving ``encode(state.view(seat))``: the room's fast
        path (its ``encode.observer``, computed from the state for that seat without
        building the view; tests/rl prove it equal at every probed state)
        when it has one, else the view encoded."""
        fast = fast_observer(self)
        if fast is not None:
            return fast
        encode = self.encode

        def observe(state: State, seat: int) -> Vector:
            return encode(state.view(seat))

        return observe

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and player count (made again, then shared)."""
        return (encoding, (self.game_id, self.players))

    def mask(self, legal: Iterable[Action], may_wait: bool = False) -> Mask:
        """1 at the number of every legal action (and at :attr:`wait` with ``may_wait``)."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        index = self.index
        numbers = [index[a] for a in legal]
        if numbers:
            out[numbers] = 1
        if may_wait:
            if self.wait is None:
                raise InvalidOption(f"{self.game_id} is not a real-time game: no wait action")
            out[self.wait] = 1
        return out

    def action(self, number: int) -> Action | None:
        """The game's action numbered ``number`` (None for :attr:`wait`)."""
        if type(number) is not int and not isinstance(number, np.integer):
            raise InvalidOption(f"an action number is a whole number, got {number!r}")
        n = int(number)
        if 0 <= n < len(self.actions):
            return self.actions[n]
        if n == self.wait:
            return None
        raise InvalidOption(
            f"action number {n} is outside 0..{self.num_actions - 1} for {self.game_id}"
            f" with {self.players} players"
        )

    def notation(self, number: int) -> str:
        """The notation of action ``number`` (``wait`` for the wait action)."""
        action = self.action(number)
        return WAIT_NOTATION if action is None else str(action)

    def check(self, view: dict[str, Any]) -> None:
        """EncodingError if ``view`` does not fit the layout exactly (tests use it)."""
        self.record.check(view, self.players, "")

    # ------------------------------------------------------------ describe

    def layout(self) -> list[Slot]:
        """Which slice of the vector means what."""
        return self.record.layout(self.players)

    def skipped(self) -> list[tuple[str, str]]:
        """The parts of the view left out of the vector, and why."""
        return self.record.skipped()

    @property
    def citation(self) -> str:
        """How to cite this encoding (game, rules version, encoding version)."""
        return f"yuletide:{self.game_id}/rules-{self.rules_version}/encoding-{self.version}"

    def __repr__(self) -> str:
        return (
            f"<Encoding {self.citation} players={self.players} size={self.size}"
            f" actions={self.num_actions}>"
        )


def fast_observer(enc: Encoding) -> Callable[[State, int], Vector] | None:
    """The room's fast observation path for ``enc``, or None: its ``encode.py`` (declared
    by the manifest's ``encode``) may define ``observer(encoding)`` returning a function
    of (state, seat), or None when it has no fast path at that player count."""
    found = spec(enc.game_id)
    if not getattr(found, "encode", False):
        return None
    make = getattr(found.part("encode"), "observer", None)
    if make is None:
        return None
    fast: Callable[[State, int], Vector] | None = make(enc)
    return fast


@cache
def encoding(game_id: str, players: int) -> Encoding:
    """The encoding of ``game_id`` at ``players`` seats (made once, then shared)."""
    return Encoding(game_id, players)


def sizes(game_id: str) -> Sequence[tuple[int, int, int]]:
    """(players, observation size, number of actions) at every player count."""
    cls = game_class(game_id)
    out = []
    for n in range(cls.min_players, cls.max_players + 1):
        enc = encoding(game_id, n)
        out.append((n, enc.size, enc.num_actions))
    return out


def document(game_id: str) -> str:
    """A game's encoding as Markdown (docs/rl.md prints one per game): its citation,
    sizes at every player count, the layout at the smallest count and what is left out."""
    cls = game_class(game_id)
    enc = encoding(game_id, cls.min_players)
    lines = [
        f"### {cls.title} (`{game_id}`)",
        "",
        f"Cite as `{enc.citation}`.",
        "",
        "| players | observation size | actions |",
        "| --- | --- | --- |",
    ]
    for n, size, actions in sizes(game_id):
        lines.append(f"| {n} | {size} | {actions} |")
    extra = f" (+ {WAIT_NOTATION} = {enc.wait})" if enc.wait is not None else ""
    lines += [
        "",
        f"Actions at {cls.min_players} players: 0 = `{enc.notation(0)}` ..."
        f" {len(enc.actions) - 1} = `{enc.notation(len(enc.actions) - 1)}`{extra}"
        " (`action_space` order).",
        "",
        f"Layout at {cls.min_players} player{'s' if cls.min_players > 1 else ''}"
        " (a per-seat block has one copy per seat, you first):",
        "",
        layout_table(enc.layout()),
        "",
    ]
    skipped = enc.skipped()
    if skipped:
        lines.append("Left out: " + "; ".join(f"`{p}` ({why})" for p, why in skipped) + ".")
        lines.append("")
    return "\n".join(lines)


def document_all() -> str:
    """Every game's :func:`document`, in game-id order."""
    from ..core.registry import games  # noqa: PLC0415

    return "\n".join(document(g) for g in games())


if __name__ == "__main__":  # python -m yuletide.rl.encodings: the docs/rl.md encodings
    print(document_all(), end="")

"""The table model: one seat's view of a game as a generic table (zones, cards, markers,
seats, a prompt of every legal action in words) that every client renders.

Each game's room has a ``table`` module (its manifest's ``table`` part) with two
functions of the view alone, never the state:

* ``table(view, legal, seat) -> Table``: the model (:mod:`yuletide.table.model`);
* ``describe(event, seat) -> LogLine``: one event of the log in words (:func:`model.line`).

The shared drawing helpers the rooms use are :mod:`.model` (the schema and its
builders), :mod:`.bulbs` (bulb cards, characters and Pattern cards) and :mod:`.words`
(counts, names and zones in words).

Pure Python with no dependencies, like the engine it reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.events import Event
from ..core.manifest import TablePart
from ..core.registry import spec
from .model import LogLine, Table, Zone, line, prompt

__all__ = ["build", "describe", "module_for", "reveal"]


def module_for(game_id: str) -> TablePart:
    """The table part of ``game_id``'s room; InvalidOption for no game."""
    return spec(game_id).table


def build(game_id: str, view: Mapping[str, Any], legal: Sequence[str], seat: int | None) -> Table:
    """The table model of ``seat`` (None: a spectator) from its view and legal actions."""
    return module_for(game_id).table(view, list(legal), seat)


def describe(game_id: str, event: Event, seat: int | None) -> LogLine:
    """One log event, as ``seat`` saw it, in words."""
    try:
        said = module_for(game_id).describe(event, seat)
    except (KeyError, TypeError, ValueError, IndexError):
        # An event kind the module does not word (never expected; the model test walks
        # every game) still shows, as its type, rather than breaking the log.
        said = line(str(event.get("type", "event")).replace("-", " "))
    return said


def reveal(models: Sequence[Table], spectator: Table) -> Table:
    """The full reveal after a game: the spectator's table with every zone taken from the
    seat model (each built from its own view) that shows most of it face up, so every
    hidden card shows as some seat saw it (in Christmas Lights, your hand as the others
    saw it)."""
    out = spectator.copy()
    best: dict[str, Zone] = {}
    order: list[str] = []
    for m in (spectator, *models):
        for z in m["zones"]:
            zid = z["id"]
            if zid not in best:
                order.append(zid)
                best[zid] = z
            elif _face_up(z) > _face_up(best[zid]):
                best[zid] = z
    out["zones"] = [best[zid] for zid in order]
    out["prompt"] = prompt("The game is over: every card is shown.")
    return out


def _face_up(z: Zone) -> int:
    return sum(1 for c in z["cards"] if c.get("face") == "up")

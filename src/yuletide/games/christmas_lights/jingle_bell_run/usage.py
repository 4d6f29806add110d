"""Seeing the optional ``retreat`` rule being used, from the spectator's events: a move
that does not bring the character closer to its finish line (without the rule every
move must), counted per seat. The manifest's ``optional_rules`` declares it."""

from __future__ import annotations

from collections.abc import Sequence

from yuletide.core.events import Event

from .box import CELL_NAME, OPPOSITE, distance

_CELL = {name: cell for cell, name in enumerate(CELL_NAME) if name is not None}


def retreats(events: Sequence[Event], players: int) -> list[int]:
    """How many times each seat moved away from (or along) its finish line."""
    where: dict[int, int] = {}
    goal: dict[int, int] = {}
    uses = [0] * players
    for event in events:
        kind, seat = event.get("type"), event.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < players:
            continue
        if kind == "start":  # the corner chosen; the first move enters it
            goal[seat] = OPPOSITE[_CELL[event["corner"]]]
        elif kind == "move" and seat in goal:
            to = _CELL[event["to"]]
            here = where.get(seat)
            if here is not None and distance(to, goal[seat]) >= distance(here, goal[seat]):
                uses[seat] += 1
            where[seat] = to  # (a Plug swaps only cards no character stands on)
    return uses

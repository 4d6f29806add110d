"""Game-specific facts about a finished game, for the report's per-game section.

Built only from what the table may know at the end: the outcome (public) and the
spectator's view. Nothing here reads a state's private fields. Each fact is JSON; a
game without a function here has no facts (its report shows the common sections only).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.state import Outcome

Facts = dict[str, Any]
Extractor = Callable[[Outcome, Mapping[str, Any]], Facts]


def _jolly_christmas(outcome: Outcome, view: Mapping[str, Any]) -> Facts:
    """The tree-topper each seat chose (id and kind) and each seat's points by category."""
    toppers = view.get("toppers") or []
    breakdown = (outcome.details or {}).get("breakdown") or []
    return {
        "toppers": [t["id"] if t else None for t in toppers],
        "topper_kinds": [t["kind"] if t else None for t in toppers],
        "breakdown": [dict(b) for b in breakdown],
    }


def _christmas_story(outcome: Outcome, view: Mapping[str, Any]) -> Facts:
    """How the game ended: ``presents``, ``last-standing`` or ``bully``."""
    ending = (outcome.details or {}).get("ending")
    return {"ending": ending} if ending else {}


#: The start of the reason of a Twinkling Lights game decided by the empty stack.
TILES_OUT = "the Light tiles ran out"


def _twinkling_lights(outcome: Outcome, view: Mapping[str, Any]) -> Facts:
    """Whether a player scored all three Pattern cards or the stack ran out (T8, T9)."""
    if outcome.status != "finished":
        return {"end": "turn limit"}
    if outcome.reason.startswith(TILES_OUT):
        return {"end": "tiles ran out", "stack_left": view.get("stack")}
    return {"end": "three patterns", "stack_left": view.get("stack")}


EXTRACTORS: dict[str, Extractor] = {
    "jolly-christmas": _jolly_christmas,
    "christmas-story": _christmas_story,
    "twinkling-lights": _twinkling_lights,
}


def facts(game_id: str, outcome: Outcome, spectator_view: Mapping[str, Any]) -> Facts:
    """The facts of one finished (or cut-off) game; {} for games without any."""
    extract = EXTRACTORS.get(game_id)
    return extract(outcome, spectator_view) if extract else {}

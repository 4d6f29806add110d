"""Game-specific facts about a finished game, for the report's per-game section.

Built only from what the table may know at the end: the outcome (public) and the
spectator's view. Nothing here reads a state's private fields. Each fact is JSON. A
game's facts come from its room's lab part (``lab.py``, which the manifest declares
with ``lab``: :class:`~yuletide.core.manifest.LabPart`); a game without one has no
facts (its report shows the common sections only).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.registry import spec
from ..core.state import Outcome

Facts = dict[str, Any]


def facts(game_id: str, outcome: Outcome, spectator_view: Mapping[str, Any]) -> Facts:
    """The facts of one finished (or cut-off) game; {} for games without any."""
    part = spec(game_id).lab_part
    return part.facts(outcome, spectator_view) if part else {}

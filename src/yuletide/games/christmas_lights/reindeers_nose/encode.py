"""Reindeer's Nose for the RL layer (``yuletide.rl``): the dense reward's progress.

Progress is the patterns the seat has claimed. Read from the seat's own view only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Patterns counted at most.
CAP = 4


def progress(view: Mapping[str, Any]) -> float:
    """(patterns claimed) / 4, in [0, 1]."""
    return min(len(view["patterns"][view["seat"]]), CAP) / CAP

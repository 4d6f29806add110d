"""Untangle for the RL layer (``yuletide.rl``): the dense reward's progress.

Progress is the patterns the seat has completed. Read from the seat's own view only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Patterns counted at most.
CAP = 5


def progress(view: Mapping[str, Any]) -> float:
    """(patterns completed) / 5, in [0, 1]."""
    return min(len(view["completed"][view["seat"]]), CAP) / CAP

"""Solo Lights for the RL layer (``yuletide.rl``): the dense reward's progress.

Progress is the strings completed out of those needed to win. Read from the player's
own view only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def progress(view: Mapping[str, Any]) -> float:
    """(strings completed) / (strings to win), in [0, 1]."""
    need = max(1, int(view["strings_to_win"]))
    return min(len(view["completed"]), need) / need

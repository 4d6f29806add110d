"""Blink for the RL layer (``yuletide.rl``): the dense reward's progress.

Progress is cards shed: the first to play their last card wins. Read from the seat's own
view only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: A hand this big or bigger counts as no progress.
CAP = 20


def progress(view: Mapping[str, Any]) -> float:
    """1 - (cards in hand) / 20, in [0, 1]: 1 with an empty hand."""
    return 1.0 - min(int(view["hand_sizes"][view["seat"]]), CAP) / CAP

"""Frames of the environments' ``render()``: the spectator's view (public information
only) as the game's own text, or that text drawn as an RGB image (``rgb_array``, what
Gymnasium's video recorders and SB3's ``make_vec_env`` ask for; drawn with Pillow)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core.registry import spec

#: Pixels of one character cell and of the margin of an ``rgb_array`` frame.
CELL = (6, 12)
MARGIN = 4


def render_frame(game_id: str, view: Mapping[str, Any] | None, mode: str) -> Any:
    """``ansi``: the text; ``rgb_array``: a uint8 array (height, width, 3) of it."""
    text = "(no game: call reset())" if view is None else spec(game_id).text.render(view)
    if mode == "ansi":
        return text
    return _draw(text)


#: Characters Pillow's built-in font lacks, drawn as their nearest plain form.
PLAIN = str.maketrans({"—": "-", "–": "-", "·": ".", "…": "..."})


def _draw(text: str) -> np.ndarray[Any, np.dtype[np.uint8]]:
    from PIL import Image, ImageDraw, ImageFont  # noqa: PLC0415

    lines = text.translate(PLAIN).splitlines() or [""]
    width = MARGIN * 2 + CELL[0] * max(len(line) for line in lines)
    height = MARGIN * 2 + CELL[1] * len(lines)
    image = Image.new("RGB", (width, height), (16, 32, 24))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=10)
    for i, line in enumerate(lines):
        draw.text((MARGIN, MARGIN + i * CELL[1]), line, fill=(240, 240, 220), font=font)
    return np.asarray(image, dtype=np.uint8)

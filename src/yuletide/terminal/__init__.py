"""Playing in a terminal.

Two clients read the same seat's window: :mod:`.transcript`, plain lines for pipes,
scripts and screen readers (no dependencies), and :mod:`.app`, the Textual table that
draws the generic table model (``yuletide.table``) the browser draws, used by
``yuletide play`` when its output is a terminal (the ``cli`` extra). The names below are
the transcript's, kept here so ``from yuletide.terminal import play`` still works.
"""

from __future__ import annotations

from .transcript import (
    BOT_REACTION,
    PROMPT,
    board,
    format_actions,
    format_event,
    format_outcome,
    load_record,
    open_replay,
    play,
    replay,
    show_replay,
)

__all__ = [
    "BOT_REACTION",
    "PROMPT",
    "board",
    "format_actions",
    "format_event",
    "format_outcome",
    "load_record",
    "open_replay",
    "play",
    "replay",
    "show_replay",
]

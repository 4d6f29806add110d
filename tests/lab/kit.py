"""What several lab test modules use: the type of the ``lab_main`` fixture and a progress
display that presses Ctrl-C."""

from __future__ import annotations

from collections.abc import Callable

#: ``lab_main(argv)``: run ``yuletide ARGV``; (exit status, stdout, stderr).
LabMain = Callable[[list[str]], tuple[int, str, str]]


class StopAfter:
    """A progress display that presses Ctrl-C once ``n`` games are in."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.done = 0

    def start(self, total: int, done: int) -> None:
        self.done = done

    def advance(self, n: int) -> None:
        self.done += n
        if self.done >= self.n:
            raise KeyboardInterrupt

    def close(self) -> None:
        pass

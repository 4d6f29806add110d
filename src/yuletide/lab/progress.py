"""A progress bar with an ETA: rich's when the cli extra is installed and stderr is a
terminal; otherwise a plain line (``label: 340/1200 games (28%), 41.2 games/s, ETA
0:00:21``), rewritten in place on a terminal and printed every few seconds elsewhere."""

from __future__ import annotations

import math
import sys
import time
from typing import Any, Protocol, TextIO

#: Seconds between two plain progress lines when stderr is not a terminal.
PLAIN_EVERY = 10.0


class Progress(Protocol):
    def start(self, total: int, done: int) -> None: ...
    def advance(self, n: int) -> None: ...
    def close(self) -> None: ...


class Silent:
    """No progress output (``--quiet``, tests)."""

    def start(self, total: int, done: int) -> None:
        pass

    def advance(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def eta_text(seconds: float) -> str:
    if not math.isfinite(seconds):  # no rate yet
        return "-:--:--"
    s = round(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class Plain:
    """A text line with count, rate and ETA (the rate counts this session's games only,
    so a resumed run's ETA is not fooled by the games already stored)."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.total = self.done = self.fresh = 0
        self.t0 = self.last = 0.0

    def start(self, total: int, done: int) -> None:
        self.total, self.done, self.fresh = total, done, 0
        self.t0 = self.last = time.monotonic()
        if done:
            self.stream.write(
                f"{self.label}: {done} of {total} games already stored; playing the rest\n"
            )
        self._show(force=True)

    def advance(self, n: int) -> None:
        self.done += n
        self.fresh += n
        self._show(force=self.done >= self.total)

    def _show(self, *, force: bool) -> None:
        now = time.monotonic()
        if not force and now - self.last < (0.25 if self.tty else PLAIN_EVERY):
            return
        self.last = now
        elapsed = now - self.t0
        rate = self.fresh / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else float("nan")
        pct = 100.0 * self.done / self.total if self.total else 100.0
        line = (
            f"{self.label}: {self.done}/{self.total} games ({pct:.0f}%),"
            f" {rate:.1f} games/s, ETA {eta_text(left)}"
        )
        self.stream.write(f"\r{line}\x1b[K" if self.tty else f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


class Rich:
    """rich's bar: description, bar, count, rate, elapsed and remaining time."""

    def __init__(self, label: str, console: Any = None) -> None:
        from rich.console import Console  # noqa: PLC0415 (optional: the cli extra)
        from rich.progress import (  # noqa: PLC0415
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as Bar  # noqa: PLC0415

        self.label = label
        self.bar: Any = Bar(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console if console is not None else Console(stderr=True),
            transient=False,
        )
        self.task: Any = None
        self.t0 = 0.0
        self.fresh = 0

    def start(self, total: int, done: int) -> None:
        self.bar.start()
        if done:
            self.bar.console.print(
                f"{self.label}: {done} of {total} games already stored", highlight=False
            )
        self.task = self.bar.add_task(self.label, total=total, completed=done, rate="")
        self.t0 = time.monotonic()

    def advance(self, n: int) -> None:
        self.fresh += n
        elapsed = time.monotonic() - self.t0
        rate = f"{self.fresh / elapsed:.1f} games/s" if elapsed > 0 else ""
        self.bar.update(self.task, advance=n, rate=rate)

    def close(self) -> None:
        self.bar.stop()


def make_progress(label: str, *, quiet: bool = False) -> Progress:
    """The best progress display there is for stderr (module docstring)."""
    if quiet:
        return Silent()
    if sys.stderr.isatty():
        try:
            return Rich(label)
        except ImportError:
            pass
    return Plain(label)

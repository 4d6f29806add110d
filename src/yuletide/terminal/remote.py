"""``yuletide play --join URL``: a seat at a server table, in the terminal.

The invite link a server hands out (``http://HOST/play/TABLE#seat=N&token=T``, the same
link a browser opens) names the table and carries the seat's token in its fragment. The
terminal speaks the browser's websocket protocol (``yuletide.server.protocol``;
``static/js/connection.js``): ``hello`` with the token and ``"table": true``, so every
frame carries the seat's table model and its events in words, built by the server from
that seat's channels only; an ``act`` names the version it was chosen on, and a choice
of several engine actions is sent one by one, each on the version the last one made
(``sendAll`` in connection.js). When the game ends the server sends the record (seed and
actions), from which the end screen shows every card.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..core.registry import replay as replay_record
from ..core.state import ReplayRecord
from ..table.model import LogLine, Table
from .names import server_people
from .session import Session, reveal_of

#: Server error codes after which the seat cannot go on (connection.js's FATAL).
FATAL = frozenset({"bad_token", "seat_left", "no_table", "bad_origin"})


@dataclass(frozen=True)
class Invite:
    """A parsed invite link."""

    base: str
    table: str
    seat: int | None
    token: str | None

    @property
    def ws_url(self) -> str:
        scheme = "wss" if self.base.startswith("https:") else "ws"
        return f"{scheme}://{self.base.split('://', 1)[1]}/ws/tables/{self.table}"


def parse_invite(url: str) -> Invite:
    """The table, seat and token of an invite link; ValueError says what a link is."""
    shape = "an invite link is http://HOST/play/TABLE#seat=N&token=TOKEN (from the server)"
    parts = urlsplit(url.strip())
    path = [p for p in parts.path.split("/") if p]
    if parts.scheme not in ("http", "https") or not parts.netloc or len(path) != 2:
        raise ValueError(f"--join {url!r}: {shape}")
    if path[0] != "play":
        raise ValueError(f"--join {url!r}: {shape}")
    frag = parse_qs(parts.fragment)
    token = frag.get("token", [None])[0]
    seat_text = frag.get("seat", [None])[0]
    seat = int(seat_text) if seat_text is not None and seat_text.isdigit() else None
    return Invite(f"{parts.scheme}://{parts.netloc}", path[1], seat, token)


class RemoteSession(Session):
    """A seat at a server table (None token: watching)."""

    def __init__(self, invite: Invite) -> None:
        super().__init__()
        self.invite = invite
        self.seat = invite.seat if invite.token else None
        self.frame: dict[str, Any] | None = None
        self._model: Table | None = None
        self._record: ReplayRecord | None = None
        self._ws: Any = None
        self._refs = 0
        self._acks: dict[str, asyncio.Future[int]] = {}
        self._version_seen: asyncio.Event = asyncio.Event()
        self.fatal: str | None = None
        self.connected = False
        self._seats: list[dict[str, Any]] = []
        self._named: tuple[int, Table] | None = None
        self._hint_ref = ""

    def banner(self) -> str:
        who = "watching" if self.seat is None else "you are " + self._me()
        where = f"table {self.invite.table} at {self.invite.base}"
        state = "" if self.connected else " (connecting…)"
        return f"{self.title or 'Yuletide'} — {who}, {where}{state}"

    def _me(self) -> str:
        """Your seat's name on this table ("Dad"), or its number while names are unknown."""
        assert self.seat is not None
        person = self.people[self.seat] if self.seat < len(self.people) else None
        if person is not None and person["name"] and not person["name"].startswith("Player "):
            return person["name"]
        return f"seat {self.seat + 1}"

    def model(self) -> Table | None:
        if self._model is None:
            return None
        if self._named is None or self._named[0] != self.version:
            self._named = (self.version, self.named(self._model))
        return self._named[1]

    def over(self) -> bool:
        return self._model is not None and self._model["result"] is not None

    def reveal(self) -> Table | None:
        if self._record is None:
            return None
        shown = reveal_of(replay_record(self._record), self.seat)
        return None if shown is None else self.named(shown)

    # ------------------------------------------------------------------ wire
    async def run(self) -> None:
        """Connect and read frames until the connection ends (reconnecting on a drop)."""
        import websockets  # noqa: PLC0415 (the cli extra, needed only to join)

        attempt = 0
        while self.fatal is None:
            try:
                async with websockets.connect(self.invite.ws_url, max_size=2**24) as ws:
                    self._ws = ws
                    version = self.frame["version"] if self.frame else None
                    hello = {"type": "hello", "token": self.invite.token, "version": version}
                    await ws.send(json.dumps({**hello, "table": True}))
                    self.connected = True
                    attempt = 0
                    async for text in ws:
                        self._on_message(json.loads(text))
            except (OSError, websockets.WebSocketException) as err:
                self.note = f"Connection lost ({err}); trying again…"
            self.connected = False
            self._ws = None
            self.version += 1
            if self.fatal is not None:
                return
            attempt += 1
            await asyncio.sleep(min(5.0, 0.5 * attempt))

    # ------------------------------------------------------------------ hints
    def position(self) -> object:
        return None if self.frame is None else self.frame["version"]

    def hint_refusal(self) -> str | None:
        model = self._model
        if self.seat is None:
            return "You are watching: hints are for a seat's player."
        if self._ws is None or self.frame is None or model is None:
            return "Not connected to the table: wait a moment."
        if model["result"] is not None:
            return "The game is over: no hints."
        if self.seat not in self.frame["to_act"] or not self.frame["legal"]:
            return "A hint is for your turn: ask when you may act."
        if self.hint_for == self.position() and self.hint is None and not self.hint_note:
            return "A hint is being worked out: one at a time."
        return None

    def ask_hint(self) -> None:
        """Ask the server (it answers this seat alone, or refuses with the reason)."""
        super().ask_hint()
        self._refs += 1
        self._hint_ref = f"hint{self._refs}"
        message = {"type": "hint", "version": self.position(), "ref": self._hint_ref}
        asyncio.get_running_loop().create_task(self._ws.send(json.dumps(message)))

    def _on_message(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        ref = frame.get("ref")
        if kind in ("hint", "error") and isinstance(ref, str) and ref.startswith("hint"):
            if ref == self._hint_ref:
                if kind == "hint":
                    # (made for the version it names: the server's own check)
                    self.hint_for = frame.get("version")
                    self.show_hint(self.hint_for, frame.get("hint"))
                else:
                    self.show_hint(self.hint_for, None, str(frame.get("message", "No hint.")))
            return
        if kind in ("sync", "update"):
            self.frame = frame
            model = frame.get("model")
            if model is not None:
                self._model = model
                self.title = model["title"]
                self.players = model["players"]
                self.game_id = model["game"]
                self.people = server_people(self._seats, self.players)
            lines: list[LogLine] = list(frame.get("log") or [])
            if kind == "sync":
                self.log = []
            self._add_lines(lines, None)
            self._version_seen.set()
        elif kind == "seats":
            self._seats = [r for r in frame.get("seats") or [] if isinstance(r, dict)]
            self.people = server_people(self._seats, self.players or len(self._seats))
            self.version += 1
        elif kind == "ack":
            fut = self._acks.pop(str(frame.get("ref")), None)
            if fut is not None and not fut.done():
                fut.set_result(int(frame["version"]))
        elif kind == "error":
            message = str(frame.get("message", "refused"))
            fut = self._acks.pop(str(frame.get("ref")), None)
            if fut is not None and not fut.done():
                fut.set_exception(ValueError(message))
            else:
                self.note = message
            if frame.get("code") in FATAL:
                self.fatal = message
                self.note = f"The server will not seat you: {message}"
            self.version += 1
        elif kind == "record":
            try:
                self._record = ReplayRecord.from_dict(frame["record"])
            except (KeyError, ValueError):
                self._record = None
            self.version += 1
        elif kind == "notice":
            seat = frame.get("seat")
            event = frame.get("event")
            who = _capital(self.who(seat)) if isinstance(seat, int) else "A seat"
            self.note = f"{who}: {event}" + (
                f" ({frame['bot']} plays it)" if frame.get("bot") else ""
            )
            self.version += 1

    def act(self, sends: Sequence[str]) -> str | None:
        if self._ws is None or self.frame is None:
            return "Not connected to the table: wait a moment."
        asyncio.get_running_loop().create_task(self._send_all(list(sends), self.frame["version"]))
        return None

    async def _send_all(self, sends: list[str], version: int) -> None:
        """Each engine action on the version the last one made (connection.js sendAll)."""
        at = version
        for action in sends:
            self._refs += 1
            ref = f"t{self._refs}"
            fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            self._acks[ref] = fut
            ws = self._ws
            if ws is None:
                self.note = "The connection dropped before your move was sent: make it again."
                self.version += 1
                return
            await ws.send(json.dumps({"type": "act", "action": action, "version": at, "ref": ref}))
            try:
                at = await asyncio.wait_for(fut, 20)
            except (ValueError, TimeoutError) as err:
                self.note = f"Not accepted: {err}"
                self.version += 1
                return
            while self.frame is None or self.frame["version"] < at:
                self._version_seen.clear()
                await self._version_seen.wait()

    def close(self) -> None:
        self.fatal = "left"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def join(invite: Invite, *, mono: bool = False, app: bool = True) -> int:
    """Sit at the table of ``invite`` in the Textual app; the exit code."""
    if not app:
        print(
            "yuletide play --join: the networked seat is the terminal table: run it in a"
            " terminal (with the cli extra installed)",
            file=sys.stderr,
        )
        return 2
    from .app import RemoteApp  # noqa: PLC0415 (Textual loads only when a table is drawn)

    RemoteApp(RemoteSession(invite), mono=mono).run()
    return 0

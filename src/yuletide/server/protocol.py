"""The wire protocol: every frame a client receives, built from one seat's channels only.

A frame for seat ``s`` is made from ``view(s)``, ``events(s)``, ``legal_actions(s)``,
``to_act`` and ``outcome`` — nothing else of the state. Spectators get the ``None``
channels and no legal actions. The seed, the action record, another seat's channel, an
action object's internals and tokens are never put in a frame while the game runs; the
record (seed included) is public once the game has ended (``record`` frame).

The leak proof (tests/server/test_wire_leaks.py) rebuilds every frame a client got
from a state determinized for its seat and requires them to be identical.

Server → client (JSON objects, ``type`` first):

``sync``     the whole window: ``view``, every event, ``legal``, ``to_act``, ``outcome``.
``update``   what changed at ``version``: new ``events`` from log position ``since``,
             and the new ``view``, ``legal``, ``to_act``, ``outcome``. A reconnecting
             client that sends its last version gets one ``update`` with everything it
             missed (or a ``sync`` when that version is unknown).
``ack``      your action ``ref`` was committed as action ``version`` (sent after the
             commit, before the update frames).
``error``    ``code`` and ``message`` (what was wrong, what is allowed); nothing changed.
``record``   the finished game's replay record (seed and actions), to every client.
``seats``    who sits where (names and bot kinds; no tokens).
``notice``   what happened to a ``seat`` (seats.py): ``event`` ``away`` (its player is
             gone; ``grace`` seconds, ``then`` "bot" or "abandon"), ``back``, ``bot``
             (a ``bot`` plays it now), ``abandoned`` (the game ended), ``reclaimed``.
``pong``     the answer to ``ping``.
``hint``     to the asking connection only (never broadcast): the strong bot's advice
             for its seat at ``version`` (hints.py): ``hint`` holds ``moves`` (the
             recommended move first, then up to two alternatives: each its ``label`` in
             the prompt's words, ``chance`` in words, ``win``, ``rough``, the ``refs``
             the table lights), ``text`` (all of it in one paragraph) and ``rough``;
             ``seconds`` it took; ``asked``, the version asked about (``version`` is
             later only when just other seats moved meanwhile, and the text says so).
             Made from that seat's window only.

Client → server:

``hello``  ``{"type": "hello", "token": T | null, "version": V | null, "table": B}``:
           the first message on a connection; a seat token, or none to watch. With
           ``"table": true`` every sync and update frame also carries ``model`` (the
           seat's table model, yuletide.table) and ``log`` (that frame's events in
           words): both are made from the frame's own view, legal actions and events.
``act``    ``{"type": "act", "action": "<notation>", "version": V, "ref": R}``: V is
           the version the client acted on; a stale or illegal action is refused.
``sync``   ``{"type": "sync", "version": V}``: send what I missed since V.
``ping``   keep-alive.
``hint``   ``{"type": "hint", "version": V, "ref": R}``: advice for my seat at version V
           (at a table with hints on, on my turn; one at a time). Answered by a
           ``hint`` frame, or an ``error`` with the ``ref`` (hints.py lists the codes).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import table as table_model
from ..core.state import State
from ..table.model import Table, line

_log = logging.getLogger("yuletide.server")

PROTOCOL_VERSION = 1
#: Largest client message accepted, in bytes of UTF-8 text.
MAX_MESSAGE_BYTES = 16 * 1024
#: Client message types and the fields each may carry (anything else is refused).
CLIENT_TYPES: dict[str, frozenset[str]] = {
    "hello": frozenset({"type", "token", "version", "table"}),
    "act": frozenset({"type", "action", "version", "ref"}),
    "sync": frozenset({"type", "version"}),
    "ping": frozenset({"type", "ref"}),
    "hint": frozenset({"type", "version", "ref"}),
}


#: What a client is told when its text is not Unicode.
SURROGATES = (
    "a lone surrogate (a \\uD800-\\uDFFF escape without its pair) is not a character;"
    " text must be valid Unicode"
)


def bad_text(text: str) -> bool:
    """True if ``text`` holds a lone surrogate: JSON can escape one, but it is not a
    character, UTF-8 cannot carry it, and echoing it back would fail."""
    if text.isascii():
        return False
    try:
        text.encode()
    except UnicodeEncodeError:
        return True
    return False


def _bad_text_in(value: Any) -> bool:
    """Whether any text in a parsed JSON value (keys included) is not Unicode."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if bad_text(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class BadMessage(ValueError):
    """A client message the protocol refuses; ``code`` names the kind of fault."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def window(state: State, seat: int | None) -> dict[str, Any]:
    """The parts of a frame every frame shares: one seat's current window."""
    outcome = state.outcome
    return {
        "view": state.view(seat),
        "legal": [] if seat is None else [str(a) for a in state.legal_actions(seat)],
        "to_act": sorted(state.to_act),
        "outcome": outcome.to_dict(),
    }


def sync_frame(
    table_id: str, version: int, state: State, seat: int | None, extra: Mapping[str, Any]
) -> dict[str, Any]:
    """Everything ``seat`` may see of the table now."""
    return {
        "type": "sync",
        "table": table_id,
        "seat": seat,
        "version": version,
        "since": 0,
        "events": state.events(seat),
        **window(state, seat),
        **extra,
    }


def update_frame(
    table_id: str,
    version: int,
    state: State,
    seat: int | None,
    *,
    since: int,
    extra: Mapping[str, Any],
) -> dict[str, Any]:
    """What changed for ``seat`` since log position ``since``."""
    return {
        "type": "update",
        "table": table_id,
        "seat": seat,
        "version": version,
        "since": since,
        "events": state.events(seat, since),
        **window(state, seat),
        **extra,
    }


def error_frame(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        frame["ref"] = ref
    return frame


def encode(frame: Mapping[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class ClientMessage:
    type: str
    token: str | None = None
    version: int | None = None
    action: str | None = None
    ref: str | int | None = None
    #: hello only: send the table model (yuletide.table) with every sync/update frame.
    table: bool = False


def _int_or_none(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise BadMessage(
            "bad_field", f"{key!r} must be a whole number >= 0 or null, got {value!r:.40}"
        )
    return value


def parse_client(text: str | bytes) -> ClientMessage:
    """A client message, or BadMessage saying what is wrong and what is allowed."""
    if isinstance(text, bytes):
        if len(text) > MAX_MESSAGE_BYTES:
            raise BadMessage("too_large", f"messages are at most {MAX_MESSAGE_BYTES} bytes")
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise BadMessage("bad_json", "messages are UTF-8 JSON text") from None
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES:
        raise BadMessage(
            "too_large", f"messages are at most {MAX_MESSAGE_BYTES} bytes, got {len(text.encode())}"
        )
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadMessage("bad_json", "message JSON is nested too deeply") from None
    except ValueError as err:
        raise BadMessage("bad_json", f"message is not valid JSON ({err})") from None
    if not isinstance(data, dict):
        raise BadMessage("bad_json", "a message is a JSON object with a 'type' field")
    if "\\u" in text:  # a lone surrogate can only come from an escape
        for key, value in data.items():
            if _bad_text_in(key) or _bad_text_in(value):
                raise BadMessage("bad_json", f"field {key!a:.40}: {SURROGATES}")
    kind = data.get("type")
    allowed = ", ".join(sorted(CLIENT_TYPES))
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        raise BadMessage("unknown_type", f"unknown message type {kind!r:.40}; types: {allowed}")
    extra = sorted(set(data) - CLIENT_TYPES[kind])
    if extra:
        fields = ", ".join(sorted(CLIENT_TYPES[kind]))
        raise BadMessage(
            "bad_field", f"a {kind!r} message has no field {extra[0]!r:.40}; its fields: {fields}"
        )
    ref = data.get("ref")
    if ref is not None and not (
        (type(ref) is int and abs(ref) < 2**53) or (isinstance(ref, str) and len(ref) <= 64)
    ):
        raise BadMessage("bad_field", "'ref' must be a whole number or a text of up to 64 chars")
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise BadMessage("bad_field", "'token' must be text or null")
    action = data.get("action")
    if kind == "act" and not isinstance(action, str):
        raise BadMessage("bad_field", "an 'act' message needs 'action': the action's notation")
    version = _int_or_none(data, "version")
    if kind == "act" and version is None:
        raise BadMessage("bad_field", "an 'act' message needs 'version': the version you acted on")
    table = data.get("table", False)
    if not isinstance(table, bool):
        raise BadMessage("bad_field", f"'table' must be true or false, got {table!r:.40}")
    return ClientMessage(kind, token, version, action, ref, table)


def with_table(frame: Mapping[str, Any], game_id: str, first: str | None = None) -> dict[str, Any]:
    """``frame`` (a sync or update) with its seat's table model and its events in words,
    both made from the frame's own view, legal actions and events — nothing else. A
    sync's log starts with ``first`` when given (a hypothetical's origin, play_on.py)."""
    seat = frame["seat"]
    try:
        model: Table | None = table_model.build(game_id, frame["view"], frame["legal"], seat)
    except Exception:  # a fault in one game's model must not stop the table
        _log.exception("table model of %s for seat %s failed", game_id, seat)
        model = None
    lines = [table_model.describe(game_id, e, seat) for e in frame["events"]]
    if first is not None and frame["type"] == "sync":
        lines.insert(0, line(first))
    return {**frame, "model": model, "log": lines}

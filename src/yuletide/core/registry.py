"""The game registry: every game's manifest by id, new games, saves and replays.

Each room registers its :class:`~yuletide.core.manifest.GameSpec` when imported
(``yuletide.games`` imports every room); the layers find a game only here.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from .errors import CorruptSave, InvalidOption
from .manifest import GameSpec
from .state import SAVE_FORMAT, SAVE_FORMAT_VERSION, ReplayRecord, State, replay_actions

_SPECS: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Make a game available by its id (a room's ``__init__.py`` calls this)."""
    old = _SPECS.get(spec.id)
    if old is not None and old.rules is not spec.rules:
        raise ValueError(f"two games claim the id {spec.id!r}")
    _SPECS[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Forget a game registered at run time (a test's own room, for the one test module
    that registers it); no-op for an id not registered."""
    _SPECS.pop(game_id, None)


def _builtin() -> dict[str, GameSpec]:
    importlib.import_module("yuletide.games")  # importing registers the built-in games
    return _SPECS


def games() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(_builtin())


def spec(game_id: str) -> GameSpec:
    """A game's manifest, or InvalidOption listing the games there are."""
    table = _builtin()
    found = table.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        raise InvalidOption(f"no game {game_id!r}; games: {', '.join(sorted(table))}")
    return found


def spec_of(game: State | type[State]) -> GameSpec:
    """The manifest of a game's state or rules class."""
    cls = game if isinstance(game, type) else type(game)
    return spec(cls.game_id)


def game_class(game_id: str) -> type[State]:
    """The rules class of a game, or InvalidOption listing the games there are."""
    return spec(game_id).rules


def new_game(game_id: str, players: int | None = None, seed: int = 0, **options: Any) -> State:
    """A new game of ``game_id``; a bad player count or option raises InvalidOption."""
    return game_class(game_id).new(players, seed, **options)


def game_info(game_id: str) -> dict[str, Any]:
    """What a game is, as data: id, title, players, options, rules version, summary,
    and what its manifest declares (box, pitch, facts, lobby order, badges)."""
    found = spec(game_id)
    cls = found.rules
    doc = sys.modules[cls.__module__].__doc__ or ""
    return {
        "id": cls.game_id,
        "title": cls.title,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "default_players": cls.default_players,
        "rules_version": cls.rules_version,
        "options": [o.to_dict() for o in cls.options_spec],
        "summary": doc.strip().splitlines()[0] if doc.strip() else cls.title,
        "box": found.box,
        "pitch": found.pitch,
        "order": found.order,
        "badges": list(found.badges),
        **found.facts(),
    }


def replay(record: ReplayRecord | dict[str, Any]) -> State:
    """The state a replay record leads to; CorruptSave if it does not replay."""
    if not isinstance(record, ReplayRecord):
        record = ReplayRecord.from_dict(record)
    cls = _record_class(record)
    try:
        state = cls.new(record.players, record.seed, **record.options)
    except InvalidOption as err:
        raise CorruptSave(f"replay record cannot start the game: {err}") from err
    return replay_actions(state, record.actions)


def _record_class(record: ReplayRecord) -> type[State]:
    try:
        cls = game_class(record.game)
    except InvalidOption as err:
        raise CorruptSave(str(err)) from err
    if record.rules_version != cls.rules_version:
        raise CorruptSave(
            f"saved with {record.game} rules version {record.rules_version}; this Yuletide"
            f" plays version {cls.rules_version}"
        )
    return cls


def load(text: str | bytes) -> State:
    """A state saved with ``State.to_json()``, exactly; CorruptSave says what is wrong.

    A save is rebuilt by replaying its record through the checked path, then compared
    field by field with the saved state, so a tampered or truncated save is caught and
    nothing in a save is trusted that its own record does not lead to. A determinized
    state (a search world, which no record reaches) is refused: it is a sample of what
    one seat knows, not a game, and restoring it from its fields would let an edited
    position in.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise CorruptSave(f"a save is JSON text (str or bytes), got {type(text).__name__}")
    try:
        data = json.loads(text)
    except RecursionError as err:
        raise CorruptSave("not a Yuletide save: JSON nested too deeply") from err
    except (ValueError, UnicodeDecodeError) as err:
        raise CorruptSave(f"not a Yuletide save: invalid JSON ({err})") from err
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise CorruptSave(f"not a Yuletide save: no 'format': {SAVE_FORMAT!r} field")
    if data.get("format_version") != SAVE_FORMAT_VERSION:
        raise CorruptSave(
            f"save format version {_short(data.get('format_version'))} is not supported;"
            f" this Yuletide reads version {SAVE_FORMAT_VERSION}"
        )
    for key in ("record", "state", "determinized"):
        if key not in data:
            raise CorruptSave(f"save has no {key!r} field")
    if data["determinized"] is not False:
        raise CorruptSave(
            "this save is a determinized state (a search world sampled from one seat's"
            " knowledge, not a game): it cannot be loaded; save the real game instead"
            if data["determinized"] is True
            else "save field 'determinized' must be false"
        )
    record = ReplayRecord.from_dict(data["record"])
    saved = data["state"]
    if not isinstance(saved, dict):
        raise CorruptSave("save field 'state' must be an object")
    state = replay(record)
    mine = state.snapshot()
    for key in sorted(set(mine) | set(saved), key=str):
        if mine.get(key) != saved.get(key):
            raise CorruptSave(
                f"save is inconsistent: field {_short(key)} does not match what its own"
                " action record leads to"
            )
    return state


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."

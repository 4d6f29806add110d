"""Terminal play against bots, and step-by-step replays of saved games.

Everything printed for a seat comes from that seat's window only (its view, its events,
its legal actions; a replay watched as a spectator uses the spectator view), so the
terminal cannot show a player what the rules hide from them. All I/O goes through the
``stdin`` / ``stdout`` given, so tests drive it with ``io.StringIO``.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from .bots import make_bot
from .bots.base import Bot, SeatWindow
from .core.errors import CorruptSave, YuletideError
from .core.registry import new_game
from .core.registry import replay as replay_record
from .core.rng import derive_seed
from .core.state import Action, Outcome, ReplayRecord, State

WIDTH = 100
QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})
PROMPT = "Your move (number or action, ? for help, q to quit): "
STEP_PROMPT = "[Enter] next step, q to stop: "
HELP_TEXT = """\
Type the number of an action from the list, or the action itself (its notation,
e.g. "play red"). An action the rules do not allow is refused with the reason, and
you choose again. "q" (or end of input) stops the game; the replay record is saved
either way, so "yuletide replay FILE" can show it again."""

_NUMBER = re.compile(r"[+-]?[0-9]+")


class _Printer:
    """Writes lines to a text stream, flushing (prompts must show before input is read)
    and replacing characters the stream's encoding cannot show rather than crashing."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def __call__(self, text: str = "", end: str = "\n") -> None:
        data = text + end
        try:
            self.stream.write(data)
        except UnicodeEncodeError:
            encoding = getattr(self.stream, "encoding", None) or "ascii"
            self.stream.write(data.encode(encoding, "replace").decode(encoding))
        self.stream.flush()


# ------------------------------------------------------------------ formatting


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def _value(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    return str(value)


def format_event(event: Mapping[str, Any], viewer: int | None) -> str:
    """One event as a short line ("seat 2: play — card red", "you: draw — card blue").

    Generic over the keys, so every game's events read the same way without each game
    writing its own sentences; it prints only what the event dict (already rendered for
    ``viewer`` by the game) holds.
    """
    text = str(event.get("type", "event")).replace("_", " ")
    seat = event.get("seat")
    if type(seat) is int:
        text = f"{_who(seat, viewer)}: {text}"
    rest = [(k, v) for k, v in event.items() if k not in ("type", "seat")]
    if rest:
        text += " — " + "; ".join(f"{k.replace('_', ' ')} {_value(v)}" for k, v in rest)
    return text


def format_actions(actions: Sequence[Action], width: int = WIDTH) -> str:
    """The legal actions numbered from 1, wrapped to ``width`` without splitting one."""
    lines: list[str] = []
    line = ""
    for i, action in enumerate(actions, 1):
        item = f"{i}) {action}"
        if line and len(line) + 2 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}  {item}"
    if line:
        lines.append(line)
    return "\n".join(lines)


def format_outcome(outcome: Outcome, viewer: int | None) -> str:
    """The result: status and reason, winners, scores, ranks, the deciding tie-break."""

    def name(seat: int) -> str:
        return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"

    head = f"Result: {outcome.status}"
    if outcome.reason:
        head += f" — {outcome.reason}"
    lines = [head, "Winners: " + (", ".join(name(w) for w in outcome.winners) or "none")]
    if outcome.scores is not None:
        scores = ", ".join(f"{name(s)} {v:g}" for s, v in enumerate(outcome.scores))
        lines.append(f"Scores: {scores}")
    if outcome.ranks is not None:
        ranks = ", ".join(f"{name(s)} #{r}" for s, r in enumerate(outcome.ranks))
        lines.append(f"Ranks: {ranks}")
    if outcome.tiebreak:
        lines.append(f"Tie-break: {outcome.tiebreak}")
    return "\n".join(lines)


def _show_events(say: _Printer, state: State, seat: int | None, start: int) -> int:
    """Print the events from log entry ``start`` on as ``seat`` saw them; the next start."""
    for event in state.events(seat, start):
        say(f"  · {format_event(event, seat)}")
    return len(state.log)


# ------------------------------------------------------------------------ play


def play(
    game_id: str,
    *,
    players: int | None,
    seat: int,
    seed: int | None,
    options: dict[str, Any],
    bots: str,
    save: str | None,
    stdin: TextIO,
    stdout: TextIO,
) -> int:
    """Play ``game_id`` as ``seat`` against bots; the exit code (2: bad arguments).

    The replay record is saved whenever the game stops (finished, quit, end of input,
    Ctrl-C), since a record is the only way to look at a game again.
    """
    say = _Printer(stdout)
    if seed is None:
        seed = secrets.randbelow(2**31)  # chosen here, at the edge, and printed
    try:
        state = new_game(game_id, players=players, seed=seed, **options)
        state.check_seat(seat)
        robots: dict[int, Bot] = {
            s: make_bot(bots, derive_seed(seed, 100 + s)) for s in range(state.players) if s != seat
        }
    except ValueError as err:  # YuletideError is a ValueError; so is make_bot's
        say(f"yuletide: {err}")
        return 2
    windows = {s: SeatWindow(state, s) for s in robots}
    say(
        f"{state.title} — {state.players} players, seed {seed}; you are seat {seat},"
        f" the other seats are {bots} bots."
    )
    say(f"(Play this deal again with --seed {seed}; ? for help.)")
    shown = 0
    stop: str | None = None
    try:
        while stop is None:
            to_act = state.to_act
            if not to_act or state.outcome.over:
                break
            if seat in to_act:
                say()
                shown = _show_events(say, state, seat, shown)
                say(state.render(state.view(seat)))
                stop = _human_turn(state, seat, stdin, say)
            else:
                bot_seat = min(to_act)  # several may act: bots in seat order
                state.apply(bot_seat, robots[bot_seat].act(windows[bot_seat]))
    except KeyboardInterrupt:
        say()
        stop = "interrupt"
    say()
    _show_events(say, state, seat, shown)
    if state.outcome.over:
        say(state.render(state.view(seat)))
        say(format_outcome(state.outcome, seat))
    else:
        say(f"Stopped after {len(state.history)} actions; the game is not finished.")
    saved = _save_record(state, save, say)
    if stop == "interrupt":
        return 130
    return 0 if saved else 1


def _human_turn(state: State, seat: int, stdin: TextIO, say: _Printer) -> str | None:
    """Read input until a legal action is applied (None) or the player stops ("quit",
    "eof"). Bad input never escapes: the reason is printed and the prompt repeats."""
    legal = state.legal_actions(seat)
    say(format_actions(legal))
    while True:
        say(PROMPT, end="")
        line = stdin.readline()
        if not line:
            say()
            return "eof"
        text = line.strip()
        if not text:
            continue
        if text.lower() in QUIT_WORDS:
            return "quit"
        if text.lower() in HELP_WORDS:
            say(HELP_TEXT)
            say(format_actions(legal))
            continue
        action: Action | str = text
        if _NUMBER.fullmatch(text):
            n = int(text)
            if not 1 <= n <= len(legal):
                say(f"There is no action {n}: choose 1 to {len(legal)}, or type the action.")
                continue
            action = legal[n - 1]
        try:
            state.apply(seat, action)
        except YuletideError as err:  # IllegalAction, NotationError: state unchanged
            say(f"Not allowed: {err}")
            continue
        return None


def _save_record(state: State, save: str | None, say: _Printer) -> bool:
    target = Path(save) if save else Path(f"{state.game_id}-{state.seed}.replay.json")
    text = json.dumps(state.record().to_dict(), indent=2) + "\n"
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        say(f"yuletide: could not save the replay record to {target}: {err}")
        return False
    say(f"Replay record saved to {target} (watch it with: yuletide replay {target})")
    return True


# ---------------------------------------------------------------------- replay


def load_record(path: str) -> ReplayRecord:
    """The replay record in a file written by ``play`` or by ``State.to_json()``;
    CorruptSave says what is wrong (unreadable, not JSON, not a record)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise CorruptSave(f"cannot read {path}: {err.strerror or err}") from err
    try:
        data = json.loads(raw)
    except ValueError as err:  # includes UnicodeDecodeError
        raise CorruptSave(f"{path} is not a replay record: invalid JSON ({err})") from err
    if isinstance(data, dict) and "record" in data and "actions" not in data:
        data = data["record"]  # a full save (State.to_json()): replay its record
    try:
        return ReplayRecord.from_dict(data)
    except CorruptSave as err:
        raise CorruptSave(f"{path} is not a replay record: {err}") from err


def replay(path: str, *, seat: int | None, step: bool, stdin: TextIO, stdout: TextIO) -> int:
    """Show a saved game action by action as ``seat`` saw it (None: a spectator).

    The whole record is replayed first, so a record that breaks halfway is reported
    before anything is shown rather than after half a game.
    """
    say = _Printer(stdout)
    try:
        record = load_record(path)
        final = replay_record(record)
        if seat is not None:
            final.check_seat(seat)
    except YuletideError as err:  # CorruptSave, or IllegalAction for a seat not in the game
        say(f"yuletide: {err}")
        return 2
    state = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    total = len(record.actions)
    watcher = "a spectator" if seat is None else f"seat {seat}"
    say(
        f"{state.title} — {record.players} players, seed {record.seed}, {total} actions;"
        f" shown as {watcher} saw it."
    )
    shown = _show_events(say, state, seat, 0)
    say(state.render(state.view(seat)))
    for i, (actor, text) in enumerate(record.actions, 1):
        if step:
            say(STEP_PROMPT, end="")
            line = stdin.readline()
            if not line:
                say()
                return 0
            if line.strip().lower() in QUIT_WORDS:
                return 0
        action = state.parse_action(text)
        label = state.action_seen_by(actor, action, seat)
        state.apply(actor, action)
        say()
        say(f"Step {i}/{total} — {_who(actor, seat)}: {label}")
        shown = _show_events(say, state, seat, shown)
        say(state.render(state.view(seat)))
    say()
    if state.outcome.over:
        say(format_outcome(state.outcome, seat))
    else:
        say(f"The record ends after {total} actions; the game was not finished.")
    return 0

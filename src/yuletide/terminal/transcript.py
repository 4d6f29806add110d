"""Terminal play against bots, and step-by-step replays of saved games.

Everything printed for a seat comes from that seat's window only (its view, its events,
its legal actions, and other seats' actions as ``action_seen_by`` shows them; a replay
watched as a spectator uses the spectator view), so the terminal cannot show a player
what the rules hide from them. All I/O goes through the ``stdin`` / ``stdout`` given, so
tests drive it with ``io.StringIO``.

Real-time games (Reindeer's Nose, Lights On: ``core.simultaneous.is_real_time``) are
played against the clock: the bots act on the table clock by their reaction times (the
match runner's :class:`~yuletide.sim.match.Scheduler`; default :data:`BOT_REACTION`, slow
enough for a person typing), and the time the player takes to type an action is its
reaction time, measured with ``clock``. When the player presses Enter, every bot action
that came due while they were typing is applied first, in time order, and shown; then
the player's action arrives and is applied if it is still legal — if a bot got there
first (the market card is gone), the reason is printed and the prompt comes back with
the table as it is now. While the player may not act, the bots play on at once. Turn
and simultaneous games are played as before: the player acts whenever they may, bots
otherwise.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..bots import check_bot, make_bot
from ..bots.base import Bot, ReactionTime, SeatWindow
from ..core.errors import CorruptSave, YuletideError
from ..core.registry import new_game, spec_of
from ..core.registry import replay as replay_record
from ..core.rng import Rng, derive_seed
from ..core.simultaneous import forced_action, is_real_time
from ..core.state import Action, Outcome, ReplayRecord, State
from ..sim.match import ORDER_SALT, Due, Scheduler
from .saves import again_command

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

#: How fast the bots react in real-time terminal play unless told otherwise: slower than
#: in simulation (1 s), so a person typing actions has a fair chance.
BOT_REACTION = ReactionTime(4.0, 1.5)


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


def board(state: State, seat: int | None) -> str:
    """The game's text rendering of ``seat``'s view (None: a spectator). Once the game is
    over, the game's own "Game over ..." line is left out: the terminal prints the result
    once, in full, with :func:`format_outcome`."""
    text = spec_of(state).text.render(state.view(seat))
    if not state.outcome.over:
        return text
    return "\n".join(line for line in text.splitlines() if not line.startswith("Game over"))


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
    reaction: ReactionTime | None = None,
    time_limit: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    resume: ReplayRecord | None = None,
    reaction_text: str | None = None,
) -> int:
    """Play ``game_id`` as ``seat`` against bots; the exit code (2: bad arguments).
    ``resume``: continue that saved game (its seed, players and options) instead.

    The replay record is saved whenever the game stops (finished, quit, end of input,
    Ctrl-C, a closed output pipe), since a record is the only way to look at a game
    again. In real-time games (module docstring) the bots react in ``reaction`` (default
    :data:`BOT_REACTION`), ``time_limit`` enables the table's time limit, and ``clock``
    measures the player.

    The seed is printed only once the game has stopped, with the replay file: it
    re-creates the deal, so whoever sees it during the game could see every hand.
    """
    say = _Printer(stdout)
    if resume is not None:
        seed, players, options = resume.seed, resume.players, dict(resume.options)
    if seed is None:
        seed = secrets.randbelow(2**31)  # chosen here, at the edge; shown at the end
    try:
        state = (
            replay_record(resume)
            if resume is not None
            else new_game(game_id, players=players, seed=seed, **options)
        )
        state.check_seat(seat)
        check_bot(bots, state.game_id)
        robots: dict[int, Bot] = {
            s: make_bot(bots, derive_seed(seed, 100 + s)) for s in range(state.players) if s != seat
        }
    except ValueError as err:  # YuletideError is a ValueError; so is make_bot's
        say(f"yuletide: {err}")
        return 2
    windows = {s: SeatWindow(state, s) for s in robots}
    table: _RealTime | None = None
    speed = reaction or BOT_REACTION
    if is_real_time(state):
        try:
            scheduler = Scheduler(
                [None if s == seat else speed for s in range(state.players)],
                Rng(derive_seed(seed, ORDER_SALT)),
                time_limit,
            )
        except ValueError as err:
            say(f"yuletide: {err}")
            return 2
        table = _RealTime(
            state,
            seat=seat,
            robots=robots,
            windows=windows,
            scheduler=scheduler,
            say=say,
            clock=clock,
        )
    try:
        if state.players == 1:
            say(f"{state.title} — solo. (? for help)")
        else:
            others = "the other seat is a" if state.players == 2 else "the other seats are"
            plural = "" if state.players == 2 else "s"
            say(
                f"{state.title} — {state.players} players; you are seat {seat},"
                f" {others} {bots} bot{plural}. (? for help)"
            )
        if table is not None:
            say(
                f"This game is played in real time: the bots react in about {speed.mean:g}s;"
                " the time you take to type is your reaction time."
            )
        stop = _play_on(
            state,
            seat,
            stdin=stdin,
            say=say,
            table=table,
            robots=robots,
            windows=windows,
            bots=bots,
        )
        if state.outcome.over:
            say(format_outcome(state.outcome, seat))
        else:
            say(f"Stopped after {len(state.history)} actions; the game is not finished.")
        again = again_command(
            state.game_id,
            players=state.players,
            seed=seed,
            seat=seat,
            bots=bots,
            options=options,
            reaction=reaction_text,
            time_limit=time_limit,
        )
        say(f"The deal was seed {seed}: {again}")
    except BrokenPipeError:  # the output was closed (``| head``): keep the record, quietly
        _save_record(state, save, None)
        raise
    saved = _save_record(state, save, say)
    if stop == "interrupt":
        return 130
    return 0 if saved else 1


def _play_on(
    state: State,
    seat: int,
    *,
    stdin: TextIO,
    say: _Printer,
    table: _RealTime | None,
    robots: Mapping[int, Bot],
    windows: Mapping[int, SeatWindow],
    bots: str,
) -> str | None:
    """The game until it ends or the player stops; the stop reason (None: finished).
    Ends with the final events and, for a finished game, the final board."""
    shown = 0
    stop: str | None = None
    try:
        while stop is None:
            to_act = state.to_act
            if not to_act or state.outcome.over:
                break
            if table is not None:
                shown, stop = table.step(stdin, shown)
            elif seat in to_act:
                say()
                shown = _show_events(say, state, seat, shown)
                say(board(state, seat))
                stop = _human_turn(state, seat, stdin, say)
            else:
                bot_seat = min(to_act)  # several may act: bots in seat order
                action = robots[bot_seat].act(windows[bot_seat])
                if action is None:  # waiting is for real-time games only (bots.base.Bot)
                    raise ValueError(f"the {bots} bot at seat {bot_seat} returned no action")
                state.apply(bot_seat, action)
    except KeyboardInterrupt:
        say()
        stop = "interrupt"
    say()
    _show_events(say, state, seat, shown)
    if state.outcome.over:
        say(board(state, seat))
    return stop


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


class _RealTime:
    """Real-time terminal play: bots on the table clock, the player at the prompt."""

    def __init__(
        self,
        state: State,
        *,
        seat: int,
        robots: Mapping[int, Bot],
        windows: Mapping[int, SeatWindow],
        scheduler: Scheduler,
        say: _Printer,
        clock: Callable[[], float],
    ) -> None:
        self.state = state
        self.seat = seat
        self.robots = robots
        self.windows = windows
        self.scheduler = scheduler
        self.say = say
        self.clock = clock

    def _happen(self, due: Due) -> None:
        """Apply what came due (a bot's action, or one a time limit forces) and show it."""
        state, actor = self.state, due.seat
        if due.forced:
            action = forced_action(state, actor)
            assert action is not None  # a deadline exists only while an action is due
        else:
            chosen = self.robots[actor].act(self.windows[actor])
            if chosen is None:  # the bot lets the moment pass
                self.scheduler.acted(actor, due.time)
                return
            action = chosen
        label = state.action_seen_by(actor, action, self.seat)
        start = len(state.log)
        state.apply(actor, action)
        self.scheduler.acted(actor, due.time)
        events = state.events(self.seat, start)
        late = " (time is up)" if due.forced else ""
        if not events:
            self.say(f"  · {due.time:7.1f}s {_who(actor, self.seat)}{late}: {label}")
        for event in events:
            self.say(f"  · {due.time:7.1f}s {format_event(event, self.seat)}{late}")

    def _catch_up(self, until: float | None) -> None:
        """Apply everything due up to table time ``until`` (None: until the player may
        act or the game ends)."""
        state, scheduler = self.state, self.scheduler
        while not state.outcome.over:
            scheduler.sync(state)
            if until is None and self.seat in state.to_act:
                return
            due = scheduler.next_due(human=self.seat)
            if due is None or (until is not None and due.time > until):
                return
            self._happen(due)

    def step(self, stdin: TextIO, shown: int) -> tuple[int, str | None]:
        """One prompt: the bots play until the player may act, then the player's line
        arrives after the time they took. Returns (events shown up to, stop reason)."""
        state, seat, say = self.state, self.seat, self.say
        _show_events(say, state, seat, shown)
        self._catch_up(None)  # shows what happens as it happens
        shown = len(state.log)
        if state.outcome.over:
            return shown, None
        say()
        say(f"[table time {self.scheduler.now:.1f}s]")
        say(board(state, seat))
        legal = state.legal_actions(seat)
        say(format_actions(legal))
        say(PROMPT, end="")
        start = self.clock()
        line = stdin.readline()
        arrival = self.scheduler.now + max(0.0, self.clock() - start)
        if not line:
            say()
            return shown, "eof"
        text = line.strip()
        if text.lower() in QUIT_WORDS:
            return shown, "quit"
        self._catch_up(arrival)
        shown = len(state.log)
        if not text:
            return shown, None
        if text.lower() in HELP_WORDS:
            say(HELP_TEXT)
            return shown, None
        action: Action | str = text
        if _NUMBER.fullmatch(text):
            n = int(text)
            if not 1 <= n <= len(legal):
                say(f"There is no action {n}: choose 1 to {len(legal)}, or type the action.")
                return shown, None
            action = legal[n - 1]
        if state.outcome.over:
            say("Too late: the game ended while you were choosing.")
            return shown, None
        try:
            events = state.apply(seat, action)
        except YuletideError as err:  # IllegalAction (a bot got there first), NotationError
            say(f"Not allowed: {err}")
            return shown, None
        self.scheduler.acted(seat, arrival)
        if not events:
            say(f"  · {arrival:7.1f}s you: {state.history[-1][1]}")
        for event in events:
            say(f"  · {arrival:7.1f}s {format_event(event, seat)}")
        return len(state.log), None


def _save_record(state: State, save: str | None, say: _Printer | None) -> bool:
    """Write the replay record and say where (``say`` None: quietly)."""
    target = Path(save) if save else Path(f"{state.game_id}-{state.seed}.replay.json")
    text = json.dumps(state.record().to_dict(), indent=2) + "\n"
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        if say is not None:
            say(f"yuletide: could not save the replay record to {target}: {err}")
        return False
    if say is not None:
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
    except RecursionError as err:
        raise CorruptSave(f"{path} is not a replay record: JSON nested too deeply") from err
    except ValueError as err:  # includes UnicodeDecodeError
        raise CorruptSave(f"{path} is not a replay record: invalid JSON ({err})") from err
    if isinstance(data, dict) and "record" in data and "actions" not in data:
        data = data["record"]  # a full save (State.to_json()): replay its record
    try:
        return ReplayRecord.from_dict(data)
    except CorruptSave as err:
        raise CorruptSave(f"{path} is not a replay record: {err}") from err


def open_replay(path: str, seat: int | None) -> ReplayRecord:
    """The record in ``path``, checked to replay to the end and to have ``seat`` (None:
    a spectator); CorruptSave (unreadable, not a record, breaks halfway) or InvalidSeat
    says what is wrong. The whole record is replayed here, so a record that breaks
    halfway is reported before anything is shown rather than after half a game."""
    record = load_record(path)
    final = replay_record(record)
    if seat is not None:
        final.check_seat(seat)
    return record


def replay(path: str, *, seat: int | None, step: bool, stdin: TextIO, stdout: TextIO) -> int:
    """Show a saved game action by action as ``seat`` saw it (None: a spectator); the
    exit code (2: the file or the seat is wrong, with the reason)."""
    try:
        record = open_replay(path, seat)
    except YuletideError as err:  # CorruptSave, or InvalidSeat for a seat not in the game
        _Printer(stdout)(f"yuletide: {err}")
        return 2
    return show_replay(record, seat=seat, step=step, stdin=stdin, stdout=stdout)


def show_replay(
    record: ReplayRecord, *, seat: int | None, step: bool, stdin: TextIO, stdout: TextIO
) -> int:
    """Show a record checked by :func:`open_replay`, step by step (``step``: wait for
    Enter before each action) or all at once; the exit code (0)."""
    say = _Printer(stdout)
    state = new_game(record.game, players=record.players, seed=record.seed, **record.options)
    total = len(record.actions)
    watcher = "a spectator" if seat is None else f"seat {seat}"
    say(
        f"{state.title} — {record.players} players, seed {record.seed}, {total} actions;"
        f" shown as {watcher} saw it."
    )
    shown = _show_events(say, state, seat, 0)
    say(board(state, seat))
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
        say(board(state, seat))
    say()
    if state.outcome.over:
        say(format_outcome(state.outcome, seat))
    else:
        say(f"The record ends after {total} actions; the game was not finished.")
    return 0

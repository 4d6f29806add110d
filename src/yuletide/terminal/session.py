"""What the Textual table plays: a seat's window on a game, as table models and log lines.

A :class:`Session` is everything the app needs and nothing more: the seat's current
table model (``yuletide.table``), the log in words, the last move of each seat, a way to
act, and (once the game is over) the result with every card shown. Three kinds:

* :class:`LocalSession`: a game on this machine against bots. In turn-based games a bot
  acts after a short pause (``pace``) so its move can be seen; in real-time games the
  bots act on the table clock by their reaction times (the match runner's
  :class:`~yuletide.sim.match.Scheduler`), which runs with the wall clock, so their moves
  appear while the player thinks and the player's key acts on the table as it is now.
* :class:`ReplaySession`: a saved game, stepped back and forth as any seat.
* ``remote.RemoteSession``: a seat at a server table over the browser's protocol.

Every model is built from one seat's view, legal actions and events only, as the
server's frames are, so the terminal cannot show what the rules hide.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import table as table_model
from ..bots import make_bot
from ..bots.base import Bot, ReactionTime, SeatWindow
from ..core.registry import new_game
from ..core.rng import Rng, derive_seed
from ..core.simultaneous import forced_action, is_real_time
from ..core.state import ReplayRecord, State
from ..sim.match import ORDER_SALT, Scheduler
from ..table.hints import Hint, hint_words, prompt_moves
from ..table.model import LogLine, Table
from .names import People, Person, local_people, name_model, namer, person_label
from .transcript import BOT_REACTION

#: Seconds a turn-based bot waits before its move shows, so each move can be followed.
PACE = 0.6


class Session:
    """One seat's window on a game (subclasses fill it in)."""

    game_id: str = ""
    title: str = ""
    seat: int | None = None
    players: int = 0

    def __init__(self) -> None:
        self.log: list[LogLine] = []
        #: seat -> its last move in words (the log line its action produced).
        self.last: dict[int, str] = {}
        #: Bumped on every change, so the app redraws only when something happened.
        self.version = 0
        #: A note for the player ("Done for you: …", "Too late: …"), shown once.
        self.note = ""
        #: Who sits where (bots, players' names), so seats are named, not numbered.
        self.people: list[Person | None] = []
        #: The hint asked for (``h``): the position it is for, and the hint (None while
        #: it is worked out) or why there is none. Shown only at that position.
        self.hint_for: object = None
        self.hint: Hint | None = None
        self.hint_note = ""

    # hints (the strong bot's advice on your turn)
    def position(self) -> object:
        """What identifies the position now (a hint is for one position only)."""
        return self.version

    def hint_refusal(self) -> str | None:
        """Why no hint can be asked now, or None."""
        return "No hints here."

    def ask_hint(self) -> None:
        """Start working out a hint for the position now (shown as "Thinking…")."""
        self.hint_for, self.hint, self.hint_note = self.position(), None, ""
        self.version += 1

    def show_hint(self, at: object, hint: Hint | None, note: str = "") -> None:
        """The hint (or why there is none) for position ``at``: dropped if the table
        has moved on since."""
        if at != self.hint_for or at != self.position():
            return
        self.hint, self.hint_note = hint, note
        self.version += 1

    def hint_words(self) -> str | None:
        """The hint on show in words (names, not seats), "Thinking…" while it is worked
        out, or None: none asked at this position (it clears when anyone moves)."""
        if self.hint_for is None or self.hint_for != self.position():
            return None
        if self.hint is None:
            return self.hint_note or "Thinking…"
        return self.say(self.hint["text"]) or "No hint for this position."

    def say(self, text: str) -> str:
        """``text`` with its seat numbers as names ("Medium bot 2", "you")."""
        return namer(self.people, self.seat)(text)

    def named(self, model: Table) -> Table:
        return name_model(model, self.people, self.seat)

    def who(self, seat: int) -> str:
        """A seat by name ("you" for this window's own seat)."""
        return "you" if seat == self.seat else person_label(self.people, seat)

    # what the app reads
    def model(self) -> Table | None:
        raise NotImplementedError

    def over(self) -> bool:
        raise NotImplementedError

    def reveal(self) -> Table | None:
        """After the end: the table with every card shown (None: not known here)."""
        return None

    def clock(self) -> float | None:
        """Table time in seconds in a real-time game, else None."""
        return None

    def banner(self) -> str:
        return self.title

    # what the app does
    def act(self, sends: Sequence[str]) -> str | None:
        """Send the engine actions of one choice; the reason in words if refused."""
        raise NotImplementedError

    def tick(self, now: float) -> bool:
        """Let time pass (bots act, clocks run); True if anything changed."""
        return False

    def close(self) -> None:
        """The player leaves."""

    def _add_lines(self, lines: Sequence[LogLine], actor: int | None) -> None:
        """New log lines; the actor's (or each seat's) first line is its last move."""
        self.log.extend(lines)
        seen: set[int] = set()
        for ln in lines:
            s = ln.get("seat")
            if s is None or s in seen or (actor is not None and s != actor):
                continue
            seen.add(s)
            self.last[s] = ln["text"]
        self.version += 1


class LocalSession(Session):
    """A game on this machine: the player at ``seat``, bots at the other seats."""

    def __init__(
        self,
        state: State,
        seat: int,
        *,
        bots: str,
        seed: int,
        pace: float = PACE,
        reaction: ReactionTime | None = None,
        time_limit: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        name: str | None = None,
    ) -> None:
        super().__init__()
        self.state = state
        self.game_id = state.game_id
        self.title = state.title
        self.seat = seat
        self.me = seat
        self.players = state.players
        self.bots_name = bots
        self.people = list(local_people(state.players, seat, bots, name))
        self.pace = pace
        self.wall = clock
        self.robots: dict[int, Bot] = {
            s: make_bot(bots, derive_seed(seed, 100 + s), state.game_id)
            for s in range(state.players)
            if s != seat
        }
        self.windows = {s: SeatWindow(state, s) for s in self.robots}
        self.realtime = is_real_time(state)
        self.speed = reaction or BOT_REACTION
        self.scheduler: Scheduler | None = None
        if self.realtime:
            self.scheduler = Scheduler(
                [None if s == seat else self.speed for s in range(state.players)],
                Rng(derive_seed(seed, ORDER_SALT)),
                time_limit,
            )
            self.scheduler.sync(state)
        self._started = clock()
        self._changed = clock()
        self._shown = 0
        self._model: Table | None = None
        self._model_version = -1
        self._catch_log(None)

    # ------------------------------------------------------------- reading
    def banner(self) -> str:
        if self.players == 1:
            return f"{self.title} — solo"
        others = "bot" if self.players == 2 else "bots"
        return f"{self.title} — you and {self.players - 1} {self.bots_name} {others}"

    def model(self) -> Table:
        if self._model is None or self._model_version != self.version:
            st, seat = self.state, self.me
            legal = [] if st.outcome.over else [str(a) for a in st.legal_actions(seat)]
            self._model = self.named(table_model.build(self.game_id, st.view(seat), legal, seat))
            self._model_version = self.version
        return self._model

    def over(self) -> bool:
        return self.state.outcome.over

    def reveal(self) -> Table | None:
        shown = reveal_of(self.state, self.me)
        return None if shown is None else self.named(shown)

    def clock(self) -> float | None:
        if self.scheduler is None:
            return None
        return self.wall() - self._started

    # ------------------------------------------------------------- acting
    def _catch_log(self, actor: int | None) -> None:
        lines = [
            table_model.describe(self.game_id, e, self.seat)
            for e in self.state.events(self.seat, self._shown)
        ]
        self._shown = len(self.state.log)
        self._add_lines(lines, actor)
        self._changed = self.wall()

    def act(self, sends: Sequence[str]) -> str | None:
        st = self.state
        if st.outcome.over:
            return "The game is over."
        now = self.clock()
        if self.scheduler is not None and now is not None:
            self._catch_up(now)  # whatever came due first happens first
        for i, text in enumerate(sends):
            if self.me not in st.to_act:
                self.note = "Too late: the table moved on before your move arrived."
                return self.note if i == 0 else None
            try:
                st.apply(self.me, text)
            except ValueError as err:  # IllegalAction / NotationError: nothing changed
                return _plain(str(err), late=self.realtime)
            if self.scheduler is not None and now is not None:
                self.scheduler.acted(self.me, now)
            self._catch_log(self.seat)
        if self.scheduler is not None:
            self.scheduler.sync(st)
        return None

    def position(self) -> object:
        return len(self.state.history)

    def hint_refusal(self) -> str | None:
        st = self.state
        if st.outcome.over:
            return "The game is over: no hints."
        if self.me not in st.to_act or not st.legal_actions(self.me):
            return "A hint is for your turn: ask when you may act."
        if self.hint_for == self.position() and self.hint is None and not self.hint_note:
            return "A hint is being worked out: one at a time."
        return None

    def hint_job(self) -> tuple[object, Callable[[], Hint]]:
        """The position now and the work of its hint (run off the app's loop: the
        strong bot's search from this seat's window, on a snapshot)."""
        snapshot = self.state.clone()
        at = self.position()
        seat = self.me

        def work() -> Hint:
            from ..bots.hints import hint_evaluation  # noqa: PLC0415 (the search, on demand)

            # seeded by the position, never by the game's seed (which deals the cards)
            salt = zlib.crc32(self.game_id.encode())
            legal = [str(a) for a in snapshot.legal_actions(seat)]
            model = table_model.build(self.game_id, snapshot.view(seat), legal, seat)
            found = hint_evaluation(
                snapshot,
                seat,
                seed=derive_seed(salt, len(snapshot.history)),
                moves=prompt_moves(model),
            )
            return hint_words(found, model)

        return at, work

    def bot_to_move(self) -> int | None:
        """The bot seat to act next in a turn-based game, once the pause is over."""
        st = self.state
        if self.realtime or st.outcome.over:
            return None
        waiting = sorted(s for s in st.to_act if s in self.robots)
        if not waiting or self.wall() - self._changed < self.pace:
            return None
        return waiting[0]

    def choose(self, bot_seat: int) -> str:
        """A bot's action as notation (may think a while: the app runs it off the loop)."""
        action = self.robots[bot_seat].act(self.windows[bot_seat])
        if action is None:
            raise ValueError(f"{person_label(self.people, bot_seat)} returned no action")
        return str(action)

    def apply_bot(self, bot_seat: int, text: str) -> None:
        self.state.apply(bot_seat, text)
        self._catch_log(bot_seat)

    def tick(self, now: float) -> bool:
        if self.scheduler is None or self.state.outcome.over:
            return False
        before = self.version
        self._catch_up(now - self._started)
        return self.version != before

    def _catch_up(self, until: float) -> None:
        """Apply everything due on the table clock up to ``until`` seconds."""
        st, sched = self.state, self.scheduler
        assert sched is not None
        while not st.outcome.over:
            sched.sync(st)
            due = sched.next_due(human=self.seat)
            if due is None or due.time > until:
                return
            actor = due.seat
            if due.forced:
                action = forced_action(st, actor)
                assert action is not None
            else:
                chosen = self.robots[actor].act(self.windows[actor])
                if chosen is None:  # the bot lets the moment pass
                    sched.acted(actor, due.time)
                    continue
                action = chosen
            st.apply(actor, action)
            sched.acted(actor, due.time)
            self._catch_log(actor)

    def record(self) -> ReplayRecord:
        return self.state.record()


class ReplaySession(Session):
    """A saved game shown step by step as ``seat`` saw it (None: a spectator); every card
    is shown once the last step of a finished game is reached."""

    def __init__(
        self, record: ReplayRecord, seat: int | None, people: People | None = None
    ) -> None:
        super().__init__()
        self.people = list(people or [])
        self.record_ = record
        self.game_id = record.game
        self.players = record.players
        self.seat = seat
        self.total = len(record.actions)
        self.step = 0
        self.state = self._state_at(0)
        self.title = self.state.title
        self._rebuild()

    def _state_at(self, n: int) -> State:
        r = self.record_
        st = new_game(r.game, players=r.players, seed=r.seed, **r.options)
        for actor, text in r.actions[:n]:
            st.apply(actor, text)
        return st

    def _rebuild(self) -> None:
        self.log = []
        self.last = {}
        self.state = st = new_game(
            self.game_id, players=self.players, seed=self.record_.seed, **self.record_.options
        )
        shown = 0
        self._add_lines(
            [table_model.describe(self.game_id, e, self.seat) for e in st.events(self.seat)],
            None,
        )
        shown = len(st.log)
        for actor, text in self.record_.actions[: self.step]:
            st.apply(actor, text)
            lines = [
                table_model.describe(self.game_id, e, self.seat)
                for e in st.events(self.seat, shown)
            ]
            shown = len(st.log)
            self._add_lines(lines, actor)
        self.version += 1

    def go(self, step: int) -> None:
        """Jump to just after action ``step`` (0: the deal), clamped to the record."""
        step = max(0, min(self.total, step))
        if step != self.step:
            self.step = step
            self._rebuild()

    def watch_as(self, seat: int | None) -> None:
        self.seat = seat
        self._rebuild()

    def banner(self) -> str:
        if self.seat is None:
            who = "a spectator"
        else:  # its player's name when the save says who sat where
            who = person_label(self.people, self.seat) if self.people else f"seat {self.seat + 1}"
        return f"Replay of {self.title} — step {self.step} of {self.total}, as {who} saw it"

    def model(self) -> Table:
        st = self.state
        if st.outcome.over and self.step == self.total:
            shown = reveal_of(st, self.seat)
            assert shown is not None
            return self.named(shown)
        return self.named(table_model.build(self.game_id, st.view(self.seat), [], self.seat))

    def over(self) -> bool:
        return self.state.outcome.over and self.step == self.total

    def act(self, sends: Sequence[str]) -> str | None:
        return "This is a replay: nobody acts."


def reveal_of(state: State, seat: int | None = None) -> Table | None:
    """The end-of-game table with every card shown (None while the game runs), in the
    words of ``seat``'s own table (None: a spectator's): ``table.reveal`` takes each zone
    from the seat model that shows most of it, so its label would be that seat's
    ("Your hand" under another seat's name); the labels, seats and result here are the
    viewer's."""
    if not state.outcome.over:
        return None
    g = state.game_id
    models = [table_model.build(g, state.view(s), [], s) for s in range(state.players)]
    spectator = table_model.build(g, state.view(None), [], None)
    out = table_model.reveal(models, spectator)
    base = spectator if seat is None else models[seat]
    labels = {z["id"]: z["label"] for z in base["zones"]}
    out["zones"] = [{**z, "label": labels.get(z["id"], z["label"])} for z in out["zones"]]
    out["seats"] = base["seats"]
    out["seat"] = base["seat"]
    out["result"] = base["result"] or out["result"] or models[0]["result"]
    return out


def _plain(message: str, *, late: bool) -> str:
    """An engine refusal in the player's words: in a race the usual cause is that the
    table moved on, so it says that first rather than read as a broken rule."""
    if late:
        return f"Not now: the table changed before your move arrived ({message})."
    return f"Not allowed: {message}"


# ------------------------------------------------------------------ saving


def save_record(record: ReplayRecord, target: Path, people: People | None = None) -> None:
    """Write the record; ``people`` (who sat where) go beside it, so a replay names them."""
    target.parent.mkdir(parents=True, exist_ok=True)
    data = record.to_dict()
    if people:
        data["people"] = list(people)
    target.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def saved_people(path: Path | str, players: int) -> list[Person | None]:
    """Who sat where in a saved game (empty when the file does not say)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    rows = data.get("people") if isinstance(data, dict) else None
    if not isinstance(rows, list) or len(rows) != players:
        return []
    out: list[Person | None] = []
    for row in rows:
        ok = isinstance(row, dict) and row.get("kind") in ("bot", "human")
        name = row.get("name") if ok else None
        out.append(
            {"kind": row["kind"], "name": name if isinstance(name, str) else ""} if ok else None
        )
    return out


def new_state(game_id: str, players: int | None, seed: int, options: Mapping[str, Any]) -> State:
    return new_game(game_id, players=players, seed=seed, **dict(options))

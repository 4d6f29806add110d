"""The Textual table: one seat's table model drawn in a terminal, played by keys.

The screen, top to bottom: a banner (game, who you are, whose turn; the clock in a
real-time game), the table (other seats with their last move, the middle; scrolls),
your own area (always on screen), what you are asked (with the move you are building
and a note), and the choices. From 120 columns the log in words sits at the right;
narrower, ``l`` opens it.

Keys: ←/→ (or Tab) move the ▶ cursor over the cards, piles and players you may pick;
Space picks it; ↑/↓ and Enter (or 1 to 9) take a choice from the list; Esc or Backspace
goes back a step; ``h`` asks the strong bot for a hint on your turn (worked out off
the screen's loop: "Thinking…", then the advice under the prompt; it clears when anyone
moves); ``n`` shows or hides the notes under each pile; ``l`` the log;
``?`` help; ``q`` leaves (a local game is saved). A move made in steps (a card, then
where it goes) is the browser's: the same :class:`~.chooser.Chooser` over the same
prompt. When only one thing can be done in a turn-based game, it is done for you.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ..table.model import PromptAction, Table
from . import draw
from .chooser import Chooser, only_action
from .remote import RemoteSession
from .session import LocalSession, ReplaySession, Session

#: Columns from which the log sits beside the table.
WIDE = 120

HELP = """\
[b]Keys[/b]

  ←  →  or Tab     move the ▶ cursor over what you may pick on the table
  Space            pick the card, pile or player under the cursor
  ↑  ↓  Enter      take a choice from the list (or press its number, 1–9)
  Esc, Backspace   go back a step (unpick, close a question)
  h                a hint: the strong bot's advice for your turn, with chances to win
  n                show or hide the notes under the piles
  l                the log, in words (scrolls)
  q                leave (a game on this machine is saved: resume it with --resume)

[b]Marks[/b]  ▶ cursor   › you may pick it   ✓ picked   ◆ touched by the last move
          ⏵ may act now   ▒ a card you cannot see   [ ] an empty place

Every colour shows its glyph and name:  ♥ Red  ♣ Green  ★ Yellow  ♦ Blue  ♠ Purple  ✿ Pink

Esc closes this."""


class TextScreen(ModalScreen[None]):
    """A scrollable page of text over the table (the log, the help)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,l,question_mark", "dismiss", "Close"),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 95%; height: 90%; border: round $accent;
        background: $surface; padding: 0 1; }
    """

    def __init__(self, content: Text | str, *, end: bool = False) -> None:
        super().__init__()
        self.content = content
        self.end = end

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page"):
            yield Static(self.content, id="page-text")

    def on_mount(self) -> None:
        page = self.query_one("#page", VerticalScroll)
        page.focus()
        if self.end:
            page.scroll_end(animate=False)

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


class TableApp(App[int]):
    """Play (or watch) one seat's table. The exit value is the process's exit code."""

    #: On a short screen the banner takes one line (a replay keeps whose eyes it shows).
    short_banner: ClassVar[bool] = True

    TITLE = "Yuletide"
    CSS = """
    Screen { layout: vertical; }
    #banner { height: auto; max-height: 2; background: $primary-background; padding: 0 1; }
    #body { height: 1fr; }
    #main { width: 1fr; }
    #table { height: 1fr; padding: 0 1; }
    #mine { height: auto; max-height: 9; padding: 0 1; border-top: hkey $accent; }
    #logpane { width: 44; display: none; border-left: vkey $accent; padding: 0 1; }
    #status { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    #actions { height: auto; max-height: 6; border: none; padding: 0; }
    #actions:focus { border: none; }
    Screen.short #mine { border-top: none; background: $boost; }
    Screen.short Footer { display: none; }
    Screen.short #actions { max-height: 4; }
    Screen.short #status { max-height: 3; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,tab", "cursor(1)", "Next", show=False, priority=True),
        Binding("left,shift+tab", "cursor(-1)", "Prev", show=False, priority=True),
        Binding("space", "pick", "Pick ▶", priority=True),
        Binding("escape,backspace", "undo", "Back", priority=True),
        Binding("h", "hint", "Hint"),
        Binding("l", "log", "Log"),
        Binding("n", "notes", "Notes", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Leave"),
        *[Binding(str(i), f"number({i})", show=False) for i in range(1, 10)],
    ]

    def __init__(
        self,
        session: Session,
        *,
        mono: bool = False,
        wall: Callable[[], float] = time.monotonic,
        tick: float = 0.05,
    ) -> None:
        if mono:
            os.environ["NO_COLOR"] = "1"  # Textual reads (and removes) it: its monochrome
        super().__init__()
        self.session = session
        self.mono = mono
        self.wall = wall
        self.tick_every = tick
        self.chooser = Chooser()
        self.cursor = 0
        self.notes = False
        self.thinking = False
        self.pending: list[str] | None = None
        self.drawn = -1
        self.choice_ids: list[str] = []
        self.shown_model: Table | None = None
        self.message = ""
        self.auto_done: Table | None = None
        #: The hint the ▶ cursor was last moved for.
        self._hinted: object = None
        #: The table is too long for the screen: drawn tight (kept until the size changes).
        self.short = False
        #: What each Static and the choice list show now (to leave them be if unchanged).
        self._shown: dict[str, Text] = {}
        self._listed: list[tuple[str | None, bool, Any]] = []
        #: Whether the whole table fits, worked out once a table, screen and pick.
        self._fits: dict[tuple[int, int, int, bool, int], bool] = {}

    # -------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                with VerticalScroll(id="table", can_focus=False):
                    yield Static(id="board")
                yield Static(id="mine")
            with VerticalScroll(id="logpane", can_focus=False):
                yield Static(id="logtext")
        yield Static(id="status")
        yield OptionList(id="actions")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#actions", OptionList).focus()
        self._layout(self.size.width)
        self.redraw()
        self.call_after_refresh(self._redraw_sized)
        self.set_interval(self.tick_every, self._tick)

    def _redraw_sized(self) -> None:
        """Once the layout has its sizes: draw again at the real width."""
        self.drawn = -1
        self.redraw()

    def on_resize(self, event: Any) -> None:
        self._layout(event.size.width)
        self.short = False
        self.screen.set_class(False, "short")
        self.drawn = -1
        self.redraw()

    def _layout(self, width: int) -> None:
        self.query_one("#logpane").display = width >= WIDE

    # -------------------------------------------------------------- time
    async def _tick(self) -> None:
        try:
            await self._advance()
        except NoMatches:  # the app is closing: its widgets are gone
            return

    async def _advance(self) -> None:
        s = self.session
        if isinstance(s, LocalSession) and not s.over():
            if s.realtime:
                s.tick(self.wall())
            elif not self.thinking:
                # one bot move a tick (each is seen); all at once when there is no pause
                for _ in range(1 if s.pace > 0 else 200):
                    bot = s.bot_to_move()
                    if bot is None:
                        break
                    self.thinking = True
                    try:
                        text = await asyncio.to_thread(s.choose, bot)
                        s.apply_bot(bot, text)
                    finally:
                        self.thinking = False
                    if self.pending is not None:
                        sends, self.pending = self.pending, None
                        self._send(sends)
                        break
        await self._poll()
        self._auto()
        if self.session.version != self.drawn:
            self.redraw()
        elif self.session.clock() is not None:
            self._banner()

    async def _poll(self) -> None:
        """Hook for sessions fed from outside (a server table)."""

    def _auto(self) -> None:
        """Do the one thing there is to do (turn-based games only)."""
        s = self.session
        if s.over() or self.thinking or isinstance(s, ReplaySession):
            return
        model = s.model()
        if model is None or s.seat not in _to_act(model):
            return
        forced = only_action(model["prompt"], model["realtime"])
        if forced is not None and not self.chooser.busy() and model is not self.auto_done:
            pace = getattr(s, "pace", 0.0)
            changed = getattr(s, "_changed", 0.0)
            if self.wall() - changed >= pace:
                self.message = f"Done for you (the only move): {forced['label']}"
                self.auto_done = model  # once per table: a server's answer takes a moment
                self._send(forced["send"])

    # -------------------------------------------------------------- acting
    def _send(self, sends: list[str]) -> None:
        if self.thinking:
            self.pending = list(sends)
            self.message = "Your move is in: it is made as soon as the bot has moved."
            self.redraw()
            return
        refused = self.session.act(sends)
        self.chooser.reset()
        self.cursor = 0
        if refused:
            self.message = refused
        # drawn at the next tick, with the bots' answers if they come at once: one
        # layout instead of two
        self.drawn = -1

    def choose(self, action: PromptAction) -> None:
        self.message = ""
        self._send(action["send"])

    def action_cursor(self, step: int) -> None:
        refs = self.chooser.next_refs()
        if refs:
            self.cursor = (self.cursor + step) % len(refs)
            self.drawn = -1
            self.redraw()

    def action_pick(self) -> None:
        refs = self.chooser.next_refs()
        if not refs:
            return
        picked = self.chooser.pick(refs[self.cursor % len(refs)])
        self.cursor = 0
        if picked.choose is not None:
            self.choose(picked.choose)
        else:
            self.drawn = -1
            self.redraw()

    def action_undo(self) -> None:
        if self.chooser.back():
            self.cursor = 0
            self.drawn = -1
            self.redraw()

    def action_number(self, n: int) -> None:
        if 0 < n <= len(self.choice_ids):
            self._take(self.choice_ids[n - 1])

    def action_notes(self) -> None:
        self.notes = not self.notes
        self.drawn = -1
        self.redraw()

    def action_hint(self) -> None:
        """Ask for a hint: worked out in a thread (a game here) or by the server."""
        s = self.session
        why = s.hint_refusal()
        if why is not None:
            self.message = why
        else:
            self.message = ""
            s.ask_hint()
            if isinstance(s, LocalSession):
                self.run_worker(self._local_hint(s), group="hint")
        self.drawn = -1
        self.redraw()

    async def _local_hint(self, s: LocalSession) -> None:
        at, work = s.hint_job()
        try:
            found = await asyncio.to_thread(work)
        except Exception as err:  # the search failed: said, and the game goes on
            s.show_hint(at, None, f"No hint this time ({err}).")
            return
        s.show_hint(at, found)
        self.drawn = -1

    def action_log(self) -> None:
        self.push_screen(TextScreen(self._log_text(), end=True))

    def action_help(self) -> None:
        self.push_screen(TextScreen(Text.from_markup(HELP)))

    def action_leave(self) -> None:
        self.session.close()
        self.exit(0)

    @on(OptionList.OptionSelected, "#actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self._take(event.option.id)

    def _take(self, option_id: str) -> None:
        """An entry of the choice list: an action, a form to open, a form's option, the
        form's send line."""
        kind, _, rest = option_id.partition(":")
        c = self.chooser
        if kind == "act":
            for a in c.candidates():
                if a["id"] == rest:
                    self.choose(a)
                    return
        elif kind == "form":
            c.open_form(rest)
        elif kind == "opt":
            i, j = (int(x) for x in rest.split(","))
            c.toggle(i, j)
        elif kind == "send" and c.form_complete():
            sends = c.form_sends()
            self.message = ""
            self._send(sends)
            return
        self.drawn = -1
        self.redraw()

    # -------------------------------------------------------------- drawing
    def _banner(self) -> None:
        s = self.session
        model = self.shown_model
        text = Text(s.banner(), style="bold")
        clock = s.clock()
        if clock is not None and not s.over():
            text.append(f"  ⏱ {clock:5.1f}s", style="bold")
        if model is not None:
            if self.short and self.short_banner:  # one line: the game, what is happening
                text = Text(f"{s.title} · ", style="bold")
                if clock is not None and not s.over():
                    text.append(f"⏱ {clock:5.1f}s ", style="bold")
                text.append(model["headline"])
            else:
                text.append("\n" + model["headline"])
        self._show("#banner", text)

    def _show(self, selector: str, text: Text) -> None:
        """Put ``text`` in a Static, unless it shows that already (an update lays the
        screen out again: a cursor move changes the table, not the rest)."""
        before = self._shown.get(selector)
        if before != text:
            self._shown[selector] = text
            # the same line lengths (a mark moved): the same size, so no new layout
            same = before is not None and _shape(before) == _shape(text)
            self.query_one(selector, Static).update(text, layout=not same)

    def _log_text(self) -> Text:
        out = Text()
        for i, ln in enumerate(self.session.log):
            if i:
                out.append("\n")
            mark = "◆ " if i == len(self.session.log) - 1 else "· "
            out.append(mark + self.session.say(ln["text"]))
        return out

    def redraw(self) -> None:
        s = self.session
        self.drawn = s.version
        model = s.model()
        if model is None:
            self._show("#status", Text("Connecting to the table…"))
            return
        over = s.over()
        if over:
            model = s.reveal() or model
        self.shown_model = model
        c = self.chooser
        c.set_prompt(model["prompt"] if not over else None)
        refs = c.next_refs()
        self.cursor = self.cursor % len(refs) if refs else 0
        hint = s.hint if s.hint_words() is not None else None
        if hint is not None and hint is not self._hinted:
            self._hinted = hint  # a new hint: the ▶ goes to its move's first pick
            first = hint["moves"][0]["refs"][:1] if hint["moves"] else []
            if first and first[0] in refs and not c.partial:
                self.cursor = refs.index(first[0])
        last = s.log[-1]["refs"] if s.log else []
        marks = draw.Marks(
            cursor=refs[self.cursor] if refs else None,
            pickable=set(refs),
            picked=set(c.partial),
            last=set(last),
            mono=self.mono,
            seat_last={seat: s.say(text) for seat, text in s.last.items()},
        )
        main_width = self.query_one("#main").size.width or self.size.width
        width = max(20, main_width - 2)
        room = self.query_one("#table", VerticalScroll).size.height
        key = (s.version, room, width, self.notes, len(c.partial))
        fits = self._fits.get(key)
        if fits is not False:
            board = draw.table_text(model, marks, width, notes=self.notes)
            if fits is None:  # once a table (moving the cursor does not change its size)
                fits = room <= 0 or len(board.wrap(self.console, width)) <= room
                self._fits = {key: fits}
        # a short screen: the banner in one line and no key line (? shows the keys; kept
        # until the window is resized), and while the table still does not fit, the
        # others' areas in two lines a seat (two columns less: the scroll bar)
        short = self.short or not fits
        if not fits:
            board = draw.table_text(model, marks, width - 2, notes=self.notes, tight=True)
        if short != self.short:
            self.short = short
            self.screen.set_class(short, "short")
            self.call_after_refresh(self._redraw_sized)  # again, in the room it now has
        self._show("#board", board)
        self._show("#mine", draw.mine_text(model, marks, width, notes=self.notes, tight=short))
        line = draw.find_line(board)
        if line >= 0:
            self.query_one("#table", VerticalScroll).scroll_to(y=max(0, line - 2), animate=False)
        if self.query_one("#logpane").display:
            self._show("#logtext", self._log_text())
            self.query_one("#logpane", VerticalScroll).scroll_end(animate=False)
        self._banner()
        self._status(model, refs, over)
        self._choices(model, over)

    def _status(self, model: Table, refs: list[str], over: bool) -> None:
        out = Text()
        result = model["result"]
        if over and result is not None:
            width = self.query_one("#status", Static).size.width or self.size.width
            out.append_text(draw.result_text(result, model, max(40, width - 2)))
            out.append("\nEvery card is shown. l: the log; q: leave.", style="dim")
            self.query_one("#status", Static).styles.max_height = 14
            self._show("#status", out)
            return
        c = self.chooser
        out.append(model["prompt"]["text"], style="bold")
        if c.partial:
            out.append("\nPicked: ")
            out.append(" › ".join(draw.describe_ref(model, r) for r in c.partial))
            out.append("   (Esc: back)", style="dim")
        elif refs:
            out.append("\n▶ " + draw.describe_ref(model, refs[self.cursor]))
            out.append("   ←/→ move, Space picks", style="dim")
        if c.form is not None:
            out.append("\n" + c.sentence(), style="italic")
        hint = self.session.hint_words()
        status = self.query_one("#status", Static)
        status.styles.max_height = 8 if hint else None
        if hint:
            out.append("\nHint: ", style="bold green")
            out.append(hint)
        if self.message:
            out.append("\n" + self.message, style="bold")
        elif not model["prompt"]["actions"] and not model["prompt"]["forms"]:
            last = self.session.say(self.session.log[-1]["text"]) if self.session.log else ""
            if last:
                out.append("\n◆ " + last, style="italic")
        self._show("#status", out)

    def _choices(self, model: Table, over: bool) -> None:
        ol = self.query_one("#actions", OptionList)
        keep = ol.highlighted_option.id if ol.highlighted_option is not None else None
        options: list[Option] = []
        c = self.chooser
        if over:
            options.append(Option("Leave (q)", id="leave", disabled=True))
        elif c.form is not None:
            form = c.form.form
            for i, fld in enumerate(form["fields"]):
                options.append(Option(Text(fld["label"], style="bold"), disabled=True))
                for j, ch in enumerate(fld["choices"]):
                    box = "[x]" if j in c.form.chosen[i] else "[ ]"
                    label = Text(f"  {box} ")
                    if "colour" in ch:
                        label.append_text(draw.swatch(ch["colour"], self.mono))
                        if ch["colour"]["label"] not in ch["label"]:
                            label.append(" " + ch["label"])
                    else:
                        label.append(ch["label"])
                    options.append(Option(label, id=f"opt:{i},{j}", disabled=not c.available(i, j)))
            options.append(
                Option(
                    Text(
                        "→ Ask: " + c.sentence() if c.form_complete() else "(fill every part)",
                        style="bold",
                    ),
                    id="send",
                    disabled=not c.form_complete(),
                )
            )
        else:
            for a in c.candidates():
                options.append(Option(a["label"], id=f"act:{a['id']}"))
            if not c.partial:
                for f in c.forms:
                    options.append(Option(f"{f['label']}…", id=f"form:{f['id']}"))
        numbered = [o for o in options if o.id and not o.disabled]
        self.choice_ids = [o.id for o in numbered if o.id is not None][:9]
        shown: list[Option] = []
        for o in options:
            if o.id in self.choice_ids:
                n = self.choice_ids.index(o.id) + 1
                prompt = Text(f"{n} ")
                prompt.append_text(o.prompt if isinstance(o.prompt, Text) else Text(str(o.prompt)))
                shown.append(Option(prompt, id=o.id, disabled=o.disabled))
            else:
                lead = "  " if o.id and not o.disabled else ""
                p = o.prompt if isinstance(o.prompt, Text) else Text(str(o.prompt))
                shown.append(Option(Text(lead) + p, id=o.id, disabled=o.disabled))
        same = [(o.id, o.disabled, o.prompt) for o in shown]
        if same == self._listed:
            return  # the same list (a cursor move): kept as it is, with its highlight
        self._listed = same
        ol.clear_options()
        ol.add_options(shown)
        if keep is not None:
            try:
                ol.highlighted = ol.get_option_index(keep)
            except Exception:
                ol.highlighted = 0 if shown else None
        elif shown:
            ol.highlighted = 0


def _shape(text: Text) -> list[int]:
    """The width of each line of ``text`` (equal shapes wrap alike)."""
    return [cell_len(line) for line in text.plain.split("\n")]


def _to_act(model: Table) -> set[int]:
    return {s["seat"] for s in model["seats"] if s["to_act"]}


class ReplayApp(TableApp):
    """A saved game: ←/→ step back and forth, Home/End, ``g`` jump to a step, ``s`` watch
    as the next seat (or a spectator); everything is shown after the last step."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Next", priority=True),
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True),
        Binding("home", "jump_to(0)", "Start", show=False, priority=True),
        Binding("end", "jump_to(-1)", "End", show=False, priority=True),
        Binding("g", "goto", "Go to step"),
        Binding("s", "seat", "Seat"),
        Binding("l", "log", "Log"),
        Binding("n", "notes", "Notes", show=False),
        Binding("q,escape", "leave", "Leave"),
        Binding("space,backspace,h", "nothing", show=False, priority=True),  # nothing to pick
    ]

    short_banner: ClassVar[bool] = False

    def __init__(self, session: ReplaySession, *, mono: bool = False) -> None:
        super().__init__(session, mono=mono)
        self.replay = session

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Input(placeholder="step number, then Enter", id="goto")

    def on_mount(self) -> None:
        self.query_one("#goto", Input).display = False
        super().on_mount()

    def action_nothing(self) -> None:
        """Keys of the playing table that mean nothing in a replay."""

    def action_step(self, n: int) -> None:
        self.replay.go(self.replay.step + n)
        self.redraw()

    def action_jump_to(self, n: int) -> None:
        self.replay.go(self.replay.total if n < 0 else n)
        self.redraw()

    def action_seat(self) -> None:
        seats: list[int | None] = [None, *range(self.replay.players)]
        self.replay.watch_as(seats[(seats.index(self.replay.seat) + 1) % len(seats)])
        self.redraw()

    def action_goto(self) -> None:
        box = self.query_one("#goto", Input)
        box.display = True
        box.value = ""
        box.focus()

    @on(Input.Submitted, "#goto")
    def _went(self, event: Input.Submitted) -> None:
        event.input.display = False
        text = event.value.strip()
        if text.isdigit():
            self.replay.go(int(text))
            self.message = ""
        elif text:
            self.message = f"A step is a number from 0 to {self.replay.total}, got {text!r}."
        self.query_one("#actions", OptionList).focus()
        self.redraw()

    def _status(self, model: Table, refs: list[str], over: bool) -> None:
        if over:
            super()._status(model, refs, over)
            return
        r = self.replay
        out = Text(f"Step {r.step} of {r.total}", style="bold")
        if r.log:
            out.append("\n◆ " + r.say(r.log[-1]["text"]))
        out.append("\n←/→ step · g go to a step · s watch as another seat · l log", style="dim")
        if self.message:
            out.append("\n" + self.message, style="bold")
        self._show("#status", out)

    def _choices(self, model: Table, over: bool) -> None:
        ol = self.query_one("#actions", OptionList)
        ol.clear_options()
        self.choice_ids = []


class RemoteApp(TableApp):
    """A seat at a server table: frames arrive from the server as they happen."""

    def __init__(self, session: RemoteSession, *, mono: bool = False) -> None:
        super().__init__(session, mono=mono)
        self.remote = session

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(self.remote.run(), exclusive=True, name="table connection")

    def action_leave(self) -> None:
        self.session.close()
        self.workers.cancel_all()
        self.exit(0)

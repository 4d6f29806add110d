"""Helpers for the Textual table's tests: a table app on a game, and a player made of key
presses (Pilot) that plays to the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import OptionList

import yuletide
from yuletide.bots.base import ReactionTime
from yuletide.core.state import State
from yuletide.terminal.app import TableApp
from yuletide.terminal.session import LocalSession

SIZE = (80, 24)
SNAPSHOTS = Path(__file__).parent / "snapshots"

#: Fast bots for real-time tests: the game still runs on the wall clock.
QUICK = ReactionTime(0.05, 0.02)


def local_app(
    game: str,
    *,
    seed: int = 3,
    players: int | None = None,
    bots: str = "random",
    pace: float = 0.0,
    reaction: ReactionTime | None = QUICK,
    wall: Callable[[], float] | None = None,
    state: State | None = None,
    mono: bool = False,
) -> TableApp:
    st = state if state is not None else yuletide.new_game(game, players=players, seed=seed)
    kwargs = {} if wall is None else {"clock": wall}
    session = LocalSession(st, 0, bots=bots, seed=seed, pace=pace, reaction=reaction, **kwargs)
    return TableApp(session, mono=mono, **({} if wall is None else {"wall": wall}), tick=0.02)


async def wait_for(pilot: Pilot[int], ready: Callable[[], bool], *, seconds: float = 20.0) -> None:
    """Let the app run until ``ready()`` (no fixed sleeps: polls in small pauses)."""
    loops = int(seconds / 0.02)
    for _ in range(loops):
        if ready():
            return
        await pilot.pause(0.02)
    raise AssertionError("the app did not get there in time")


def my_turn(app: TableApp) -> bool:
    s = app.session
    if s.over():
        return True
    model = s.model()
    return model is not None and bool(model["prompt"]["actions"] or model["prompt"]["forms"])


async def play_by_keys(
    pilot: Pilot[int], app: TableApp, *, seed: int = 0, max_moves: int = 3000
) -> dict[str, int]:
    """Play the human seat to the end by keys alone; how often each kind of key was used.

    Each move is made one of the ways a person would: picking on the table (←/→ to a
    card, Space; again for a target), a number key, ↓ and Enter in the list, or filling a
    form (its options by number, then its send line); now and then a pick is taken back
    with Esc first.
    """
    rnd = random.Random(seed)
    used = {"table": 0, "number": 0, "enter": 0, "form": 0, "back": 0}
    stalled = 0
    last_version = -1
    for _ in range(max_moves):
        await wait_for(pilot, lambda: my_turn(app) and not app.thinking)
        if app.session.over():
            return used
        before = app.session.version
        stalled = stalled + 1 if before == last_version else 0
        last_version = before
        if stalled > 60:
            model = app.session.model()
            raise AssertionError(
                f"no move is accepted: {model['prompt']['text'] if model else None!r};"
                f" choices {app.choice_ids}; note {app.message!r}; picks {app.chooser.partial}"
            )
        c = app.chooser
        model = app.session.model()
        assert model is not None
        way = rnd.random()
        if c.form is not None:
            used["form"] += 1
            await _fill_form(pilot, app, rnd)
        elif c.forms and (not c.actions or way < 0.15):
            while c.partial:  # forms are offered before the first pick: go back to it
                await pilot.press("escape")
                used["back"] += 1
            await choose_in_list(pilot, app, "form:" + c.forms[-1]["id"])
            if c.form is not None:
                used["form"] += 1
                await _fill_form(pilot, app, rnd)
        elif c.next_refs() and way < 0.55:
            if way < 0.1 and len(c.next_refs()) > 1:
                await pilot.press("space")
                if c.partial:
                    await pilot.press("escape")
                    used["back"] += 1
            for _step in range(6):
                refs = c.next_refs()
                if not refs or app.session.version != before:
                    break
                for _ in range(rnd.randrange(min(len(refs), 4))):  # a few steps of ←/→
                    await pilot.press(rnd.choice(("right", "left")))
                await pilot.press("space")
            if app.session.version == before and c.candidates() and c.partial:
                await pilot.press("1")  # several actions share those picks: the menu
            used["table"] += 1
        elif way < 0.8 and app.choice_ids:
            n = rnd.randrange(min(9, len(app.choice_ids))) + 1
            await pilot.press(str(n))
            used["number"] += 1
        else:
            await pilot.press("down", "enter")
            used["enter"] += 1
    raise AssertionError(f"{app.session.game_id} did not end in {max_moves} moves")


async def _fill_form(pilot: Pilot[int], app: TableApp, rnd: random.Random) -> None:
    c = app.chooser
    for _ in range(40):
        if c.form is None:
            return
        if c.form_complete():
            await choose_in_list(pilot, app, "send")
            return
        form = c.form.form
        for i, _fld in enumerate(form["fields"]):
            if not c.field_filled(i):
                js = [j for j in range(len(_fld["choices"])) if c.available(i, j)]
                await choose_in_list(pilot, app, f"opt:{i},{rnd.choice(js)}")
                await pilot.pause()
                break
    raise AssertionError("the form was never complete")


async def choose_in_list(pilot: Pilot[int], app: TableApp, option_id: str) -> None:
    """Take a list entry as a person would: its number key when it has one, else ↓ to it
    and Enter."""
    if option_id in app.choice_ids:
        await pilot.press(str(app.choice_ids.index(option_id) + 1))
        await pilot.pause()
        return
    ol = app.query_one("#actions", OptionList)
    await pilot.press("home")
    for _ in range(ol.option_count + 1):
        current = ol.highlighted_option
        if current is not None and current.id == option_id:
            break
        await pilot.press("down")
    else:
        ids = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
        raise AssertionError(
            f"no entry {option_id} in the list {ids}; focus {app.focused}, at {ol.highlighted}"
        )
    await pilot.press("enter")
    await pilot.pause()

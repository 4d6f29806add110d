"""Mid-game screens of every game at 80x24, as SVG (tests/terminal/snapshots/<game>.svg).

``python -m tests.terminal.snapshots`` rewrites them from what the games and the table
now draw; look at the diff (or the pictures) before committing. The test suite draws
each again and checks what a player must see on it, without comparing the pictures (the
table model changes with the rooms' wording)."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import yuletide
from yuletide.core.state import State
from yuletide.terminal.app import TableApp
from yuletide.terminal.session import LocalSession

from .kit import SIZE, SNAPSHOTS

#: The games with the most to show of each seat, drawn with four players (the others'
#: areas must fit above your own at 80x24); the rest with their usual count.
PLAYERS = {"christmas-lights": 4, "jolly-christmas": 4, "twinkling-lights": 4}


def _random_game(game: str, seed: int, stop: int | None) -> tuple[State, int]:
    state = yuletide.new_game(game, players=PLAYERS.get(game), seed=seed)
    rnd = random.Random(seed)
    done = 0
    while not state.outcome.over:
        ready = stop is not None and done >= stop and 0 in state.to_act
        if ready and len(state.legal_actions(0)) > 1:
            return state, done
        actor = min(state.to_act)
        state.apply(actor, rnd.choice(state.legal_actions(actor)))
        done += 1
    return state, done


def mid_game(game: str) -> State:
    """A seeded game about a third of the way in, at a moment seat 0 (the player) has a
    choice to make (the first seed from 2 that gives one)."""
    for seed in range(2, 40):
        _, length = _random_game(game, seed, None)
        state, _ = _random_game(game, seed, length // 3)
        if not state.outcome.over:
            return state
    raise AssertionError(f"{game}: no seed gives seat 0 a choice a third of the way in")


def still_app(game: str, *, mono: bool = False) -> TableApp:
    """The table on :func:`mid_game`, with a stopped clock and bots that wait: the same
    picture every time."""
    session = LocalSession(mid_game(game), 0, bots="random", seed=2, pace=1e9, clock=lambda: 0.0)
    return TableApp(session, mono=mono, wall=lambda: 0.0)


async def snapshot(game: str, target: Path, *, mono: bool = False) -> str:
    app = still_app(game, mono=mono)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.drawn = -1
        app.redraw()
        await pilot.pause()
        svg = app.export_screenshot(title=f"yuletide play {game}")
    target.write_text(svg, encoding="utf-8")
    return svg


async def main(games: list[str]) -> None:
    SNAPSHOTS.mkdir(exist_ok=True)
    for game in games:
        await snapshot(game, SNAPSHOTS / f"{game}.svg")
        print(f"wrote {SNAPSHOTS / f'{game}.svg'}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:] or yuletide.games()))

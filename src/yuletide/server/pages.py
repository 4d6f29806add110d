"""The browser client's pages and the REST it needs beyond tables and seats: each game's
rules page and pitch, the rulings page, and the replay of a finished game as table models.

Pages are static files (``static/``, shipped in the wheel) served with a strict Content
Security Policy: the client loads nothing but its own files, and talks only to this
server. The replay is built like a live frame — from one seat's view, legal actions and
events of the replayed state — and is public only once the game has ended (its record,
seed included, is public then).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import table as table_model
from ..core.errors import CorruptSave
from ..core.registry import game_class, games, spec
from ..docs import RULINGS_TITLE, rules_page, rulings_page
from ..table.model import Table
from .hub import Hub, TableError
from .play_on import replay_record

STATIC = Path(__file__).parent / "static"

#: The page routes and the file each serves.
PAGES: dict[str, str] = {
    "/": "lobby.html",
    "/play/{table_id}": "table.html",
    "/replay/{table_id}": "replay.html",
    "/review/{table_id}": "review.html",
    "/rules/{game}": "rules.html",  # /rules/rulings: the rulings page
}

#: The pages' Content Security Policy: own files only, no inline script, no framing.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none';"
    " frame-ancestors 'none'; form-action 'self'"
)
PAGE_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


def rules_markdown(game_id: str) -> str:
    """A game's rules page (``rules.md`` in its room; ``yuletide.docs``): the same text
    ``yuletide rules GAME`` prints."""
    return rules_page(game_id)


def pitch(game_id: str) -> str:
    """One line about a game for the lobby (its manifest's pitch)."""
    return spec(game_id).pitch


def add_pages(app: FastAPI, hub_of: Callable[[Request], Hub]) -> None:
    """The page routes, ``/static``, the rules and the replay."""

    def page(name: str) -> Callable[..., Any]:
        async def serve() -> Response:
            path = STATIC / name
            if not path.is_file():
                raise TableError(404, "no_page", f"the client page {name} is not installed")
            return FileResponse(path, media_type="text/html", headers=PAGE_HEADERS)

        return serve

    for route, name in PAGES.items():
        app.add_api_route(route, page(name), methods=["GET"], include_in_schema=False)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/api/games/{game}/rules")
    async def rules(game: str) -> dict[str, Any]:
        """A game's rules: its rules page (Markdown)."""
        if game not in games():
            raise TableError(404, "no_game", f"no game {game!r}; games: {', '.join(games())}")
        return {
            "game": game,
            "title": game_class(game).title,
            "pitch": pitch(game),
            "markdown": rules_markdown(game),
        }

    @app.get("/api/rulings")
    async def rulings() -> dict[str, Any]:
        """The rulings page (Markdown): every ruling and reading the rules pages cite."""
        return {"title": RULINGS_TITLE, "markdown": rulings_page()}

    @app.get("/api/tables/{table_id}/replay")
    async def replay_step(
        table_id: str, request: Request, step: int | None = None, seat: str = "all"
    ) -> dict[str, Any]:
        """A finished game at action ``step`` (0: the deal; default: the end) as ``seat``
        saw it (a seat number, ``spectator``, or ``all``: every seat's cards shown)."""
        record = await hub_of(request).record(table_id)
        return await asyncio.to_thread(replay_frame, {**record, "table": table_id}, step, seat)


def replay_frame(record: dict[str, Any], step: int | None, seat: str) -> dict[str, Any]:
    """The replay of ``record`` at ``step`` for ``seat`` (see ``replay_step``)."""
    actions = record["actions"]
    total = len(actions)
    if step is None:
        step = total
    if not 0 <= step <= total:
        raise TableError(
            400, "bad_step", f"step is 0 to {total} (actions in this game), not {step}"
        )
    players = record["players"]
    viewer: int | None
    if seat in {"all", "spectator"}:
        viewer = None
    elif seat.isdigit() and int(seat) < players:
        viewer = int(seat)
    else:
        raise TableError(
            400, "bad_seat", f"seat is 0 to {players - 1}, 'spectator' or 'all', not {seat!r:.40}"
        )
    try:
        state = replay_record({**record, "actions": actions[:step]})
    except CorruptSave as err:
        raise TableError(500, "broken_table", f"the record does not replay: {err}") from None
    game = state.game_id

    def model(s: int | None) -> Table:
        legal = [] if s is None else [str(a) for a in state.legal_actions(s)]
        return table_model.build(game, state.view(s), legal, s)

    if seat == "all":
        shown = table_model.reveal([model(s) for s in range(players)], model(None))
    else:
        shown = model(viewer)
        shown["prompt"] = {**shown["prompt"], "actions": [], "forms": []}
    return {
        "table_id": record.get("table"),
        "game": game,
        "step": step,
        "steps": total,
        "seat": seat,
        "action": list(actions[step - 1]) if step else None,
        "table": shown,
        "log": [table_model.describe(game, e, viewer) for e in state.events(viewer)],
    }

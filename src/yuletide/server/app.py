"""The FastAPI application: REST for tables and seats, a websocket per table.

REST (JSON; the OpenAPI page is at ``/docs``):

- ``GET  /api/games``                        the games, their options and bots
- ``POST /api/tables``                       create a table (optionally taking a seat)
- ``GET  /api/tables``                       open tables (waiting for players)
- ``GET  /api/tables/{id}``                  a table's public state (never the seed)
- ``POST /api/tables/{id}/seats/{seat}``     take an open human seat: its secret token
- ``DELETE /api/tables/{id}/seats/{seat}``   leave (``Authorization: Bearer TOKEN``)
- ``POST /api/tables/{id}/seats/{seat}/bot`` hand your seat to a bot (with its token)
- ``POST /api/tables/{id}/rematch``          the next game, same seats (with a token)
- ``GET  /api/tables/{id}/record``           the replay record, once the game has ended
- ``GET  /api/tables/{id}/replay``           a finished game's step as table models
- ``GET  /api/games/{game}/rules``           a game's rules page (Markdown)
- ``GET  /api/rulings``                      the rulings page the rules pages cite

Pages (the browser client, ``static/``): ``/`` the lobby, ``/play/{id}`` a table,
``/replay/{id}`` the replay viewer, ``/rules/{game}`` a game's rules, ``/rules/rulings``
the rulings.
- ``WS   /ws/tables/{id}``                   the live table (protocol.py)

Errors are ``{"error": CODE, "message": WHAT_AND_WHAT_IS_ALLOWED}`` with a 4xx status.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from .. import __version__
from ..bots import bots_for
from ..core.registry import game_info, games, spec
from . import apidocs, store
from .connection import POLICY, Connection, origin_allowed
from .hub import Hub, TableError
from .pages import add_pages

log = logging.getLogger("yuletide.server")


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """How a server process runs (``yuletide serve`` options)."""

    db_url: str
    redis_url: str | None = None
    #: Browser origins allowed on the websocket besides the server's own; "*" for any.
    allowed_origins: tuple[str, ...] = ()
    #: Migrate the database to the newest schema at start (the embedded default does).
    migrate: bool = False
    bot_workers: int = 4
    #: Per-connection message rate limit (messages a second, burst).
    rate: float = 20.0
    burst: float = 40.0


# strict: a bool is not a number and "3" is not 3 (pydantic's lax mode would take both).
class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: str = Field(description="'human' or 'bot'")
    bot: str | None = Field(None, description="the bot's name (GET /api/games lists them)")


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(description="a game id from GET /api/games")
    players: int | None = Field(None, description="player count (the game's default if null)")
    # Checked with the game's own option specs (hub.validate), whose errors say what each
    # option allows; pydantic's own errors for a union type would not.
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="option name -> value (true/false, a whole number or text; GET /api/games"
        " lists each game's options and what they allow)",
    )
    seats: list[SeatSpec] = Field(
        default_factory=list, description="one per seat; all human if empty"
    )
    time_limit: float | None = Field(
        None, description="seconds before a timed game forces a due action"
    )
    bot_delay: float | None = Field(None, description="seconds a bot waits before acting")
    sit: int | None = Field(None, description="take this human seat yourself")
    name: str | None = Field(None, max_length=200)


class HandToBot(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    bot: str = Field("random", description="the bot's name (GET /api/games lists them)")


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str | None = Field(None, max_length=200)


#: Longest error message sent (a message may quote a bad value).
MAX_MESSAGE = 1000


def _game_entry(game_id: str) -> dict[str, Any]:
    """A game as the lobby lists it: what its manifest declares, and its bots with a label
    for each (``bot_labels``; the levels' labels are the client's) and the default."""
    found = spec(game_id)
    return {
        **game_info(game_id),
        "bots": bots_for(game_id),
        "bot_labels": {b.name: b.label for b in found.bots},
        "default_bot": found.default_bot,
    }


def _error(status: int, code: str, message: str) -> JSONResponse:
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 3] + "..."
    return JSONResponse({"error": code, "message": message}, status_code=status)


#: Largest REST request body accepted (a table request is a few hundred bytes).
MAX_BODY = 64 * 1024


class BodyLimit:
    """Refuse a request whose declared body is larger than :data:`MAX_BODY` before it
    is read (413, the usual error JSON); every request FastAPI reads carries a length
    unless it is chunked."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            length = dict(scope["headers"]).get(b"content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                response = _error(413, "too_large", f"request bodies are at most {MAX_BODY} bytes")
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _bearer(authorization: str | None) -> str:
    if authorization is None or not authorization.startswith("Bearer "):
        raise TableError(401, "no_token", "send your seat token as 'Authorization: Bearer TOKEN'")
    return authorization.removeprefix("Bearer ").strip()


def create_app(config: ServerConfig) -> FastAPI:
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if config.migrate:
            store.migrate(config.db_url)
        db = store.Store(config.db_url)
        try:
            store.check_migrated(db.engine, config.db_url)
        except store.Unmigrated:
            db.close()
            raise
        hub = Hub(db, bot_workers=config.bot_workers)
        if config.redis_url is not None:
            # Only a scaled-out server talks to Redis: a single process never imports it.
            from .redis_bridge import RedisBridge  # noqa: PLC0415

            hub.remote = await RedisBridge.connect(config.redis_url, hub)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.close()
            db.close()

    app = FastAPI(
        title="Yuletide game server",
        version=__version__,
        description="Tables, seats and live games of the four Christmas card games.",
        lifespan=lifespan,
        # FastAPI's Swagger UI and ReDoc pages load scripts from a CDN: /docs is ours.
        docs_url=None,
        redoc_url=None,
    )

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(apidocs.render(app.openapi()))

    app.add_middleware(BodyLimit)

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(TableError)
    async def _table_error(_request: Request, err: TableError) -> JSONResponse:
        return _error(err.status, err.code, str(err))

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, err: RequestValidationError) -> JSONResponse:
        parts = []
        for e in err.errors()[:5]:
            if e.get("type") == "json_invalid":
                at = e.get("loc", ("body", "?"))[-1]
                parts.append(f"the body is not valid JSON (error at character {at})")
                continue
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
            parts.append(f"{where or 'body'}: {e.get('msg')}")
        return _error(422, "bad_request", "; ".join(parts))

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        return {"ok": True, "version": __version__, "live_tables": len(hub.actors)}

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [_game_entry(g) for g in games()]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        created = await hub.create(
            body.game,
            players=body.players,
            options=body.options,
            seat_specs=[s.model_dump() for s in body.seats],
            settings={"time_limit": body.time_limit, "bot_delay": body.bot_delay},
            sit=body.sit,
            name=body.name,
        )
        info = await hub.public_info(created.table_id)
        if created.token is not None:
            info["you"] = _seat_grant(request, created.table_id, created.seat, created.token)
        return info

    @app.get("/api/tables")
    async def open_tables(request: Request) -> list[dict[str, Any]]:
        return await hub_of(request).open_tables()

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request) -> dict[str, Any]:
        return await hub_of(request).public_info(table_id)

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def join(
        table_id: str, seat: int, request: Request, body: JoinSeat | None = None
    ) -> dict[str, Any]:
        hub = hub_of(request)
        token = await hub.join(table_id, seat, body.name if body else None)
        return _seat_grant(request, table_id, seat, token)

    @app.delete("/api/tables/{table_id}/seats/{seat}")
    async def leave(
        table_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        await hub_of(request).leave(table_id, seat, _bearer(authorization))
        return {"left": seat}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def hand_to_bot(
        table_id: str,
        seat: int,
        request: Request,
        body: HandToBot,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Leave a running game to a bot: it plays your seat from now on (your token
        no longer holds it)."""
        await hub_of(request).hand_to_bot(table_id, seat, _bearer(authorization), body.bot)
        return {"seat": seat, "bot": body.bot}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(
        table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        hub = hub_of(request)
        created = await hub.rematch(table_id, _bearer(authorization))
        info = await hub.public_info(created.table_id)
        assert created.token is not None
        info["you"] = _seat_grant(request, created.table_id, created.seat, created.token)
        return info

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        return await hub_of(request).record(table_id)

    @app.websocket("/ws/tables/{table_id}")
    async def live(ws: WebSocket, table_id: str) -> None:
        hub: Hub = ws.app.state.hub
        await ws.accept()
        if not origin_allowed(ws, config.allowed_origins):
            origin = ws.headers.get("origin")
            await ws.send_json(
                {
                    "type": "error",
                    "code": "bad_origin",
                    "message": f"websocket origin {origin!r} is not allowed; this server"
                    " accepts its own origin"
                    + (
                        f" and {', '.join(config.allowed_origins)}"
                        if config.allowed_origins
                        else ""
                    ),
                }
            )
            await ws.close(POLICY, "origin not allowed")
            return
        conn = Connection(ws, hub, table_id, rate=config.rate, burst=config.burst)
        await conn.serve()

    add_pages(app, hub_of)
    return app


def _seat_grant(request: Request, table_id: str, seat: int | None, token: str) -> dict[str, Any]:
    """A seat's token and invite link. The token rides in the link's #fragment, which
    browsers never send to a server (so it stays out of access logs)."""
    base = str(request.base_url).rstrip("/")
    return {
        "seat": seat,
        "token": token,
        "invite": f"{base}/play/{table_id}#seat={seat}&token={token}",
    }

"""The FastAPI application: REST for tables and seats, a websocket per table.

REST (JSON; the OpenAPI page is at ``/docs``):

- ``GET  /api/games``                        the games, their options and bots
- ``POST /api/tables``                       create a table (optionally taking a seat)
- ``GET  /api/tables``                       open tables (waiting for players)
- ``GET  /api/tables/{id}``                  a table's public state (never the seed)
- ``POST /api/tables/{id}/seats/{seat}``     take an open human seat: its secret token
- ``DELETE /api/tables/{id}/seats/{seat}``   leave (``Authorization: Bearer TOKEN``)
- ``POST /api/tables/{id}/seats/{seat}/bot`` hand your seat to a bot (with its token)
- ``POST /api/tables/{id}/seats/{seat}/reclaim`` take your seat back from its bot
- ``POST /api/tables/{id}/rematch``          the next game, same seats (with a token)
- ``DELETE /api/tables/{id}/rematch``        decline it: your reserved seat opens
- ``POST /api/tables/{id}/play-on``          play on from a move of a finished game: a
                                             new table (a hypothetical; play_on.py)
- ``GET  /api/tables/{id}/record``           the replay record, once the game has ended
- ``GET  /api/tables/{id}/replay``           a finished game's step as table models
- ``GET  /api/games/{game}/rules``           a game's rules page (Markdown)
- ``GET  /api/rulings``                      the rulings page the rules pages cite

Pages (the browser client, ``static/``): ``/`` the lobby, ``/play/{id}`` a table,
``/replay/{id}`` the replay viewer, ``/rules/{game}`` a game's rules, ``/rules/rulings``
the rulings.
- ``WS   /ws/tables/{id}``                   the live table (protocol.py)

Errors are ``{"error": CODE, "message": WHAT_AND_WHAT_IS_ALLOWED}`` with a 4xx status
(429 and 503 over a limit, with ``Retry-After``: limits.py).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..bots import bots_for
from ..core.registry import game_info, games, spec
from . import apidocs, ops, store
from . import play_on as play_on_mod
from .botpool import PoolSettings
from .connection import POLICY, Connection, origin_allowed
from .hub import Created, Hub, TableError
from .limits import (
    BodyGuard,
    Limits,
    LimitsConfig,
    RateLimited,
    SecurityHeaders,
    error_response,
    expire_forever,
)
from .pages import CSP, PAGE_HEADERS, add_pages
from .reviews import Reviews, own_seat
from .seats import SeatRules
from .table import PACE_OPTION

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
    #: The worker processes searching bots run in, and their fair scheduler (botpool.py).
    bot_pool: PoolSettings = field(default_factory=PoolSettings)
    #: Per-connection message rate limit (messages a second, burst).
    rate: float = 20.0
    burst: float = 40.0
    #: Largest request body in bytes, with a Content-Length or chunked (limits.BodyGuard).
    max_body: int = 64 * 1024
    #: Per-address rates, per-process caps and the waiting tables' expiry (limits.py);
    #: off here but the expiry, on by default in ``yuletide serve``.
    limits: LimitsConfig = field(default_factory=LimitsConfig)
    #: Seconds a disconnected player's seat waits for them before a bot takes it, and a
    #: rematch seat stays reserved for its player (seats.py; --seat-grace, --rematch-hold).
    seats: SeatRules = field(default_factory=SeatRules)


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
        " lists each game's options and what they allow), and the table option bot_pace"
        " ('normal', 'slower' or 'much slower': how quickly the bots act)",
    )
    seats: list[SeatSpec] = Field(
        default_factory=list, description="one per seat; all human if empty"
    )
    time_limit: float | None = Field(
        None, description="seconds before a timed game forces a due action"
    )
    bot_delay: float | None = Field(None, description="seconds a bot waits before acting")
    on_leave: str | None = Field(
        None,
        description="a player who leaves mid-game (or stays disconnected past the grace"
        " period): 'bot' (default: a bot takes the seat) or 'abandon' (the game ends)",
    )
    leave_bot: str | None = Field(
        None, description="the bot that takes a left seat (default: the table's bot level)"
    )
    # Checked by hub.validate, whose error says what is allowed (pydantic's would not).
    hints: Any = Field(
        None,
        description="true: a player may ask the strong bot for a hint on their turn; false;"
        " null (default): on where every other seat is a bot",
    )
    sit: int | None = Field(None, description="take this human seat yourself")
    name: str | None = Field(None, max_length=200)


class PlayOn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    at: int = Field(
        description="the move to play on from: 0 (the deal) to the last move before the end"
    )
    seat: int | None = Field(
        None, description="your seat in the new game (default: the original's first human seat)"
    )
    hidden: str = Field(
        "as-dealt",
        description="'as-dealt' (the hidden cards as they truly were) or 're-dealt' (every"
        " card your seat could not see re-dealt from what it knew at that move)",
    )
    others: str = Field(
        "bots", description="'bots' (bots take the other seats) or 'friends' (open seats)"
    )
    bot: str | None = Field(
        None, description="the other seats' bot (default: the original table's bots)"
    )
    name: str | None = Field(None, max_length=200)


class HandToBot(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    bot: str = Field("random", description="the bot's name (GET /api/games lists them)")


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str | None = Field(None, max_length=200)


def _game_entry(game_id: str) -> dict[str, Any]:
    """A game as the lobby lists it: what its manifest declares, and its bots with a label
    for each (``bot_labels``; the levels' labels are the client's) and the default. A
    real-time game's options end with the table option ``bot_pace`` (any table takes
    it; only a race makes it matter)."""
    found = spec(game_id)
    info = game_info(game_id)
    if found.real_time:
        info["options"] = [*info["options"], PACE_OPTION.to_dict()]
    return {
        **info,
        "bots": bots_for(game_id),
        "bot_labels": {b.name: b.label for b in found.bots},
        "default_bot": found.default_bot,
    }


#: The error JSON every answer of ours uses (one builder, shared with the middleware).
_error = error_response


#: Largest REST request body accepted by default (a table request is a few hundred
#: bytes); ``--max-body``, enforced by limits.BodyGuard whether or not it is chunked.
MAX_BODY = 64 * 1024
#: Headers of every HTTP answer that sets none of its own (pages set theirs).
SECURITY_HEADERS = {k: v for k, v in PAGE_HEADERS.items() if k != "Cache-Control"}
#: HTTP errors Starlette raises itself (no route, wrong method), in our words.
HTTP_CODES = {
    400: "bad_request",
    401: "no_token",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    429: "rate_limited",
    503: "unavailable",
}


def _client(request: Request) -> str:
    """The client's address (uvicorn takes it from X-Forwarded-For behind a trusted
    proxy)."""
    return request.client.host if request.client is not None else "unknown"


class ConfirmAfterSending(JSONResponse):
    """A JSON answer that runs ``confirm`` once its whole body has been handed to the
    server's socket, before the HTTP exchange ends (so a next request on the same
    connection already sees it): how a new table goes live only once its creator's
    answer, with the token, is out (seats.py)."""

    def __init__(
        self, content: Any, confirm: Callable[[], Awaitable[None]], status_code: int
    ) -> None:
        super().__init__(content, status_code=status_code)
        self.confirm = confirm

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await send(
            {
                "type": "http.response.start",
                "status": self.status_code,
                "headers": self.raw_headers,
            }
        )
        await send({"type": "http.response.body", "body": self.body, "more_body": True})
        try:
            await self.confirm()
        except Exception:
            log.exception("confirming a new table failed (it is dropped within a minute)")
        await send({"type": "http.response.body", "body": b"", "more_body": False})


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
        hub = Hub(db, bot_workers=config.bot_workers, bot_pool=config.bot_pool)
        hub.seat_rules = config.seats
        if config.redis_url is not None:
            # Only a scaled-out server talks to Redis: a single process never imports it.
            from .redis_bridge import RedisBridge  # noqa: PLC0415

            hub.remote = await RedisBridge.connect(config.redis_url, hub)
        ops.attach(app, hub)  # /metrics reports on it, actions are counted from here on
        await hub.start()
        app.state.hub = hub
        reviews = app.state.reviews = Reviews(db)
        expiry = (
            None
            if config.limits.waiting_expiry is None
            else asyncio.get_running_loop().create_task(
                expire_forever(hub, config.limits.waiting_expiry)
            )
        )
        try:
            yield
        finally:
            if expiry is not None:
                expiry.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await expiry
            await reviews.close()
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

    # its one inline <style> is allowed by its hash; nothing else inline runs
    docs_csp = CSP.replace(
        "style-src 'self'",
        "style-src 'self' 'sha256-"
        + base64.b64encode(hashlib.sha256(apidocs._STYLE.encode()).digest()).decode()
        + "'",
    )

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(
            apidocs.render(app.openapi()), headers={"Content-Security-Policy": docs_csp}
        )

    limits = Limits(config.limits)
    app.state.limits = limits
    app.add_middleware(BodyGuard, max_body=config.max_body)
    app.add_middleware(SecurityHeaders, headers=SECURITY_HEADERS)  # outermost: on 413s too

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(TableError)
    async def _table_error(_request: Request, err: TableError) -> JSONResponse:
        if isinstance(err, RateLimited):
            return _error(
                err.status, err.code, str(err), headers={"Retry-After": str(err.retry_after)}
            )
        return _error(err.status, err.code, str(err))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, err: StarletteHTTPException) -> JSONResponse:
        status = err.status_code
        code = HTTP_CODES.get(status, "bad_request" if status < 500 else "server")
        own = str(err.detail) != HTTPStatus(status).phrase  # an endpoint's own words
        if status == 404 and not own:
            message = f"there is nothing at {request.url.path[:200]}; /docs lists the API"
        elif status == 405 and not own:
            message = f"{request.method} is not allowed at {request.url.path[:200]}"
        else:
            message = str(err.detail)
        return _error(err.status_code, code, message, headers=dict(err.headers or {}) or None)

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
    async def create_table(body: CreateTable, request: Request) -> Any:
        hub = hub_of(request)
        client = _client(request)
        limits.check_rate("create", client)
        seat_specs = [s.model_dump() for s in body.seats]
        async with limits.creating(hub, client, body.game, seat_specs) as made:
            created = await hub.create(
                body.game,
                players=body.players,
                options=body.options,
                seat_specs=seat_specs,
                settings={
                    "time_limit": body.time_limit,
                    "bot_delay": body.bot_delay,
                    "on_leave": body.on_leave,
                    "leave_bot": body.leave_bot,
                    "hints": body.hints,
                },
                sit=body.sit,
                name=body.name,
            )
            actor = hub.actors.get(created.table_id)
            made(
                created.table_id,
                created.pending == "waiting" or (actor is not None and actor.status == "waiting"),
            )
        return await answer_created(hub, request, created)

    async def answer_created(hub: Hub, request: Request, created: Created) -> Any:
        """A new table's answer (its public state, and the creator's seat and token),
        which confirms it once sent."""
        if created.pending is None:
            info = await hub.public_info(created.table_id)
        else:
            # Stored as "creating": it becomes a live table only once this answer, with
            # the creator's token, has been sent (seats.py); a failure before deletes it.
            try:
                info = await hub.public_info(created.table_id, creating=True)
            except BaseException:
                with contextlib.suppress(Exception):
                    await asyncio.shield(hub.drop_creation(created.table_id))
                raise
            info["status"] = created.pending
        if created.token is not None:
            info["you"] = _seat_grant(request, created.table_id, created.seat, created.token)
        if created.pending is not None:
            table_id, status = created.table_id, created.pending
            return ConfirmAfterSending(info, lambda: hub.confirm(table_id, status), 201)
        return info

    @app.post("/api/tables/{table_id}/play-on", status_code=201)
    async def play_on(table_id: str, body: PlayOn, request: Request) -> Any:
        """Play on from here: a new table at move ``at`` of a finished game, your seat
        yours, the others bots or open to friends, the hidden cards as they were or
        re-dealt from your seat's knowledge (a hypothetical, marked as one)."""
        hub = hub_of(request)
        client = _client(request)
        limits.check_rate("create", client)
        ask = play_on_mod.Ask(**body.model_dump())
        seats = [{"kind": "human"}]
        if body.others == "bots" and body.bot is not None:
            seats.append({"kind": "bot", "bot": body.bot})
        game = (await hub.public_info(table_id))["game"]
        async with limits.creating(hub, client, game, seats) as made:
            created = await play_on_mod.play_on(hub, table_id, ask)
            made(created.table_id, created.pending == "waiting")
        return await answer_created(hub, request, created)

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
        limits.check_rate("join", _client(request))
        token = await hub.join(table_id, seat, body.name if body else None)
        return _seat_grant(request, table_id, seat, token)

    @app.delete("/api/tables/{table_id}/seats/{seat}")
    async def leave(
        table_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Leave a seat. A waiting table's seat opens again; in a running game a bot
        takes it ("then": "bot"), or the game ends ("abandoned") if the table says so;
        the token may take the seat back from the bot (``.../reclaim``)."""
        then = await hub_of(request).leave(table_id, seat, _bearer(authorization))
        return {"left": seat, "then": then}

    @app.post("/api/tables/{table_id}/seats/{seat}/reclaim")
    async def reclaim(
        table_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Take your seat back from the bot that plays it (you left, were away past the
        grace period, or handed it over), with the seat's token."""
        await hub_of(request).reclaim(table_id, seat, _bearer(authorization))
        return {"seat": seat, "kind": "human"}

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
        hub = hub_of(request)
        actor = hub.actors.get(table_id)
        if actor is not None:  # (this process counts only the tables it runs)
            limits.check_search_seat(hub, actor.state.game_id, body.bot)
        await hub.hand_to_bot(table_id, seat, _bearer(authorization), body.bot)
        return {"seat": seat, "bot": body.bot}

    @app.delete("/api/tables/{table_id}/rematch")
    async def decline_rematch(
        table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """Decline the rematch: the seat kept for you there opens to anyone."""
        await hub_of(request).decline_rematch(table_id, _bearer(authorization))
        return {"declined": True}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(
        table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        hub = hub_of(request)
        limits.check_rate("rematch", _client(request))
        created = await hub.rematch(table_id, _bearer(authorization))
        info = await hub.public_info(created.table_id)
        assert created.token is not None
        info["you"] = _seat_grant(request, created.table_id, created.seat, created.token)
        return info

    @app.post("/api/tables/{table_id}/reviews/{seat}", status_code=202)
    async def start_review(
        table_id: str,
        seat: int,
        request: Request,
        mode: str = "knew",
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Review your decisions in a finished game (``mode``: ``knew``, with what you
        knew; ``shown``, with every card shown): computed in the background, then kept.
        Your seat's token."""
        reviews: Reviews = request.app.state.reviews
        await own_seat(reviews.db, table_id, seat, _bearer(authorization))
        record = await hub_of(request).record(table_id)
        return await reviews.start(table_id, seat, mode, record)

    @app.get("/api/tables/{table_id}/reviews/{seat}")
    async def look_review(
        table_id: str,
        seat: int,
        request: Request,
        mode: str = "knew",
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Your review: ``done`` with it, ``computing`` with how far, ``failed`` or
        ``none``. Your seat's token."""
        reviews: Reviews = request.app.state.reviews
        await own_seat(reviews.db, table_id, seat, _bearer(authorization))
        return await reviews.look(table_id, seat, mode)

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
    ops.install(app, _error)  # /healthz, /readyz, /metrics; last: its middleware is outermost
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

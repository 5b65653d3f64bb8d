"""The web application: the lobby and table pages, a small JSON API and the table WebSocket.

``create_app(db_url, config)`` builds it; ``prikup serve`` runs it with uvicorn.  The routes and
frames are described in :mod:`prikup.server.protocol`; the limits in :mod:`prikup.server.config`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException

from prikup.core.errors import IllegalActionError, OptionError
from prikup.core.options import Option
from prikup.games import GAMES
from prikup.games.presets import presets_for
from prikup.i18n import LANGS, words
from prikup.server.botpool import BotRunner
from prikup.server.config import ServerConfig
from prikup.server.guards import Guards, RateLimit
from prikup.server.levels import bot_levels
from prikup.server.notify import Listener
from prikup.server.observe import Metrics
from prikup.server.protocol import ProtocolError, error_message, parse_client_message, parse_json
from prikup.server.storage import Storage, StorageUnavailable
from prikup.server.tables import PRESENCE_FRESH, Connection, Table, TableManager

__all__ = ["app_from_env", "create_app"]

STATIC = Path(__file__).parent / "static"

#: Allocations between two young garbage collections (Python's default: 700).
GC_THRESHOLD = 20_000

log = logging.getLogger("prikup.server")

_STATUS = {
    "unknown_table": 404,
    "bad_token": 403,
    "bad_invite": 403,
    "bad_seat": 400,
    "seat_taken": 409,
    "bad_options": 400,
    "malformed": 400,
    "unknown_language": 404,
    "not_finished": 409,
    "not_analysed": 404,
    "abandoned": 410,
    "rate_limited": 429,
    "busy": 503,
    "storage_unavailable": 503,
    "broken_table": 500,
}


def _option_json(o: Option) -> dict[str, Any]:
    return {
        "name": o.name,
        "default": o.default,
        "help": o.help,
        "kind": o.kind.__name__,
        "choices": list(o.choices) if o.choices is not None else None,
        "minimum": o.minimum,
        "maximum": o.maximum,
    }


def _games_json() -> list[dict[str, Any]]:
    out = []
    for gid, cls in GAMES.items():
        game = cls()
        out.append(
            {
                "id": gid,
                "title": cls.title,
                "title_ru": cls.title_ru,
                "players": game.players,
                "options": [_option_json(o) for o in cls.OPTIONS],
                "bots": list(bot_levels(game)),
                "presets": presets_for(gid),
            }
        )
    return out


def _detail(status: int, message: str, code: str | None = None) -> JSONResponse:
    body = {"detail": message.splitlines()[0] if message else "error"}
    if code is not None:  # the refusal's stable name, which the page turns into words
        body["code"] = code
    return JSONResponse(body, status_code=status)


def _bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _int_field(body: dict[str, Any], name: str) -> int:
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("malformed", f"'{name}' must be an integer")
    return value


def _origin_allowed(websocket: WebSocket, config: ServerConfig) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None:  # not a browser: the Origin check protects browsers' users only
        return True
    origin = origin.rstrip("/")
    host = websocket.headers.get("host", "")
    if origin in config.origins:
        return True
    scheme, _, rest = origin.partition("://")
    return scheme in ("http", "https") and rest == host


def create_app(
    db_url: str | None = None,
    config: ServerConfig | None = None,
    *,
    bot_delay: float | None = None,
    allow_seed: bool | None = None,
) -> FastAPI:
    """The application, storing its tables in ``db_url`` (SQLite in the user data dir by default).

    ``config`` (default: :meth:`ServerConfig.from_env`) holds every limit.  ``allow_seed`` lets a
    creator choose the dealing seed, for tests and benchmarks only: whoever knows it knows every card.
    """
    config = config or ServerConfig.from_env(bot_delay=bot_delay, allow_seed=allow_seed)
    metrics = Metrics()
    holder: dict[str, Any] = {}
    creations = RateLimit(config.create_per_minute)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        storage = await asyncio.to_thread(Storage, db_url)
        bots = BotRunner(
            config.bot_workers,
            config.bot_limit,
            analysis_workers=config.analysis_workers,
            hint_limit=config.hint_limit,
        )
        manager = TableManager(storage, config, metrics, bots)
        holder["manager"] = manager
        listener = None
        if storage.dialect == "postgresql":
            listener = Listener(storage.url, manager.notified)
            listener.start()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(listener.ready.wait(), 10)
        await manager.resume_unfinished()
        _quiet_gc()
        janitor = asyncio.get_running_loop().create_task(_janitor(manager, config))
        beat = asyncio.get_running_loop().create_task(_heartbeat(manager)) if manager.shared else None
        try:
            yield
        finally:
            janitor.cancel()
            if beat is not None:
                beat.cancel()
            if listener is not None:
                await listener.stop()
            await manager.close()
            bots.close()
            storage.close()

    openapi = "/openapi.json" if config.openapi else None
    app = FastAPI(title="prikup", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=openapi)
    app.add_middleware(Guards, max_body=config.max_body)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def manager() -> TableManager:
        m: TableManager = holder["manager"]
        return m

    async def table_or_404(table_id: str) -> Table:
        table = await manager().get(table_id)
        if table is None:
            raise ProtocolError("unknown_table", f"no table {table_id[:20]!r}")
        return table

    async def json_body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        value = parse_json(raw, max_bytes=config.max_body, max_depth=config.max_json_depth)
        if not isinstance(value, dict):
            raise ProtocolError("malformed", "the request body is a JSON object")
        return value

    @app.exception_handler(ProtocolError)
    async def _protocol_error(_request: Request, exc: ProtocolError) -> JSONResponse:
        metrics.refused.labels(exc.code).inc()
        return _detail(_STATUS.get(exc.code, 400), exc.message, exc.code)

    @app.exception_handler(OptionError)
    async def _option_error(_request: Request, exc: OptionError) -> JSONResponse:
        metrics.refused.labels("bad_options").inc()
        return _detail(400, str(exc), "bad_options")

    @app.exception_handler(StorageUnavailable)
    async def _storage_error(_request: Request, exc: StorageUnavailable) -> JSONResponse:
        log.error("database unavailable: %s", exc, extra={"event": "storage_failed"})
        return _detail(503, f"the database is unavailable: {exc}", "storage_unavailable")

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _detail(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error: %s", type(exc).__name__, exc_info=exc)
        return _detail(500, "the server could not answer; nothing changed")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/health")
    async def health() -> JSONResponse:
        try:
            await asyncio.to_thread(manager().storage.check)
        except StorageUnavailable as exc:
            return JSONResponse({"status": "failing", "detail": str(exc)}, status_code=503)
        return JSONResponse({"status": "ok", "tables": len(manager().tables)})

    @app.get("/metrics", include_in_schema=False)
    async def metrics_page() -> Response:
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @app.get("/api/games")
    async def games() -> Response:
        body = holder.get("games")
        if body is None:  # the games and their levels do not change while the process runs
            body = holder["games"] = await asyncio.to_thread(lambda: orjson.dumps(_games_json()))
        return Response(body, media_type="application/json")

    @app.get("/api/words/{lang}")
    async def catalogue_words(lang: str) -> dict[str, str]:
        if lang not in LANGS:
            raise ProtocolError("unknown_language", f"no words in {lang!r}: languages are {', '.join(LANGS)}")
        return words(lang)

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        idle_before = time.time() - config.table_ttl
        rows = await asyncio.to_thread(manager().storage.list_tables, 50, idle_before)
        return [
            {
                "id": r.id,
                "game": r.game,
                "finished": r.finished,
                "created_at": r.created_at,
                "ply": ply,
                "seats": [
                    {"kind": s.kind, "name": s.name, "bot": s.bot, "claimed": s.kind == "bot" or bool(s.token_hash)}
                    for s in r.seats
                ],
            }
            for r, ply in rows
        ]

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        body = await json_body(request)
        game = body.get("game")
        options = body.get("options") or {}
        seats = body.get("seats") or []
        if not isinstance(game, str) or not isinstance(options, dict) or not isinstance(seats, list):
            raise ProtocolError("malformed", "expected {game: str, options: object, seats: list}")
        if not all(isinstance(s, dict) for s in seats):
            raise ProtocolError("malformed", "each seat is an object {kind, bot, name}")
        options = {k: v for k, v in options.items() if v is not None and v != ""}
        seed = body.get("seed")
        if seed is not None and not (config.allow_seed and isinstance(seed, int) and not isinstance(seed, bool)):
            raise ProtocolError("malformed", "this server does not let a creator choose the seed")
        hints = body.get("hints")
        if hints is not None and not isinstance(hints, bool):
            raise ProtocolError("malformed", "'hints' is true, false or absent (then on for one human against bots)")
        client = request.client.host if request.client else "?"
        if not creations.allow(client):
            raise ProtocolError("rate_limited", f"at most {config.create_per_minute} tables a minute from one address")
        table, seat, token, invites = await manager().create(game, options, seats, body.get("name"), seed, hints)
        return {
            "id": table.id,
            "seat": seat,
            "token": token,
            "invites": invites,
            "table": table.public_info(),
            "url": f"/table/{table.id}",
        }

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        return (await table_or_404(table_id)).public_info()

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, request: Request) -> dict[str, Any]:
        body = await json_body(request)
        table = await table_or_404(table_id)
        seat = _int_field(body, "seat")
        token = await manager().claim(table, seat, body.get("invite"), body.get("name"))
        return {"table": table.id, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/release")
    async def release(table_id: str, request: Request) -> dict[str, Any]:
        body = await json_body(request)
        table = await table_or_404(table_id)
        seat = _int_field(body, "seat")
        secret = await manager().release(table, seat, _bearer(request))
        return {"seat": seat, "secret": secret}

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request, seat: int | None = None) -> dict[str, Any]:
        if "token" in request.query_params:
            raise ProtocolError("malformed", "a token is never sent in a URL: use the header Authorization: Bearer")
        table = await table_or_404(table_id)
        await table.authenticate_fresh(seat, _bearer(request))
        frames = await manager().replay(table, seat)
        return {"table": table.public_info(), "viewer": seat, "sheet": table.sheet, "frames": frames}

    @app.get("/api/tables/{table_id}/analysis/{deal}")
    async def analysis(table_id: str, deal: int, request: Request, seat: int | None = None) -> dict[str, Any]:
        if "token" in request.query_params:
            raise ProtocolError("malformed", "a token is never sent in a URL: use the header Authorization: Bearer")
        table = await table_or_404(table_id)
        await table.authenticate_fresh(seat, _bearer(request))
        if deal < 1:
            raise ProtocolError("malformed", "'deal' must be a deal's number: 1, 2, …")
        table.check_deal_over(deal)
        data = await manager().analyses.stored_for(table, deal, seat)
        if data is None:
            raise ProtocolError("not_analysed", f"deal {deal} has not been analysed: ask for it on the table's socket")
        return {"table": table.id, "deal": deal, "viewer": seat, "source": "stored", "analysis": data}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        table = await table_or_404(table_id)
        if not table.finished and not table.closed:
            raise ProtocolError(
                "not_finished",
                "the record of a match shows every card: it is given once the match is over (or abandoned)",
            )
        return table.record()

    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        if not _origin_allowed(websocket, config):
            metrics.refused.labels("bad_origin").inc()
            await websocket.close(code=4403)
            return
        await websocket.accept()
        try:
            table = await manager().get(table_id)
        except (ProtocolError, StorageUnavailable) as exc:
            code = exc.code if isinstance(exc, ProtocolError) else "storage_unavailable"
            await websocket.send_json(error_message(code, str(exc)))
            await websocket.close(code=4500)
            return
        if table is None:
            await websocket.send_json(error_message("unknown_table", f"no table {table_id[:20]!r}"))
            await websocket.close(code=4404)
            return
        closing: list[asyncio.Task[None]] = []

        def overflow() -> None:
            metrics.slow_readers.inc()
            log.warning(
                "table %s: a connection that does not read was closed", table.id, extra={"event": "slow_reader"}
            )
            writer.cancel()
            closing.append(asyncio.get_running_loop().create_task(_close(websocket, 4008)))

        conn = Connection(limit=config.outbox, on_overflow=overflow)
        table.connections.add(conn)
        metrics.connections.inc()
        writer = asyncio.create_task(_writer(websocket, conn))
        try:
            while not conn.overflowed:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    text = frame.get("bytes") or b""
                await _handle(table, conn, text, config, metrics)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            metrics.connections.dec()
            table.connections.discard(conn)
            manager().analyses.forget(conn)
            conn.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(writer, 1)
            for task in closing:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            if conn.authenticated and conn.seat is not None:
                table.broadcast()
            table.left(conn.seat)

    return app


def _quiet_gc() -> None:
    """Keep the cyclic garbage collector from pausing every table: what is loaded at start (the
    libraries, the rules, the app: most of the heap) is frozen out of its scans, and young
    collections run less often.  A full collection of the heap took up to half a second on a
    loaded machine, stopping every table's acknowledgements meanwhile."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 20, 20)


async def _janitor(manager: TableManager, config: ServerConfig) -> None:
    while True:
        await asyncio.sleep(max(0.5, min(config.evict_after, config.table_ttl, 10.0)))
        await _logged("closing idle tables", manager.abandon_idle)
        await _logged("evicting tables", manager.evict)


async def _heartbeat(manager: TableManager) -> None:
    """Keep this worker's presence fresh in storage (several workers on PostgreSQL)."""
    while True:
        await asyncio.sleep(PRESENCE_FRESH / 3)
        await _logged("the presence heartbeat", manager.heartbeat)


async def _logged(what: str, job: Callable[[], Awaitable[object]]) -> None:
    """Run a background job; a failure is logged (one line if the database is the cause)."""
    try:
        await job()
    except StorageUnavailable as exc:
        log.warning("%s failed: %s", what, exc)
    except Exception:
        log.exception("%s failed", what)


async def _close(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(websocket.close(code=code), 5)


async def _writer(websocket: WebSocket, conn: Connection) -> None:
    outbox = conn.outbox
    while True:
        text = await outbox.get()
        while True:  # every frame already queued, without waking up again for each
            if text is None:
                if conn.close_code is not None:
                    await _close(websocket, conn.close_code)
                return
            try:
                await websocket.send_text(text)
            except Exception:  # the socket is gone; the reader will clean up
                return
            if outbox.empty():
                break
            text = outbox.get_nowait()


async def _handle(table: Table, conn: Connection, text: str | bytes, config: ServerConfig, metrics: Metrics) -> None:
    try:
        msg = parse_client_message(text, max_bytes=config.max_ws_message, max_depth=config.max_json_depth)
        if msg.type == "ping":
            conn.send({"type": "pong", "ply": table.ply})
        elif msg.type == "hello":
            if conn.authenticated:
                raise ProtocolError("already_seated", "hello was already accepted on this connection")
            table.check_open()
            await table.authenticate_fresh(msg.seat, msg.token)
            if msg.seat is None and table.spectators() >= config.max_spectators:
                raise ProtocolError("full", f"this table already has {config.max_spectators} spectators")
            conn.seat = msg.seat
            conn.authenticated = True
            conn.send(
                {"type": "welcome", "seat": msg.seat, "table": table.public_info(), "worker": table.manager.worker}
            )
            table.arrived(msg.seat)
            if msg.seat is None:
                conn.send(table.state_message(None))
            else:
                table.broadcast()
        elif msg.type == "hint":
            await table.request_hint(conn, msg.ply)
        elif msg.type == "analyse":
            assert msg.deal is not None
            if not table.manager.analysis_rate.allow(f"{table.id} {conn.seat}"):
                raise ProtocolError(
                    "rate_limited", f"at most {config.analyses_per_minute} analysis requests a minute per viewer"
                )
            await table.manager.analyses.request(table, conn, msg.deal)
        else:
            assert msg.action is not None
            ply = await table.act(conn, msg.action, msg.ply, msg.seat, msg.has_seat)
            conn.send({"type": "ack", "ply": ply, "action": msg.action})
    except ProtocolError as exc:
        metrics.refused.labels(exc.code).inc()
        conn.send(error_message(exc.code, exc.message))
    except IllegalActionError as exc:
        metrics.refused.labels("illegal").inc()
        conn.send(
            error_message("illegal", str(exc), rule=exc.rule, fields=exc.fields, legal=exc.legal, action=exc.action)
        )
    except Exception:  # a bug: nothing was applied, say so and go on
        log.exception("table %s: a message could not be handled", table.id)
        conn.send(error_message("server_error", "the server could not take the action; nothing changed"))


def app_from_env() -> FastAPI:
    """The application configured from ``PRIKUP_DB`` and the ``PRIKUP_*`` limits (for ``uvicorn --factory``)."""
    return create_app(os.environ.get("PRIKUP_DB") or None, ServerConfig.from_env())

"""The web application: the lobby and table pages, a small JSON API and the table WebSocket.

``create_app(db_url)`` builds it; ``prikup serve`` runs it with uvicorn.  HTTP routes:

- ``GET /`` the lobby, ``GET /table/{id}`` a table (the same page; plain JS in ``static/``),
- ``GET /api/games`` the games, their options, bots and named presets,
- ``GET /api/words/{lang}`` the message catalogue in one language (``en`` or ``ru``), for the page,
- ``GET /api/tables`` recent tables, ``POST /api/tables`` create one (``game``, ``options``,
  ``seats``: ``[{"kind": "human"|"bot", "bot": "heuristic", "name": ...}]``; the creator holds
  the first human seat unless ``"claim": false``), ``GET /api/tables/{id}`` one table,
- ``POST /api/tables/{id}/claim`` (``seat``, ``name``) hold a free human seat: returns its token,
- ``GET /api/tables/{id}/replay?seat=&token=`` the match step by step as that viewer saw it,
- ``WS /ws/{id}`` the table's real-time protocol (:mod:`prikup.server.protocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import Body, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from prikup.bots import bot_names
from prikup.core.errors import IllegalActionError, OptionError
from prikup.core.options import Option
from prikup.games import GAMES
from prikup.games.presets import presets_for
from prikup.i18n import LANGS, words
from prikup.server.protocol import ProtocolError, error_message, parse_client_message
from prikup.server.storage import Storage
from prikup.server.tables import Connection, Table, TableManager

__all__ = ["app_from_env", "create_app"]

STATIC = Path(__file__).parent / "static"

log = logging.getLogger("prikup.server")

_STATUS = {
    "unknown_table": 404,
    "bad_token": 403,
    "bad_seat": 400,
    "seat_taken": 409,
    "bad_options": 400,
    "malformed": 400,
    "unknown_language": 404,
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
                "bots": bot_names(game),
                "presets": presets_for(gid),
            }
        )
    return out


def _refuse(exc: ProtocolError) -> JSONResponse:
    return JSONResponse(error_message(exc.code, exc.message), status_code=_STATUS.get(exc.code, 400))


def create_app(db_url: str | None = None, *, bot_delay: float = 0.4, allow_seed: bool | None = None) -> FastAPI:
    """The application, storing its tables in ``db_url`` (SQLite in the user data dir by default).

    ``allow_seed`` (default: the environment variable ``PRIKUP_ALLOW_SEED=1``) lets a creator
    choose the dealing seed, for tests and benchmarks only: whoever knows the seed knows every card.
    """
    if allow_seed is None:
        allow_seed = os.environ.get("PRIKUP_ALLOW_SEED") == "1"
    holder: dict[str, TableManager] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        storage = await asyncio.to_thread(Storage, db_url)
        manager = TableManager(storage, bot_delay=bot_delay)
        holder["manager"] = manager
        await manager.resume_unfinished()
        try:
            yield
        finally:
            await manager.close()
            storage.close()

    app = FastAPI(title="prikup", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def manager() -> TableManager:
        return holder["manager"]

    async def table_or_404(table_id: str) -> Table:
        table = await manager().get(table_id)
        if table is None:
            raise ProtocolError("unknown_table", f"no table {table_id!r}")
        return table

    @app.exception_handler(ProtocolError)
    async def _protocol_error(_request: Request, exc: ProtocolError) -> JSONResponse:
        return _refuse(exc)

    @app.exception_handler(OptionError)
    async def _option_error(_request: Request, exc: OptionError) -> JSONResponse:
        return _refuse(ProtocolError("bad_options", str(exc)))

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return _games_json()

    @app.get("/api/words/{lang}")
    async def catalogue_words(lang: str) -> dict[str, str]:
        if lang not in LANGS:
            raise ProtocolError("unknown_language", f"no words in {lang!r}: languages are {', '.join(LANGS)}")
        return words(lang)

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(manager().storage.list_tables)
        return [
            {
                "id": r.id,
                "game": r.game,
                "finished": r.finished,
                "created_at": r.created_at,
                "seats": [
                    {"kind": s.kind, "name": s.name, "bot": s.bot, "claimed": s.kind == "bot" or bool(s.token_hash)}
                    for s in seats
                ],
            }
            for r, seats in rows
        ]

    @app.post("/api/tables")
    async def create_table(body: dict[str, Any] = Body(...)) -> dict[str, Any]:  # noqa: B008
        game = body.get("game")
        options = body.get("options") or {}
        seats = body.get("seats") or []
        if not isinstance(game, str) or not isinstance(options, dict) or not isinstance(seats, list):
            raise ProtocolError("malformed", "expected {game: str, options: object, seats: list}")
        if not all(isinstance(s, dict) for s in seats):
            raise ProtocolError("malformed", "each seat is an object {kind, bot, name}")
        options = {k: v for k, v in options.items() if v is not None and v != ""}
        seed = body.get("seed")
        if seed is not None and not (allow_seed and isinstance(seed, int) and not isinstance(seed, bool)):
            raise ProtocolError("malformed", "this server does not let a creator choose the seed")
        table = await manager().create(game, options, seats, seed)
        seat: int | None = None
        token: str | None = None
        if body.get("claim", True):
            humans = [i for i, s in enumerate(table.seats) if s.kind == "human"]
            if humans:
                seat = humans[0]
                name = body.get("name")
                token = await manager().claim(table, seat, name if isinstance(name, str) else None)
        return {"table": table.public_info(), "seat": seat, "token": token, "url": f"/table/{table.id}"}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        return (await table_or_404(table_id)).public_info()

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, body: dict[str, Any] = Body(...)) -> dict[str, Any]:  # noqa: B008
        table = await table_or_404(table_id)
        seat = body.get("seat")
        name = body.get("name")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ProtocolError("malformed", "'seat' must be an integer")
        token = await manager().claim(table, seat, name if isinstance(name, str) else None)
        return {"table": table.id, "seat": seat, "token": token}

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
        table = await table_or_404(table_id)
        table.authenticate(seat, token)
        async with table.lock:
            frames = table.replay_frames(seat)
        return {"table": table.public_info(), "viewer": seat, "sheet": table.sheet, "frames": frames}

    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        table = await manager().get(table_id)
        if table is None:
            await websocket.send_text(json.dumps(error_message("unknown_table", f"no table {table_id!r}")))
            await websocket.close(code=4404)
            return
        conn = Connection()
        table.connections.add(conn)
        writer = asyncio.create_task(_writer(websocket, conn))
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    text = frame.get("bytes") or b""
                await _handle(table, conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            table.connections.discard(conn)
            conn.outbox.put_nowait(None)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            if conn.authenticated and conn.seat is not None:
                table.broadcast()

    return app


async def _writer(websocket: WebSocket, conn: Connection) -> None:
    while True:
        message = await conn.outbox.get()
        if message is None:
            return
        try:
            await websocket.send_text(json.dumps(message, ensure_ascii=False))
        except Exception:  # the socket is gone; the reader will clean up
            return


async def _handle(table: Table, conn: Connection, text: str | bytes) -> None:
    try:
        msg = parse_client_message(text)
        if msg.type == "ping":
            conn.send({"type": "pong", "ply": table.ply})
        elif msg.type == "hello":
            if conn.authenticated:
                raise ProtocolError("already_seated", "hello was already accepted on this connection")
            table.authenticate(msg.seat, msg.token)
            conn.seat = msg.seat
            conn.authenticated = True
            conn.send({"type": "welcome", "seat": msg.seat, "table": table.public_info()})
            if msg.seat is None:
                conn.send(table.state_message(None))
            else:
                table.broadcast()
        else:
            assert msg.action is not None
            ply = await table.act(conn, msg.action, msg.ply, msg.seat, msg.has_seat)
            conn.send({"type": "ack", "ply": ply, "action": msg.action})
    except ProtocolError as exc:
        conn.send(error_message(exc.code, exc.message))
    except IllegalActionError as exc:
        conn.send(error_message("illegal", str(exc), rule=exc.rule, legal=exc.legal, action=exc.action))
    except Exception:  # e.g. the database is unreachable: nothing was applied, say so and go on
        log.exception("table %s: an action could not be taken", table.id)
        conn.send(error_message("server_error", "the server could not take the action; nothing changed"))


def app_from_env() -> FastAPI:
    """The application configured from ``PRIKUP_DB`` and ``PRIKUP_BOT_DELAY`` (for ``uvicorn --factory``)."""
    return create_app(os.environ.get("PRIKUP_DB") or None, bot_delay=float(os.environ.get("PRIKUP_BOT_DELAY", "0.4")))

"""Fan-out between server processes on one PostgreSQL database, with ``LISTEN``/``NOTIFY``.

Each stored action (and each change of a seat) is announced on :data:`~prikup.server.storage.CHANNEL`
in the transaction that stores it (``<table id> <ply>``; ply -1 for a seat change), so PostgreSQL
delivers it only once committed.  :class:`Listener` keeps one connection per process listening and
calls back with each announcement; a process that holds the table in memory then reads what it
missed from storage and sends its own clients the new state.  On SQLite (one process) it does
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from prikup.server.storage import CHANNEL, DealRow, parse_announcement

#: An announced action: (deal, seat, text, the next deal's cards or None).
Announced = tuple[int, int, str, DealRow | None]

__all__ = ["Listener"]

log = logging.getLogger("prikup.server")

Callback = Callable[[str, int, Announced | None], Awaitable[None]]


def _psycopg_url(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


class Listener:
    """Listens to the channel of one PostgreSQL database and calls ``callback(table_id, ply,
    action)`` (the action that led to ``ply``, or None for a change of seats)."""

    def __init__(self, url: str, callback: Callback) -> None:
        self.url = _psycopg_url(url)
        self.callback = callback
        self._task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    def start(self) -> None:
        """Start listening in the background (reconnecting after a lost connection)."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    async for note in conn.notifies():
                        try:
                            table_id, ply, action = parse_announcement(note.payload)
                            await self.callback(table_id, ply, action)
                        except Exception:
                            log.exception("a notification could not be applied: %s", note.payload[:40])
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: try again
                self.ready.clear()
                log.warning("listening to the database failed: %s", str(exc).splitlines()[0] if str(exc) else exc)
                await asyncio.sleep(1.0)

    async def stop(self) -> None:
        """Stop listening."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

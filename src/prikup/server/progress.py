"""Progress reports from the analysis worker processes to the event loop, as datagrams.

An analysis worker says how far its job got (``done`` of ``total`` decisions) by sending one
datagram to a Unix socket the server's event loop listens on (:class:`ProgressListener`).  A
datagram is sent whole or not at all, by a non-blocking ``sendto`` that takes no lock, so:

- a worker never waits on the report: if the socket's buffer is full the report is dropped
  (progress is advisory; the result comes back through the pool, not through this channel);
- a worker killed at any moment (over its hard limit, or by a signal) leaves no lock held and no
  half-written message behind, so the other workers' reports go on arriving;
- the event loop reads the reports as they come (no polling, no blocking read).

The worker side is :func:`report`, set up by :func:`connect_worker` (the analysis pool's
initializer).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import socket
import tempfile
from collections.abc import Callable
from typing import Any

import orjson

__all__ = ["ProgressListener", "connect_worker", "report"]

log = logging.getLogger("prikup.server")

#: In an analysis worker process: its socket and the listener's address (set by connect_worker).
_worker: tuple[socket.socket, str] | None = None


def connect_worker(address: str) -> None:
    """Set up this worker process to report progress to the listener at ``address``."""
    global _worker
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.setblocking(False)
    _worker = (sock, address)


def report(job: str, done: int, total: int) -> None:
    """Send ``job``'s progress to the listener; dropped (never waited for) if it cannot be sent."""
    if _worker is None:
        return
    sock, address = _worker
    with contextlib.suppress(OSError):
        sock.sendto(orjson.dumps([job, done, total]), address)


class _Protocol(asyncio.DatagramProtocol):
    def __init__(self, deliver: Callable[[str, int, int], None]) -> None:
        self.deliver = deliver

    def datagram_received(self, data: bytes, addr: Any) -> None:
        try:
            job, done, total = orjson.loads(data)
            self.deliver(str(job), int(done), int(total))
        except Exception:  # a malformed report or a listener's bug: never the loop's problem
            log.exception("a progress report could not be handled")


class ProgressListener:
    """The event loop's end: a Unix datagram socket in a private temporary folder; each report
    ``(job, done, total)`` is handed to the listener registered for ``job`` (others are dropped)."""

    def __init__(self) -> None:
        self.listeners: dict[str, Callable[[int, int], None]] = {}
        self._folder: str | None = None
        self._transport: asyncio.DatagramTransport | None = None

    @property
    def address(self) -> str | None:
        """The socket's path (None before :meth:`start`)."""
        return None if self._folder is None else os.path.join(self._folder, "progress.sock")

    async def start(self) -> str:
        """Listen (once) on the event loop; the socket's path."""
        if self._transport is None:
            self._folder = tempfile.mkdtemp(prefix="prikup-progress-")
            address = self.address
            assert address is not None
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            sock.bind(address)  # bound here: not every event loop (uvloop) binds a Unix address
            transport, _ = await asyncio.get_running_loop().create_datagram_endpoint(
                lambda: _Protocol(self._deliver), sock=sock
            )
            self._transport = transport
        address = self.address
        assert address is not None
        return address

    def _deliver(self, job: str, done: int, total: int) -> None:
        listener = self.listeners.get(job)
        if listener is not None:
            listener(done, total)

    def close(self) -> None:
        """Stop listening and remove the socket."""
        if self._transport is not None:
            self._transport.close()
            self._transport = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

"""Group commit: the actions of every table that arrive while a write is under way are stored
together in the next transaction, so one commit (and its disk flush) serves many actions."""

from __future__ import annotations

import asyncio
import contextlib

from prikup.server.storage import ActionWrite, Storage, StorageUnavailable

__all__ = ["Writer"]


class Writer:
    """Stores actions in batches, one transaction at a time, off the event loop."""

    def __init__(self, storage: Storage, max_batch: int = 256) -> None:
        self.storage = storage
        self.max_batch = max_batch
        self._pending: list[tuple[ActionWrite, asyncio.Future[bool]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def append(self, write: ActionWrite) -> bool:
        """Store one action (see :meth:`Storage.append_action`): True once committed, False if
        its ply was already stored; raises :class:`StorageUnavailable` if it was refused."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((write, future))
        self._wake.set()
        return await future

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending[: self.max_batch], self._pending[self.max_batch :]
                try:
                    results = await asyncio.to_thread(self.storage.append_actions, [w for w, _ in batch])
                except StorageUnavailable as exc:
                    results = [exc] * len(batch)
                except Exception as exc:  # never leave a caller waiting
                    results = [StorageUnavailable(f"the action could not be stored: {type(exc).__name__}")] * len(batch)
                for (_, future), result in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if isinstance(result, StorageUnavailable):
                        future.set_exception(result)
                    else:
                        future.set_result(result)

    async def close(self) -> None:
        """Stop the writer (after the pending writes)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

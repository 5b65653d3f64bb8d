"""Bots off the event loop: searching bots decide in worker processes under a hard time limit.

:class:`BotRunner` ``decide(state, seat, bot, seed)`` returns the bot's action.  Fast bots
(:data:`~prikup.server.levels.INLINE_BOTS`) decide in the server's process; every other bot is
sent, with the match as a game record, to a :mod:`pebble` process pool.  A decision that takes
longer than the hard limit is stopped (its worker process is killed and replaced) and the
heuristic's choice is played instead, which is logged and counted.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import time
from typing import Any

from pebble import ProcessPool

from prikup.bots import make_bot
from prikup.core.game import State
from prikup.records import replay, to_record

__all__ = ["BotRunner", "decide_from_record"]

log = logging.getLogger("prikup.server")


def decide_from_record(record: dict[str, Any], seat: int, bot: str, seed: int) -> str:
    """The action of ``bot`` for ``seat`` in the match ``record`` ends at (run in a worker)."""
    state = replay(record)
    return str(make_bot(bot, state.game, seed).act(state, seat))


def _fallback(state: State, seat: int, seed: int) -> str:
    try:
        return str(make_bot("heuristic", state.game, seed).act(state, seat))
    except ValueError:
        return str(make_bot("random", state.game, seed).act(state, seat))


class BotRunner:
    """Runs bot decisions: inline for fast bots, in a process pool with a hard limit for the rest."""

    def __init__(self, workers: int = 1, limit: float = 5.0) -> None:
        self.workers = max(1, workers)
        self.limit = limit
        self._pool: ProcessPool | None = None
        #: decisions stopped by the hard limit, and decisions whose worker failed
        self.timeouts = 0
        self.failures = 0

    def _get_pool(self) -> ProcessPool:
        if self._pool is None:
            self._pool = ProcessPool(max_workers=self.workers, context=multiprocessing.get_context("spawn"))
        return self._pool

    async def decide(self, state: State, seat: int, bot: str, seed: int, *, inline: bool) -> tuple[str, float, bool]:
        """The bot's action text, the seconds it took and whether the hard limit stopped it."""
        start = time.perf_counter()
        if inline:
            action = str(make_bot(bot, state.game, seed).act(state, seat))
            return action, time.perf_counter() - start, False
        record = to_record(state)
        future = self._get_pool().schedule(decide_from_record, args=(record, seat, bot, seed), timeout=self.limit)
        try:
            action = await asyncio.wrap_future(future)
        except (concurrent.futures.TimeoutError, TimeoutError):
            self.timeouts += 1
            action = _fallback(state, seat, seed)
            log.warning(
                "bot decision over the hard limit: the heuristic's choice was played",
                extra={"event": "bot_timeout", "bot": bot.split(":")[0], "limit": self.limit, "seat": seat},
            )
            return action, time.perf_counter() - start, True
        except Exception as exc:  # the worker died or the pool broke: the table must not wait for ever
            self.failures += 1
            if self._pool is not None and not self._pool.active:
                self._pool.stop()  # type: ignore[no-untyped-call]
                self._pool = None  # a new pool is started for the next decision
            log.error(
                "bot decision failed in its worker (%s): the heuristic's choice was played",
                f"{type(exc).__name__}: {exc}",
                extra={"event": "bot_failed", "bot": bot.split(":")[0], "seat": seat},
            )
            return _fallback(state, seat, seed), time.perf_counter() - start, False
        return str(action), time.perf_counter() - start, False

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool.join(timeout=5)
            self._pool = None

"""Bots off the event loop: searching bots decide in worker processes under a hard time limit.

:class:`BotRunner` ``decide(state, seat, bot, seed)`` returns the bot's action.  Fast bots
(:data:`~prikup.server.levels.INLINE_BOTS`) decide in the server's process; every other bot is
sent, with the match as a game record, to a :mod:`pebble` process pool.  A decision that takes
longer than the hard limit is stopped (its worker process is killed and replaced) and the
heuristic's choice is played instead, which is logged and counted.

The same pool computes hints (``hint``: short, under ``PRIKUP_HINT_LIMIT``).  Deal analyses
(``analyse``: minutes, not seconds) run in a second pool of their own processes, so that a long
analysis never makes a bot or a hint wait; each reports its progress as datagrams the event loop
receives (:mod:`prikup.server.progress`: no lock a killed worker could keep, nothing that blocks).
Nothing here blocks the event loop: the pools are started and given their work in a thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import time
from collections.abc import Callable
from typing import Any

from pebble import ProcessPool

from prikup.bots import make_bot
from prikup.core.game import State
from prikup.records import replay, to_record
from prikup.server import progress as progress_channel

__all__ = ["AdviceFailed", "BotRunner", "analyse_from_record", "decide_from_record", "hint_from_record"]

log = logging.getLogger("prikup.server")


def decide_from_record(record: dict[str, Any], seat: int, bot: str, seed: int) -> str:
    """The action of ``bot`` for ``seat`` in the match ``record`` ends at (run in a worker)."""
    state = replay(record)
    return str(make_bot(bot, state.game, seed).act(state, seat))


def hint_from_record(record: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
    """The hint for ``seat`` in the match ``record`` ends at, as JSON (run in a worker)."""
    from prikup.analysis import hint

    state = replay(record)
    return dict(hint(state, seat, seed=seed).to_json())


def analyse_from_record(job: str, record: dict[str, Any], deal: int, samples: int, seed: int) -> tuple[Any, float]:
    """The analysis of ``deal`` (from 1) of ``record`` as JSON and the CPU seconds it took (run in
    an analysis worker; its progress is reported as ``(job, done, total)``)."""
    from prikup.analysis import analyze_deal

    start = time.process_time()

    def progress(done: int, total: int) -> None:
        progress_channel.report(job, done, total)

    result = analyze_deal(record, deal, samples=samples or None, seed=seed, progress=progress)
    return result.to_json(), time.process_time() - start


class AdviceFailed(RuntimeError):
    """A hint or an analysis could not be computed (over its hard limit, or its worker failed)."""


def _fallback(state: State, seat: int, seed: int) -> str:
    try:
        return str(make_bot("heuristic", state.game, seed).act(state, seat))
    except ValueError:
        return str(make_bot("random", state.game, seed).act(state, seat))


class BotRunner:
    """Runs bot decisions: inline for fast bots, in a process pool with a hard limit for the rest."""

    def __init__(
        self, workers: int = 1, limit: float = 5.0, *, analysis_workers: int = 1, hint_limit: float = 15.0
    ) -> None:
        self.workers = max(1, workers)
        self.limit = limit
        self.hint_limit = hint_limit
        self.analysis_workers = max(1, analysis_workers)
        self._pool: ProcessPool | None = None
        self._analysis_pool: ProcessPool | None = None
        self._progress = progress_channel.ProgressListener()
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
        future = await asyncio.to_thread(
            self._get_pool().schedule, decide_from_record, args=(record, seat, bot, seed), timeout=self.limit
        )
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

    async def hint(self, record: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
        """The hint for ``seat`` at the end of ``record``, computed in the bots' pool under the
        hint limit; :class:`AdviceFailed` if it could not be."""
        future = await asyncio.to_thread(
            self._get_pool().schedule, hint_from_record, args=(record, seat, seed), timeout=self.hint_limit
        )
        try:
            data: dict[str, Any] = await asyncio.wrap_future(future)
            return data
        except (concurrent.futures.TimeoutError, TimeoutError):
            raise AdviceFailed(f"the hint took longer than {self.hint_limit:g} s and was stopped") from None
        except Exception as exc:
            self._forget_broken_pool()
            log.error("a hint failed in its worker: %s", f"{type(exc).__name__}: {exc}", extra={"event": "hint_failed"})
            raise AdviceFailed("the hint could not be computed") from None

    async def analyse(
        self,
        job: str,
        record: dict[str, Any],
        deal: int,
        *,
        samples: int,
        seed: int,
        limit: float,
        progress: Callable[[int, int], None],
    ) -> tuple[Any, float]:
        """The analysis of ``deal`` of ``record`` (JSON) and its CPU seconds, computed in the
        analysis pool; ``progress(done, total)`` is called on the event loop as it goes."""
        address = await self._progress.start()
        pool = self._get_analysis_pool(address)
        self._progress.listeners[job] = progress
        try:
            future = await asyncio.to_thread(
                pool.schedule, analyse_from_record, args=(job, record, deal, samples, seed), timeout=limit
            )
            data, seconds = await asyncio.wrap_future(future)
        except (concurrent.futures.TimeoutError, TimeoutError):
            raise AdviceFailed(f"the analysis took longer than {limit:g} s and was stopped") from None
        except Exception as exc:  # the worker died (killed, out of memory) or the pool broke
            if self._analysis_pool is not None and not self._analysis_pool.active:
                self._analysis_pool.stop()  # type: ignore[no-untyped-call]
                self._analysis_pool = None
            log.error(
                "an analysis failed in its worker: %s",
                f"{type(exc).__name__}: {exc}",
                extra={"event": "analysis_failed"},
            )
            raise AdviceFailed("its worker process failed; ask again") from None
        finally:
            self._progress.listeners.pop(job, None)
        return data, float(seconds)

    def _get_analysis_pool(self, address: str) -> ProcessPool:
        if self._analysis_pool is None:
            self._analysis_pool = ProcessPool(
                max_workers=self.analysis_workers,
                context=multiprocessing.get_context("spawn"),
                initializer=progress_channel.connect_worker,
                initargs=(address,),
            )
        return self._analysis_pool

    def _forget_broken_pool(self) -> None:
        if self._pool is not None and not self._pool.active:
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool = None

    def close(self) -> None:
        """Stop the worker processes."""
        for pool in (self._pool, self._analysis_pool):
            if pool is not None:
                pool.stop()  # type: ignore[no-untyped-call]
                pool.join(timeout=5)
        self._pool = None
        self._analysis_pool = None
        self._progress.close()

"""Deal analyses at the table server: computed once in the background, stored with the table,
served from storage afterwards, and shown to each viewer only as far as that viewer may see.

:class:`Analyses` ``request(table, conn, deal)`` answers a connection's ``analyse`` frame: a
stored analysis is sent at once; otherwise one job per deal runs in the analysis worker pool
(:class:`~prikup.server.botpool.BotRunner`), its progress (``done`` of ``total`` decisions) is
pushed to every connection of the table, and the result is stored, then sent to each connection
that asked.  Several requests for the same deal share one job.

While the match goes on, a deal's analysis is filtered for the viewer (:func:`visible_analysis`)
the way its replay is: a decision naming a card the viewer never saw in that deal is sent with
``"hidden": true`` and without its actions and estimates.  Once the match is over (or abandoned)
its record is public, and so is every analysis in full.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from prikup.core.actions import parse_action
from prikup.core.game import Game
from prikup.server.botpool import AdviceFailed, BotRunner
from prikup.server.config import ServerConfig
from prikup.server.observe import Metrics
from prikup.server.protocol import ProtocolError, error_message
from prikup.server.storage import DealRow, Storage, StorageUnavailable

if TYPE_CHECKING:
    from prikup.server.tables import Connection, Table

__all__ = ["Analyses", "decision_cards", "seen_cards", "visible_analysis"]

log = logging.getLogger("prikup.server")

#: Observation fields that hold calls and actions, not cards seen (``7H`` there is a bid).
_NOT_CARDS = frozenset(
    {"legal_actions", "calls", "whist_calls", "half_calls", "settle_calls", "contract", "high_bid", "bid", "options"}
)

#: The fields of a decision that name actions (and so cards).
_ACTION_FIELDS = ("taken", "best")
_VALUED_FIELDS = ("estimates", "open_hand")


def _collect(value: Any, out: set[str], card_names: frozenset[str]) -> None:
    if isinstance(value, str):
        if value in card_names:
            out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in _NOT_CARDS:
                _collect(v, out, card_names)
    elif isinstance(value, list):
        for v in value:
            _collect(v, out, card_names)


def seen_cards(
    game: Game,
    first_dealer: int,
    deals: list[DealRow],
    actions: list[tuple[int, int, str]],
    viewer: int | None,
    deal: int,
) -> set[str]:
    """Every card ``viewer`` (a seat, or None for a spectator) saw during deal ``deal`` (from 1):
    in its hand, on the table, in the tricks, in a talon shown to it, in the actions as shown to
    it.  A pure function of stored data, run off the event loop."""
    from prikup.server.tables import replay_frames

    card_names = frozenset(str(c) for c in game.deck())
    frames = replay_frames(game, first_dealer, deals[: deal + 1], [a for a in actions if a[0] < deal], viewer)
    seen: set[str] = set()
    for i, frame in enumerate(frames):
        if frame["obs"].get("deal") == deal:
            _collect(frame["obs"], seen, card_names)
        event = frame["event"]
        if event is not None and actions[i - 1][0] == deal - 1:
            try:
                card = parse_action(event["action"]).card
            except ValueError:
                card = None
            if card is not None:
                seen.add(str(card))
    return seen


def decision_cards(decision: dict[str, Any]) -> set[str] | None:
    """The cards a decision's actions name (taken, best, every candidate), or None if one of
    its texts is not an action (then it is shown to nobody but whoever may see everything)."""
    texts: list[str] = []
    for name in _ACTION_FIELDS:
        if isinstance(decision.get(name), str):
            texts.append(decision[name])
    for name in _VALUED_FIELDS:
        for entry in decision.get(name) or []:
            texts.append(entry[0] if isinstance(entry, list | tuple) else entry)
    cards: set[str] = set()
    for text in texts:
        try:
            card = parse_action(str(text)).card
        except ValueError:
            return None
        if card is not None:
            cards.add(str(card))
    return cards


def _hidden(decision: dict[str, Any]) -> dict[str, Any]:
    kept = ("number", "seat", "phase", "grade", "loss", "loss_open", "unit")
    out = {k: decision[k] for k in kept if k in decision}
    out["hidden"] = True
    return out


def visible_analysis(data: dict[str, Any], seen: set[str] | None, viewer: int | None) -> dict[str, Any]:
    """The analysis ``data`` as ``viewer`` may see it: in full when ``seen`` is None (the match
    is over), else every other seat's decision that names a card not in ``seen`` reduced to its
    seat, phase, grade and losses (``"hidden": true``)."""
    if seen is None:
        return data

    def show(decision: Any) -> Any:
        if not isinstance(decision, dict) or decision.get("seat") == viewer:
            return decision
        cards = decision_cards(decision)
        return decision if cards is not None and cards <= seen else _hidden(decision)

    out = dict(data)
    out["decisions"] = [show(d) for d in data.get("decisions") or []]
    seats = []
    for summary in data.get("seats") or []:
        if isinstance(summary, dict) and isinstance(summary.get("worst"), list):
            summary = {**summary, "worst": [show(d) for d in summary["worst"]]}
        seats.append(summary)
    out["seats"] = seats
    out["filtered"] = True
    return out


@dataclass(eq=False)
class _Job:
    """One deal's analysis under way: who waits for it and how far it got."""

    table_id: str
    deal: int
    waiting: set[Connection] = field(default_factory=set)
    done: int = 0
    total: int = 0
    task: asyncio.Task[None] | None = None


class Analyses:
    """The analyses of one server process: requests, jobs under way, storage."""

    def __init__(self, storage: Storage, runner: BotRunner, config: ServerConfig, metrics: Metrics) -> None:
        self.storage = storage
        self.runner = runner
        self.config = config
        self.metrics = metrics
        self.jobs: dict[tuple[str, int], _Job] = {}

    async def request(self, table: Table, conn: Connection, deal: int) -> None:
        """Answer an ``analyse`` frame: the stored analysis, or a job started (or joined)."""
        if not conn.authenticated:
            raise ProtocolError("no_hello", "send hello (seat and token, or none to watch) before asking")
        table.check_deal_over(deal)
        stored = await asyncio.to_thread(self.storage.load_analysis, table.id, deal)
        if stored is not None:
            self.metrics.analyses.labels("stored").inc()
            await self._send(table, deal, stored.data, "stored", [conn])
            return
        key = (table.id, deal)
        job = self.jobs.get(key)
        if job is not None:
            job.waiting.add(conn)
            if job.total:
                conn.send(_progress(deal, job.done, job.total))
            return
        if len(self.jobs) >= self.config.max_analyses:
            raise ProtocolError(
                "busy", f"the server is analysing {len(self.jobs)} deals already; ask again in a few minutes"
            )
        job = _Job(table.id, deal, {conn})
        self.jobs[key] = job
        record = table.record_through(deal)
        job.task = asyncio.get_running_loop().create_task(self._run(table, job, record))

    async def _run(self, table: Table, job: _Job, record: dict[str, Any]) -> None:
        key = (job.table_id, job.deal)

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total
            frame = _progress(job.deal, done, total)
            for conn in table.connections | job.waiting:
                if conn.authenticated:
                    conn.send(frame)

        try:
            data, seconds = await self.runner.analyse(
                secrets.token_hex(6),
                record,
                job.deal,
                samples=self.config.analysis_samples,
                seed=table.advice_seed(job.deal),
                limit=self.config.analysis_limit,
                progress=progress,
            )
            if job.total and job.done < job.total:  # its last reports may come after the result
                progress(job.total, job.total)
            data = dict(data)
            stored = await asyncio.to_thread(self.storage.store_analysis, table.id, job.deal, data, seconds)
            if not stored:  # another worker stored it first: serve the stored one, as everyone else
                again = await asyncio.to_thread(self.storage.load_analysis, table.id, job.deal)
                data = again.data if again is not None else data
            self.metrics.analyses.labels("computed").inc()
            self.metrics.analysis_seconds.observe(seconds)
            log.info(
                "table %s: deal %d analysed in %.1f s CPU",
                table.id,
                job.deal,
                seconds,
                extra={"event": "analysed", "deal": job.deal, "cpu_seconds": round(seconds, 3)},
            )
            await self._send(table, job.deal, data, "computed", job.waiting)
        except (AdviceFailed, StorageUnavailable) as exc:
            for conn in job.waiting:
                conn.send(error_message("analysis_failed", f"deal {job.deal} could not be analysed: {exc}"))
        except Exception:
            log.exception("table %s: the analysis of deal %d failed", table.id, job.deal)
            for conn in job.waiting:
                conn.send(error_message("analysis_failed", f"deal {job.deal} could not be analysed"))
        finally:
            self.jobs.pop(key, None)

    async def stored_for(self, table: Table, deal: int, viewer: int | None) -> dict[str, Any] | None:
        """The stored analysis of ``deal`` as ``viewer`` may see it, or None if there is none."""
        stored = await asyncio.to_thread(self.storage.load_analysis, table.id, deal)
        if stored is None:
            return None
        self.metrics.analyses.labels("stored").inc()
        return await self._visible(table, deal, stored.data, viewer)

    async def _visible(self, table: Table, deal: int, data: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        if table.finished or table.closed:
            return data
        seen = await asyncio.to_thread(seen_cards, *table.frames_data(), viewer, deal)
        return visible_analysis(data, seen, viewer)

    async def _send(
        self, table: Table, deal: int, data: dict[str, Any], source: str, conns: Iterable[Connection]
    ) -> None:
        """Send the analysis to each connection, filtered for its viewer (computed off the loop)."""
        by_viewer: dict[int | None, list[Connection]] = {}
        for conn in conns:
            by_viewer.setdefault(conn.seat, []).append(conn)
        for viewer, group in by_viewer.items():
            shown = await self._visible(table, deal, data, viewer)
            frame = {"type": "analysis", "deal": deal, "source": source, "analysis": shown}
            for conn in group:
                conn.send(frame)

    def forget(self, conn: Connection) -> None:
        """A connection closed: no job sends it anything any more (the jobs go on for the others,
        and are stored for whoever asks next)."""
        for job in self.jobs.values():
            job.waiting.discard(conn)

    def cancel_all(self) -> None:
        """Stop waiting for every job (the server stops)."""
        for job in self.jobs.values():
            if job.task is not None:
                job.task.cancel()


def _progress(deal: int, done: int, total: int) -> dict[str, Any]:
    return {"type": "analysis_progress", "deal": deal, "done": done, "total": total}

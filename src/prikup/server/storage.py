"""Durable storage of tables (SQLAlchemy Core; SQLite by default, PostgreSQL by URL).

A table is stored as its configuration (game, options, first dealer, seats), the cards of every
deal (dealt by the server and stored before anyone sees them) and the actions, in order; that is
exactly a game record (:mod:`prikup.records`), which :meth:`Storage.record` builds and
``records.replay`` rebuilds a table from.  The action that ends a deal is stored in the same
transaction as the next deal's cards, and the one that ends the match with the match's end.

An unfinished table with no action for ``PRIKUP_TABLE_TTL`` seconds is closed as abandoned
(:meth:`Storage.abandon_idle`): it keeps its record but leaves the lobby and its tokens stop working.
Seat tokens and invitation secrets are stored as SHA-256 hashes only.  Every write is committed
before the call returns; a database that is gone (a deleted SQLite file) or refuses writes raises
:class:`StorageUnavailable` instead of acknowledging into nothing.  On PostgreSQL each stored
action is announced with ``NOTIFY`` (see :mod:`prikup.server.notify`) in its own transaction.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    create_engine,
    event,
    exists,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from prikup.records import FORMAT

__all__ = [
    "CHANNEL",
    "PRESENCE",
    "ActionWrite",
    "DealRow",
    "Storage",
    "StorageUnavailable",
    "StoredAnalysis",
    "StoredSeat",
    "StoredTable",
    "default_url",
    "hash_secret",
    "normalise_url",
    "parse_announcement",
]

#: The PostgreSQL channel that announces stored actions: payload ``<table id> <ply after>``.
CHANNEL = "prikup_tables"

metadata = MetaData()

matches = Table(
    "prikup_match",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("creator_seat", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("finished_at", Float, nullable=True),
    Column("abandoned_at", Float, nullable=True),  # closed unfinished after PRIKUP_TABLE_TTL idle
    Column("hints", Boolean, nullable=True),  # hints on request (None: a table older than the option)
)

seats = Table(
    "prikup_seat",
    metadata,
    Column("table_id", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(16), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("invite_hash", String(64), nullable=True),
)

deals = Table(
    "prikup_deal",
    metadata,
    Column("table_id", String(16), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("dealer", Integer, nullable=False),
    Column("hands", JSON, nullable=False),
    Column("talon", JSON, nullable=False),
)

actions = Table(
    "prikup_action",
    metadata,
    Column("table_id", String(16), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("deal", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
)


analyses = Table(
    "prikup_analysis",
    metadata,
    Column("table_id", String(16), primary_key=True),
    Column("deal", Integer, primary_key=True),  # 1, 2, … as the page numbers deals
    Column("data", JSON, nullable=False),  # DealAnalysis.to_json(): every card, filtered when served
    Column("computed_at", Float, nullable=False),
    Column("seconds", Float, nullable=False),  # the CPU time the analysis took in its worker
)

presence = Table(
    "prikup_presence",
    metadata,
    Column("table_id", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("worker", String(32), primary_key=True),
    Column("seen_at", Float, nullable=False),
)

#: The ply of an announcement that a seat's human came or went at some worker.
PRESENCE = -2


class StorageUnavailable(RuntimeError):
    """The database cannot be read or written: nothing was stored."""


@dataclass(frozen=True)
class DealRow:
    """One deal's cards: the dealer, each active seat's hand (seat → cards) and the talon."""

    dealer: int
    hands: dict[str, list[str]]
    talon: list[str]


@dataclass(frozen=True)
class ActionWrite:
    """One action to store: see :meth:`Storage.append_action`."""

    table_id: str
    ply: int
    deal: int
    seat: int
    action: str
    next_deal: DealRow | None = None
    finished: bool = False


@dataclass(frozen=True)
class StoredAnalysis:
    """A deal's analysis as stored: the analysis engine's JSON, when and in how much CPU time."""

    table_id: str
    deal: int
    data: dict[str, Any]
    computed_at: float
    seconds: float


@dataclass
class StoredSeat:
    """One seat as stored."""

    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None


@dataclass
class StoredTable:
    """A table as loaded from storage."""

    id: str
    game: str
    options: dict[str, Any]
    first_dealer: int
    creator_seat: int
    created_at: float
    finished: bool
    finished_at: float | None
    seats: list[StoredSeat]
    deals: list[DealRow] = field(default_factory=list)
    actions: list[tuple[int, int, str]] = field(default_factory=list)  # (deal, seat, text)
    first_deal: int = 0  # the index of deals[0] (a load of what is new since a point)
    first_ply: int = 0  # the ply of actions[0]
    abandoned_at: float | None = None  # when the unfinished table was closed as abandoned
    active_at: float = 0.0  # the time of its last action (or of its creation)
    hints: bool | None = None  # hints on request; None: stored before the option existed

    def record(self) -> dict[str, Any]:
        """The table as a game record (``prikup-record/1``), ready for ``records.replay``."""
        by_deal: list[list[list[Any]]] = [[] for _ in self.deals]
        for deal, seat, text_ in self.actions:
            by_deal[deal].append([seat, text_])
        return {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "deals": [
                {"dealer": d.dealer, "hands": d.hands, "talon": d.talon, "actions": acts}
                for d, acts in zip(self.deals, by_deal, strict=True)
            ],
        }


def hash_secret(secret: str) -> str:
    """The stored form of a seat token or an invitation secret."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def default_url() -> str:
    """The default database: a SQLite file in the user's data directory."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("prikup", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'prikup.sqlite3'}"


def normalise_url(url: str) -> str:
    """A database URL with the driver made explicit (``postgresql://`` → psycopg 3)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


class Storage:
    """The server's database.  Every write is committed before the call returns."""

    def __init__(self, url: str | None = None) -> None:
        self.url = normalise_url(url or default_url())
        self.engine: Engine = create_engine(self.url)
        self._file: Path | None = None
        self._file_id: tuple[int, int] | None = None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
            database = self.engine.url.database
            if database and database != ":memory:":
                self._file = Path(database)
        try:
            with self.engine.begin() as conn:
                if self.engine.dialect.name == "postgresql":  # workers starting together create it once
                    conn.execute(text("SELECT pg_advisory_xact_lock(7114014)"))
                metadata.create_all(conn)
                _add_missing_columns(conn)
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"cannot open the database: {_one_line(exc)}") from None
        if self._file is not None:
            st = self._file.stat()
            self._file_id = (st.st_dev, st.st_ino)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    # -- health --------------------------------------------------------------------------
    def _check_file(self) -> None:
        if self._file is None:
            return
        try:
            st = self._file.stat()
        except OSError:
            raise StorageUnavailable(f"the database file {self._file.name} is gone") from None
        if (st.st_dev, st.st_ino) != self._file_id:
            raise StorageUnavailable(f"the database file {self._file.name} was replaced")
        if not os.access(self._file, os.W_OK):
            raise StorageUnavailable(f"the database file {self._file.name} is not writable")

    def _write(self) -> Any:
        self._check_file()
        return self.engine.begin()

    def check(self) -> None:
        """Raise :class:`StorageUnavailable` unless the database answers and takes writes."""
        self._check_file()
        try:
            with self.engine.begin() as conn:
                conn.execute(select(func.count()).select_from(matches).where(matches.c.id == ""))
                if self.dialect == "sqlite":
                    conn.execute(text("PRAGMA user_version = 0"))
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the database does not answer: {_one_line(exc)}") from None

    # -- writes --------------------------------------------------------------------------
    def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        first_deal: DealRow,
        seat_rows: list[StoredSeat],
        creator_seat: int,
        hints: bool = False,
    ) -> None:
        """Store a new table, its seats and its first deal in one transaction."""
        try:
            with self._write() as conn:
                conn.execute(
                    insert(matches).values(
                        id=table_id,
                        game=game,
                        options=options,
                        first_dealer=first_deal.dealer,
                        creator_seat=creator_seat,
                        created_at=time.time(),
                        finished=False,
                        hints=hints,
                    )
                )
                conn.execute(
                    insert(seats),
                    [
                        {
                            "table_id": table_id,
                            "seat": i,
                            "kind": s.kind,
                            "bot": s.bot,
                            "name": s.name,
                            "token_hash": s.token_hash,
                            "invite_hash": s.invite_hash,
                        }
                        for i, s in enumerate(seat_rows)
                    ],
                )
                self._insert_deal(conn, table_id, 0, first_deal)
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the table could not be stored: {_one_line(exc)}") from None

    @staticmethod
    def _insert_deal(conn: Connection, table_id: str, index: int, deal: DealRow) -> None:
        conn.execute(
            insert(deals).values(table_id=table_id, deal=index, dealer=deal.dealer, hands=deal.hands, talon=deal.talon)
        )

    def append_action(
        self,
        table_id: str,
        ply: int,
        deal: int,
        seat: int,
        action: str,
        *,
        next_deal: DealRow | None = None,
        finished: bool = False,
    ) -> bool:
        """Store the action at ``ply`` with, in the same transaction, the next deal's cards (if
        the action ended a deal) and the match's end (if it ended the match).

        Returns False if that ply is already stored (another writer won the race); raises
        :class:`StorageUnavailable` if nothing could be stored.
        """
        result = self.append_actions([ActionWrite(table_id, ply, deal, seat, action, next_deal, finished)])[0]
        if isinstance(result, StorageUnavailable):
            raise result
        return result

    def append_actions(self, writes: list[ActionWrite]) -> list[bool | StorageUnavailable]:
        """Store several tables' actions in one transaction (a group commit); if that fails,
        each alone.  Per write: True (stored), False (its ply was already stored) or the
        :class:`StorageUnavailable` that refused it."""
        self._check_file()
        if len(writes) > 1:
            try:
                with self.engine.begin() as conn:
                    self._write_many(conn, writes)
                return [True] * len(writes)
            except (SQLAlchemyError, StorageUnavailable):
                pass  # one of them is refused: find which, each in its own transaction
        return [self._append_one(w) for w in writes]

    def _append_one(self, w: ActionWrite) -> bool | StorageUnavailable:
        try:
            with self.engine.begin() as conn:
                self._write_action(conn, w)
        except IntegrityError as exc:
            try:
                if self._ply_stored(w.table_id, w.ply):
                    return False  # another writer stored this ply first
            except StorageUnavailable as lost:
                return lost
            return StorageUnavailable(f"the action could not be stored: {_one_line(exc)}")
        except StorageUnavailable as exc:
            return exc
        except SQLAlchemyError as exc:
            return StorageUnavailable(f"the action could not be stored: {_one_line(exc)}")
        return True

    def _write_many(self, conn: Connection, writes: list[ActionWrite]) -> None:
        now = time.time()
        rows = [
            {"table_id": w.table_id, "ply": w.ply, "deal": w.deal, "seat": w.seat, "text": w.action, "created_at": now}
            for w in writes
        ]
        conn.execute(insert(actions), rows)
        for w in writes:
            if w.next_deal is not None:
                self._insert_deal(conn, w.table_id, w.deal + 1, w.next_deal)
            if w.finished:
                self._finish(conn, w.table_id, now)
        if self.dialect == "postgresql":
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                [{"channel": CHANNEL, "payload": _announce(w)} for w in writes],
            )

    @staticmethod
    def _finish(conn: Connection, table_id: str, now: float) -> None:
        result = conn.execute(
            update(matches)
            .where(matches.c.id == table_id, matches.c.finished.is_(False))
            .values(finished=True, finished_at=now)
        )
        if result.rowcount != 1:
            raise StorageUnavailable(f"table {table_id} could not be marked finished")

    def _write_action(self, conn: Connection, w: ActionWrite) -> None:
        now = time.time()
        conn.execute(
            insert(actions).values(
                table_id=w.table_id, ply=w.ply, deal=w.deal, seat=w.seat, text=w.action, created_at=now
            )
        )
        if w.next_deal is not None:
            self._insert_deal(conn, w.table_id, w.deal + 1, w.next_deal)
        if w.finished:
            self._finish(conn, w.table_id, now)
        if self.dialect == "postgresql":
            conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": _announce(w)})

    def _ply_stored(self, table_id: str, ply: int) -> bool:
        try:
            with self.engine.connect() as conn:
                query = select(actions.c.ply).where(actions.c.table_id == table_id, actions.c.ply == ply)
                return conn.execute(query).first() is not None
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the database does not answer: {_one_line(exc)}") from None

    def _notify(self, conn: Connection, table_id: str, ply: int) -> None:
        if self.dialect == "postgresql":
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": f"{table_id} {ply}"}
            )

    def claim_seat(self, table_id: str, seat: int, invite_hash: str | None, token_hash: str, name: str | None) -> bool:
        """Give a free human seat to the holder of a new token, if ``invite_hash`` is its
        invitation's (or None for the creator's own seat at creation); False otherwise."""
        values: dict[str, Any] = {"token_hash": token_hash}
        if name is not None:
            values["name"] = name
        where = [
            seats.c.table_id == table_id,
            seats.c.seat == seat,
            seats.c.kind == "human",
            seats.c.token_hash.is_(None),
            seats.c.invite_hash == invite_hash,
        ]
        try:
            with self._write() as conn:
                result = conn.execute(update(seats).where(*where).values(**values))
                ok = bool(result.rowcount == 1)
                if ok:
                    self._notify(conn, table_id, -1)
                return ok
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the seat could not be stored: {_one_line(exc)}") from None

    def release_seat(self, table_id: str, seat: int, invite_hash: str) -> bool:
        """Free a human seat: its token stops working and a new invitation secret holds it."""
        try:
            with self._write() as conn:
                result = conn.execute(
                    update(seats)
                    .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human")
                    .values(token_hash=None, invite_hash=invite_hash)
                )
                ok = bool(result.rowcount == 1)
                if ok:
                    self._notify(conn, table_id, -1)
                return ok
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the seat could not be stored: {_one_line(exc)}") from None

    # -- analyses ------------------------------------------------------------------------
    def store_analysis(self, table_id: str, deal: int, data: dict[str, Any], seconds: float) -> bool:
        """Store a deal's analysis; False if one was already stored (another worker was first)."""
        try:
            with self._write() as conn:
                conn.execute(
                    insert(analyses).values(
                        table_id=table_id, deal=deal, data=data, computed_at=time.time(), seconds=seconds
                    )
                )
        except IntegrityError:
            return False
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the analysis could not be stored: {_one_line(exc)}") from None
        return True

    def load_analysis(self, table_id: str, deal: int) -> StoredAnalysis | None:
        """A deal's stored analysis, or None."""
        query = select(analyses).where(analyses.c.table_id == table_id, analyses.c.deal == deal)
        try:
            with self.engine.connect() as conn:
                row = conn.execute(query).first()
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the analysis could not be read: {_one_line(exc)}") from None
        if row is None:
            return None
        return StoredAnalysis(row.table_id, row.deal, dict(row.data), row.computed_at, row.seconds)

    def analysed_deals(self, table_id: str) -> list[int]:
        """The deals of a table whose analysis is stored."""
        query = select(analyses.c.deal).where(analyses.c.table_id == table_id).order_by(analyses.c.deal)
        try:
            with self.engine.connect() as conn:
                return [int(r[0]) for r in conn.execute(query)]
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the analyses could not be read: {_one_line(exc)}") from None

    # -- presence (several workers) ---------------------------------------------------------
    def set_presence(self, worker: str, table_id: str, seat: int, here: bool) -> None:
        """Record whether ``seat``'s human is connected to ``worker`` (a process of a PostgreSQL
        deployment), and announce the change to the other workers."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    presence.delete().where(
                        presence.c.table_id == table_id, presence.c.seat == seat, presence.c.worker == worker
                    )
                )
                if here:
                    conn.execute(
                        insert(presence).values(table_id=table_id, seat=seat, worker=worker, seen_at=time.time())
                    )
                self._notify(conn, table_id, PRESENCE)
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the presence could not be stored: {_one_line(exc)}") from None

    def heartbeat(self, worker: str, forget_before: float) -> None:
        """Mark every presence of ``worker`` as seen now; forget other workers' rows not seen
        since ``forget_before`` (a process that died)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(update(presence).where(presence.c.worker == worker).values(seen_at=time.time()))
                conn.execute(presence.delete().where(presence.c.seen_at < forget_before))
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the presence could not be stored: {_one_line(exc)}") from None

    def clear_presence(self, worker: str) -> None:
        """Forget every presence of ``worker`` (it stops)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(presence.delete().where(presence.c.worker == worker))
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the presence could not be stored: {_one_line(exc)}") from None

    def present_elsewhere(self, table_id: str, worker: str, seen_since: float) -> dict[int, int]:
        """Per seat of ``table_id``, how many workers other than ``worker`` hold its human (seen
        since ``seen_since``)."""
        query = (
            select(presence.c.seat, func.count())
            .where(presence.c.table_id == table_id, presence.c.worker != worker, presence.c.seen_at >= seen_since)
            .group_by(presence.c.seat)
        )
        try:
            with self.engine.connect() as conn:
                return {int(seat): int(n) for seat, n in conn.execute(query)}
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the presence could not be read: {_one_line(exc)}") from None

    # -- reads ---------------------------------------------------------------------------
    def load(self, table_id: str, from_ply: int = 0, from_deal: int = 0) -> StoredTable | None:
        """A table with its seats, deals and actions (from ``from_deal`` and ``from_ply`` on, for
        a process catching up), or None."""
        try:
            with self.engine.connect() as conn:
                row = conn.execute(select(matches).where(matches.c.id == table_id)).first()
                if row is None:
                    return None
                seat_rows = [
                    StoredSeat(s.kind, s.name, s.bot, s.token_hash, s.invite_hash)
                    for s in conn.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat))
                ]
                deal_rows = [
                    DealRow(d.dealer, dict(d.hands), list(d.talon))
                    for d in conn.execute(
                        select(deals)
                        .where(deals.c.table_id == table_id, deals.c.deal >= from_deal)
                        .order_by(deals.c.deal)
                    )
                ]
                last_action = conn.execute(
                    select(func.max(actions.c.created_at)).where(actions.c.table_id == table_id)
                ).scalar()
                action_rows = [
                    (a.deal, a.seat, a.text)
                    for a in conn.execute(
                        select(actions.c.deal, actions.c.seat, actions.c.text)
                        .where(actions.c.table_id == table_id, actions.c.ply >= from_ply)
                        .order_by(actions.c.ply)
                    )
                ]
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"the table could not be read: {_one_line(exc)}") from None
        return StoredTable(
            row.id,
            row.game,
            dict(row.options),
            row.first_dealer,
            row.creator_seat,
            row.created_at,
            bool(row.finished),
            row.finished_at,
            seat_rows,
            deal_rows,
            action_rows,
            from_deal,
            from_ply,
            row.abandoned_at,
            max(row.created_at, last_action or 0.0),
            row.hints,
        )

    def unfinished_ids(self, *, with_bots: bool = False) -> list[str]:
        """The ids of every table whose match is not over (only those with a bot seat if ``with_bots``)."""
        query = select(matches.c.id).where(matches.c.finished.is_(False), matches.c.abandoned_at.is_(None))
        if with_bots:
            query = query.where(exists().where(and_(seats.c.table_id == matches.c.id, seats.c.kind == "bot")))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def abandon_idle(self, idle_before: float) -> list[str]:
        """Close as abandoned every unfinished table with no action since ``idle_before`` (a
        time): its tokens stop working and it leaves the lobby.  Returns the ids closed."""
        now = time.time()
        try:
            with self._write() as conn:
                ids = [r[0] for r in conn.execute(select(matches.c.id).where(_idle(idle_before)))]
                if ids:
                    conn.execute(
                        update(matches).where(matches.c.id.in_(ids), _idle(idle_before)).values(abandoned_at=now)
                    )
                    for table_id in ids:
                        self._notify(conn, table_id, -1)
        except SQLAlchemyError as exc:
            raise StorageUnavailable(f"idle tables could not be closed: {_one_line(exc)}") from None
        return ids

    def list_tables(self, limit: int = 50, idle_before: float | None = None) -> list[tuple[StoredTable, int]]:
        """The most recent tables (seats, no deals nor actions) with their number of actions;
        not those closed as abandoned, nor those idle since ``idle_before`` (about to be)."""
        query = select(matches).where(matches.c.abandoned_at.is_(None))
        if idle_before is not None:
            query = query.where(~_idle(idle_before))
        with self.engine.connect() as conn:
            rows = list(conn.execute(query.order_by(matches.c.created_at.desc()).limit(limit)))
            ids = [r.id for r in rows]
            by_id: dict[str, list[StoredSeat]] = {i: [] for i in ids}
            plies: dict[str, int] = {}
            if ids:
                for s in conn.execute(select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)):
                    by_id[s.table_id].append(StoredSeat(s.kind, s.name, s.bot, s.token_hash, s.invite_hash))
                counted = select(actions.c.table_id, func.count()).where(actions.c.table_id.in_(ids))
                plies = {t: n for t, n in conn.execute(counted.group_by(actions.c.table_id))}
        return [
            (
                StoredTable(
                    r.id,
                    r.game,
                    dict(r.options),
                    r.first_dealer,
                    r.creator_seat,
                    r.created_at,
                    bool(r.finished),
                    r.finished_at,
                    by_id[r.id],
                ),
                plies.get(r.id, 0),
            )
            for r in rows
        ]


def _idle(before: float) -> Any:
    """The unfinished, still open tables with no action (nor creation) since ``before``."""
    recent = exists().where(actions.c.table_id == matches.c.id, actions.c.created_at >= before)
    return and_(
        matches.c.finished.is_(False),
        matches.c.abandoned_at.is_(None),
        matches.c.created_at < before,
        ~recent,
    )


def _add_missing_columns(conn: Connection) -> None:
    """Add the columns a database made by an older version lacks (``abandoned_at``, ``hints``);
    tables it lacks (``prikup_analysis``) are made by ``create_all``."""
    have = {c["name"] for c in inspect(conn).get_columns(matches.name)}
    if "abandoned_at" not in have:
        conn.execute(text(f"ALTER TABLE {matches.name} ADD COLUMN abandoned_at FLOAT"))
    if "hints" not in have:
        conn.execute(text(f"ALTER TABLE {matches.name} ADD COLUMN hints BOOLEAN"))


def _announce(w: ActionWrite) -> str:
    """The notification of a stored action: ``<table id> <ply after>`` and the action as JSON
    (with the next deal's cards), so other processes apply it without reading it back."""
    deal = None if w.next_deal is None else [w.next_deal.dealer, w.next_deal.hands, w.next_deal.talon]
    return f"{w.table_id} {w.ply + 1} " + json.dumps([w.deal, w.seat, w.action, deal], separators=(",", ":"))


def parse_announcement(payload: str) -> tuple[str, int, tuple[int, int, str, DealRow | None] | None]:
    """A notification's table id, ply after (-1: a seat changed) and action, if it carries one."""
    table_id, _, rest = payload.partition(" ")
    ply_text, _, body = rest.partition(" ")
    if not body:
        return table_id, int(ply_text), None
    deal, seat, action, nxt = json.loads(body)
    return table_id, int(ply_text), (deal, seat, action, None if nxt is None else DealRow(nxt[0], nxt[1], nxt[2]))


def _one_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None)
    message = str(orig if orig is not None else exc).strip().splitlines()
    return message[0][:200] if message else type(exc).__name__


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()

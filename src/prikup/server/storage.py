"""Durable storage of tables, seats and actions (SQLAlchemy 2; SQLite by default, PostgreSQL by URL).

A table is stored as its configuration (game, options, the secret dealing seed, the seats) plus
the list of actions taken, in order.  Nothing else is stored: a table is rebuilt by replaying its
actions through the rules core, so the stored actions are the single source of truth.  Seat
tokens are stored as SHA-256 hashes only.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Integer, String, create_engine, event, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

__all__ = [
    "ActionRow",
    "Base",
    "SeatRow",
    "Storage",
    "StoredTable",
    "TableRow",
    "default_url",
    "hash_token",
    "normalise_url",
]


class Base(DeclarativeBase):
    """The declarative base of the server's models."""


class TableRow(Base):
    """A table: its game, options and the secret seed its deals are drawn from."""

    __tablename__ = "prikup_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[float] = mapped_column(Float)
    finished: Mapped[bool] = mapped_column(default=False)


class SeatRow(Base):
    """One seat of a table: a human (held by a token once claimed) or a bot."""

    __tablename__ = "prikup_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("prikup_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    """One action, numbered from 0 within its table (the primary key forbids two at one ply)."""

    __tablename__ = "prikup_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("prikup_tables.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)


@dataclass
class StoredTable:
    """A table as loaded from storage."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created_at: float
    finished: bool
    seats: list[SeatRow]
    actions: list[tuple[int, str]]


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


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
        self.engine: Engine = create_engine(self.url, pool_pre_ping=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    def create_table(
        self, table_id: str, game: str, options: dict[str, Any], seed: int, seats: list[dict[str, Any]]
    ) -> None:
        """Store a new table and its seats (``{"kind", "bot", "name"}`` each)."""
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(id=table_id, game=game, options=options, seed=seed, created_at=time.time()))
            session.flush()
            for i, s in enumerate(seats):
                session.add(SeatRow(table_id=table_id, seat=i, kind=s["kind"], bot=s.get("bot"), name=s["name"]))

    def claim_seat(self, table_id: str, seat: int, token: str, name: str) -> bool:
        """Give an unclaimed human seat to the holder of ``token``; False if it is taken."""
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .values(token_hash=hash_token(token), name=name)
            )
            return bool(getattr(result, "rowcount", 0) == 1)

    def append_action(self, table_id: str, ply: int, seat: int, text: str) -> bool:
        """Store the action at ``ply``; False if that ply is already stored (a lost race)."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(ActionRow(table_id=table_id, ply=ply, seat=seat, text=text, created_at=time.time()))
        except IntegrityError:
            return False
        return True

    def mark_finished(self, table_id: str) -> None:
        """Note that a table's match is over."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(TableRow).where(TableRow.id == table_id).values(finished=True))

    def load(self, table_id: str) -> StoredTable | None:
        """A table with its seats and actions, or None."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = list(session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))
            actions = [
                (a.seat, a.text)
                for a in session.scalars(
                    select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.ply)
                )
            ]
            session.expunge_all()
            return StoredTable(
                row.id, row.game, dict(row.options), row.seed, row.created_at, row.finished, seats, actions
            )

    def unfinished_ids(self, *, with_bots: bool = False) -> list[str]:
        """The ids of every table whose match is not over (only those with a bot seat if ``with_bots``)."""
        query = select(TableRow.id).where(TableRow.finished.is_(False))
        if with_bots:
            query = query.where(TableRow.id.in_(select(SeatRow.table_id).where(SeatRow.kind == "bot")))
        with Session(self.engine) as session:
            return list(session.scalars(query))

    def list_tables(self, limit: int = 50) -> list[tuple[TableRow, list[SeatRow]]]:
        """The most recent tables with their seats."""
        with Session(self.engine) as session:
            rows = list(session.scalars(select(TableRow).order_by(TableRow.created_at.desc()).limit(limit)))
            ids = [r.id for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for s in session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)):
                    seats[s.table_id].append(s)
            session.expunge_all()
            return [(r, seats[r.id]) for r in rows]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()

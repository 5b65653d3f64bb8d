"""Storage on a real database (SQLite, and PostgreSQL when PRIKUP_TEST_PG_URL is set)."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest
from srv_helpers import Client, ServerProcess, db_kinds, db_url

from prikup.games import make_game
from prikup.records import replay
from prikup.server.storage import Storage, StoredSeat, hash_secret, normalise_url
from prikup.server.tables import draw_deal


@pytest.fixture(params=db_kinds())
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Storage:
    return Storage(db_url(request.param, tmp_path))


def new_table(storage: Storage) -> str:
    tid = "t" + uuid.uuid4().hex[:15]
    seats = [
        StoredSeat("human", "A", token_hash=hash_secret("creator")),
        StoredSeat("bot", "B", "heuristic"),
        StoredSeat("human", "C", invite_hash=hash_secret("invite-2")),
    ]
    storage.create_table(tid, "501", {"players": 3}, draw_deal(make_game("501"), 1), seats, 0)
    return tid


def test_table_round_trip_is_a_game_record(storage: Storage) -> None:
    tid = new_table(storage)
    assert storage.append_action(tid, 0, 0, 2, "look")
    assert storage.append_action(tid, 1, 0, 2, "bid 70")
    stored = storage.load(tid)
    assert stored is not None
    assert (stored.game, stored.options, stored.first_dealer, stored.finished) == ("501", {"players": 3}, 1, False)
    assert [(s.kind, s.bot, s.name) for s in stored.seats] == [
        ("human", None, "A"),
        ("bot", "heuristic", "B"),
        ("human", None, "C"),
    ]
    assert stored.actions == [(0, 2, "look"), (0, 2, "bid 70")]
    assert sum(len(h) for h in stored.deals[0].hands.values()) + len(stored.deals[0].talon) == 24
    state = replay(stored.record())  # the one replayer reads what the server stored
    assert [str(a) for _, _, a in state.history] == ["look", "bid 70"]
    assert tid in storage.unfinished_ids()
    assert storage.load("missing") is None


def test_a_ply_is_stored_once(storage: Storage) -> None:
    tid = new_table(storage)
    assert storage.append_action(tid, 0, 0, 2, "look")
    assert not storage.append_action(tid, 0, 0, 0, "pass")
    loaded = storage.load(tid)
    assert loaded is not None and loaded.actions == [(0, 2, "look")]


def test_a_seat_is_claimed_only_with_its_invitation_and_once(storage: Storage) -> None:
    tid = new_table(storage)
    assert not storage.claim_seat(tid, 2, hash_secret("wrong"), hash_secret("t1"), "Eve")
    assert storage.claim_seat(tid, 2, hash_secret("invite-2"), hash_secret("t2"), "Cy")
    assert not storage.claim_seat(tid, 2, hash_secret("invite-2"), hash_secret("t3"), "Bob")
    assert not storage.claim_seat(tid, 1, None, hash_secret("t4"), "Bot thief")  # a bot seat
    stored = storage.load(tid)
    assert stored is not None
    assert stored.seats[2].token_hash == hash_secret("t2") != "t2"
    assert stored.seats[2].name == "Cy"
    assert storage.release_seat(tid, 2, hash_secret("invite-3"))
    stored = storage.load(tid)
    assert stored is not None and stored.seats[2].token_hash is None


def test_postgres_urls_use_psycopg() -> None:
    assert normalise_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"


@pytest.mark.parametrize("kind", db_kinds())
def test_bots_fill_seats_and_act_promptly(kind: str, tmp_path: Path) -> None:
    server = ServerProcess(db_url(kind, tmp_path), bot_delay=0.05).start()
    try:
        created = server.create("five-hundred", [{"kind": "human"}])  # three seats left: bots fill them
        seats = created["table"]["seats"]
        assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"]
        client = Client(server, created["id"], 0, created["token"])
        start = time.monotonic()
        msg = client.until(lambda m: m["type"] == "state" and m["obs"]["to_act"] == 0, timeout=10)
        assert time.monotonic() - start < 3.0
        assert msg["obs"]["legal_actions"]
    finally:
        server.stop()


def test_a_database_of_an_older_version_gets_the_abandoned_column(storage: Storage) -> None:
    from sqlalchemy import inspect, text

    tid = new_table(storage)
    with storage.engine.begin() as conn:  # as an older version made it: no abandoned_at
        conn.execute(text("ALTER TABLE prikup_match DROP COLUMN abandoned_at"))
    again = Storage(storage.url)
    with again.engine.connect() as conn:
        assert "abandoned_at" in {c["name"] for c in inspect(conn).get_columns("prikup_match")}
    stored = again.load(tid)
    assert stored is not None and stored.abandoned_at is None and tid in again.unfinished_ids()
    assert again.abandon_idle(time.time() + 1) == [tid]
    assert tid not in again.unfinished_ids() and tid not in {t.id for t, _ in again.list_tables()}


def test_idle_is_counted_from_the_last_action(storage: Storage) -> None:
    tid = new_table(storage)
    created = storage.load(tid)
    assert created is not None
    time.sleep(0.05)
    assert storage.append_action(tid, 0, 0, 2, "look")
    acted = storage.load(tid)
    assert acted is not None and acted.active_at > created.active_at
    assert storage.abandon_idle(acted.active_at - 0.01) == []  # it acted since then
    assert tid in {t.id for t, _ in storage.list_tables(idle_before=acted.active_at - 0.01)}
    assert tid not in {t.id for t, _ in storage.list_tables(idle_before=acted.active_at + 0.01)}
    assert storage.abandon_idle(acted.active_at + 0.01) == [tid]

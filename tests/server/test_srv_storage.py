"""Storage on a real database (SQLite, and PostgreSQL when PRIKUP_TEST_PG_URL is set)."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest
from srv_helpers import Client, ServerProcess, db_kinds, db_url

from prikup.server.storage import Storage, hash_token, normalise_url


@pytest.fixture(params=db_kinds())
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Storage:
    return Storage(db_url(request.param, tmp_path))


def new_table(storage: Storage) -> str:
    tid = "t" + uuid.uuid4().hex[:10]
    seats = [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "heuristic", "name": "B"}]
    storage.create_table(tid, "501", {"players": 3}, 2**61 + 7, [*seats, {"kind": "human", "name": "C"}])
    return tid


def test_table_round_trip(storage: Storage) -> None:
    tid = new_table(storage)
    assert storage.append_action(tid, 0, 1, "look")
    assert storage.append_action(tid, 1, 1, "bid 70")
    stored = storage.load(tid)
    assert stored is not None
    assert (stored.game, stored.options, stored.seed, stored.finished) == ("501", {"players": 3}, 2**61 + 7, False)
    assert [(s.kind, s.bot, s.name, s.token_hash) for s in stored.seats] == [
        ("human", None, "A", None),
        ("bot", "heuristic", "B", None),
        ("human", None, "C", None),
    ]
    assert stored.actions == [(1, "look"), (1, "bid 70")]
    assert tid in storage.unfinished_ids()
    storage.mark_finished(tid)
    assert tid not in storage.unfinished_ids()
    assert storage.load("missing") is None


def test_a_ply_is_stored_once(storage: Storage) -> None:
    tid = new_table(storage)
    assert storage.append_action(tid, 0, 1, "look")
    assert not storage.append_action(tid, 0, 2, "pass")
    loaded = storage.load(tid)
    assert loaded is not None and loaded.actions == [(1, "look")]


def test_a_seat_is_claimed_once_and_only_its_hash_is_stored(storage: Storage) -> None:
    tid = new_table(storage)
    assert storage.claim_seat(tid, 0, "secret-0", "Ann")
    assert not storage.claim_seat(tid, 0, "secret-1", "Bob")
    assert not storage.claim_seat(tid, 1, "secret-2", "Bot thief")  # a bot seat
    stored = storage.load(tid)
    assert stored is not None
    assert stored.seats[0].token_hash == hash_token("secret-0") != "secret-0"
    assert stored.seats[0].name == "Ann"


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
        client = Client(server, created["table"]["id"], 0, created["token"])
        start = time.monotonic()
        msg = client.until(lambda m: m["type"] == "state" and m["obs"]["to_act"] == 0, timeout=10)
        assert time.monotonic() - start < 3.0
        assert msg["obs"]["legal_actions"]
    finally:
        server.stop()

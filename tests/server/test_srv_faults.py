"""Storage faults over real sockets and real databases: a refused end of match, a deleted SQLite
file, and two server processes on one PostgreSQL database."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import httpx
import pytest
from srv_helpers import PG_ENV, Client, ServerProcess, db_kinds, db_url

from prikup.server.storage import Storage


def _refuse_finish(url: str) -> None:
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            conn.execute(
                "CREATE TRIGGER no_finish BEFORE UPDATE OF finished ON prikup_match "
                "BEGIN SELECT RAISE(ABORT, 'the end of the match is refused'); END"
            )
        return
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "CREATE FUNCTION no_finish() RETURNS trigger AS $$ BEGIN "
            "RAISE EXCEPTION 'the end of the match is refused'; END $$ LANGUAGE plpgsql"
        )
        conn.execute(
            "CREATE TRIGGER no_finish BEFORE UPDATE OF finished ON prikup_match "
            "FOR EACH ROW EXECUTE FUNCTION no_finish()"
        )


def _allow_finish(url: str) -> None:
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            conn.execute("DROP TRIGGER no_finish")
        return
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TRIGGER no_finish ON prikup_match")


@pytest.mark.parametrize("kind", db_kinds())
def test_the_last_action_and_the_end_of_the_match_are_one_transaction(kind: str, tmp_path: Path) -> None:
    url = db_url(kind, tmp_path)
    server = ServerProcess(url, env={"PRIKUP_AWAY_AFTER": "0.05"}).start()
    try:
        _refuse_finish(url)
        created = server.create("501", [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
        watcher = Client(server, created["id"], None, None)  # the creator is away: bots play it out
        deadline = time.monotonic() + 120
        while "storage_failed" not in server.output():
            assert time.monotonic() < deadline, "the match never reached its end"
            watcher.read_for(0.2)  # a watcher that reads stays connected (a full outbox closes a connection)
        stored = Storage(url).load(created["id"])
        assert stored is not None and not stored.finished
        info = httpx.get(server.base + f"/api/tables/{created['id']}").json()
        assert info["ply"] == len(stored.actions) and not info["finished"]  # memory is what storage holds
        _allow_finish(url)
        while not httpx.get(server.base + f"/api/tables/{created['id']}").json()["finished"]:  # the bot tries again
            assert time.monotonic() < deadline
            watcher.read_for(0.2)
        watcher.close()
        stored = Storage(url).load(created["id"])
        assert stored is not None and stored.finished
    finally:
        server.stop()


def test_a_deleted_database_is_noticed(tmp_path: Path) -> None:
    url = db_url("sqlite", tmp_path)
    server = ServerProcess(url).start()
    try:
        created = server.create("501", [{"kind": "human"}] * 3)
        tokens = server.tokens(created)
        clients = {s: Client(server, created["id"], s, t) for s, t in tokens.items()}
        state = clients[0].until(lambda m: m["type"] == "state")
        assert httpx.get(server.base + "/health").status_code == 200
        path = url.removeprefix("sqlite:///")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        seat = state["obs"]["to_act"]
        me = clients[seat].wait_ply(0)
        clients[seat].send({"type": "act", "action": me["obs"]["legal_actions"][0]})
        err = clients[seat].until(lambda m: m["type"] in ("ack", "error"))
        assert err["type"] == "error" and err["code"] == "storage_unavailable", err
        assert "gone" in err["message"] and "nothing changed" in err["message"]
        health = httpx.get(server.base + "/health")
        assert health.status_code == 503 and "gone" in health.json()["detail"]
        r = httpx.post(server.base + "/api/tables", json={"game": "501", "seats": [{"kind": "human"}]})
        assert r.status_code == 503 and "gone" in r.json()["detail"]
    finally:
        server.stop()


@pytest.mark.skipif(not os.environ.get(PG_ENV), reason="needs PostgreSQL (PRIKUP_TEST_PG_URL)")
def test_two_processes_serve_one_table(tmp_path: Path) -> None:
    url = db_url("postgres", tmp_path)
    first = ServerProcess(url).start()
    second = ServerProcess(url).start()
    try:
        created = first.create("501", [{"kind": "human"}] * 3)
        tokens = first.tokens(created)
        # seats 0 and 2 on the first process, seat 1 and a spectator on the second
        clients = {s: Client(first if s != 1 else second, created["id"], s, t) for s, t in tokens.items()}
        spectator = Client(second, created["id"], None, None)
        spectator.until(lambda m: m["type"] == "state")
        for c in clients.values():
            c.until(lambda m: m["type"] == "state")
        for ply in range(12):
            seat = spectator.wait_ply(ply)["obs"]["to_act"]
            me = clients[seat].wait_ply(ply)
            clients[seat].send({"type": "act", "action": me["obs"]["legal_actions"][0], "ply": ply})
            ack = clients[seat].until(lambda m: m["type"] in ("ack", "error"))
            assert ack["type"] == "ack", ack
        for c in [*clients.values(), spectator]:
            assert c.wait_ply(12)["ply"] == 12
        assert httpx.get(second.base + f"/api/tables/{created['id']}").json()["ply"] == 12
        assert clients[1].state is not None and clients[0].state is not None
        assert clients[1].state["obs"]["scores"] == clients[0].state["obs"]["scores"]
    finally:
        first.stop()
        second.stop()

"""Tokens expire with the table also when it is never finished: an unfinished table with no action
for PRIKUP_TABLE_TTL seconds is closed as abandoned (real server, real sockets, a tiny TTL)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from srv_helpers import Client, ServerProcess, db_kinds, db_url, replay_cli
from websockets.exceptions import ConnectionClosed

from prikup.server.storage import Storage

TTL = 2.0


@pytest.fixture(scope="module", params=db_kinds())
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("abandon")
    env = {"PRIKUP_TABLE_TTL": str(TTL), "PRIKUP_AWAY_AFTER": "600"}
    proc = ServerProcess(db_url(request.param, folder), env=env).start()
    yield proc
    proc.stop()


def lobby_ids(server: ServerProcess) -> set[str]:
    return {t["id"] for t in httpx.get(server.base + "/api/tables").json()}


def act(clients: dict[int, Client]) -> None:
    """The seat to act takes its first legal action and gets its ack."""
    state = max((c.state for c in clients.values() if c.state), key=lambda m: m["ply"])
    me = clients[state["obs"]["to_act"]]
    mine = me.wait_ply(state["ply"])
    me.send({"type": "act", "action": mine["obs"]["legal_actions"][0], "ply": state["ply"]})
    assert me.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    for c in clients.values():
        c.wait_ply(state["ply"] + 1)


def closed_with_abandoned(client: Client) -> dict[str, Any]:
    """The error frame the server sends before closing the socket with 4410."""
    error = client.until(lambda m: m["type"] == "error", timeout=4 * TTL + 20)
    with pytest.raises(ConnectionClosed) as closed:
        client.until(lambda m: False, timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
    return error


def test_a_table_in_play_stays_open_past_the_ttl(server: ServerProcess) -> None:
    created = server.create("501", [{"kind": "human"}] * 3, name="Creator")
    tokens = server.tokens(created)
    clients = {s: Client(server, created["id"], s, t) for s, t in tokens.items()}
    for c in clients.values():
        c.until(lambda m: m["type"] == "state")
    start = time.monotonic()
    while time.monotonic() - start < 2.5 * TTL:  # idle gaps shorter than the TTL, play longer than it
        act(clients)
        time.sleep(TTL / 4)
    assert created["id"] in lobby_ids(server)
    info = httpx.get(server.base + f"/api/tables/{created['id']}").json()
    assert info["abandoned"] is False and info["ply"] >= 2
    # then nobody acts: the table is closed as abandoned, its seats told so and disconnected
    for c in clients.values():
        error = closed_with_abandoned(c)
        assert error["code"] == "abandoned" and "abandoned" in error["message"]
    again = Client(server, created["id"], 0, tokens[0]).until(lambda m: m["type"] == "error")
    assert again["code"] == "abandoned"


def test_an_abandoned_table_refuses_its_tokens_and_leaves_the_lobby(server: ServerProcess, tmp_path: Path) -> None:
    created = server.create("501", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], name="Creator")
    tid = created["id"]
    assert tid in lobby_ids(server)
    here = Client(server, tid, created["seat"], created["token"])
    here.until(lambda m: m["type"] == "state")
    assert closed_with_abandoned(here)["code"] == "abandoned"
    stored = Storage(server.url).load(tid)
    assert stored is not None and stored.abandoned_at is not None and not stored.finished
    # the creator's token, a spectator, the invitation and a release are all refused with the code
    refused = Client(server, tid, created["seat"], created["token"]).until(lambda m: m["type"] == "error")
    assert refused["code"] == "abandoned" and "PRIKUP" not in refused["message"]
    watcher = Client(server, tid, None, None).until(lambda m: m["type"] == "error")
    assert watcher["code"] == "abandoned"
    invite = created["invites"][0]
    r = httpx.post(server.base + f"/api/tables/{tid}/claim", json={"seat": invite["seat"], "invite": invite["secret"]})
    assert r.status_code == 410 and r.json()["code"] == "abandoned"
    bearer = {"Authorization": f"Bearer {created['token']}"}
    r = httpx.post(server.base + f"/api/tables/{tid}/release", json={"seat": invite["seat"]}, headers=bearer)
    assert r.status_code == 410
    r = httpx.get(server.base + f"/api/tables/{tid}/replay", params={"seat": created["seat"]}, headers=bearer)
    assert r.status_code == 410 and r.json()["code"] == "abandoned"
    # out of the lobby, and not resumed nor counted live; its replay and record stay readable
    assert tid not in lobby_ids(server)
    assert tid not in Storage(server.url).unfinished_ids()
    assert httpx.get(server.base + f"/api/tables/{tid}").json()["abandoned"] is True
    replay = httpx.get(server.base + f"/api/tables/{tid}/replay")
    assert replay.status_code == 200 and replay.json()["frames"][0]["ply"] == 0
    record = httpx.get(server.base + f"/api/tables/{tid}/record")
    assert record.status_code == 200 and record.json()["result"]["finished"] is False
    out = replay_cli(record.json(), tmp_path)
    assert out.returncode == 0, out.stderr
    assert created["token"] not in server.output() and "Traceback" not in server.output()


def test_an_abandoned_table_stays_closed_after_a_restart(server: ServerProcess) -> None:
    created = server.create("501", [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], name="Creator")
    deadline = time.monotonic() + 4 * TTL + 20
    while Storage(server.url).load(created["id"]).abandoned_at is None:  # type: ignore[union-attr]
        assert time.monotonic() < deadline
        time.sleep(0.2)
    again = ServerProcess(server.url, env={"PRIKUP_TABLE_TTL": "3600"}).start()
    try:  # a longer TTL does not reopen it: the closure is stored
        refused = Client(again, created["id"], created["seat"], created["token"]).until(lambda m: m["type"] == "error")
        assert refused["code"] == "abandoned"
        assert created["id"] not in lobby_ids(again)
    finally:
        again.stop()

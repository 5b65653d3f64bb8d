"""Security and rejection over a real socket: every refused message leaves the table unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from srv_helpers import Client, ServerProcess, server_kinds, start_server
from websockets.exceptions import ConnectionClosed

from prikup.core.refusals import ENGLISH, Refusal
from prikup.server.storage import Storage


@pytest.fixture(scope="module", params=server_kinds())
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("srv")
    proc = start_server(request.param, folder)
    yield proc
    proc.stop()


@pytest.fixture
def table(server: ServerProcess) -> Iterator[dict[str, Any]]:
    """A 501 table with three humans, each connected with its own token, and a spectator."""
    created = server.create("501", [{"kind": "human"}] * 3)
    tid = created["id"]
    tokens = server.tokens(created)
    clients = {s: Client(server, tid, s, tokens[s]) for s in range(3)}
    for c in clients.values():
        c.until(lambda m: m["type"] == "state")
    spectator = Client(server, tid, None, None)
    spectator.until(lambda m: m["type"] == "state")
    yield {"id": tid, "tokens": tokens, "clients": clients, "spectator": spectator, "server": server}
    for c in [*clients.values(), spectator]:
        c.close()


def snapshot(t: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    server: ServerProcess = t["server"]
    info = httpx.get(server.base + f"/api/tables/{t['id']}", timeout=10).json()
    watcher = Client(server, t["id"], None, None)
    state = watcher.until(lambda m: m["type"] == "state")
    watcher.close()
    return info["ply"], state["obs"]


def to_act(t: dict[str, Any]) -> int:
    obs = t["spectator"].state["obs"]
    return int(obs["to_act"])


def expect_error(client: Client, code: str) -> dict[str, Any]:
    msg = client.until(lambda m: m["type"] == "error")
    assert msg["code"] == code, msg
    assert msg["message"]
    return msg


def test_out_of_turn_is_refused(table: dict[str, Any]) -> None:
    before = snapshot(table)
    seat = to_act(table)
    other = (seat + 1) % 3
    table["clients"][other].send({"type": "act", "action": "pass"})
    msg = expect_error(table["clients"][other], "not_your_turn")
    assert f"seat {seat} is to act" in msg["message"]
    assert "legal" not in msg  # never the other seat's choices
    assert snapshot(table) == before


def test_acting_for_another_seat_is_refused(table: dict[str, Any]) -> None:
    before = snapshot(table)
    seat = to_act(table)
    other = (seat + 1) % 3
    table["clients"][other].send({"type": "act", "action": "pass", "seat": seat})
    expect_error(table["clients"][other], "wrong_seat")
    assert snapshot(table) == before


def test_forged_token_is_refused(table: dict[str, Any]) -> None:
    before = snapshot(table)
    seat = to_act(table)
    forger = Client(table["server"], table["id"], seat, table["tokens"][seat][:-2] + "xx")
    expect_error(forger, "bad_token")
    forger.send({"type": "act", "action": "pass"})
    expect_error(forger, "no_hello")
    missing = Client(table["server"], table["id"], seat, None)
    expect_error(missing, "bad_token")
    other_token = Client(table["server"], table["id"], seat, table["tokens"][(seat + 1) % 3])
    expect_error(other_token, "bad_token")
    for c in (forger, missing, other_token):
        c.close()
    assert snapshot(table) == before


def test_seat_cannot_be_claimed_twice(table: dict[str, Any]) -> None:
    server: ServerProcess = table["server"]
    r = httpx.post(server.base + f"/api/tables/{table['id']}/claim", json={"seat": 1, "invite": "x"}, timeout=10)
    assert r.status_code == 409
    assert "already taken" in r.json()["detail"]


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"type": "act"}', "malformed"),
        ('{"type": "act", "action": 7}', "malformed"),
        ('{"type": "act", "action": "pass", "ply": "x"}', "malformed"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "ping", "x": ' + "[" * 1900 + "]" * 1900 + "}", "malformed"),  # deep: no RecursionError
    ],
)
def test_malformed_messages_are_refused(table: dict[str, Any], frame: str, code: str) -> None:
    before = snapshot(table)
    client = table["clients"][to_act(table)]
    client.send(frame)
    expect_error(client, code)
    assert snapshot(table) == before


def test_an_oversized_frame_closes_the_connection_at_the_protocol_level(table: dict[str, Any]) -> None:
    before = snapshot(table)
    server: ServerProcess = table["server"]
    client = Client(server, table["id"], None, None)
    client.until(lambda m: m["type"] == "state")
    # only the header of a 1 MiB text frame (masked, as from a client): the server refuses it as it
    # arrives, before any payload, so nothing is left unread and its close frame reaches us intact
    header = bytes([0x81, 0x80 | 127]) + (1 << 20).to_bytes(8, "big") + b"\x00\x00\x00\x00"
    client.ws.socket.sendall(header)
    with pytest.raises(ConnectionClosed) as closed:
        client.recv(10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert snapshot(table) == before
    assert "Traceback" not in server.output()


def test_illegal_card_is_refused_with_rule_and_legal(table: dict[str, Any]) -> None:
    before = snapshot(table)
    seat = to_act(table)
    client = table["clients"][seat]
    client.send({"type": "act", "action": "play AS"})  # in the auction, no card may be played
    msg = expect_error(client, "illegal")
    assert msg["rule"] in ENGLISH and isinstance(msg["fields"], dict) and msg["legal"]
    assert str(Refusal(msg["rule"], tuple(msg["fields"].items()))) in msg["message"]
    assert "play AS" not in msg["legal"]
    assert msg["legal"] == client.state["obs"]["legal_actions"]
    client.send({"type": "act", "action": "play ZZ"})
    expect_error(client, "bad_action")
    client.send({"type": "act", "action": "bid 7"})
    msg = expect_error(client, "illegal")
    assert msg["rule"] in ENGLISH and str(Refusal(msg["rule"], tuple(msg["fields"].items()))) in msg["message"]
    assert snapshot(table) == before


def test_spectator_and_stale_ply_are_refused(table: dict[str, Any]) -> None:
    before = snapshot(table)
    table["spectator"].send({"type": "act", "action": "pass"})
    expect_error(table["spectator"], "not_seated")
    seat = to_act(table)
    client = table["clients"][seat]
    client.send({"type": "act", "action": client.state["obs"]["legal_actions"][0], "ply": before[0] + 5})
    expect_error(client, "stale")
    assert snapshot(table) == before


def test_legal_action_is_stored_then_acknowledged(table: dict[str, Any]) -> None:
    ply, _ = snapshot(table)
    seat = to_act(table)
    client = table["clients"][seat]
    action = client.state["obs"]["legal_actions"][0]
    client.send({"type": "act", "action": action, "ply": ply, "seat": seat})
    ack = client.until(lambda m: m["type"] in ("ack", "error"))
    assert ack == {"type": "ack", "ply": ply, "action": action}
    assert snapshot(table)[0] == ply + 1
    # everyone, the spectator included, hears of it
    for c in [*table["clients"].values(), table["spectator"]]:
        assert c.wait_ply(ply + 1)["ply"] == ply + 1


def test_unknown_table(server: ServerProcess) -> None:
    c = Client(server, "nope", None, None, hello=False)
    msg = c.until(lambda m: m["type"] == "error")
    assert msg["code"] == "unknown_table"
    assert httpx.get(server.base + "/api/tables/nope", timeout=10).status_code == 404
    r = httpx.post(server.base + "/api/tables", json={"game": "501", "options": {"players": 9}}, timeout=10)
    assert r.status_code == 400 and "players" in r.json()["detail"]


def test_seed_and_tokens_never_leave_the_server(table: dict[str, Any]) -> None:
    server: ServerProcess = table["server"]
    ply = table["spectator"].state["ply"]
    for _ in range(3):
        # each seat's own view at this ply (a spectator on another worker may lag behind)
        views = {s: c.wait_ply(ply) for s, c in table["clients"].items()}
        seat = next(s for s, v in views.items() if v["ply"] == ply and v["obs"].get("legal_actions"))
        client = table["clients"][seat]
        client.send({"type": "act", "action": views[seat]["obs"]["legal_actions"][0], "ply": ply})
        ply = client.until(lambda m: m["type"] == "ack")["ply"] + 1
        table["spectator"].wait_ply(ply)
    stored = Storage(server.url).load(table["id"])
    assert stored is not None
    info = httpx.get(server.base + "/api/tables", timeout=10).text + httpx.get(server.base + "/api/games").text
    for c in [*table["clients"].values(), table["spectator"]]:
        c.drain(0.1)
        for raw in [*c.raw, info]:
            assert not any(t in raw for t in table["tokens"].values())
            assert not any(s.token_hash and s.token_hash in raw for s in stored.seats)


def test_serve_prints_its_url(server: ServerProcess) -> None:
    assert f"http://127.0.0.1:{server.port}/" in server.output()
    page = httpx.get(server.base + "/", timeout=10)
    assert page.status_code == 200 and "/static/app.js" in page.text
    for name in ("app.js", "style.css"):
        assert httpx.get(server.base + "/static/" + name, timeout=10).status_code == 200
    assert httpx.get(server.base + "/table/anything", timeout=10).status_code == 200

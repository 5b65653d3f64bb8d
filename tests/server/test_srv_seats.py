"""Secrets and seats over real sockets: invitations, releases, absent humans, tokens out of URLs,
origins, headers and names cleaned the same on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from srv_helpers import Client, ServerProcess, db_kinds, db_url, replay_cli
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from prikup.server.storage import Storage


@pytest.fixture(scope="module", params=db_kinds())
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("seats")
    env = {"PRIKUP_AWAY_AFTER": "0.5", "PRIKUP_TOKEN_TTL": "0"}  # tokens end with their match
    proc = ServerProcess(db_url(request.param, folder), env=env).start()
    yield proc
    proc.stop()


def humans(server: ServerProcess, n: int = 3) -> dict[str, Any]:
    return server.create("501", [{"kind": "human"}] * n, name="Creator")


def test_reading_the_lobby_does_not_let_anyone_sit(server: ServerProcess) -> None:
    created = humans(server)
    lobby = httpx.get(server.base + "/api/tables").text + httpx.get(server.base + f"/api/tables/{created['id']}").text
    for invite in created["invites"]:
        assert invite["secret"] not in lobby
    for body in ({"seat": 1}, {"seat": 1, "invite": "guess"}, {"seat": 1, "invite": created["invites"][1]["secret"]}):
        r = httpx.post(server.base + f"/api/tables/{created['id']}/claim", json=body)
        assert r.status_code == 403 and "invitation" in r.json()["detail"]
    first = {"seat": 1, "invite": created["invites"][0]["secret"]}
    r = httpx.post(server.base + f"/api/tables/{created['id']}/claim", json={**first, "name": "Bob"})
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["token"]
    again = httpx.post(server.base + f"/api/tables/{created['id']}/claim", json={**first, "name": "Eve"})
    assert again.status_code == 409


def test_the_creator_frees_a_seat_and_its_token_stops_working(server: ServerProcess) -> None:
    created = humans(server)
    tokens = server.tokens(created)
    url = server.base + f"/api/tables/{created['id']}/release"
    assert httpx.post(url, json={"seat": 1}).status_code == 403  # no token
    other = {"Authorization": f"Bearer {tokens[1]}"}
    assert httpx.post(url, json={"seat": 2}, headers=other).status_code == 403  # not the creator
    mine = {"Authorization": f"Bearer {created['token']}"}
    held = Client(server, created["id"], 1, tokens[1])
    held.until(lambda m: m["type"] == "state")
    r = httpx.post(url, json={"seat": 1}, headers=mine)
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert held.until(lambda m: m["type"] == "error")["code"] == "released"
    again = Client(server, created["id"], 1, tokens[1])
    assert again.until(lambda m: m["type"] == "error")["code"] == "bad_token"
    old_invite = created["invites"][0]["secret"]
    claim = server.base + f"/api/tables/{created['id']}/claim"
    assert httpx.post(claim, json={"seat": 1, "invite": old_invite}).status_code == 403
    assert httpx.post(claim, json={"seat": 1, "invite": r.json()["secret"]}).status_code == 200


def frame_at(replay: dict[str, Any], ply: int) -> Any:
    """The observation of a replay's frame at a ply (the last frame of that ply)."""
    return [f["obs"] for f in replay["frames"] if f["ply"] == ply][-1]


def test_tokens_never_travel_in_a_url(server: ServerProcess) -> None:
    created = humans(server)
    base = server.base + f"/api/tables/{created['id']}/replay"
    r = httpx.get(base, params={"seat": created["seat"], "token": created["token"]})
    assert r.status_code == 400 and "Authorization" in r.json()["detail"]
    # the free seats' stand-in bots may act meanwhile: frames are compared at the same ply
    own = Client(server, created["id"], created["seat"], created["token"]).until(lambda m: m["type"] == "state")
    r = httpx.get(base, params={"seat": created["seat"]}, headers={"Authorization": "Bearer " + created["token"]})
    assert r.status_code == 200 and r.json()["viewer"] == created["seat"]
    assert frame_at(r.json(), own["ply"]) == own["obs"]  # the seat's own view
    assert httpx.get(base, params={"seat": created["seat"]}).status_code == 403
    watcher = Client(server, created["id"], None, None).until(lambda m: m["type"] == "state")
    spectator = httpx.get(base).json()
    assert spectator["viewer"] is None and frame_at(spectator, watcher["ply"]) == watcher["obs"]
    assert created["token"] not in server.output()


def test_an_absent_human_is_replaced_until_he_returns(server: ServerProcess) -> None:
    created = server.create("501", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    tokens = server.tokens(created)
    here = Client(server, created["id"], 0, tokens[0])
    # seat 1 never connects: once it is his turn and he stays away, a bot plays for him
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline
        msg = here.until(lambda m: m["type"] == "state")
        if msg["seats"][1]["away"]:
            break
        if msg["obs"]["to_act"] == 0 and msg["obs"].get("legal_actions"):
            here.send({"type": "act", "action": msg["obs"]["legal_actions"][0], "ply": msg["ply"]})
    assert msg["seats"][1]["bot"] == "heuristic" and msg["seats"][0]["away"] is False
    back = Client(server, created["id"], 1, tokens[1])
    msg = back.until(lambda m: m["type"] == "state")
    assert msg["seats"][1]["away"] is False and msg["seats"][1]["bot"] is None
    here.close()
    back.close()


def test_browser_origins_are_checked(server: ServerProcess) -> None:
    created = humans(server)
    url = f"{server.ws_base}/ws/{created['id']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin="http://evil.example", open_timeout=10)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    with connect(url, origin=f"http://127.0.0.1:{server.port}", open_timeout=10) as same:  # type: ignore[arg-type]
        same.send(json.dumps({"type": "hello", "seat": None}))
        assert json.loads(same.recv(10))["type"] == "welcome"


def test_security_headers_and_no_openapi(server: ServerProcess) -> None:
    for path in ("/", "/api/games", "/api/tables/nope"):
        r = httpx.get(server.base + path)
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
    assert httpx.get(server.base + "/openapi.json").status_code == 404
    assert httpx.get(server.base + "/docs").status_code == 404


NASTY = [
    "A\x00B",
    "\u202eevil\u202c",
    "zero\u200bwidth",
    "x" * 500,
    "\ud800",
    "tab\tand\nnew line",
    "",
    "   ",
    "Ёлка",
]


def test_names_are_cleaned_and_nothing_answers_500(server: ServerProcess) -> None:
    for raw in NASTY:
        body = json.dumps({"game": "501", "seats": [{"kind": "human", "name": raw}, {"kind": "human"}], "name": raw})
        r = httpx.post(server.base + "/api/tables", content=body)
        assert r.status_code in (200, 400), (raw, r.status_code, r.text)
        if r.status_code != 200:
            continue
        created = r.json()
        name = created["table"]["seats"][0]["name"]
        assert "\x00" not in name and "\u202e" not in name and "\u200b" not in name and len(name) <= 32
        invite = {"seat": 1, "invite": created["invites"][0]["secret"]}
        c = httpx.post(server.base + f"/api/tables/{created['id']}/claim", content=json.dumps({**invite, "name": raw}))
        assert c.status_code == 200, c.text
    shown = httpx.get(server.base + "/api/tables").json()
    names = {s["name"] for t in shown for s in t["seats"]}
    assert {"AB", "evil", "zerowidth", "x" * 32, "tab and new line", "Ёлка"} <= names
    for bad in (
        b"\x00",
        b'{"game": "501\\u0000"}',
        b'{"game": "501", "seats": [{"kind": "bot", "bot": "' + b"b" * 40 + b'"}]}',
        b'{"game": "501", "options": {"max_bid": 1e999}}',
        b'{"game": "501", "options": {"max_bid\\u0000": 1}}',
        b'{"game": "501", "seats": [{"kind": "human\\u0000"}]}',
        b'{"game": "501", "seats": "all"}',
        b"[]",
    ):
        r = httpx.post(server.base + "/api/tables", content=bad)
        assert 400 <= r.status_code < 500, (bad, r.status_code, r.text)
        assert set(r.json()) <= {"detail", "code"} and "\n" not in r.json()["detail"]
    r = httpx.post(server.base + "/api/tables/" + "x" * 16 + "/claim", content=b'{"seat": 1}')
    assert r.status_code == 404
    assert "Traceback" not in server.output()


def test_a_finished_match_gives_its_record_to_prikup_replay(server: ServerProcess, tmp_path: Path) -> None:
    created = server.create("501", [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    assert httpx.get(server.base + f"/api/tables/{created['id']}/record").status_code == 409
    watcher = Client(server, created["id"], None, None)  # the creator stays away: a bot plays for him
    watcher.until(lambda m: m["type"] == "state" and m["finished"], timeout=120)
    record = httpx.get(server.base + f"/api/tables/{created['id']}/record").json()
    expired = Client(server, created["id"], 0, created["token"]).until(lambda m: m["type"] == "error")
    assert expired["code"] == "bad_token" and "expired" in expired["message"]
    assert record["result"]["finished"] is True
    out = replay_cli(record, tmp_path)
    assert out.returncode == 0, out.stderr
    stored = Storage(server.url).load(created["id"])
    assert stored is not None and stored.finished and len(stored.deals) == len(record["deals"])

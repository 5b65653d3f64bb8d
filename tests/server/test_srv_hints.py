"""The table option ``hints`` and the requests it governs, on a real server over real sockets:
the default (on for one human against bots, off when more than one seat is human), a hint refused
and never computed at a table with hints off, bad requests refused in one line, and the option
kept by a database made before it existed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import text
from srv_helpers import Client, ServerProcess, db_kinds, db_url

from prikup.server.storage import Storage

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "heuristic"}


@pytest.fixture(scope="module", params=db_kinds())
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("hints")
    proc = ServerProcess(db_url(request.param, folder), env={"PRIKUP_AWAY_AFTER": "600"}).start()
    yield proc
    proc.stop()


def metric(server: ServerProcess, name: str) -> float:
    """A counter's value on /metrics (0 if it was never counted)."""
    total = 0.0
    for line in httpx.get(server.base + "/metrics", timeout=10).text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_hints_are_on_by_default_for_one_human_against_bots_and_off_for_several_humans(server: ServerProcess) -> None:
    alone = server.create("501", [HUMAN, BOT, BOT])
    assert alone["table"]["hints"] is True
    people = server.create("501", [HUMAN, HUMAN, BOT])
    assert people["table"]["hints"] is False
    assert httpx.get(f"{server.base}/api/tables/{people['id']}", timeout=10).json()["hints"] is False
    # the creator chooses otherwise, either way
    assert server.create("501", [HUMAN, HUMAN, BOT], hints=True)["table"]["hints"] is True
    assert server.create("501", [HUMAN, BOT, BOT], hints=False)["table"]["hints"] is False


def test_a_hints_value_that_is_not_true_or_false_is_refused_in_one_line(server: ServerProcess) -> None:
    r = httpx.post(server.base + "/api/tables", json={"game": "501", "seats": [HUMAN], "hints": "yes"}, timeout=10)
    assert r.status_code == 400
    body = r.json()
    assert body["code"] == "malformed" and "'hints' is true, false or absent" in body["detail"]
    assert "\n" not in body["detail"]


def test_a_hint_at_a_table_with_hints_off_is_refused_and_never_computed(server: ServerProcess) -> None:
    created = server.create("501", [HUMAN, HUMAN, HUMAN], seed=3)
    tokens = server.tokens(created)
    before = metric(server, "prikup_hints_total")
    clients = {s: Client(server, created["id"], s, tok) for s, tok in tokens.items()}
    try:
        first = clients[0].until(lambda m: m["type"] == "state")
        to_act = first["obs"]["to_act"]
        me = clients[to_act]
        me.wait_ply(0)
        me.send({"type": "hint", "ply": 0})
        refused = me.until(lambda m: m["type"] in ("error", "hint"))
        assert refused["type"] == "error" and refused["code"] == "hints_off", refused
        assert "hints off" in refused["message"]
        me.read_for(0.5)
        assert not [f for f in me.frames if f["type"] == "hint"]
    finally:
        for c in clients.values():
            c.close()
    assert metric(server, "prikup_hints_total") == before


def test_a_spectator_and_a_seat_out_of_turn_get_no_hint(server: ServerProcess) -> None:
    created = server.create("501", [HUMAN, HUMAN, HUMAN], seed=4, hints=True)
    tokens = server.tokens(created)
    watcher = Client(server, created["id"], None, None)
    clients = {s: Client(server, created["id"], s, tok) for s, tok in tokens.items()}
    try:
        st = watcher.until(lambda m: m["type"] == "state")
        watcher.send({"type": "hint"})
        assert watcher.until(lambda m: m["type"] == "error")["code"] == "not_seated"
        other = clients[(st["obs"]["to_act"] + 1) % 3]
        other.send({"type": "hint"})
        assert other.until(lambda m: m["type"] == "error")["code"] == "not_your_turn"
        me = clients[st["obs"]["to_act"]]
        me.send({"type": "hint", "ply": 5})
        assert me.until(lambda m: m["type"] == "error")["code"] == "stale"
    finally:
        watcher.close()
        for c in clients.values():
            c.close()


def test_an_analysis_of_a_deal_not_over_is_refused(server: ServerProcess) -> None:
    created = server.create("501", [HUMAN, BOT, BOT], seed=5)
    tid = created["id"]
    me = Client(server, tid, created["seat"], created["token"])
    try:
        me.until(lambda m: m["type"] == "state")
        me.send({"type": "analyse", "deal": 1})
        refused = me.until(lambda m: m["type"] == "error")
        assert refused["code"] == "not_finished" and "deal 1 is not over" in refused["message"]
        for bad in ({"type": "analyse"}, {"type": "analyse", "deal": 0}, {"type": "analyse", "deal": "1"}):
            me.send(bad)
            err = me.until(lambda m: m["type"] == "error")
            assert err["code"] == "malformed" and "'deal' must be a deal's number" in err["message"]
    finally:
        me.close()
    r = httpx.get(f"{server.base}/api/tables/{tid}/analysis/1", timeout=10)
    assert r.status_code == 409 and r.json()["code"] == "not_finished"
    r = httpx.get(f"{server.base}/api/tables/{tid}/analysis/1?token=x", timeout=10)
    assert r.status_code == 400 and "never sent in a URL" in r.json()["detail"]


def test_a_database_made_before_the_option_gets_it_and_its_tables_keep_the_old_default(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    server = ServerProcess(url).start()
    try:
        alone = server.create("501", [HUMAN, BOT, BOT], hints=False)["id"]
        people = server.create("501", [HUMAN, HUMAN, BOT])["id"]
    finally:
        server.stop()
    storage = Storage(url)
    with storage.engine.begin() as conn:  # as an older version left it: no column, no analyses
        conn.execute(text("ALTER TABLE prikup_match DROP COLUMN hints"))
        conn.execute(text("DROP TABLE prikup_analysis"))
    storage.close()
    server = ServerProcess(url).start()
    try:
        for tid, hints in ((alone, True), (people, False)):  # the default by seats, as if never chosen
            assert httpx.get(f"{server.base}/api/tables/{tid}", timeout=10).json()["hints"] is hints
        assert server.create("501", [HUMAN, BOT, BOT], hints=False)["table"]["hints"] is False
        r = httpx.get(f"{server.base}/api/tables/{people}/analysis/1", timeout=10)
        assert r.status_code == 409  # the analyses' table is there again: a request is answered
    finally:
        server.stop()
    reopened = Storage(url)
    try:
        assert reopened.analysed_deals(alone) == []
    finally:
        reopened.close()

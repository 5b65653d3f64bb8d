"""Hints and deal analyses on a real server (real sockets, the real database, the real analysis in
worker processes): a hint for the seat to act at a table of one human against bots, the hint rate
limit, and a finished deal's analysis computed once with its progress, stored with the table, then
served from storage — to another viewer, over HTTP, and after the server is restarted."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from srv_helpers import Client, ServerProcess, db_kinds, db_url

from prikup.bots import make_bot
from prikup.core.actions import parse_action
from prikup.games import make_game, observation_from_json
from prikup.server.analyses import decision_cards
from prikup.server.storage import Storage

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "heuristic"}
#: few samples per decision: an analysis of a deal in seconds
ENV = {"PRIKUP_ANALYSIS_SAMPLES": "2", "PRIKUP_HINTS_PER_MINUTE": "2", "PRIKUP_AWAY_AFTER": "600"}
BRAIN = make_bot("heuristic", make_game("501"), 1)


@pytest.fixture(scope="module", params=db_kinds())
def db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    return db_url(request.param, tmp_path_factory.mktemp("advice"))


@pytest.fixture(scope="module")
def server(db: str) -> Iterator[ServerProcess]:
    proc = ServerProcess(db, env=ENV).start()
    yield proc
    proc.stop()


def metric(server: ServerProcess, name: str, label: str = "") -> float:
    """A counter's value on /metrics (0 if it was never counted)."""
    for line in httpx.get(server.base + "/metrics", timeout=10).text.splitlines():
        if line.startswith(f"{name}{label} "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def my_turn(me: Client, timeout: float = 30.0) -> dict[str, Any]:
    """The next state at which ``me`` is to act."""
    st = me.state
    if st is not None and st["obs"]["to_act"] == me.seat and st["obs"]["legal_actions"]:
        return st
    return me.until(
        lambda m: m["type"] == "state" and m["obs"]["to_act"] == me.seat and bool(m["obs"]["legal_actions"]), timeout
    )


def play_first_deal(me: Client, brain: Any = BRAIN) -> None:
    """``me`` plays (as the heuristic would) until deal 1 is over."""
    acted = -1
    while True:
        st = me.state if me.state is not None else me.until(lambda m: m["type"] == "state")
        obs = st["obs"]
        if obs["deal"] > 1:
            return
        if obs["to_act"] == me.seat and obs["legal_actions"] and st["ply"] != acted:
            legal = [parse_action(t) for t in obs["legal_actions"]]
            me.send({"type": "act", "action": str(brain.choose(observation_from_json(obs), legal)), "ply": st["ply"]})
            acted = st["ply"]
        me.until(lambda m: m["type"] == "state")


def test_a_hint_is_the_seat_s_own_legal_action_with_the_top_candidates(server: ServerProcess) -> None:
    created = server.create("501", [HUMAN, BOT, BOT], seed=21)
    assert created["table"]["hints"] is True
    me = Client(server, created["id"], created["seat"], created["token"])
    try:
        st = my_turn(me)
        before = metric(server, "prikup_hints_total")
        me.send({"type": "hint", "ply": st["ply"]})
        frame = me.until(lambda m: m["type"] in ("hint", "error"), 60)
        assert frame["type"] == "hint", frame
        assert frame["ply"] == st["ply"] and frame["seat"] == me.seat
        hint = frame["hint"]
        assert hint["seat"] == me.seat and hint["action"] in st["obs"]["legal_actions"]
        assert 1 <= len(hint["candidates"]) <= 3 and hint["candidates"][0][0] == hint["action"]
        assert all(text in st["obs"]["legal_actions"] for text, _ in hint["candidates"])
        assert metric(server, "prikup_hints_total") == before + 1
        # the limit (2 a minute here): one more is given, the next is refused and not computed
        me.send({"type": "hint", "ply": st["ply"]})
        assert me.until(lambda m: m["type"] in ("hint", "error"), 60)["type"] == "hint"
        me.send({"type": "hint", "ply": st["ply"]})
        refused = me.until(lambda m: m["type"] in ("hint", "error"), 60)
        assert refused["type"] == "error" and refused["code"] == "rate_limited", refused
        assert metric(server, "prikup_hints_total") == before + 2
    finally:
        me.close()


def test_a_deal_is_analysed_once_with_progress_then_served_from_storage_also_after_a_restart(
    server: ServerProcess, db: str
) -> None:
    created = server.create("501", [HUMAN, BOT, BOT], seed=8)
    tid = created["id"]
    me = Client(server, tid, created["seat"], created["token"])
    try:
        play_first_deal(me)
        computed = metric(server, "prikup_analyses_total", '{source="computed"}')
        me.send({"type": "analyse", "deal": 1})
        result = me.until(lambda m: m["type"] in ("analysis", "error"), 240)
        assert result["type"] == "analysis", result
        assert result["deal"] == 1 and result["source"] == "computed"
        progress = [f for f in me.frames if f["type"] == "analysis_progress"]
        assert progress, "no progress was pushed"
        assert all(0 <= f["done"] <= f["total"] for f in progress)
        assert progress[-1]["done"] == progress[-1]["total"] > 0
        analysis = result["analysis"]
        assert analysis["filtered"] is True  # the match goes on: filtered for seat 0
        decisions = analysis["decisions"]
        assert len(decisions) >= progress[-1]["total"] // 2
        assert {d["grade"] for d in decisions} <= {"good", "inaccuracy", "mistake", "blunder"}
        mine = [d for d in decisions if d["seat"] == me.seat]
        assert mine and all(not d.get("hidden") and d["taken"] for d in mine)
        assert metric(server, "prikup_analyses_total", '{source="computed"}') == computed + 1
        # asked again, by a spectator: read from storage, not computed
        watcher = Client(server, tid, None, None)
        watcher.until(lambda m: m["type"] == "state")
        watcher.send({"type": "analyse", "deal": 1})
        again = watcher.until(lambda m: m["type"] in ("analysis", "error"), 30)
        watcher.close()
        assert again["type"] == "analysis" and again["source"] == "stored"
        assert not [f for f in watcher.frames if f["type"] == "analysis_progress"]
        assert [d["grade"] for d in again["analysis"]["decisions"]] == [d["grade"] for d in decisions]
        assert metric(server, "prikup_analyses_total", '{source="computed"}') == computed + 1
    finally:
        me.close()
    over_http = httpx.get(f"{server.base}/api/tables/{tid}/analysis/1", timeout=10).json()
    assert over_http["source"] == "stored" and over_http["viewer"] is None
    storage = Storage(db)
    try:
        stored = storage.load_analysis(tid, 1)
        assert stored is not None and stored.seconds > 0
        assert len(stored.data["decisions"]) == len(decisions)
    finally:
        storage.close()
    # a new server process on the same database: the analysis is read, never computed again
    server.stop()
    server.start()
    me = Client(server, tid, created["seat"], created["token"])
    try:
        me.until(lambda m: m["type"] == "state")
        me.send({"type": "analyse", "deal": 1})
        after = me.until(lambda m: m["type"] in ("analysis", "error"), 30)
        assert after["type"] == "analysis" and after["source"] == "stored"
        assert after["analysis"]["decisions"] == decisions
        assert metric(server, "prikup_analyses_total", '{source="computed"}') == 0
        assert metric(server, "prikup_analyses_total", '{source="stored"}') == 1
    finally:
        me.close()


def test_a_second_viewer_asking_while_the_deal_is_analysed_joins_the_same_job(server: ServerProcess) -> None:
    created = server.create("501", [HUMAN, BOT, BOT], seed=9)
    tid = created["id"]
    me = Client(server, tid, created["seat"], created["token"])
    watcher = Client(server, tid, None, None)
    try:
        play_first_deal(me)
        watcher.until(lambda m: m["type"] == "state")
        computed = metric(server, "prikup_analyses_total", '{source="computed"}')
        me.send({"type": "analyse", "deal": 1})
        watcher.send({"type": "analyse", "deal": 1})
        first = me.until(lambda m: m["type"] in ("analysis", "error"), 240)
        second = watcher.until(lambda m: m["type"] in ("analysis", "error"), 240)
        assert first["type"] == second["type"] == "analysis"
        assert {first["source"], second["source"]} <= {"computed", "stored"}
        assert metric(server, "prikup_analyses_total", '{source="computed"}') == computed + 1
    finally:
        me.close()
        watcher.close()


def test_during_the_match_another_seat_s_discards_never_reach_a_player_through_the_analysis(
    server: ServerProcess, db: str
) -> None:
    brain = make_bot("heuristic", make_game("preferans"), 2)
    for seed in range(1, 9):  # a first deal in which a bot declares and discards
        created = server.create("preferans", [HUMAN, BOT, BOT], seed=seed)
        tid = created["id"]
        me = Client(server, tid, created["seat"], created["token"])
        try:
            play_first_deal(me, brain)
        finally:
            me.close()
        storage = Storage(db)
        try:
            stored = storage.load(tid)
        finally:
            storage.close()
        assert stored is not None
        discards = {t.split()[1] for d, s, t in stored.actions if d == 0 and s != 0 and t.startswith("discard ")}
        if discards:
            break
    else:
        pytest.fail("no first deal with a bot's discards")
    for viewer, token in ((created["seat"], created["token"]), (None, None)):
        client = Client(server, tid, viewer, token)
        try:
            client.until(lambda m: m["type"] == "state")
            client.send({"type": "analyse", "deal": 1})
            frame = client.until(lambda m: m["type"] in ("analysis", "error"), 240)
        finally:
            client.close()
        assert frame["type"] == "analysis" and frame["analysis"]["filtered"] is True, frame
        decisions = frame["analysis"]["decisions"]
        hidden = [d for d in decisions if d.get("hidden")]
        assert {d["phase"] for d in hidden} >= {"discard"}
        for d in decisions:
            if not d.get("hidden"):
                assert not (decision_cards(d) or set()) & discards, d
            else:
                assert set(d) <= {"number", "seat", "phase", "grade", "loss", "loss_open", "unit", "hidden"}


def test_a_hint_or_an_analysis_past_its_hard_limit_is_stopped_said_in_one_line_and_nothing_stored(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'limits.sqlite3'}"
    env = {**ENV, "PRIKUP_HINT_LIMIT": "0.001", "PRIKUP_ANALYSIS_LIMIT": "0.001"}
    server = ServerProcess(url, env=env).start()
    try:
        created = server.create("501", [HUMAN, BOT, BOT], seed=8)
        me = Client(server, created["id"], created["seat"], created["token"])
        try:
            # the pool checks its time limits every 0.1 s, so a hint quicker than that (an auction
            # call) may come back: ask at each of the seat's decisions of the first deal until one
            # is stopped (every play decision searches for longer)
            failed: dict[str, Any] | None = None
            while failed is None:
                st = my_turn(me)
                assert st["obs"]["deal"] == 1, "no hint of the first deal was stopped by its limit"
                me.send({"type": "hint", "ply": st["ply"]})
                answer = me.until(lambda m: m["type"] in ("hint", "error"), 60)
                if answer["type"] == "error":
                    failed = answer
                    break
                legal = [parse_action(t) for t in st["obs"]["legal_actions"]]
                action = BRAIN.choose(observation_from_json(st["obs"]), legal)
                me.send({"type": "act", "action": str(action), "ply": st["ply"]})
                ply = st["ply"]
                me.until(lambda m, ply=ply: m["type"] == "state" and m["ply"] > ply, 30)
            assert failed["type"] == "error" and failed["code"] == "hint_failed", failed
            assert "took longer than 0.001 s" in failed["message"] and "\n" not in failed["message"]
            play_first_deal(me)
            me.send({"type": "analyse", "deal": 1})
            failed = me.until(lambda m: m["type"] in ("analysis", "error"), 60)
            assert failed["type"] == "error" and failed["code"] == "analysis_failed", failed
            assert failed["message"].startswith("deal 1 could not be analysed: the analysis took longer than")
        finally:
            me.close()
        assert metric(server, "prikup_analyses_total", '{source="computed"}') == 0
    finally:
        server.stop()
    storage = Storage(url)
    try:
        assert storage.analysed_deals(created["id"]) == []
    finally:
        storage.close()


def test_a_long_analysis_keeps_neither_its_table_nor_another_waiting(tmp_path: Path) -> None:
    """An analysis in its own worker process: while it runs, another table's hint (in the bots'
    pool) is computed and sent and its actions are acknowledged, and the analysed table plays on."""
    url = f"sqlite:///{tmp_path / 'long.sqlite3'}"
    server = ServerProcess(url, env={**ENV, "PRIKUP_ANALYSIS_SAMPLES": "64", "PRIKUP_HINTS_PER_MINUTE": "5"}).start()
    try:
        a = server.create("501", [HUMAN, BOT, BOT], seed=8)
        b = server.create("501", [HUMAN, BOT, BOT], seed=9)
        me_a = Client(server, a["id"], a["seat"], a["token"])
        me_b = Client(server, b["id"], b["seat"], b["token"])
        try:
            play_first_deal(me_a)
            me_a.send({"type": "analyse", "deal": 1})
            first = me_a.until(lambda m: m["type"] in ("analysis_progress", "analysis", "error"), 60)
            assert first["type"] == "analysis_progress" and first["done"] < first["total"], first
            st = my_turn(me_b)
            me_b.send({"type": "hint", "ply": st["ply"]})
            assert me_b.until(lambda m: m["type"] in ("hint", "error"), 60)["type"] == "hint"
            me_b.send({"type": "act", "action": st["obs"]["legal_actions"][0], "ply": st["ply"]})
            assert me_b.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
            # the analysed table itself goes on too: its deal 2 is played meanwhile
            st = my_turn(me_a)
            me_a.send({"type": "act", "action": st["obs"]["legal_actions"][0], "ply": st["ply"]})
            assert me_a.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
            me_a.drain(0.1)
            assert not [f for f in me_a.frames if f["type"] == "analysis"], "the analysis was over already"
            progress = [f for f in me_a.frames if f["type"] == "analysis_progress"]
            assert progress[-1]["done"] < progress[-1]["total"]
        finally:
            me_a.close()
            me_b.close()
    finally:
        server.stop()  # stops the analysis with the worker processes


def spawned_workers(server: ServerProcess) -> list[int]:
    """The worker processes the server spawned (multiprocessing's spawn; not its resource tracker)."""
    assert server.proc is not None
    found = []
    for task in Path(f"/proc/{server.proc.pid}/task").iterdir():
        for pid in (task / "children").read_text().split():
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in cmdline:
                found.append(int(pid))
    return found


def test_an_analysis_whose_worker_is_killed_ends_with_one_error_line_to_every_waiter(tmp_path: Path) -> None:
    """The analysis worker killed mid-job (as the out-of-memory killer would): every viewer still
    waiting gets an ``analysis_failed`` line — the one who closed its socket meanwhile nothing —
    the server answers meanwhile, nothing is stored, and the next request starts a new worker."""
    url = f"sqlite:///{tmp_path / 'killed.sqlite3'}"
    server = ServerProcess(url, env={**ENV, "PRIKUP_ANALYSIS_SAMPLES": "400"}).start()
    try:
        created = server.create("501", [HUMAN, BOT, BOT], seed=8)  # heuristic bots: no bots' pool
        tid = created["id"]
        me = Client(server, tid, created["seat"], created["token"])
        watchers = [Client(server, tid, None, None) for _ in range(2)]
        try:
            play_first_deal(me)
            for c in (me, *watchers):
                c.send({"type": "analyse", "deal": 1})
            first = me.until(lambda m: m["type"] in ("analysis_progress", "analysis", "error"), 120)
            assert first["type"] == "analysis_progress" and first["done"] < first["total"], first
            watchers[1].close()  # one waiter goes away before the end
            workers = spawned_workers(server)
            assert len(workers) == 1, workers  # PRIKUP_ANALYSIS_WORKERS=1
            os.kill(workers[0], signal.SIGKILL)
            for c in (me, watchers[0]):
                failed = c.until(lambda m: m["type"] in ("analysis", "error"), 60)
                assert failed["type"] == "error" and failed["code"] == "analysis_failed", failed
                assert failed["message"].startswith("deal 1 could not be analysed: its worker process failed")
                assert "\n" not in failed["message"]
            assert httpx.get(server.base + "/health", timeout=10).status_code == 200
            assert metric(server, "prikup_analyses_total", '{source="computed"}') == 0
            assert httpx.get(f"{server.base}/api/tables/{tid}/analysis/1", timeout=10).status_code == 404
            # asked again: a new worker takes the job
            me.send({"type": "analyse", "deal": 1})
            again = me.until(lambda m: m["type"] in ("analysis_progress", "analysis", "error"), 120)
            assert again["type"] == "analysis_progress", again
            assert spawned_workers(server) not in ([], workers)
        finally:
            me.close()
            watchers[0].close()
    finally:
        server.stop()

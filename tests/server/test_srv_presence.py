"""Whether a human is present does not depend on which worker holds his socket: two workers on one
PostgreSQL database (two server processes on their own ports, so each socket's worker is known),
real sockets.  A human connected to worker A is never replaced by a stand-in bot on worker B; once
he leaves, B replaces him on his turn; when he comes back to A, B gives him his seat back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from srv_helpers import Client, ServerProcess, db_kinds, db_url

AWAY = 0.5

pytestmark = pytest.mark.skipif("postgres" not in db_kinds(), reason="two workers need PostgreSQL (PRIKUP_TEST_PG_URL)")


@pytest.fixture(scope="module")
def workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    folder: Path = tmp_path_factory.mktemp("presence")
    url = db_url("postgres", folder)
    env = {"PRIKUP_AWAY_AFTER": str(AWAY)}
    a = ServerProcess(url, env=env).start()
    b = ServerProcess(url, env=env).start()
    yield a, b
    a.stop()
    b.stop()


def play_until_turn_of(seat: int, player: Client, others: list[Client], timeout: float = 60) -> dict[str, Any]:
    """``player`` (on its worker) takes its turns until ``seat`` is to act; the state then."""
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, "the seat's turn never came"
        msg = player.until(lambda m: m["type"] == "state", timeout=deadline - time.monotonic())
        for other in others:
            other.read_for(0.01)
        to_act = msg["obs"]["to_act"]
        if to_act == seat and not msg["finished"]:
            return msg
        if to_act == player.seat and msg["obs"]["legal_actions"]:
            player.send({"type": "act", "action": msg["obs"]["legal_actions"][0], "ply": msg["ply"]})


def test_a_human_at_worker_a_is_not_replaced_by_worker_b(workers: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = workers
    created = b.create("501", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], name="Creator")
    tid = created["id"]
    tokens = b.tokens(created)
    away_one = Client(a, tid, 1, tokens[1])  # seat 1's human: on worker A only
    away_one.until(lambda m: m["type"] == "state")
    zero = Client(b, tid, 0, tokens[0])  # seat 0 and a spectator: on worker B
    watcher = Client(b, tid, None, None)
    watcher.until(lambda m: m["type"] == "state")
    at_turn = play_until_turn_of(1, zero, [away_one, watcher])
    ply = at_turn["ply"]
    # many times the away time: worker B (which sees no socket of seat 1) must not play for him
    for _ in range(int(8 * AWAY / 0.25)):
        watcher.read_for(0.25)
        away_one.read_for(0.01)
        zero.read_for(0.01)
    assert watcher.state is not None and watcher.state["ply"] == ply, "a bot played for a human who is here"
    seats_b = watcher.state["seats"]
    assert seats_b[1]["away"] is False and seats_b[1]["online"] >= 1  # B knows he is at A
    # he plays from worker A, and worker B's clients see it
    mine = away_one.wait_ply(ply)
    away_one.send({"type": "act", "action": mine["obs"]["legal_actions"][0], "ply": ply})
    assert away_one.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    watcher.wait_ply(ply + 1)
    # he leaves worker A: on his next turn worker B's stand-in bot plays for him
    away_one.close()
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "nobody stood in for the absent human"
        turn = play_until_turn_of(1, zero, [watcher])["ply"]
        later = watcher.until(
            lambda m, turn=turn: m["type"] == "state" and (m["ply"] > turn or m["seats"][1]["away"]), timeout=30
        )
        if later["seats"][1]["away"]:
            break
    assert later["seats"][1]["bot"] == "heuristic"
    # he comes back to worker A: worker B gives him his seat back
    back = Client(a, tid, 1, tokens[1])
    back.until(lambda m: m["type"] == "state")
    seen = watcher.until(lambda m: m["type"] == "state" and m["seats"][1]["away"] is False, timeout=30)
    assert seen["seats"][1]["bot"] is None
    for c in (back, zero, watcher):
        c.close()
    assert tokens[1] not in a.output() + b.output() and "Traceback" not in a.output() + b.output()


def test_with_workers_2_a_human_is_not_replaced_by_the_other_worker(tmp_path: Path) -> None:
    """The same with ``prikup serve --workers 2``: the sockets are spread by the kernel, and the
    ``welcome`` frame names the worker each one reached."""
    server = ServerProcess(db_url("postgres", tmp_path), workers=2, env={"PRIKUP_AWAY_AFTER": str(AWAY)}).start()
    try:
        created = server.create("501", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
        tid = created["id"]
        tokens = server.tokens(created)
        one = Client(server, tid, 1, tokens[1])
        here = one.until(lambda m: m["type"] == "welcome")["worker"]
        for _ in range(40):  # seat 0 on the other worker
            zero = Client(server, tid, 0, tokens[0])
            if zero.until(lambda m: m["type"] == "welcome")["worker"] != here:
                break
            zero.close()
        else:
            pytest.fail("every connection reached the same worker")
        at_turn = play_until_turn_of(1, zero, [one])
        for _ in range(int(8 * AWAY / 0.25)):
            zero.read_for(0.25)
            one.read_for(0.01)
        assert zero.state is not None and zero.state["ply"] == at_turn["ply"], "a bot played for a human who is here"
        assert zero.state["seats"][1]["away"] is False and zero.state["seats"][1]["online"] >= 1
        mine = one.wait_ply(at_turn["ply"])
        one.send({"type": "act", "action": mine["obs"]["legal_actions"][0], "ply": at_turn["ply"]})
        assert one.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        zero.wait_ply(at_turn["ply"] + 1)
        one.close()
        zero.close()
        assert "Traceback" not in server.output()
    finally:
        server.stop()

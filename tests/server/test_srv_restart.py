"""A server killed (SIGKILL) in mid-deal and started again goes on from the same state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from srv_helpers import Client, ServerProcess, db_kinds, db_url, stored_replayer

from prikup.bots import make_bot
from prikup.core.actions import parse_action
from prikup.games import make_game, observation_from_json
from prikup.server.storage import Storage

BRAIN = make_bot("heuristic", make_game("501"), 1)


def act_first_legal(clients: dict[int, Client], spectator: Client) -> tuple[int, int, str]:
    state = spectator.state
    assert state is not None
    seat = state["obs"]["to_act"]
    me = clients[seat].wait_ply(state["ply"])
    legal = [parse_action(t) for t in me["obs"]["legal_actions"]]
    action = str(BRAIN.choose(observation_from_json(me["obs"]), legal))
    clients[seat].send({"type": "act", "action": action, "ply": state["ply"]})
    ack = clients[seat].until(lambda m: m["type"] in ("ack", "error"))
    assert ack["type"] == "ack", ack
    spectator.wait_ply(state["ply"] + 1)
    return state["ply"], seat, action


def connect_all(server: ServerProcess, tid: str, tokens: dict[int, str]) -> tuple[dict[int, Client], Client]:
    clients = {s: Client(server, tid, s, t) for s, t in tokens.items()}
    for c in clients.values():
        c.until(lambda m: m["type"] == "state")
    spectator = Client(server, tid, None, None)
    spectator.until(lambda m: m["type"] == "state")
    return clients, spectator


@pytest.mark.parametrize("kind", db_kinds())
def test_killed_server_resumes_the_table(kind: str, tmp_path: Path) -> None:
    url = db_url(kind, tmp_path)
    server = ServerProcess(url).start()
    try:
        created = server.create("501", [{"kind": "human"}] * 3, seed=11)
        tid = created["id"]
        tokens = server.tokens(created)
        # a second table where bots hold two seats and the human is to wait for them
        bots = server.create("pyatsot", [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], seed=5)
        clients, spectator = connect_all(server, tid, tokens)
        acked: list[tuple[int, int, str]] = []
        for _ in range(14):
            acked.append(act_first_legal(clients, spectator))
        before = {s: c.wait_ply(len(acked))["obs"] for s, c in clients.items()}
        before_spec = spectator.wait_ply(len(acked))["obs"]
        assert before_spec["phase"] not in ("match over",) and before_spec["deal"] == 1
        # one more action: acknowledged, then the server is killed at once
        last = spectator.state
        assert last is not None
        seat = last["obs"]["to_act"]
        action = clients[seat].wait_ply(last["ply"])["obs"]["legal_actions"][0]
        clients[seat].send({"type": "act", "action": action})
        ack = clients[seat].until(lambda m: m["type"] == "ack")
        server.kill()
        acked.append((ack["ply"], seat, action))
    finally:
        server.kill()
    stored = Storage(url).load(tid)
    assert stored is not None
    assert [(s, t) for _, s, t in acked] == [(s, t) for _, s, t in stored.actions]  # every acknowledged one

    again = ServerProcess(url, port=server.port).start()
    try:
        info = httpx.get(again.base + f"/api/tables/{tid}", timeout=10).json()
        assert info["ply"] == len(acked)
        clients, spectator = connect_all(again, tid, tokens)
        # the same state as the rules core gives from the stored actions
        state, step = stored_replayer(stored)
        for _, _, text in acked:
            step(text)
        for s, c in clients.items():
            assert c.wait_ply(len(acked))["obs"] == state.observation(s).to_json()
        assert spectator.state is not None and spectator.state["obs"] == state.observation(None).to_json()
        # the state before the last action matches what the seats had before the kill
        replayed, step_before = stored_replayer(stored)
        for _, _, text in acked[:-1]:
            step_before(text)
        assert {s: replayed.observation(s).to_json() for s in range(3)} == before
        # the old tokens still hold their seats; a forged one does not
        forged = Client(again, tid, 0, "forged")
        assert forged.until(lambda m: m["type"] == "error")["code"] == "bad_token"
        # play goes on
        for _ in range(5):
            act_first_legal(clients, spectator)
        # the bots of the other table went on by themselves up to the human's turn
        human = Client(again, bots["id"], 0, bots["token"])
        msg: dict[str, Any] = human.until(lambda m: m["type"] == "state" and m["obs"]["to_act"] == 0, timeout=15)
        assert msg["obs"]["legal_actions"]
    finally:
        again.stop()

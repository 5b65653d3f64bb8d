"""Operations over a real server: health, Prometheus metrics, JSON logs without secrets, and the
one-process rule of SQLite."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
from srv_helpers import ROOT, Client, ServerProcess, db_url


def test_health_metrics_and_json_logs(tmp_path: Path) -> None:
    server = ServerProcess(db_url("sqlite", tmp_path), env={"PRIKUP_AWAY_AFTER": "0.05"}).start()
    try:
        assert httpx.get(server.base + "/health").json()["status"] == "ok"
        created = server.create("501", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
        tokens = server.tokens(created)
        c = Client(server, created["id"], 0, tokens[0])
        msg = c.until(lambda m: m["type"] == "state")
        # seat 1 is away: a bot plays for him (logged) once his turn comes; seat 0 plays here
        while msg["ply"] < 3 or not msg["seats"][1]["away"]:
            if msg["obs"]["to_act"] == 0:
                c.send({"type": "act", "action": msg["obs"]["legal_actions"][0], "ply": msg["ply"]})
            msg = c.until(lambda m: m["type"] == "state", timeout=30)
        c.send({"type": "hello", "seat": 0, "token": tokens[0]})
        assert c.until(lambda m: m["type"] == "error")["code"] == "already_seated"
        metrics = httpx.get(server.base + "/metrics").text
        for name in (
            "prikup_actions_total",
            "prikup_action_seconds_bucket",
            "prikup_tables_live",
            "prikup_connections",
            "prikup_bot_seconds_count",
            "prikup_refused_total",
        ):
            assert name in metrics, name
        assert 'prikup_actions_total{by="bot"}' in metrics
        c.close()
        server.stop()
        lines = [line for line in server.output().splitlines() if line.startswith("{")]
        assert lines and all(json.loads(line)["level"] for line in lines)
        assert any(json.loads(line).get("event") == "away" for line in lines)
        for secret in [*tokens.values(), *(i["secret"] for i in created["invites"])]:
            assert secret not in server.output()
    finally:
        server.stop()


def test_sqlite_serves_one_process() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "prikup", "serve", "--db", "sqlite:////tmp/x.sqlite3", "--workers", "2"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert out.returncode == 1
    assert "needs PostgreSQL" in out.stdout + out.stderr and "Traceback" not in out.stderr


def test_a_bad_setting_is_one_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "prikup", "serve", "--port", "1"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "PRIKUP_BOT_LIMIT": "inf"},
        timeout=60,
    )
    assert out.returncode == 1
    assert "PRIKUP_BOT_LIMIT='inf'" in out.stdout + out.stderr and "Traceback" not in out.stderr

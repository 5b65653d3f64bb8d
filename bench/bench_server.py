"""Load bench of the table server: N concurrent tables of bots playing over WebSockets.

Starts ``prikup serve`` on 127.0.0.1 (a free port, a fresh SQLite file unless ``--db``), then for
each N runs N tables at once for ``--seconds``; every seat is a WebSocket client whose bot
chooses from the seat's own observation and sends the action.  Latency is measured from sending
an action to receiving its ``ack`` (the action verified, stored, applied and broadcast).  A table
whose match ends is replaced by a new one until the time is up.

    PYTHONPATH=src python bench/bench_server.py --tables 1,4,16,64 --seconds 8
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from prikup.bots import make_bot
from prikup.core.actions import parse_action
from prikup.games import make_game

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    cmd = [sys.executable, "-m", "prikup", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def seat_client(url: str, tid: str, seat: int, token: str, bot: Any, deadline: float, lat: list[float]) -> int:
    acts = 0
    async with websockets.connect(f"{url}/ws/{tid}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        sent_at: float | None = None
        last: dict[str, Any] | None = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] == "ack" and sent_at is not None:
                lat.append(time.perf_counter() - sent_at)
                sent_at = None
                acts += 1
            elif msg["type"] == "error":
                raise RuntimeError(msg)
            elif msg["type"] == "state":
                if msg["finished"]:
                    break
                last = msg
            if last is not None and sent_at is None and last["obs"]["to_act"] == seat:
                obs = last["obs"]
                action = bot.choose(obs, [parse_action(t) for t in obs["legal_actions"]])
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": str(action), "ply": last["ply"]}))
                last = None
    return acts


async def table_driver(
    http: httpx.AsyncClient, ws_url: str, game_id: str, bot_name: str, deadline: float, lat: list[float]
) -> int:
    total = 0
    game = make_game(game_id)
    while time.monotonic() < deadline - 0.5:
        created = (
            await http.post("/api/tables", json={"game": game_id, "seats": [{"kind": "human"}] * game.players})
        ).json()
        tid = created["table"]["id"]
        tokens = {created["seat"]: created["token"]}
        for s in range(game.players):
            if s not in tokens:
                tokens[s] = (await http.post(f"/api/tables/{tid}/claim", json={"seat": s})).json()["token"]
        bots = [make_bot(bot_name, game, s) for s in range(game.players)]
        counts = await asyncio.gather(
            *(seat_client(ws_url, tid, s, tokens[s], bots[s], deadline, lat) for s in range(game.players))
        )
        total += sum(counts)
    return total


async def run(base: str, n: int, seconds: float, game_id: str, bot_name: str) -> dict[str, Any]:
    lat: list[float] = []
    ws_url = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        start = time.monotonic()
        deadline = start + seconds
        totals = await asyncio.gather(*(table_driver(http, ws_url, game_id, bot_name, deadline, lat) for _ in range(n)))
        elapsed = time.monotonic() - start
    lat.sort()
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else [float("nan")] * 99
    return {
        "tables": n,
        "actions": sum(totals),
        "seconds": round(elapsed, 2),
        "actions_per_s": round(sum(totals) / elapsed, 1),
        "p50_ms": round(q[49] * 1000, 2),
        "p99_ms": round(q[98] * 1000, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", default="1,4,16,64", help="comma-separated N (concurrent tables)")
    ap.add_argument("--seconds", type=float, default=8.0, help="seconds per N (bounded run)")
    ap.add_argument("--game", default="501")
    ap.add_argument("--bot", default="random", help="the client-side bot (random keeps the clients cheap)")
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/bench.sqlite3"
        schema = None
        if db.startswith(("postgresql://", "postgres://")):  # a schema of its own, dropped afterwards
            import psycopg

            schema = f"bench_{os.getpid()}"
            with psycopg.connect(db, autocommit=True) as conn:
                conn.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
            base_db, db = db, db + ("&" if "?" in db else "?") + f"options=-csearch_path%3D{schema}"
        port = free_port()
        proc = start_server(db, port)
        try:
            print(f"server on 127.0.0.1:{port}, db {db.split('@')[-1]}, game {args.game}, client bot {args.bot}")
            print(f"{'tables':>6} {'actions':>8} {'secs':>6} {'act/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
            for n in [int(x) for x in args.tables.split(",")]:
                r = asyncio.run(run(f"http://127.0.0.1:{port}", n, args.seconds, args.game, args.bot))
                print(
                    f"{r['tables']:>6} {r['actions']:>8} {r['seconds']:>6} {r['actions_per_s']:>8} "
                    f"{r['p50_ms']:>8} {r['p99_ms']:>8}",
                    flush=True,
                )
        finally:
            proc.terminate()
            proc.wait(10)
            if schema is not None:
                with psycopg.connect(base_db, autocommit=True) as conn:
                    conn.execute(f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main()

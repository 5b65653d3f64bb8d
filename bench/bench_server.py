"""Load bench of the table server: N tables whose seats act over WebSockets.

Starts ``prikup serve`` on 127.0.0.1 (a free port; a fresh SQLite file, or a schema of its own on
``--db postgresql://...``), creates every table, claims every seat, connects every WebSocket and
waits for each table's first state *before* the timed window; then, for ``--seconds``:

- ``--interval 0`` (default): each seat acts as soon as it is to act and has the state ("as fast as
  acknowledged");
- ``--interval 0.2``: each table acts once every 0.2 s (a fixed offered load).

Latency is measured from sending an action to receiving its ``ack`` (verified, stored, applied,
broadcast).  The server's CPU milliseconds per action (from /proc, its worker processes included)
and the client's (this process) are robust to other load on the machine; actions/s and wall-clock
latencies are not: clients and server share the cores (the client is kept cheap for that reason).
``--pimc N`` instead starts N tables of searching bots (one absent human each, watched by a
spectator so a bot stands in for him) and probes ``GET /api/games`` every 50 ms during the window.

    PYTHONPATH=src python bench/bench_server.py --tables 1,16,64 --seconds 8
    PYTHONPATH=src python bench/bench_server.py --tables 64 --interval 0.2
    PYTHONPATH=src python bench/bench_server.py --pimc 8 --seconds 15
    PYTHONPATH=src python bench/bench_server.py --db postgresql://... --workers 2 --tables 64
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
import orjson
import websockets

from prikup.bots import make_bot
from prikup.core.actions import parse_action
from prikup.games import make_game

ROOT = Path(__file__).resolve().parents[1]


T = TypeVar("T")


def run_client(main: Coroutine[Any, Any, T]) -> T:
    """Run the clients on uvloop (installed with the server extra): they share the cores with the
    server, so their event loop should cost as little as the server's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int, workers: int, env_extra: dict[str, str]) -> subprocess.Popen[bytes]:
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT / "src"),
        PRIKUP_CREATE_PER_MINUTE="100000",
        PRIKUP_MAX_LIVE_TABLES="100000",
        **env_extra,
    )
    cmd = [sys.executable, "-m", "prikup", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its children (the workers), from /proc."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(c) for c in children]
    except OSError:
        pass
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / tick
    return total


class Seat:
    """One seat's WebSocket, its client-side bot and the last state it received."""

    def __init__(self, ws: Any, seat: int, bot: Any) -> None:
        self.ws = ws
        self.seat = seat
        self.bot = bot
        self.last: dict[str, Any] | None = None


async def open_table(http: httpx.AsyncClient, ws_url: str, game_id: str, bot_name: str) -> list[Seat]:
    game = make_game(game_id)
    created = (
        await http.post("/api/tables", json={"game": game_id, "seats": [{"kind": "human"}] * game.players})
    ).json()
    tid = created["id"]
    tokens = {created["seat"]: created["token"]}
    for inv in created["invites"]:
        r = await http.post(f"/api/tables/{tid}/claim", json={"seat": inv["seat"], "invite": inv["secret"]})
        tokens[inv["seat"]] = r.json()["token"]
    seats = []
    for s in range(game.players):
        ws = await websockets.connect(f"{ws_url}/ws/{tid}", max_size=None, compression=None)
        await ws.send(json.dumps({"type": "hello", "seat": s, "token": tokens[s]}))
        bot = None if bot_name == "random" else make_bot(bot_name, game, s)
        seats.append(Seat(ws, s, bot))
    for seat in seats:
        while seat.last is None:
            msg = orjson.loads(await seat.ws.recv())
            if msg["type"] == "state":
                seat.last = msg
    return seats


class Driver:
    """Plays one table from its seats' sockets: whichever frame arrives is handled in its
    reader (no queue, no timeout per frame), and the seat to act sends its action as soon as the
    previous action is acknowledged and it holds the new state (or at its tick, with an interval).

    The client shares the machine's cores with the server, so it is kept cheap: orjson, and the
    random client bot picks an action's text from the legal list without parsing it.
    """

    def __init__(
        self, seats: list[Seat], interval: float, start: float, deadline: float, lat: list[float], seed: int
    ) -> None:
        self.seats = seats
        self.interval = interval
        self.next_tick = start
        self.deadline = deadline
        self.lat = lat
        self.rng = random.Random(seed)
        self.acts = 0
        self.pending = False  # an action is sent (or scheduled) and not yet acknowledged
        self.sent_at = 0.0
        self.error: dict[str, Any] | None = None
        self.done = asyncio.Event()
        self.state = max((s.last for s in seats if s.last), key=lambda m: m["ply"])

    async def reader(self, seat: Seat) -> None:
        try:
            async for raw in seat.ws:
                msg = orjson.loads(raw)
                kind = msg["type"]
                if kind == "state":
                    seat.last = msg
                    if msg["ply"] >= self.state["ply"]:
                        self.state = msg
                elif kind == "ack":
                    self.lat.append(time.perf_counter() - self.sent_at)
                    self.pending = False
                    self.acts += 1
                elif kind == "error":
                    self.error = msg
                    self.done.set()
                    return
                await self.maybe_act()
        except websockets.ConnectionClosed:
            self.done.set()

    def choose(self, me: Seat, obs: dict[str, Any]) -> str:
        legal = obs["legal_actions"]
        if me.bot is None:
            return str(self.rng.choice(legal))
        return str(me.bot.choose(obs, [parse_action(t) for t in legal]))

    async def maybe_act(self) -> None:
        state = self.state
        if self.pending or self.done.is_set():
            return
        if state["finished"] or time.monotonic() >= self.deadline:
            self.done.set()
            return
        me = self.seats[state["obs"]["to_act"]]
        if me.last is None or me.last["ply"] != state["ply"]:
            return  # its state is still on the way
        self.pending = True
        if self.interval > 0:
            self.next_tick = max(self.next_tick + self.interval, time.monotonic()) if self.acts else self.next_tick
            delay = self.next_tick - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
        text = self.choose(me, me.last["obs"])
        self.sent_at = time.perf_counter()
        await me.ws.send(orjson.dumps({"type": "act", "action": text, "ply": state["ply"]}).decode())

    async def play(self) -> int:
        readers = [asyncio.create_task(self.reader(s)) for s in self.seats]
        await asyncio.sleep(max(0.0, self.next_tick - time.monotonic()))
        await self.maybe_act()
        try:
            await asyncio.wait_for(self.done.wait(), timeout=max(0.0, self.deadline - time.monotonic()))
        except TimeoutError:
            pass
        for r in readers:
            r.cancel()
        for s in self.seats:
            await s.ws.close()
        if self.error is not None:
            raise RuntimeError(self.error)
        return self.acts


async def run(
    base: str, n: int, seconds: float, game_id: str, bot_name: str, interval: float, pid: int
) -> dict[str, Any]:
    lat: list[float] = []
    ws_url = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        tables = []
        for i in range(0, n, 16):  # set up before the timed window, a few at a time
            tables += await asyncio.gather(
                *(open_table(http, ws_url, game_id, bot_name) for _ in range(min(16, n - i)))
            )
    cpu0 = cpu_seconds(pid)
    client0 = time.process_time()
    start = time.monotonic()
    deadline = start + seconds
    totals = await asyncio.gather(
        *(Driver(t, interval, start + i * interval / max(n, 1), deadline, lat, i).play() for i, t in enumerate(tables))
    )
    elapsed = time.monotonic() - start
    cpu = cpu_seconds(pid) - cpu0
    client = time.process_time() - client0
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else [float("nan")] * 99
    actions = sum(totals)
    return {
        "tables": n,
        "actions": actions,
        "seconds": round(elapsed, 2),
        "actions_per_s": round(actions / elapsed, 1),
        "p50_ms": round(q[49] * 1000, 2),
        "p99_ms": round(q[98] * 1000, 2),
        "cpu_ms_per_action": round(1000 * cpu / max(actions, 1), 3),
        "client_cpu_ms_per_action": round(1000 * client / max(actions, 1), 3),
    }


async def probe(base: str, n: int, seconds: float) -> dict[str, Any]:
    ws_url = base.replace("http://", "ws://")
    watchers = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(n):
            seats = [{"kind": "human"}, {"kind": "bot", "bot": "pimc"}, {"kind": "bot", "bot": "pimc"}]
            created = (await http.post("/api/tables", json={"game": "501", "seats": seats})).json()
            ws = await websockets.connect(f"{ws_url}/ws/{created['id']}", max_size=None, compression=None)
            await ws.send(json.dumps({"type": "hello", "seat": None}))
            watchers.append(ws)

        async def drain(ws: Any) -> None:
            try:
                async for _ in ws:
                    pass
            except websockets.ConnectionClosed:
                pass

        tasks = [asyncio.create_task(drain(w)) for w in watchers]
        await asyncio.sleep(3.0)  # the pool's workers start, the bots begin
        metrics0 = (await http.get("/metrics")).text
        lat = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            t = time.perf_counter()
            r = await http.get("/api/games")
            assert r.status_code == 200
            lat.append(time.perf_counter() - t)
            await asyncio.sleep(0.05)
        metrics1 = (await http.get("/metrics")).text
        for task in tasks:
            task.cancel()
        for w in watchers:
            await w.close()
    q = statistics.quantiles(lat, n=100)

    def bot_count(text: str) -> float:
        return sum(
            float(x.split()[-1]) for x in text.splitlines() if x.startswith('prikup_bot_seconds_count{bot="pimc"')
        )

    return {
        "pimc_tables": n,
        "probes": len(lat),
        "p50_ms": round(q[49] * 1000, 2),
        "p99_ms": round(q[98] * 1000, 2),
        "max_ms": round(max(lat) * 1000, 2),
        "pimc_decisions": int(bot_count(metrics1) - bot_count(metrics0)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", default="1,16,64", help="comma-separated N (concurrent tables)")
    ap.add_argument("--seconds", type=float, default=8.0, help="seconds of the timed window per N (bounded run)")
    ap.add_argument("--interval", type=float, default=0.0, help="seconds between a table's actions (0: at once)")
    ap.add_argument("--game", default="501")
    ap.add_argument("--bot", default="random", help="the client-side bot (random keeps the clients cheap)")
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--workers", type=int, default=1, help="server processes (above 1: PostgreSQL)")
    ap.add_argument("--pimc", type=int, default=0, help="N tables of pimc bots, and probe /api/games")
    ap.add_argument("--bot-workers", type=int, default=2, help="PRIKUP_BOT_WORKERS for --pimc")
    ap.add_argument("--server", default=None, help="a running server: URL[,PID]")
    args = ap.parse_args()
    if args.server:
        base, _, pid = args.server.partition(",")
        for n in [int(x) for x in args.tables.split(",")]:
            print(run_client(run(base, n, args.seconds, args.game, args.bot, args.interval, int(pid or 0))))
        return
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
        extra = {"PRIKUP_AWAY_AFTER": "0.2", "PRIKUP_BOT_WORKERS": str(args.bot_workers)} if args.pimc else {}
        proc = start_server(db, port, args.workers, extra)
        base = f"http://127.0.0.1:{port}"
        try:
            where = db.split("@")[-1]
            print(f"server on 127.0.0.1:{port}, db {where}, workers {args.workers}, game {args.game}", flush=True)
            if args.pimc:
                print(run_client(probe(base, args.pimc, args.seconds)))
                return
            mode = f"one action per table every {args.interval} s" if args.interval else "as fast as acknowledged"
            print(f"load: {mode}; client bot {args.bot}")
            print(
                f"{'tables':>6} {'actions':>8} {'secs':>6} {'act/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
                f"{'server cpu ms/act':>17} {'client cpu ms/act':>17}"
            )
            for n in [int(x) for x in args.tables.split(",")]:
                r = run_client(run(base, n, args.seconds, args.game, args.bot, args.interval, proc.pid))
                print(
                    f"{r['tables']:>6} {r['actions']:>8} {r['seconds']:>6} {r['actions_per_s']:>8} "
                    f"{r['p50_ms']:>8} {r['p99_ms']:>8} "
                    f"{r['cpu_ms_per_action']:>17} {r['client_cpu_ms_per_action']:>17}",
                    flush=True,
                )
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
            if schema is not None:
                with psycopg.connect(base_db, autocommit=True) as conn:
                    conn.execute(f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main()

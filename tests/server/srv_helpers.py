"""Helpers of the server tests: real server processes on free loopback ports, real databases, real sockets."""

from __future__ import annotations

import atexit
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

import prikup

ROOT = Path(__file__).resolve().parents[2]
#: Where the prikup the tests import lives (``src`` of an editable install, else site-packages):
#: the servers run that same package, with its built C solver — ``ROOT / "src"`` of a plain
#: install has no C extension, and the analyses there ran the Python reference solver for minutes.
PACKAGE_PATH = str(Path(prikup.__file__).resolve().parents[1])
PG_ENV = "PRIKUP_TEST_PG_URL"

CARD_RE = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][SCDH]|JK[12]?)(?![A-Za-z0-9])")


def db_kinds() -> list[str]:
    """sqlite always; postgres when PRIKUP_TEST_PG_URL is set."""
    return ["sqlite", "postgres"] if os.environ.get(PG_ENV) else ["sqlite"]


def db_kind(preferred: str) -> str:
    """``preferred`` (a kind of :func:`db_kinds`) when it is there, else sqlite: a test that needs
    a server but no particular database runs on one, and the suite's tests share both out."""
    return preferred if preferred in db_kinds() else "sqlite"


def server_kinds() -> list[str]:
    """db_kinds, plus two worker processes on PostgreSQL (``postgres-2``) when it is there."""
    return [*db_kinds(), "postgres-2"] if os.environ.get(PG_ENV) else db_kinds()


def start_server(kind: str, folder: Path, **kwargs: Any) -> ServerProcess:
    """A started server of a kind of server_kinds()."""
    workers = 2 if kind.endswith("-2") else 1
    return ServerProcess(db_url(kind.removesuffix("-2"), folder), workers=workers, **kwargs).start()


def db_url(kind: str, folder: Path) -> str:
    """A fresh database URL of that kind (tables have random ids, so a shared PostgreSQL is fine)."""
    if kind == "sqlite":
        return f"sqlite:///{folder / f'srv-{uuid.uuid4().hex[:8]}.sqlite3'}"
    import psycopg

    base = os.environ[PG_ENV]
    schema = f"srv_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    atexit.register(_drop_schema, base, schema)
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options=-csearch_path%3D{schema}"


def _drop_schema(base: str, schema: str) -> None:
    import psycopg

    try:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    except psycopg.Error:
        pass


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``prikup serve`` as a real process on 127.0.0.1."""

    def __init__(
        self,
        url: str,
        *,
        bot_delay: float = 0.0,
        port: int | None = None,
        env: dict[str, str] | None = None,
        workers: int = 1,
    ) -> None:
        self.url = url
        self.bot_delay = bot_delay
        self.port = port or free_port()
        self.env = env or {}
        self.workers = workers
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        env = dict(os.environ, PYTHONPATH=PACKAGE_PATH, PRIKUP_ALLOW_SEED="1", PRIKUP_CREATE_PER_MINUTE="1000")
        env.update(self.env)
        cmd = [sys.executable, "-m", "prikup", "serve", "--port", str(self.port), "--db", self.url]
        cmd += ["--bot-delay", str(self.bot_delay), "--workers", str(self.workers)]
        self.log = tempfile.NamedTemporaryFile(prefix="prikup-serve-", suffix=".log", delete=False)
        self.proc = subprocess.Popen(cmd, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.output()}")
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("server did not start in time")

    def output(self) -> str:
        """What the server printed so far."""
        return Path(self.log.name).read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def create(self, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        r = httpx.post(self.base + "/api/tables", json={"game": game, "seats": seats, **extra}, timeout=10)
        r.raise_for_status()
        return dict(r.json())

    def claim(self, table_id: str, seat: int, invite: str) -> str:
        r = httpx.post(self.base + f"/api/tables/{table_id}/claim", json={"seat": seat, "invite": invite}, timeout=10)
        r.raise_for_status()
        return str(r.json()["token"])

    def tokens(self, created: dict[str, Any]) -> dict[int, str]:
        """Every human seat's token of a new table: the creator's, and each invitation claimed."""
        tokens = {int(created["seat"]): str(created["token"])}
        for invite in created["invites"]:
            tokens[invite["seat"]] = self.claim(created["id"], invite["seat"], invite["secret"])
        return tokens


class Client:
    """A WebSocket client of one table that keeps every frame it receives.

    Its connection buffers every frame unread (``max_queue=None``): a test reads one client at a
    time, and with the default bound (16 frames) a client left unread stops reading its socket,
    so it no longer sees the keepalive pongs and closes itself with 1011 "keepalive ping
    timeout" about 40 s later — what a slow analysis on a loaded machine used to cause."""

    def __init__(
        self, server: ServerProcess, table_id: str, seat: int | None, token: str | None, *, hello: bool = True
    ) -> None:
        self.ws: ClientConnection = connect(
            f"{server.ws_base}/ws/{table_id}", open_timeout=10, max_queue=None
        ).__enter__()
        self.seat = seat
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        if hello:
            self.send({"type": "hello", "seat": seat, "token": token})

    def send(self, value: Any) -> None:
        self.ws.send(value if isinstance(value, str) else json.dumps(value))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        msg = dict(json.loads(text))
        self.frames.append(msg)
        if msg.get("type") == "state":
            self.state = msg
        return msg

    def until(self, pred: Any, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching frame")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def wait_ply(self, ply: int, timeout: float = 10.0) -> dict[str, Any]:
        """The first state frame at ``ply`` or later (possibly one already received)."""
        if self.state is not None and self.state["ply"] >= ply:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["ply"] >= ply, timeout)

    def drain(self, quiet: float = 0.2) -> None:
        while True:
            try:
                self.recv(quiet)
            except TimeoutError:
                return

    def read_for(self, seconds: float) -> None:
        """Read (and keep) whatever frames arrive for that long: a watcher that reads stays connected."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                self.recv(left)
            except TimeoutError:
                return

    def close(self) -> None:
        self.ws.close()


def stored_replayer(stored: Any) -> tuple[Any, Any]:
    """A state at the start of a stored table and a function applying its next stored action
    (dealing the next stored deal when one ends): the server's storage read independently."""
    from prikup.core.game import Phase
    from prikup.games import make_game

    game = make_game(stored.game, **stored.options)
    state = game.new_replay(stored.first_dealer)

    def deal() -> None:
        d = stored.deals[len(state.deals)]
        state.deal({int(k): v for k, v in d.hands.items()}, d.talon)

    def step(text: str, on_applied: Any = None) -> Any:
        action = state.apply(text)
        if on_applied is not None:
            on_applied(action)
        if state.phase is Phase.DEAL:
            deal()
        return action

    deal()
    return state, step


def cards_in(text: str) -> set[str]:
    """Every card-like token of a text (bids like ``7H`` match too: callers compare like with like)."""
    return set(CARD_RE.findall(text))


def replay_cli(record: dict[str, Any], folder: Path) -> subprocess.CompletedProcess[str]:
    """``prikup replay`` run on a record saved in ``folder`` (a fresh process, a bare PATH)."""
    path = folder / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "prikup", "replay", str(path)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )

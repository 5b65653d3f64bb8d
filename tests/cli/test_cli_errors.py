"""No traceback for any input: every command with bad arguments says one line on stderr and
exits non-zero; paths are checked before a match is played; a missing extra is named."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest


def prikup(*args: str, code: str | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "prikup", *args]
    env = dict(os.environ, COLUMNS="200")
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120, env=env)


def one_line_error(run: subprocess.CompletedProcess[str]) -> str:
    assert run.returncode != 0, run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert "Traceback" not in run.stderr and lines[0].startswith("error:"), run.stderr
    return lines[0]


def busy_port() -> tuple[socket.socket, int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    return sock, sock.getsockname()[1]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bad")
    (folder / "notjson.json").write_text("{ not json")
    (folder / "empty.json").write_text("{}")
    (folder / "list.json").write_text(json.dumps([1, 2, 3]))
    (folder / "binary.json").write_bytes(bytes([0x7B, 0x22, 0xD2, 0x00, 0xFF, 0x10]))  # not UTF-8 text
    record = folder / "m.json"
    run = prikup("play", "501", "--auto", "--seed", "3", "--record", str(record), "--max-deals", "1")
    assert run.returncode == 0, run.stderr
    # the record made malformed where only the types are wrong (each once failed with a Python
    # error: AttributeError, TypeError, KeyError)
    good = json.loads(record.read_text())
    number_card = json.loads(record.read_text())
    number_card["deals"][0]["hands"]["1"][0] = 5
    (folder / "number_card.json").write_text(json.dumps(number_card))
    number_scores = json.loads(record.read_text())
    number_scores["deals"][0]["scores"] = 7
    (folder / "number_scores.json").write_text(json.dumps(number_scores))
    no_actions = json.loads(record.read_text())
    del no_actions["deals"][0]["actions"]
    del no_actions["deals"][0]["scores"]
    (folder / "no_actions.json").write_text(json.dumps(no_actions))
    assert good["deals"][0]["actions"]
    return {
        "folder": folder,
        "number_card": folder / "number_card.json",
        "number_scores": folder / "number_scores.json",
        "no_actions": folder / "no_actions.json",
        "notjson": folder / "notjson.json",
        "empty": folder / "empty.json",
        "list": folder / "list.json",
        "binary": folder / "binary.json",
        "record": record,
    }


BAD = [
    (["nosuchcommand"], "No such command"),
    (["play", "whist"], "unknown game 'whist'"),
    (["play", "501", "--players", "x"], "Invalid value for '--players'"),
    (["play", "501", "--players", "5"], "players=5"),
    (["play", "501", "--option", "colour=red"], "unknown option 'colour'"),
    (["play", "501", "--option", "max_bid"], "max_bid"),
    (["play", "501", "--lang", "xx"], "unknown language 'xx'"),
    (["play", "501", "--seat", "7"], "seat 7 does not exist"),
    (["play", "501", "--bots", ","], "--bots needs at least one bot name"),
    (["play", "501", "--bots", "nobody", "--auto"], "unknown bot"),
    (["play", "501", "--auto", "--record", "{folder}/missing/m.json"], "the folder"),
    (["play", "501", "--auto", "--record", "{folder}"], "this is a folder"),
    (["play", "501", "--seed", "x"], "Invalid value for '--seed'"),
    (["replay", "{folder}/none.json"], "none.json"),
    (["replay", "{notjson}"], "notjson.json"),
    (["replay", "{empty}"], "empty.json"),
    (["replay", "{list}"], "list.json"),
    (["replay"], "Missing argument"),
    (["replay", "{binary}"], "not a game record: not UTF-8 text (byte 2)"),
    (["analyze", "{binary}"], "not a game record: not UTF-8 text (byte 2)"),
    (["solve", "{binary}", "--deal", "1", "--trick", "1"], "not a game record: not UTF-8 text"),
    (["play", "501", "--auto", "--max-deals", "0"], "--max-deals 0: at least 1"),
    (["arena", "501", "--bots", "heuristic", "-n", "2"], "--bots names 1 bot(s), one for each seat: option players=1"),
    (["serve", "--port", "0"], "--port 0: a port is 1..65535"),
    (["games", "extra"], "unexpected extra argument"),
    (["arena", "501"], "Missing option '--bots'"),
    (["arena", "501", "--bots", "heuristic,random,nobody"], "unknown bot"),
    (["arena", "501", "--bots", "heuristic,random,random", "--unit", "trick"], "unknown unit"),
    (["arena", "501", "--bots", "heuristic,random,random", "-n", "0"], "--matches 0"),
    (["arena", "501", "--bots", "heuristic,random,random", "--workers", "0"], "--workers 0"),
    (["arena", "501", "--bots", "heuristic,random,random", "--plot", "{folder}/missing/r.png"], "the folder"),
    (["arena", "501", "--bots", "heuristic,random,random", "--records", "{folder}/missing"], "does not exist"),
    (["arena", "501", "--bots", "heuristic,random,random", "--records", "{empty}"], "not a folder"),
    (["serve", "--port", "99999"], "a port is 1..65535"),
    (["serve", "--port", "-1"], "a port is 1..65535"),
    (["serve", "--db", "mysql://u:secret@localhost/x"], "unknown database kind 'mysql'"),
    (["serve", "--db", "nonsense"], "unknown database kind"),
    (["serve", "--db", "postgresql://u:secret@127.0.0.1:1/x"], "cannot open the database"),
    (["serve", "--db", "sqlite:///{folder}/missing/x.sqlite3"], "cannot open the database"),
    (["serve", "--host", "no.such.host.invalid"], "cannot listen"),
    (["serve", "--bot-delay", "-1"], "--bot-delay"),
    (["solve", "{record}"], "Missing option '--deal'"),
    (["solve", "{record}", "--deal", "1"], "--trick T [--card K], or --at N"),
    (["solve", "{record}", "--deal", "9", "--trick", "1"], "out of range"),
    (["solve", "{record}", "--deal", "1", "--trick", "99"], "no such point"),
    (["solve", "{record}", "--deal", "1", "--trick", "0"], "numbered from 1"),
    (["solve", "{record}", "--deal", "1", "--at", "0"], "not in the play phase"),
    (["solve", "{record}", "--deal", "1", "--at", "-3"], "out of range"),
    (["solve", "{record}", "--deal", "1", "--trick", "1", "--at", "3"], "--trick"),
    (["solve", "{notjson}", "--deal", "1", "--trick", "1"], "notjson.json"),
    (["replay", "{number_card}"], "deal 1: bad cards: bad card '5'"),
    (["solve", "{number_card}", "--deal", "1", "--trick", "1"], "bad card '5'"),
    (["replay", "{number_scores}"], "deal 1: the record's scores after the deal are 7"),
    (["solve", "{no_actions}", "--deal", "1", "--trick", "2"], "no such point"),
]


@pytest.mark.parametrize(("args", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_every_command_with_bad_arguments_says_one_line(files: dict[str, Path], args: list[str], words: str) -> None:
    filled = [a.format(**files) for a in args]
    line = one_line_error(prikup(*filled))
    assert words in line, line
    assert "secret" not in line


def test_a_busy_port_is_refused_before_the_server_starts() -> None:
    sock, port = busy_port()
    with sock:
        line = one_line_error(prikup("serve", "--port", str(port)))
    assert f"cannot listen on 127.0.0.1:{port}" in line


def test_record_into_a_missing_folder_fails_before_the_match(files: dict[str, Path]) -> None:
    run = prikup("play", "501", "--auto", "--seed", "1", "--record", str(files["folder"] / "no" / "m.json"))
    one_line_error(run)
    assert run.stdout == ""  # not a deal was played


HIDE = (
    "import sys\nfor m in {mods!r}: sys.modules[m] = None\nsys.argv = ['prikup', *sys.argv[1:]]\n"
    "from prikup.cli.main import main\nmain()\n"
)


@pytest.mark.parametrize(
    ("mods", "args", "extra"),
    [
        (["fastapi", "uvicorn"], ["serve"], "server"),
        (["sqlalchemy"], ["serve"], "server"),
        (["openskill"], ["arena", "501", "--bots", "heuristic,random,random"], "arena"),
        (["matplotlib"], ["arena", "501", "--bots", "heuristic,random,random"], "arena"),
        (["distributed"], ["arena", "501", "--bots", "heuristic,random,random", "--dask", "tcp://x:1"], "arena"),
    ],
)
def test_a_missing_extra_is_named_in_one_line(mods: list[str], args: list[str], extra: str) -> None:
    line = one_line_error(prikup(*args, code=HIDE.format(mods=mods)))
    assert f"pip install 'prikup[{extra}]'" in line


def test_play_needs_no_extra() -> None:
    hidden = ["fastapi", "uvicorn", "sqlalchemy", "psycopg", "openskill", "matplotlib", "dask", "distributed"]
    run = prikup("play", "501", "--auto", "--seed", "2", "--max-deals", "1", code=HIDE.format(mods=hidden))
    assert run.returncode == 0, run.stderr
    assert "Result — Deal 1" in run.stdout

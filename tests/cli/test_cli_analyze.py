"""``prikup analyze`` in a real subprocess (the table, --json, the error lines with exit 2) and
hints at the terminal table (line mode and the Textual table): given when on, refused when off."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static

from prikup import make_game
from prikup.analysis import DealAnalysis
from prikup.bots import make_bot
from prikup.cli.keywords import read_line
from prikup.cli.terminal import TerminalTable
from prikup.cli.tui.app import TableApp
from prikup.records import Seat


def prikup(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="200")
    return subprocess.run(
        [sys.executable, "-m", "prikup", *args], input=stdin, capture_output=True, text=True, timeout=300, env=env
    )


@pytest.fixture(scope="module")
def match(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("an") / "m.json"
    run = prikup("play", "preferans", "--auto", "--seed", "3", "--max-deals", "1", "--record", str(path))
    assert run.returncode == 0, run.stderr
    return path


def test_the_table_names_every_decision_the_seats_and_the_par(match: Path) -> None:
    run = prikup("analyze", str(match), "--deal", "1", "--samples", "2")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Deal 1 of preferans: every decision" in out
    for word in ("seat", "phase", "done", "bot", "loss", "open", "grade", "Per seat", "points lost", "Par"):
        assert word in out
    assert "auction" in out and "play" in out
    record = json.loads(match.read_text())
    first_action = record["deals"][0]["actions"][0][1]
    assert first_action in out


def test_russian_table(match: Path) -> None:
    run = prikup("analyze", str(match), "--samples", "1", "--lang", "ru")
    assert run.returncode == 0, run.stderr
    assert "каждое решение" in run.stdout and "По местам" in run.stdout and "Пар" in run.stdout
    # the actions in the games' Russian words and the Russian deck's letters, not the notation
    assert "ход " in run.stdout and "пас" in run.stdout
    assert not re.search(r"\bplay [2-9TJQKA][SCDH]\b|\bbid \w", run.stdout), run.stdout


def test_the_russian_line_mode_hint_is_said_in_russian_words() -> None:
    table, console = _line_table(True, "ru")
    with pytest.raises(KeyboardInterrupt):
        table.run()
    line = next(x for x in console.export_text().splitlines() if "подсказка:" in x)
    suggested = line.split("подсказка:")[1].split("(")[0].strip()
    legal = {str(a) for a in table.state.legal_actions()}
    assert suggested not in legal  # said in Russian words, not the notation …
    assert str(read_line(suggested, table.state.legal_actions(), "ru")[0]) in legal  # … and read back


def test_json_is_one_document_that_reads_back_and_is_reproducible(match: Path) -> None:
    one = prikup("analyze", str(match), "--deal", "1", "--seat", "1", "--json", "--samples", "2", "--seed", "5")
    two = prikup("analyze", str(match), "--deal", "1", "--seat", "1", "--json", "--samples", "2", "--seed", "5")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    analysis = DealAnalysis.from_json(data)
    assert analysis.game == "preferans" and analysis.deal == 1 and analysis.seed == 5
    assert {d.seat for d in analysis.decisions} == {1}
    assert [s.seat for s in analysis.seats] == [1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--deal", "9"], "no deal 9 in this record: deals are 1..2"),
        (["--seat", "3"], "no seat 3: seats are 0..2"),
        (["--samples", "0"], "samples must be at least 1"),
    ],
)
def test_out_of_range_is_one_line_and_exit_2(match: Path, args: list[str], words: str) -> None:
    run = prikup("analyze", str(match), *args)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0], run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""


def test_missing_and_malformed_records_are_one_line_and_exit_2(tmp_path: Path) -> None:
    missing = prikup("analyze", str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr and len(missing.stderr.splitlines()) == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "prikup-record/1", "game": "501", "deals": [{"dealer": 7}]}')
    run = prikup("analyze", str(bad), "--lang", "ru")
    assert run.returncode == 2 and run.stderr.startswith("ошибка:") and len(run.stderr.splitlines()) == 1
    assert "Traceback" not in run.stderr


def _lines(answers: list[str]) -> Iterator[str]:
    yield from answers
    raise EOFError


def _line_table(hints: bool, lang: str = "en") -> tuple[TerminalTable, Console]:
    game = make_game("501")
    state = game.new_match(seed=4)
    seats = [Seat("you", "human"), Seat("heuristic"), Seat("heuristic")]
    bots = {s: make_bot("heuristic", game, s) for s in (1, 2)}
    console = Console(record=True, width=200, highlight=False)
    answers = _lines(["hint", "quit"])
    table = TerminalTable(state, seats, bots, console=console, lang=lang, read=lambda _: next(answers), hints=hints)
    return table, console


def test_the_line_mode_gives_a_hint_when_hints_are_on() -> None:
    table, console = _line_table(True)
    with pytest.raises(KeyboardInterrupt):
        table.run()
    text = console.export_text()
    line = next(x for x in text.splitlines() if "hint:" in x)
    legal = {str(a) for a in table.state.legal_actions()}
    suggested = line.split("hint:")[1].split("(")[0].strip()
    assert suggested in legal


def test_the_line_mode_refuses_a_hint_when_hints_are_off() -> None:
    table, console = _line_table(False, "ru")
    with pytest.raises(KeyboardInterrupt):
        table.run()
    text = console.export_text()
    assert "подсказки за этим столом выключены" in text and "подсказка:" not in text


def test_no_hints_on_the_command_line_refuses_them() -> None:
    off = prikup("play", "501", "--plain", "--seed", "2", "--no-hints", stdin="hint\nquit\n")
    assert "hints are off at this table (it was started with --no-hints)" in off.stdout
    on = prikup("play", "501", "--plain", "--seed", "2", stdin="hint\nquit\n")
    assert "hint: " in on.stdout and "hints are off" not in on.stdout


async def _table_hint(hints: bool) -> tuple[str, set[str]]:
    game = make_game("preferans")
    state = game.new_match(seed=6)
    seats = [Seat("you", "human"), Seat("heuristic"), Seat("heuristic")]
    bots = {s: make_bot("heuristic", game, s) for s in (1, 2)}
    app = TableApp(state, seats, bots, lang="en", bot_delay=0, hints=hints)
    async with app.run_test(size=(130, 40)) as pilot:
        for _ in range(2000):
            if state.to_act == 0:
                break
            await pilot.pause(0.005)
        assert state.to_act == 0
        legal = {str(a) for a in state.legal_actions()}
        await pilot.press("f2")
        for _ in range(3000):
            shown = str(app.query_one("#message", Static).render())
            if "hint:" in shown or "hints are off" in shown:
                break
            await pilot.pause(0.01)
        return str(app.query_one("#message", Static).render()), legal


@pytest.mark.parametrize("hints", [True, False])
def test_f2_at_the_table(hints: bool) -> None:
    import asyncio

    shown, legal = asyncio.run(_table_hint(hints))
    if hints:
        suggested = shown.split("hint:")[1].split("(")[0].strip()
        assert suggested in legal
    else:
        assert shown == "hints are off at this table (it was started with --no-hints)"

"""``prikup arena`` and ``prikup solve`` speak Russian with ``--lang ru`` (every word from the
catalogue, no English left but the notation and the bot names) and say the same in English."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from prikup.cli.keywords import normalise
from prikup.cli.main import app
from prikup.core.actions import parse_action

BOT_NAMES = {"heuristic", "random"}
PROPER = {"openskill"}  # the rating library's name


def _english_left(text: str, allowed: set[str]) -> set[str]:
    """Lowercase Latin words of three letters or more, options (``--trick``) and card codes aside."""
    text = re.sub(r"--[a-z-]+", "", text)
    return set(re.findall(r"\b[a-z]{3,}\b", text)) - allowed


def _prikup(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "prikup", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("unit", ["deal", "match"])
def test_arena_speaks_russian(unit: str) -> None:
    args = ["arena", "501", "--bots", "heuristic,random,random", "--unit", unit, "-n", "3", "--seed", "4"]
    args += ["--max-deals", "2"]  # short matches: some stop unfinished, and that line is said too
    ru = CliRunner().invoke(app, [*args, "--lang", "ru"])
    assert ru.exit_code == 0, ru.output
    assert not _english_left(ru.output, BOT_NAMES | PROPER), ru.output
    kind = "сдач" if unit == "deal" else "партий"
    assert f"Пятьсот одно: {kind} — " in ru.output and "дублированных серий — " in ru.output
    assert "разыгрывающ" not in ru.output  # arena words only: no stray solve text
    for word in ("бот", "очки за сдачу", "μ ± σ", "оценка", "heuristic - random: разница очков за сдачу"):
        assert word in ru.output, word
    if unit == "match":
        assert "доля побед" in ru.output and "победы" in ru.output
        assert "остановлены после сдачи 2" in ru.output
    en = CliRunner().invoke(app, args)
    assert en.exit_code == 0, en.output
    units = "deals" if unit == "deal" else "matches"
    assert f"501: 3 {units} in 1 duplicate sets, seeds 4..4" in en.output
    assert "heuristic - random: score per deal" in en.output and "ordinal" in en.output
    assert not re.search(r"[а-яё]", en.output, re.I)
    # the same figures in both languages
    assert re.findall(r"[+-]\d+\.\d+", ru.output) == re.findall(r"[+-]\d+\.\d+", en.output)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lang") / "m.json"
    run = _prikup("play", "501", "--auto", "--seed", "3", "--record", str(path), "--max-deals", "3")
    assert run.returncode == 0, run.stderr
    return path


def _first_play(path: Path) -> int:
    deals = json.loads(path.read_text())["deals"]
    for number, deal in enumerate(deals, 1):
        if any(text.startswith("play") for _seat, text in deal["actions"]):
            return number
    raise AssertionError("no deal was played")


def test_solve_speaks_russian(record: Path) -> None:
    deal = str(_first_play(record))
    ru = _prikup("solve", str(record), "--deal", deal, "--trick", "2", "--card", "2", "--lang", "ru")
    assert ru.returncode == 0, ru.stderr
    assert not _english_left(ru.stdout, set()), ru.stdout  # the plays too: ход Д♣, марьяж
    text = " ".join(ru.stdout.split())
    assert text.startswith(f"Пятьсот одно, сдача {deal}, взятка 2, карта 2: ходит место ")
    assert "разыгрывающий — место " in text and "козырь " in text and "уже засчитано: " in text
    assert "<- лучший" in text and re.search(r"ходящей стороне нужна наи(мень|боль)шая цена:", text)
    en = _prikup("solve", str(record), "--deal", deal, "--trick", "2", "--card", "2")
    assert en.returncode == 0, en.stderr
    assert f"501, deal {deal}, trick 2, card 2: seat " in " ".join(en.stdout.split()) and "<- best" in en.stdout
    assert not re.search(r"[а-яё]", en.stdout.split("(501, Пятьсот")[0], re.I)
    # the same plays (said in Russian, read back to the notation) with the same values, the same best
    rows = r"^\s+(play \S+(?: marriage [SCDH])?)\s+(\d+)(\s+<- \S+)?$"
    ru_rows = r"^\s+(ход \S+(?: марьяж \S+)?)\s+(\d+)(\s+<- \S+)?$"
    said = [(str(parse_action(normalise(r[0]))), r[1]) for r in re.findall(ru_rows, ru.stdout, re.M)]
    assert said and said == [r[:2] for r in re.findall(rows, en.stdout, re.M)]
    assert [bool(r[2]) for r in re.findall(ru_rows, ru.stdout, re.M)] == [
        bool(r[2]) for r in re.findall(rows, en.stdout, re.M)
    ]


def test_solve_errors_speak_russian(record: Path) -> None:
    deal = str(_first_play(record))
    for args, message in [
        (("--deal", deal, "--at", "0"), "торговля"),
        (("--deal", "99", "--at", "1"), "вне диапазона"),
        (("--deal", deal, "--at", "999"), "вне диапазона"),
        (("--deal", deal), "укажите место в сдаче"),
        (("--deal", deal, "--trick", "0"), "нумеруются с 1"),
        (("--deal", deal, "--trick", "40"), "такого места нет"),
    ]:
        run = _prikup("solve", str(record), *args, "--lang", "ru")
        assert run.returncode == 1, run.stdout
        said = " ".join(run.stderr.split())
        assert message in said and said.count("ошибка:") == 1, said
        assert not _english_left(said.removeprefix("ошибка: ").split(": ", 1)[1], set()), said


def test_unknown_language_is_one_line(record: Path) -> None:
    for args in (
        ["arena", "501", "--bots", "heuristic,random,random", "--lang", "de"],
        ["solve", str(record), "--deal", "1", "--at", "1", "--lang", "de"],
    ):
        run = _prikup(*args)
        assert run.returncode == 1 and run.stdout == ""
        assert run.stderr.strip() == "error: unknown language 'de'; available: en, ru"


def test_arena_errors_speak_russian(tmp_path: Path) -> None:
    base = ["arena", "501", "--bots", "heuristic,random,random", "--lang", "ru"]
    for extra, message in [
        (["--unit", "trick"], "неизвестная единица 'trick'"),
        (["--workers", "0"], "--workers 0: нужно не меньше 1"),
        (["--records", str(tmp_path / "none")], "папки"),
    ]:
        run = CliRunner().invoke(app, [*base, *extra])
        assert run.exit_code == 1 and message in " ".join(run.output.split()), run.output

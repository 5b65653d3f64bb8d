"""The documentation: the site builds (mkdocs --strict), every option of every game is explained on
its rules page in both languages, `prikup rules` prints the pages, the worked examples agree with
the engine, and no file of the project points outside it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from prikup.cli.main import app
from prikup.cli.rules_cmd import rules_page
from prikup.core.errors import PrikupError
from prikup.games import GAMES
from prikup.games.five_hundred import contract_score, deal_changes
from prikup.games.five_hundred_tables import TABLES
from prikup.games.pyatsot import play_changes
from prikup.records import read, replay

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "ru")


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    site = tmp_path / "site"
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    for game in GAMES:
        for suffix in ("", ".ru"):
            assert (site / "rules" / f"{game}{suffix}" / "index.html").is_file()
    records = (site / "records" / "index.html").read_text(encoding="utf-8")
    assert "prikup-record/1" in records and "prefixItems" in records  # the schema is embedded
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    assert "legal_actions" in api and "to_record" in api  # generated from the docstrings


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_option_and_every_choice_is_explained_on_the_rules_page(game: str, lang: str) -> None:
    page = rules_page(game, lang)
    for option in GAMES[game].OPTIONS:
        assert f"`{option.name}`" in page, f"{game} ({lang}): option {option.name} is not explained"
        for choice in option.choices or ():
            assert re.search(rf"`({option.name}=)?{re.escape(str(choice).lower())}`", page.lower()), (
                f"{game} ({lang}): {option.name}={choice} is not explained"
            )


@pytest.mark.parametrize("game", list(GAMES))
def test_the_russian_page_is_in_russian(game: str) -> None:
    page = rules_page(game, "ru")
    letters = re.findall(r"[A-Za-zА-Яа-яЁё]", re.sub(r"`[^`]*`", "", page))
    cyrillic = sum(1 for ch in letters if re.match(r"[А-Яа-яЁё]", ch))
    assert cyrillic > 0.8 * len(letters)
    assert page != rules_page(game, "en")


def _prikup(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "100"})


def test_prikup_rules_prints_a_game_in_english_and_in_russian() -> None:
    en = _prikup("rules", "501")
    assert en.exit_code == 0, en.output
    assert "501" in en.stdout and "Marriages" in en.stdout and "max_bid" in en.stdout
    ru = _prikup("rules", "преферанс", "--lang", "ru")
    assert ru.exit_code == 0, ru.output
    assert "Распасы" in ru.stdout and "excess" in ru.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "chess"), "unknown game 'chess'"),
        (("rules", "501", "--lang", "de"), "unknown language 'de'"),
        (("rules", "--lang", "de"), "unknown language 'de'"),
    ],
)
def test_prikup_rules_refuses_an_unknown_game_or_language_in_one_line(args: tuple[str, ...], message: str) -> None:
    run = _prikup(*args)
    assert run.exit_code == 1 and run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], run.stderr


def test_prikup_rules_without_a_game_lists_the_games() -> None:
    run = _prikup("rules")
    assert run.exit_code == 0
    assert [line.split()[0] for line in run.stdout.splitlines()[:-1]] == list(GAMES)
    ru = _prikup("rules", "--lang", "ru")
    assert "Преферанс (ростовский)" in ru.stdout and "печатает правила" in ru.stdout


def test_rules_page_takes_aliases_and_names_what_is_allowed() -> None:
    assert rules_page("500") == rules_page("five-hundred")
    with pytest.raises(PrikupError, match="known games: 501, five-hundred, pyatsot, preferans"):
        rules_page("whist")


# -- the worked examples of the pages, checked against the engine ----------------------------------


def test_five_hundred_worked_examples() -> None:
    avondale = TABLES["avondale"]
    units = [[0, 2], [1, 3]]
    # 8H made with 9 tricks; East-West 1 trick
    assert deal_changes(4, units, [5, 1, 4, 0], 0, contract_score(avondale, "8H", 9)) == [300, 10, 300, 10]
    # 7S and all ten: slam 250
    assert contract_score(avondale, "7S", 10) == 250
    # East (seat 1) in misère takes the 4th trick: -250; North-South took 3
    assert deal_changes(4, units, [2, 1, 1, 0], 1, contract_score(avondale, "MIS", 1)) == [30, -250, 30, -250]
    # 9NT with 8 tricks
    assert contract_score(avondale, "9NT", 8) == -420


def test_pyatsot_worked_example() -> None:
    assert play_changes(3, 0, 80, {0: 65 + 100, 1: 40, 2: 15}, barrel=False) == [80, 40, 15]
    assert play_changes(3, 0, 80, {0: 60, 1: 40, 2: 20}, barrel=False)[0] == -80


def test_preferans_worked_example_a_made_seven_spades_scores_minus_14() -> None:
    state = replay(read(Path(__file__).parent / "data" / "preferans_7S_example.json"))
    log = state.deals[-1]
    assert log.result["contract"] == "7S" and log.result["outcome"] == "made"
    assert log.result["tricks"] == {"1": 9, "2": 1, "0": 0}
    assert state.scores_json() == [5, -14, 9]  # Vera, Anna, Boris
    sheet = log.result["sheet"]
    assert sheet["pulya"] == [0, 2, 0] and sheet["gora"] == [12, 8, 10]
    assert sheet["whists"] == [[0, 5, 0], [0, 0, 0], [0, 9, 0]]


def test_501_worked_example_is_the_stored_seed_deal() -> None:
    state = replay(read(ROOT / "tests" / "data" / "501_worked_example.json"))
    assert state.scores_json() == [701, 469, 481]


# -- no file of the project points outside it ------------------------------------------------------


def test_no_file_of_the_project_points_outside_it() -> None:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    word = "shar" + "ed"  # spelled in two pieces so that this file does not match itself
    pattern = re.compile(rf"(\.\./{word}/|/work/{word}|{word}/rules|{word}/seeds)")
    offenders = [
        f
        for f in files
        if (ROOT / f).is_file() and pattern.search((ROOT / f).read_text(encoding="utf-8", errors="replace"))
    ]
    assert offenders == []

"""The terminal in the two-handed game: the dummies on the table (face-down cards as backs), the
human asked for his dummy's card on its turn, a face-down card refused in one line; and every
form's preset played, recorded and replayed from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from prikup.cli.main import app

MOVES = "bid 7S\ndiscard 5S\ndiscard 6S\ndiscard 8H\nplay 5C\nplay 9S\nplay 8C\n"


def test_the_terminal_shows_the_dummies_and_asks_for_the_dummys_card() -> None:
    out = CliRunner().invoke(app, ["play", "five-hundred", "--preset", "two_handed", "--seed", "3"], input=MOVES)
    text = out.output
    assert "your dummy: JK A♠ 8♣ 6♥ 4♥; face down: 🂠 🂠 🂠 🂠 🂠" in text
    assert "Ivan's dummy: 10♠ A♦ 4♦ A♥ 7♥; face down: 🂠 🂠 🂠 🂠 🂠" in text
    assert "Your dummy's turn: play one of its face-up cards" in text
    # 9S lies face down in the dummy: refused in one line, then the dummy plays 8C
    assert "9S lies face down under a face-up card" in text or "9♠ lies face down" in text
    assert "your dummy: 8♣" in text
    assert "Traceback" not in text


def test_the_terminal_speaks_russian_for_the_dummies() -> None:
    out = CliRunner().invoke(
        app, ["play", "five-hundred", "--preset", "two_handed", "--seed", "3", "--lang", "ru"], input=MOVES
    )
    assert "ваш болван" in out.output and "рубашкой вверх" in out.output


@pytest.mark.parametrize("name", ["two_handed", "two_dead_hand", "two_table_cards", "two_drawing", "three_dead_hand"])
def test_each_form_preset_plays_records_and_replays(name: str, tmp_path: Path) -> None:
    rec = tmp_path / "r.json"
    runner = CliRunner()
    played = runner.invoke(
        app, ["play", "five-hundred", "--preset", name, "--auto", "--seed", "1", "--record", str(rec)]
    )
    assert played.exit_code == 0, played.output
    replayed = runner.invoke(app, ["replay", str(rec)])
    assert replayed.exit_code == 0 and "every score reproduced" in replayed.output, replayed.output

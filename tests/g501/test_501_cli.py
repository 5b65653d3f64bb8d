"""The command line: play (auto and interactive), replay, arena, games — run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from prikup import make_game
from prikup.bots import make_bot
from prikup.cli.terminal import TerminalTable, interpret_input
from prikup.records import Seat


def prikup(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prikup", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_auto_match_records_and_replays(tmp_path: Path):
    record = tmp_path / "m.json"
    run = prikup("play", "501", "--auto", "--seed", "5", "--record", str(record))
    assert run.returncode == 0, run.stderr
    assert "Winner" in run.stdout and "Match over" in run.stdout
    rep = prikup("replay", str(record))
    assert rep.returncode == 0, rep.stderr
    assert "every score reproduced" in rep.stdout and "Winner: seat" in rep.stdout
    assert "Final standings: 1. seat" in rep.stdout


def test_replay_rejects_a_changed_score_and_a_changed_card(tmp_path: Path):
    record = tmp_path / "m.json"
    assert prikup("play", "501", "--auto", "--seed", "8", "--record", str(record)).returncode == 0
    good = json.loads(record.read_text())
    bad_score = json.loads(record.read_text())
    bad_score["deals"][0]["scores"][0] += 1
    (tmp_path / "score.json").write_text(json.dumps(bad_score))
    run = prikup("replay", str(tmp_path / "score.json"))
    assert run.returncode == 1 and "deal 1" in run.stderr and "scores" in run.stderr
    bad_card = json.loads(record.read_text())
    deal = next(d for d in bad_card["deals"] if any(a.startswith("play") for _, a in d["actions"]))
    number = bad_card["deals"].index(deal) + 1
    i = next(k for k, (_, a) in enumerate(deal["actions"]) if a.startswith("play"))
    held = set(deal["hands"][str(deal["actions"][i][0])])
    other = next(c for h in deal["hands"].values() for c in h if c not in held)
    deal["actions"][i][1] = f"play {other}"
    (tmp_path / "card.json").write_text(json.dumps(bad_card))
    run = prikup("replay", str(tmp_path / "card.json"))
    assert run.returncode == 1
    assert f"deal {number}, action {i}" in run.stderr
    assert good != bad_card


def test_unknown_option_and_game_fail_clearly():
    run = prikup("play", "501", "--auto", "--option", "colour=red")
    assert run.returncode == 1 and "unknown option 'colour'" in run.stderr and "max_bid" in run.stderr
    run = prikup("play", "whist", "--auto")
    assert run.returncode == 1 and "unknown game 'whist'" in run.stderr
    run = prikup("play", "501", "--auto", "--players", "5")
    assert run.returncode == 1 and "players=5" in run.stderr and "3 | 4" in run.stderr


def test_interactive_help_and_quit():
    run = prikup("play", "501", "--seed", "1", stdin="help\nbid 5\nquit\n")
    assert run.returncode == 0, run.stderr
    assert "Legal actions" in run.stdout and "pass" in run.stdout
    assert "Not allowed: a bid now is 67..220, or pass" in run.stdout


def test_interactive_human_plays_a_whole_match_with_shortcuts_and_mistakes():
    game = make_game("501")
    state = game.new_match(seed=21)
    bots = {1: make_bot("heuristic", game, 1), 2: make_bot("random", game, 2)}
    helper = make_bot("heuristic", game, 3)
    typed: list[str] = []

    def read(prompt: str) -> str:
        # every other time first type something illegal, then a legal action (shortcut if a play)
        if len(typed) % 3 == 0:
            typed.append("play ZZ")
            return "play ZZ"
        action = helper.act(state, 0)
        text = str(action)
        if text.startswith("play ") and action.modifier is None:
            text = text[5:]
        typed.append(text)
        return text

    console = Console(record=True, width=120)
    table = TerminalTable(
        state, [Seat("you", "human"), Seat("heuristic"), Seat("random")], bots, console=console, read=read
    )
    table.run(max_deals=60)
    out = console.export_text()
    assert "Not allowed: play takes a card: play KS" in out
    assert "Score sheet" in out
    assert state.is_over or len(state.deals) > 60


def test_shortcuts():
    game = make_game("501")
    state = game.new_match(seed=1)
    legal = state.legal_actions()
    assert str(interpret_input("80", legal)) == "bid 80"
    assert str(interpret_input("p", legal)) == "pass"


def test_russian_interface():
    run = prikup("play", "501", "--auto", "--seed", "2", "--lang", "ru")
    assert run.returncode == 0 and "Партия окончена" in run.stdout


def test_arena_reports_wins_and_intervals(tmp_path: Path):
    run = prikup(
        "arena", "501", "--bots", "heuristic,random,random", "--matches", "6", "--seed", "3", "--records", str(tmp_path)
    )
    assert run.returncode == 0, run.stderr
    assert "heuristic" in run.stdout and "random" in run.stdout and "win rate" in run.stdout
    assert len(list(tmp_path.glob("*.json"))) == 6


def test_games_lists_options():
    run = prikup("games")
    assert run.returncode == 0 and "max_bid" in run.stdout and "exchange_order" in run.stdout

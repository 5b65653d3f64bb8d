"""``prikup arena`` end to end."""

from __future__ import annotations

from typer.testing import CliRunner

from prikup.cli.main import app
from prikup.records import read, replay


def test_arena_deal_units_with_records_and_plot(tmp_path):
    plot = tmp_path / "ratings.png"
    records = tmp_path / "rec"
    records.mkdir()
    args = ["arena", "501", "--bots", "heuristic,random,random", "--unit", "deal", "-n", "7", "--seed", "4"]
    run = CliRunner().invoke(app, [*args, "--records", str(records), "--plot", str(plot)])
    assert run.exit_code == 0, run.output
    assert "9 deals in 3 duplicate sets, seeds 4..6" in run.output  # 7 rounded up to whole sets of 3
    assert "heuristic - random: score per deal" in run.output and "mu" in run.output
    assert plot.read_bytes()[:4] == b"\x89PNG"
    files = sorted(records.glob("deal-*.json"))
    assert len(files) == 9
    for f in files:
        assert replay(read(f)).is_over


def test_arena_match_units_with_options_and_no_duplicate(tmp_path):
    args = ["arena", "five-hundred", "--bots", "heuristic,random,random", "--matches", "2", "--no-duplicate"]
    run = CliRunner().invoke(app, [*args, "--option", "joker_nt=any_time", "--max-deals", "3", "--seed", "1"])
    assert run.exit_code == 0, run.output
    assert "2 matches in 2 units, seeds 1..2" in run.output and "win rate" in run.output


def test_arena_reports_a_bad_unit_and_a_bad_bot():
    run = CliRunner().invoke(app, ["arena", "501", "--bots", "heuristic,random,random", "--unit", "trick"])
    assert run.exit_code == 1 and "unknown unit" in run.output
    run = CliRunner().invoke(app, ["arena", "501", "--bots", "heuristic,random,nobody"])
    assert run.exit_code == 1 and "unknown bot" in run.output

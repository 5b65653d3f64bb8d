"""``prikup solve RECORD --deal D --at K`` on a record made by ``prikup play 501 --auto``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sv_gen import prikup


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sv") / "m.json"
    run = prikup("play", "501", "--auto", "--seed", "3", "--record", str(path), "--max-deals", "3")
    assert run.returncode == 0, run.stderr
    return path


def _first_play(path: Path) -> tuple[int, int]:
    deals = json.loads(path.read_text())["deals"]
    for number, deal in enumerate(deals, 1):
        for index, (_seat, text) in enumerate(deal["actions"]):
            if text.startswith("play"):
                return number, index
    raise AssertionError("no deal was played")


def test_solve_prints_every_legal_card_with_the_best_marked(record: Path):
    deal, at = _first_play(record)
    run = prikup("solve", str(record), "--deal", str(deal), "--at", str(at + 1))
    assert run.returncode == 0, run.stderr
    rows = re.findall(r"^\s+(play \S+(?: marriage [SCDH])?)\s+(\d+)(\s+<- best)?$", run.stdout, re.M)
    assert len(rows) >= 1
    values = [int(v) for _, v, _ in rows]
    best = [int(v) for _, v, m in rows if m]
    assert best and len(set(best)) == 1
    defender = "wants the lowest" in run.stdout
    assert best[0] == (min(values) if defender else max(values))
    # the first lead: every card of the leader's hand is listed
    run = prikup("solve", str(record), "--deal", str(deal), "--at", str(at))
    assert run.returncode == 0, run.stderr
    assert len(re.findall(r"^\s+play [AKQJT9][SCDH]\s+\d+", run.stdout, re.M)) >= 8


def test_solve_errors(record: Path):
    deal, _ = _first_play(record)
    for args, message in [
        (("--deal", str(deal), "--at", "0"), "not in the play phase"),
        (("--deal", "99", "--at", "1"), "out of range"),
        (("--deal", "0", "--at", "1"), "out of range"),
        (("--deal", str(deal), "--at", "999"), "out of range"),
    ]:
        run = prikup("solve", str(record), *args)
        assert run.returncode == 1
        assert message in " ".join(run.stderr.split())


def test_solve_by_trick_and_card_is_the_same_position_as_by_action_index(record: Path):
    deal, first = _first_play(record)
    actions = json.loads(record.read_text())["deals"][deal - 1]["actions"]
    plays = [i for i, (_, text) in enumerate(actions) if text.startswith("play")]
    cases = [
        (["--trick", "1"], first),
        (["--trick", "2", "--card", "2"], plays[4]),
        (["--trick", "3", "--card", "3"], plays[8]),
    ]
    for args, at in cases:
        by_trick = prikup("solve", str(record), "--deal", str(deal), *args)
        by_index = prikup("solve", str(record), "--deal", str(deal), "--at", str(at))
        assert by_trick.returncode == 0 and by_index.returncode == 0, by_trick.stderr + by_index.stderr
        rows = re.findall(r"^\s+play .*$", by_trick.stdout, re.M)
        assert rows and rows == re.findall(r"^\s+play .*$", by_index.stdout, re.M)
    assert "trick 2, card 2" in prikup("solve", str(record), "--deal", str(deal), "--trick", "2", "--card", "2").stdout

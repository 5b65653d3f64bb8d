"""``prikup solve RECORD --deal D --at K`` on records of the trick games made by ``prikup play GAME --auto``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sv_gen import prikup


@pytest.mark.parametrize("gid", ["five-hundred", "preferans"])
def test_solve_a_trick_game_record(tmp_path: Path, gid: str):
    path = tmp_path / "record.json"
    run = prikup("play", gid, "--auto", "--seed", "4", "--record", str(path), "--max-deals", "3")
    assert run.returncode == 0, run.stderr
    deals = json.loads(path.read_text())["deals"]
    # the third card of the first trick played in the record: few tricks are solved quickly
    number, at = next(
        (n, [i for i, (_, t) in enumerate(d["actions"]) if t.startswith("play")][-6])
        for n, d in enumerate(deals, 1)
        if sum(t.startswith("play") for _, t in d["actions"]) >= 12
    )
    run = prikup("solve", str(path), "--deal", str(number), "--at", str(at))
    assert run.returncode == 0, run.stderr
    rows = re.findall(r"^\s+(play \S+(?: as [SCDH])?)\s+(\d+)(\s+<- best)?$", run.stdout, re.M)
    assert rows
    values = [int(v) for _, v, _ in rows]
    best = {int(v) for _, v, m in rows if m}
    assert len(best) == 1 and best <= set(values)
    assert best == {min(values) if "wants the lowest" in run.stdout else max(values)}
    assert all(0 <= v <= 10 for v in values)

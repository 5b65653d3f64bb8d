"""The C search's two builds (src/prikup/solver/_fast/fast_popcnt.h): the game files built for the
POPCNT instruction, used where the processor has it, and the portable build, chosen with
PRIKUP_SOLVER_POPCNT=0, search the same nodes and give the same values."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import sv_gen
import sv_tricks_gen

from prikup.solver import ADAPTERS, fast, position_of

#: Whole deals and endings of each game: (game, form or trump, seed, tricks left; 0: the whole deal).
DEALS: list[tuple[str, str, int, int]] = [
    ("501", "", 3, 0),
    ("pyatsot", "", 5, 0),
    ("pyatsot", "", 11, 4),
    ("five-hundred", "4p", 121, 6),
    ("preferans", "3p-trump", 152, 10),
    ("preferans", "3p-raspasy", 153, 10),
]

_RUN = """
import json, sys
sys.path[:0] = {paths!r}
from test_sv_fast_builds import results
from prikup.solver import fast
print(json.dumps([fast.module().variant(), results()]))
"""


def results() -> list[list[object]]:
    """Every legal move's value and the nodes, and a best move's value and nodes, of each deal."""
    out: list[list[object]] = []
    for game, form, seed, tricks in DEALS:
        if game in ("501", "pyatsot"):
            state = sv_gen.random_position(game, seed, tricks, None, 0.6) if tricks else sv_gen.to_play(game, seed)
        else:
            state = sv_tricks_gen.random_position(game, form, seed, tricks)
        adapter = ADAPTERS[game]
        assert adapter.fast is not None
        for best in (False, True):
            fast.module().clear()
            pos, _ = position_of(state)
            values, nodes = adapter.fast(pos, best=best)
            out.append([game, seed, best, sorted(values.items()), nodes])
    return out


def _in_process(popcnt: str | None) -> tuple[str, object]:
    env = dict(os.environ)
    env.pop("PRIKUP_SOLVER_POPCNT", None)
    if popcnt is not None:
        env["PRIKUP_SOLVER_POPCNT"] = popcnt
    code = _RUN.format(paths=[os.path.dirname(__file__), *sys.path])
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    variant, found = json.loads(run.stdout)
    return variant, found


def test_the_portable_build_is_chosen_by_the_environment_and_agrees_with_the_default():
    assert fast.module().variant() in ("popcnt", "portable")
    portable, slow = _in_process("0")
    default, quick = _in_process(None)
    assert portable == "portable"
    assert default in ("popcnt", "portable")
    assert slow == quick
    # values of whole deals, searched with nodes in the thousands
    assert all(isinstance(row[4], int) and row[4] > 0 for row in quick)
    assert max(row[4] for row in quick) > 1000

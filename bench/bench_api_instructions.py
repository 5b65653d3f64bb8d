"""Instructions per decision of random play through the integer path, counted by valgrind.

Run::

    python bench/bench_api_instructions.py [--decisions 5000]

CPU time swings with the machine's load (on a shared virtual machine, by up to 2x between runs);
the count of instructions executed does not.  For each game this runs, under valgrind's
cachegrind (``apt-get install valgrind``), the loop of ``bench/bench_api.py``'s integer path —
``state.apply_id(rng.choice(state.legal_action_ids()))``, a new seeded match after 20 deals —
once for ``--decisions`` decisions and once for none, and prints the difference divided by the
decisions: the instructions one decision costs, the ends of deals and the new deals included.
Compare two builds by running it from each (``PYTHONPATH=<tree>/src``).
"""

from __future__ import annotations

import argparse
import atexit
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

from prikup import make_game

#: The configurations measured (the rows of bench/bench_api.py).
GAMES: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("501", "501", {}),
    ("pyatsot", "pyatsot", {}),
    ("preferans", "preferans", {}),
    ("five-hundred 3p", "five-hundred", {"players": 3}),
    ("five-hundred 4p", "five-hundred", {"players": 4}),
)


def play(row: int, decisions: int) -> None:
    """Play ``decisions`` random decisions of the row's game (what valgrind counts)."""
    _, game_id, options = GAMES[row]
    game = make_game(game_id, **options)
    rng = random.Random(1)
    state = game.new_match(seed=1)
    for _ in range(decisions):
        if state.is_over or len(state.deals) > 20:
            state = game.new_match(seed=rng.randrange(1 << 30))
        state.apply_id(rng.choice(state.legal_action_ids()))


#: the compiled modules of the measured processes (a directory of this run's own; see below)
_PYCACHE: list[str] = []


def valgrind_instructions(arguments: list[str], env: dict[str, str] | None = None) -> int:
    """The instructions valgrind counts for ``python ARGUMENTS...`` in a new process.

    Figures are differences of two such processes, so both must import alike: each reads its
    compiled modules from a directory of this run's own, written by running the same command
    once without valgrind first, and writes none.  (With the tree's ``__pycache__``, a module
    compiled by one process and read by the other -- stale after a merge, or rewritten meanwhile
    by another process such as a test run -- put its compilation into the difference: the same
    build and command gave Пятьсот's deal end 191,120 instructions once and 162,825 twice; a pyc
    written between the two processes alone moved it by 800k.)"""
    if not _PYCACHE:
        _PYCACHE.append(tempfile.mkdtemp(prefix="bench-pycache-"))
        atexit.register(shutil.rmtree, _PYCACHE[0], True)
    env = (os.environ if env is None else env) | {"PYTHONPYCACHEPREFIX": _PYCACHE[0]}
    warm = {name: value for name, value in env.items() if name != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, *arguments], capture_output=True, check=True, env=warm)
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, *arguments]
    env |= {"PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=env).stderr
    found = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if found is None:
        raise SystemExit("valgrind printed no instruction count: is valgrind installed?")
    return int(found.group(1).replace(",", ""))


def instructions(row: int, decisions: int) -> int:
    """The instructions valgrind counts for a run of ``play(row, decisions)`` in a new process."""
    return valgrind_instructions([__file__, "--play", str(row), str(decisions)])


def main() -> None:
    """Parse the arguments; print each game's instructions per decision."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=5000)
    parser.add_argument("--play", nargs=2, type=int, metavar=("ROW", "DECISIONS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(*args.play)
        return
    print(f"instructions per decision, random play through the integer path ({args.decisions} decisions)")
    for row, (label, _, _) in enumerate(GAMES):
        per = (instructions(row, args.decisions) - instructions(row, 0)) / args.decisions
        print(f"  {label:<16} {per:10,.0f}")


if __name__ == "__main__":
    main()

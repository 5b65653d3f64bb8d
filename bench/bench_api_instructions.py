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

Where OpenSpiel is installed (the ``bench`` extra), it counts the same for OpenSpiel's games driven
from Python as ``bench/bench_api.py`` drives them (``legal_actions()``, ``rng.choice``,
``apply_action``; chance outcomes applied and their cost included, not counted as decisions) and
prints each game's ratio against its anchor there: OpenSpiel's instructions per decision over
prikup's, the speed ratio the machine's load does not change (CPU time also depends on how the
instructions run: cache misses, branches).

``--kinds`` prints instead, per game, the instructions of one decision of each kind (a lead, a
follow inside the trick, the follow that ends a trick -- with the ends of deals it brings --, an
auction call, each choice by its phase), counted by callgrind: the same random play runs once,
the decisions of the kind each made through a ``functools.partial`` call, and callgrind counts
inside those calls alone (``--toggle-collect=partial_vectorcall``).  Each figure holds what the
benchmark's loop does around a decision besides ``legal_action_ids()`` and ``apply_id()``
(``rng.choice``, a frame): the row ``loop`` is that alone.  A short run also counts the first
building of what the games keep per game (the auction's rows, the choices' rules): a call of
Five Hundred's auction measured 45k instructions in a run of 3,000 decisions, 19k in one of 20,000.
"""

from __future__ import annotations

import argparse
import atexit
import functools
import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

from prikup import make_game
from prikup.core.game import State

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


#: OpenSpiel's games measured (``bench/bench_api.py``'s anchors) and each prikup row's anchor.
SPIEL: tuple[str, ...] = ("oh_hell(players=3,num_tricks_fixed=8)", "euchre")
ANCHOR: tuple[int, ...] = (0, 0, 0, 0, 1)


def play_spiel(row: int, decisions: int) -> None:
    """Play ``decisions`` random decisions of OpenSpiel's game ``SPIEL[row]`` from Python (chance
    outcomes applied as they come, not counted), a new game after each end."""
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    game = pyspiel.load_game(SPIEL[row])
    rng = random.Random(3)
    state = game.new_initial_state()
    made = 0
    while made < decisions:
        if state.is_terminal():
            state = game.new_initial_state()
        made += not state.is_chance_node()
        state.apply_action(rng.choice(state.legal_actions()))


def kind_of(state: State) -> str:
    """The kind of the decision ``state`` waits for: lead, follow, follow-last (it ends the trick)
    or its phase's name."""
    phase = str(state.phase)
    if phase != "play":
        return phase
    trick = getattr(state, "trick", None)
    if not trick:
        return "lead"
    return "follow-last" if len(trick) == getattr(state, "_trick_size", 0) - 1 else "follow"


def play_kind(row: int, kind: str, decisions: int) -> None:
    """``play(row, decisions)`` with each decision of ``kind`` made through a ``functools.partial``
    call (what callgrind counts with ``--toggle-collect=partial_vectorcall``); ``loop``: every
    decision's ``rng.choice`` alone so; prints how many were so made."""
    _, game_id, options = GAMES[row]
    game = make_game(game_id, **options)
    rng = random.Random(1)
    state = game.new_match(seed=1)

    def step(state: State) -> None:
        state.apply_id(rng.choice(state.legal_action_ids()))

    made = 0
    for _ in range(decisions):
        if state.is_over or len(state.deals) > 20:
            state = game.new_match(seed=rng.randrange(1 << 30))
        if kind == "loop":
            ids = state.legal_action_ids()
            state.apply_id(functools.partial(rng.choice, ids)())
            made += 1
        elif kind_of(state) == kind:
            functools.partial(step, state)()
            made += 1
        else:
            step(state)
    print(made)


def kind_instructions(row: int, kind: str, decisions: int) -> tuple[int, float]:
    """How many decisions of ``kind`` a run of ``play_kind`` makes, and callgrind's instructions
    per decision inside them."""
    arguments = [__file__, "--play-kind", str(row), kind, str(decisions)]
    made = int(subprocess.run([sys.executable, *arguments], capture_output=True, text=True, check=True).stdout)
    with tempfile.TemporaryDirectory() as folder:
        command = ["valgrind", "--tool=callgrind", "--toggle-collect=partial_vectorcall"]
        command += [f"--callgrind-out-file={folder}/out", sys.executable, *arguments]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stderr
    found = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if found is None:
        raise SystemExit("valgrind printed no instruction count: is valgrind installed?")
    return made, int(found.group(1).replace(",", "")) / max(made, 1)


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
    parser.add_argument("--kinds", action="store_true", help="instructions per decision by kind (callgrind)")
    parser.add_argument("--play", nargs=2, type=int, metavar=("ROW", "DECISIONS"), help=argparse.SUPPRESS)
    parser.add_argument("--play-kind", nargs=3, metavar=("ROW", "KIND", "DECISIONS"), help=argparse.SUPPRESS)
    parser.add_argument("--play-spiel", nargs=2, type=int, metavar=("ROW", "DECISIONS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(*args.play)
        return
    if args.play_spiel:
        play_spiel(*args.play_spiel)
        return
    if args.play_kind:
        play_kind(int(args.play_kind[0]), args.play_kind[1], int(args.play_kind[2]))
        return
    if args.kinds:
        print(f"instructions per decision by kind, random play through the integer path ({args.decisions} decisions)")
        for row, (label, game_id, options) in enumerate(GAMES):
            kinds = _kinds_seen(game_id, options, args.decisions)
            for kind in ["loop", *kinds]:
                made, per = kind_instructions(row, kind, args.decisions)
                print(f"  {label:<16} {kind:<12} {made:6d} decisions {per:10,.0f}")
        return
    print(f"instructions per decision, random play through the integer path ({args.decisions} decisions)")
    spiel = _spiel_instructions(args.decisions)
    for row, (label, _, _) in enumerate(GAMES):
        per = (instructions(row, args.decisions) - instructions(row, 0)) / args.decisions
        ratio = f"  {spiel[ANCHOR[row]] / per:5.2f}x {SPIEL[ANCHOR[row]].split('(')[0]}" if spiel else ""
        print(f"  {label:<16} {per:10,.0f}{ratio}")
    for name, per in zip(SPIEL, spiel, strict=False):
        print(f"  OpenSpiel {name:<40} {per:10,.0f}")
    if not spiel:
        print("  (OpenSpiel is not installed: pip install '.[bench]' adds it and its ratios)")


def _spiel_instructions(decisions: int) -> list[float]:
    """OpenSpiel's instructions per decision for each game of ``SPIEL`` (none if not installed)."""
    if importlib.util.find_spec("pyspiel") is None:
        return []
    out = []
    for row in range(len(SPIEL)):
        run = valgrind_instructions([__file__, "--play-spiel", str(row), str(decisions)])
        out.append((run - valgrind_instructions([__file__, "--play-spiel", str(row), "0"])) / decisions)
    return out


def _kinds_seen(game_id: str, options: dict[str, object], decisions: int) -> list[str]:
    """The kinds of decision a run of ``play`` meets, most frequent first."""
    game = make_game(game_id, **options)
    rng = random.Random(1)
    state = game.new_match(seed=1)
    seen: dict[str, int] = {}
    for _ in range(decisions):
        if state.is_over or len(state.deals) > 20:
            state = game.new_match(seed=rng.randrange(1 << 30))
        kind = kind_of(state)
        seen[kind] = seen.get(kind, 0) + 1
        state.apply_id(rng.choice(state.legal_action_ids()))
    return sorted(seen, key=lambda k: -seen[k])


if __name__ == "__main__":
    main()

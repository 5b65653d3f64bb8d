"""Instructions per node of the exact solver's search, counted by valgrind: the per-node cost of a
median deal beside the slowest ones, free of the machine's load.

Run::

    python bench/solver_instructions.py [--games 501,pyatsot,five-hundred,preferans] [--deals 100]
        [--seed 0] [--seeds 6,14] [--cache]

For each game it takes the deals of ``bench/bench_solver.py`` (a seeded match's first deal, the
auction and talon played by the heuristic bots), finds the deal of median nodes and the deal of
most nodes among ``--deals`` deals from ``--seed`` (the value and a best first lead, a fresh table,
as bench_solver's headline figure), or takes the ``--seeds`` given, and runs that one search under
valgrind's cachegrind (``apt-get install valgrind``) in a new process that searches it twice,
and in one that searches it once: the difference is one search's instructions (the first search
of a process also allocates and writes the whole 8 MB transposition table, about 9M instructions
and 131k cache lines, left out so), printed with its nodes and per node.  With ``--cache``
cachegrind also simulates this machine's caches (a 32 KB L1 and the 1 MB L2 as its last level:
the shared L3 is what other processes contend for) and prints the misses per node.

CPU time on a shared machine swings by up to 2x between runs and inflates long searches most (a
30 ms search is preempted and has its caches emptied by other processes more often than a 3 ms
one); the instructions and simulated misses do not change with the load.  Compare two builds by
running this from each (``PYTHONPATH=<tree>/src``).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys

from bench_solver import first_lead

from prikup.solver import ADAPTERS, fast, position_of

#: The caches cachegrind simulates with ``--cache``: this machine's L1 data cache and its L2.
CACHES = ("--D1=32768,8,64", "--LL=1048576,16,64")


def solve(game_id: str, seed: int, times: int) -> int:
    """The nodes of the value + best first lead search of the seeded deal (fresh table), searched
    ``times`` times."""
    state = first_lead(game_id, seed)
    if state is None:
        raise SystemExit(f"{game_id} seed {seed}: the deal ends before its first lead")
    pos, _ = position_of(state)
    adapter = ADAPTERS[game_id]
    assert adapter.fast is not None
    nodes = 0
    for _ in range(times):
        fast.module().clear()
        nodes = adapter.fast(pos, best=True)[1]
    return nodes


def counts(game_id: str, seed: int, times: int, cache: bool) -> tuple[int, int, int]:
    """Instructions, L1 data misses and last-level data misses (0, 0 without ``cache``) valgrind
    counts for a process running ``solve(game_id, seed, times)``."""
    command = ["valgrind", "--tool=cachegrind", f"--cache-sim={'yes' if cache else 'no'}"]
    command += [*CACHES, "--cachegrind-out-file=/dev/null"] if cache else ["--cachegrind-out-file=/dev/null"]
    command += [sys.executable, __file__, "--solve", game_id, str(seed), str(times)]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stderr

    def total(name: str) -> int:
        found = re.search(name + r":\s+([\d,]+)", out)
        if found is None:
            if cache or name.startswith("I"):
                raise SystemExit("valgrind printed no counts: is valgrind installed?")
            return 0
        return int(found.group(1).replace(",", ""))

    return total(r"I\s+refs"), total("D1  misses"), total("LLd misses")


def pick(game_id: str, deals: int, first_seed: int) -> list[int]:
    """The seeds of the deal of median nodes and of the deal of most nodes among ``deals`` deals."""
    found: list[tuple[int, int]] = []
    seed = first_seed
    while len(found) < deals:
        if first_lead(game_id, seed) is not None:
            found.append((solve(game_id, seed, 1), seed))
        seed += 1
    found.sort()
    return [found[len(found) // 2][1], found[-1][1]]


def main() -> None:
    """Parse the arguments; print each deal's instructions (and misses) per node."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="501,pyatsot,five-hundred,preferans")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seeds", default="", help="these seeds rather than the median and slowest deal")
    parser.add_argument("--cache", action="store_true", help="also simulate the caches (slower)")
    parser.add_argument("--solve", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solve:
        solve(args.solve[0], int(args.solve[1]), int(args.solve[2]))
        return
    for game_id in args.games.split(","):
        seeds = [int(s) for s in args.seeds.split(",")] if args.seeds else pick(game_id, args.deals, args.seed)
        per_node = []
        for seed in seeds:
            nodes = solve(game_id, seed, 1)
            twice = counts(game_id, seed, 2, args.cache)
            once = counts(game_id, seed, 1, args.cache)
            ins, d1, ll = (a - b for a, b in zip(twice, once, strict=True))
            per_node.append(ins / nodes)
            line = f"{game_id} seed {seed}: {nodes} nodes, {ins:,} instructions = {ins / nodes:.0f} a node"
            if args.cache:
                line += f"; L1 data misses {d1 / nodes:.2f} a node, L2 misses {ll / nodes:.3f} a node"
            print(line, flush=True)
        print(f"{game_id}: median of the deals' instructions a node {statistics.median(per_node):.0f}", flush=True)


if __name__ == "__main__":
    main()

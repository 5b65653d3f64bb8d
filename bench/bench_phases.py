"""Where random play spends its time: decisions and CPU cost per phase, for every game.

Run::

    python bench/bench_phases.py [--decisions 20000]

For each game, random matches are played through the public API (a uniformly random legal
action at every decision); every decision is timed with ``time.process_time_ns`` (CPU time,
robust to other load) in two parts, ``legal_actions()`` and ``apply(action)``, and counted
under the phase it was taken in.  Printed per phase: its share of the decisions, the mean CPU
microseconds of each part, and its share of the total time (the timer's own cost included
alike in every phase).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from prikup import make_game

GAMES = [
    ("501", {}),
    ("pyatsot", {}),
    ("preferans", {}),
    ("five-hundred 3p", {"players": 3}),
    ("five-hundred 4p", {}),
]


def profile(name: str, options: dict[str, object], decisions: int) -> dict[str, list[int]]:
    """Per phase: [decisions, legal_actions ns, apply ns]."""
    game = make_game(name.split()[0], **options)
    rng = random.Random(1)
    clock = time.process_time_ns
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    state = game.new_match(0)
    for seed in range(1, decisions + 1):
        if state.is_over:
            state = game.new_match(seed)
        phase = state.phase.value
        t0 = clock()
        legal = state.legal_actions()
        t1 = clock()
        state.apply(rng.choice(legal))
        t2 = clock()
        row = out[phase]
        row[0] += 1
        row[1] += t1 - t0
        row[2] += t2 - t1
    return out


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20000, help="decisions per game")
    args = parser.parse_args()
    print(f"{'game':16} {'phase':10} {'decisions':>9} {'legal us':>9} {'apply us':>9} {'time':>6}")
    for name, options in GAMES:
        rows = profile(name, options, args.decisions)
        total_n = sum(r[0] for r in rows.values())
        total_t = sum(r[1] + r[2] for r in rows.values())
        for phase, (n, legal, apply) in sorted(rows.items(), key=lambda kv: -(kv[1][1] + kv[1][2])):
            print(
                f"{name:16} {phase:10} {n / total_n:9.1%} {legal / n / 1000:9.2f} {apply / n / 1000:9.2f}"
                f" {(legal + apply) / total_t:6.1%}"
            )
        print(f"{name:16} {'all':10} {total_n:9d} {'':9} {'':9} {total_t / total_n / 1000:5.2f}us/decision")


if __name__ == "__main__":
    main()

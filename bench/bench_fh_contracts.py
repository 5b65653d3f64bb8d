"""How often the Five Hundred heuristic names each contract and makes it.

Plays the first deal of ``-n`` seeded matches (or whole matches with ``--matches``) between
heuristic bots (or the bots of ``--bots``, one a seat, e.g. ``heuristic,random,heuristic,random``)
with the given options and prints, per contract kind (each special bid by name, trick contracts
by level) of the contracts a heuristic seat named, how many deals it was the contract, how many
were made and the made rate with its 95% interval (Wilson).  Reads the deal's own result, so the
figures are the engine's.

    python bench/bench_fh_contracts.py --preset ideal -n 2000
    python bench/bench_fh_contracts.py -o players=6 -n 1000 --levels
    python bench/bench_fh_contracts.py --preset ideal --matches -n 200   # blind misère needs scores
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter

from prikup import make_game
from prikup.bots import make_bot
from prikup.games.five_hundred_tables import call_level
from prikup.games.presets import PRESETS


def wilson(made: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate ``made / n``."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = made / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main() -> None:
    """Parse the command line, play, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default=None, help="a Five Hundred preset")
    ap.add_argument("-o", "--option", action="append", default=[], help="name=value")
    ap.add_argument("-n", type=int, default=500, help="matches")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--matches", action="store_true", help="play whole matches, not only the first deal")
    ap.add_argument("--levels", action="store_true", help="trick contracts by level, not one row")
    ap.add_argument("--bots", default="", help="one bot a seat (default: the heuristic in every seat)")
    args = ap.parse_args()
    options: dict[str, object] = dict(PRESETS["five-hundred"][args.preset]) if args.preset else {}
    for text in args.option:
        name, _, value = text.partition("=")
        options[name] = int(value) if value.isdigit() else value
    game = make_game("five-hundred", **options)
    names = args.bots.split(",") if args.bots else ["heuristic"] * game.players
    bots = [make_bot(names[i], game, seed=i) for i in range(game.players)]
    named: Counter[str] = Counter()
    made: Counter[str] = Counter()
    deals = 0
    start = time.process_time()
    for k in range(args.n):
        state = game.new_match(seed=args.seed + k)
        while not state.is_over and (args.matches or len(state.deals) <= 1):
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].act(state, seat))
            if not args.matches and state.deals[0].score_changes is not None:
                break
        for log in state.deals:
            result = log.result or {}
            call = result.get("contract")
            if log.score_changes is None or call is None or names[int(result["contractor"])] != "heuristic":
                continue
            deals += 1
            level = call_level(str(call))
            key = str(call) if level is None else (f"level {level}" if args.levels else "trick contracts")
            named[key] += 1
            made[key] += result.get("outcome") == "made"
    cpu = time.process_time() - start
    print(f"options: {options}  deals scored: {deals}  CPU {cpu:.1f} s")
    print(f"{'contract':<18}{'named':>7}{'made':>7}{'rate':>8}   95% interval")
    for key in sorted(named, key=lambda k: (k.startswith("level") or k == "trick contracts", k)):
        lo, hi = wilson(made[key], named[key])
        rate = made[key] / named[key]
        print(f"{key:<18}{named[key]:>7}{made[key]:>7}{rate:>8.2f}   [{lo:.2f}, {hi:.2f}]")


if __name__ == "__main__":
    main()

"""Time of the exact open-hand solver on full deals, from the first card played (every game).

Run: PYTHONPATH=src python bench/bench_solver.py [--deals 20] [--games 501,pyatsot,five-hundred,preferans]

Each deal is a seeded match's first deal (seed 0, 1, ...) whose auction and talon are played by
the heuristic bots (the contract, gifts and trump are theirs); deals that are conceded or passed
out are skipped and the next seed is taken.  For each deal it reports the time to find the value
of the first-lead position (one MTD(f) solve with a fresh transposition table) and the time of
``solve(state)``, the values of every legal first lead (what a bot or ``prikup solve`` needs).
The reference figure of issue 6: DDS solves a 13-card bridge deal in about 0.7 ms (median).
"""

from __future__ import annotations

import argparse
import statistics
import time

from prikup import make_game
from prikup.bots import make_bot
from prikup.core.game import Phase, State
from prikup.solver import Solver, position_of, solve


def first_lead(game_id: str, seed: int) -> State | None:
    """The first-lead position of a seeded match's first deal, bidding by heuristic bots."""
    game = make_game(game_id)
    state = game.new_match(seed)
    bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        if seat is None or len(state.deals) > 1:
            return None
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return state if len(state.deals) == 1 else None


def bench(game_id: str, deals: int) -> None:
    """Print the median, mean and worst times over ``deals`` deals."""
    value_times: list[float] = []
    all_times: list[float] = []
    nodes: list[int] = []
    seed = 0
    while len(value_times) < deals:
        state = first_lead(game_id, seed)
        seed += 1
        if state is None:
            continue
        pos, _ = position_of(state)
        start = time.perf_counter()
        solver = Solver(pos)
        solver.value()
        value_times.append(time.perf_counter() - start)
        nodes.append(solver.nodes)
        start = time.perf_counter()
        solve(state)
        all_times.append(time.perf_counter() - start)
    ms = 1000.0
    print(
        f"{game_id}: {deals} deals (seeds 0..{seed - 1}, heuristic contracts); "
        f"value of the first lead: median {statistics.median(value_times) * ms:.0f} ms, "
        f"mean {statistics.mean(value_times) * ms:.0f} ms, max {max(value_times) * ms:.0f} ms, "
        f"median nodes {statistics.median(nodes):.0f}; "
        f"values of every first lead (solve): median {statistics.median(all_times) * ms:.0f} ms, "
        f"max {max(all_times) * ms:.0f} ms"
    )


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--games", default="501,pyatsot,five-hundred,preferans")
    args = parser.parse_args()
    for game_id in args.games.split(","):
        bench(game_id.strip(), args.deals)


if __name__ == "__main__":
    main()

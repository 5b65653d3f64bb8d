"""Time of the exact open-hand solver on full deals, from the first card played (every game).

Run: PYTHONPATH=src python bench/bench_solver.py [--deals 20] [--games 501,pyatsot,five-hundred,preferans]

Each deal is a seeded match's first deal (seed 0, 1, ...) whose auction and talon are played by
the heuristic bots (the contract, gifts and trump are theirs); deals that are conceded or passed
out are skipped and the next seed is taken.  For each deal it times, with the C search
(:mod:`prikup.solver.fast`; a fresh transposition table for every deal): the value and a best
first lead (what :func:`prikup.solver.play_out` and the oracle need), and the values of every
legal first lead (what pimc and ``prikup solve`` need).  ``--reference`` also times the pure-Python
reference search (about 50 times slower).  Times are the process's CPU time (``time.process_time``),
so a busy machine does not inflate them much.  The reference figure of issue 6: DDS solves a 13-card
bridge deal in about 0.7 ms (median) on this kind of machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from prikup import make_game
from prikup.bots import make_bot
from prikup.core.game import Phase, State
from prikup.solver import ADAPTERS, Solver, fast, position_of


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


def _fresh(state: State, best: bool) -> tuple[float, int]:
    """Seconds and nodes of one C search of the first lead with a fresh table."""
    adapter = ADAPTERS[state.game.id]
    assert adapter.fast is not None
    fast.module().clear()
    pos, _ = position_of(state)
    start = time.process_time()
    _, nodes = adapter.fast(pos, best=best)
    return time.process_time() - start, nodes


def bench(game_id: str, deals: int, reference: bool) -> None:
    """Print the median, mean and worst times over ``deals`` deals."""
    best_times: list[float] = []
    all_times: list[float] = []
    ref_times: list[float] = []
    nodes: list[int] = []
    seed = 0
    while len(best_times) < deals:
        state = first_lead(game_id, seed)
        seed += 1
        if state is None:
            continue
        seconds, _ = _fresh(state, True)
        best_times.append(seconds)
        seconds, count = _fresh(state, False)
        all_times.append(seconds)
        nodes.append(count)
        if reference:
            pos, _ = position_of(state)
            start = time.process_time()
            Solver(pos).values()
            ref_times.append(time.process_time() - start)
    ms = 1000.0
    line = (
        f"{game_id}: {deals} deals (seeds 0..{seed - 1}, heuristic contracts), C search: "
        f"value + best first lead median {statistics.median(best_times) * ms:.1f} ms "
        f"(mean {statistics.mean(best_times) * ms:.1f}, max {max(best_times) * ms:.0f}); "
        f"every first lead's value median {statistics.median(all_times) * ms:.1f} ms "
        f"(max {max(all_times) * ms:.0f}, median nodes {statistics.median(nodes):.0f})"
    )
    if reference:
        line += f"; Python reference, every first lead: median {statistics.median(ref_times) * ms:.0f} ms"
    print(line, flush=True)


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--games", default="501,pyatsot,five-hundred,preferans")
    parser.add_argument("--reference", action="store_true", help="also time the pure-Python search")
    args = parser.parse_args()
    for game_id in args.games.split(","):
        bench(game_id.strip(), args.deals, args.reference)


if __name__ == "__main__":
    main()

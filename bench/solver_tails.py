"""The slowest first leads of the exact solver, shown in full: what makes the tail of bench_solver.

Run: PYTHONPATH=src python bench/solver_tails.py [--game five-hundred] [--deals 100] [--seed 0] [--show 5]

It takes the same deals as ``bench/bench_solver.py`` (a seeded match's first deal, the auction and
talon played by the heuristic bots), searches each first lead with the C search (value and a best
lead, a fresh table for every deal, as bench_solver's headline figure), and prints the median nodes
and CPU time, then the ``--show`` deals of most nodes, each with its contract, the seat on lead,
the value and best lead found, the nodes (and as a multiple of the median), the CPU time, and every
hand.  Nodes are the search's own count: a loaded machine does not change them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from bench_solver import contract_of, first_lead

from prikup.core.cards import cards_of
from prikup.core.game import State
from prikup.solver import ADAPTERS, fast, position_of


@dataclass(frozen=True)
class Solved:
    """One deal's first-lead search: its seed and state, nodes, CPU seconds, value and best lead."""

    seed: int
    state: State
    nodes: int
    seconds: float
    value: int
    lead: int


def solve_first_lead(game_id: str, seed: int) -> Solved | None:
    """The value and a best first lead of a seeded deal (fresh table), or ``None`` when the deal
    is conceded or passed out before its play."""
    state = first_lead(game_id, seed)
    if state is None:
        return None
    adapter = ADAPTERS[game_id]
    assert adapter.fast is not None
    fast.module().clear()
    pos, _ = position_of(state)
    start = time.process_time()
    values, nodes = adapter.fast(pos, best=True)
    seconds = time.process_time() - start
    (lead, value), *_ = values.items()
    return Solved(seed, state, nodes, seconds, value, lead)


def lead_name(move: int) -> str:
    """A first lead's card (a no-trump joker naming a suit: the solver's move number beside it)."""
    if 0 <= move < 65:
        return str(cards_of(1 << move)[0])
    return f"move {move}"


def describe(solved: Solved, node_median: float) -> list[str]:
    """The lines printed for one slow deal."""
    state = solved.state
    lines = [
        f"seed {solved.seed}: {solved.nodes} nodes ({solved.nodes / node_median:.1f}x the median), "
        f"{solved.seconds * 1000:.1f} ms; {contract_of(state)}; seat {state.to_act} leads; "
        f"value {solved.value}, best lead {lead_name(solved.lead)}"
    ]
    hands: list[int] = getattr(state, "hands", [])  # every game here keeps its hands as card masks
    for seat, hand in enumerate(hands):
        lines.append(f"    hand {seat}: " + " ".join(str(card) for card in cards_of(hand)))
    return lines


def main() -> None:
    """Parse the arguments, solve the deals and print the slowest."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="five-hundred", choices=sorted(ADAPTERS))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="the first match seed (then the next ones)")
    parser.add_argument("--show", type=int, default=5, help="how many of the slowest deals to print")
    args = parser.parse_args()
    solved: list[Solved] = []
    seed = args.seed
    while len(solved) < args.deals:
        one = solve_first_lead(args.game, seed)
        seed += 1
        if one is not None:
            solved.append(one)
    node_median = statistics.median(s.nodes for s in solved)
    time_median = statistics.median(s.seconds for s in solved)
    print(
        f"{args.game}: {len(solved)} deals (seeds {args.seed}..{seed - 1}), value + best first lead: "
        f"median {node_median:.0f} nodes, {time_median * 1000:.2f} ms CPU"
    )
    for one in sorted(solved, key=lambda s: -s.nodes)[: args.show]:
        print("\n".join(describe(one, node_median)))


if __name__ == "__main__":
    main()

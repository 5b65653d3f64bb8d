"""CPU time of the oracle bot's decisions and of the deal analysis at five and six players.

Run: PYTHONPATH=src python bench/bench_many_hands.py [--deals 2] [--presets five_handed,six_handed,six_handed_cutthroat]
[--samples 24] [--seed 1]

Each deal is the first deal of a seeded match of the Five Hundred preset (seed 1, 2, ...): seat 0
is the oracle bot and the other seats heuristic bots; every oracle decision with a choice is timed
(auction, discards, the partner call, card play), then :func:`prikup.analysis.analyze_deal`
analyses the deal as played (every seat, ``--samples`` samples per decision, the default
otherwise).  Both leave the cards played with more than seven in hand to the heuristic
(:func:`prikup.bots.pimc.unsolved_yet`, as pimc plays at five and six), and solve exactly from
there.  The anchor in the same run is one heuristic decision at the deal's first lead.  Times
are the process's CPU time (``time.process_time``: a busy machine does not inflate it much).
"""

from __future__ import annotations

import argparse
import statistics
import time

from prikup import make_game
from prikup.analysis import analyze_deal
from prikup.bots import make_bot
from prikup.core.game import Phase, State
from prikup.games.presets import PRESETS
from prikup.records import to_record


def oracle_deal(preset: str, seed: int) -> tuple[State, dict[str, list[float]], float]:
    """The first deal of a seeded match, seat 0 the oracle, the rest heuristic: the state at the
    deal's end, the oracle's decision CPU seconds by phase, and one heuristic first lead's."""
    game = make_game("five-hundred", **PRESETS["five-hundred"][preset])
    state = game.new_match(seed)
    oracle = make_bot("oracle", game, seed)
    bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]
    times: dict[str, list[float]] = {}
    anchor = 0.0
    while state.deals[0].score_changes is None and state.to_act is not None:
        seat = state.to_act
        if state.phase is Phase.PLAY and not anchor:
            start = time.process_time()
            bots[seat].act(state, seat)
            anchor = time.process_time() - start
        if seat == 0 and len(state.legal_actions()) > 1:
            start = time.process_time()
            action = oracle.act(state, seat)
            times.setdefault(state.phase.value, []).append(time.process_time() - start)
        else:
            action = bots[seat].act(state, seat)
        state.apply(action)
    return state, times, anchor


def main() -> None:
    """Parse the arguments and print one line per deal and one per preset."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--presets", default="five_handed,six_handed,six_handed_cutthroat")
    parser.add_argument("--samples", type=int, default=None, help="the analysis's samples per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for preset in args.presets.split(","):
        decisions: list[float] = []
        analyses: list[float] = []
        for seed in range(args.seed, args.seed + args.deals):
            state, times, anchor = oracle_deal(preset, seed)
            flat = [t for ts in times.values() for t in ts]
            decisions += flat
            start = time.process_time()
            analysis = analyze_deal(to_record(state), 1, samples=args.samples)
            spent = time.process_time() - start
            analyses.append(spent)
            unsolved = sum(d.unsolved for d in analysis.decisions)
            by_phase = ", ".join(f"{p} {len(ts)} worst {max(ts):.2f} s" for p, ts in times.items())
            print(
                f"{preset} seed {seed}: oracle decisions: {by_phase}; analysis {spent:.1f} s "
                f"({len(analysis.decisions)} decisions, {unsolved} cards left to the heuristic, "
                f"par from trick {(analysis.par.from_trick + 1) if analysis.par else '-'}); "
                f"anchor: a heuristic first lead {anchor * 1000:.2f} ms",
                flush=True,
            )
        print(
            f"{preset}: oracle decision median {statistics.median(decisions) * 1000:.2f} ms, worst "
            f"{max(decisions):.2f} s; analysis of a deal median "
            f"{statistics.median(analyses):.1f} s, worst {max(analyses):.1f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()

"""CPU time of analysing one whole deal (every decision of every seat) in each game.

Run: PYTHONPATH=src python bench/bench_analysis.py [--deals 3] [--games 501,preferans]
[--samples 8] [--seed 0]

Each deal is the first deal of a seeded match (seed 0, 1, ...) played to its end by the
heuristic bots; :func:`prikup.analysis.analyze_deal` analyses it with the default samples (or
``--samples``) and the process's CPU time (``time.process_time``: a busy machine does not inflate
it) is printed per deal with the decisions analysed (card play / other), then each game's
median, worst and the CPU per decision.  The anchor in the same run is one default pimc
decision at the deal's first lead (``PimcBot.act``): the analysis's cost is printed as a
multiple of it.  The default samples are chosen so that a deal takes well within a minute of CPU
in every game.  Last, a hint's CPU time (:func:`prikup.analysis.hint`, the same defaults) at the
deal's first decision of the auction with a choice and at its first lead: the worst over the deals.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_pimc import first_lead

from prikup import make_game
from prikup.analysis import DEFAULT_DECISION_SAMPLES, DEFAULT_PLAY_SAMPLES, analyze_deal, hint
from prikup.bots import make_bot
from prikup.core.game import Phase, State
from prikup.records import to_record

GAMES = ("501", "five-hundred", "pyatsot", "preferans")


def heuristic_deal(game_id: str, seed: int) -> State:
    """The first deal of a seeded match, played to its end by heuristic bots."""
    game = make_game(game_id)
    state = game.new_match(seed)
    bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]
    while state.deals[0].score_changes is None:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    return state


def first_lead_cpu(game_id: str, seed: int) -> float | None:
    """CPU seconds of one default pimc decision at the deal's first lead (None: no play)."""
    state = first_lead(game_id, seed)
    if state is None or state.to_act is None:
        return None
    bot = make_bot("pimc", state.game, 1)
    start = time.process_time()
    bot.act(state, state.to_act)
    return time.process_time() - start


def hint_cpu(game_id: str, seed: int, phase: Phase) -> float | None:
    """CPU seconds of a hint at the deal's first decision of ``phase`` (None: none)."""
    state = first_lead(game_id, seed, phase)
    if state is None or state.to_act is None:
        return None
    start = time.process_time()
    hint(state, state.to_act)
    return time.process_time() - start


def main() -> None:
    """Time the analysis of each game's deals and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    play_n = args.samples or DEFAULT_PLAY_SAMPLES
    other_n = args.samples or DEFAULT_DECISION_SAMPLES
    print(f"samples: {play_n} per card-play decision, {other_n} per other decision; CPU seconds (process_time)")
    print(f"{'game':<13} {'deal':>4} {'decisions':>9} {'play':>5} {'other':>5} {'CPU s':>7} {'s/decision':>10}")
    summary = []
    for game_id in args.games.split(","):
        times: list[float] = []
        anchors: list[float] = []
        per_decision: list[float] = []
        for seed in range(args.deals):
            record = to_record(heuristic_deal(game_id, seed))
            start = time.process_time()
            analysis = analyze_deal(record, 1, samples=args.samples, seed=args.seed)
            cpu = time.process_time() - start
            plays = sum(1 for d in analysis.decisions if d.phase == "play")
            n = len(analysis.decisions)
            times.append(cpu)
            per_decision.append(cpu / max(n, 1))
            anchor = first_lead_cpu(game_id, seed)
            if anchor is not None:
                anchors.append(anchor)
            print(f"{game_id:<13} {seed + 1:>4} {n:>9} {plays:>5} {n - plays:>5} {cpu:>7.2f} {cpu / max(n, 1):>10.3f}")
        anchor = statistics.median(anchors) if anchors else float("nan")
        summary.append((game_id, statistics.median(times), max(times), statistics.median(per_decision), anchor))
    print()
    print(f"{'game':<13} {'median s':>8} {'worst s':>8} {'s/decision':>10} {'pimc lead s':>11} {'ratio':>7}")
    for game_id, median, worst, each, anchor in summary:
        print(f"{game_id:<13} {median:>8.2f} {worst:>8.2f} {each:>10.3f} {anchor:>11.3f} {median / anchor:>7.1f}")
    print()
    print(f"{'game':<13} {'hint, auction s':>15} {'hint, first lead s':>18}  (worst over the deals)")
    for game_id in args.games.split(","):
        worst_of = []
        for phase in (Phase.AUCTION, Phase.PLAY):
            got = [c for seed in range(args.deals) if (c := hint_cpu(game_id, seed, phase)) is not None]
            worst_of.append(f"{max(got):.2f}" if got else "-")
        print(f"{game_id:<13} {worst_of[0]:>15} {worst_of[1]:>18}")


if __name__ == "__main__":
    main()

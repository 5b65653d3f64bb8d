"""The open-hand solver on Five Hundred's Hi/Lo and the newer joker leads, beside the same deals
played as a plain no-trump contract (the anchor, in the same run).

Run: PYTHONPATH=src python bench/bench_fh_rules.py [--deals 30] [--seed 0] [--pimc 4]

Each deal is a seeded four-handed match's first deal; the first seat to bid calls the contract
(``6NT``, or ``HILO`` with ``hi_lo=true``), the others pass, the kitty is discarded by the
heuristic bot.  The C search values every legal first lead (what pimc and ``prikup solve`` need)
with a fresh table: the median CPU time and nodes, the worst deal as a multiple of the median,
and the ratio to the anchor (``joker_lead=any``, ``6NT``) on the same deals.  ``--pimc N`` also
times the pimc bot's first-lead decision (16 samples) on N deals of each (CPU time: a loaded
machine inflates it somewhat, nodes not at all).
"""

from __future__ import annotations

import argparse
import statistics
import time

from prikup import make_game
from prikup.bots import make_bot
from prikup.bots.pimc import PimcBot
from prikup.core.actions import Action, ActionKind
from prikup.core.game import Phase, State
from prikup.solver import ADAPTERS, fast, position_of

#: name -> (options, the contract the first bidder calls)
FORMS: dict[str, tuple[dict[str, object], str]] = {
    "6NT joker_lead=any (anchor)": ({"joker_lead": "any"}, "6NT"),
    "6NT joker_lead=not_void": ({"joker_lead": "not_void"}, "6NT"),
    "6NT joker_lead=not_void_unless_alone": ({"joker_lead": "not_void_unless_alone"}, "6NT"),
    "6NT joker_lead=first_or_last": ({"joker_lead": "first_or_last"}, "6NT"),
    "HILO (exactly five tricks)": ({"hi_lo": True, "joker_lead": "any"}, "HILO"),
    "HILO joker_lead=first_or_last": ({"hi_lo": True, "joker_lead": "first_or_last"}, "HILO"),
}


def first_lead(options: dict[str, object], call: str, seed: int) -> State | None:
    """The first lead of a seeded deal whose first bidder calls ``call``, or None if he may not."""
    game = make_game("five-hundred", **options)
    state = game.new_match(seed)
    bot = make_bot("heuristic", game, seed)
    called = False
    while state.phase is not Phase.PLAY:
        if len(state.deals) > 1 or state.phase is Phase.MATCH_OVER:
            return None
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        if state.phase is Phase.AUCTION:
            want = Action.parse(f"bid {call}")
            if not called and want in legal:
                state.apply(want)
                called = True
            else:
                state.apply(next(a for a in legal if a.kind is ActionKind.PASS))
        else:
            state.apply(bot.act(state, seat))
    return state if called else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pimc", type=int, default=0, help="also time pimc's first lead on this many deals")
    args = parser.parse_args()
    assert fast.enabled(), "the C search is not built"
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    anchor: tuple[float, float] | None = None
    print(f"{'form':40} {'deals':>5} {'median ms':>10} {'median nodes':>13} {'worst x':>8} {'vs anchor':>10}")
    for name, (options, call) in FORMS.items():
        times: list[float] = []
        nodes: list[int] = []
        pimc: list[float] = []
        seed = args.seed
        while len(times) < args.deals:
            state = first_lead(options, call, seed)
            seed += 1
            if state is None:
                continue
            fast.module().clear()
            pos, _ = position_of(state)
            start = time.process_time()
            _, searched = adapter.fast(pos)
            times.append(time.process_time() - start)
            nodes.append(searched)
            if len(pimc) < args.pimc:
                bot = PimcBot(state.game, seed)
                seat = state.to_act
                assert seat is not None
                start = time.process_time()
                bot.act(state, seat)
                pimc.append(time.process_time() - start)
        med_t, med_n = statistics.median(times), statistics.median(nodes)
        if anchor is None:
            anchor = (med_t, med_n)
        ratio = f"{med_t / anchor[0]:.2f}x"
        line = f"{name:40} {len(times):>5} {1000 * med_t:>10.2f} {med_n:>13.0f} {max(nodes) / med_n:>7.1f}x {ratio:>10}"
        if pimc:
            line += f"   pimc first lead median {statistics.median(pimc):.2f} s CPU (max {max(pimc):.2f} s)"
        print(line, flush=True)


if __name__ == "__main__":
    main()

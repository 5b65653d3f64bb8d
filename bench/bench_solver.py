"""Time of the exact open-hand solver from the first lead, beside a bridge double-dummy solver.

Run: PYTHONPATH=src python bench/bench_solver.py [--deals 50] [--seed 0] [--games 501,pyatsot,five-hundred,preferans]
[--second] [--tails 5] [--forms two_handed,five_handed,six_handed:7,...]
(``pip install -e '.[bench]'`` installs endplay, whose DDS is the anchor; without it the DDS
columns are left out.)

Each deal is a seeded match's first deal (seed 0, 1, ..., or from ``--seed`` on) whose auction
and talon are played by the heuristic bots (the contract, gifts and trump are theirs); deals that
are conceded or passed out are skipped and the next seed is taken.  For each deal it times, with
the C search (:mod:`prikup.solver.fast`; a fresh transposition table for every deal): the value
and a best first lead (what :func:`prikup.solver.play_out` and the oracle need: the figure the
targets are set on), and the values of every legal first lead (what pimc and ``prikup solve``
need).  For the value + best lead it prints the median, the worst deal as a multiple of the
median (in CPU time and in nodes, which a loaded machine does not change, with the seed of the
deal of most nodes) and how many deals took more than ten times the median; ``--tails N`` lists
the N deals of most nodes (seed, nodes, CPU time, contract).  ``--second`` also
times the search after the first card (a best lead) with a fresh table and with the table kept
from the first lead's search (the C search keeps its table between searches of positions with the
same tables, trumps and sides: what pimc and analysis re-solve).

In the same run, interleaved deal by deal, endplay's DDS (Bo Haglund's double-dummy solver) solves
a random bridge ending of as many cards a hand, value and one best card (``SolveBoard`` with
``target=-1, solutions=1``, DDS's own tables reset by the new deal): 8 cards a hand beside 501
and Пятьсот (3 hands of 8), 10 beside Five Hundred and preferans (hands of 10).  Each line prints
the medians, DDS's worst ending as a multiple of its median, and the ratio prikup / DDS.  DDS is
not "about 0.7 ms a deal": measured here it takes about 14 ms on a full 13-card deal, about 1.1 ms
on 10-card endings and about 0.34 ms on 8-card ones (``--dds-full`` adds the 13-card figure).

Five Hundred's row is followed by DDS on the very deals prikup solved, where a deal is a bridge
deal: four hands, two sides of partners, a trump contract (the joker and the two bowers are the
trump suit's three highest cards, so each suit maps onto bridge's ranks from the ace down; no
trumps with the joker has no bridge form and is left out).  It prints both solvers' medians and
worst deals on those deals, in time and in each one's own count of positions, and checks that
DDS finds the value prikup finds on every one of them.

``--forms`` adds one row per Five Hundred preset the four games' rows leave out (``two_handed``
with its dummies' face-down cards, ``two_dead_hand``, ``two_table_cards``, ``two_drawing``,
``three_dead_hand``, ``five_handed``, ``six_handed`` (two teams of three), ``six_handed_cutthroat``
(three pairs)): the value + best first lead from the first lead, or with ``NAME:CARDS`` from the
first lead with at most that many cards in each hand (the heuristic bots playing the tricks
before: pimc solves five and six hands from 7 cards); ``--games ''`` runs those rows alone.

Times are the process's CPU time (``time.process_time``), so a busy machine inflates them less
than wall-clock time (it still does somewhat: caches are shared).  Neither solver's first call is
timed: each allocates its tables then (prikup's first search took 120 ms where the same search
takes 6 ms after it, and was counted as the first deal's time before).  ``--reference`` also times the
pure-Python reference search (about 50 times slower).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from types import ModuleType

from prikup import make_game
from prikup.bots import make_bot
from prikup.core.game import Phase, State
from prikup.solver import ADAPTERS, Solver, best_action, fast, position_of
from prikup.solver.bridge import bridge_deal
from prikup.solver.play_tricks import TrickPosition

#: Cards a hand of the bridge endings DDS solves beside each game.
DDS_CARDS = {"501": 8, "pyatsot": 8, "five-hundred": 10, "preferans": 10}


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


def _fresh(state: State, best: bool, clear: bool = True) -> tuple[float, int]:
    """CPU seconds and nodes of one C search of ``state`` (with a fresh table unless ``clear`` is
    false: then the table of the previous search of the same deal is kept)."""
    adapter = ADAPTERS[state.game.id]
    assert adapter.fast is not None
    if clear:
        fast.module().clear()
    pos, _ = position_of(state)
    start = time.process_time()
    _, nodes = adapter.fast(pos, best=best)
    return time.process_time() - start, nodes


def _value(state: State) -> int:
    """The value of the C search's best first lead (the count's tricks from here)."""
    adapter = ADAPTERS[state.game.id]
    assert adapter.fast is not None
    pos, _ = position_of(state)
    found, _ = adapter.fast(pos, best=True)
    return int(next(iter(found.values())))


def _second_card(state: State) -> tuple[float, float]:
    """CPU seconds of the value + best move search after the first card (a best lead), with a
    fresh table and with the table kept from the first lead's search (as pimc and analysis
    re-solve the positions of one deal)."""
    after = state.copy()
    after.apply(best_action(after))
    fresh, _ = _fresh(after, True)
    _fresh(state, True)
    kept, _ = _fresh(after, True, clear=False)
    return fresh, kept


def _endplay() -> ModuleType | None:
    """endplay's DDS bindings, or ``None`` when the ``bench`` extra is not installed."""
    try:
        import endplay.dds as dds
    except ImportError:
        return None
    return dds


def dds_timer(cards: int, seed: int) -> Callable[[], float] | None:
    """A function timing DDS on one random bridge ending of ``cards`` cards a hand (seeded):
    value and one best card for the player on lead; ``None`` without endplay."""
    dds = _endplay()
    if dds is None:
        return None
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    rng = random.Random(seed)
    deck = [(suit, rank) for suit in range(4) for rank in range(13)]
    rng.shuffle(deck)
    ranks = "23456789TJQKA"
    hands = []
    for h in range(4):
        cards_of = deck[h * cards : (h + 1) * cards]
        hands.append(
            ".".join(
                "".join(ranks[r] for _, r in sorted((c for c in cards_of if c[0] == s), reverse=True)) for s in range(4)
            )
        )
    deal = Deal("N:" + " ".join(hands))
    deal.first = Player(rng.randrange(4))
    deal.trump = Denom(rng.randrange(5))

    def run() -> float:
        start = time.process_time()
        dds.solve_board(deal, SolveMode.OptimalOne)
        return time.process_time() - start

    return run


def dds_same_deal(state: State) -> Callable[[], tuple[float, int, int]] | None:
    """DDS on a Five Hundred first lead itself, where the deal is a bridge deal
    (:func:`prikup.solver.bridge.bridge_deal`: four hands in two sides of partners in a trump
    contract, the joker and the bowers the trump suit's top ranks, or in no trumps without the
    joker).  A function solving it with DDS, value + best card, that returns DDS's CPU seconds,
    its own count of the positions it searched, and the count's tricks it finds (to compare with
    the C search's); ``None`` for other deals (no trumps with the joker, misère, another number of
    hands) or without endplay."""
    dds = _endplay()
    pos, _ = position_of(state)
    found = bridge_deal(pos) if isinstance(pos, TrickPosition) else None
    if dds is None or found is None:
        return None
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    deal = Deal(found.pbn)
    deal.first = Player(found.first)
    deal.trump = Denom.nt if found.no_trumps else Denom.spades

    def run() -> tuple[float, int, int]:
        # timed at its first solve: DDS keeps its table for a deal it has just solved
        start = time.process_time()
        solved = dds.solve_board(deal, SolveMode.OptimalOne)
        seconds = time.process_time() - start
        return seconds, int(solved._data.nodes), found.count_tricks(max(score for _, score in solved))

    return run


def contract_of(state: State) -> str:
    """A short description of the deal's contract for the ``--tails`` lines (the game's own
    fields where it has them: contract, trumps, declarer, misère, raspasy)."""
    parts = []
    for name in ("contract", "trump", "declarer"):
        value = getattr(state, name, None)
        if value is not None:
            parts.append(f"{name} {value.name if hasattr(value, 'name') else value}")
    for name in ("is_misere", "raspasy"):
        if getattr(state, name, False):
            parts.append(name.removeprefix("is_"))
    return ", ".join(parts) or "no contract"


def bench(
    game_id: str, deals: int, reference: bool, dds_full: bool, second: bool, first_seed: int = 0, tails: int = 0
) -> None:
    """Print the medians, mean and worst of ``deals`` deals, and DDS's beside them; with ``tails``
    also that many deals of most nodes, one line each."""
    best_times: list[float] = []
    all_times: list[float] = []
    ref_times: list[float] = []
    dds_times: list[float] = []
    full_times: list[float] = []
    nodes: list[int] = []
    best_nodes: list[int] = []
    second_fresh: list[float] = []
    second_kept: list[float] = []
    seeds: list[int] = []
    contracts: list[str] = []
    same: list[tuple[float, float, int, int, bool]] = []  # prikup's and DDS's times and nodes on one deal, values equal
    seed = first_seed
    warm = dds_timer(DDS_CARDS[game_id], -1)
    if warm is not None:
        warm()  # DDS allocates its memory on its first call
    while len(best_times) < deals:
        state = first_lead(game_id, seed)
        seed += 1
        if state is None:
            continue
        if not best_times:
            _fresh(state, True)  # the C search allocates its tables at its first search: not timed
        seconds, count = _fresh(state, True)
        best_times.append(seconds)
        best_nodes.append(count)
        seeds.append(seed - 1)
        contracts.append(contract_of(state))
        seconds, count = _fresh(state, False)
        all_times.append(seconds)
        nodes.append(count)
        timer = dds_timer(DDS_CARDS[game_id], seed)
        if timer is not None:
            dds_times.append(timer())
        twin = dds_same_deal(state)
        if twin is not None:
            dds_seconds, dds_nodes, dds_value = twin()
            same.append((best_times[-1], dds_seconds, best_nodes[-1], dds_nodes, dds_value == _value(state)))
        full = dds_timer(13, seed) if dds_full else None
        if full is not None:
            full_times.append(full())
        if second:
            fresh, kept = _second_card(state)
            second_fresh.append(fresh)
            second_kept.append(kept)
        if reference:
            pos, _ = position_of(state)
            start = time.process_time()
            Solver(pos).values()
            ref_times.append(time.process_time() - start)
    ms = 1000.0
    median = statistics.median(best_times)
    node_median = statistics.median(best_nodes)
    over = sum(t > 10 * median for t in best_times)
    line = (
        f"{game_id}: {deals} deals (seeds {first_seed}..{seed - 1}, heuristic contracts), C search: "
        f"value + best first lead median {median * ms:.2f} ms, {node_median:.0f} nodes "
        f"(mean {statistics.mean(best_times) * ms:.2f}, max {max(best_times) * ms:.1f} "
        f"= {max(best_times) / median:.1f}x median, nodes max {max(best_nodes)} = "
        f"{max(best_nodes) / node_median:.1f}x median at seed {seeds[best_nodes.index(max(best_nodes))]}; "
        f"deals over 10x the median time: {over}); "
        f"every first lead's value median {statistics.median(all_times) * ms:.2f} ms "
        f"(max {max(all_times) * ms:.0f}, median nodes {statistics.median(nodes):.0f})"
    )
    if dds_times:
        dds_median = statistics.median(dds_times)
        line += (
            f"; DDS, {DDS_CARDS[game_id]}-card bridge endings, value + best card: median {dds_median * ms:.2f} ms "
            f"(worst {max(dds_times) / dds_median:.1f}x its median), ratio prikup/DDS {median / dds_median:.1f}x"
        )
    if second_fresh:
        line += (
            f"; after the first card, value + best move: fresh table median "
            f"{statistics.median(second_fresh) * ms:.2f} ms, "
            f"table kept from the first lead's search {statistics.median(second_kept) * ms:.2f} ms"
        )
    if full_times:
        line += f"; DDS full 13-card deals median {statistics.median(full_times) * ms:.1f} ms"
    if reference:
        line += f"; Python reference, every first lead: median {statistics.median(ref_times) * ms:.0f} ms"
    print(line, flush=True)
    if same:

        def spread(values: list[float]) -> tuple[float, float]:
            """The median and the worst as a multiple of it."""
            middle = statistics.median(values)
            return middle, max(values) / middle

        dds_ms, dds_worst = spread([x[1] * ms for x in same])
        dds_nodes, dds_nodes_worst = spread([float(x[3]) for x in same])
        our_ms, our_worst = spread([x[0] * ms for x in same])
        our_nodes, our_nodes_worst = spread([float(x[2]) for x in same])
        print(
            f"  the same deals in DDS ({len(same)} of the {deals}: four hands in a trump contract, a bridge deal once "
            f"the joker and the bowers are the trump suit's top ranks): DDS median {dds_ms:.2f} ms, worst "
            f"{dds_worst:.1f}x its median, nodes median {dds_nodes:.0f}, worst {dds_nodes_worst:.1f}x; prikup on them "
            f"median {our_ms:.2f} ms, worst {our_worst:.1f}x, nodes median {our_nodes:.0f}, worst "
            f"{our_nodes_worst:.1f}x; ratio prikup/DDS {our_ms / dds_ms:.1f}x; DDS's value equal to prikup's on "
            f"{sum(x[4] for x in same)} of {len(same)}",
            flush=True,
        )
    for i in sorted(range(len(best_nodes)), key=lambda i: -best_nodes[i])[:tails]:
        print(
            f"  seed {seeds[i]}: {best_nodes[i]} nodes ({best_nodes[i] / node_median:.1f}x the median), "
            f"{best_times[i] * ms:.1f} ms ({best_times[i] / median:.1f}x); {contracts[i]}",
            flush=True,
        )


def form_lead(preset: str, seed: int, cards: int = 0) -> State | None:
    """A Five Hundred preset's seeded first deal at its first lead (heuristic bots bidding and
    discarding), or with ``cards`` > 0 at the first lead with at most that many cards in each
    hand in play (the heuristic bots playing the tricks before); ``None`` when the deal ends first."""
    from prikup.games.presets import PRESETS

    game = make_game("five-hundred", **PRESETS["five-hundred"][preset])
    state = game.new_match(seed)
    bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]

    def held() -> int:
        return max(int(state.hands[s]).bit_count() for s in state.playing)  # type: ignore[attr-defined]

    while state.phase is not Phase.PLAY or state.trick or (cards and held() > cards):  # type: ignore[attr-defined]
        seat = state.to_act
        if seat is None or len(state.deals) > 1:
            return None
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return state if len(state.deals) == 1 else None


def bench_form(preset: str, deals: int, first_seed: int = 0, cards: int = 0) -> None:
    """One row for a Five Hundred form the four games' rows leave out (two-handed forms, three
    with a dead hand, five and six hands): the C search's value + best first lead from the first
    lead (or from ``cards`` in hand), median and worst CPU time and nodes over ``deals`` deals."""
    times: list[float] = []
    counts: list[int] = []
    seeds: list[int] = []
    hands = 0
    seed = first_seed
    while len(times) < deals:
        state = form_lead(preset, seed, cards)
        seed += 1
        if state is None:
            continue
        if not times:
            _fresh(state, True)  # the C search allocates its tables at its first search: not timed
        seconds, count = _fresh(state, True)
        times.append(seconds)
        counts.append(count)
        seeds.append(seed - 1)
        hands = len(state.playing)  # type: ignore[attr-defined]
    ms = 1000.0
    median, node_median = statistics.median(times), statistics.median(counts)
    start = f"from {cards} cards in hand" if cards else "from the first lead"
    print(
        f"five-hundred {preset} ({hands} hands in play, {start}): {deals} deals "
        f"(seeds {first_seed}..{seed - 1}), C search, value + best lead: median {median * ms:.2f} ms, "
        f"{node_median:.0f} nodes (mean {statistics.mean(times) * ms:.1f} ms, worst {max(times) * ms:.1f} ms "
        f"= {max(times) / median:.1f}x median; nodes worst {max(counts)} = {max(counts) / node_median:.1f}x "
        f"median at seed {seeds[counts.index(max(counts))]}; total {sum(times):.2f} s)",
        flush=True,
    )


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0, help="the first match seed (then the next ones)")
    parser.add_argument("--games", default="501,pyatsot,five-hundred,preferans")
    parser.add_argument("--reference", action="store_true", help="also time the pure-Python search")
    parser.add_argument("--dds-full", action="store_true", help="also time DDS on full 13-card deals")
    parser.add_argument(
        "--second", action="store_true", help="also time the search after the first card, with the table kept or not"
    )
    parser.add_argument("--tails", type=int, default=0, help="also list this many deals of most nodes per game")
    parser.add_argument(
        "--forms",
        default="",
        help="also (or with --games '' only) these Five Hundred presets, each NAME or NAME:CARDS (from CARDS in hand), "
        "e.g. two_handed,two_dead_hand,two_table_cards,two_drawing,three_dead_hand,five_handed,six_handed:7",
    )
    args = parser.parse_args()
    for form in filter(None, args.forms.split(",")):
        name, _, cards = form.strip().partition(":")
        bench_form(name, args.deals, args.seed, int(cards or 0))
    if not args.games:
        return
    if _endplay() is None:
        print("endplay is not installed (pip install -e '.[bench]'): no DDS figures")
    for game_id in args.games.split(","):
        bench(game_id.strip(), args.deals, args.reference, args.dds_full, args.second, args.seed, args.tails)


if __name__ == "__main__":
    main()

"""The C search's trick bounds from a hand's trumps paired with the other side's higher ones, and
from a trick in progress whose taker is decided, on hand-made positions (each bound is what
decides it, and the exact value lies within) and on random short deals; and Five Hundred's lead
order (``lead_weights`` in ``_fast/fast_tricks.c``), which changes the nodes searched and never a
value, by the nodes of the benchmark's first deals."""

from __future__ import annotations

import random

from prikup import make_game
from prikup.bots import make_bot
from prikup.core.cards import parse_cards
from prikup.core.game import Phase, State
from prikup.solver import ADAPTERS, Solver, fast, position_of
from prikup.solver.play_preferans import PositionPreferans
from prikup.solver.play_tricks import fast_bounds as tricks_bounds


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def _id(text: str) -> int:
    return parse_cards(text)[0].id


def test_a_hands_trumps_not_paired_with_higher_trumps_of_the_other_side_are_sure_tricks():
    # preferans, diamonds trumps, declarer 0: the defenders' ace of trumps can beat one of his king,
    # queen and jack, and their seven none: two of his trumps take their tricks whatever is played
    # (none of them is a master trump, and the declarer is not on lead)
    hands = [_mask("KD QD JD"), _mask("AD 7D 7S"), _mask("8S 9S TS")]

    def position() -> PositionPreferans:
        return PositionPreferans(hands, 1, [], 2, count=1, maximisers=1)

    assert tricks_bounds(position()) == (2, 2)
    assert Solver(position()).value() == 2
    # the side that does not count (an upper bound): defender 1's ace is his only master trump,
    # but the declarer's king can beat only one of his queen and jack: two tricks of three
    low = [_mask("KD 7S 8S"), _mask("AD QD JD"), _mask("7H 8H 9H")]
    lo, hi = tricks_bounds(PositionPreferans(low, 0, [], 2, count=1, maximisers=1))
    assert hi == 1
    assert lo <= Solver(PositionPreferans(low, 0, [], 2, count=1, maximisers=1)).value() <= hi


def test_a_trick_in_progress_nobody_can_take_from_its_taker_bounds_the_value_by_one():
    # preferans, no trumps, declarer 0 led the ace of spades: nobody can beat it, so he takes this
    # trick (within a trick no other bound is worked out)
    hands = [_mask("7H"), _mask("7S 8H"), _mask("8S 9H")]

    def led(card: str) -> PositionPreferans:
        return PositionPreferans(hands, 0, [_id(card)], None, count=1, maximisers=1)

    assert tricks_bounds(led("AS")) == (1, 2)
    assert Solver(led("AS")).value() == 1
    # a nine led as well: the defenders' seven and eight of spades are lower
    assert tricks_bounds(led("9S"))[0] == 1
    # defender 1 leads the ace of spades: the declarer (last to play) cannot take it
    after = [_mask("7S 7H"), _mask("8H"), _mask("8S 9H")]
    lo, hi = tricks_bounds(PositionPreferans(after, 1, [_id("AS")], None, count=1, maximisers=1))
    assert hi == 1
    assert lo <= Solver(PositionPreferans(after, 1, [_id("AS")], None, count=1, maximisers=1)).value() <= hi
    # with a ten of spades the declarer could take it: open
    open_ = [_mask("TS 7H"), _mask("8H"), _mask("8S 9H")]
    assert tricks_bounds(PositionPreferans(open_, 1, [_id("9S")], None, count=1, maximisers=1)) == (0, 2)


def test_trump_pairing_and_decided_trick_bounds_enclose_the_exact_value_on_random_short_deals():
    rng = random.Random(2024)
    suits = [[c.id for c in parse_cards(" ".join(r + s for r in "789TJQKA"))] for s in "SCDH"]
    decided = 0
    for _ in range(300):
        tricks = rng.randrange(1, 5)
        deck = [c for s in rng.sample(range(4), 3) for c in suits[s]]
        cards = rng.sample(deck, 3 * tricks)
        hands = [sum(1 << c for c in cards[i * tricks : (i + 1) * tricks]) for i in range(3)]
        trump = rng.choice([None, 0, 1, 2, 3])
        leader, declarer = rng.randrange(3), rng.randrange(3)
        # half of them within a trick: the leader's (legal) card or two played
        trick: list[int] = []
        for k in range(rng.randrange(3) if tricks > 1 else 0):
            seat = (leader + k) % 3
            pick = PositionPreferans(hands, leader, trick, trump, count=1, maximisers=1).legal_moves()
            card = rng.choice(list(pick))
            hands[seat] &= ~(1 << card)
            trick.append(card)
        bit = 1 << declarer
        lo, hi = tricks_bounds(PositionPreferans(hands, leader, trick, trump, count=bit, maximisers=bit))
        value = Solver(PositionPreferans(hands, leader, trick, trump, count=bit, maximisers=bit)).value()
        assert lo <= value <= hi, (hands, leader, trick, trump, declarer, lo, value, hi)
        decided += bool(trick) and (lo > 0 or hi < tricks)
    assert decided >= 20, decided


def _first_lead(seed: int) -> State:
    """A seeded Five Hundred match's first deal at its first lead, the auction and talon played by
    the heuristic bots (as bench/bench_solver.py's deals; these seeds are never passed out)."""
    game = make_game("five-hundred")
    state = game.new_match(seed)
    bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        assert seat is not None and len(state.deals) == 1
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return state


def test_five_hundreds_lead_order_searches_fewer_nodes_on_the_benchmarks_first_deals():
    # the value + best first lead of bench/bench_solver.py's first ten deals (seeds 0-9, a fresh
    # table each): 613k nodes in all with the game's own lead order (top cards first, then the
    # lowest cards), 382k with lead_weights (368k with the trumps' pairing too); nodes are the
    # search's own count, the same on every machine (no timing)
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    total = 0
    for seed in range(10):
        fast.module().clear()
        pos, _ = position_of(_first_lead(seed))
        _, nodes = adapter.fast(pos, best=True)
        total += nodes
    assert total < 500_000, total

"""The C search's trick bounds with four hands (Five Hundred) from a hand's trumps paired with the
other side's higher ones, and from a trick in progress whose taker is decided or that a seat
wanting it surely takes over, on hand-made
positions (each bound is what decides it, and the exact value lies within) and on random short
deals; and Five Hundred's lead
order (``lead_weights`` in ``_fast/fast_tricks.c``), which changes the nodes searched and never a
value, by the nodes of the benchmark's first deals."""

from __future__ import annotations

import random
from collections.abc import Iterable

from prikup import make_game
from prikup.bots import make_bot
from prikup.core.cards import parse_cards
from prikup.core.game import Phase, State
from prikup.games.five_hundred import Layout
from prikup.solver import ADAPTERS, Solver, fast, position_of
from prikup.solver.play_tricks import TrickPosition
from prikup.solver.play_tricks import fast_bounds as tricks_bounds


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def _id(text: str) -> int:
    return parse_cards(text)[0].id


#: Five Hundred's hearts layout (the left bower, the jack of diamonds, is a heart; the joker on top).
HEARTS = make_game("five-hundred").layouts[3]
SIDES = 0b0101  # seats 0 and 2 count and maximise


def _position(layout: Layout, hands: list[int], leader: int, trick: list[int], sides: int) -> TrickPosition:
    """A Five Hundred position of four hands (``sides``: the seats that count and maximise)."""
    led = next(s for s in range(4) if layout.suits[s] >> trick[0] & 1) if trick else -1
    return TrickPosition(hands, leader, trick, led, layout.suits, layout.trump, layout.strength, sides, sides)


def _hearts(hands: list[int], leader: int, trick: list[int] | None = None) -> TrickPosition:
    return _position(HEARTS, hands, leader, trick or [], SIDES)


def test_a_hands_trumps_not_paired_with_higher_trumps_of_the_other_side_are_sure_tricks():
    # hearts trumps, seat 1 leads: the other side's ace of trumps can beat one of seat 0's king,
    # queen and ten, its seven none: two of them take their tricks whatever is played (none is a
    # master trump, and seat 0 is not on lead)
    hands = [_mask("KH QH TH"), _mask("AH 7H 7S"), _mask("7C 8C 9C"), _mask("8S 9S TS")]
    assert tricks_bounds(_hearts(hands, 1)) == (2, 2)
    assert Solver(_hearts(hands, 1)).value() == 2
    # the side that does not count (an upper bound): seat 1's ace is its only master trump, but
    # seat 0's king can beat only one of its queen and ten: two tricks of three
    low = [_mask("KH 7S 8S"), _mask("AH QH TH"), _mask("7C 8C 9C"), _mask("9S TS QS")]
    lo, hi = tricks_bounds(_hearts(low, 0))
    assert hi == 1
    assert lo <= Solver(_hearts(low, 0)).value() <= hi


def test_a_trick_in_progress_nobody_can_take_from_its_taker_bounds_the_value_by_one():
    # no trump in play: seat 0 led the ace of spades, which nobody can beat, so its side takes
    # this trick (within a trick no other bound is worked out)
    hands = [_mask("7C"), _mask("7S 8C"), _mask("8S 9C"), _mask("9S TC")]
    assert tricks_bounds(_hearts(hands, 0, [_id("AS")])) == (1, 2)
    assert Solver(_hearts(hands, 0, [_id("AS")])).value() == 1
    # seat 1 led the ace of spades: seats 2 and 0, to play, cannot take it from the other side
    after = [_mask("7S 7C"), _mask("8C"), _mask("8S 9C"), _mask("9S TC")]
    lo, hi = tricks_bounds(_hearts(after, 1, [_id("AS")]))
    assert hi == 1
    assert lo <= Solver(_hearts(after, 1, [_id("AS")])).value() <= hi
    # seat 1 led the nine: seat 2's ten can take it: open, when seat 3 behind it holds the jack
    open_ = [_mask("7S 7C"), _mask("8C"), _mask("TS 9C"), _mask("JS TC")]
    assert tricks_bounds(_hearts(open_, 1, [_id("9S")])) == (0, 2)


def test_a_trick_in_progress_a_seat_wanting_it_surely_takes_over_bounds_the_value_by_one():
    # seat 1 led the nine of spades: seat 2's ten beats it and seat 3, behind it, follows below
    # (trick_overtaken): seats 0 and 2 take this trick, though seat 1 holds it now
    hands = [_mask("7S 7C"), _mask("8C"), _mask("TS 9C"), _mask("8S TC")]
    assert tricks_bounds(_hearts(hands, 1, [_id("9S")])) == (1, 2)
    assert Solver(_hearts(hands, 1, [_id("9S")])).value() >= 1
    # void in spades, seat 2 ruffs with the seven of hearts; seat 3 is void too and holds the
    # eight of trumps: open; without a trump above the seven, taken
    ruff = [_mask("7S 7C"), _mask("8C"), _mask("7H 9C"), _mask("8H TC")]
    assert tricks_bounds(_hearts(ruff, 1, [_id("9S")])) == (0, 2)
    ruff[3] = _mask("9D TC")
    assert tricks_bounds(_hearts(ruff, 1, [_id("9S")])) == (1, 2)
    # a misère's defenders want the bidder to take it: they take nothing over from him (seat 1
    # alone counts and minimises, the others maximise).  Seat 2 could overtake his nine with the
    # ten, but plays the six: seat 1 takes this trick and the last with the ace of clubs.  Taken
    # as wanting the trick, the bound said he takes at most one.
    misere = [_mask("7S 7C"), _mask("AC"), _mask("TS 6S"), _mask("8S TC")]

    def bidder_alone() -> TrickPosition:
        pos = _position(HEARTS, misere, 1, [_id("9S")], 0b0010)
        pos.maximisers = 0b1101
        return pos

    assert tricks_bounds(bidder_alone()) == (0, 2)
    assert Solver(bidder_alone()).value() == 2


def test_trump_pairing_and_decided_trick_bounds_enclose_the_exact_value_on_random_short_deals():
    rng = random.Random(2024)
    layouts = make_game("five-hundred").layouts[:4]  # the four trump suits
    decided = 0
    for _ in range(300):
        layout = rng.choice(layouts)
        deck = [c for c in range(64) if any(s >> c & 1 for s in layout.suits)]
        tricks = rng.randrange(1, 4)
        cards = rng.sample(deck, 4 * tricks)
        hands = [sum(1 << c for c in cards[i * tricks : (i + 1) * tricks]) for i in range(4)]
        leader, sides = rng.randrange(4), rng.choice([0b0101, 0b1010])

        # most of them within a trick: the leader's (legal) card and the next ones played
        trick: list[int] = []
        for k in range(rng.randrange(4) if tricks > 1 else 0):
            card = rng.choice(_position(layout, hands, leader, trick, sides).legal_moves())
            hands[(leader + k) % 4] &= ~(1 << card)
            trick.append(card)
        lo, hi = tricks_bounds(_position(layout, hands, leader, trick, sides))
        value = Solver(_position(layout, hands, leader, trick, sides)).value()
        assert lo <= value <= hi, (hands, leader, trick, layout.trump, sides, lo, value, hi)
        decided += bool(trick) and (lo > 0 or hi < tricks)
    assert decided >= 20, decided


def _first_lead(seed: int, **options: object) -> State:
    """A seeded Five Hundred match's first deal (the game of ``options``) at its first lead, the
    auction and talon played by the heuristic bots (as bench/bench_solver.py's deals; the seeds
    used are never passed out)."""
    game = make_game("five-hundred", **options)
    state = game.new_match(seed)
    bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        assert seat is not None and len(state.deals) == 1
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return state


def _first_leads_nodes(seeds: Iterable[int], **options: object) -> int:
    """The positions the C search takes for the value + best first lead of :func:`_first_lead`'s
    deals of ``seeds``, a fresh table each (the search's own count, the same on every machine)."""
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    total = 0
    for seed in seeds:
        fast.module().clear()
        pos, _ = position_of(_first_lead(seed, **options))
        _, nodes = adapter.fast(pos, best=True)
        total += nodes
    return total


def test_five_hundreds_lead_order_searches_fewer_nodes_on_the_benchmarks_first_deals():
    # the value + best first lead of bench/bench_solver.py's first ten deals (seeds 0-9, a fresh
    # table each): 613k nodes in all with the game's own lead order (top cards first, then the
    # lowest cards), 382k with lead_weights (368k with the trumps' pairing too); nodes are the
    # search's own count, the same on every machine (no timing)
    total = _first_leads_nodes(range(10))
    assert total < 500_000, total

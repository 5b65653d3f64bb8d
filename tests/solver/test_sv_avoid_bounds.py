"""The C search's bounds for the side that must avoid tricks (raspasy and a misère in preferans:
one hand counts and minimises its tricks, the two others maximise them, no trumps) never cut off
a true value, and each of them decides what it claims on a position built for it.

The rules (``pos_bounds`` in ``_fast/fast_tricks.c``), between tricks:

* the avoider on lead with no *exit* (a card of a suit some other hand holds only higher cards
  of) takes this trick: whatever he leads, each other hand can follow lower or is void;
* the avoider on lead with an exit loses this trick (he leads it, that hand must go above it);
* every card of the avoider lower than every card of its suit in the other hands (and, on lead,
  an exit): he never takes a trick again (he can always play under, or throw);
* another seat on lead holding a suit the avoider holds, its lowest card below his lowest, the
  third hand void in it or holding a card below his lowest: the avoider takes this trick;
* another seat on lead, and for every suit it can lead the avoider holds a card below its lowest,
  or is void, or (third to play) the hand between them holds only higher cards of it: the avoider
  loses this trick;
* another seat on lead and, in every suit, the i-th lowest card of the other hands has at least i
  cards of the avoider below it (for i up to the fewer of his cards and theirs: he can play under
  every lead of it, "duck-safe"), or he on lead with an exit after which its suit is still so: he
  never takes a trick again;
* more generally, another seat on lead: he loses at least the next K tricks, K the fewest leads of
  any suit of his he surely plays under (the i-th lowest card of the other hands has at least i of
  his below it for each i up to K), and on lead with an exit one more than that after the exit.

Within a trick: the avoider not taking it so far when he has played, or able to play under the
card taking it (or to throw) when he has not, loses it; taking it, with every hand still to play
able to play under his card or to throw, he takes it; losing it, he loses the next K tricks
as well (K as above, after his card of this trick).
"""

from __future__ import annotations

import random

import pytest

from prikup.core.cards import parse_cards
from prikup.solver import Solver, fast
from prikup.solver.play_preferans import PositionPreferans
from prikup.solver.play_preferans import fast_values as fast_tricks
from prikup.solver.play_tricks import fast_bounds

#: Preferans card ids by suit (suit = id >> 4), the 8 ranks of each suit from the seven up.
_SUITS = [[c.id for c in parse_cards(" ".join(f"{r}{s}" for r in "789TJQKA"))] for s in "SCDH"]


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def _card(text: str) -> int:
    return parse_cards(text)[0].id


def _avoid(hands: list[int], leader: int, avoider: int, stop: bool = False) -> PositionPreferans:
    count = 1 << avoider
    return PositionPreferans(hands, leader, [], None, count, 0b111 & ~count, stop=stop)


def _value(hands: list[int], leader: int, avoider: int, stop: bool = False) -> int:
    return Solver(_avoid(hands, leader, avoider, stop)).value()


@pytest.mark.parametrize("stop", [False, True])
def test_an_avoider_with_every_card_lower_than_the_others_never_takes_a_trick(stop: bool) -> None:
    hands = [_mask("7S 8S 7H"), _mask("9S TS 8H"), _mask("JS QS 9H")]
    assert fast_bounds(_avoid(hands, 1, 0, stop)) == (0, 0)
    assert _value(hands, 1, 0, stop) == 0
    # on lead he leads under the others: still none
    assert fast_bounds(_avoid(hands, 0, 0, stop)) == (0, 0)
    assert _value(hands, 0, 0, stop) == 0


def test_an_avoider_on_lead_with_no_exit_takes_the_trick() -> None:
    # each other hand holds a spade below the king: whatever he leads is ducked
    hands = [_mask("AS KS"), _mask("7S 8H"), _mask("8S 9H")]
    lo, hi = fast_bounds(_avoid(hands, 0, 0))
    assert lo == 1
    assert lo <= _value(hands, 0, 0) <= hi
    assert fast_bounds(_avoid(hands, 0, 0, stop=True)) == (1, 1)


def test_an_avoider_on_lead_with_an_exit_loses_the_trick() -> None:
    # the seven of spades is an exit (hand 1 holds only the eight); his ace of hearts is not low
    hands = [_mask("7S AH"), _mask("8S 7H"), _mask("9S 8H")]
    assert fast_bounds(_avoid(hands, 0, 0)) == (0, 1)
    assert _value(hands, 0, 0) == 1
    # with one trick left the exit decides it
    one = [_mask("7S"), _mask("8S"), _mask("9H")]
    assert fast_bounds(_avoid(one, 0, 0)) == (0, 0)


def test_a_lead_the_avoider_must_win_is_a_trick_for_the_others() -> None:
    # hand 1 leads the seven of spades, hand 2 follows with the eight, the avoider's king wins
    hands = [_mask("KS 8H"), _mask("7S 7H"), _mask("8S 9H")]
    lo, hi = fast_bounds(_avoid(hands, 1, 0))
    assert lo == 1
    assert lo <= _value(hands, 1, 0) <= hi
    # with the third hand holding only a higher spade the avoider can play under it: no bound
    safe = [_mask("KS 8H"), _mask("7S 7H"), _mask("AS 9H")]
    assert fast_bounds(_avoid(safe, 1, 0))[0] == 0


def test_an_avoider_who_can_play_under_every_lead_of_each_suit_never_takes_a_trick() -> None:
    # his nine of spades is above their eight (not every card of his is low), but each lead of
    # theirs has a spade of his below it: the eight the seven, the ten the nine
    hands = [_mask("7S 9S 7H"), _mask("8S 8H 9H"), _mask("TS TH JH")]
    assert fast_bounds(_avoid(hands, 1, 0)) == (0, 0)
    assert _value(hands, 1, 0) == 0
    # three spades each under one of theirs (8 over 7, 10 over 9, queen over jack)
    three = [_mask("7S 9S JS"), _mask("8S TS 8H"), _mask("QS TH JH")]
    assert fast_bounds(_avoid(three, 2, 0)) == (0, 0)
    assert _value(three, 2, 0) == 0
    # on lead: the jack is an exit (hand 2 holds only the queen) after which his seven and nine
    # still play under their eight and ten; the seven, an exit too, would leave the nine alone
    # above their eight
    assert fast_bounds(_avoid(three, 0, 0)) == (0, 0)
    assert _value(three, 0, 0) == 0


def _all_low(hands: list[int], avoider: int) -> bool:
    """Every card of the avoider below every card of its suit in the other hands (the older rule)."""
    others = [h for i, h in enumerate(hands) if i != avoider]
    for suit in _SUITS:
        mine = [c for c in suit if hands[avoider] >> c & 1]
        theirs = [c for c in suit if any(h >> c & 1 for h in others)]
        if mine and theirs and max(mine) > min(theirs):
            return False
    return True


def test_the_duck_safe_bound_holds_on_random_deals_where_the_avoider_is_not_all_low() -> None:
    rng = random.Random(31)
    fired = 0
    for _ in range(300):
        tricks = rng.randrange(2, 6)
        hands = _random_hands(rng, tricks)
        leader, avoider = rng.randrange(3), rng.randrange(3)
        pos = _avoid(hands, leader, avoider)
        if fast_bounds(pos)[1] != 0 or _all_low(hands, avoider):
            continue
        fired += 1
        assert Solver(_avoid(hands, leader, avoider)).value() == 0, (hands, leader, avoider)
    assert fired >= 20, fired


def _random_hands(rng: random.Random, tricks: int) -> list[int]:
    """Three hands of ``tricks`` cards from two or three suits (short suits make the rules'
    conditions, exits, voids and all-low hands, frequent and tight)."""
    suits = rng.sample(range(4), rng.choice((2, 3)))
    deck = [c for s in suits for c in _SUITS[s][: rng.randrange(4, 9)]]
    if len(deck) < 3 * tricks:
        deck = [c for s in range(4) for c in _SUITS[s]]
    cards = rng.sample(deck, 3 * tricks)
    return [sum(1 << c for c in cards[i * tricks : (i + 1) * tricks]) for i in range(3)]


@pytest.mark.parametrize("stop", [False, True])
def test_the_avoid_bounds_enclose_the_exact_value_on_random_deals_between_and_within_tricks(stop: bool) -> None:
    rng = random.Random(15 + stop)
    raised = lowered = 0
    for _ in range(400):
        tricks = rng.randrange(1, 5)
        hands = _random_hands(rng, tricks)
        leader, avoider = rng.randrange(3), rng.randrange(3)
        played = [rng.randrange(3) for _ in range(2)][: rng.randrange(3)]  # a trick begun: 0 to 2 cards
        pos, ref = _avoid(hands, leader, avoider, stop), _avoid(hands, leader, avoider, stop)
        for pick in played:
            for p in (pos, ref):
                p.play(p.legal_moves()[pick % len(p.legal_moves())])
        lo, hi = fast_bounds(pos)
        value = Solver(ref).value()
        assert lo <= value <= hi, (hands, leader, avoider, stop, played, lo, value, hi)
        raised += lo > 0
        lowered += hi < ref.upper()
    assert raised >= 40 and lowered >= 40, (raised, lowered)


def test_an_avoider_who_can_play_under_every_lead_loses_the_trick() -> None:
    # hand 2 leads, the avoider (0) plays second: his lowest spade and heart are below hand 2's
    # lowest, and hand 2 holds no diamond: he plays under whatever is led
    hands = [_mask("7S 8H AD"), _mask("7D 8D QS"), _mask("9S TH JS")]
    lo, hi = fast_bounds(_avoid(hands, 2, 0))
    assert hi == 2
    assert lo <= _value(hands, 2, 0) <= hi
    # third to play: hand 1 leads lower than his lowest cards, but hand 2, second, holds only
    # higher ones and must go above them
    third = [_mask("8S 8H"), _mask("7S 7H"), _mask("9S 9H")]
    assert fast_bounds(_avoid(third, 1, 0)) == (0, 1)
    assert _value(third, 1, 0) == 0
    # with no heart in hand 2 the heart lead forces him to take the trick instead
    forced = [_mask("8S 8H"), _mask("7S 7H"), _mask("9S 7C")]
    assert fast_bounds(_avoid(forced, 1, 0)) == (1, 2)
    assert _value(forced, 1, 0) >= 1


def test_within_a_trick_the_avoider_loses_it_when_he_can_play_under_and_takes_it_when_all_can() -> None:
    # hand 1 led the nine of spades; the avoider (2) can play his seven under it: he loses it
    after_lead = [_mask("8S KH"), _mask("7H"), _mask("7S AH")]
    pos = PositionPreferans(after_lead, 1, [_card("9S")], None, 0b100, 0b011)
    assert fast_bounds(pos) == (0, 1)
    assert Solver(PositionPreferans(after_lead, 1, [_card("9S")], None, 0b100, 0b011)).value() == 1
    # the avoider (1) led the king of spades and both others can play under it: he takes it
    led = [_mask("8S 9H"), _mask("7H"), _mask("7S 8H")]
    pos = PositionPreferans(led, 1, [_card("KS")], None, 0b010, 0b101)
    assert fast_bounds(pos) == (1, 2)
    assert Solver(PositionPreferans(led, 1, [_card("KS")], None, 0b010, 0b101)).value() == 1


def test_the_avoider_last_to_play_tries_taking_the_trick_before_a_duck_that_leaves_his_suit_unsafe() -> None:
    # Raspasy, preferans seed 87 of bench/bench_solver.py (its slowest deal): seat 0 avoids tricks
    # and leads.  Playing last with one card under the trick's highest, ducking with it often
    # leaves the suit open to leads under all his cards; taking the trick first (AVOID_LAST in
    # fast_tricks.c) cut the search from 173k nodes to 93k.  The value is the deal's exact one
    # (3 tricks, the same with either order).
    hands = [
        _mask("JS QS 7C 9C 7D JD QD KD 7H JH"),
        _mask("8S AS QC KC 9D TD AD 9H QH KH"),
        _mask("7S 9S KS 8C TC JC AC 8H TH AH"),
    ]
    fast.module().clear()
    got, nodes = fast_tricks(_avoid(hands, 0, 0), best=True)
    assert list(got.values()) == [3]
    assert nodes < 120_000


def test_an_avoider_who_can_play_under_the_first_leads_of_each_suit_loses_that_many_tricks() -> None:
    # hands 1 and 2 can lead spades three times; he plays under the first two (the seven under the
    # nine, the eight under the ten) and must take the third with the ace: at most one trick
    hands = [_mask("7S 8S AS"), _mask("9S JS KS"), _mask("TS QS 7H")]
    assert fast_bounds(_avoid(hands, 1, 0)) == (0, 1)
    assert _value(hands, 1, 0) == 1
    # on lead: the seven of hearts is an exit (hand 2 holds only the nine), then the spades as above
    lead = [_mask("7S 8S AS 7H"), _mask("9S JS KS 8H"), _mask("TS QS 7D 9H")]
    assert fast_bounds(_avoid(lead, 0, 0)) == (0, 1)
    assert _value(lead, 0, 0) == 1


def test_an_avoider_losing_the_trick_in_progress_loses_the_next_ones_he_can_play_under() -> None:
    # hand 1 led the king of spades; the avoider (2) plays the seven under it, and then each of
    # their hearts has enough hearts of his below it: he takes no trick
    hands = [_mask("8S TH JH"), _mask("QH KH"), _mask("7S 8H 9H")]
    assert fast_bounds(PositionPreferans(hands, 1, [_card("KS")], None, 0b100, 0b011)) == (0, 0)
    assert Solver(PositionPreferans(hands, 1, [_card("KS")], None, 0b100, 0b011)).value() == 0
    # the same with his seven played already
    played = [_mask("8S TH JH"), _mask("QH KH"), _mask("8H 9H")]
    pos = PositionPreferans(played, 1, [_card("KS"), _card("7S")], None, 0b100, 0b011)
    assert fast_bounds(pos) == (0, 0)
    assert Solver(PositionPreferans(played, 1, [_card("KS"), _card("7S")], None, 0b100, 0b011)).value() == 0


def test_the_losses_bound_cuts_the_slowest_raspasy_deal_of_seed_2000() -> None:
    # Raspasy, preferans seed 2033 of bench/bench_solver.py (the slowest deal of seeds 2000...):
    # seat 2 avoids tricks and leads.  The avoider's losses bound (avoid_losses in fast_tricks.c)
    # cut its search from 257k nodes to 221k; the value is the deal's exact one.
    hands = [
        _mask("9S JS KS 9C TC JC KC 9H JH KH"),
        _mask("8S QS 8C AC 8D 9D AD 8H QH AH"),
        _mask("7S TS AS 7C QC 7D TD QD KD TH"),
    ]
    fast.module().clear()
    got, nodes = fast_tricks(_avoid(hands, 2, 2), best=True)
    assert list(got.values()) == [4]
    assert nodes < 235_000

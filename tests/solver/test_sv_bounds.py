"""The C search's bounds never cut off a true value: at random positions of every game and form,
the lower and upper bound the search starts from (``fast_bounds``: sure tricks, top trumps and,
in the point games, the card points those tricks must hold) enclose the Python reference's exact
value; and they are not idle (each decides something on a share of the positions)."""

from __future__ import annotations

import random

import pytest
import sv_gen
import sv_tricks_gen

from prikup.core.cards import parse_cards
from prikup.core.game import State
from prikup.solver import Solver, position_of
from prikup.solver.play501 import Position501
from prikup.solver.play_points import PointsPosition
from prikup.solver.play_points import fast_bounds as points_bounds
from prikup.solver.play_preferans import PositionPreferans
from prikup.solver.play_tricks import TrickPosition
from prikup.solver.play_tricks import fast_bounds as tricks_bounds

#: (game, form) pairs: every form of the trick games, 501 with trumps and without, Пятьсот.
FORMS: list[tuple[str, str | None]] = [("501", None), ("501", "NT"), ("pyatsot", None)]
FORMS += [("five-hundred", form) for form in sv_tricks_gen.FH_FORMS]
FORMS += [("preferans", form) for form in sv_tricks_gen.PF_FORMS]


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def _position(game: str, form: str | None, seed: int, tricks: int) -> State:
    if game in ("501", "pyatsot"):
        return sv_gen.random_position(game, seed, max(2, tricks), form, 0.6)
    return sv_tricks_gen.random_position(game, form or "", seed, tricks)


def _bounds(pos: PointsPosition | TrickPosition) -> tuple[int, int]:
    return points_bounds(pos) if isinstance(pos, PointsPosition) else tricks_bounds(pos)


@pytest.mark.parametrize(("game", "form"), FORMS)
def test_the_search_bounds_enclose_the_exact_value_on_random_positions(game: str, form: str | None):
    seeds = range(60) if game in ("501", "pyatsot") else range(25)
    raised = lowered = 0
    for seed in seeds:
        state = _position(game, form, 9000 + seed, 2 + seed % 3)
        pos, _ = position_of(state)
        assert isinstance(pos, (PointsPosition, TrickPosition))
        upper = pos.upper()
        lo, hi = _bounds(pos)
        value = Solver(position_of(state)[0]).value()
        assert lo <= value <= hi, (game, form, seed, lo, value, hi)
        raised += lo > 0
        lowered += hi < upper
    if game in ("501", "pyatsot"):  # the point games' bounds work on most positions
        assert raised * 5 >= len(seeds) and lowered * 5 >= len(seeds), (raised, lowered)


def test_the_trick_bounds_decide_something_on_random_positions():
    raised = lowered = total = 0
    for game, form in FORMS[3:]:
        for seed in range(10):
            pos, _ = position_of(_position(game, form, 9500 + seed, 3))
            assert isinstance(pos, TrickPosition)
            lo, hi = tricks_bounds(pos)
            raised += lo > 0
            lowered += hi < pos.upper()
            total += 1
    assert raised * 10 >= total and lowered * 10 >= total, (raised, lowered, total)


def test_a_sure_tricks_points_count_the_cheapest_card_of_each_other_hand():
    # 501, hearts trumps, the declarer (0) on lead with the ace and ten of trumps: two sure tricks,
    # into which each defender must put two cards; their cheapest two are the nines (0) and a
    # jack (2) and the nines of the other defender (0): at least 11 + 10 + 2 points
    hands = [_mask("AH TH"), _mask("9S JS"), _mask("9C 9D")]
    pos = Position501(hands, 0, [], 0, 3)
    assert points_bounds(pos) == (23, 23)  # the value is decided before any search
    assert Solver(Position501(hands, 0, [], 0, 3)).value() == 23


def test_a_defenders_sure_tricks_take_the_declarers_cheapest_cards_out_of_his_reach():
    # 501, no trumps: defender 1 leads and holds the top spades; the declarer (0) must give two
    # cards to those tricks, at least his two cheapest (a nine and a king: 4), defender 2's too
    hands = [_mask("9C KC"), _mask("AS TS"), _mask("9S JS")]
    pos = Position501(hands, 1, [], 0, None)
    lo, hi = points_bounds(pos)
    total = 0 + 4 + 11 + 10 + 0 + 2
    assert (lo, hi) == (0, total - (11 + 10 + 4 + 2))
    assert Solver(Position501(hands, 1, [], 0, None)).value() == 0


def test_a_hand_that_can_follow_gives_its_cheapest_card_of_the_suit_to_a_sure_trick():
    # 501, no trumps: the declarer (0) leads the ace of spades, his one sure trick; defender 1
    # must follow with his ten (his cheapest card, the nine of clubs, cannot go), defender 2 has
    # no spade and may throw his nine: at least 11 + 10 + 0
    hands = [_mask("AS 9H JH"), _mask("TS 9C AH"), _mask("9D JD QD")]
    pos = Position501(hands, 0, [], 0, None)
    lo, hi = points_bounds(pos)
    assert lo == 21
    assert lo <= Solver(Position501(hands, 0, [], 0, None)).value() <= hi


def test_a_low_card_led_to_a_partners_top_card_is_a_sure_trick_when_nobody_can_ruff():
    # preferans, no trumps, declarer 0; defender 1 leads with no sure trick of his own, but his
    # seven of spades reaches his partner's ace: the defenders take one of the two tricks surely
    hands = [_mask("KS AH"), _mask("7S 7H"), _mask("AS 8H")]
    pos = PositionPreferans(hands, 1, [], None, count=1, maximisers=1)
    assert tricks_bounds(pos) == (0, 1)
    assert Solver(PositionPreferans(hands, 1, [], None, count=1, maximisers=1)).value() == 1
    # with a trump (his seven of diamonds, a sure trick) the declarer could ruff the ace: no
    # entry is counted
    ruff = [_mask("KS 7D"), _mask("7S 7H"), _mask("AS 8H")]
    assert tricks_bounds(PositionPreferans(ruff, 1, [], 2, count=1, maximisers=1)) == (1, 2)


def test_a_top_run_is_sure_while_every_hand_that_could_ruff_must_follow_it():
    # preferans, diamonds trumps, the declarer (0) leads: defender 1 holds a trump, so the
    # declarer's top spades are not sure winners by themselves, but defender 1 also holds two
    # spades and must follow both leads: two sure tricks, the value decided before any search
    hands = [_mask("AS KS 7H"), _mask("7D QS JS"), _mask("8H 9H TH")]
    pos = PositionPreferans(hands, 0, [], 2, count=1, maximisers=1)
    assert tricks_bounds(pos) == (2, 2)
    assert Solver(PositionPreferans(hands, 0, [], 2, count=1, maximisers=1)).value() == 2
    # with one spade he ruffs the king: one sure trick only (and his two top trumps are two)
    short = [_mask("AS KS 7H"), _mask("7D 8D QS"), _mask("8H 9H TH")]
    assert tricks_bounds(PositionPreferans(short, 0, [], 2, count=1, maximisers=1)) == (1, 1)
    assert Solver(PositionPreferans(short, 0, [], 2, count=1, maximisers=1)).value() == 1


def test_the_leaders_top_runs_in_several_suits_add_up_while_the_ruffer_must_follow_each():
    # preferans, diamonds trumps, the declarer (0) leads: the ace of trumps draws one of defender
    # 1's two trumps, who then still holds a trump but must follow the ace of spades and the ace of
    # clubs: three sure tricks (one suit's run alone, or the ace of trumps alone, is one)
    hands = [_mask("AD AS AC 7H"), _mask("7D 8D QS QC"), _mask("8S 8C 9H TH")]
    pos = PositionPreferans(hands, 0, [], 2, count=1, maximisers=1)
    lo, hi = tricks_bounds(pos)
    assert lo == 3
    assert lo <= Solver(PositionPreferans(hands, 0, [], 2, count=1, maximisers=1)).value() <= hi


def test_a_partner_who_keeps_his_top_trump_lets_the_leader_cash_and_still_takes_its_trick():
    # Five Hundred, 4 players, hearts trumps, side 0 and 2: the leader (0) cashes the ace and king
    # of spades; his partner (2), void in spades, holds the top trump in play (the right bower)
    # but two other cards to throw, so he never has to ruff them, and his bower is a third trick
    from prikup import make_game

    layout = make_game("five-hundred").layouts[3]
    hands = [_mask("AS KS 7C 8C"), _mask("QS JS 9D TD"), _mask("JH 9C TC QD"), _mask("TS 9S KD AD")]

    def position() -> TrickPosition:
        return TrickPosition(hands, 0, [], -1, layout.suits, layout.trump, layout.strength, 0b0101, 0b0101)

    lo, hi = tricks_bounds(position())
    assert lo == 3
    assert lo <= Solver(position()).value() <= hi
    # with one card besides his trumps the partner might have to ruff a spade: the leader's cashed
    # spades are not added to the bower; his three trumps against the other side's one king are
    # two tricks (the trumps' pairing, test_sv_trick_bounds_more)
    short = [_mask("AS KS 7C 8C"), _mask("QS JS KH TD"), _mask("JH 8H 9H 9C"), _mask("TS 9S KD AD")]
    pos = TrickPosition(short, 0, [], -1, layout.suits, layout.trump, layout.strength, 0b0101, 0b0101)
    lo, hi = tricks_bounds(pos)
    assert lo == 2
    pos = TrickPosition(short, 0, [], -1, layout.suits, layout.trump, layout.strength, 0b0101, 0b0101)
    assert lo <= Solver(pos).value() <= hi


def test_a_sides_master_trumps_split_between_two_hands_count_for_the_hand_holding_most():
    # preferans, diamonds trumps, the declarer (0) leads: the defenders hold the ace, king and
    # queen of trumps, all higher than his jack; defender 1 holds two of them, which take two
    # tricks whatever happens (the king of his partner can fall on one of them, not on both)
    hands = [_mask("JD 7H 8H"), _mask("AD QD 7S"), _mask("KD 8S 9S")]

    def position() -> PositionPreferans:
        return PositionPreferans(hands, 0, [], 2, count=1, maximisers=1)

    lo, hi = tricks_bounds(position())
    assert hi == 1  # the ace alone (the top-trump holder's run) would give 2
    assert lo <= Solver(position()).value() <= hi


def test_master_trump_bounds_enclose_the_exact_value_on_random_short_deals():
    rng = random.Random(1515)
    suits = [[c.id for c in parse_cards(" ".join(r + s for r in "789TJQKA"))] for s in "SCDH"]
    tightened = 0
    for _ in range(200):
        tricks = rng.randrange(1, 5)
        deck = [c for s in rng.sample(range(4), 3) for c in suits[s]]
        cards = rng.sample(deck, 3 * tricks)
        hands = [sum(1 << c for c in cards[i * tricks : (i + 1) * tricks]) for i in range(3)]
        trump, leader, declarer = rng.randrange(4), rng.randrange(3), rng.randrange(3)

        bit = 1 << declarer
        lo, hi = tricks_bounds(PositionPreferans(hands, leader, [], trump, count=bit, maximisers=bit))
        value = Solver(PositionPreferans(hands, leader, [], trump, count=bit, maximisers=bit)).value()
        assert lo <= value <= hi, (hands, leader, trump, declarer, lo, value, hi)
        tightened += lo == value == hi
    assert tightened >= 40, tightened

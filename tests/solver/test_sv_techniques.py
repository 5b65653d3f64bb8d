"""The C search's double-dummy techniques, each exact, pinned by what they must do: sure tricks
and top trumps decide a position without searching it, the last trick is evaluated directly,
and the transposition table is kept for the searches of one deal and emptied by ``clear``.
(Exactness itself is the business of test_sv_fast and the brute-force tests.)"""

from __future__ import annotations

import sv_gen

from prikup.core.cards import parse_cards
from prikup.solver import ADAPTERS, Solver, fast, position_of
from prikup.solver.play501 import Position501, fast_values
from prikup.solver.play_preferans import PositionPreferans
from prikup.solver.play_preferans import fast_values as fast_tricks


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def test_sure_tricks_of_the_declarer_on_lead_decide_the_value_without_a_search():
    # The declarer (0) leads holding the top of every suit: his 4 tricks are sure (no trumps).
    hands = [_mask("AS KS AC AH"), _mask("QS JS KC KH"), _mask("TS 9S QC QH")]
    pos = PositionPreferans(hands, 0, [], None, count=1, maximisers=1)
    fast.module().clear()
    got, nodes = fast_tricks(pos, best=True)
    assert list(got.values()) == [4] == [Solver(PositionPreferans(hands, 0, [], None, 1, 1)).value()]
    # the root is never searched; the first card tested keeps the 4 tricks: its trick's three
    # positions are visited, and at the next lead the bounds decide again
    assert nodes <= 3


def test_a_defenders_top_trumps_bound_the_declarers_tricks():
    # Spades are trumps and defender 1 holds the ace and king of trumps: 2 tricks are his whatever
    # happens, so the declarer's 4 are out of reach before any search, and he has 2 sure tricks.
    hands = [_mask("QS AC AH AD"), _mask("AS KS 7C 7H"), _mask("JS 8C 8H 8D")]
    pos = PositionPreferans(hands, 0, [], 0, count=1, maximisers=1)
    assert pos.upper() == 4  # the reference's bound knows nothing of it
    fast.module().clear()
    got, _ = fast_tricks(pos, best=True)
    assert list(got.values()) == [Solver(PositionPreferans(hands, 0, [], 0, 1, 1)).value()] == [2]


def test_the_last_trick_is_evaluated_without_searching_its_cards():
    # one card each: the leader's forced card and the two forced answers; 501, no trumps.  The
    # declarer's nine has no sure trick and nobody holds a trump, so no bound decides it (0 to 21):
    # the root is visited once and its value read from the three forced cards (the ace takes it).
    hands = [_mask("9S"), _mask("AS"), _mask("TD")]
    pos = Position501(hands, 0, [], 0, None)
    fast.module().clear()
    got, nodes = fast_values(pos, best=True)
    assert got == Solver(Position501(hands, 0, [], 0, None)).values() == {parse_cards("9S")[0].id: 0}
    assert nodes == 1


def test_the_table_is_kept_for_the_searches_of_one_deal_and_emptied_by_clear():
    state = sv_gen.to_play("501", 810, None)
    adapter = ADAPTERS["501"]
    assert adapter.fast is not None
    fast.module().clear()
    first, nodes_first = adapter.fast(position_of(state)[0])
    again, nodes_again = adapter.fast(position_of(state)[0])
    fast.module().clear()
    cleared, nodes_cleared = adapter.fast(position_of(state)[0])
    assert first == again == cleared
    assert nodes_again * 5 < nodes_first  # the kept table answers most of the second search
    assert nodes_cleared == nodes_first  # an emptied table starts over

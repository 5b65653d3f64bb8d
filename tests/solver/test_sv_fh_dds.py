"""DDS, bridge's double-dummy solver (through endplay), as an independent referee of the C search:
a four-hand Five Hundred trump contract is a bridge deal once the joker and the bowers are the
trump suit's top ranks (:mod:`prikup.solver.bridge`), so DDS's trick count for every legal card
must be the C search's value of it, at the first lead and deeper into the play (no trumps without
a joker is bridge's no trumps)."""

from __future__ import annotations

import random

import endplay.dds as dds
from endplay.dds.solve import SolveMode
from endplay.types import Deal, Denom, Player
from sv_tricks_gen import FH_FORMS, plain_random_position
from test_sv_trick_bounds_more import _first_lead

from prikup.core.game import State
from prikup.solver import ADAPTERS, fast, position_of
from prikup.solver.bridge import BridgeDeal, bridge_deal
from prikup.solver.play_tricks import TrickPosition


def _dds_values(found: BridgeDeal) -> dict[int, int]:
    """Every legal card of the seat on lead (the position's card id) and the count's tricks DDS
    finds after it."""
    deal = Deal(found.pbn)
    deal.first = Player(found.first)
    deal.trump = Denom.nt if found.no_trumps else Denom.spades
    solved = dds.solve_board(deal, SolveMode.Default)  # every legal card with its tricks
    return {found.card(int(card.suit), card.rank.abbr): found.count_tricks(tricks) for card, tricks in solved}


def _checked(state: State) -> bool:
    """Whether ``state``'s position is a bridge deal; if so, assert each legal card's value is DDS's."""
    pos, _ = position_of(state)
    assert isinstance(pos, TrickPosition)
    found = bridge_deal(pos)
    if found is None:
        return False
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    fast.module().clear()
    ours, _ = adapter.fast(position_of(state)[0])
    assert ours == _dds_values(found), found.pbn
    return True


def test_the_first_leads_of_four_hand_trump_contracts_have_ddss_values():
    # bench_solver's first thirty deals (the heuristic's contracts): every one is a trump contract
    checked = sum(_checked(_first_lead(seed)) for seed in range(30))
    assert checked == 30


def test_positions_deeper_in_the_play_have_ddss_values():
    # random play down to 2 to 9 tricks, at a trick's start, with the joker and without it (where
    # no trumps is bridge's too): 53 of the 60 are bridge deals, 17 of them in no trumps
    checked = no_trumps = 0
    for seed in range(60):
        form = ("4p", "4p-no-joker")[seed % 2]
        state = plain_random_position(FH_FORMS, form, seed, random.Random(seed).randrange(2, 10))
        while state.trick:  # type: ignore[attr-defined]
            state.apply(state.legal_actions()[0])
        if _checked(state):
            checked += 1
            no_trumps += not position_of(state)[0].trump  # type: ignore[attr-defined]
    assert checked >= 50 and no_trumps >= 10, (checked, no_trumps)


def test_a_position_that_is_no_bridge_deal_is_told_apart():
    # the no-trump joker names a suit when led: no bridge form
    state = plain_random_position(FH_FORMS, "4p-nt-any-time", 3, 6)
    pos, _ = position_of(state)
    assert isinstance(pos, TrickPosition) and pos.nt_jokers
    assert bridge_deal(pos) is None

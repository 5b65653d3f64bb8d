"""Five and six hands searched with the four-hand techniques (fast_tricks.c): the partition table,
the trumps' pairing, the trick decided and the lead order.  Every value stays the reference's
with the table kept across many positions of one deal, and a five-hand first lead that took the
search 148 million positions takes a quarter of a million."""

from __future__ import annotations

import random

import pytest
from test_sv_fh_many import _position
from test_sv_trick_bounds_more import _first_leads_nodes

from prikup.core.game import Phase
from prikup.games.presets import PRESETS
from prikup.solver import ADAPTERS, Solver, fast, position_of

pytestmark = pytest.mark.skipif(not fast.enabled(), reason="the C search is not built")


@pytest.mark.parametrize("form", ["5p", "5p-secret-no-trumps-called", "5p-nt-lead-not-void", "6p-threes", "6p-pairs"])
def test_a_table_kept_across_positions_of_one_deal_gives_the_references_values_with_five_or_six_hands(
    form: str,
) -> None:
    # positions of one layout searched one after the other, the table kept: a class entry of one
    # position answers others; every move's value and the best move are the Python reference's
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    checked = 0
    for seed in range(4):
        fast.module().clear()
        rng = random.Random(seed)
        for line in range(5):
            state = _position(form, seed * 1000 + line, 3)
            for _ in range(rng.randrange(3)):  # some within a trick
                if state.phase is Phase.PLAY:
                    state.apply(rng.choice(state.legal_actions()))
            if state.phase is not Phase.PLAY:
                continue
            pos, _ = position_of(state)
            expected = Solver(pos).values()
            got, _ = adapter.fast(position_of(state)[0])
            assert got == expected, (form, seed, line)
            best, _ = adapter.fast(position_of(state)[0], best=True)
            ((move, value),) = best.items()
            assert expected[move] == value == (max if pos.max_to_move() else min)(expected.values())
            checked += 1
    assert checked >= 15


def test_five_hand_first_leads_search_a_fraction_of_the_positions_they_did() -> None:
    # value + best first lead of bench_solver's first four five-hand deals with a fresh table:
    # 1,446,548 + 148,077,457 + 461,639 + 79,469 positions with the three-hand search (seed 1 took
    # about 30 s); 166,954 + 243,850 + 2,235 + 10,404 with the four-hand techniques.  Positions
    # are the search's own count, the same on every machine.
    total = _first_leads_nodes(range(4), **PRESETS["five-hundred"]["five_handed"])
    assert total < 1_000_000, total

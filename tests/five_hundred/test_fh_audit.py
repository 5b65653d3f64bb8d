"""Rule-clause tests for the variants the audit of Five Hundred's variants found checked only in
part (the page ``docs/five-hundred-variants.md``): unlimited bidding in the partnership game, and
the colour-split precedence of Hi/Lo and double misère."""

from __future__ import annotations

import pytest
from fh_helpers import DEAL_A, KITTY_A, deal, game, legal, run

from prikup import IllegalActionError


def test_unlimited_bidding_misere_as_the_first_bid_in_the_partnership_game() -> None:
    s = deal(DEAL_A, KITTY_A, misere_from="any")
    assert "bid MIS" in legal(s)  # no 7-level bid needed
    run(s, "bid MIS", "pass", "pass", "pass")
    assert s.contract_call == "MIS" and s.contractor == 0


def test_unlimited_bidding_still_needs_a_bid_that_outbids() -> None:
    s = deal(DEAL_A, KITTY_A, misere_from="any")
    run(s, "bid 8C")  # 260 > misère's 250
    assert "bid MIS" not in legal(s)
    with pytest.raises(IllegalActionError):
        run(s, "bid MIS")


def test_without_unlimited_bidding_the_partnership_misere_waits_for_the_7_level() -> None:
    s = deal(DEAL_A, KITTY_A)
    assert "bid MIS" not in legal(s)
    run(s, "bid 7S")
    assert "bid MIS" in legal(s)


def test_colour_split_hi_lo_above_9c_below_9d_double_misere_above_10c_below_10d() -> None:
    ladder = list(game(misere_rank="colour_split", hi_lo=True, double_misere=True).ladder.calls)
    assert ladder.index("9C") + 1 == ladder.index("HILO") == ladder.index("9D") - 1
    assert ladder.index("10C") + 1 == ladder.index("DMIS") == ladder.index("10D") - 1


def test_colour_split_keeps_the_values_of_the_table() -> None:
    g = game(misere_rank="colour_split", hi_lo=True, double_misere=True)
    assert [g.table.value(c) for c in ("MIS", "OMIS", "HILO", "DMIS")] == [250, 500, 350, 450]

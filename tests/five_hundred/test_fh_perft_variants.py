"""Perft vectors of Five Hundred's variants (tests/five_hundred/fh_perft_variants.json): the
45- and 46-card decks, two jokers (either one higher), the colour fours, the misdeal, the extra
bids at the first call, the double misère's pass and play, the slam bid over the kitty, Hi/Lo,
the breaking question and J5.  Each count is found twice: by the direct generation
(:meth:`legal_actions`, the C path where the game has one) and by the separate reference generator
(:meth:`legal_actions_reference`: every candidate tested by the rules' own check), and the two
must agree with the stored count at every depth.

Hand-checked: 45 cards, 15 cards to discard from: 15, 15·14, 15·14·13; 46 cards: 16, 16·15,
16·15·14; the misdeal adds one call to the standard 27 (28); the five extra bids make 32 first
calls; the double misère's pass gives 13, 13·12, 13·12·11 and the partner discards from 13
(1716·13 = 22308); the slam bid: 13 discards and the slam call (14), then 13·12 discards or the
partner's 10 gives (166); the break: break or pass (2), then the contractor's 10 leads after a
break or the second defender's question (10 + 2 = 12)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_fh_perft import perft, start

VECTORS: list[dict[str, Any]] = json.loads((Path(__file__).parent / "fh_perft_variants.json").read_text())


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_perft_variant_direct_generation(vector: dict[str, Any]) -> None:
    state = start(vector)
    for depth, count in vector["counts"].items():
        assert perft(state, int(depth)) == count, f"depth {depth}"


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_perft_variant_reference_generator(vector: dict[str, Any]) -> None:
    state = start(vector)
    for depth, count in vector["counts"].items():
        if int(depth) <= 3:
            assert perft(state, int(depth), reference=True) == count, f"depth {depth}"


def test_perft_variant_hand_checked_counts() -> None:
    counts = {v["name"]: {int(d): c for d, c in v["counts"].items()} for v in VECTORS}
    assert counts["45-card deck discards"] == {1: 15, 2: 15 * 14, 3: 15 * 14 * 13}
    assert counts["46-card deck discards"] == {1: 16, 2: 16 * 15, 3: 16 * 15 * 14}
    assert counts["misdeal first call"][1] == 27 + 1
    assert counts["new bids first call"][1] == 27 + 5
    assert counts["double misere pass"] == {1: 13, 2: 13 * 12, 3: 13 * 12 * 11, 4: 13 * 12 * 11 * 13}
    assert counts["slam bid over the kitty"] == {1: 13 + 1, 2: 13 * 12 + 10}
    assert counts["breaking question"][1] == 2
    assert counts["breaking question"][2] == 10 + 2

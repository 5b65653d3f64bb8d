"""Perft vectors: distinct legal play sequences after 1, 3, 6 and 24 cards of fixed 501 deals.

``tests/data/501_perft.json`` holds the deals, the actions up to the first lead and the counts.
The balanced deals have counts that can be checked by hand: in ``balanced-spades`` seat 0 holds
the ace and ten of every suit and wins every trick, so the play sequences are the 8! orders of
his cards times 2 * 2 choices for each follower pair per suit: 8! * 4**4 = 10,321,920.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from helpers501 import deal, run

from prikup.perft import perft

CASES = json.loads((Path(__file__).parent.parent / "data" / "501_perft.json").read_text())


def test_balanced_vector_matches_the_hand_count():
    case = next(c for c in CASES if c["name"] == "balanced-spades")
    assert case["perft"]["24"] == math.factorial(8) * 4**4


@pytest.mark.parametrize(
    ("name", "depth"), [(c["name"], int(d)) for c in CASES for d in c["perft"]], ids=lambda v: str(v)
)
def test_perft(name, depth):
    case = next(c for c in CASES if c["name"] == name)
    hands = {int(k): v for k, v in case["hands"].items()}
    state = run(deal(hands, case["talon"], case["dealer"]), *case["actions"])
    assert state.phase.value == "play"
    assert perft(state, depth) == case["perft"][str(depth)]

"""Perft vectors: counts of distinct legal action sequences from fixed positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pf_helpers import deal3, declare, run

from prikup.games.preferans import StatePreferans
from prikup.perft import perft

VECTORS = json.loads((Path(__file__).parent / "pf_perft.json").read_text())


def position(name: str) -> StatePreferans:
    if name == "raspasy":
        return run(deal3(), "pass", "pass", "pass")
    if name == "6S whist-whist":
        return run(declare(deal3(), "6S", ("8C", "7C"), "6S"), "whist", "whist")
    if name == "6S lone whist":
        return run(declare(deal3(), "6S", ("8C", "7C"), "6S"), "pass", "whist")
    assert name == "auction"
    return deal3()


@pytest.mark.parametrize("name", [k for k in VECTORS if k != "about"])
def test_perft_vectors(name: str) -> None:
    s = position(name)
    assert [perft(s, d) for d in range(1, len(VECTORS[name]) + 1)] == VECTORS[name]


def test_perft_small_depths_by_hand() -> None:
    # Raspasy: seat 1 leads any of 10; a spade lead (8) leaves seats 2 and 0 void: 10 cards each;
    # a club lead (AC or KC) must be followed: QC/JC, then TC/9C.
    assert [perft(position("raspasy"), d) for d in (1, 2, 3)] == [10, 8 * 10 + 2 * 2, 8 * 100 + 2 * 2 * 2]
    # A lone whist: after the declarer's lead the whister chooses open or closed.
    assert [perft(position("6S lone whist"), d) for d in (1, 2, 3)] == [10, 20, 2 * (8 * 10 + 2 * 2)]
    # The auction: pass or any of the 52 calls; a junior must top the bid (sum of 1 + 51 - r).
    assert perft(position("auction"), 2) == 53 + sum(1 + 51 - r for r in range(52))


def test_copy_is_independent() -> None:
    s = position("raspasy")
    c = s.copy()
    c.apply(c.legal_actions()[0])
    assert len(s.trick) == 0 and len(c.trick) == 1 and s.hands != c.hands

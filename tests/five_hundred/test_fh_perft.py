"""Perft-style vectors: counts of distinct legal action sequences from fixed deals of every form
(tests/five_hundred/fh_perft.json).  Hand-checked: the 6S play vector (10 leads; 6 trump leads
that seat 1 cannot follow, 4 club leads it must follow with 5 clubs: 6*10 + 4*5 = 80; seat 2
follows nothing: 800; seat 3 follows the 6 trump leads with 6 spades: 3600 + 2000 = 5600), the
auction's 27 first calls (pass, 25 contracts, open misère; misère needs the 7 level) and the
any_time joker's 2 answers to a spade lead (AS or JK)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fh_helpers import game

from prikup.games.five_hundred import StateFiveHundred

VECTORS: list[dict[str, Any]] = json.loads((Path(__file__).parent / "fh_perft.json").read_text())


def perft(state: StateFiveHundred, depth: int, *, reference: bool = False) -> int:
    """Distinct legal action sequences of ``depth`` actions: by the direct generation, or
    (``reference``) by the separate reference generator (every candidate tested by the rules)."""
    if depth == 0 or state.to_act is None:
        return 1
    total = 0
    for action in state.legal_actions_reference() if reference else state.legal_actions():
        child = state.copy()
        assert isinstance(child, StateFiveHundred)
        child.apply(action)
        total += perft(child, depth - 1, reference=reference)
    return total


def start(vector: dict[str, Any]) -> StateFiveHundred:
    """A vector's deal after its prefix of actions."""
    g = game(**vector["options"])
    hands = {int(s): cards for s, cards in vector["hands"].items()}
    state = g.new_deal(hands, vector["kitty"], dealer=vector["dealer"])
    assert isinstance(state, StateFiveHundred)
    for action in vector["prefix"]:
        state.apply(action)
    return state


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_perft(vector: dict[str, Any]) -> None:
    state = start(vector)
    for depth, count in vector["counts"].items():
        assert perft(state, int(depth)) == count, f"depth {depth}"

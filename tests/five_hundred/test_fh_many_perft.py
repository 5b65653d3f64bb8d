"""Perft vectors of the five- and six-player forms (tests/five_hundred/fh_many_perft.json), counted
by the perft of test_fh_perft (every legal sequence played out on copies) and checked against the
memoised :func:`prikup.perft.perft`.  Hand-checked (deals of test_fh_many): five players' first
calls are a pass and the 25 contracts (26; misère only under ``five_misere``: 27 with open
misère), the replies 26 + sum(1 + 24 - r for r in 0..24) = 351; the partner call is ``alone`` or
any of the 52 cards but the joker (53; 39 without the 13 spades and the left bower), each
followed by the contractor's 10 leads (530); the 7S play: ten trump leads nobody but seat 4 (5
spades) can follow: 10**4 * 5 = 50000.  Six players: 9 trump leads and the 13D, seats 1-3 free
or following with 10 each, seat 4 8 trumps and no diamond: 10**4 * (9 * 8 + 10) / 10 = 82000; a
misère bidder's team-mates sit out (threes: seats 3 and 5, so seat 0 answers the fourth card,
10000; pairs: seat 4, so seat 5 follows hearts with 3, 3000); the 64-card deck's kitty is 4
(14 discards)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import test_fh_perft
from fh_helpers import game

from prikup.perft import perft as memo_perft

VECTORS: list[dict[str, Any]] = json.loads((Path(__file__).parent / "fh_many_perft.json").read_text())


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_many_hand_perft(vector: dict[str, Any]) -> None:
    test_fh_perft.test_perft(vector)  # the counts by playing every sequence out on copies
    g = game(**vector["options"])
    state = g.new_deal({int(s): c for s, c in vector["hands"].items()}, vector["kitty"], dealer=vector["dealer"])
    for action in vector["prefix"]:
        state.apply(action)
    for depth, count in vector["counts"].items():
        assert memo_perft(state, int(depth)) == count, f"memoised, depth {depth}"

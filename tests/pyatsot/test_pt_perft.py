"""Perft-style vectors: the number of distinct legal action sequences from fixed Пятьсот deals,
stored in pt_perft.json, checked against the engine and against an independent small move
generator written here from the rules page (not from the engine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pt_helpers import A_START, A_TALON, A, deal, run

from prikup.core.game import Phase

DATA = json.loads((Path(__file__).parent / "pt_perft.json").read_text())
DEALS = {"A": (A, A_TALON)}

ORDER = "AT KQJ9".replace(" ", "")  # A T K Q J 9, high to low
COMBOS = {"KQJ": "KQJ", "KQ": "KQ", "QJ": "QJ"}


def engine_perft(state, depth: int) -> int:
    if depth == 0 or state.phase is not Phase.PLAY:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        total += engine_perft(child, depth - 1)
    return total


# -- the independent generator -----------------------------------------------------------------------
def _legal(pos: dict) -> list[tuple[str, str | None]]:
    seat = pos["turn"]
    hand = pos["hands"][seat]
    trump, trick = pos["trump"], pos["trick"]
    if trick:
        led = trick[0][1][1]
        same = [c for c in hand if c[1] == led]
        return [(c, None) for c in (same or hand)]
    moves = []
    for c in hand:
        if trump and c[1] == trump and seat != pos["maker"] and any(x[1] != trump for x in hand):
            continue
        moves.append((c, None))
    if pos["won"][seat]:
        for kind, ranks in COMBOS.items():
            for suit in "SCDH":
                cards = {r + suit for r in ranks}
                if cards <= set(hand) and not cards & pos["used"]:
                    moves += [(c, kind) for c in sorted(cards)]
    return moves


def _apply(pos: dict, move: tuple[str, str | None]) -> dict:
    card, kind = move
    seat = pos["turn"]
    new = {
        "hands": {s: [c for c in h if c != card] if s == seat else h for s, h in pos["hands"].items()},
        "trump": card[1] if kind else pos["trump"],
        "maker": seat if kind else pos["maker"],
        "used": pos["used"] | ({r + card[1] for r in COMBOS[kind]} if kind else set()),
        "won": dict(pos["won"]),
        "trick": [*pos["trick"], (seat, card)],
        "seats": pos["seats"],
    }
    seats = pos["seats"]
    if len(new["trick"]) < 3:
        new["turn"] = seats[(seats.index(seat) + 1) % 3]
        return new
    trick = new["trick"]
    trumps = [(s, c) for s, c in trick if c[1] == new["trump"]]
    pool = trumps or [(s, c) for s, c in trick if c[1] == trick[0][1][1]]
    winner = min(pool, key=lambda sc: ORDER.index(sc[1][0]))[0]
    new["won"][winner] += 1
    new["trick"] = []
    new["turn"] = winner
    return new


def independent_perft(pos: dict, depth: int) -> int:
    if depth == 0 or not any(pos["hands"].values()):
        return 1
    return sum(independent_perft(_apply(pos, m), depth - 1) for m in _legal(pos))


def start_position(state) -> dict:
    seats = list(state.active_seats())
    return {
        "hands": {s: sorted(str(c) for c in _cards(state.hands[s])) for s in seats},
        "trump": None,
        "maker": None,
        "used": set(),
        "won": dict.fromkeys(seats, 0),
        "trick": [],
        "turn": state.to_act,
        "seats": seats,
    }


def _cards(mask):
    from prikup.core.cards import cards_of

    return cards_of(mask)


def independent_position(vector) -> dict:
    """The independent generator's position: the play's start, then the vector's plays."""
    hands, talon = DEALS[vector["deal"]]
    pos = start_position(run(deal(hands, talon), *vector["actions"]))
    for text in vector["plays"]:
        words = text.split()
        move = (words[1].upper(), words[3] if len(words) == 4 else None)
        assert move in _legal(pos), text
        pos = _apply(pos, move)
    return pos


@pytest.mark.parametrize("vector", DATA["vectors"], ids=[v["name"] for v in DATA["vectors"]])
def test_perft_vectors(vector):
    hands, talon = DEALS[vector["deal"]]
    state = run(deal(hands, talon), *vector["actions"], *vector["plays"])
    assert state.phase is Phase.PLAY
    counts = vector["counts"]
    pos = independent_position(vector)
    for depth, expected in enumerate(counts, 1):
        assert independent_perft(pos, depth) == expected, f"independent, depth {depth}"
    # the engine is slower: check it to a smaller depth
    for depth, expected in enumerate(counts[: vector["engine_depth"]], 1):
        assert engine_perft(state, depth) == expected, f"engine, depth {depth}"


def test_perft_vector_start_is_deal_a():
    assert DATA["vectors"][0]["actions"] == list(A_START)

"""Perft vectors of the forms of 2 players and the dead hand (tests/five_hundred/fh_forms_perft.json):
counts of distinct legal action sequences from fixed deals, each node's legal set checked against
two generators separate from the engine's direct one: the rules' reference check
(``legal_actions_reference``: every candidate tested by the rules) and, for the play, a generator
written here from the rules text (follow the effective suit led with the cards one may play: a
dummy's face-up cards; the bowers and the joker trumps; else any).  Hand-checked: the drawing
form's 2, 4, 8, 16 (keep or set aside, each turn); the table cards' 8 and 8 × 7 = 56 (each
player gives the kitty one of the face-up cards left); the two-handed auction's 26 first calls
(pass and the 25 contracts 6S … 10NT: no misère); the two-handed 7S play to depth 4: 10 leads,
seat 1's ten diamonds answer each (void in trumps and hearts: 100), seat 0's dummy has no face-up
spade or heart and its face-down hearts do not oblige it (5 each: 500), seat 1's dummy follows the
8 trump leads with its 4 face-up spades and the 2 heart leads with 4H: 8·10·5·4 + 2·10·5·1 = 1700."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fh_forms import DOWN, finished_cards, form_game

from prikup.core.cards import Card, Rank, Suit, cards_of, parse_card
from prikup.games.five_hundred import StateFiveHundred

VECTORS: list[dict[str, Any]] = json.loads((Path(__file__).parent / "fh_forms_perft.json").read_text())


def _rules_plays(state: StateFiveHundred) -> set[str] | None:
    """The legal plays from the rules text (``None`` outside the play or at a no-trump joker
    lead, which names a suit)."""
    if state.phase.value != "play":
        return None
    hand_id = state._turn
    assert hand_id is not None
    cards = set(cards_of(state.hands[hand_id]))
    spec = state.game.form
    assert spec is not None
    if spec.name == "dummies" and hand_id >= 2:
        log = state.deals[-1]
        dealt = dict(zip(state.active_seats(log.dealer), log.hands, strict=True))[hand_id]
        done = finished_cards(state)
        cards -= {d for d, up in zip(dealt[:DOWN], dealt[DOWN:], strict=True) if str(up) not in done}
    call = state.contract_call or "NT"
    trump = None if call.endswith("NT") or call[-1] not in "SCDH" else Suit[call[-1]]

    def suit_of(card: Card) -> Suit | None:
        if card.is_joker:
            return trump
        if trump is not None and card.rank is Rank.JACK and card.suit is not None and int(card.suit) ^ 1 == int(trump):
            return trump  # the left bower
        return card.suit

    if not state.trick:
        if trump is None and any(c.is_joker for c in cards):
            return None
        return {f"play {c}" for c in cards}
    _, first, named = state.trick[0]
    led = named if first.is_joker and trump is None else suit_of(first)
    same = {c for c in cards if suit_of(c) == led and not (c.is_joker and trump is None)}
    if same and trump is None and state.game.joker_any_time:
        same |= {c for c in cards if c.is_joker}
    return {f"play {c}" for c in (same or cards)}


def perft(state: StateFiveHundred, depth: int) -> int:
    if depth == 0 or state.to_act is None:
        return 1
    legal = state.legal_actions()
    names = {str(a) for a in legal}
    assert names == {str(a) for a in state.legal_actions_reference()}
    by_rules = _rules_plays(state)
    if by_rules is not None:
        assert names == by_rules, names ^ by_rules
    total = 0
    for action in legal:
        child = state.copy()
        assert isinstance(child, StateFiveHundred)
        child.apply(action)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_form_perft(vector: dict[str, Any]) -> None:
    g = form_game(**vector["options"])
    hands = {int(s): [parse_card(c) for c in cards] for s, cards in vector["hands"].items()}
    state = g.new_deal(hands, vector["talon"], dealer=vector["dealer"])
    assert isinstance(state, StateFiveHundred)
    for action in vector["prefix"]:
        state.apply(action)
    for depth, count in vector["counts"].items():
        assert perft(state, int(depth)) == count, f"depth {depth}"

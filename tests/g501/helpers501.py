"""Fixed 501 deals for the rule-clause tests (each checked to hold all 24 cards once)."""

from __future__ import annotations

from prikup import make_game
from prikup.core.cards import cards_of
from prikup.games.five_oh_one import State501

# Deal T: seat 0 all hearts and AS; seat 1 diamonds A T K and clubs; seat 2 the spades.
TRUMPS = {
    0: "AH TH KH QH JH 9H AS",
    1: "AD TD KD AC TC KC QC",
    2: "TS KS QS JS 9S JC 9C",
}
TRUMPS_TALON = "QD JD 9D"

# Deal M: seat 0 (first leader, not declarer) holds the spades marriage and little else.
MARRIAGE = {
    0: "KS QS 9S 9C 9D 9H JH",
    1: "AS TS AC TC KC AD TD",
    2: "JS AH TH KH QH KD QD",
}
MARRIAGE_TALON = "QC JC JD"


def deal(hands: dict[int, str], talon: str, dealer: int = 2, **options: object) -> State501:
    """A single deal of 501 from card strings."""
    state = make_game("501", **options).new_deal({s: h.split() for s, h in hands.items()}, talon.split(), dealer=dealer)
    assert isinstance(state, State501)
    return state


def run(state: State501, *actions: str) -> State501:
    """Apply actions in order."""
    for a in actions:
        state.apply(a)
    return state


def hand(state: State501, seat: int) -> set[str]:
    """A seat's cards as codes."""
    return {str(c) for c in cards_of(state.hands[seat])}


def legal(state: State501) -> set[str]:
    """The legal actions as texts."""
    return {str(a) for a in state.legal_actions()}

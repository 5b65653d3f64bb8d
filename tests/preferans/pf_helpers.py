"""Shared deals and helpers of the preferans tests."""

from __future__ import annotations

from prikup.games.preferans import GamePreferans, StatePreferans
from prikup.games.preferans_sheet import Sheet

# Three players, dealer 0: seat 1 is the first hand, then seat 2, then seat 0.
SPADES = "AS KS QS JS TS 9S 8S 7S AC KC"
HEARTS = "AH KH QH JH TH 9H 8H 7H QC JC"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D TC 9C"
TALON = "8C 7C"


def deal3(
    hands: tuple[str, str, str] = (SPADES, HEARTS, DIAMONDS),
    talon: str = TALON,
    *,
    sheet: Sheet | None = None,
    single: bool = True,
    **options: object,
) -> StatePreferans:
    """A 3-player deal, dealer 0; ``hands`` for seats 1, 2, 0 (the order of the deal)."""
    game = GamePreferans(**options)
    return game.new_deal_on(
        sheet or game.new_sheet(), [h.split() for h in hands], talon.split(), dealer=0, single_deal=single
    )


def run(state: StatePreferans, *actions: str) -> StatePreferans:
    for a in actions:
        state.apply(a)
    return state


def declare(state: StatePreferans, bid: str, discards: tuple[str, str], contract: str | None) -> StatePreferans:
    """Seat 1 (the first hand) bids, the others pass, he discards and names his contract."""
    run(state, f"bid {bid}", "pass", "pass", f"discard {discards[0]}", f"discard {discards[1]}")
    if contract is not None:
        state.apply(f"contract {contract}")
    return state


def play_out(state: StatePreferans) -> StatePreferans:
    """Finish the deal with the first legal action each time (deterministic)."""
    while not state.is_over and state.phase.value != "deal":
        state.apply(state.legal_actions()[0])
    return state

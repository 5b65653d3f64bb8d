"""The heuristic bots name every trump suit and no-trump on hands made for it (issue 15: the 501
heuristic declared no-trump for every spade contract, because ``Suit.S`` is 0 and falsy)."""

from __future__ import annotations

import pytest

from prikup.bots import make_bot
from prikup.core.cards import Card, Rank, Suit
from prikup.core.game import Game, Phase, State
from prikup.games import make_game
from prikup.games.five_oh_one import DECK, POINTS

_501_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)


def _deal_for(strain: Suit | None) -> tuple[list[Card], list[Card]]:
    """Seven 501 cards and a talon that want ``strain``: six cards of the suit and the next
    suit's ace (the talon: three of the lowest cards left); for no-trump the aces and tens of
    every suit but hearts' ten, and a talon of the king of hearts and two nines, which the test
    gives away (:func:`_play_to`): two cards left in every suit, none worth making trumps."""
    if strain is None:
        hand = [Card.of(r, s) for s in Suit for r in (Rank.ACE, Rank.TEN)][:7]
        return hand, [Card.of(Rank.KING, Suit.H), Card.of(Rank.NINE, Suit.S), Card.of(Rank.NINE, Suit.C)]
    hand = [Card.of(r, strain) for r in _501_RANKS] + [Card.of(Rank.ACE, Suit((strain + 1) % 4))]
    rest = sorted((c for c in DECK if c not in hand), key=lambda c: POINTS[c.id])
    return hand, rest[:3]


def _play_to(state: State, game: Game, phase: Phase, gifts: list[str]) -> State:
    """Heuristic bots take every action up to ``phase``, but the ``gifts`` given first."""
    bots = [make_bot("heuristic", game, s) for s in range(game.players)]
    while state.phase is not phase and state.phase is not Phase.DEAL and not state.is_over:
        seat = state.to_act
        assert seat is not None
        if gifts and state.phase is Phase.GIFT:
            state.apply(gifts.pop(0))
        else:
            state.apply(bots[seat].act(state, seat))
    return state


@pytest.mark.parametrize("strain", [Suit.S, Suit.C, Suit.D, Suit.H, None], ids=["S", "C", "D", "H", "NT"])
def test_501_heuristic_names_every_trump_suit_and_no_trump_on_hands_made_for_it(strain: Suit | None) -> None:
    """501 (contract: trumps or no-trump): the declarer names the strain its hand was made for."""
    game = make_game("501")
    strong, talon = _deal_for(strain)
    rest = [c for c in game.deck() if c not in strong and c not in talon]
    state = game.new_deal([strong, rest[0::2], rest[1::2]], talon, dealer=2)
    state = _play_to(state, game, Phase.PLAY, ["give 9S", "give 9C"] if strain is None else [])
    assert state.phase is Phase.PLAY, "the deal ended before the play"
    assert state.declarer == 0  # type: ignore[attr-defined]
    assert state.trump is strain  # type: ignore[attr-defined]

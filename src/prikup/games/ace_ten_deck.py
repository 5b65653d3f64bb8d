"""The 24-card deck of 501 and Пятьсот: A 10 K Q J 9 in four suits, the ten above the king.

Card points A 11, 10 10, K 4, Q 3, J 2, 9 0 — 120 in the deck.  Both games deal it one card at
a time, 7 to each of three active players, with one card to the talon after each of the first
three rounds.
"""

from __future__ import annotations

from prikup.core.cards import Card, Rank, Suit
from prikup.core.engine import DealPattern, TrickRules
from prikup.core.ladder import Ladder
from prikup.core.tricks import plain_suit_masks

__all__ = [
    "DEAL",
    "DECK",
    "DECK_MASK",
    "DECK_POINTS",
    "HAND_SIZE",
    "POINTS",
    "RANK_ORDER",
    "RANK_POINTS",
    "STRENGTH",
    "SUIT_MASKS",
    "TALON_SIZE",
    "TRICKS",
    "ace_ten_trick_rules",
]

#: Ranks high to low: the ten is second, above the king.
RANK_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
RANK_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
DECK: tuple[Card, ...] = tuple(Card.of(r, s) for s in Suit for r in RANK_ORDER)
DECK_MASK = sum(1 << c.id for c in DECK)
DECK_POINTS = 120
#: Card points and trick strength, indexed by card id.
POINTS: tuple[int, ...] = tuple(RANK_POINTS.get(Rank(i & 15), 0) if i < 64 else 0 for i in range(67))
STRENGTH: tuple[int, ...] = tuple(
    len(RANK_ORDER) - RANK_ORDER.index(Rank(i & 15)) if i < 64 and Rank(i & 15) in RANK_ORDER else 0 for i in range(67)
)
SUIT_MASKS = plain_suit_masks(DECK)
HAND_SIZE = 7
TALON_SIZE = 3
TRICKS = 8


#: The deal of both games: three hands of 7 one card at a time, the talon's 3 after rounds 1-3.
DEAL = DealPattern.by_rounds(3, HAND_SIZE, 1, (1, 1, 1))


def ace_ten_trick_rules(players: int, start_score: int, ladder: Ladder[int]) -> TrickRules:
    """The rules value of a game on this deck: ``players`` seats (three of them dealt in), eight
    tricks, plain suits with the ten above the king, the bids of ``ladder``."""
    return TrickRules(players, DECK, DEAL, TRICKS, SUIT_MASKS, STRENGTH, start_score, ladder=ladder)

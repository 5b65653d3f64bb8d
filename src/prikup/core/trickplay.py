"""The trick loop of the games whose tricks are plain suits under at most one trump suit.

A state that mixes in :class:`PlainTricks` keeps each seat's hand as a card bitmask in
``hands``, the trick in progress as ``(seat, card)`` pairs in ``trick``, the finished tricks
with their winners in ``tricks``, each seat's trick count in ``won`` and cards taken in
``taken``, and the trump suit (``None``: no trumps) in ``trump``; its class names the deck's
``SUIT_MASKS`` and ``STRENGTH`` tables.  The game's own rules of play (what may be played,
what happens after a trick) stay with the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from prikup.core.cards import Card, Suit
from prikup.core.tricks import take_trick

__all__ = ["PlainTricks"]


class PlainTricks:
    """The trick bookkeeping, written once for 501, Пятьсот and preferans."""

    hands: list[int]
    trick: list[tuple[int, Card]]
    tricks: list[tuple[list[tuple[int, Card]], int]]
    won: list[int]
    taken: list[int]
    trump: Suit | None
    _turn: int | None
    _after: list[int]
    #: The deck's cards of each suit (bitmasks) and each card's strength in its suit, by card id.
    SUIT_MASKS: ClassVar[Sequence[int]]
    STRENGTH: ClassVar[Sequence[int]]
    #: Cards in a trick.
    TRICK_SIZE: ClassVar[int] = 3

    def _lay(self, seat: int, card: Card) -> int | None:
        """``seat`` plays ``card`` from his hand to the trick.  While the trick is open the next
        seat plays; its last card closes it: the highest trump, else the highest card of the
        suit led, takes it (counted in ``won``, its cards in ``taken``) and leads next.
        Returns the seat that took the trick, or ``None`` while it is open."""
        self.hands[seat] &= ~(1 << card.id)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < self.TRICK_SIZE:
            self._turn = self._after[seat]
            return None
        winner, cards = take_trick(trick, self.trump, self.SUIT_MASKS, self.STRENGTH)
        self.won[winner] += 1
        self.taken[winner] |= cards
        self.tricks.append((trick, winner))
        self.trick = []
        self._turn = winner
        return winner

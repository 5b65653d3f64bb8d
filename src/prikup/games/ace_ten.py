"""What 501 and Пятьсот share on the ace-ten deck: a points auction won by the highest bid, the
declarer's two face-down gifts (to the opponent on his left, then the other), a points contract,
at most one trump suit, and the card points each seat has taken."""

from __future__ import annotations

from prikup.core.actions import ActionKind, Takes
from prikup.core.cards import Card, Suit
from prikup.core.engine import TrickState
from prikup.core.tricks import card_points
from prikup.games.ace_ten_deck import POINTS

__all__ = ["CONCEDE", "GIVE", "AceTenState"]

#: The declarer gives a card face down to an opponent (``give QS``).
GIVE = ActionKind.declare("GIVE", "give", Takes.CARD, order=13)
#: The declarer gives up after seeing the talon (``concede``: расписать).
CONCEDE = ActionKind.declare("CONCEDE", "concede", Takes.NOTHING, order=2)


class AceTenState(TrickState):
    """A deal of 501 or Пятьсот: the shared fields and steps."""

    #: the highest bid so far, the gifts as ``(receiver, card)``, the contract, the trump suit
    high_bid: int | None
    gifts: list[tuple[int, Card]]
    contract: int | None
    trump: Suit | None

    def _clear_deal(self) -> None:
        super()._clear_deal()
        self.high_bid = None
        self.gifts = []
        self.contract = None
        self.trump = None

    def _bid(self, seat: int, number: int, text: str) -> None:
        """``seat`` bids ``number``: he is the declarer unless outbid."""
        self.high_bid = number
        self.declarer = seat
        self.calls.append((seat, text))

    def opponents(self) -> tuple[int, int]:
        """The declarer's two opponents, the one on his left first."""
        assert self.declarer is not None
        left = self._next_active(self.declarer)
        return left, self._next_active(left)

    def _give(self, card: Card) -> None:
        """The declarer gives ``card`` face down: to his left opponent first, then the other."""
        receiver = self.opponents()[len(self.gifts)]
        self.hands[receiver] |= card.mask
        self.gifts.append((receiver, card))

    def card_points(self, seat: int) -> int:
        """The card points of the tricks ``seat`` has taken."""
        taken = self.taken[seat]
        total = 0
        for shift in (0, 16, 32, 48):  # a card's points depend on its rank alone: one suit at a time
            ranks = taken >> shift & 0xFFFF
            if ranks:
                got = _RANKS_POINTS.get(ranks)
                if got is None:
                    got = _RANKS_POINTS[ranks] = card_points(ranks, POINTS)
                total += got
        return total


#: the card points of a suit's cards by their 16-bit rank mask (filled as met)
_RANKS_POINTS: dict[int, int] = {}

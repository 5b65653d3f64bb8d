"""What 501 and Пятьсот share on the ace-ten deck: a points auction won by the highest bid, the
declarer's two face-down gifts (to the opponent on his left, then the other), a points contract,
at most one trump suit, and the card points each seat has taken."""

from __future__ import annotations

from prikup.core.actions import ActionKind, Takes
from prikup.core.cards import Card, Suit
from prikup.core.engine import TrickState
from prikup.core.tricks import point_planes
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
        # bit b of each card's points, summed by bit planes: four popcounts (was a table lookup
        # per suit, three times the bytecode)
        return (
            (taken & _PLANE_1).bit_count()
            + ((taken & _PLANE_2).bit_count() << 1)
            + ((taken & _PLANE_4).bit_count() << 2)
            + ((taken & _PLANE_8).bit_count() << 3)
        )


#: The cards whose points have bit 1, 2, 4, 8 set (A 11 = 8 + 2 + 1, 10 = 8 + 2, K 4, Q 3 = 2 + 1,
#: J 2): the points of a set of cards are the sum of its count in each plane times the bit.
_PLANE_1, _PLANE_2, _PLANE_4, _PLANE_8 = point_planes(POINTS, 4)

"""A trick position that is a bridge deal, written in PBN, for bridge's double-dummy solvers.

Four hands in two sides of partners (seats 0 and 2 against 1 and 3), between tricks, in a trump
contract or no trumps without a joker, each suit of at most thirteen cards, played to the end
with the count's side maximising: that is bridge's card play, whatever the cards are called.
Five Hundred's four-hand trump contracts are such positions once the joker and the two bowers are
read as the trump suit's highest cards: each effective suit's cards, highest first, are given
bridge's ranks from the ace down.  Bridge's solvers (DDS, through endplay in ``bench/`` and the
tests) then give the count's tricks, an independent check of the C search and an anchor for its
speed on the very same deals.
"""

from __future__ import annotations

from dataclasses import dataclass

from prikup.solver.play_tricks import TrickPosition

__all__ = ["BridgeDeal", "bridge_deal"]

#: Bridge's ranks, highest first.
RANKS = "AKQJT98765432"


@dataclass(frozen=True)
class BridgeDeal:
    """A bridge deal: ``pbn`` the hands from seat 0 on (``N:`` spades.hearts.diamonds.clubs, the
    trumps written as spades; ``no_trumps``: a no-trump contract), ``first`` the seat on lead
    (0 = North), whether the seat on lead is of the count's side (``leader_counts``) with
    ``tricks`` tricks to play, and ``cards`` per bridge suit the position's card ids in bridge's
    rank order (the ace's first)."""

    pbn: str
    first: int
    leader_counts: bool
    tricks: int
    cards: tuple[tuple[int, ...], ...]
    no_trumps: bool = False

    def card(self, suit: int, rank: str) -> int:
        """The position's card id of bridge's card ``rank`` (``A`` … ``2``) of ``suit`` (0 spades,
        the trumps; 1 hearts, 2 diamonds, 3 clubs)."""
        return self.cards[suit][RANKS.index(rank)]

    def count_tricks(self, leader_side_tricks: int) -> int:
        """The count's tricks, given the tricks of the side on lead."""
        return leader_side_tricks if self.leader_counts else self.tricks - leader_side_tricks


def bridge_deal(pos: TrickPosition) -> BridgeDeal | None:
    """``pos`` as a bridge deal, or ``None`` when it is not one: another number of hands, a trick
    in progress, a no-trump joker (it names a suit when led: no bridge form), a misère or an exact
    target, sides that are not two pairs of partners, or a suit of more than thirteen cards."""
    if pos.n != 4 or pos.trick or pos.nt_jokers or pos.stop or pos.need is not None:
        return None
    if pos.count not in (0b0101, 0b1010) or pos.maximisers != pos.count:
        return None
    if pos.chooser is not None or pos.choose_after_lead is not None:
        return None
    trumps = [s for s in range(4) if pos.suits[s] & pos.trump]
    if pos.trump and (len(trumps) != 1 or pos.suits[trumps[0]] != pos.trump):
        return None
    if any(len(order) > 13 for order in pos.order):
        return None
    bridge_suit = {trumps[0]: 0} if trumps else {}
    for s in range(4):
        bridge_suit.setdefault(s, len(bridge_suit))
    hands = []
    for hand in pos.hands:
        parts = [""] * 4
        for s, order in enumerate(pos.order):
            parts[bridge_suit[s]] = "".join(RANKS[i] for i, c in enumerate(order) if hand >> c & 1)
        hands.append(".".join(parts))
    ids: list[tuple[int, ...]] = [()] * 4
    for s, order in enumerate(pos.order):
        ids[bridge_suit[s]] = tuple(order)
    leader_counts = bool(pos.count >> pos.leader & 1)
    return BridgeDeal(
        "N:" + " ".join(hands), pos.leader, leader_counts, pos.hands[0].bit_count(), tuple(ids), not pos.trump
    )

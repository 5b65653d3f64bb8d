"""Trick-taking as small pure functions on ints.

A game describes its trump situation with bitmasks of card ids: ``trump`` is the set of cards
that are trumps now (the left bower and the joker included where a game says so), and
``suit_masks[s]`` the cards that count as suit ``s`` for following (trumps removed from their
printed suit).  ``strength[card_id]`` orders cards within what they count as.
"""

from __future__ import annotations

from collections.abc import Sequence

from prikup.core.cards import Card, Suit

__all__ = ["card_points", "follow_mask", "plain_suit_masks", "point_planes", "take_trick", "trick_winner"]


def plain_suit_masks(deck: Sequence[Card]) -> tuple[int, int, int, int]:
    """Each suit's cards of a deck by printed suit (jokers belong to none)."""
    masks = [0, 0, 0, 0]
    for card in deck:
        if card.suit is not None:
            masks[card.suit] |= 1 << card.id
    return (masks[0], masks[1], masks[2], masks[3])


def follow_mask(hand: int, led: int, trump: int, must_trump: bool) -> int:
    """The cards of ``hand`` that may be played to a trick whose led suit's cards are ``led``.

    Follow suit if you can; else, if ``must_trump``, a trump if you have one; else anything.
    """
    same = hand & led
    if same:
        return same
    if must_trump:
        trumps = hand & trump
        if trumps:
            return trumps
    return hand


def trick_winner(trick: Sequence[int], led: int, trump: int, strength: Sequence[int]) -> int:
    """The index in ``trick`` (card ids in play order) of the card that takes it."""
    best = 0
    best_card = trick[0]
    best_trump = bool(trump >> best_card & 1)
    for i in range(1, len(trick)):
        card = trick[i]
        if trump >> card & 1:
            if not best_trump or strength[card] > strength[best_card]:
                best, best_card, best_trump = i, card, True
        elif not best_trump and led >> card & 1 and strength[card] > strength[best_card]:
            best, best_card = i, card
    return best


def take_trick(
    trick: Sequence[tuple[int, Card]], trump: Suit | None, suit_masks: Sequence[int], strength: Sequence[int]
) -> tuple[int, int]:
    """The seat that takes a finished trick of plain suits (no bowers, no joker) and the trick's
    cards as a bitmask; ``trick`` holds ``(seat, card)`` in play order."""
    ids = [card.id for _, card in trick]
    trump_mask = suit_masks[trump] if trump is not None else 0
    winner = trick[trick_winner(ids, suit_masks[ids[0] >> 4], trump_mask, strength)][0]
    return winner, sum(1 << i for i in ids)


def card_points(mask: int, points: Sequence[int]) -> int:
    """The card points of the cards in ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += points[low.bit_length() - 1]
        mask ^= low
    return total


def point_planes(points: Sequence[int], bits: int) -> tuple[int, ...]:
    """The bit planes of a card points table (``points[card_id]``, each below ``2 ** bits``):
    plane ``b`` holds the cards whose points have bit ``b`` set, so that ``card_points(mask,
    points)`` is the sum of ``(mask & plane).bit_count() << b`` over the planes."""
    if any(not 0 <= p < 1 << bits for p in points):
        raise ValueError(f"card points must be 0 … {(1 << bits) - 1}")
    return tuple(sum(1 << card for card, p in enumerate(points) if p >> b & 1) for b in range(bits))


def suit_of(card_id: int) -> Suit:
    """The printed suit of a non-joker card id."""
    return Suit(card_id >> 4)

"""Shuffling and dealing by a game's packet pattern."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from prikup.core.cards import Card
from prikup.core.game import FAST

__all__ = ["TALON", "deal_packets", "deal_packets_reference", "shuffle"]

_shuffle: Callable[[random.Random, list[Card]], None] | None = None
_deal_packets: Callable[..., tuple[list[list[Card]], list[Card]]] | None = None
if FAST:
    from prikup.core._fastcore import deal_packets as _deal_packets
    from prikup.core._fastcore import shuffle as _shuffle


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``, in C for a plain :class:`random.Random` (the same draws and swaps)."""
    if _shuffle is not None and type(rng) is random.Random:
        _shuffle(rng, cards)
    else:
        rng.shuffle(cards)


#: The target of a packet that goes to the talon.
TALON = -1


def deal_packets(
    deck: Sequence[Card], rng: random.Random, hands: int, packets: Sequence[tuple[int, int]]
) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle ``deck`` with ``rng`` and deal it in ``packets`` of ``(target, count)``.

    A target is a hand index (0 = the first active seat left of the dealer) or :data:`TALON`.
    Every card of the deck must be dealt.  In C (the same draws, the same cards) for a plain
    :class:`random.Random` and tuples; :func:`deal_packets_reference` is the Python definition.
    """
    if _deal_packets is not None and type(rng) is random.Random and type(deck) is tuple and type(packets) is tuple:
        return _deal_packets(rng, deck, hands, packets)
    return deal_packets_reference(deck, rng, hands, packets)


def deal_packets_reference(
    deck: Sequence[Card], rng: random.Random, hands: int, packets: Sequence[tuple[int, int]]
) -> tuple[list[list[Card]], list[Card]]:
    """:func:`deal_packets` in Python (the definition the C path is tested against)."""
    cards = list(deck)
    shuffle(rng, cards)
    out: list[list[Card]] = [[] for _ in range(hands)]
    talon: list[Card] = []
    pos = 0
    for target, count in packets:
        packet = cards[pos : pos + count]
        pos += count
        (talon if target == TALON else out[target]).extend(packet)
    if pos != len(cards):
        raise AssertionError(f"deal pattern deals {pos} of {len(cards)} cards")
    return out, talon

"""Building legal-action lists from a game's prebuilt actions, without creating objects.

Each helper appends to ``acts`` (the prebuilt :class:`~prikup.core.actions.Action` objects) and
``ids`` (their integer ids) and returns the ids as a bitmask, so a game's ``_legal`` reads as a
short list of what may be done: a slice of the bid ladder, the cards of a follow-suit mask…
"""

from __future__ import annotations

from collections.abc import Sequence

from prikup.core.actions import Action

__all__ = ["add_cards", "add_one", "add_range"]


def add_one(actions: Sequence[Action], i: int, acts: list[Action], ids: list[int]) -> int:
    """Append action ``i``."""
    acts.append(actions[i])
    ids.append(i)
    return 1 << i


def add_range(actions: Sequence[Action], lo: int, hi: int, acts: list[Action], ids: list[int]) -> int:
    """Append actions ``lo`` to ``hi - 1`` (a slice of a ladder); nothing when ``hi <= lo``."""
    if hi <= lo:
        return 0
    acts.extend(actions[lo:hi])
    ids.extend(range(lo, hi))
    return ((1 << (hi - lo)) - 1) << lo


def add_cards(actions: Sequence[Action], cards: int, table: Sequence[int], acts: list[Action], ids: list[int]) -> int:
    """Append, for every card in the bitmask ``cards`` (lowest card id first), the action
    ``table[card id]``."""
    mask = 0
    while cards:
        low = cards & -cards
        i = table[low.bit_length() - 1]
        acts.append(actions[i])
        ids.append(i)
        mask |= 1 << i
        cards ^= low
    return mask

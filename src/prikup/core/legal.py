"""Building legal-action lists from a game's prebuilt actions, without creating objects.

Each helper appends to ``acts`` (the prebuilt :class:`~prikup.core.actions.Action` objects) and
``ids`` (their integer ids) and returns the ids as a bitmask, so a game's ``_legal`` reads as a
short list of what may be done: a slice of the bid ladder, the cards of a follow-suit mask…
"""

from __future__ import annotations

from collections.abc import Sequence

from prikup.core.actions import Action

__all__ = ["CardActions", "Row", "add_cards", "add_one", "add_range"]


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


#: A cached legal set: the prebuilt actions, their ids, and the ids as a bitmask.
Row = tuple[tuple[Action, ...], tuple[int, ...], int]


class CardActions:
    """One verb's action for each card (``play KS``, ``discard 9C``…), with the legal set of a
    card mask built from the sets of its suits (each suit's cards are one 16-bit chunk of the
    mask, so the chunks met are few and kept ready) and the masks met kept too."""

    #: Whole masks kept at most; that cache starts over when full.
    LIMIT = 20_000

    __slots__ = ("_actions", "_cache", "_chunks", "_ids")

    def __init__(self, actions: Sequence[Action], ids_by_card: Sequence[int]) -> None:
        self._actions = actions
        self._ids = ids_by_card
        self._cache: dict[int, Row] = {}
        self._chunks: dict[int, Row] = {}

    def _chunk(self, cards: int) -> Row:
        acts: list[Action] = []
        ids: list[int] = []
        mask = add_cards(self._actions, cards, self._ids, acts, ids)
        row = self._chunks[cards] = (tuple(acts), tuple(ids), mask)
        return row

    def of(self, cards: int) -> Row:
        """The actions of the cards in the bitmask ``cards``, lowest card id first."""
        row = self._cache.get(cards)
        if row is not None:
            return row
        acts: tuple[Action, ...] = ()
        ids: tuple[int, ...] = ()
        mask = 0
        chunks = self._chunks
        for low in (0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48, 0b111 << 64):
            part = cards & low
            if part:
                found = chunks.get(part) or self._chunk(part)
                acts += found[0]
                ids += found[1]
                mask |= found[2]
        if len(self._cache) >= self.LIMIT:
            self._cache.clear()
        row = self._cache[cards] = (acts, ids, mask)
        return row

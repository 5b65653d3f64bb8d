"""The bid ladder: the calls of an auction as an ordered value.

A :class:`Ladder` is the tuple of a game's calls, lowest first — Пятьсот's points ``60, 65, …``,
preferans's ``6S … 8NT-WT, MIS, 9S …``, Five Hundred's calls in the order its scoring table
ranks them.  A call's *precedence* is its place on the ladder (a call outbids every call of
lower precedence), and the calls *above* a call are a slice of the tuple: what an auction may
say next, without range or index arithmetic of its own.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable, Iterator
from typing import Any, Generic, TypeVar, overload

__all__ = ["Ladder"]

C = TypeVar("C", bound=Hashable)


class Ladder(Generic[C]):
    """An ordered tuple of distinct calls, lowest first, with each call's precedence."""

    __slots__ = ("_place", "calls")

    calls: tuple[C, ...]
    _place: dict[C, int]

    def __init__(self, calls: Iterable[C]) -> None:
        self.calls = tuple(calls)
        self._place = {c: i for i, c in enumerate(self.calls)}
        if len(self._place) != len(self.calls):
            twice = sorted({str(c) for c in self.calls if self.calls.count(c) > 1})
            raise ValueError(f"a ladder names each call once; named twice: {', '.join(twice)}")

    def precedence(self, call: C) -> int:
        """The call's place on the ladder (0 the lowest); ``ValueError`` if it is not on it."""
        place = self._place.get(call)
        if place is None:
            raise ValueError(f"{call!r} is not a call of this ladder ({self._span()})")
        return place

    def outbids(self, call: C, other: C) -> bool:
        """True when ``call`` ranks above ``other``."""
        return self.precedence(call) > self.precedence(other)

    def above(self, call: C | None) -> tuple[C, ...]:
        """The calls that outbid ``call``, lowest first (every call when ``call`` is ``None``)."""
        return self.calls if call is None else self.calls[self.precedence(call) + 1 :]

    def from_call(self, call: C | None) -> tuple[C, ...]:
        """``call`` and the calls above it, lowest first: the calls not below it (every call when
        ``call`` is ``None``)."""
        return self.calls if call is None else self.calls[self.precedence(call) :]

    def between(self: Ladder[int], low: int, high: int) -> range:
        """The places of the calls from ``low`` to ``high`` (both included) of a ladder of numbers
        (points), ``low`` and ``high`` on the ladder or not; empty when there are none."""
        return range(bisect_left(self.calls, low), bisect_right(self.calls, high))

    def _span(self) -> str:
        if not self.calls:
            return "it has none"
        return f"{self.calls[0]} … {self.calls[-1]}" if len(self.calls) > 2 else ", ".join(map(str, self.calls))

    def __len__(self) -> int:
        return len(self.calls)

    def __iter__(self) -> Iterator[C]:
        return iter(self.calls)

    def __contains__(self, call: object) -> bool:
        try:
            return call in self._place
        except TypeError:  # an unhashable value is no call
            return False

    @overload
    def __getitem__(self, index: int) -> C: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[C, ...]: ...

    def __getitem__(self, index: int | slice) -> C | tuple[C, ...]:
        return self.calls[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ladder) and other.calls == self.calls

    def __hash__(self) -> int:
        return hash(self.calls)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ladder, (self.calls,))

    def __repr__(self) -> str:
        return f"Ladder({self.calls!r})"

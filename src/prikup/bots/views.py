"""Cheap views of a state for bots that are asked many times a decision (the judges and rollouts
of pimc): the seat's observation without its list of legal actions, and legal actions generated
only when a bot needs more than a membership test.

In every game the list of legal actions is made by generate-and-test over every candidate (all
bids from 66 to 220 and every contract in 501), which costs far more than the rest of an
observation; a heuristic bot mostly asks ``bid in legal``.  Both views are exactly what the
public API gives (tested on random play in every game).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import SupportsIndex, overload

from prikup.core.actions import Action
from prikup.core.game import State
from prikup.core.observation import Observation

__all__ = ["LazyLegal", "quiet_observation"]


def quiet_observation(state: State, seat: int) -> Observation:
    """``state.observation(seat)`` without its ``legal_actions``."""
    return state.observation(seat, with_legal=False)


class LazyLegal(list[Action]):
    """The legal actions of the seat to act in ``state``, as a list made only when it is read as
    a list; a membership test (``action in legal``) asks the rules about that one action."""

    def __init__(self, state: State) -> None:
        super().__init__()
        self._state = state
        self._made = False

    def _make(self) -> None:
        if not self._made:
            self._made = True
            super().extend(self._state.legal_actions())

    def __contains__(self, action: object) -> bool:
        if self._made:
            return super().__contains__(action)
        seat = self._state.to_act
        return isinstance(action, Action) and seat is not None and self._state._why_illegal(seat, action) is None

    def __iter__(self) -> Iterator[Action]:
        self._make()
        return super().__iter__()

    def __len__(self) -> int:
        self._make()
        return super().__len__()

    def __bool__(self) -> bool:
        return len(self) > 0

    @overload
    def __getitem__(self, index: SupportsIndex) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Action | list[Action]:
        self._make()
        return super().__getitem__(index)

    def __add__(self, other: list[Action]) -> list[Action]:  # type: ignore[override]
        self._make()
        return list(super().__iter__()) + list(other)

    def __eq__(self, other: object) -> bool:
        self._make()
        return super().__eq__(other)

    def __repr__(self) -> str:
        self._make()
        return super().__repr__()

    def index(self, value: Action, start: SupportsIndex = 0, stop: SupportsIndex = 2**63 - 1) -> int:
        """As :meth:`list.index`."""
        self._make()
        return super().index(value, start, stop)

    def count(self, value: Action) -> int:
        """As :meth:`list.count`."""
        self._make()
        return super().count(value)

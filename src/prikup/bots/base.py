"""The bot interface: a bot sees its seat's observation and the legal actions, and chooses."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from prikup.core.actions import Action
from prikup.core.game import Game, State

__all__ = ["Bot"]


class Bot(ABC):
    """A player program for one seat.

    ``act(state, seat)`` is what the arena and the front ends call; by default it hands the bot
    only what the seat may know (``state.observation(seat)``) and the legal actions, so an
    ordinary bot cannot cheat.  A bot that is meant to see everything (an oracle) overrides
    :meth:`act`.
    """

    name: ClassVar[str]

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def act(self, state: State, seat: int) -> Action:
        """The bot's action for ``seat``, which must be the seat to act."""
        return self.choose(state.observation(seat), state.legal_actions())

    @abstractmethod
    def choose(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """Choose one of ``legal`` from the seat's observation."""

    def ranked(self, state: State, seat: int) -> list[Action] | None:
        """The legal actions of ``seat`` (the seat to act) that this bot would consider, most
        plausible first, where it has such an order (from the seat's observation only); ``None``
        if it has none.  A searching bot compares its first few (see :mod:`prikup.bots.pimc`)."""
        return None

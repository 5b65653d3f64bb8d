"""The bot interface: a bot sees its seat's observation and the legal actions, and chooses."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import ClassVar

from prikup.bots.options import BotOption, BotOptionValue
from prikup.bots.views import LazyLegal, quiet_observation
from prikup.core.actions import Action
from prikup.core.game import Game, State
from prikup.core.observation import Observation

__all__ = ["Bot"]


class Bot(ABC):
    """A player program for one seat.

    ``act(state, seat)`` is what the arena and the front ends call; by default it hands the bot
    only what the seat may know (``state.observation(seat)``, a typed value) and the legal
    actions, so an ordinary bot cannot cheat.  A bot outside the server's process gives
    :meth:`choose` the wire's observation read back with
    :func:`prikup.games.observation_from_json`.  A bot that is meant to see everything (an oracle) overrides
    :meth:`act`.
    """

    name: ClassVar[str]
    #: The options the bot takes (``make_bot("name:key=value")``), with their allowed ranges.
    OPTIONS: ClassVar[dict[str, BotOption]] = {}

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def set_options(self, values: Mapping[str, BotOptionValue]) -> None:
        """Set options already checked against :data:`OPTIONS` (see :func:`prikup.bots.make_bot`)."""
        for key, value in values.items():
            setattr(self, key, value)

    def act(self, state: State, seat: int) -> Action:
        """The bot's action for ``seat``, which must be the seat to act: :meth:`choose` on the
        seat's observation and legal actions (cheap views, :mod:`prikup.bots.views`: the same
        values as ``state.observation(seat)`` without its ``legal_actions``, and
        ``state.legal_actions()``, made only when read as a list)."""
        return self.choose(quiet_observation(state, seat), LazyLegal(state))

    @abstractmethod
    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        """Choose one of ``legal`` from the seat's observation."""

    def ranked(self, state: State, seat: int) -> list[Action] | None:
        """The legal actions of ``seat`` (the seat to act) that this bot would consider, most
        plausible first, where it has such an order (from the seat's observation only); ``None``
        if it has none.  A searching bot compares its first few (see :mod:`prikup.bots.pimc`)."""
        return None

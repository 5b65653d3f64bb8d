"""The random baseline: uniform over the legal actions."""

from __future__ import annotations

from prikup.bots.base import Bot
from prikup.core.actions import Action
from prikup.core.observation import Observation

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions (any game)."""

    name = "random"

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(legal)

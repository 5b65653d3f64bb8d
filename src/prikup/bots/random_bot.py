"""The random baseline: uniform over the legal actions."""

from __future__ import annotations

from typing import Any

from prikup.bots.base import Bot
from prikup.core.actions import Action

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions (any game)."""

    name = "random"

    def choose(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(legal)

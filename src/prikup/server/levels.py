"""The bot levels a table creator may choose: named, with budgets the server sets.

A client names a level id (``GET /api/games`` lists each game's); it never passes bot options.
:func:`bot_levels` is the one place that maps level ids to bot strings for :func:`make_bot`,
from the bots package's one level table (:data:`prikup.bots.LEVELS`).
"""

from __future__ import annotations

from prikup.bots import LEVELS, level_names
from prikup.core.game import Game

__all__ = ["INLINE_BOTS", "bot_levels", "level_bot"]

#: Bots fast enough to decide on the event loop (milliseconds); every other bot runs in the pool.
INLINE_BOTS = frozenset({"random", "heuristic"})


def bot_levels(game: Game) -> dict[str, str]:
    """The levels offered for ``game``: level id → the bot string the server builds."""
    return {level: LEVELS[level] for level in level_names(game)}


def level_bot(game: Game, level: object) -> str:
    """The bot string of a level id; :class:`ValueError` naming the levels if it is not one."""
    levels = bot_levels(game)
    if not isinstance(level, str) or level not in levels:
        shown = repr(level)[:40]
        raise ValueError(f"unknown bot level {shown} for {game.id}; the levels are {', '.join(levels)}")
    return levels[level]

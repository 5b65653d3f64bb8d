"""The bot levels a table creator may choose: named, with budgets the server sets.

A client names a level id (``GET /api/games`` lists each game's); it never passes bot options.
:func:`bot_levels` is the one place that maps level ids to bot strings for :func:`make_bot`,
so it can switch to the bots package's own level table without touching the server.
"""

from __future__ import annotations

from prikup.bots import bot_names
from prikup.core.game import Game

__all__ = ["INLINE_BOTS", "bot_levels", "level_bot"]

#: Level id → bot string, in the lobby's order (the budgets are the server's, not the client's).
_LEVELS: dict[str, str] = {
    "random": "random",
    "heuristic": "heuristic",
    "pimc": "pimc:samples=6:decision_samples=4:candidates=3:seconds=1",
}

#: Bots fast enough to decide on the event loop (milliseconds); every other bot runs in the pool.
INLINE_BOTS = frozenset({"random", "heuristic"})


def bot_levels(game: Game) -> dict[str, str]:
    """The levels offered for ``game``: level id → the bot string the server builds."""
    available = set(bot_names(game))
    return {level: bot for level, bot in _LEVELS.items() if bot.split(":")[0] in available}


def level_bot(game: Game, level: object) -> str:
    """The bot string of a level id; :class:`ValueError` naming the levels if it is not one."""
    levels = bot_levels(game)
    if not isinstance(level, str) or level not in levels:
        shown = repr(level)[:40]
        raise ValueError(f"unknown bot level {shown} for {game.id}; the levels are {', '.join(levels)}")
    return levels[level]

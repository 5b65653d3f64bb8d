"""Bots and their registry: ``make_bot("heuristic", game, seed)``."""

from __future__ import annotations

from collections.abc import Callable

from prikup.bots.base import Bot
from prikup.bots.random_bot import RandomBot
from prikup.core.errors import OptionError
from prikup.core.game import Game

__all__ = ["BOTS", "Bot", "RandomBot", "bot_names", "make_bot"]

BotFactory = Callable[[Game, "int | None"], Bot]

#: Bots by name, then by game id; the game id ``"*"`` serves every game.
BOTS: dict[str, dict[str, type[Bot]]] = {
    "random": {"*": RandomBot},
}


def _register_defaults() -> None:
    from prikup.bots.heuristic501 import Heuristic501

    BOTS.setdefault("heuristic", {})["501"] = Heuristic501
    from prikup.bots.heuristic500 import Heuristic500

    BOTS.setdefault("heuristic", {})["five-hundred"] = Heuristic500
    from prikup.bots.heuristic_preferans import HeuristicPreferans

    BOTS.setdefault("heuristic", {})["preferans"] = HeuristicPreferans
    from prikup.bots.heuristic_pyatsot import HeuristicPyatsot

    BOTS.setdefault("heuristic", {})["pyatsot"] = HeuristicPyatsot
    from prikup.bots.oracle import OracleBot
    from prikup.bots.pimc import PimcBot

    BOTS["pimc"] = {"*": PimcBot}
    BOTS["oracle"] = {"*": OracleBot}


def bot_names(game: Game) -> list[str]:
    """The bots that can play ``game``."""
    return [name for name, per_game in BOTS.items() if "*" in per_game or game.id in per_game]


def make_bot(name: str, game: Game, seed: int | None = None) -> Bot:
    """A bot by name for a game; ``name:key=value:key=value`` sets a bot's options (a bot that
    takes them has ``set_options``), e.g. ``pimc:samples=16:seconds=2``."""
    base, *settings = name.strip().lower().split(":")
    per_game = BOTS.get(base.strip())
    cls = None if per_game is None else per_game.get(game.id, per_game.get("*"))
    if cls is None:
        raise OptionError(f"unknown bot {name!r} for {game.id}; available: {', '.join(bot_names(game))}")
    bot = cls(game, seed)
    if settings:
        pairs = [s.partition("=") for s in settings]
        if any(not k or not eq for k, eq, _ in pairs) or not hasattr(bot, "set_options"):
            raise OptionError(f"bad bot options in {name!r}: the form is name:key=value:key=value")
        bot.set_options({k.strip(): v.strip() for k, _, v in pairs})
    return bot


_register_defaults()

"""Bots and their registry: ``make_bot("heuristic", game, seed)``."""

from __future__ import annotations

from collections.abc import Callable

from prikup.bots.base import Bot
from prikup.bots.options import BotOption, parse_settings
from prikup.bots.random_bot import RandomBot
from prikup.core.errors import OptionError
from prikup.core.game import Game
from prikup.core.refusals import refusal

__all__ = ["BOTS", "LEVELS", "Bot", "BotOption", "RandomBot", "bot_names", "level_bot", "level_names", "make_bot"]

BotFactory = Callable[[Game, "int | None"], Bot]

#: Bots by name, then by game id; the game id ``"*"`` serves every game.
BOTS: dict[str, dict[str, type[Bot]]] = {
    "random": {"*": RandomBot},
}


def _register_defaults() -> None:
    from prikup.games.spec import SPECS, load

    # each game's heuristic, named by its entry in SPECS
    BOTS["heuristic"] = {gid: load(spec.heuristic) for gid, spec in SPECS.items()}
    from prikup.bots.oracle import OracleBot
    from prikup.bots.pimc import PimcBot

    BOTS["pimc"] = {"*": PimcBot}
    BOTS["oracle"] = {"*": OracleBot}


def bot_names(game: Game) -> list[str]:
    """The bots that can play ``game``."""
    return [name for name, per_game in BOTS.items() if "*" in per_game or game.id in per_game]


def make_bot(name: str, game: Game, seed: int | None = None) -> Bot:
    """A bot by name for a game; ``name:key=value:key=value`` sets the bot's options, each
    checked against the bot's declared :attr:`~prikup.bots.base.Bot.OPTIONS` (type and range),
    e.g. ``pimc:samples=16:seconds=2``.  Anything else raises a one-line :class:`OptionError`
    naming what was wrong and what is allowed."""
    base, *settings = name.strip().lower().split(":")
    per_game = BOTS.get(base.strip())
    cls = None if per_game is None else per_game.get(game.id, per_game.get("*"))
    if cls is None:
        raise OptionError(refusal("unknown_bot", name=name, game=game.id, known=", ".join(bot_names(game))))
    pairs = [s.partition("=") for s in settings]
    if any(not k.strip() or not eq for k, eq, _ in pairs):
        raise OptionError(refusal("bot_options_form", name=name))
    values = parse_settings(base.strip(), cls.OPTIONS, {k.strip(): v.strip() for k, _, v in pairs})
    bot = cls(game, seed)
    if values:
        bot.set_options(values)
    return bot


#: Named levels of play for a table (what a server offers), each a bot spec for
#: :func:`make_bot` with a budget that keeps a person at the table waiting a fraction of a
#: second on this project's machines (pimc: CPU seconds capped; never the oracle, which cheats).
LEVELS: dict[str, str] = {
    "random": "random",
    "heuristic": "heuristic",
    "pimc": "pimc:samples=8:decision_samples=4:seconds=0.5",
}


def level_names(game: Game) -> list[str]:
    """The levels of :data:`LEVELS` that can play ``game``, weakest first."""
    names = set(bot_names(game))
    return [level for level, spec in LEVELS.items() if spec.split(":")[0] in names]


def level_bot(level: str) -> str:
    """The bot spec of a named level (see :data:`LEVELS`); :class:`OptionError` if unknown."""
    spec = LEVELS.get(level.strip().lower())
    if spec is None:
        raise OptionError(refusal("unknown_bot_level", level=level, known=", ".join(LEVELS)))
    return spec


_register_defaults()

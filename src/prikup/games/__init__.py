"""The registry of games: ``find_game("501")`` returns the game's configuration class.

Each game is registered once, by its entry in :data:`prikup.games.spec.SPECS`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from prikup.core.errors import OptionError
from prikup.core.game import Game
from prikup.core.observation import Observation
from prikup.core.refusals import refusal
from prikup.games.spec import SPECS, GameSpec

__all__ = ["ALIASES", "GAMES", "SPECS", "GameSpec", "find_game", "make_game", "observation_from_json"]

#: Every game by its id (read from the one entry of each game, :data:`SPECS`).
GAMES: dict[str, type[Game]] = {gid: spec.game for gid, spec in SPECS.items()}

#: Other names a user may type for a game.
ALIASES: dict[str, str] = {alias: gid for gid, spec in SPECS.items() for alias in spec.aliases}


def find_game(name: str) -> type[Game]:
    """The game class for an id or alias (case-insensitive)."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    try:
        return GAMES[key]
    except KeyError:
        raise OptionError(refusal("unknown_game", name=name, known=", ".join(GAMES))) from None


def make_game(name: str, **options: object) -> Game:
    """A configured game from its id or alias and keyword options.

    A game is an immutable value, so the same options give the same object: the last
    :data:`MADE_GAMES` configurations are kept (building one prebuilds its every action, 1-6 ms).
    """
    cls = find_game(name)
    key = tuple(sorted((k, type(v), v) for k, v in options.items()))
    try:
        hash(key)
    except TypeError:  # an unhashable value (a list, a dict): left to the options' check to refuse
        return cls(**options)
    return _made(cls, key)


#: How many configured games :func:`make_game` keeps.
MADE_GAMES = 256


@lru_cache(maxsize=MADE_GAMES)
def _made(cls: type[Game], key: tuple[tuple[str, type, object], ...]) -> Game:
    """The game of class ``cls`` with the options ``key`` (name, type, value) names."""
    return cls(**{k: v for k, _, v in key})


def observation_from_json(data: Mapping[str, Any]) -> Observation:
    """The typed observation of ``Observation.to_json()`` output (a bot reading the wire)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise OptionError(refusal("observation_malformed", why="expected a JSON object with a 'game' id"))
    cls = find_game(data["game"])
    try:
        return cls.OBSERVATION.from_json(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise OptionError(refusal("observation_malformed", why=f"{cls.id}: {type(exc).__name__} {exc}")) from None

"""One entry per game binding everything the project knows about it.

A :class:`GameSpec` names the game's configuration class (its rules, phases and observation
class come with it), the other names a user may type, its named presets, and — by reference,
because they live in layers built on top of the rules — its heuristic bot, its solver adapter
and its terminal view.  Every registry of the project reads :data:`SPECS`: ``find_game``, the
bots' ``heuristic``, the solver's adapters, the terminal's views, the server's presets.  Adding a
game is one entry here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from prikup.core.game import Game
from prikup.core.observation import Observation
from prikup.games.five_hundred import GameFiveHundred
from prikup.games.five_oh_one import Game501
from prikup.games.preferans import GamePreferans
from prikup.games.presets import PRESETS
from prikup.games.pyatsot import GamePyatsot

__all__ = ["SPECS", "GameSpec", "load"]


def load(ref: str) -> Any:
    """The object a ``"module:name"`` reference names (imported on first use)."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GameSpec:
    """What the project binds to one game.

    ``heuristic``, ``solver`` and ``view`` are ``"module:name"`` references to the heuristic bot
    class, the solver's :class:`~prikup.solver.adapter.Adapter` and the terminal's
    ``GameView``: the rules never import the layers above them.
    """

    game: type[Game]
    aliases: tuple[str, ...]
    heuristic: str
    solver: str
    view: str

    @property
    def id(self) -> str:
        """The game's id."""
        return self.game.id

    @property
    def observation(self) -> type[Observation]:
        """The class of the game's observations."""
        return self.game.OBSERVATION

    @property
    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        """The game's named presets: a preset id → the options it sets."""
        return PRESETS.get(self.id, {})


#: Every game, by id.
SPECS: dict[str, GameSpec] = {
    spec.id: spec
    for spec in (
        GameSpec(
            Game501,
            aliases=("five-oh-one", "пятьсот-одно"),
            heuristic="prikup.bots.heuristic501:Heuristic501",
            solver="prikup.solver.play501:ADAPTER",
            view="prikup.cli.view_501:VIEW",
        ),
        GameSpec(
            GameFiveHundred,
            aliases=("500", "fivehundred", "five_hundred", "американский-преферанс"),
            heuristic="prikup.bots.heuristic500:Heuristic500",
            solver="prikup.solver.play_five_hundred:ADAPTER",
            view="prikup.cli.view_five_hundred:VIEW",
        ),
        GameSpec(
            GamePyatsot,
            aliases=("пятьсот", "fast-thousand"),
            heuristic="prikup.bots.heuristic_pyatsot:HeuristicPyatsot",
            solver="prikup.solver.play_pyatsot:ADAPTER",
            view="prikup.cli.view_pyatsot:VIEW",
        ),
        GameSpec(
            GamePreferans,
            aliases=("преферанс", "preferans-rostov"),
            heuristic="prikup.bots.heuristic_preferans:HeuristicPreferans",
            solver="prikup.solver.play_preferans:ADAPTER",
            view="prikup.cli.view_preferans:VIEW",
        ),
    )
}

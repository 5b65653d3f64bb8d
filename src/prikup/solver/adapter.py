"""How the solver reads one game: the :class:`Adapter` each game's solver module provides."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from prikup.core.actions import Action
from prikup.core.game import State
from prikup.solver.search import PlayPosition

__all__ = ["Adapter"]


@dataclass(frozen=True)
class Adapter:
    """How the solver reads one game: ``position`` builds (play position, declarer's points so
    far that count) from a state in its play phase; ``move_of`` / ``action_of`` map actions to
    move numbers and back; ``fast`` (the C search of the position) gives every legal move's future
    gain and the nodes searched by the C search (:mod:`prikup.solver.fast`); called with
    ``best=True`` it gives one best move only (cheaper: what :func:`play_out` needs);
    ``utility`` (if the game has one) maps a state's final values to what they net in the deal's
    score (see :func:`utility_of`)."""

    position: Callable[[State], tuple[PlayPosition, int]]
    move_of: Callable[[Action], int]
    action_of: Callable[[int], Action]
    fast: Callable[..., tuple[dict[int, int], int]] | None = None
    utility: Callable[[State], Callable[[int], float] | None] | None = None

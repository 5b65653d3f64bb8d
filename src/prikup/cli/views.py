"""Per-game hooks for the terminal front end.

The generic terminal view shows what every game shares (hand, auction calls, talon, contract,
trick, scores).  A game adds its own moments by registering a :class:`GameView` in ``VIEWS``:
extra status lines for a seat's observation, and the score sheet drawn after every deal.
Lines are Rich markup strings.
"""

from __future__ import annotations

from typing import Any

from prikup.core.game import State

__all__ = ["VIEWS", "GameView", "view_for"]


class GameView:
    """The default view: no extra lines, and a plain table of scores per deal."""

    def status(self, obs: dict[str, Any]) -> list[str]:
        """Extra lines about the game's own moments, from one seat's observation."""
        return []

    def describe(self, result: dict[str, Any]) -> str:
        """One line about a finished deal, from its result (nested tables left to the sheet)."""
        return ", ".join(f"{k} {v}" for k, v in result.items() if not isinstance(v, dict | list) or len(str(v)) <= 60)

    def sheet(self, state: State) -> list[str]:
        """The score sheet after a deal, as the game's players know it."""
        n = state.game.players
        head = "deal  " + "".join(f"{'seat ' + str(s):>10}" for s in range(n))
        lines = [head]
        for i, log in enumerate(state.deals, 1):
            if log.scores_after is None:
                continue
            lines.append(f"{i:>4}  " + "".join(f"{v!s:>10}" for v in log.scores_after))
        return lines


#: Registered views by game id; games without one get :class:`GameView`.
VIEWS: dict[str, GameView] = {}


def view_for(game_id: str) -> GameView:
    """The view of a game."""
    return VIEWS.get(game_id, GameView())


import prikup.cli.view_five_hundred  # noqa: E402  (registers the Five Hundred view)
import prikup.cli.view_preferans  # noqa: E402  (registers the preferans sheet)
import prikup.cli.view_pyatsot  # noqa: E402, F401  (registers the Пятьсот sheet)

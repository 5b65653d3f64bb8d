"""The oracle bot: sees every card (a cheat, for measuring other bots against perfect play).

It overrides :meth:`Bot.act` to use the real state:

* **play** (games with a solver adapter): :func:`prikup.solver.best_play` on the true deal;
* **501 contract** (phase ``contract``; with ``contract = 1``, the default): the first-lead value
  of every strain is solved on the true deal; the bot names the strain with the most points and
  the highest number it makes (capped by ``max_bid``), or the winning bid in the best strain
  when no strain makes it;
* everything else (auction, talon, concession, gifts, discards, whist, Пятьсот's contract, and
  the play of games without an adapter): the game's heuristic bot, from the observation only.
"""

from __future__ import annotations

from typing import Any, ClassVar

from prikup.bots.base import Bot
from prikup.bots.pimc import fallback_bot, parse_bot_options
from prikup.core.actions import Action, ActionKind
from prikup.core.game import Game, Phase, State
from prikup.solver import ADAPTERS, Solver, best_play, position_of

__all__ = ["OracleBot"]


class OracleBot(Bot):
    """Perfect open-hand play from the real state (see the module)."""

    name = "oracle"
    OPTIONS: ClassVar[dict[str, type]] = {"contract": int}
    contract: int = 1

    def __init__(self, game: Game, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.fallback = fallback_bot(game, None if seed is None else seed + 7919)

    def set_options(self, options: dict[str, str]) -> None:
        """Set ``contract=0`` to leave 501's contract to the heuristic."""
        parse_bot_options(self, options, self.OPTIONS)

    def choose(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """Without the state the oracle sees no more than anyone: the heuristic decides."""
        return self.fallback.choose(obs, legal)

    def act(self, state: State, seat: int) -> Action:
        """The solver's choice on the true deal where the module says so, else the heuristic."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase is Phase.PLAY and state.game.id in ADAPTERS:
            return best_play(state)
        if (
            state.game.id == "501"
            and state.phase is Phase.CONTRACT
            and self.contract
            and all(a.kind in (ActionKind.CONTRACT, ActionKind.CONCEDE) for a in legal)
        ):
            return self.contract_501(state, legal)
        return self.fallback.act(state, seat)

    def contract_501(self, state: State, legal: list[Action]) -> Action:
        """The best strain and the highest number it makes, on the true deal."""
        contracts = [a for a in legal if a.kind is ActionKind.CONTRACT]
        low = min(a.number or 0 for a in contracts)
        best_points = -1
        best_strain = ""
        for strain in sorted({a.call for a in contracts if a.call is not None}):
            trial = state.copy()
            trial.apply(Action(ActionKind.CONTRACT, number=low, call=strain))
            pos, base = position_of(trial)
            got = base + Solver(pos).value()
            if got > best_points:
                best_points, best_strain = got, strain
        numbers = [a.number or 0 for a in contracts if a.call == best_strain]
        making = [n for n in numbers if n <= best_points]
        number = max(making) if making else low
        return Action(ActionKind.CONTRACT, number=number, call=best_strain)

"""The oracle bot: sees every card (a cheat, for measuring other bots against perfect information).

It is the PIMC bot (:mod:`prikup.bots.pimc`) whose only sample is the true deal: it overrides
:meth:`Bot.act` to use the real state.

* **play**: the solver's best play on the true deal (:func:`prikup.solver.solve`; ties: the first
  legal action);
* **every other decision** (bids, talon, gifts and discards, contract, whist, concession …): each
  candidate action is tried on the true deal, which is finished by the heuristic bots' later
  non-play decisions and best open-hand play, and the best score change for its seat is taken
  (ties: the heuristic's choice).  ``decide=0`` leaves these to the heuristic;
  ``candidates`` (default 4) as for pimc; ``rollout_play`` (default ``solver`` here: the oracle's
  rollouts are played open-hand; ``heuristic`` as pimc's default).

The remaining gap to perfection is the opponents' and its own later decisions in the rollouts
(heuristic) and, in 3-handed games, the double-dummy reduction (defenders as one side).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from prikup.bots.pimc import PimcBot
from prikup.core.game import Game, State

__all__ = ["OracleBot"]


class OracleBot(PimcBot):
    """Perfect-information decisions from the real state (see the module)."""

    name = "oracle"
    OPTIONS: ClassVar[dict[str, type]] = {"candidates": int, "decide": int, "rollout_play": str}
    confidence: float = 0.0
    rollout_play: str = "solver"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.samples = 1
        self.decision_samples = 1

    def samples_of(self, state: State, seat: int) -> Iterator[State]:
        """The true deal itself (every card seen), as the only sample."""
        while True:
            yield state.copy()

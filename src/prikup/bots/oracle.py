"""The oracle bot: sees every card (a cheat, for measuring other bots against perfect information).

It is the PIMC bot (:mod:`prikup.bots.pimc`) whose only sample is the true deal: it overrides
:meth:`Bot.act` to use the real state.

* **play**: the solver's best play on the true deal (:func:`prikup.solver.solve`; ties: the first
  legal action);
* **every other decision** (bids, talon, gifts and discards, contract, whist, concession …): each
  candidate action is tried on the true deal, which is finished by the heuristic bots' later
  non-play decisions, its own best open-hand play and the heuristic bots' play for the other
  seats (``rollout_play=self``, the default here: against heuristic opponents that is exactly the
  deal that follows, so the decision is the best of its candidates for the real game), and the
  best score change for its seat is taken (ties: the heuristic's choice).  ``decide=0`` leaves
  these to the heuristic; ``candidates`` (default 4) as for pimc; ``rollout_play=solver`` plays
  the rollouts open-hand for every seat (measured: it misjudges contracts, because it assumes
  perfect defenders and whisters where the real ones are not — the oracle scored below pimc in
  preferans with it), ``heuristic`` as pimc's default.

The remaining gap to perfection is its own later non-play decisions in the rollouts (heuristic),
the candidates not compared, and, in 3-handed games, the double-dummy reduction of its play
(defenders as one side).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from prikup.bots.options import BotOption
from prikup.bots.pimc import PimcBot
from prikup.core.game import Game, State

__all__ = ["OracleBot"]


class OracleBot(PimcBot):
    """Perfect-information decisions from the real state (see the module)."""

    name = "oracle"
    OPTIONS: ClassVar[dict[str, BotOption]] = {k: PimcBot.OPTIONS[k] for k in ("candidates", "decide", "rollout_play")}
    confidence: float = 0.0
    rollout_play: str = "self"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.samples = 1
        self.decision_samples = 1

    def samples_of(self, state: State, seat: int) -> Iterator[State]:
        """The true deal itself (every card seen), as the only sample."""
        while True:
            yield state.copy()

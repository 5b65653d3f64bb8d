"""The oracle bot: sees every card (a cheat, for measuring other bots against perfect information).

It is the PIMC bot (:mod:`prikup.bots.pimc`) whose only sample is the true deal: it overrides
:meth:`Bot.act` to use the real state.

* **play**: the solver's best play on the true deal (:func:`prikup.solver.solve`; ties: the first
  legal action);
* **every other decision** (bids, talon, gifts and discards, contract, whist, concession …): each
  candidate action is tried on the true deal, which is finished by the heuristic bots' later
  non-play decisions and a play of the cards (``rollout_play``), and the best score change for
  its seat is taken (ties: the heuristic's choice).  By default that play is, in preferans and
  Пятьсот, best open-hand play for every seat (``solver``: the others defend perfectly, so a
  contract is bid when it holds against any defence); in 501 and Five Hundred its own best
  open-hand play and the heuristic bots' play for the others (``self``: against heuristic
  opponents exactly the deal that follows).  ``self`` is the best response to heuristic
  opponents, and it overbids against better ones.  In preferans against pimc (900 deals,
  ``--seating rotations --seed 1``, settled measure) the oracle with ``self`` named a contract in
  41% of the seatings, failed 34% of them and scored −0.6 [−4.8, +3.5] a deal against pimc; with
  ``solver`` it named one in 30%, failed 13% and scored +9.8 [+6.5, +13.1].  In Пятьсот, +19.0
  [+14.7, +23.2] with ``solver`` and +5.6 [+0.1, +11.2] with ``self``.  In 501 the two are within
  noise of each other (+31.4 [+25.4, +37.3] and +27.6 [+19.7, +35.4] on 600 deals), and Five
  Hundred is not measured: both keep ``self``.  ``decide=0`` leaves these decisions to the
  heuristic; ``candidates`` (default 4) as for pimc; ``heuristic`` as pimc's default.

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

__all__ = ["ROLLOUT_DEFAULTS", "OracleBot"]

#: The oracle's ``rollout_play`` by game when the option is not given (else ``self``; see the module).
ROLLOUT_DEFAULTS: dict[str, str] = {"preferans": "solver", "pyatsot": "solver"}


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
        self.rollout_play = ROLLOUT_DEFAULTS.get(game.id, "self")  # an option given is set after

    def samples_of(self, state: State, seat: int) -> Iterator[State]:
        """The true deal itself (every card seen), as the only sample."""
        while True:
            yield state.copy()

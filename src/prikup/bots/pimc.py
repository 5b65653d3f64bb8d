"""The PIMC bot: perfect-information Monte Carlo over the exact open-hand solver.

For a **play** decision of a game the solver has an adapter for (:data:`prikup.solver.ADAPTERS`),
the bot draws samples of the hidden cards consistent with what its seat knows
(:mod:`prikup.core.resample`), solves each sample exactly (:func:`prikup.solver.solve`: the
declarer's final points after each legal play) and plays the action with the best average: the
highest for the declarer, the lowest for a defender (the solver's convention, read from the
sample's position, so contract types with their own value convention follow it).

**501 contract** (trumps and contract number, phase ``contract`` with ``exchange_order =
gifts_first``): with ``contract_samples > 0`` the bot samples the defenders' hands that many
times, solves the first-lead value of every strain on each sample and names the strain and
number with the best expected score change ``n·k·(1 − 2·P(points ≥ n))`` (k = 2 when dark;
lower is better in 501).  Off by default: a first-lead solve takes about a second.

**Everything else falls back to the game's heuristic bot** (observation only): the auction,
looking, the talon, concession, gifts / keeping / discards, whist decisions, Пятьсот's
contract, and the play of games without a solver adapter.  A single legal action is played
without thinking.

Budget per play decision: ``samples`` (default 8) samples, stopping early once ``seconds``
(default 5) have passed after a sample (at least one sample is always solved); ``max_cards``
(default 0: always) leaves the play to the heuristic while the seat holds more cards than that
(the first tricks are the costly solves).  Set them with the bot's name:
``pimc:samples=16:seconds=2`` (see :func:`prikup.bots.make_bot`).

The bot is handed the real state by ``act`` only to replay the deal's public log; the sampler
reads from it only what the seat observes (tested: two states the seat cannot tell apart give
the same samples).
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from prikup.bots.base import Bot
from prikup.core.actions import Action, ActionKind
from prikup.core.errors import OptionError
from prikup.core.game import Game, Phase, State
from prikup.core.resample import ResampleError, Resampler
from prikup.solver import ADAPTERS, Solver, position_of, solve

__all__ = ["PimcBot", "fallback_bot", "parse_bot_options"]


def fallback_bot(game: Game, seed: int | None) -> Bot:
    """The game's heuristic bot, or the random bot for a game that has none."""
    from prikup.bots import BOTS, RandomBot

    cls = BOTS.get("heuristic", {}).get(game.id)
    return cls(game, seed) if cls is not None else RandomBot(game, seed)


def parse_bot_options(bot: Bot, options: dict[str, str], known: dict[str, type]) -> None:
    """Set ``bot``'s budget attributes from ``name=value`` texts (types from ``known``)."""
    for key, text in options.items():
        kind = known.get(key)
        if kind is None:
            raise OptionError(f"bot {bot.name!r} has no option {key!r}; known: {', '.join(known)}")
        try:
            value = kind(text)
        except ValueError:
            raise OptionError(f"bot option {key}={text!r} is not a {kind.__name__}") from None
        if isinstance(value, int | float) and value < 0:
            raise OptionError(f"bot option {key} must not be negative")
        setattr(bot, key, value)


class PimcBot(Bot):
    """Samples the hidden cards, solves each sample, plays the best average (see the module)."""

    name = "pimc"
    OPTIONS: ClassVar[dict[str, type]] = {
        "samples": int,
        "seconds": float,
        "contract_samples": int,
        "max_cards": int,
    }
    samples: int = 8
    seconds: float = 5.0
    contract_samples: int = 0
    max_cards: int = 0

    def __init__(self, game: Game, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.fallback = fallback_bot(game, None if seed is None else seed + 7919)
        #: Samples solved and seconds spent on play decisions (for measurements).
        self.play_decisions = 0
        self.resample_failures = 0
        self.play_samples = 0
        self.play_seconds = 0.0

    def set_options(self, options: dict[str, str]) -> None:
        """Set the budget from ``name=value`` texts: samples, seconds, contract_samples."""
        parse_bot_options(self, options, self.OPTIONS)
        if self.samples < 1:
            raise OptionError("pimc needs samples >= 1")

    def choose(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        """From an observation alone the bot cannot replay the deal: the heuristic decides."""
        return self.fallback.choose(obs, legal)

    def act(self, state: State, seat: int) -> Action:
        """Sample and solve where the module says so, else ask the heuristic."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        try:
            if state.phase is Phase.PLAY and state.game.id in ADAPTERS:
                held = state.card_places().get(f"hand {seat}", 0).bit_count()
                if not self.max_cards or held <= self.max_cards:
                    return self.play(state, seat, legal)
            if (
                state.game.id == "501"
                and state.phase is Phase.CONTRACT
                and self.contract_samples > 0
                and all(a.kind in (ActionKind.CONTRACT, ActionKind.CONCEDE) for a in legal)
            ):
                return self.contract_501(state, seat, legal)
        except ResampleError:
            # the rejection sampler found no consistent deal in its budget (a known gap, counted):
            # the heuristic decides rather than the bot failing the match
            self.resample_failures += 1
        return self.fallback.act(state, seat)

    def play(self, state: State, seat: int, legal: list[Action]) -> Action:
        """The legal play with the best mean solver value over the samples."""
        start = time.perf_counter()
        sampler = Resampler(state, seat)
        totals = dict.fromkeys(legal, 0)
        maximise = True
        drawn = 0
        while drawn < self.samples and (drawn == 0 or time.perf_counter() - start < self.seconds):
            sample = sampler.sample(self.rng)
            values = solve(sample)
            maximise = position_of(sample)[0].max_to_move()
            for action in legal:
                totals[action] += values[action]
            drawn += 1
        self.play_decisions += 1
        self.play_samples += drawn
        self.play_seconds += time.perf_counter() - start
        pick = max if maximise else min
        return pick(legal, key=lambda a: totals[a])

    def contract_501(self, state: State, seat: int, legal: list[Action]) -> Action:
        """501's trumps and contract from sampled first-lead values (see the module)."""
        sampler = Resampler(state, seat)
        contracts = [a for a in legal if a.kind is ActionKind.CONTRACT]
        strains = sorted({a.call for a in contracts if a.call is not None})
        points: dict[str, list[int]] = {s: [] for s in strains}
        for _ in range(self.contract_samples):
            sample = sampler.sample(self.rng)
            for strain in strains:
                trial = sample.copy()
                low = min(a.number or 0 for a in contracts if a.call == strain)
                trial.apply(Action(ActionKind.CONTRACT, number=low, call=strain))
                pos, base = position_of(trial)
                points[strain].append(base + Solver(pos).value())
        dark = 2 if getattr(state, "declarer_dark", False) else 1

        def expected_change(action: Action) -> float:
            assert action.number is not None and action.call is not None
            got = points[action.call]
            made = sum(1 for p in got if p >= action.number) / len(got)
            return action.number * dark * (1 - 2 * made)

        best = min(contracts, key=expected_change)
        return best

"""The PIMC bot: perfect-information Monte Carlo over the exact open-hand solver, for every decision.

**Samples.**  For every decision with a choice the bot draws samples of the cards it cannot see,
consistent with everything its seat has observed (:mod:`prikup.core.resample`: cards played,
voids shown, gifts, the talon if it was shown, its own discards).  The same samples serve every
candidate action (common random numbers, so the comparison is not blurred by the luck of the draw).

**Play** (phase ``play``): each sample is solved exactly (the declarer's final points or tricks
after each legal play, as :func:`prikup.solver.solve` gives them) and the bot plays the action
with the best average: the highest for the declarer, the lowest for a defender (the solver's
convention, read from the sample's position, so misère and raspasy follow their own).  Only what
that choice needs is searched (:mod:`prikup.bots.pimc_play`): one move of each set of
equivalent moves (``collapse=1``, the default: the same choice as searching every move), no
move that can no longer win once the remaining samples could not make up its lag (exact: the
same choice again; the decision ends when one move is left), and, with ``race`` (default 1),
no move trailing the leader by more than ``race`` standard errors of the paired differences
after three samples (racing: statistical, it spends the samples on the moves still in doubt).

Where the game's scoring is a step in the value (:func:`prikup.solver.utility_of`: a Five
Hundred contract is made or failed, an overtrick is worth only the other side's ten), each
sample's values are first turned into what they net in the deal's score (``play_value=score``,
the default; ``raw`` averages the values themselves), so the bot plays to make or set the
contract, not for the most tricks on average.

**Every other decision** (bids and passes, looking, the talon, gifts, keeping and discarding,
the contract and trumps, whist and open/closed, concession …): each *candidate* action is
applied to each sample and the deal is finished there: the later non-play decisions by the
game's heuristic bots (each seat from its own observation of the sample, this seat's later
decisions included), the play by the heuristic bots too (the default,
``rollout_play=heuristic``) or by best open-hand play (``rollout_play=solver``,
:func:`prikup.solver.play_out`: measured to overrate the declarer, who plays every sample
knowing where each card is, so pimc overbid in Пятьсот and Five Hundred with it; it is also
about three times slower) or, with ``rollout_play=self``, by best open-hand play for this seat
alone and the heuristic bots for the others (the oracle's default in 501 and Five Hundred:
exactly how its own play meets heuristic opponents), the score by the engine itself. The bot
compares each candidate with the heuristic's choice sample by sample (the expected gain of each
candidate contract, bid or discard over the heuristic's) and takes the candidate with the
largest mean gain, if that gain is more than ``confidence`` (default 1) standard errors above
zero: a few samples are noisy, and
the largest of several noisy means would otherwise replace a sound heuristic choice by chance
(the winner's curse). Candidates: every legal action when there are at most ``candidates`` of
them, else the heuristic's choice and then, up to ``candidates``, the heuristic's own order of
plausible actions where it has one (:meth:`prikup.bots.base.Bot.ranked`: Five Hundred's and
preferans' bids and contracts by the margin of the trick forecast, discards by how little each
card is worth keeping), else a
pass, the nearest bids or contracts to the heuristic's (same call, next numbers), the lowest of
the other calls, then others at random.

**Budget** (set with the bot's name, e.g. ``pimc:samples=16:seconds=2``; see
:func:`prikup.bots.make_bot`, which refuses any value outside the ranges declared in
:attr:`PimcBot.OPTIONS`): ``samples`` (default 16) samples at most per play decision, and no
sample drawn once the decision's searches have visited ``knodes`` thousand positions (default
1200: about 0.2 s of the C search at a first lead, the slower Python reference search taking
far longer for as many; ``0``: no such cap; the count is the search's own, and the solver's
table is emptied before each play decision, so the same seed makes the same decision on any
machine and under any load, with at least one sample always searched); ``decision_samples``
(default 4) per other decision (``confidence`` as above);
stopping early once ``seconds`` (default 5) of the process's CPU time (``time.process_time``,
never the wall clock: a seeded arena run plays the same on a busy machine as long as the cap does
not bind) have been spent after a sample; ``candidates`` (default 4);
``max_cards`` (default 0: always; at a table of five or six, 7) leaves the play to the heuristic
while the seat holds more cards than that (the first tricks are the costly solves); ``decide=0``
leaves every non-play decision to the heuristic (play-only PIMC). A single legal action is taken
without thinking. If the sampler finds no consistent deal at all the heuristic decides (counted
in ``resample_failures``).

The bot is handed the real state by ``act`` only to replay the deal's public log; the sampler
reads from it only what the seat observes (tested: two states the seat cannot tell apart give
the same samples).  **Inference** (``infer=1``, the default): the samples are moved towards the
deals that explain the other seats' public choices so far — their bids, passes, contracts,
whists, gifts seen — as the heuristic bot in their place would have made them.  Each choice
contributes a likelihood (:data:`LIKELIHOOD`: 1 when the heuristic in that seat's place makes
it, less for the same call at another level, less again for another action of the same kind,
least for another kind) and each sample, after
its draw, takes up to ``infer_steps`` (default 12) Metropolis moves that swap two hidden cards
between places (:meth:`prikup.core.resample.Resampler.inferred`).  It never gives up and its
cost is bounded (at most ``infer_steps + 1`` replays a sample, and fewer: a move is dropped as
soon as it cannot be accepted, and the moves stop once every choice is explained).  The
heuristic is the model of the others (exact against the heuristic bots, an approximation
against anyone else).  The other PIMC simplification stays: each sample is played as if all
cards were seen (the known optimism of PIMC).

**Cost** (``python bench/bench_pimc.py``): drawing and weighing the samples of a first-lead
decision takes 5–20 per cent of it; the rest is the open-hand solver (its share and the
positions it visited are printed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from prikup.bots.base import Bot
from prikup.bots.options import BotOption
from prikup.bots.pimc_play import PlayRace, sample_values
from prikup.core.actions import Action, ActionKind
from prikup.core.game import Game, Phase, State
from prikup.core.observation import Observation
from prikup.core.resample import ResampleError, Resampler
from prikup.games.five_hundred_tables import HI_LO
from prikup.solver import ADAPTERS, best_action, fast, play_out, utility_of

__all__ = [
    "LIKELIHOOD",
    "MANY_HANDS_MAX_CARDS",
    "ROLLOUT_PLAYS",
    "PimcBot",
    "candidate_actions",
    "fallback_bot",
    "rollout",
    "unsolved_yet",
]

#: Steps after which a rollout gives up (a guard; no deal of any game here needs nearly as many).
_MAX_STEPS = 1000


def fallback_bot(game: Game, seed: int | None) -> Bot:
    """The game's heuristic bot, or the random bot for a game that has none."""
    from prikup.bots import BOTS, RandomBot

    cls = BOTS.get("heuristic", {}).get(game.id)
    return cls(game, seed) if cls is not None else RandomBot(game, seed)


#: How a rollout's play is finished (``rollout_play``): everyone by best open-hand play; everyone
#: by the heuristic bots; ``seat`` itself by best open-hand play and the others by the heuristic.
ROLLOUT_PLAYS = ("solver", "heuristic", "self")

#: The bidding model's likelihood of another seat's public choice (see :meth:`PimcBot.likelihood`):
#: the heuristic's own choice; the same kind and strain at another level or number (``bid 8H``
#: for ``bid 7H``, ``contract 97 S`` for ``contract 67 S``, a 501 bid for another); the same kind
#: otherwise (another strain, another gift); an action of another kind (a pass for a bid).  The
#: steps give the Metropolis moves a slope to climb towards deals that explain the calls.
LIKELIHOOD = (1.0, 0.1, 0.02, 0.002)


def rollout(
    state: State, seat: int, action: Action, seed: int, play: str = "solver", *, relative: bool = False
) -> float:
    """``seat``'s score change in the current deal (sign-adjusted: higher is better; preferans:
    the change in the balances the match would settle at, :meth:`State.deal_value`) when
    ``action`` is taken in the full-information ``state`` (not changed) and the deal is finished
    by heuristic bots (non-play decisions) and, for the play, as ``play`` says (see
    :data:`ROLLOUT_PLAYS`; the heuristic bots play each from its own observation).  With
    ``relative``: that change less the mean change of every seat (what the seat gained on the
    table: its own change where the changes sum to zero, less when a decision hands points to
    another seat).  At a table of five or six the heuristic plays the cards before seven in hand
    whatever ``play`` says (:func:`unsolved_yet`: a whole deal's exact search can take minutes)."""
    if play not in ROLLOUT_PLAYS:
        raise ValueError(f"unknown rollout play {play!r}; allowed: {', '.join(ROLLOUT_PLAYS)}")
    game = state.game
    trial = state.copy()
    deal = len(trial.deals)
    trial.apply(action)
    bots: dict[int, Bot] = {}
    for _ in range(_MAX_STEPS):
        log = trial.deals[deal - 1]
        if log.score_changes is not None or len(trial.deals) > deal or trial.to_act is None:
            break
        who = trial.to_act
        if play != "heuristic" and trial.phase is Phase.PLAY and game.id in ADAPTERS and not unsolved_yet(trial, who):
            if play == "solver":
                play_out(trial)
                continue
            if who == seat:
                trial.apply(best_action(trial))
                continue
        bot = bots.get(who)
        if bot is None:
            bot = bots[who] = fallback_bot(game, seed * 16 + who)
        trial.apply(bot.act(trial, who))
    changes = trial.deal_value(deal - 1)  # preferans: with the pulya and the gora, not the whists alone
    if changes is None:
        return 0.0
    sign = -1.0 if game.LOWER_SCORE_WINS else 1.0
    if relative:
        return sign * (float(changes[seat]) - sum(changes) / len(changes))
    return sign * float(changes[seat])


def candidate_actions(
    legal: list[Action], first: Action, limit: int, rng: Any, ranked: list[Action] | None = None
) -> list[Action]:
    """The actions a decision compares: ``first`` (the heuristic's choice) and up to ``limit``
    in all (see the module docstring for which; ``ranked``, the heuristic's own order of the
    plausible actions, when it has one)."""
    others = [a for a in legal if a != first]
    if len(legal) <= limit:
        return [first, *others]
    picked: list[Action] = [first]
    if ranked:
        for a in ranked:
            if len(picked) >= limit:
                break
            if a != first and a in legal and a not in picked:
                picked.append(a)
        return picked
    rng.shuffle(others)

    def priority(a: Action) -> tuple[int, int]:
        if a.kind is ActionKind.PASS:
            return (0, 0)
        if a.kind is first.kind and a.number is not None and first.number is not None:
            if a.call == first.call:
                return (1, abs(a.number - first.number))
            return (2, a.number)
        return (3, 0)

    others.sort(key=priority)  # stable: the shuffled order among equals
    calls: set[str | None] = {first.call}
    for a in others:
        if len(picked) >= limit:
            break
        kind, _ = priority(a)
        if kind == 2:
            if a.call in calls:
                continue
            calls.add(a.call)
        picked.append(a)
    for a in others:  # fill up (other calls skipped above) in the same order
        if len(picked) >= limit:
            break
        if a not in picked:
            picked.append(a)
    return picked


def _strain(action: Action) -> str | None:
    """The strain of a call without its level (``7H`` → ``H``, ``MIS`` → ``MIS``), its card, or
    ``None``."""
    if action.card is not None:
        return str(action.card)
    return None if action.call is None else action.call.lstrip("0123456789")


#: ``max_cards`` 0 at a table of five or six: the play is solved from this many cards in hand, the
#: heuristic playing the earlier tricks; the oracle, the solver's rollouts, the analysis and the
#: hint likewise.  The search itself is fast enough earlier now (a five-hand first lead 6-11 ms at
#: the median, a whole six-hand deal 9-44 ms and up to 5 s: ``bench/bench_solver.py --forms``),
#: but searching earlier played no better at five (``prikup arena five-hundred --players 5 --bots
#: <bot>,heuristic,heuristic,heuristic,heuristic --unit deal --seating rotations --seed 1``):
#: pimc - heuristic +0.0 [-7.7, +7.7] from the first lead against +0.7 [-6.8, +8.1] from seven
#: cards (``-n 200``), taking 2.2 times as long; the oracle - heuristic +30.2 [+16.7, +43.8]
#: against +48.1 [+38.5, +57.8] (``-n 300``), taking 8.5 times as long.  Split by its role, the
#: oracle lost as declarer: on the 147 deals it declared in both runs its score over the table's
#: mean fell from +79.1 to +50.7 a deal (4.88 to 4.54 tricks of its own); as a defender, -21.7 to
#: -24.4.
MANY_HANDS_MAX_CARDS = 7


def unsolved_yet(state: State, seat: int) -> bool:
    """True when ``seat`` holds more than :data:`MANY_HANDS_MAX_CARDS` cards at a table of five
    or six: where pimc, the oracle (in its rollouts too) and the analysis leave the play to the
    heuristic instead of the exact search."""
    if state.game.players <= 4:
        return False
    return state.card_places().get(f"hand {seat}", 0).bit_count() > MANY_HANDS_MAX_CARDS


class PimcBot(Bot):
    """Samples the hidden cards, solves or finishes each sample, takes the best mean (see the module)."""

    name = "pimc"
    OPTIONS: ClassVar[dict[str, BotOption]] = {
        "samples": BotOption(int, "samples per play decision", 1, 1000),
        "decision_samples": BotOption(int, "samples per other decision", 1, 1000),
        "seconds": BotOption(float, "CPU seconds after which a decision draws no more samples", 0.001, 600),
        "candidates": BotOption(int, "actions compared at a non-play decision", 1, 64),
        "max_cards": BotOption(
            int, "solve the play only from this many cards in hand (0: always; with 5 or 6 players, from 7)", 0, 64
        ),
        "decide": BotOption(int, "1: sample every non-play decision; 0: leave them to the heuristic", 0, 1),
        "confidence": BotOption(float, "standard errors a gain must clear to replace the heuristic", 0, 10),
        "rollout_play": BotOption(str, "how rollouts play the cards", choices=ROLLOUT_PLAYS),
        "play_value": BotOption(str, "average the score a play nets, or its raw value", choices=("score", "raw")),
        "infer": BotOption(int, "1: weigh samples by the other seats' calls; 0: do not", 0, 1),
        "infer_steps": BotOption(int, "moves per sample towards deals that explain the calls", 0, 100),
        "race": BotOption(float, "play: drop a move trailing by this many standard errors (0: never)", 0, 10),
        "collapse": BotOption(int, "play: 1: search one of equivalent moves; 0: every legal move", 0, 1),
        "knodes": BotOption(int, "play: thousands of positions searched, then no more samples (0: no cap)", 0, 50000),
    }
    samples: int = 16
    decision_samples: int = 4
    seconds: float = 5.0
    candidates: int = 4
    max_cards: int = 0
    decide: int = 1
    confidence: float = 1.0
    rollout_play: str = "heuristic"
    play_value: str = "score"
    infer: int = 1
    infer_steps: int = 12
    race: float = 1.0
    collapse: int = 1
    knodes: int = 1200

    def __init__(self, game: Game, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.fallback = fallback_bot(game, None if seed is None else seed + 7919)
        #: Counters for measurements: decisions, samples used, seconds spent, failed samplings.
        self.play_decisions = 0
        self.play_samples = 0
        self.play_searches = 0
        self.play_nodes = 0
        self.play_seconds = 0.0
        self.other_decisions = 0
        self.other_samples = 0
        self.other_seconds = 0.0
        self.resample_failures = 0
        self._judges: dict[int, Bot] = {}
        self._rollouts = 0

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        """From an observation alone the bot cannot replay the deal: the heuristic decides."""
        return self.fallback.choose(obs, legal)

    def samples_of(self, state: State, seat: int) -> Iterator[State]:
        """Endless consistent samples of the deal as ``seat`` sees it (raises ResampleError).

        With ``infer`` (the default) each sample is moved by up to ``infer_steps`` Metropolis
        swaps towards the deals in which the other seats' public choices so far (bids, passes,
        contracts, whists, gifts seen) are likely (:meth:`likelihood`,
        :meth:`prikup.core.resample.Resampler.inferred`); with ``infer=0`` every draw is kept."""
        sampler = Resampler(state, seat)
        while True:
            if self.infer:
                yield sampler.inferred(self.rng, self.likelihood, self.infer_steps)
            else:
                yield sampler.sample(self.rng)

    def likelihood(self, sample: State, who: int, action: Action) -> float:
        """How likely ``who`` is to take ``action`` in ``sample`` under the bidding model: the
        heuristic bot in ``who``'s place (see :data:`LIKELIHOOD`)."""
        bot = self._judges.get(who)
        if bot is None:
            bot = self._judges[who] = fallback_bot(self.game, 104729 + who)
        model = bot.act(sample, who)
        if model == action:
            return LIKELIHOOD[0]
        if model.kind is not action.kind:
            return LIKELIHOOD[3]
        return LIKELIHOOD[1] if _strain(model) == _strain(action) else LIKELIHOOD[2]

    def act(self, state: State, seat: int) -> Action:
        """Sample and solve or finish where the module says so, else ask the heuristic."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        try:
            if state.phase is Phase.PLAY and state.game.id in ADAPTERS:
                held = state.card_places().get(f"hand {seat}", 0).bit_count()
                limit = self.max_cards or (MANY_HANDS_MAX_CARDS if state.game.players > 4 else 0)
                if not limit or held <= limit:
                    return self.play(state, seat, legal)
            elif self.decide:
                return self.decision(state, seat, legal)
        except ResampleError:
            # the sampler found no consistent deal in its budget (counted): the heuristic decides
            self.resample_failures += 1
        except ValueError:
            # a position the solver's adapter refuses (Five Hundred's Hi/Lo and newer joker leads
            # are searched like every other contract): the heuristic decides
            pass
        return self.fallback.act(state, seat)

    def play(self, state: State, seat: int, legal: list[Action]) -> Action:
        """The legal play with the best mean solver value over the samples, searched as
        :class:`prikup.bots.pimc_play.PlayRace` says (equivalent moves once, moves that can no
        longer win dropped, ``race``)."""
        start = time.process_time()
        if fast.enabled():
            # the positions counted must not depend on what earlier searches left in the table
            fast.module().clear()
        race = PlayRace(
            legal,
            self.samples,
            collapse=bool(self.collapse),
            race=self.race,
            raw=self.play_value == "raw",
        )
        for sample in self.samples_of(state, seat):
            race.add(sample)
            if race.done or race.drawn >= self.samples or time.process_time() - start >= self.seconds:
                break
            if self.knodes and race.nodes >= 1000 * self.knodes:
                break
        self.play_decisions += 1
        self.play_samples += race.drawn
        self.play_searches += race.searches
        self.play_nodes += race.nodes
        self.play_seconds += time.process_time() - start
        if getattr(state, "contract_call", None) == HI_LO:
            # Hi/Lo's open-hand value is 1 or 0, and with every hand seen the defenders can nearly
            # always keep the contractor off exactly five: every card often ties at 0 early in the
            # deal, and the heuristic's plan (sure tricks first, then safe losers) then decides
            return race.choice(prefer=self.fallback.act(state, seat))
        return race.choice()

    def decision(self, state: State, seat: int, legal: list[Action]) -> Action:
        """A non-play decision: the candidate with the best mean finished-deal score."""
        start = time.process_time()
        first = self.fallback.act(state, seat)
        options = candidate_actions(legal, first, self.candidates, self.rng, self.fallback.ranked(state, seat))
        results: dict[Action, list[float]] = {a: [] for a in options}
        drawn = 0
        for sample in self.samples_of(state, seat):
            self._rollouts += 1
            seed = self._rollouts
            for action in options:
                results[action].append(rollout(sample, seat, action, seed, self.rollout_play))
            drawn += 1
            if drawn >= self.decision_samples or time.process_time() - start >= self.seconds:
                break
        self.other_decisions += 1
        self.other_samples += drawn
        self.other_seconds += time.process_time() - start
        return self.pick(first, results)

    def estimates(
        self, state: State, seat: int, extra: Sequence[Action] = (), *, relative: bool = False
    ) -> list[tuple[Action, float]]:
        """Each candidate action of ``seat`` (the seat to act) and the bot's estimate of it from
        that seat's knowledge, best first (ties: the heuristic's choice, then the order compared);
        the same means the bot's decisions compare, every candidate over the same samples, without
        stopping early.  ``extra``: legal actions to estimate besides the bot's own candidates.

        Play (phase ``play``, a game the solver knows): every legal card over ``samples`` samples,
        each sample's open-hand value after the card turned by :func:`prikup.solver.utility_of`
        where the game has one (else the declarer's final points or tricks), signed so that higher
        is better for ``seat`` (a defender's estimate is minus the declarer's value).  Every other
        decision: the candidates of :func:`candidate_actions` over ``decision_samples`` samples,
        each the seat's score change in the deal finished by :func:`rollout` (sign-adjusted:
        higher is better; with ``relative``, less the mean change of every seat).  Raises
        :class:`prikup.core.resample.ResampleError` when no consistent sample is found."""
        legal = state.legal_actions()
        if state.phase is Phase.PLAY and state.game.id in ADAPTERS:
            return self._play_estimates(state, seat, legal)
        first = self.fallback.act(state, seat)
        options = candidate_actions(legal, first, self.candidates, self.rng, self.fallback.ranked(state, seat))
        options += [a for a in extra if a in legal and a not in options]
        results: dict[Action, list[float]] = {a: [] for a in options}
        drawn = 0
        for sample in self.samples_of(state, seat):
            self._rollouts += 1
            for action in options:
                results[action].append(
                    rollout(sample, seat, action, self._rollouts, self.rollout_play, relative=relative)
                )
            drawn += 1
            if drawn >= self.decision_samples:
                break
        return _ranked({a: sum(v) / len(v) for a, v in results.items()}, options)

    def _play_estimates(self, state: State, seat: int, legal: list[Action]) -> list[tuple[Action, float]]:
        adapter = ADAPTERS[state.game.id]
        totals = dict.fromkeys(legal, 0.0)
        drawn = 0
        for sample in self.samples_of(state, seat):
            values, pos, _, _ = sample_values(sample, None)
            utility = None if self.play_value == "raw" else utility_of(sample)
            sign = 1.0 if pos.max_to_move() else -1.0
            for action in legal:
                v = values[adapter.move_of(action)]
                totals[action] += sign * (float(v) if utility is None else utility(v))
            drawn += 1
            if drawn >= self.samples:
                break
        return _ranked({a: t / drawn for a, t in totals.items()}, legal)

    def pick(self, first: Action, results: dict[Action, list[float]]) -> Action:
        """The candidate whose mean gain over ``first`` (paired by sample) is the largest and
        clear of noise: more than ``confidence`` standard errors above zero (with one sample,
        simply above zero); else ``first``."""
        base = results[first]
        n = len(base)
        best, best_gain = first, 0.0
        for action, got in results.items():
            if action == first:
                continue
            diffs = [a - b for a, b in zip(got, base, strict=True)]
            gain = sum(diffs) / n
            if n > 1:
                var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
                if gain <= self.confidence * math.sqrt(var / n):
                    continue
            if gain > best_gain:
                best, best_gain = action, gain
        return best


def _ranked(means: dict[Action, float], order: list[Action]) -> list[tuple[Action, float]]:
    """``means`` as (action, mean) pairs, the highest first (ties in ``order``)."""
    place = {a: i for i, a in enumerate(order)}
    return sorted(means.items(), key=lambda item: (-item[1], place[item[0]]))

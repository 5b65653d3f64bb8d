"""The analysis of a deal and the hint: the pimc bot's estimates from each seat's knowledge and
the open-hand solver's exact values, for every decision of a recorded deal.

:func:`analyze_deal` replays a record up to the deal asked for and, at every decision (an action
taken when more than one was legal: bids, looks, talon decisions, gifts, keeps, discards,
contracts, whists, concessions and card play; a forced action is no decision and is skipped),
asks a pimc bot seeded for that decision (:meth:`prikup.bots.pimc.PimcBot.estimates`, with the
seat's own knowledge: its observation, the others' calls, what was played) for its estimate of
each candidate, the action taken included.  Card play also gets each legal card's exact
open-hand value (:func:`prikup.solver.solve` on the real deal: it assumes every card is known,
and is marked so).  A loss is the best estimate minus the estimate of the action taken, in the
acting seat's own points: for a decision before the play, the seat's score change in the deal
less the mean change of every seat (what it gained on the table: in a game whose changes sum to
zero simply its change; a gift that hands an opponent a marriage costs the giver a share of it
even when his own score does not move); for card play, the open-hand solver's measure (the
declarer's final card points or tricks, or what they net in the score where the game's scoring
steps, see :func:`prikup.solver.utility_of`), a defender's counted for his side (the
declarer's value negated).  The same record, deal, seed
and samples give the same analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from prikup.analysis.grades import grade
from prikup.analysis.model import DealAnalysis, Decision, Hint, Par, SeatSummary
from prikup.bots.pimc import PimcBot, unsolved_yet
from prikup.core.actions import Action
from prikup.core.game import Phase, State
from prikup.core.resample import ResampleError
from prikup.i18n import t
from prikup.records import replay
from prikup.solver import ADAPTERS, play_out, position_of, position_value, solve, utility_of
from prikup.solver.play_points import PointsPosition

__all__ = [
    "DEFAULT_DECISION_SAMPLES",
    "DEFAULT_PLAY_SAMPLES",
    "AnalysisError",
    "analyze_deal",
    "decision_count",
    "hint",
    "state_before_deal",
]

#: Samples per card-play decision by default (see ``bench/bench_analysis.py``: about a minute of
#: CPU at most for one deal of any game).
DEFAULT_PLAY_SAMPLES = 24
#: Samples per other decision by default (each finishes the deal once per candidate).
DEFAULT_DECISION_SAMPLES = 16


class AnalysisError(ValueError):
    """Bad input to an analysis (a deal or seat out of range, a seat not to act): ``key`` names
    the message of ``prikup/locales/analysis.json`` and ``fields`` fill it in (English in
    ``str``)."""

    def __init__(self, key: str, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(t(f"analysis.{key}", "en", **fields))

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return t(f"analysis.{self.key}", lang, **self.fields)


def state_before_deal(record: dict[str, Any], deal: int) -> tuple[State, list[tuple[int, str]]]:
    """The record replayed up to deal ``deal`` (1-based) dealt and no action taken, and that
    deal's actions; :class:`prikup.records.RecordError` for a bad record, :class:`AnalysisError`
    for a deal out of range."""
    deals = record.get("deals") if isinstance(record, dict) else None
    count = len(deals) if isinstance(deals, list) else 0
    if count and not 1 <= deal <= count:
        raise AnalysisError("deal_range", deal=deal, count=count)
    replay(record)  # the whole record is checked first: a bad record is refused as such
    assert isinstance(deals, list)
    target = dict(deals[deal - 1])
    actions = [(int(s), str(a)) for s, a in target.get("actions", [])]
    target["actions"] = []
    target.pop("scores", None)
    head = {k: v for k, v in record.items() if k not in ("deals", "result")}
    state = replay(head | {"deals": [*deals[: deal - 1], target]})
    return state, actions


def decision_count(state: State, actions: Sequence[tuple[int, str]], seats: Sequence[int] | None = None) -> int:
    """How many of ``actions`` (applied in turn from ``state``, which is not changed) are
    decisions of ``seats`` (every seat if ``None``): taken when more than one action was legal."""
    trial = state.copy()
    count = 0
    for seat, text in actions:
        if (seats is None or seat in seats) and len(trial.legal_actions()) > 1:
            count += 1
        trial.apply(text)
    return count


def _bot(state: State, seed: int, play_samples: int, other_samples: int) -> PimcBot:
    bot = PimcBot(state.game, seed)
    bot.samples = play_samples
    bot.decision_samples = other_samples
    bot.confidence = 0.0  # the candidate with the best mean, however small its lead
    return bot


def _unit(state: State) -> str:
    if state.phase is not Phase.PLAY or state.game.id not in ADAPTERS:
        return "score"
    if utility_of(state) is not None:
        return "score"
    pos, _ = position_of(state)
    return "points" if isinstance(pos, PointsPosition) else "tricks"


def _estimates(bot: PimcBot, state: State, seat: int, extra: Sequence[Action]) -> list[tuple[Action, float]]:
    try:
        got = bot.estimates(state, seat, extra, relative=True)
    except ResampleError:
        # no deal consistent with what the seat saw was found: the heuristic's choice (and the
        # actions asked about), unvalued: no loss can be told
        choice = bot.fallback.act(state, seat)
        got = [(choice, 0.0), *((a, 0.0) for a in extra if a != choice)]
    return [(a, round(v, 2)) for a, v in got]


def _open_hand(state: State, taken: Action) -> tuple[tuple[tuple[str, int], ...], float]:
    """Each legal card's exact open-hand value for the acting seat's side (best first) and the
    loss of ``taken`` by it (through the game's utility where it has one)."""
    values = solve(state)
    pos, _ = position_of(state)
    sign = 1 if pos.max_to_move() else -1
    utility = utility_of(state)
    order = {a: i for i, a in enumerate(values)}
    ranked = sorted(values.items(), key=lambda item: (-sign * item[1], order[item[0]]))

    def worth(v: int) -> float:
        return sign * (float(v) if utility is None else utility(v))

    best = max(worth(v) for v in values.values())
    return tuple((str(a), sign * v) for a, v in ranked), round(best - worth(values[taken]), 2)


def _unsolved(state: State, seat: int, number: int, taken: Action, bot: PimcBot) -> Decision:
    """A card the analysis does not solve (five or six hands, more than seven cards in hand):
    the heuristic's choice, no estimate, no loss told."""
    choice = bot.fallback.act(state, seat)
    estimates = ((str(choice), 0.0), *(((str(taken), 0.0),) if taken != choice else ()))
    return Decision(
        number=number,
        seat=seat,
        phase=state.phase.value,
        taken=str(taken),
        best=str(choice),
        estimates=estimates,
        open_hand=None,
        loss=0.0,
        loss_open=None,
        grade=grade(state.game.id, 0.0, _unit(state)),
        unit=_unit(state),
        unsolved=True,
    )


def _decision(state: State, seat: int, number: int, taken: Action, bot: PimcBot) -> Decision:
    if state.phase is Phase.PLAY and unsolved_yet(state, seat):
        return _unsolved(state, seat, number, taken, bot)
    estimates = _estimates(bot, state, seat, [taken])
    means = dict(estimates)
    top = estimates[0][1]
    loss = round(max(0.0, top - means.get(taken, top)), 2)
    unit = _unit(state)
    open_hand: tuple[tuple[str, int], ...] | None = None
    loss_open: float | None = None
    if state.phase is Phase.PLAY and state.game.id in ADAPTERS:
        open_hand, loss_open = _open_hand(state, taken)
    return Decision(
        number=number,
        seat=seat,
        phase=state.phase.value,
        taken=str(taken),
        best=str(estimates[0][0]),
        estimates=tuple((str(a), v) for a, v in estimates),
        open_hand=open_hand,
        loss=loss,
        loss_open=loss_open,
        grade=grade(state.game.id, loss, unit),
        unit=unit,
    )


def _par(state: State) -> Par:
    """The open-hand par of ``state`` at the first card of its play, or at a table of five or six
    at the first lead with at most seven cards in each hand (``state`` not changed)."""
    trial = state.copy()
    pos, base = position_of(trial)
    value = base + position_value(trial.game.id, pos)
    deal = len(trial.deals)
    play_out(trial)
    changes = trial.deals[deal - 1].score_changes
    tricks = getattr(state, "tricks", ())
    return Par(value, None if changes is None else tuple(changes), len(tricks) if state.game.players > 4 else 0)


def _solvable(state: State) -> bool:
    """Whether the par can be taken here: between tricks with no hand above seven cards at a
    table of five or six (see :func:`unsolved_yet`), anywhere in the play at smaller tables."""
    if state.game.players <= 4:
        return True
    playing = getattr(state, "playing", state.active_seats())
    return not getattr(state, "trick", ()) and not any(unsolved_yet(state, s) for s in playing)


def _summaries(decisions: Sequence[Decision], seats: Sequence[int]) -> tuple[SeatSummary, ...]:
    out = []
    for seat in seats:
        own = [d for d in decisions if d.seat == seat]
        costly = sorted((d for d in own if d.loss > 0), key=lambda d: (-d.loss, d.number))[:3]
        out.append(SeatSummary(seat, round(sum(d.loss for d in own), 2), tuple(d.number for d in costly)))
    return tuple(out)


def analyze_deal(
    record: dict[str, Any],
    deal: int,
    *,
    seats: Sequence[int] | None = None,
    samples: int | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> DealAnalysis:
    """Analyse every decision of deal ``deal`` (1-based) of ``record`` (of ``seats`` only when
    given) as the module says; ``samples``: the pimc bot's samples per decision (default
    :data:`DEFAULT_PLAY_SAMPLES` for card play and :data:`DEFAULT_DECISION_SAMPLES` for the
    rest); ``progress(done, total)`` is called after each decision.  Raises
    :class:`prikup.records.RecordError` for a bad record and :class:`AnalysisError` for a deal
    or seat out of range or samples below 1."""
    if samples is not None and samples < 1:
        raise AnalysisError("samples_range", samples=samples)
    state, actions = state_before_deal(record, deal)
    players = state.game.players
    if seats is not None:
        for s in seats:
            if not 0 <= s < players:
                raise AnalysisError("seat_range", seat=s, last=players - 1)
    chosen = sorted(set(seats) if seats is not None else state.active_seats())
    play_n = samples or DEFAULT_PLAY_SAMPLES
    other_n = samples or DEFAULT_DECISION_SAMPLES
    total = decision_count(state, actions, chosen)
    decisions: list[Decision] = []
    par: Par | None = None
    for number, (seat, text) in enumerate(actions):
        if par is None and state.phase is Phase.PLAY and state.game.id in ADAPTERS and _solvable(state):
            par = _par(state)
        if seat in chosen and len(state.legal_actions()) > 1:
            taken = state.verify(text)
            bot = _bot(state, seed * 1_000_003 + deal * 1009 + number, play_n, other_n)
            decisions.append(_decision(state, seat, number, taken, bot))
            if progress is not None:
                progress(len(decisions), total)
        state.apply(text)
    return DealAnalysis(
        game=state.game.id,
        deal=deal,
        par=par,
        decisions=tuple(decisions),
        seats=_summaries(decisions, chosen),
        seed=seed,
        samples=(play_n, other_n),
    )


def hint(state: State, seat: int, *, seed: int = 0, top: int = 3) -> Hint:
    """The pimc bot's suggestion for ``seat``, which must be the seat to act, from that seat's
    knowledge only (no open-hand values: a hint does not see the others' cards), with its
    estimates of the ``top`` best candidates (the analysis's default samples and measure: a hint
    is what the analysis would call the best choice there; at a table of five or six with more
    than seven cards in hand, the heuristic's card, as pimc plays it).  :class:`AnalysisError`
    if ``seat`` is not to act."""
    if state.to_act != seat:
        raise AnalysisError("not_to_act", seat=seat)
    legal = state.legal_actions()
    if len(legal) == 1:
        return Hint(seat, str(legal[0]), ((str(legal[0]), 0.0),), _unit(state))
    bot = _bot(state, seed, DEFAULT_PLAY_SAMPLES, DEFAULT_DECISION_SAMPLES)
    if state.phase is Phase.PLAY and unsolved_yet(state, seat):  # as pimc: the heuristic's card
        choice = bot.fallback.act(state, seat)
        return Hint(seat, str(choice), ((str(choice), 0.0),), _unit(state))
    estimates = _estimates(bot, state, seat, [])
    return Hint(seat, str(estimates[0][0]), tuple((str(a), v) for a, v in estimates[: max(1, top)]), _unit(state))

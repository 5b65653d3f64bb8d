"""The arena: play strength of bots from seeded, duplicate tournaments.

**Units.**  A tournament is a schedule of *units*, each a pure function of its seed and its
lineup (the bot in every seat), so any unit can be played anywhere (this process, local worker
processes, a Dask cluster) with the same result:

* ``unit="match"``: the whole match ``game.new_match(seed)``, stopped unfinished after
  ``max_deals`` deals;
* ``unit="deal"``: one single deal (a ``single_deal`` state), whose cards are exactly the
  *first deal of the match with that seed*: the dealer is drawn by ``random.Random(seed)`` and
  the same generator shuffles and deals through the game's own ``_deal_random_cards`` (see
  :func:`seeded_deal`).  Its result is every seat's score change in that deal.

Bot ``s`` of a unit with seed ``u`` is seeded ``u * 1000 + s`` (as in :func:`play_match`).

**Duplicate sets.**  With ``duplicate=True`` (the default), a *duplicate set* is one seed played
with every seating of the lineup, so every bot plays every seat of the same cards: for a match
unit the same match seed (later deals of a match depend on the earlier play, so only the first
deal is literally the same; use the deal unit for strictly identical cards), for a deal unit
the same single deal.  The seatings are all distinct permutations of the lineup for up to three
seats, and the distinct cyclic rotations from four seats on (4! seatings would be many, and a
rotation keeps the partnerships of a partnership game such as four-handed Five Hundred).  Set
``k`` uses seed ``seed + k``.  The requested number of units is rounded up to whole sets.
Without duplicate, unit ``i`` has seed ``seed + i`` and the lineup rotated by ``i`` seats; each
unit is then a set of its own.

**Results.**  Scores are sign-adjusted so that higher is better (negated where
``Game.LOWER_SCORE_WINS``, as in 501).  A bot's result in a unit is its mean over the seats it
holds of the score change per deal; in a match unit also its share of the win (``1/k`` to each of
``k`` winners; an unfinished match has no winner).  The confidence intervals of a bot's mean
and of the difference between two bots are taken over duplicate sets (each set's mean, or the
per-set difference of the two bots' means): the set is the unit of independence.  The win rate
is also given with a Wilson interval over seats (which ignores the pairing, so is wider than
needed for duplicate play).

**Ratings.**  Each unit is one openskill Plackett-Luce game between the distinct bots, ranked
by (win share, mean change per deal) for matches and by score change for deals
(:mod:`prikup.ratings`), rated in schedule order.

**Parallel play.**  ``workers > 1`` plays batches of units in local processes; ``dask=ADDRESS``
on a Dask distributed cluster (:mod:`prikup.arena_dask`).  Results are combined in schedule
order, so they are identical to a sequential run with the same seed.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from prikup.bots import make_bot
from prikup.core.game import Game, State
from prikup.games import make_game
from prikup.ratings import Ratings
from prikup.records import Seat, save, to_record

__all__ = [
    "ArenaResult",
    "BotStats",
    "MatchResult",
    "PairStats",
    "UnitResult",
    "UnitSpec",
    "mean_interval",
    "paired_interval",
    "play_match",
    "play_unit",
    "report_rows",
    "run_arena",
    "schedule",
    "seatings",
    "seeded_deal",
    "wilson",
]

Z95 = 1.959963984540054

UnitKind = Literal["match", "deal"]
SeatingMode = Literal["auto", "permutations", "rotations"]
UNITS: tuple[str, ...] = ("match", "deal")
SEATING_MODES: tuple[str, ...] = ("auto", "permutations", "rotations")


# -- statistics -----------------------------------------------------------------------------------
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval (sample standard deviation, ``n - 1``)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def paired_interval(a: Sequence[float], b: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean of the paired differences ``a[i] - b[i]`` (one pair per duplicate set) and its interval."""
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in length: {len(a)} and {len(b)}")
    return mean_interval([x - y for x, y in zip(a, b, strict=True)], z)


# -- the schedule ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class UnitSpec:
    """One unit of the schedule: its position, duplicate set, seed and the bot in every seat."""

    index: int
    set_index: int
    seed: int
    lineup: tuple[str, ...]
    seating: int = 0


def seatings(lineup: Sequence[str], mode: str = "auto") -> list[tuple[str, ...]]:
    """The distinct seatings of a lineup a duplicate set plays, the lineup itself first.

    ``auto`` is ``permutations`` for up to three seats and ``rotations`` (cyclic) from four on.
    """
    if mode not in SEATING_MODES:
        raise ValueError(f"unknown seating mode {mode!r}; choose from {', '.join(SEATING_MODES)}")
    base = tuple(lineup)
    if mode == "auto":
        mode = "permutations" if len(base) <= 3 else "rotations"
    if mode == "permutations":
        candidates: Iterable[tuple[str, ...]] = itertools.permutations(base)
    else:
        candidates = (base[i:] + base[:i] for i in range(len(base)))
    return list(dict.fromkeys(candidates))


def schedule(
    lineup: Sequence[str],
    units: int,
    seed: int = 0,
    *,
    duplicate: bool = True,
    seating: str = "auto",
) -> list[UnitSpec]:
    """The units to play: whole duplicate sets covering at least ``units`` units, or ``units``
    rotated single units without duplicate."""
    base = tuple(lineup)
    n = len(base)
    specs: list[UnitSpec] = []
    if duplicate:
        arrangements = seatings(base, seating)
        sets = math.ceil(units / len(arrangements)) if units > 0 else 0
        for k in range(sets):
            for a, arr in enumerate(arrangements):
                specs.append(UnitSpec(len(specs), k, seed + k, arr, a))
    else:
        for i in range(units):
            specs.append(UnitSpec(i, i, seed + i, tuple(base[(s + i) % n] for s in range(n)), 0))
    return specs


# -- playing one unit -----------------------------------------------------------------------------
@dataclass
class MatchResult:
    """One match: who sat where, the final state, and whether it finished within the cap."""

    seed: int
    lineup: list[str]
    state: State

    @property
    def finished(self) -> bool:
        """True if the match reached its end (not stopped by the deal cap)."""
        return self.state.is_over


def bot_seed(unit_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the unit with seed ``unit_seed``."""
    return unit_seed * 1000 + seat


def _run(state: State, lineup: Sequence[str], seed: int, max_deals: int) -> State:
    game = state.game
    bots = [make_bot(name, game, bot_seed(seed, s)) for s, name in enumerate(lineup)]
    # a finished deal is followed at once by the next one's cards: stop when deal max_deals + 1 starts
    while not state.is_over and len(state.deals) <= max_deals:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    return state


def play_match(game: Game, lineup: Sequence[str], seed: int, max_deals: int = 200) -> MatchResult:
    """Play one seeded match; ``lineup[s]`` is the bot name in seat ``s``."""
    return MatchResult(seed, list(lineup), _run(game.new_match(seed), lineup, seed, max_deals))


def seeded_deal(game: Game, seed: int) -> State:
    """A single deal with exactly the cards and dealer of the first deal of ``game.new_match(seed)``."""
    rng = random.Random(seed)
    dealer = rng.randrange(game.players)
    probe = game.new_replay(dealer, single_deal=True)
    hands, talon = probe._deal_random_cards(rng, dealer)
    return game.new_deal(hands, talon, dealer=dealer)


@dataclass(frozen=True)
class UnitResult:
    """What a unit produced (small and picklable: it travels back from worker processes)."""

    spec: UnitSpec
    #: every seat's total sign-adjusted score change (higher is better) over the deals played
    changes: tuple[float, ...]
    #: the deals scored
    deals: int
    finished: bool
    winners: tuple[int, ...]
    #: SHA-256 of every deal's cards and actions: equal digests mean identical play
    digest: str


@dataclass(frozen=True)
class ArenaConfig:
    """What a worker needs to play units: the game as id and options, the unit kind, the cap."""

    game_id: str
    options: tuple[tuple[str, Any], ...]
    unit: str = "match"
    max_deals: int = 200
    records: bool = False


@lru_cache(maxsize=16)
def _game_of(game_id: str, options: tuple[tuple[str, Any], ...]) -> Game:
    return make_game(game_id, **dict(options))


def config_of(game: Game, unit: str = "match", max_deals: int = 200, records: bool = False) -> ArenaConfig:
    """The picklable description of a game and unit kind for workers."""
    if unit not in UNITS:
        raise ValueError(f"unknown unit {unit!r}; choose from {', '.join(UNITS)}")
    return ArenaConfig(game.id, tuple(sorted(game.options.items())), unit, max_deals, records)


def _digest(state: State) -> str:
    h = hashlib.sha256()
    for log in state.deals:
        h.update(repr((log.dealer, [list(map(str, x)) for x in log.hands], list(map(str, log.talon)))).encode())
        h.update(repr([(s, str(a)) for s, a in log.actions]).encode())
    return h.hexdigest()


def play_unit(config: ArenaConfig, spec: UnitSpec) -> tuple[UnitResult, dict[str, Any] | None]:
    """Play one unit; returns its result and, if ``config.records``, its game record."""
    game = _game_of(config.game_id, config.options)
    start = seeded_deal(game, spec.seed) if config.unit == "deal" else game.new_match(spec.seed)
    state = _run(start, spec.lineup, spec.seed, config.max_deals)
    sign = -1.0 if game.LOWER_SCORE_WINS else 1.0
    totals = [0.0] * game.players
    deals = 0
    for values in state.deal_values():  # a deal's worth to each seat (preferans: as if settled now)
        deals += 1
        for seat, value in enumerate(values):
            totals[seat] += sign * value
    result = UnitResult(
        spec,
        tuple(totals),
        deals,
        state.is_over,
        tuple(state.winners) if state.is_over else (),
        _digest(state),
    )
    record = to_record(state, [Seat(name) for name in spec.lineup], seed=spec.seed) if config.records else None
    return result, record


def play_batch(config: ArenaConfig, specs: Sequence[UnitSpec]) -> list[tuple[UnitResult, dict[str, Any] | None]]:
    """Play a batch of units in order (the task a worker process or a Dask worker runs)."""
    return [play_unit(config, spec) for spec in specs]


# -- statistics of a run --------------------------------------------------------------------------
@dataclass
class BotStats:
    """Accumulated results of one bot name over an arena run."""

    name: str
    seats_played: int = 0
    wins: float = 0.0
    #: seat-deals played and the total sign-adjusted score change over them
    seat_deals: int = 0
    total_change: float = 0.0
    #: per duplicate set: the bot's mean change per deal, and its win share per seat
    set_means: list[float] = field(default_factory=list)
    set_wins: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """Wins per seat played."""
        return self.wins / self.seats_played if self.seats_played else 0.0


@dataclass
class PairStats:
    """Bot ``a`` against bot ``b``: the per-set differences of their means (and win rates)."""

    a: str
    b: str
    mean_diff: tuple[float, float, float]
    win_diff: tuple[float, float, float]
    sets: int


@dataclass
class ArenaResult:
    """A run's units (in schedule order), every bot's statistics, the pairs and the ratings."""

    game: Game
    unit: str
    duplicate: bool
    units: list[UnitResult]
    stats: dict[str, BotStats]
    pairs: list[PairStats]
    ratings: Ratings

    @property
    def unfinished(self) -> int:
        """Match units stopped by the deal cap."""
        return sum(1 for u in self.units if not u.finished) if self.unit == "match" else 0

    @property
    def sets(self) -> int:
        """The number of duplicate sets (units without duplicate)."""
        return len({u.spec.set_index for u in self.units})


def _unit_scores(unit: UnitResult) -> dict[str, tuple[float, float, int]]:
    """Per bot in the unit: (win share per seat, mean change per deal per seat, seats)."""
    acc: dict[str, list[float]] = {}
    for seat, name in enumerate(unit.spec.lineup):
        per_deal = unit.changes[seat] / unit.deals if unit.deals else 0.0
        win = 1 / len(unit.winners) if seat in unit.winners else 0.0
        a = acc.setdefault(name, [0.0, 0.0, 0.0])
        a[0] += win
        a[1] += per_deal
        a[2] += 1
    return {name: (w / k, m / k, int(k)) for name, (w, m, k) in acc.items()}


def summarise(
    game: Game, unit: str, duplicate: bool, names: Sequence[str], results: Sequence[UnitResult]
) -> ArenaResult:
    """Statistics, pairwise comparisons and ratings of units given in schedule order."""
    stats = {name: BotStats(name) for name in names}
    ratings = Ratings(list(names))
    by_set: dict[int, dict[str, list[tuple[float, float, int]]]] = {}
    for u in results:
        scores = _unit_scores(u)
        for seat, name in enumerate(u.spec.lineup):
            st = stats[name]
            st.seats_played += 1
            st.seat_deals += u.deals
            st.total_change += u.changes[seat]
            if seat in u.winners:
                st.wins += 1 / len(u.winners)
        for name, value in scores.items():
            by_set.setdefault(u.spec.set_index, {}).setdefault(name, []).append(value)
        if unit == "match":
            ratings.rate({name: (w, m) for name, (w, m, _) in scores.items()})
        else:
            ratings.rate({name: m for name, (_, m, _) in scores.items()})
    complete: list[dict[str, tuple[float, float]]] = []
    for k in sorted(by_set):
        per_bot: dict[str, tuple[float, float]] = {}
        for name, values in by_set[k].items():
            seats = sum(v[2] for v in values)
            per_bot[name] = (
                sum(v[0] * v[2] for v in values) / seats,
                sum(v[1] * v[2] for v in values) / seats,
            )
            stats[name].set_wins.append(per_bot[name][0])
            stats[name].set_means.append(per_bot[name][1])
        complete.append(per_bot)
    pairs = []
    for a, b in itertools.combinations(names, 2):
        both = [s for s in complete if a in s and b in s]
        pairs.append(
            PairStats(
                a,
                b,
                paired_interval([s[a][1] for s in both], [s[b][1] for s in both]),
                paired_interval([s[a][0] for s in both], [s[b][0] for s in both]),
                len(both),
            )
        )
    return ArenaResult(game, unit, duplicate, list(results), stats, pairs, ratings)


# -- running --------------------------------------------------------------------------------------
def _batches(specs: Sequence[UnitSpec], parts: int, cap: int = 64) -> list[list[UnitSpec]]:
    size = max(1, min(cap, math.ceil(len(specs) / max(1, parts))))
    return [list(specs[i : i + size]) for i in range(0, len(specs), size)]


def _record_name(config: ArenaConfig, spec: UnitSpec) -> str:
    return f"{config.unit}-{spec.seed:06d}-s{spec.seating}.json"


def execute(
    config: ArenaConfig,
    specs: Sequence[UnitSpec],
    *,
    workers: int = 1,
    dask: Any = None,
    records_dir: str | Path | None = None,
    progress: Callable[[int], Any] | None = None,
) -> list[UnitResult]:
    """Play every unit (here, in ``workers`` local processes, or on a Dask cluster at ``dask``,
    an address or a ``distributed.Client``); results in schedule order, records saved."""
    out: dict[int, list[UnitResult]] = {}
    done = 0
    folder = None if records_dir is None else Path(records_dir)
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)

    def collect(i: int, batch: list[tuple[UnitResult, dict[str, Any] | None]]) -> None:
        nonlocal done
        out[i] = [r for r, _ in batch]
        if folder is not None:
            for r, record in batch:
                assert record is not None
                save(folder / _record_name(config, r.spec), record)
        done += len(batch)
        if progress is not None:
            progress(done)

    if dask is not None:
        from prikup.arena_dask import run_batches

        run_batches(dask, config, _batches(specs, 32), collect)
    elif workers <= 1:
        for i, spec in enumerate(specs):
            collect(i, [play_unit(config, spec)])
    else:
        import multiprocessing

        batches = _batches(specs, 8 * workers)
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = {pool.submit(play_batch, config, batch): i for i, batch in enumerate(batches)}
            for future in as_completed(futures):
                collect(futures[future], future.result())
    return [r for i in sorted(out) for r in out[i]]


def run_arena(
    game: Game,
    bot_names: Sequence[str],
    matches: int,
    seed: int = 0,
    *,
    max_deals: int = 200,
    records_dir: str | Path | None = None,
    progress: Callable[[int], Any] | None = None,
    unit: str = "match",
    duplicate: bool = True,
    seating: str = "auto",
    workers: int = 1,
    dask: Any = None,
) -> ArenaResult:
    """Play a tournament of at least ``matches`` units (whole duplicate sets) between the bots
    of ``bot_names`` (one per seat; a name may repeat) and summarise it."""
    n = game.players
    if len(bot_names) != n:
        raise ValueError(f"{game.id} with {n} players needs {n} bots, got {len(bot_names)}: {', '.join(bot_names)}")
    if matches < 1:
        raise ValueError(f"the number of units must be at least 1, got {matches}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    lineup = [name.strip().lower() for name in bot_names]
    for name in set(lineup):
        make_bot(name, game)  # fail early on an unknown name
    config = config_of(game, unit, max_deals, records_dir is not None)
    specs = schedule(lineup, matches, seed, duplicate=duplicate, seating=seating)
    results = execute(config, specs, workers=workers, dask=dask, records_dir=records_dir, progress=progress)
    return summarise(game, unit, duplicate, list(dict.fromkeys(lineup)), results)


def planned_units(n_seats_lineup: Sequence[str], matches: int, duplicate: bool = True, seating: str = "auto") -> int:
    """How many units :func:`run_arena` will play for a request of ``matches``."""
    if not duplicate:
        return matches
    size = len(seatings(n_seats_lineup, seating))
    return math.ceil(matches / size) * size


def report_rows(result: ArenaResult) -> list[dict[str, Any]]:
    """Per bot: seats, wins and win rate (Wilson 95%, and over sets), mean change per deal over sets."""
    rows = []
    for st in result.stats.values():
        low, high = wilson(st.wins, st.seats_played)
        mean, mlow, mhigh = mean_interval(st.set_means)
        wmean, wlow, whigh = mean_interval(st.set_wins)
        rating = result.ratings.current(st.name)
        rows.append(
            {
                "bot": st.name,
                "seats": st.seats_played,
                "wins": st.wins,
                "win_rate": st.win_rate,
                "win_low": low,
                "win_high": high,
                "set_win_rate": wmean,
                "set_win_low": wlow,
                "set_win_high": whigh,
                "deals": st.seat_deals,
                "sets": len(st.set_means),
                "mean_change": mean,
                "mean_low": mlow,
                "mean_high": mhigh,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "ordinal": rating.ordinal,
            }
        )
    return rows

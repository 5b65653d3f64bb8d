"""The arena: seeded matches between bots, seats rotated, with confidence intervals."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prikup.bots import make_bot
from prikup.core.game import Game, State
from prikup.records import Seat, save, to_record

__all__ = ["ArenaResult", "BotStats", "MatchResult", "mean_interval", "play_match", "run_arena", "wilson"]

Z95 = 1.959963984540054


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


@dataclass
class BotStats:
    """Accumulated results of one bot name over an arena run."""

    name: str
    seats_played: int = 0
    wins: float = 0.0
    deal_changes: list[float] = field(default_factory=list)


@dataclass
class ArenaResult:
    """Every bot's statistics and every match."""

    game: Game
    stats: dict[str, BotStats]
    matches: list[MatchResult]

    @property
    def unfinished(self) -> int:
        """Matches stopped by the deal cap."""
        return sum(1 for m in self.matches if not m.finished)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def play_match(game: Game, lineup: Sequence[str], seed: int, max_deals: int = 200) -> MatchResult:
    """Play one seeded match; ``lineup[s]`` is the bot name in seat ``s``."""
    state = game.new_match(seed)
    bots = [make_bot(name, game, seed * 1000 + s) for s, name in enumerate(lineup)]
    # a finished deal is followed at once by the next one's cards: stop when deal max_deals + 1 starts
    while not state.is_over and len(state.deals) <= max_deals:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    return MatchResult(seed, list(lineup), state)


def run_arena(
    game: Game,
    bot_names: Sequence[str],
    matches: int,
    seed: int = 0,
    *,
    max_deals: int = 200,
    records_dir: str | Path | None = None,
    progress: Callable[[int], Any] | None = None,
) -> ArenaResult:
    """Play ``matches`` seeded matches, rotating the bots through the seats."""
    n = game.players
    if len(bot_names) != n:
        raise ValueError(f"{game.id} with {n} players needs {n} bots, got {len(bot_names)}: {', '.join(bot_names)}")
    for name in set(bot_names):
        make_bot(name, game)  # fail early on an unknown name
    stats = {name: BotStats(name) for name in bot_names}
    results: list[MatchResult] = []
    for i in range(matches):
        lineup = [bot_names[(s + i) % n] for s in range(n)]
        result = play_match(game, lineup, seed + i, max_deals)
        results.append(result)
        _account(result, stats)
        if records_dir is not None:
            path = Path(records_dir)
            path.mkdir(parents=True, exist_ok=True)
            seats = [Seat(name) for name in lineup]
            save(path / f"match-{seed + i:06d}.json", to_record(result.state, seats, seed=seed + i))
        if progress is not None:
            progress(i + 1)
    return ArenaResult(game, stats, results)


def _account(result: MatchResult, stats: dict[str, BotStats]) -> None:
    state = result.state
    winners = state.winners if state.is_over else ()
    for seat, name in enumerate(result.lineup):
        st = stats[name]
        st.seats_played += 1
        if seat in winners:
            st.wins += 1 / len(winners)
        for log in state.deals:
            if log.score_changes is not None and (seat in state.active_seats(log.dealer)):
                st.deal_changes.append(float(log.score_changes[seat]))


def report_rows(result: ArenaResult) -> list[dict[str, Any]]:
    """Per bot: seats played, wins and win rate with its 95% interval, mean change per deal."""
    rows = []
    for st in result.stats.values():
        low, high = wilson(st.wins, st.seats_played)
        mean, mlow, mhigh = mean_interval(st.deal_changes)
        rows.append(
            {
                "bot": st.name,
                "seats": st.seats_played,
                "wins": st.wins,
                "win_rate": st.wins / st.seats_played if st.seats_played else 0.0,
                "win_low": low,
                "win_high": high,
                "deals": len(st.deal_changes),
                "mean_change": mean,
                "mean_low": mlow,
                "mean_high": mhigh,
            }
        )
    return rows

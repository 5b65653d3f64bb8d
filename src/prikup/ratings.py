"""Play-strength ratings of bots: openskill's Plackett-Luce model, and a plot of their history.

Every arena unit (a match or a single deal) is one rated game between the *distinct* bots at
the table, ranked by their result in it (the arena decides the ranking key; equal results are a
tie).  A bot that sits in several seats of one unit is one contestant, ranked by its mean
result over those seats.  Units are rated in schedule order, so the ratings are a deterministic
function of the results.

``ordinal`` is openskill's conservative estimate ``mu - 3 sigma``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["RatingPoint", "Ratings", "plot_ratings", "ranks_of"]


@dataclass(frozen=True)
class RatingPoint:
    """A bot's rating after it took part in ``games`` rated units."""

    games: int
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


def ranks_of(results: Mapping[str, Any]) -> dict[str, int]:
    """Competition ranks (1 = best) from comparable results, higher is better; ties share a rank."""
    order = sorted(results, key=lambda name: results[name], reverse=True)
    ranks: dict[str, int] = {}
    for i, name in enumerate(order):
        if i and results[name] == results[order[i - 1]]:
            ranks[name] = ranks[order[i - 1]]
        else:
            ranks[name] = i + 1
    return ranks


@dataclass
class Ratings:
    """The openskill (Plackett-Luce) ratings of named bots, with every bot's history."""

    names: Sequence[str]
    history: dict[str, list[RatingPoint]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        from openskill.models import PlackettLuce

        self._model = PlackettLuce()
        self._ratings = {name: self._model.rating(name=name) for name in self.names}
        for name in self.names:
            r = self._ratings[name]
            self.history[name] = [RatingPoint(0, float(r.mu), float(r.sigma))]

    def rate(self, results: Mapping[str, Any]) -> None:
        """Rate one unit: ``results`` maps each bot that took part to its comparable result."""
        names = [name for name in self.names if name in results]
        if len(names) < 2:
            return
        ranks = ranks_of({name: results[name] for name in names})
        teams = [[self._ratings[name]] for name in names]
        new = self._model.rate(teams, ranks=[float(ranks[name]) for name in names])
        for name, team in zip(names, new, strict=True):
            self._ratings[name] = team[0]
            games = self.history[name][-1].games + 1
            self.history[name].append(RatingPoint(games, float(team[0].mu), float(team[0].sigma)))

    def current(self, name: str) -> RatingPoint:
        """A bot's rating now."""
        return self.history[name][-1]

    def table(self) -> list[RatingPoint]:
        """Every bot's current rating, in the order of :attr:`names`."""
        return [self.current(name) for name in self.names]


def plot_ratings(
    history: Mapping[str, Sequence[RatingPoint]], path: str | Path, title: str = "", lang: str = "en"
) -> None:
    """Write a PNG of every bot's rating (mu) over the games it played, with a band of ± sigma;
    the axes and the legend are worded in ``lang`` (the message catalogue's ``cli.ar_plot_*``)."""
    import matplotlib

    from prikup.i18n import t

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    try:
        for name, points in history.items():
            xs = [p.games for p in points]
            mus = [p.mu for p in points]
            (line,) = ax.plot(
                xs,
                mus,
                label=t("cli.ar_plot_line", lang, name=name, mu=f"{mus[-1]:.1f}", sigma=f"{points[-1].sigma:.2f}"),
            )
            ax.fill_between(
                xs,
                [p.mu - p.sigma for p in points],
                [p.mu + p.sigma for p in points],
                color=line.get_color(),
                alpha=0.2,
                linewidth=0,
            )
        ax.set_xlabel(t("cli.ar_plot_x", lang))
        ax.set_ylabel(t("cli.ar_plot_y", lang))
        if title:
            ax.set_title(title)
        ax.grid(True, alpha=0.3)
        ax.legend(loc="best")
        fig.tight_layout()
        fig.savefig(str(path), format="png")
    finally:
        plt.close(fig)

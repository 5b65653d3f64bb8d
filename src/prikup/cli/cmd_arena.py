"""``prikup arena``: a seeded (duplicate) tournament between bots (the ``arena`` extra)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from prikup.cli.checks import CliError, check_folder, check_output_file, require_extra
from prikup.cli.main import OptionList, app, console, err, fail, make_table_game
from prikup.core.errors import PrikupError

__all__ = ["arena"]


def _plural(unit: str) -> str:
    return "matches" if unit == "match" else unit + "s"


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="the game")],
    bots: Annotated[str, typer.Option(help="one bot per seat, comma-separated (a name may repeat)")],
    matches: Annotated[
        int, typer.Option("--matches", "--deals", "-n", help="units to play (rounded up to whole duplicate sets)")
    ] = 100,
    unit: Annotated[str, typer.Option(help="the unit: match (whole matches) or deal (single seeded deals)")] = "match",
    duplicate: Annotated[
        bool, typer.Option("--duplicate/--no-duplicate", help="every bot plays every seat of the same deals")
    ] = True,
    seating: Annotated[
        str,
        typer.Option(
            help="duplicate seatings: auto (all permutations up to 3 seats, else rotations), permutations, rotations"
        ),
    ] = "auto",
    seed: Annotated[int, typer.Option(help="seed of the first unit (duplicate set)")] = 0,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    option: OptionList = None,
    max_deals: Annotated[int, typer.Option(help="stop a match after this many deals")] = 200,
    records: Annotated[
        Path | None, typer.Option(help="save every unit's game record in this (existing) folder")
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="write a PNG plot of the ratings")] = None,
    workers: Annotated[int, typer.Option(help="local worker processes")] = 1,
    dask: Annotated[str | None, typer.Option(help="run on the Dask scheduler at this address")] = None,
) -> None:
    """Play a seeded (duplicate) tournament between bots; report wins, score per deal (95% CI) and ratings."""
    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    try:
        require_extra("arena", "arena")
        if dask is not None:
            require_extra("arena --dask", "arena", "distributed")
        from prikup.arena import planned_units, run_arena

        g = make_table_game(game, players, option)
        if players is None and len(names) != g.players:
            g = make_table_game(game, len(names), option)
        if unit not in ("match", "deal"):
            raise CliError(f"unknown unit {unit!r}; choose match or deal")
        if matches < 1:
            raise CliError(f"--matches {matches}: at least 1")
        if workers < 1:
            raise CliError(f"--workers {workers}: at least 1")
        if max_deals < 1:
            raise CliError(f"--max-deals {max_deals}: at least 1")
        if records is not None:
            check_folder(records, "--records")
        if plot is not None:
            check_output_file(plot, "--plot")
        total = planned_units(names, matches, duplicate, seating) if len(names) == g.players else matches
        started = time.perf_counter()
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task(_plural(unit), total=total)
            result = run_arena(
                g,
                names,
                matches,
                seed,
                max_deals=max_deals,
                records_dir=records,
                progress=lambda done: progress.update(task, completed=done),
                unit=unit,
                duplicate=duplicate,
                seating=seating,
                workers=workers,
                dask=dask,
            )
        elapsed = time.perf_counter() - started
    except (PrikupError, ValueError, OSError) as exc:
        raise fail(str(exc)) from None
    _report(g.LOWER_SCORE_WINS, g.id, result, unit, duplicate, max_deals)
    if plot is not None:
        from prikup.ratings import plot_ratings

        played = len(result.units)
        plot_ratings(result.ratings.history, plot, title=f"{g.id}: openskill ratings over {played} {unit} units")
        console.print(f"Ratings plot saved to {escape(str(plot))}")
    if records is not None:
        console.print(f"{len(result.units)} records saved in {escape(str(records))}")
    console.print(f"{len(result.units)} units in {elapsed:.1f} s ({workers if dask is None else 'dask'} worker(s))")


def _report(lower_wins: bool, gid: str, result: object, unit: str, duplicate: bool, max_deals: int) -> None:
    from prikup.arena import ArenaResult, PairStats, report_rows

    assert isinstance(result, ArenaResult)
    direction = "points shed (501 counts down)" if lower_wins else "points gained"
    played = len(result.units)
    kind = "duplicate sets" if duplicate else "units"
    first, last = result.units[0].spec.seed, result.units[-1].spec.seed
    table = Table(
        title=f"{gid}: {played} {_plural(unit)} in {result.sets} {kind}, seeds {first}..{last}",
        caption=(
            ("win rate: Wilson interval over seats; " if unit == "match" else "")
            + f"score/deal: {direction}, higher is better, interval over sets; "
            "mu ± sigma, ordinal = mu - 3 sigma: openskill Plackett-Luce"
        ),
    )
    cols = ["bot", "seats"]
    if unit == "match":
        cols += ["wins", "win rate [95%]"]
    cols += ["score/deal [95%]", "mu ± sigma", "ordinal"]
    for col in cols:
        table.add_column(col)
    for row in report_rows(result):
        cells = [row["bot"], str(row["seats"])]
        if unit == "match":
            cells += [f"{row['wins']:g}", f"{row['win_rate']:.3f} [{row['win_low']:.3f}, {row['win_high']:.3f}]"]
        cells += [
            f"{row['mean_change']:+.1f} [{row['mean_low']:+.1f}, {row['mean_high']:+.1f}]",
            f"{row['mu']:.1f} ± {row['sigma']:.1f}",
            f"{row['ordinal']:.1f}",
        ]
        table.add_row(*cells)
    console.print(table)
    pair: PairStats
    for pair in result.pairs:
        line = (
            f"{pair.a} - {pair.b}: score per deal {pair.mean_diff[0]:+.2f} "
            f"[{pair.mean_diff[1]:+.2f}, {pair.mean_diff[2]:+.2f}]"
        )
        if unit == "match":
            line += f", win rate {pair.win_diff[0]:+.3f} [{pair.win_diff[1]:+.3f}, {pair.win_diff[2]:+.3f}]"
        console.print(line + f" (95% CI over {pair.sets} paired sets)")
    if result.unfinished:
        console.print(f"{result.unfinished} match(es) stopped unfinished at {max_deals} deals (no winner counted)")

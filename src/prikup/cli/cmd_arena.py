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
from prikup.cli.main import OptionList, app, check_lang, console, err, error_line, fail, make_table_game
from prikup.core.errors import PrikupError
from prikup.core.game import Game
from prikup.i18n import t

__all__ = ["arena"]


def _game_name(game: Game, lang: str) -> str:
    return game.title_ru if lang == "ru" else game.id


@app.command()
def arena(
    game: Annotated[str, typer.Argument()],
    bots: Annotated[str, typer.Option()],
    matches: Annotated[int, typer.Option("--matches", "--deals", "-n")] = 100,
    unit: Annotated[str, typer.Option()] = "match",
    duplicate: Annotated[bool, typer.Option("--duplicate/--no-duplicate")] = True,
    seating: Annotated[
        str,
        typer.Option(),
    ] = "auto",
    seed: Annotated[int, typer.Option()] = 0,
    players: Annotated[int | None, typer.Option()] = None,
    option: OptionList = None,
    max_deals: Annotated[int, typer.Option()] = 200,
    records: Annotated[Path | None, typer.Option()] = None,
    plot: Annotated[Path | None, typer.Option()] = None,
    workers: Annotated[int, typer.Option()] = 1,
    dask: Annotated[str | None, typer.Option()] = None,
    lang: Annotated[str, typer.Option()] = "en",
) -> None:
    """Play a seeded (duplicate) tournament between bots; report wins, score per deal (95% CI) and ratings."""
    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    try:
        check_lang(lang)
        require_extra("arena", "arena", lang=lang)
        if dask is not None:
            require_extra("arena --dask", "arena", "distributed", lang=lang)
        from prikup.arena import planned_units, run_arena

        g = make_table_game(game, players, option)
        if players is None and len(names) != g.players:
            try:
                g = make_table_game(game, len(names), option)
            except PrikupError as exc:  # no form of the game for that many players
                raise CliError(t("cli.ar_err_bots_count", lang, n=len(names), why=error_line(exc, lang))) from None
        if unit not in ("match", "deal"):
            raise CliError(t("cli.ar_err_unit", lang, unit=unit))
        for name, value in (("--matches", matches), ("--workers", workers), ("--max-deals", max_deals)):
            if value < 1:
                raise CliError(t("cli.ar_err_at_least_one", lang, option=name, value=value))
        if records is not None:
            check_folder(records, "--records", lang)
        if plot is not None:
            check_output_file(plot, "--plot", lang)
        total = planned_units(names, matches, duplicate, seating) if len(names) == g.players else matches
        started = time.perf_counter()
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task(t(f"cli.ar_units_{unit}", lang), total=total)
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
        raise fail(exc if isinstance(exc, PrikupError) else str(exc), lang) from None
    _report(g, result, unit, duplicate, max_deals, lang)
    played = len(result.units)
    if plot is not None:
        from prikup.ratings import plot_ratings

        units = t(f"cli.ar_title_{unit}", lang)
        title = t("cli.ar_plot_title", lang, game=_game_name(g, lang), n=played, unit=unit, units=units)
        plot_ratings(result.ratings.history, plot, title=title, lang=lang)
        console.print(escape(t("cli.ar_plot_saved", lang, path=plot)))
    if records is not None:
        console.print(escape(t("cli.ar_records_saved", lang, n=played, path=records)))
    used = workers if dask is None else "dask"
    units = t(f"cli.ar_title_{unit}", lang)
    console.print(escape(t("cli.ar_elapsed", lang, n=played, units=units, seconds=f"{elapsed:.1f}", workers=used)))


def _report(game: Game, result: object, unit: str, duplicate: bool, max_deals: int, lang: str) -> None:
    from prikup.arena import ArenaResult, PairStats, report_rows

    assert isinstance(result, ArenaResult)
    direction = t("cli.ar_shed" if game.LOWER_SCORE_WINS else "cli.ar_gained", lang)
    first, last = result.units[0].spec.seed, result.units[-1].spec.seed
    title = t(
        "cli.ar_title",
        lang,
        game=_game_name(game, lang),
        played=len(result.units),
        units=t(f"cli.ar_title_{unit}", lang),
        sets=result.sets,
        kind=t("cli.ar_kind_duplicate" if duplicate else "cli.ar_kind_single", lang),
        first=first,
        last=last,
    )
    caption = t("cli.ar_caption", lang, direction=direction)
    if unit == "match":
        caption = t("cli.ar_caption_wins", lang) + caption
    table = Table(title=escape(title), caption=escape(caption))
    cols = ["bot", "seats"]
    if unit == "match":
        cols += ["wins", "win_rate"]
    cols += ["score", "mu", "ordinal"]
    for col in cols:
        table.add_column(escape(t(f"cli.ar_col_{col}", lang)))
    for row in report_rows(result):
        cells = [row["bot"], str(row["seats"])]
        if unit == "match":
            cells += [f"{row['wins']:g}", f"{row['win_rate']:.3f} [{row['win_low']:.3f}, {row['win_high']:.3f}]"]
        cells += [
            f"{row['mean_change']:+.1f} [{row['mean_low']:+.1f}, {row['mean_high']:+.1f}]",
            f"{row['mu']:.1f} ± {row['sigma']:.1f}",
            f"{row['ordinal']:.1f}",
        ]
        table.add_row(*(escape(c) for c in cells))
    console.print(table)
    pair: PairStats
    for pair in result.pairs:
        mean, low, high = pair.mean_diff
        line = t("cli.ar_pair", lang, a=pair.a, b=pair.b, mean=f"{mean:+.2f}", low=f"{low:+.2f}", high=f"{high:+.2f}")
        if unit == "match":
            mean, low, high = pair.win_diff
            line += t("cli.ar_pair_wins", lang, mean=f"{mean:+.3f}", low=f"{low:+.3f}", high=f"{high:+.3f}")
        console.print(escape(line + t("cli.ar_pair_ci", lang, n=pair.sets)))
    if result.unfinished:
        console.print(escape(t("cli.ar_unfinished", lang, n=result.unfinished, max=max_deals)))

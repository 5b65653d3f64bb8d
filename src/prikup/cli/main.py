"""The ``prikup`` command: play, replay, arena, games."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from prikup.arena import report_rows, run_arena
from prikup.bots import make_bot
from prikup.cli.terminal import TerminalTable
from prikup.core.errors import PrikupError
from prikup.core.game import Game
from prikup.core.options import parse_option_text
from prikup.games import GAMES, make_game
from prikup.i18n import LANGS
from prikup.records import RecordError, Seat, read, replay, save, to_record

__all__ = ["app", "main"]

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Trick-taking games with a talon.")
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

OptionList = Annotated[list[str] | None, typer.Option("--option", "-o", help="a game option as name=value")]


def _fail(message: str) -> typer.Exit:
    err.print(f"[red]error:[/red] {escape(message)}")
    return typer.Exit(1)


def _game(name: str, players: int | None, options: list[str] | None) -> Game:
    given: dict[str, object] = dict(parse_option_text(o) for o in options or [])
    if players is not None:
        given["players"] = players
    return make_game(name, **given)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="the game: " + ", ".join(GAMES))] = "501",
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    option: OptionList = None,
    seed: Annotated[int | None, typer.Option(help="seed of the deals (reproducible match)")] = None,
    record: Annotated[Path | None, typer.Option(help="save the match as a game record")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="bots in every seat, no input")] = False,
    bots: Annotated[str, typer.Option(help="bots for the other seats, comma-separated")] = "heuristic",
    seat: Annotated[int, typer.Option(help="your seat")] = 0,
    lang: Annotated[str, typer.Option(help="language: en or ru")] = "en",
    max_deals: Annotated[int | None, typer.Option(help="stop after this many deals")] = None,
) -> None:
    """Play a match in the terminal against bots (or watch bots with --auto)."""
    try:
        g = _game(game, players, option)
        if lang not in LANGS:
            raise PrikupError(f"unknown language {lang!r}; available: {', '.join(LANGS)}")
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if not names:
            raise PrikupError("--bots needs at least one bot name")
        if not (0 <= seat < g.players):
            raise PrikupError(f"seat {seat} does not exist: seats are 0..{g.players - 1}")
        seats: list[Seat] = []
        table_bots = {}
        others = 0
        for s in range(g.players):
            if s == seat and not auto:
                seats.append(Seat("you", "human"))
                continue
            name = names[others % len(names)]
            others += 1
            table_bots[s] = make_bot(name, g, None if seed is None else seed * 1000 + s)
            seats.append(Seat(name, "bot"))
        state = g.new_match(seed)
    except PrikupError as exc:
        raise _fail(str(exc)) from None
    table = TerminalTable(state, seats, table_bots, console=console, lang=lang, auto=auto)
    try:
        table.run(max_deals=max_deals)
    except (KeyboardInterrupt, EOFError):
        console.print("\n(stopped)")
    finally:
        if record is not None:
            save(record, to_record(state, seats, seed=seed))
            console.print(f"Record saved to {escape(str(record))}")


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
) -> None:
    """Replay a game record through the rules and print its score sheet and result."""
    from prikup.cli.views import view_for

    try:
        state = replay(read(file))
    except RecordError as exc:
        raise _fail(f"{file}: {exc}") from None
    console.print(f"{state.game.id}: {len(state.deals)} deals replayed, every action legal, every score reproduced")
    for line in view_for(state.game.id).sheet(state):
        console.print("  " + escape(line))
    if state.is_over:
        console.print(f"Result: {state.scores_json()}; winner(s): {', '.join(map(str, state.winners))}")
    else:
        console.print(f"Unfinished match; scores {state.scores_json()}")


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="the game")],
    bots: Annotated[str, typer.Option(help="one bot per seat, comma-separated")],
    matches: Annotated[int, typer.Option(help="number of matches")] = 100,
    seed: Annotated[int, typer.Option(help="seed of the first match")] = 0,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    option: OptionList = None,
    max_deals: Annotated[int, typer.Option(help="stop a match after this many deals")] = 200,
    records: Annotated[Path | None, typer.Option(help="save every match's record in this folder")] = None,
) -> None:
    """Play seeded matches between bots, seats rotated; report wins and score per deal (95% CI)."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        g = _game(game, players if players is not None else None, option)
        if players is None and len(names) != g.players:
            g = _game(game, len(names), option)
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task("matches", total=matches)
            result = run_arena(
                g,
                names,
                matches,
                seed,
                max_deals=max_deals,
                records_dir=records,
                progress=lambda done: progress.update(task, completed=done),
            )
    except ValueError as exc:
        raise _fail(str(exc)) from None
    direction = "lower is better" if g.LOWER_SCORE_WINS else "higher is better"
    table = Table(title=f"{g.id}: {matches} matches, seeds {seed}..{seed + matches - 1}")
    for col in ("bot", "seats", "wins", "win rate (95% CI)", f"mean score change per deal ({direction}, 95% CI)"):
        table.add_column(col)
    for row in report_rows(result):
        table.add_row(
            row["bot"],
            str(row["seats"]),
            f"{row['wins']:g}",
            f"{row['win_rate']:.3f} [{row['win_low']:.3f}, {row['win_high']:.3f}]",
            f"{row['mean_change']:+.1f} [{row['mean_low']:+.1f}, {row['mean_high']:+.1f}] over {row['deals']} deals",
        )
    console.print(table)
    if result.unfinished:
        console.print(f"{result.unfinished} match(es) stopped unfinished at {max_deals} deals (no winner counted)")


@app.command()
def games() -> None:
    """List the games and their options."""
    for gid, cls in GAMES.items():
        console.print(f"[bold]{gid}[/bold] — {cls.title} ({cls.title_ru})")
        for o in cls.OPTIONS:
            console.print(f"  {o.name} = {o.format(o.default)}  ({escape(o.allowed())}) — {escape(o.help)}")


def main() -> None:
    """Entry point of the console script."""
    try:
        app()
    except PrikupError as exc:  # pragma: no cover - the commands catch their own
        err.print(f"error: {exc}")
        sys.exit(1)

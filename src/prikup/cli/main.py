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


def _plural(unit: str) -> str:
    return "matches" if unit == "match" else unit + "s"


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
        console.print("  " + line)
    if state.is_over:
        console.print(f"Result: {state.scores_json()}; winner(s): {', '.join(map(str, state.winners))}")
    else:
        console.print(f"Unfinished match; scores {state.scores_json()}")


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
    records: Annotated[Path | None, typer.Option(help="save every unit's game record in this folder")] = None,
    plot: Annotated[Path | None, typer.Option(help="write a PNG plot of the ratings")] = None,
    workers: Annotated[int, typer.Option(help="local worker processes")] = 1,
    dask: Annotated[str | None, typer.Option(help="run on the Dask scheduler at this address")] = None,
) -> None:
    """Play a seeded (duplicate) tournament between bots; report wins, score per deal (95% CI) and ratings."""
    import time

    from prikup.arena import PairStats, planned_units
    from prikup.ratings import plot_ratings

    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    try:
        g = _game(game, players, option)
        if players is None and len(names) != g.players:
            g = _game(game, len(names), option)
        if unit not in ("match", "deal"):
            raise PrikupError(f"unknown unit {unit!r}; choose match or deal")
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
    except (ValueError, OSError) as exc:
        raise _fail(str(exc)) from None
    direction = "points shed (501 counts down)" if g.LOWER_SCORE_WINS else "points gained"
    played = len(result.units)
    kind = "duplicate sets" if duplicate else "units"
    first, last = result.units[0].spec.seed, result.units[-1].spec.seed
    table = Table(
        title=f"{g.id}: {played} {_plural(unit)} in {result.sets} {kind}, seeds {first}..{last}",
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
    if plot is not None:
        plot_ratings(result.ratings.history, plot, title=f"{g.id}: openskill ratings over {played} {unit} units")
        console.print(f"Ratings plot saved to {escape(str(plot))}")
    if records is not None:
        console.print(f"{played} records saved in {escape(str(records))}")
    console.print(f"{played} units in {elapsed:.1f} s ({workers if dask is None else 'dask'} worker(s))")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="a database URL (postgresql://...); default: SQLite in the user data dir")
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before acting")] = 0.4,
    workers: Annotated[int, typer.Option(help="server processes (above 1: PostgreSQL only)")] = 1,
) -> None:
    """Run the multiplayer table server (lobby, tables, WebSockets) in the browser; limits are
    set with PRIKUP_* variables (see prikup.server.config)."""
    from prikup.server.run import serve as run_server
    from prikup.server.storage import default_url

    url = db or default_url()
    shown = url.split("@")[-1] if "@" in url else url
    where = f"database: {escape(shown)}, workers: {workers}"
    console.print(f"prikup server: http://{host}:{port}/  ({where})", soft_wrap=True)
    sys.stdout.flush()
    run_server(host, port, url, workers=workers, bot_delay=bot_delay)


@app.command()
def games() -> None:
    """List the games and their options."""
    for gid, cls in GAMES.items():
        console.print(f"[bold]{gid}[/bold] — {cls.title} ({cls.title_ru})")
        for o in cls.OPTIONS:
            console.print(f"  {o.name} = {o.format(o.default)}  ({escape(o.allowed())}) — {escape(o.help)}")


@app.command("solve")
def solve_cmd(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    deal: Annotated[int, typer.Option(help="the deal, 1-based")],
    at: Annotated[int, typer.Option(help="the number of actions of that deal applied")],
) -> None:
    """Solve a play position of a record with all hands open: each legal card's value (the
    declarer's final points with perfect play afterwards), the best marked."""
    from prikup.core.game import Phase
    from prikup.solver import position_of, solve

    try:
        record = read(file)
        deals = record.get("deals")
        if not isinstance(deals, list) or not (1 <= deal <= len(deals)) or not isinstance(deals[deal - 1], dict):
            count = len(deals) if isinstance(deals, list) else 0
            raise PrikupError(f"deal {deal} is out of range: the record has {count} deal(s), numbered from 1")
        actions = deals[deal - 1].get("actions", [])
        if not isinstance(actions, list) or not (0 <= at <= len(actions)):
            count = len(actions) if isinstance(actions, list) else 0
            raise PrikupError(f"--at {at} is out of range: deal {deal} has {count} action(s) (0..{count})")
        cut = dict(deals[deal - 1], actions=actions[:at])
        cut.pop("scores", None)
        partial = {k: v for k, v in record.items() if k not in ("deals", "result")}
        partial["deals"] = [*deals[: deal - 1], cut]
        state = replay(partial)
        if state.phase is not Phase.PLAY or len(state.deals) != deal:
            raise PrikupError(f"after {at} action(s) of deal {deal} the position is not in the play phase")
        pos, base = position_of(state)
        values = solve(state)
    except (RecordError, ValueError) as exc:
        raise _fail(f"{file}: {exc}") from None
    maximise = pos.max_to_move()
    best = (max if maximise else min)(values.values())
    obs = state.observation(None)
    console.print(
        f"{state.game.id}, deal {deal} after {at} action(s): seat {state.to_act} to play; declarer seat "
        f"{obs.get('declarer')}, contract {obs.get('contract')}, trump {obs.get('trump')}; "
        f"counted so far: {base}"
    )
    side = "the side to play wants the highest" if maximise else "the side to play wants the lowest"
    console.print(
        "Value of each legal play = the counted final total with perfect play by all (501, Пятьсот: the "
        "declarer's points; Five Hundred, preferans: the declaring side's tricks — in misère the bidder's "
        f"tricks, in raspasy and a no-bid deal the tricks of the seat to play); {side}:"
    )
    for action, value in values.items():
        mark = "  <- best" if value == best else ""
        console.print(f"  {escape(str(action)):<24} {value:>4}{mark}")


def main() -> None:
    """Entry point of the console script."""
    try:
        app()
    except PrikupError as exc:  # pragma: no cover - the commands catch their own
        err.print(f"error: {exc}")
        sys.exit(1)

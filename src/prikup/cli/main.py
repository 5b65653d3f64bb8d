"""The ``prikup`` command: play, replay, games (and arena, serve, solve from their own modules).

Every error a user can cause is one line on stderr and a non-zero exit: bad arguments (the
command line's own errors too), missing files and folders (checked before a match is played),
unknown games and options, a missing optional extra.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.main
from rich.console import Console
from rich.markup import escape

from prikup.bots import make_bot
from prikup.cli.checks import CliError, check_output_file
from prikup.cli.localize import localize, only_lang, pick_lang, usage_error
from prikup.cli.rules_cmd import rules
from prikup.cli.teach import describe
from prikup.core.errors import PrikupError
from prikup.core.game import Game
from prikup.core.options import parse_option_text
from prikup.games import GAMES, SPECS, find_game, make_game
from prikup.i18n import LANGS, t
from prikup.records import RecordError, Seat, read, replay, save, to_record

__all__ = ["app", "check_lang", "error_line", "fail", "main"]

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)

OptionList = Annotated[list[str] | None, typer.Option("--option", "-o")]


def fail(why: str | PrikupError, lang: str = "en", where: str = "") -> typer.Exit:
    """Print ``error: why`` (in ``lang``; an error of the rules said by its rule id) on one line of
    stderr, after ``where`` (a file the error is in); the exit to raise."""
    err.print(f"[red]{t('cli.error', lang)}:[/red] {escape(error_line(why, lang, where))}")
    return typer.Exit(1)


def error_line(why: str | BaseException, lang: str, where: str = "") -> str:
    """The text of an error line: a refusal in ``lang`` (by its rule id), else the message."""
    text = describe(why, lang) if isinstance(why, PrikupError) and not isinstance(why, CliError) else str(why)
    return " ".join(((f"{where}: " if where else "") + text).split())


def make_table_game(
    name: str, players: int | None, options: list[str] | None, preset: str | None = None, lang: str = "en"
) -> Game:
    """The game named on the command line with its ``--preset``, then its ``--players`` and
    ``--option`` values (which override the preset's)."""
    given: dict[str, object] = {}
    if preset is not None:
        named = dict(SPECS[find_game(name).id].presets)
        if preset not in named:
            raise CliError(t("cli.err_preset", lang, name=preset, presets=", ".join(named) or "-"))
        given.update(named[preset])
    given.update(parse_option_text(o) for o in options or [])
    if players is not None:
        given["players"] = players
    return make_game(name, **given)


def check_lang(lang: str) -> None:
    """Fail with the one line naming the languages if ``lang`` is not one of them."""
    if lang not in LANGS:
        raise CliError(t("cli.err_lang", "en", name=lang, langs=", ".join(LANGS)))


@app.callback()
def root(
    lang: Annotated[str, typer.Option()] = "en",
) -> None:
    """Trick-taking games with a talon."""
    check_lang(lang)


@app.command()
def play(
    game: Annotated[str, typer.Argument()] = "501",
    players: Annotated[int | None, typer.Option()] = None,
    option: OptionList = None,
    preset: Annotated[str | None, typer.Option()] = None,
    seed: Annotated[int | None, typer.Option()] = None,
    record: Annotated[Path | None, typer.Option()] = None,
    auto: Annotated[bool, typer.Option("--auto")] = False,
    plain: Annotated[bool, typer.Option("--plain")] = False,
    bots: Annotated[str, typer.Option()] = "heuristic",
    seat: Annotated[int, typer.Option()] = 0,
    lang: Annotated[str, typer.Option()] = "en",
    max_deals: Annotated[int | None, typer.Option()] = None,
    hints: Annotated[bool, typer.Option("--hints/--no-hints")] = True,
) -> None:
    """Play a match against bots: the table in a terminal, lines with --plain (or --auto: bots only)."""
    try:
        check_lang(lang)
        g = make_table_game(game, players, option, preset, lang)
        if record is not None:
            check_output_file(record, "--record", lang)
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if not names:
            raise CliError(t("cli.err_bots", lang))
        if not (0 <= seat < g.players):
            raise CliError(t("cli.err_seat", lang, seat=seat, last=g.players - 1))
        if max_deals is not None and max_deals < 1:
            raise CliError(t("cli.ar_err_at_least_one", lang, option="--max-deals", value=max_deals))
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
        raise fail(exc, lang) from None
    tui = not (plain or auto) and sys.stdin.isatty() and sys.stdout.isatty()
    try:
        if tui:
            from prikup.cli.tui.app import TableApp

            TableApp(state, seats, table_bots, lang=lang, max_deals=max_deals, hints=hints).run()
        else:
            from prikup.cli.terminal import TerminalTable

            TerminalTable(state, seats, table_bots, console=console, lang=lang, auto=auto, hints=hints).run(
                max_deals=max_deals
            )
    except (KeyboardInterrupt, EOFError):
        console.print("\n" + t("cli.stopped", lang))
    finally:
        if record is not None:
            try:
                save(record, to_record(state, seats, seed=seed))
            except OSError as exc:
                raise fail(f"{exc.strerror or exc}", lang, f"--record {record}") from None
            console.print(escape(t("cli.record_saved", lang, path=record)))


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument()],
    lang: Annotated[str, typer.Option()] = "en",
) -> None:
    """Replay a game record through the rules and print its score sheet and result."""
    from prikup.cli.narrate import standings
    from prikup.cli.views import view_for
    from prikup.cli.words import Names

    try:
        check_lang(lang)
        state = replay(read(file))
    except (RecordError, PrikupError) as exc:
        raise fail(exc, lang, str(file)) from None
    console.print(t("cli.replayed", lang, game=state.game.id, n=len(state.deals)))
    names = Names(state.game.players, [], ["bot"] * state.game.players, lang)

    def who(seat: int) -> str:
        return f"{t('seat', lang)} {seat}"

    names.names = [who(s) for s in range(state.game.players)]
    for line in view_for(state.game.id).sheet(state, who, lang, console.width - 2):
        console.print("  " + escape(line))
    board = "; ".join(standings(state, names, lang))
    if state.is_over:
        key = "winner" if len(state.winners) == 1 else "winners"
        console.print(
            f"{t('cli.standings', lang)}: {board}. {t(key, lang)}: " + ", ".join(who(w) for w in state.winners)
        )
    else:
        console.print(f"{t('unfinished', lang)}. {t('cli.standings_now', lang)}: {board}")


@app.command()
def games(lang: Annotated[str, typer.Option()] = "en") -> None:
    """List the games and their options."""
    from prikup.cli.teach import option_allowed

    try:
        check_lang(lang)
    except CliError as exc:
        raise fail(exc, lang) from None
    for gid, cls in GAMES.items():
        console.print(f"[bold]{gid}[/bold] — {cls.title} ({cls.title_ru})")
        for o in cls.OPTIONS:
            allowed = o.allowed() if lang == "en" else option_allowed(o.bounds(), lang)
            said = o.help if lang == "en" else t(f"cli.opt.{gid}.{o.name}", lang)
            console.print(f"  {o.name} = {o.format(o.default)}  ({escape(allowed)}) — {escape(said)}")


app.command()(rules)

import prikup.cli.cmd_analyze  # noqa: E402  (registers analyze)
import prikup.cli.cmd_arena  # noqa: E402  (registers arena)
import prikup.cli.cmd_serve  # noqa: E402  (registers serve)
import prikup.cli.cmd_solve  # noqa: E402, F401  (registers solve)


def _click() -> Any:
    """The click the command line runs on (typer bundles its own since 0.20)."""
    try:
        return importlib.import_module("typer._click.exceptions")
    except ImportError:  # an older typer, on the click package
        return importlib.import_module("click.exceptions")


def main() -> None:
    """Entry point of the console script: every error one line, never a traceback.

    The language (``--lang`` anywhere in the arguments, else ``PRIKUP_LANG``) is chosen before the
    command line is built, so that its help and its errors are in that language too.
    """
    click = _click()
    lang = pick_lang(sys.argv[1:], os.environ)
    prefix = t("cli.error", lang)
    try:
        command = typer.main.get_command(app)
        localize(command, lang)
        args = sys.argv[1:] + (["--help"] if sys.argv[1:] and only_lang(sys.argv[1:]) else [])
        code = command.main(args=args, prog_name="prikup", standalone_mode=False)
    except click.NoArgsIsHelpError as exc:
        console.print(exc.ctx.get_help() if exc.ctx else "prikup --help")
        code = 0
    except click.UsageError as exc:
        err.print(f"{prefix}: {escape(usage_error(exc, click, lang))}")
        code = 2
    except click.ClickException as exc:
        err.print(f"{prefix}: {escape(' '.join(exc.format_message().split()))}")
        code = exc.exit_code
    except typer.Abort:
        code = 130
    except PrikupError as exc:
        err.print(f"{prefix}: {escape(error_line(exc, lang))}")
        code = 1
    except KeyboardInterrupt:
        code = 130
    except Exception as exc:  # a bug, said in one line; PRIKUP_DEBUG=1 shows the traceback
        if os.environ.get("PRIKUP_DEBUG"):
            raise
        err.print(
            f"{prefix}: {escape(type(exc).__name__)}: {escape(' '.join(str(exc).split()))} (PRIKUP_DEBUG=1 shows where)"
        )
        code = 1
    sys.exit(code if isinstance(code, int) else 0)

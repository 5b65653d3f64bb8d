"""``prikup analyze``: every decision of a recorded deal judged by the pimc bot (and, for card
play, by the open-hand solver), as a table or as JSON (:mod:`prikup.analysis`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from prikup.analysis import AnalysisError, DealAnalysis, analyze_deal
from prikup.cli.checks import CliError
from prikup.cli.keywords import notation_words
from prikup.cli.main import app, check_lang, console, err, fail
from prikup.core.errors import PrikupError
from prikup.i18n import t
from prikup.records import RecordError, read

__all__ = ["analyze_cmd", "render"]

#: The exit status of bad input (a missing or malformed record, a deal or seat out of range).
BAD_INPUT = 2

#: Rich styles of the grades.
STYLES = {"good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def _refuse(why: str | PrikupError, lang: str, where: str = "") -> typer.Exit:
    """Print the one error line and give the exit of bad input."""
    fail(why, lang, where)
    return typer.Exit(BAD_INPUT)


def _last_deal(record: dict[str, Any]) -> int:
    """The last deal the record shows finished (the last one if none is)."""
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        return 1
    done = [i for i, d in enumerate(deals, 1) if isinstance(d, dict) and "scores" in d]
    return done[-1] if done else len(deals)


@contextmanager
def _progress(show: bool, lang: str) -> Iterator[Callable[[int, int], None] | None]:
    """A Rich progress bar on stderr (when it is a terminal) and the callback that moves it."""
    if not show or not err.is_terminal:
        yield None
        return
    with Progress(
        TextColumn(escape(t("analysis.working", lang))),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task("analysis", total=None)

        def moved(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield moved


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def render(analysis: DealAnalysis, names: list[str], lang: str) -> list[Table | str]:
    """The analysis as the terminal shows it: the decisions' table, the seats' summary, the par."""
    table = Table(title=t("analysis.title", lang, deal=analysis.deal, game=analysis.game), title_justify="left")
    for key in ("col_number", "col_seat", "col_phase", "col_taken", "col_best", "col_loss", "col_open", "col_grade"):
        table.add_column(t(f"analysis.{key}", lang), justify="right" if key in ("col_loss", "col_open") else "left")
    for d in analysis.decisions:
        style = STYLES.get(d.grade, "")
        table.add_row(
            str(d.number),
            str(d.seat),
            escape(t(f"cli.sv_phase_{d.phase.replace(' ', '_')}", lang)),
            escape(notation_words(d.taken, lang)),
            "" if d.best == d.taken else escape(notation_words(d.best, lang)),
            "—" if d.unsolved else _number(d.loss),
            _number(d.loss_open),
            escape(t("analysis.grade_unsolved", lang))
            if d.unsolved
            else f"[{style}]{escape(t(f'analysis.grade_{d.grade}', lang))}[/{style}]"
            if style
            else d.grade,
        )
    summary = Table(title=t("analysis.summary", lang), title_justify="left")
    for key in ("col_seat", "col_lost", "col_worst"):
        summary.add_column(t(f"analysis.{key}", lang), justify="right" if key == "col_lost" else "left")
    by_number = {d.number: d for d in analysis.decisions}
    for s in analysis.seats:
        worst = ", ".join(
            f"#{n} {notation_words(by_number[n].taken, lang)} → {notation_words(by_number[n].best, lang)}"
            for n in s.worst
        )
        summary.add_row(escape(names[s.seat]), _number(s.lost), escape(worst) or "—")
    out: list[Table | str] = [table, summary]
    if analysis.par is None:
        out.append(t("analysis.par_none", lang))
    else:
        changes = "" if analysis.par.changes is None else ", ".join(f"{c:+d}" for c in analysis.par.changes)
        key = "analysis.par_from" if analysis.par.from_trick else "analysis.par"
        out.append(t(key, lang, value=analysis.par.value, changes=changes, trick=analysis.par.from_trick + 1))
    out.append(t("analysis.legend", lang))
    if any(d.unsolved for d in analysis.decisions):
        out.append(t("analysis.legend_unsolved", lang))
    return out


@app.command("analyze")
def analyze_cmd(
    file: Annotated[Path, typer.Argument()],
    deal: Annotated[int | None, typer.Option()] = None,
    seat: Annotated[list[int] | None, typer.Option()] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    samples: Annotated[int | None, typer.Option()] = None,
    seed: Annotated[int, typer.Option()] = 0,
    lang: Annotated[str, typer.Option()] = "en",
) -> None:
    """Analyse every decision of a recorded deal: the pimc bot's choice and estimates from each
    seat's knowledge, each card's open-hand value, the loss and its grade, the seats' summary
    and the deal's par."""
    try:
        check_lang(lang)
    except CliError as exc:
        raise _refuse(exc, lang) from None
    try:
        record = read(file)
        number = deal if deal is not None else _last_deal(record)
        with _progress(not as_json, lang) as moved:
            analysis = analyze_deal(record, number, seats=seat, samples=samples, seed=seed, progress=moved)
    except AnalysisError as exc:
        raise _refuse(exc.text(lang), lang, str(file)) from None
    except (RecordError, PrikupError) as exc:
        raise _refuse(exc, lang, str(file)) from None
    if as_json:
        print(json.dumps(analysis.to_json(), ensure_ascii=False))
        return
    seats = record.get("seats")
    count = max([len(seats) if isinstance(seats, list) else 0, *(s.seat + 1 for s in analysis.seats)])
    names = [_seat_name(s, seats) for s in range(count)]
    for part in render(analysis, names, lang):
        console.print(part if isinstance(part, Table) else escape(part))


def _seat_name(seat: int, seats: Any) -> str:
    """``0 ivan``: the seat's number and, if the record names it, its name."""
    name = ""
    if isinstance(seats, list) and seat < len(seats) and isinstance(seats[seat], dict):
        name = str(seats[seat].get("name", ""))
    return f"{seat} {name}".strip()

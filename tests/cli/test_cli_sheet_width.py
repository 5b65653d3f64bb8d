"""The score sheet fits the width it is drawn in (a terminal, the table's panel) instead of wrapping,
and a short panel shows the sheet's names and its latest deals — never a score cut or lost."""

from __future__ import annotations

import re
from functools import cache

import pytest
from rich.console import Console

from prikup import make_game
from prikup.bots import make_bot
from prikup.cli.sheet_table import latest_lines, table_lines
from prikup.cli.terminal import TerminalTable
from prikup.cli.view_preferans import chain
from prikup.cli.views import view_for
from prikup.core.game import State
from prikup.records import Seat

#: long names, as people type them, and the Russian words (longer than the English ones)
NAMES = ["Александра", "Константин", "Владимир", "Екатерина"]
#: the running counts under Пятьсот's sheet (not a deal's row)
COUNTS = ("dashes", "falls", "прочерки", "падения")
FORMS = [("501", {}), ("pyatsot", {}), ("five-hundred", {}), ("five-hundred", {"players": 3}), ("preferans", {})]


@cache
def played(gid: str, players: int | None, deals: int) -> State:
    """A match of heuristic bots after ``deals`` scored deals (or its end)."""
    options = {} if players is None else {"players": players}
    game = make_game(gid, **options)
    state = game.new_match(seed=11)
    bots = [make_bot("heuristic", game, s) for s in range(game.players)]
    while not state.is_over and sum(d.scores_after is not None for d in state.deals) < deals:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    return state


def numbers(text: str) -> list[str]:
    """The scores in a line, as written (``-20``, ``+138``, ``14.24``, ``81—``)."""
    return re.findall(r"[+-]?\d+(?:[.,]\d+)*", text)


@pytest.mark.parametrize(("gid", "options"), FORMS)
@pytest.mark.parametrize("width", [30, 36, 50, 200])
def test_the_sheet_is_never_wider_than_its_width_and_keeps_every_score(
    gid: str, options: dict[str, int], width: int
) -> None:
    state = played(gid, options.get("players"), 8)
    view = view_for(gid)
    for lang in ("en", "ru"):
        lines = view.sheet(state, lambda s: NAMES[s], lang, width)
        assert all(len(line) <= width for line in lines), (width, lines)
        wide = view.sheet(state, lambda s: NAMES[s], lang)
        # the same rows, and every deal's scores in them: narrowing cuts names and labels only
        assert len(lines) == len(wide)
        if gid != "preferans":  # (preferans shortens its chains of totals to their latest)
            columns = 2 if gid == "five-hundred" and state.game.players == 4 else state.game.players
            rows = [(n, f) for n, f in zip(lines[1:], wide[1:], strict=True) if not f.startswith(COUNTS)]
            assert rows
            for narrow, full in rows:
                assert numbers(narrow)[-columns:] == numbers(full)[-columns:], (narrow, full)


def test_a_sheet_that_fits_is_drawn_as_before_two_spaces_between_columns() -> None:
    lines = table_lines("deal", ["Ivan", "Peter"], [("   1", ["60", "-37"]), ("   2", ["165", "78"])], width=80)
    # as the sheet was always drawn: the labels 6 wide, each column its widest entry + 2 (at least 6)
    assert lines == ["deal     Ivan  Peter", "   1       60    -37", "   2      165     78"]


def test_a_narrow_sheet_cuts_the_names_and_the_labels_never_a_score() -> None:
    rows = [("   1  7♠ Semyon made", ["-100", "230"])]
    lines = table_lines("deal  contract", ["you+Peter", "Ivan+Semyon"], rows, width=22)
    assert all(len(line) <= 22 for line in lines), lines
    assert lines[1].split()[-2:] == ["-100", "230"] and "…" in lines[0] and "…" in lines[1]


def test_preferans_chains_keep_their_latest_totals() -> None:
    values = [2, 4, 6, 8, 10]
    assert chain(values) == "2.4.6.8.10"
    assert chain(values, keep=3) == "…8.10"
    assert chain(values, keep=1) == "10"


def test_a_short_panel_shows_the_names_then_the_latest_rows_then_the_running_counts() -> None:
    table = ["deal  a  b", "   1  1  2", "   2  3  4", "   3  5  6", "   4  7  8"]
    footer = ["dashes: 0 1"]
    assert latest_lines(table, 10, footer) == [*table, *footer]
    assert latest_lines(table, 5, footer) == [table[0], "…", "   3  5  6", "   4  7  8", "dashes: 0 1"]
    assert latest_lines(table, 2, footer) == [table[0], "   4  7  8"]  # the latest deal before the counts
    assert latest_lines(table, 1) == ["   4  7  8"]


@pytest.mark.parametrize("gid", ["preferans", "five-hundred"])
def test_the_plain_terminal_draws_the_sheet_within_its_width(gid: str) -> None:
    game = make_game(gid)
    state = game.new_match(seed=4)
    console = Console(record=True, width=40)
    seats = [Seat("bot", "bot")] * game.players
    bots = {s: make_bot("heuristic", game, s) for s in range(game.players)}
    table = TerminalTable(state, seats, bots, console=console, lang="ru")
    table.run(max_deals=3)
    text = console.export_text()
    printed = [line.strip() for line in text[text.rindex("Запись") :].splitlines()[1:]]
    expected = [line.strip() for line in view_for(gid).sheet(state, table.names.__getitem__, "ru", 38)]
    assert printed[: len(expected)] == expected  # each row whole on its line, none wrapped
    if gid == "preferans":
        assert len(numbers(expected[-1])) == 3, expected  # the balances, one under each name

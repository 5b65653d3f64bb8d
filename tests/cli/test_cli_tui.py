"""The terminal table (Textual), driven by its pilot through whole deals of every game: cards
clicked, calls pressed, actions typed, an illegal card answered by its rule."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import pytest
from textual.geometry import Region
from textual.widgets import Input, RichLog, Static

from prikup import make_game
from prikup.bots import make_bot
from prikup.cli.keywords import notation_words
from prikup.cli.tui.app import TableApp
from prikup.cli.tui.widgets import CallButton, CardButton
from prikup.core.game import State
from prikup.records import Seat

GAMES = [("501", 3, "en"), ("five-hundred", 4, "ru"), ("pyatsot", 3, "en"), ("preferans", 3, "ru")]


def log_text(app: TableApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


def static_text(app: TableApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


#: How long (wall clock) a test waits for the bots of the table, however busy the machine.
PATIENCE = 300.0


async def wait_for_human(app: TableApp, pilot: Any, state: State) -> None:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if state.to_act == 0 or state.is_over or app.finished:
            await pilot.pause()
            return
        await pilot.pause(0.005)
    raise AssertionError("the bots never gave the turn back")


def illegal_card(state: State) -> str | None:
    """A card of the human's hand the rules forbid now (he must follow suit), if any."""
    legal = {str(a.card) for a in state.legal_actions() if a.card is not None}
    plays = [a for a in state.legal_actions() if str(a).startswith("play")]
    if not plays:
        return None
    hand = state.observation(0).to_json().get("hand") or []
    others = [c for c in hand if c not in legal]
    return others[0] if others else None


async def play_one_deal(gid: str, players: int, lang: str, seed: int) -> tuple[TableApp, dict[str, int]]:
    game = make_game(gid, players=players)
    state = game.new_match(seed=seed)
    bots = {s: make_bot("heuristic", game, s) for s in range(1, players)}
    helper = make_bot("heuristic", game, 99)
    seats = [Seat("you", "human")] + [Seat("heuristic", "bot")] * (players - 1)
    app = TableApp(state, seats, bots, lang=lang, bot_delay=0)
    used = {"clicked": 0, "pressed": 0, "typed": 0, "taught": 0}
    async with app.run_test(size=(130, 40)) as pilot:
        while state.deals[0].scores_after is None:
            await wait_for_human(app, pilot, state)
            if state.deals[0].scores_after is not None:
                break
            bad = illegal_card(state)
            if bad is not None and not used["taught"]:
                await pilot.click(f"#card-{bad}")
                await pilot.pause()
                shown = static_text(app, "#message")
                assert any(mark in shown for mark in ("♠", "♣", "♦", "♥", "trump", "козыр")), shown
                used["taught"] += 1
            if lang == "ru":  # the hand's cards carry the Russian deck's letters
                labels = " ".join(str(b.label) for b in app.query(CardButton))
                assert not re.search(r"(?<!\w)[JQKA][♠♣♦♥]", labels), labels
            action = helper.act(state, 0)
            text = str(action)
            before = len(state.history)
            buttons = {b.action_text: b for b in app.query(CallButton)}
            if text.startswith("play ") and action.modifier is None and used["clicked"] <= used["typed"]:
                await pilot.click(f"#card-{action.card}")
                used["clicked"] += 1
            elif text in buttons and used["pressed"] <= used["typed"]:
                await pilot.click(f"#{buttons[text].id}")
                used["pressed"] += 1
            else:
                command = app.query_one("#command", Input)
                typed = notation_words(action, lang) if lang == "ru" else text  # Russian words at a Russian table
                for symbol, letter in zip("♠♣♦♥", "птбч", strict=True):
                    typed = typed.replace(symbol, letter)
                bare = text.startswith("play ") and action.modifier is None
                command.value = typed.split(" ", 1)[1] if bare else typed
                await pilot.press("enter")
                used["typed"] += 1
            await pilot.pause()
            assert len(state.history) > before, (text, static_text(app, "#message"))
        await pilot.pause()
        sheet = static_text(app, "#sheet")
        assert "   1" in sheet or " 1 " in sheet, sheet
        log = log_text(app)
    return app, used | {"log": log}  # type: ignore[dict-item]


@pytest.mark.parametrize(("gid", "players", "lang"), GAMES)
def test_a_whole_deal_at_the_table(gid: str, players: int, lang: str) -> None:
    _, used = asyncio.run(play_one_deal(gid, players, lang, seed=3))
    log = str(used["log"])
    result_word = "Итог" if lang == "ru" else "Result"
    assert f"{result_word} — " in log, log
    assert used["clicked"] + used["typed"] + used["pressed"] > 0
    if gid != "preferans" or "Распасы" not in log:
        trick_word = "Взятка" if lang == "ru" else "Trick"
        assert trick_word in log, log
    if lang == "ru":
        assert not any(word in log for word in ("pass", "Result", "Trick", "seat"))


def human_against_two(gid: str, seed: int) -> tuple[TableApp, State]:
    game = make_game(gid)
    state = game.new_match(seed=seed)
    bots = {1: make_bot("heuristic", game, 1), 2: make_bot("heuristic", game, 2)}
    return TableApp(state, [Seat("you", "human"), Seat("heuristic"), Seat("heuristic")], bots, bot_delay=0), state


def test_help_screen_lists_only_what_is_legal() -> None:
    async def run() -> str:
        app, state = human_against_two("501", 1)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for_human(app, pilot, state)
            await pilot.press("f1")
            await pilot.pause()
            shown = "\n".join(str(w.render()) for w in app.screen.query(Static))
            await pilot.press("escape")
            return shown

    shown = asyncio.run(run())
    assert "Legal actions" in shown and ("bid 67..220" in shown or "bid 66..220" in shown)
    assert "whist" not in shown and "discard" not in shown.split("Legal actions")[1]


def test_the_match_ends_with_the_standings() -> None:
    async def run() -> tuple[str, str]:
        game = make_game("501")
        state = game.new_match(seed=4)
        seats = [Seat("heuristic")] * 3
        bots = {s: make_bot("heuristic", game, s) for s in range(3)}
        app = TableApp(state, seats, bots, bot_delay=0, max_deals=2)
        async with app.run_test(size=(120, 40)) as pilot:
            deadline = time.monotonic() + PATIENCE  # two whole deals of bots, however busy the machine
            while not app.finished and time.monotonic() < deadline:
                await pilot.pause(0.005)
            return log_text(app), static_text(app, "#message")

    log, message = asyncio.run(run())
    assert "Match stopped unfinished" in message
    assert "Result — Deal 1" in log and "Result — Deal 2" in log


def test_cards_of_the_hand_are_buttons_in_suit_order() -> None:
    async def run() -> list[str]:
        app, state = human_against_two("preferans", 2)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for_human(app, pilot, state)
            return [b.code for b in app.query(CardButton)]

    codes = asyncio.run(run())
    assert len(codes) == 10
    suits = [c[-1] for c in codes]
    assert suits == sorted(suits, key="SCDH".index)


def shown_text(widget: Any) -> str:
    """What a widget draws on the screen now, row by row."""
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, widget.size.width, widget.size.height)))


async def human_acts(app: TableApp, pilot: Any, state: State, helper: Any, times: int) -> None:
    """Let the human seat (0) take ``times`` actions the helper chooses, typed as a player would."""
    for _ in range(times):
        await wait_for_human(app, pilot, state)
        await app.take_line(str(helper.act(state, 0)))
    await wait_for_human(app, pilot, state)
    await pilot.pause()


def test_the_story_wraps_to_its_column_on_a_narrow_terminal() -> None:
    async def run() -> tuple[int, int, int, str]:
        game = make_game("five-hundred")
        state = game.new_match(seed=3)
        bots = {s: make_bot("heuristic", game, s) for s in range(1, 4)}
        seats = [Seat("you", "human")] + [Seat("heuristic", "bot")] * 3
        app = TableApp(state, seats, bots, lang="ru", bot_delay=0)
        async with app.run_test(size=(60, 30)) as pilot:
            await human_acts(app, pilot, state, make_bot("heuristic", game, 99), 3)
            log = app.query_one("#log", RichLog)
            widest = max(strip.cell_length for strip in log.lines)
            return widest, log.scrollable_content_region.width, log.max_scroll_x, log_text(app)

    widest, width, scroll_x, text = asyncio.run(run())
    said = "Семён: сносит карту в закрытую"  # a line of the story longer than its column ...
    assert len(said) > width and said.replace(" ", "") in text.replace("\n", "").replace(" ", ""), text
    assert widest <= width and scroll_x == 0, (widest, width, text)  # ... wrapped, nothing off to the right


def test_a_standard_80_by_24_terminal_keeps_the_story_the_sheet_and_whole_card_labels() -> None:
    async def run() -> tuple[list[tuple[str, str]], int, int, bool]:
        app, state = human_against_two("501", 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await human_acts(app, pilot, state, make_bot("heuristic", state.game, 99), 1)
            buttons = [*app.query(CardButton), *app.query(CallButton)]
            labels = [(str(b.label), shown_text(b)) for b in buttons]
            log, sheet = app.query_one("#log", RichLog), app.query_one("#sheet", Static)
            return labels, log.size.height, sheet.size.height, app.screen.has_class("-compact")

    labels, log_rows, sheet_rows, compact = asyncio.run(run())
    assert compact  # seats, cards, calls and the command line one row high
    assert log_rows >= 5 and sheet_rows >= 5, (log_rows, sheet_rows)  # framed, both were squeezed out
    assert len(labels) >= 8
    assert all(label in drawn for label, drawn in labels), labels  # "10♠", not "1"


@pytest.mark.parametrize(("gid", "lang"), [("pyatsot", "en"), ("five-hundred", "ru"), ("preferans", "ru")])
def test_an_80_by_24_sheet_shows_the_latest_deal_and_no_row_wraps(gid: str, lang: str) -> None:
    # seed 5 and 60 of the person's actions: four or more deals scored, more than the panel holds
    async def run() -> tuple[list[str], int, int, State]:
        game = make_game(gid)
        state = game.new_match(seed=5)
        bots = {s: make_bot("heuristic", game, s) for s in range(1, game.players)}
        seats = [Seat("you", "human")] + [Seat("heuristic", "bot")] * (game.players - 1)
        app = TableApp(state, seats, bots, lang=lang, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await human_acts(app, pilot, state, make_bot("heuristic", game, 99), 60)
            box = app.query_one("#sheet", Static)
            size = box.content_size
            return static_text(app, "#sheet").splitlines(), size.width, size.height, state

    shown, width, height, state = asyncio.run(run())
    scored = [i for i, d in enumerate(state.deals, 1) if d.scores_after is not None]
    assert len(scored) >= 4
    assert all(len(line) <= width for line in shown), (width, shown)  # every row on one line
    assert len(shown) <= height, (height, shown)  # the title and rows the panel shows, none below its edge
    if gid == "preferans":  # the balances, one under each name
        assert shown[-1].startswith("Итог") and len(re.findall(r"[+-]?\d+", shown[-1])) == 3, shown
    else:  # the latest scored deal's row, its scores after the deal
        latest = state.deals[scored[-1] - 1].scores_after
        assert latest is not None
        row = next(line for line in shown if line.startswith(f"{scored[-1]:>4}"))
        units = 2 if gid == "five-hundred" else 3
        assert re.findall(r"-?\d+", row)[-units:] == [str(v) for v in latest[:units]], (row, latest)


def test_a_tall_terminal_draws_the_framed_table() -> None:
    async def run() -> tuple[bool, int]:
        app, state = human_against_two("501", 1)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for_human(app, pilot, state)
            return app.screen.has_class("-compact"), app.query_one("#seat-1").outer_size.height

    compact, seat_rows = asyncio.run(run())
    assert not compact and seat_rows == 4  # two lines inside a frame

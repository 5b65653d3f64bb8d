"""End to end in headless Chromium (Debian's ``chromium``, driven by Playwright): four people at
four browsers play a whole 501 deal to the score sheet, a page reloaded in mid-trick rejoins its
seat, and a finished match is replayed deal by deal.

Each page's move is chosen by the heuristic bot from what that page shows (``window.prikup.state``)
and then made on the page the way a person makes it (see ``tests/web/web_driver.py``).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from srv_helpers import ServerProcess, db_kind, db_url

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from web_driver import Player, launch_browser, state, wait_for_change

playwright_sync = pytest.importorskip("playwright.sync_api")

# make test installs chromium (scripts/ci-services.sh); in CI a missing browser fails instead of skipping
pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server on the database each test names (the pages do not depend on it: the tests share
    SQLite and PostgreSQL out, the storage tests run both)."""
    folder: Path = tmp_path_factory.mktemp("web")
    proc = ServerProcess(db_url(request.param, folder), bot_delay=0.0).start()
    yield proc
    proc.stop()


def new_page(browser: Any) -> Any:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    ctx.add_init_script("localStorage.setItem('prikup.trickPause', '0')")
    return ctx.new_page()


def open_seats(browser: Any, server: ServerProcess, game: str, options: dict[str, str], humans: int) -> list[Any]:
    """The first page creates the table in the lobby; the others open their invitation (or the
    table's link) and sit down under their own names."""
    first = new_page(browser)
    first.goto(server.base + "/")
    first.click(f'[data-game="{game}"]')
    if options:
        first.click(".options-box summary")
    for name, value in options.items():
        field = first.locator(f'[data-option="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for i in range(1, humans):
        first.select_option(f'[data-seat-kind="{i}"]', "human")
    first.fill("#your-name", "Anna")
    first.click("#create-button")
    first.wait_for_url("**/table/**")
    first.wait_for_function("() => window.prikup && window.prikup.state")
    links = [
        x for x in first.eval_on_selector_all("#invites input.link", "els => els.map(e => e.value)") if "#invite=" in x
    ]
    pages = [first]
    for seat in range(1, humans):
        page = new_page(browser)
        page.goto(links[seat - 1] if links else first.url)
        page.fill("#guest-name", f"Guest {seat + 1}")
        page.click(f'[data-claim="{seat}"]')
        page.wait_for_function(f"() => window.prikup && window.prikup.state && window.prikup.state.viewer === {seat}")
        pages.append(page)
    return pages


def play_all_until(pages: list[Any], game: str, options: dict[str, Any], done: Any, limit: float = 90) -> None:
    players = [Player(p, game, options) for p in pages]
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        states = [state(p) for p in pages]
        if all(s is not None and done(s) for s in states):
            return
        acted = False
        for player, st in zip(players, states, strict=True):
            if st is None:
                continue
            obs = st["obs"]
            if obs.get("legal_actions") and obs["to_act"] == st["viewer"]:
                player.check(st)
                sent = player.act(st)
                wait_for_change(player.page, st["ply"] + sent)
                acted = True
        if not acted:
            time.sleep(0.03)
    raise AssertionError("the pages did not reach the goal in time")


@pytest.mark.parametrize("server", [db_kind("postgres")], indirect=True)
def test_four_browsers_play_a_501_deal_to_the_score_sheet(browser: Any, server: ServerProcess) -> None:
    pages = open_seats(browser, server, "501", {"players": "4"}, humans=4)
    play_all_until(pages, "501", {"players": 4}, lambda s: len(s["obs"]["trick"]) >= 1)
    # in mid-deal every page shows its own hand only: the hands shown have no card in common
    shown = [
        set(page.eval_on_selector_all("#hand .card[data-card]", "els => els.map(e => e.dataset.card)"))
        for page in pages
    ]
    assert sum(1 for h in shown if h) >= 2  # the dealer sits out in 501 for four; a dark hand is not shown
    for i, page in enumerate(pages):
        st = state(page)
        assert st is not None and shown[i] == set(st["obs"]["hand"] or [])
        for j in range(i):
            assert not shown[i] & shown[j]
    # every page names the players by the names they chose
    assert "Guest 2" in pages[0].locator("#felt").inner_text()
    play_all_until(pages, "501", {"players": 4}, lambda s: len(s["sheet"]) >= 1)
    for page in pages:
        page.locator('#sheet tr[data-deal="1"]').wait_for()
    for page in pages:
        page.context.close()


@pytest.mark.parametrize("server", [db_kind("sqlite")], indirect=True)
def test_four_browsers_play_a_five_hundred_deal_and_a_reload_rejoins(browser: Any, server: ServerProcess) -> None:
    pages = open_seats(browser, server, "five-hundred", {}, humans=4)
    play_all_until(pages, "five-hundred", {}, lambda s: len(s["obs"]["trick"]) >= 2)
    # reload one page in mid-trick: it rejoins its seat with the same view
    page = pages[1]
    before = state(page)
    assert before is not None
    page.reload()
    page.wait_for_function("() => window.prikup && window.prikup.state")
    after = state(page)
    assert after is not None
    assert after["viewer"] == before["viewer"] == 1
    assert len(before["obs"]["trick"]) >= 2  # reloaded in mid-trick
    assert after["obs"] == before["obs"]  # every seat is human here: nothing moved meanwhile
    assert page.locator("#hand .card").count() == len(after["obs"]["hand"] or [])
    assert page.locator("#centre .trick .card").count() == len(after["obs"]["trick"])
    # a closed tab, reopened in the same browser profile, also rejoins
    ctx = pages[2].context
    pages[2].close()
    reopened = ctx.new_page()
    reopened.goto(pages[0].url.split("#")[0])
    reopened.wait_for_function("() => window.prikup && window.prikup.state && window.prikup.state.viewer === 2")
    pages[2] = reopened
    play_all_until(pages, "five-hundred", {}, lambda s: len(s["sheet"]) >= 1)
    for p in pages:
        p.locator('#sheet tr[data-deal="1"]').wait_for()
    for p in pages:
        p.context.close()


@pytest.mark.parametrize("server", [db_kind("postgres")], indirect=True)
def test_a_finished_match_is_replayed_deal_by_deal(browser: Any, server: ServerProcess) -> None:
    # one person and two bots play a short Пятьсот match to its end
    pages = open_seats(browser, server, "pyatsot", {"barrel": "60", "target": "61"}, humans=1)
    page = pages[0]
    play_all_until([page], "pyatsot", {"barrel": 60, "target": 61}, lambda s: s["finished"], limit=120)
    page.locator(".summary #rematch").wait_for()
    page.locator(".summary a[href*='replay']").click()
    page.wait_for_function("() => window.prikupReplay && window.prikupReplay.frames.length > 1")
    frames = page.evaluate("() => window.prikupReplay.frames.length")
    assert page.evaluate("() => window.prikupReplay.at()") == 0
    page.click("#rp-next")
    page.click("#rp-next")
    assert page.evaluate("() => window.prikupReplay.at()") == 2
    assert page.locator("#rp-event").inner_text()
    # the match is over: every seat's cards are shown, not only the viewer's
    page.click("#rp-last")
    assert page.evaluate("() => window.prikupReplay.at()") == frames - 1
    deals = page.locator("#rp-deals button")
    assert deals.count() >= 1
    deals.first.click()
    page.click("#rp-next")
    assert page.locator("#rp-board .seat .open-cards").count() == 3
    # autoplay steps on by itself
    page.click("#rp-play")
    page.wait_for_function("() => window.prikupReplay.at() > 2", timeout=5000)
    page.click("#rp-play")
    page.context.close()

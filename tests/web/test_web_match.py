"""A whole (short) match through the page and what its end offers; the language switch; what a
screen reader hears — in Debian's Chromium on a real server.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from web_driver import Player, ServerProcess, launch_browser, plain_server, play_until, shoot, state

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from srv_helpers import Client

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)


#: Debian's Chromium and a real server, one of each for this module's tests
browser = pytest.fixture(scope="module", name="browser")(launch_browser)
server = pytest.fixture(scope="module", name="server")(plain_server)


def new_page(browser: Any, locale: str = "en-US") -> Any:
    ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
    ctx.add_init_script("localStorage.setItem('prikup.trickPause', '0')")
    page = ctx.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def create(page: Any, server: ServerProcess, game: str, name: str) -> None:
    """Open a table of ``game`` from the lobby as ``name`` (the other seats: heuristic bots)."""
    page.goto(server.base + "/")
    page.locator(f'[data-game="{game}"]').wait_for()
    page.click(f'[data-game="{game}"]')
    page.fill("#your-name", name)
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")


def test_the_end_of_a_match_names_the_winner_shows_the_final_sheet_and_offers_a_rematch(
    browser: Any, server: ServerProcess
) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    page.locator('[data-game="pyatsot"]').wait_for()
    page.click('[data-game="pyatsot"]')
    page.click(".options-box summary")
    # the shortest match: the barrel at 1, the game at 2 (won by the first contract made from the barrel)
    page.fill('[data-option="barrel"]', "1")
    page.fill('[data-option="target"]', "2")
    page.fill("#your-name", "Ivan")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    first_table = page.url
    player = Player(page, "pyatsot", {"barrel": 1, "target": 2}, eager=True)
    play_until(page, player, lambda st: bool(st["finished"]), limit=150)
    summary = page.locator(".summary")
    summary.wait_for()
    st = state(page)
    assert st is not None
    winners = [st["seats"][w]["name"] or f"Bot {w + 1}" for w in st["obs"]["winners"]]
    text = summary.inner_text()
    assert text.startswith("Match over") and "Winner:" in text, text
    assert all(w in text or "Bot" in text for w in winners)
    assert summary.locator(".final-sheet .columns-sheet [data-deal]").count() == st["obs"]["deal"]  # the final sheet
    assert summary.locator('a[href="/"]').inner_text() == "Back to the lobby"
    shoot(page, "match-over-en")
    page.click("#rematch")
    page.wait_for_url(lambda url: "/table/" in url and url != first_table)
    page.wait_for_function("() => window.prikup && window.prikup.state && !window.prikup.state.finished")
    assert state(page)["obs"]["deal"] == 1  # type: ignore[index]
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_language_button_switches_the_whole_page_and_is_kept(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    page.locator('[data-game="501"]').wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert "New table" in page.locator("h1").first.inner_text()
    button = page.locator("#lang-switch")
    assert button.inner_text() == "Русский" and button.get_attribute("lang") == "ru"
    button.click()
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    page.locator('[data-game="501"]').wait_for()
    assert page.locator("h1").first.inner_text() == "Новый стол"
    assert "Пятьсот одно" in page.locator("#game-choice").inner_text()
    page.reload()  # the choice outlives the page, over the browser's own language
    page.locator('[data-game="501"]').wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "ru"
    page.context.close()


def test_bot_moves_tricks_and_your_turn_are_said_in_the_live_region(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser, "ru-RU")
    create(page, server, "pyatsot", "Иван")
    live = page.locator("#live")
    assert live.get_attribute("aria-live") == "polite"
    heard: list[str] = []
    page.expose_function("heard", lambda text: heard.append(str(text)))
    page.evaluate(
        """() => new MutationObserver((ms) => ms.forEach((m) =>
                   m.addedNodes.forEach((n) => window.heard(n.textContent))))
                 .observe(document.querySelector('#live'), { childList: true })"""
    )
    play_until(page, Player(page, "pyatsot", {}), lambda st: len(st["obs"]["tricks"]) >= 2, limit=90)
    said = "\n".join(heard)
    assert "Ваш ход" in said, said  # your turn
    assert "Бот 2:" in said or "Бот 3:" in said, said  # a bot's move, by name
    assert "Взятку берёт" in said or "берёт взятку" in said, said  # a trick and who took it
    page.context.close()


def test_the_deals_summary_goes_by_itself_when_the_others_are_bots(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser)
    page.add_init_script("localStorage.setItem('prikup.autoNext', '1')")  # a second instead of five
    create(page, server, "501", "Ivan")
    player = Player(page, "501", {})
    play_until(page, player, lambda st: st["obs"]["deal"] > 1 and page.locator(".summary").count() > 0, limit=90)
    assert page.locator("#next-deal").is_visible()  # "next deal" at hand, and ...
    page.locator(".summary").wait_for(state="detached", timeout=4000)  # ... not needed: it goes by itself
    page.context.close()


def test_a_deal_the_bots_played_before_the_page_opened_is_summed_up_when_it_opens(
    browser: Any, server: ServerProcess
) -> None:
    # preferans for four: the dealer sits the deal out, so with Ivan dealing first the bots play the
    # whole first deal before his page is open; the page shows how it went all the same
    seed = next(s for s in range(100) if random.Random(s).randrange(4) == 0)  # the server's first dealer
    created = server.create("preferans", [{"kind": "human"}], options={"players": 4}, seed=seed, name="Ivan")
    assert created["seat"] == 0
    watcher = Client(server, created["id"], None, None)
    watcher.until(lambda m: m["type"] == "state" and m["obs"]["deal"] == 2, timeout=30)
    watcher.close()
    held = json.dumps({"seat": 0, "token": created["token"]})
    page = new_page(browser)
    page.add_init_script(f"localStorage.setItem('prikup.seat.{created['id']}', {json.dumps(held)})")
    page.goto(server.base + created["url"])
    summary = page.locator(".summary")
    summary.wait_for(timeout=10000)
    assert summary.get_attribute("data-summary") == "1"
    assert summary.locator("h2").inner_text() == "Deal 1 is over"
    assert summary.locator("p").first.inner_text().startswith("Deal 1:")
    # the three hands that played it (every card of theirs), not the dealer's empty one
    hands = summary.locator(".summary-hand[data-hand]")
    assert hands.count() == 3
    assert page.locator('.summary-hand[data-hand="0"]').count() == 0
    shoot(page, "summary-of-a-deal-played-before-the-page-opened")
    # the summary goes when asked, and the table is Ivan's to play
    page.click("#next-deal")
    summary.wait_for(state="detached")
    assert state(page)["viewer"] == 0  # type: ignore[index]
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_reloaded_page_shows_the_summary_of_the_deal_just_over_again(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser)
    create(page, server, "501", "Ivan")
    player = Player(page, "501", {})
    st = play_until(page, player, lambda st: st["obs"]["deal"] > 1 and page.locator(".summary").count() > 0, limit=90)
    before = page.locator(".summary").inner_text()
    page.reload()
    page.wait_for_function("() => window.prikup && window.prikup.state")
    summary = page.locator(".summary")
    summary.wait_for(timeout=10000)
    assert summary.get_attribute("data-summary") == str(st["obs"]["deal"] - 1)
    assert summary.inner_text() == before  # the same summary as the page showed before the reload
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()

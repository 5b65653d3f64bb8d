"""Hints and a deal's analysis in the page, on a real server in Debian's Chromium: the lobby's
hints box, no Hint button at a table with hints off, a hint shown at a table of one human against
bots (the suggested card marked in the hand), and a finished deal analysed from its summary —
the progress line, every decision graded in words and a mark, a decision opened on the cards, the
seats' summaries — in English and Russian, on a desktop and a 390×844 phone, checked by axe; the
same analysis served from storage afterwards, in the replay too."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_driver import SCREENSHOTS, Player, ServerProcess, axe_violations, launch_browser, no_overflow, state

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)

browser = pytest.fixture(scope="module", name="browser")(launch_browser)

#: few samples per decision, so that a deal's analysis takes seconds in these tests
CHEAP = {"PRIKUP_ANALYSIS_SAMPLES": "2", "PRIKUP_AWAY_AFTER": "600"}
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
LOCALES = {"en": "en-US", "ru": "ru-RU"}


@pytest.fixture(scope="module", name="server")
def cheap_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("advice")
    proc = ServerProcess(f"sqlite:///{folder / 'advice.sqlite3'}", bot_delay=0.0, env=CHEAP).start()
    yield proc
    proc.stop()


def open_page(browser: Any, lang: str = "en", size: str = "desktop") -> Any:
    width, height = SIZES[size]
    ctx = browser.new_context(
        locale=LOCALES[lang], viewport={"width": width, "height": height}, has_touch=size == "phone"
    )
    ctx.add_init_script("localStorage.setItem('prikup.trickPause', '0')")
    page = ctx.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def from_lobby(page: Any, server: ServerProcess, game: str, humans: int = 1) -> None:
    page.goto(server.base + "/")
    page.locator(f'[data-game="{game}"]').wait_for()
    page.click(f'[data-game="{game}"]')
    for seat in range(1, humans):
        page.select_option(f'[data-seat-kind="{seat}"]', "human")


def test_the_lobby_offers_hints_for_one_human_and_not_for_several(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser)
    from_lobby(page, server, "501")
    box = page.locator("#hints")
    assert box.is_checked()
    assert page.locator('label[for="hints"]').inner_text() == "Hints on request"
    page.select_option('[data-seat-kind="1"]', "human")
    assert not box.is_checked()
    page.select_option('[data-seat-kind="1"]', "bot:heuristic")
    assert box.is_checked()
    page.screenshot(path=str(SCREENSHOTS / "lobby-hints-en.png"), full_page=True)
    assert axe_violations(page) == []
    page.context.close()


def test_a_table_with_hints_off_has_no_hint_button_and_the_server_refuses_hints(
    browser: Any, server: ServerProcess
) -> None:
    page = open_page(browser)
    from_lobby(page, server, "501", humans=1)
    page.uncheck("#hints")  # one human, hints turned off by the creator
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    tid = page.evaluate("() => window.prikup.id")
    assert httpx.get(f"{server.base}/api/tables/{tid}", timeout=10).json()["hints"] is False
    page.wait_for_function(
        "() => { const s = window.prikup.state; return s.obs.to_act === s.viewer && s.obs.legal_actions.length; }",
        timeout=30_000,
    )
    assert page.locator("#hint").is_hidden()  # my turn, and no button
    # a request sent anyway (as a script could) is refused with the code the page has words for
    page.evaluate("() => { window.prikup.hint.asked = window.prikup.state.ply; window.prikup.conn.send({type: 'hint'}); }")
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    assert page.locator("#error").inner_text() == "This table was created without hints: none is given here."
    assert page.locator("#hint-box").is_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_table_with_hints_on_shows_the_button_on_my_turn_only(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser)
    from_lobby(page, server, "501")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    for _ in range(40):
        st = state(page)
        assert st is not None
        mine = st["obs"]["to_act"] == st["viewer"] and bool(st["obs"]["legal_actions"])
        page.wait_for_function("(mine) => !document.querySelector('#hint').hidden === mine", arg=mine, timeout=5_000)
        if mine:
            break
        page.wait_for_function(f"() => window.prikup.state.ply > {st['ply']}", timeout=15_000)
    assert page.locator("#hint").is_visible()
    page.context.close()

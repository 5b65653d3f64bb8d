"""Hints and a deal's analysis in the page, on a real server in Debian's Chromium: the lobby's
hints box, no Hint button at a table with hints off, a hint shown at a table of one human against
bots (the suggested card marked in the hand), and a finished deal analysed from its summary —
the progress line, every decision graded in words and a mark, a decision opened on the cards, the
seats' summaries — in English and Russian, on a desktop and a 390×844 phone, checked by axe; the
same analysis served from storage afterwards, in the replay too; on the phone the socket drops just
after the request, and the page asks again once it is back (joining the job under way)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_driver import (
    SIZES,
    Player,
    ServerProcess,
    axe_violations,
    launch_browser,
    no_overflow,
    play_until,
    shoot,
    state,
)

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)

browser = pytest.fixture(scope="module", name="browser")(launch_browser)

#: few samples per decision, so that a deal's analysis takes seconds in these tests
CHEAP = {"PRIKUP_ANALYSIS_SAMPLES": "2", "PRIKUP_AWAY_AFTER": "600"}
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
    page.errors = []
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
    shoot(page, "lobby-hints-en", full_page=True)
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
    page.evaluate(
        "() => { window.prikup.hint.asked = window.prikup.state.ply; window.prikup.conn.send({type: 'hint'}); }"
    )
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    assert page.locator("#error").inner_text() == "This table was created without hints: none is given here."
    assert page.locator("#hint-box").is_hidden()
    assert page.errors == []
    page.context.close()


#: the state's ply and whether it is my turn, once the Hint button is shown exactly on my turn
SHOWN_ON_MY_TURN = """() => {
  const s = window.prikup.state;
  const mine = s.obs.to_act === s.viewer && (s.obs.legal_actions || []).length > 0;
  return !document.querySelector('#hint').hidden === mine && { mine, ply: s.ply };
}"""


def test_a_table_with_hints_on_shows_the_button_on_my_turn_only(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser)
    from_lobby(page, server, "501")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    # the button and the state are read in one look at the page: the bots may move on between two
    for _ in range(40):
        seen = page.wait_for_function(SHOWN_ON_MY_TURN, timeout=5_000).json_value()
        if seen["mine"]:
            break
        page.wait_for_function(f"() => window.prikup.state.ply > {seen['ply']}", timeout=15_000)
    assert page.locator("#hint").is_visible()
    page.context.close()


def new_table(page: Any, server: ServerProcess, game: str = "501") -> str:
    from_lobby(page, server, game)
    page.fill("#your-name", "Ivan")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    return str(page.evaluate("() => window.prikup.id"))


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("ru", "phone")])
def test_a_hint_shows_the_suggestion_its_estimates_and_marks_the_card(
    browser: Any, server: ServerProcess, lang: str, size: str
) -> None:
    page = open_page(browser, lang, size)
    new_table(page, server)
    player = Player(page, "501", {})
    st = play_until(page, player, lambda s: s["obs"]["phase"] == "play" and s["obs"]["to_act"] == s["viewer"], limit=90)
    page.click("#hint")
    page.locator("#hint-box:not([hidden])").wait_for(timeout=60_000)
    frame = page.evaluate("() => window.prikup.hint.frame")
    assert frame["ply"] == st["ply"]
    best = frame["hint"]["action"]
    assert best in st["obs"]["legal_actions"] and best.startswith("play ")
    text = page.locator("#hint-box").inner_text()
    assert text.startswith("★ " + ("Suggested:" if lang == "en" else "Совет:"))
    assert page.locator("#hint-box .estimates tr").count() == len(frame["hint"]["candidates"])
    card = best.split()[1]
    marked = page.locator("#hand .card.hinted")
    assert marked.count() == 1 and marked.get_attribute("data-card") == card
    assert marked.locator(".hint-mark").inner_text() == "★"  # a mark, not colour alone
    assert no_overflow(page)
    shoot(page, f"hint-{lang}-{size}")
    assert axe_violations(page) == []
    # played: the hint is gone with the ply it was for
    now = state(page)
    assert now is not None
    player.act(now)
    page.wait_for_function(f"() => window.prikup.state.ply > {st['ply']}")
    assert page.locator("#hint-box").is_hidden() and page.locator("#hand .card.hinted").count() == 0
    assert page.errors == []
    page.context.close()


WATCH_PROGRESS = """() => {
  window.__progress = [];
  new MutationObserver(() => {
    const line = document.querySelector('#analysis [data-progress], #rp-analysis [data-progress]');
    const seen = window.__progress;
    if (line && seen[seen.length - 1] !== line.textContent) seen.push(line.textContent);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""

GRADE_WORDS = {
    "en": {"good": "good", "inaccuracy": "inaccuracy", "mistake": "mistake", "blunder": "blunder"},
    "ru": {"good": "хорошо", "inaccuracy": "неточность", "mistake": "ошибка", "blunder": "грубая ошибка"},
}
MARKS = {"good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("ru", "phone")])  # both languages, both screens
def test_a_finished_deal_is_analysed_from_its_summary_and_again_from_storage_in_the_replay(
    browser: Any, server: ServerProcess, lang: str, size: str
) -> None:
    page = open_page(browser, lang, size)
    page.context.add_init_script("localStorage.setItem('prikup.autoNext', '600')")
    tid = new_table(page, server)
    player = Player(page, "501", {})
    play_until(page, player, lambda s: s["obs"]["deal"] > 1, limit=120)
    page.locator(".summary #analyse").wait_for()
    page.evaluate(WATCH_PROGRESS)
    page.click(".summary #analyse")
    if size == "phone":  # the socket drops just after the request: the page asks again once back
        page.evaluate("() => window.prikup.conn.ws.close()")
    page.locator("#analysis .decisions li").first.wait_for(timeout=240_000)
    seen = page.evaluate("() => window.__progress")
    source = page.evaluate("() => window.prikup.analysis.source")
    # with the socket dropped, the job may end while the page is away: asked again, the page is
    # then served the stored analysis and sees no progress; otherwise it joins the job and its
    # progress (the server sends where the job stands to a page that joins)
    assert source == "computed" or (size == "phone" and source == "stored"), source
    word = "Analysing deal 1:" if lang == "en" else "Разбор сдачи 1:"
    if source == "computed":
        assert any(line.startswith(word) for line in seen), seen  # the progress line, done of total
    ready = "The analysis of deal 1 is ready" if lang == "en" else "Разбор сдачи 1 готов"
    assert ready in page.locator("#live").inner_text()  # said to a screen reader too
    analysis = page.evaluate("() => window.prikup.analysis.data")
    rows = page.locator("#analysis .decisions li")
    assert rows.count() == len(analysis["decisions"])
    for i, d in enumerate(analysis["decisions"]):
        tag = rows.nth(i).locator(".grade").inner_text()
        assert tag == f"{MARKS[d['grade']]} {GRADE_WORDS[lang][d['grade']]}", tag
    # a decision opened: what was played and the best alternative on the cards
    costly = [i for i, d in enumerate(analysis["decisions"]) if d["best"] != d["taken"] and not d.get("hidden")]
    on_cards = [i for i in costly if analysis["decisions"][i]["best"].startswith(("play ", "give "))]
    pick = (on_cards or costly or [0])[0]
    rows.nth(pick).locator("button.decision").click()
    detail = rows.nth(pick).locator(".decision-detail")
    detail.wait_for()
    if costly and analysis["decisions"][pick]["best"].startswith(("play ", "give ")):
        assert detail.locator(".alt.best .card").count() == 1
    assert page.locator("#analysis .seat-summaries [data-seat-summary]").count() == len(analysis["seats"])
    assert no_overflow(page)
    page.locator("#analysis").scroll_into_view_if_needed()
    shoot(page, f"analysis-{lang}-{size}", full_page=size == "phone")
    assert axe_violations(page) == []
    # asked again from below the deal's story (the summary is gone by then): read from storage
    again = page.locator("#analyse-previous")
    assert again.inner_text() == ("Analyse deal 1" if lang == "en" else "Разобрать сдачу 1")
    again.click()
    page.wait_for_function("() => window.prikup.analysis.source === 'stored'")
    assert page.locator("#analysis .decisions li").count() == len(analysis["decisions"])
    # the replay: the same analysis, read from storage
    page.goto(f"{server.base}/table/{tid}?replay=1")
    page.wait_for_function("() => window.prikupReplay")
    page.click('#rp-deals [data-deal="1"]')
    page.click("#rp-analyse")
    page.locator("#rp-analysis .decisions li").first.wait_for(timeout=30_000)
    assert page.evaluate("() => window.prikupReplay.analysis.source") == "stored"
    assert page.locator("#rp-analysis .decisions li").count() == len(analysis["decisions"])
    # a decision opened there shows the table as it was when it was taken (deal 1 starts at step 0)
    page.locator("#rp-analysis .decisions li button.decision").nth(2).click()
    assert page.evaluate("() => window.prikupReplay.at()") == analysis["decisions"][2]["number"]
    assert no_overflow(page)
    shoot(page, f"analysis-replay-{lang}-{size}", full_page=True)
    assert axe_violations(page) == []
    assert page.errors == []
    page.context.close()

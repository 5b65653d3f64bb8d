"""Five Hundred's presets and its variants' bids in the browser (Debian's Chromium, Playwright, a
real server): the lobby shows every preset with its line of explanation and a preset sets its
options; a table started from a preset offers that preset's bids in words; patastrophe's two open
hands lie face up at their seats; the double misère's pass is played from the page (the bidder
gives his partner cards, named by the confirm button). Desktop 1280×800 and phone 390×844, with
screenshots under ``tests/web/screenshots``."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest
from web_driver import (
    SIZES,
    Player,
    ServerProcess,
    launch_browser,
    no_overflow,
    open_table_by_page,
    plain_server,
    play_until,
    shoot,
    state,
)

from prikup.games.presets import PRESETS
from prikup.i18n import t

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)

browser = pytest.fixture(scope="module", name="browser")(launch_browser)
server = pytest.fixture(scope="module", name="server")(plain_server)

FH = PRESETS["five-hundred"]
RAW = ["web.", "cli.", "undefined", "null", "NaN", "bid DMIS", "bid HILO", "bid PAT"]


def _page(browser: Any, size: str, lang: str = "en") -> Any:
    width, height = SIZES[size]
    ctx = browser.new_context(
        locale={"en": "en-US", "ru": "ru-RU"}[lang],
        viewport={"width": width, "height": height},
        has_touch=size == "phone",
    )
    ctx.add_init_script("localStorage.setItem('prikup.trickPause', '0')")
    page = ctx.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def _lobby(page: Any, server: ServerProcess) -> None:
    page.goto(server.base + "/")
    page.locator('[data-game="five-hundred"]').wait_for()
    page.click('[data-game="five-hundred"]')
    page.locator('[data-preset="avondale"]').wait_for()


def _start(page: Any, preset: str) -> None:
    page.click(f'[data-preset="{preset}"]')
    page.fill("#your-name", "Ivan")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")


def _table(browser: Any, server: ServerProcess, size: str, preset: str) -> tuple[Any, Player]:
    """A table started from the lobby with ``preset``, and the page's player who acts for seat 0."""
    page = _page(browser, size)
    _lobby(page, server)
    _start(page, preset)
    return page, Player(page, "five-hundred", FH[preset])


def _done(page: Any, shot: str) -> None:
    """No raw data on screen and no script error; a screenshot; the page closed."""
    assert not _raw(page), _raw(page)
    shoot(page, shot)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def _raw(page: Any) -> list[str]:
    text = page.evaluate("() => document.body.innerText")
    return [r for r in RAW if r in text]


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "en"), ("phone", "ru")])
def test_lobby_shows_every_five_hundred_preset_with_its_line(
    browser: Any, server: ServerProcess, size: str, lang: str
) -> None:
    page = _page(browser, size, lang)
    _lobby(page, server)
    box = page.locator("#presets")
    text = box.inner_text()
    for pid in FH:
        assert t(f"web.preset.five-hundred.{pid}", lang) in text, pid
        assert t(f"web.preset_help.five-hundred.{pid}", lang) in text, pid
    assert no_overflow(page)
    # a preset sets its options in the form: Ideal turns its table's bids on, American its round
    page.click('[data-preset="ideal"]')
    for name in ("hi_lo", "double_misere", "patastrophe", "blind_misere"):
        assert page.locator(f'[data-option="{name}"]').is_checked(), name
    assert page.locator('[data-option="table"]').input_value() == "ideal"
    page.locator('[data-preset="ideal"]').scroll_into_view_if_needed()
    shoot(page, f"fh-presets-lobby-{size}-{lang}")
    page.click('[data-preset="american"]')
    assert page.locator('[data-option="auction"]').input_value() == "one_round"
    assert page.locator('[data-option="nullo_pass"]').is_checked()
    assert not page.locator('[data-option="hi_lo"]').is_checked()  # the Ideal preset's bids are gone again
    page.click('[data-preset="french_canadian"]')
    assert page.locator('[data-option="goal"]').input_value() == "1000"
    assert page.locator('[data-option="deck"]').input_value() == "46"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_table_from_the_ideal_preset_offers_its_bids_in_words(browser: Any, server: ServerProcess, size: str) -> None:
    page, player = _table(browser, server, size, "ideal")
    st = play_until(page, player, lambda s: s["obs"]["to_act"] == s["viewer"] and s["obs"]["phase"] == "auction", 60)
    legal = set(st["obs"]["legal_actions"])
    words = {"bid HILO": "Hi/Lo", "bid DMIS": "double misère", "bid PAT": "patastrophe", "bid BMIS": "blind misère"}
    offered = [a for a in words if a in legal]
    # nothing outbids patastrophe at a player's first call; Hi/Lo is offered whenever nobody has
    # bid yet (a bot before the viewer may bid Hi/Lo itself, or higher, on a hand made for it)
    assert "bid PAT" in offered
    if st["obs"]["high_bid"] is None:
        assert "bid HILO" in offered
    for action in offered:
        button = page.locator(f'#actions [data-action="{action}"]')
        assert button.count() == 1 and button.is_enabled(), action
        assert button.inner_text().strip() == words[action]
    assert no_overflow(page)
    _done(page, f"fh-ideal-bids-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_patastrophes_two_open_hands_lie_face_up_at_their_seats(browser: Any, server: ServerProcess, size: str) -> None:
    page = _page(browser, size)
    page.goto(server.base + "/")
    page.locator('[data-game="five-hundred"]').wait_for()
    # the Ideal preset's options, the goal far away: a patastrophe whose side takes the first
    # trick ends there (at -750), and the match must go on until one does not
    options = {**FH["ideal"], "goal": 10000}
    bot = {"kind": "bot", "bot": "heuristic"}
    seats = [{"kind": "human"}, bot, bot, bot]
    open_table_by_page(page, {"game": "five-hundred", "options": options, "name": "Ivan", "seats": seats})
    player = Player(page, "five-hundred", options)
    player.prefer = ["bid PAT"]  # the viewer bids patastrophe whenever he may

    def both_open(s: dict[str, Any]) -> bool:
        return len(s["obs"].get("open_hands") or []) == 2

    # a patastrophe whose side takes the first trick ends there: it may take a few deals
    st = play_until(page, player, both_open, limit=240)
    viewer = st["viewer"]
    for hand in st["obs"]["open_hands"]:
        if hand["seat"] == viewer:
            continue
        row = page.locator(f'#felt .seat[data-seat="{hand["seat"]}"] .open-cards')
        row.wait_for()
        shown = row.locator("[data-card]").evaluate_all("els => els.map((e) => e.dataset.card)")
        now = state(page)
        assert now is not None
        cards = next(h["cards"] for h in now["obs"]["open_hands"] if h["seat"] == hand["seat"])
        assert sorted(shown) == sorted(cards), (shown, cards)
    _done(page, f"fh-patastrophe-open-hands-{size}")


def test_the_double_misere_pass_is_played_from_the_page(browser: Any, server: ServerProcess) -> None:
    def giving(s: dict[str, Any]) -> bool:
        return s["obs"]["phase"] == "give" and s["obs"]["to_act"] == s["viewer"]

    def gone(s: dict[str, Any]) -> bool:  # another seat outbid him, and its deal ended the match
        return bool(s["finished"]) or s["obs"]["deal"] > 1

    # the deals are random: a bot may outbid the double misère (a ten-trick contract made ends the
    # match); then a new table, up to three
    for _ in range(3):
        page, player = _table(browser, server, "desktop", "american")
        player.prefer = ["bid DMIS"]
        st = play_until(page, player, lambda s: giving(s) or gone(s), limit=150)
        if giving(st):
            break
        page.context.close()
    assert giving(st), st["obs"]["phase"]
    viewer = st["viewer"]
    partner = (viewer + 2) % 4
    assert len(st["obs"]["hand"]) == 13  # the kitty taken
    first = st["obs"]["hand"][0]
    page.click(f'#hand [data-card="{first}"]')
    label = page.locator("#confirm").inner_text()
    partner_name = f"Bot {partner + 1}"  # the page's name of a bot's seat
    assert partner_name in label, (label, partner_name)  # the card goes to the partner, by name
    prompt = page.locator("#prompt").inner_text()
    assert partner_name in prompt and "3 more card" in prompt, prompt  # the kitty's three, one at a time
    shoot(page, "fh-double-misere-pass-desktop")
    page.click("#confirm")
    page.wait_for_function(f"() => window.prikup.state.ply > {st['ply']}")
    deal = st["obs"]["deal"]

    def playing(s: dict[str, Any]) -> bool:
        return s["obs"]["phase"] == "play" or s["obs"]["deal"] != deal or s["finished"]

    st = play_until(page, player, playing, limit=60)
    assert st["obs"]["deal"] == deal and st["obs"]["phase"] == "play", st["obs"]["phase"]
    assert st["obs"]["contract"] == "DMIS" and len(st["obs"]["hand"]) <= 10
    assert len(st["obs"]["hand"]) + len([p for p in st["obs"]["trick"] if p[0] == viewer]) == 10
    log = page.locator("#log").inner_text()
    assert "gives" in log  # the story tells of the gives, the cards hidden from the defenders
    assert not _raw(page), _raw(page)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_kitty_card_turned_up_lies_face_up_in_the_kitty(browser: Any, server: ServerProcess) -> None:
    page = _page(browser, "phone")
    _lobby(page, server)
    page.click('[data-preset="french_canadian"]')
    page.click(".options-box summary")  # the table's rules, folded away
    page.check('[data-option="kitty_up"]')  # the French-Canadian variant, not in the preset
    page.fill("#your-name", "Ivan")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state && window.prikup.state.obs.phase === 'auction'")
    st = state(page)
    assert st is not None
    up = st["obs"]["kitty_shown"]
    card = page.locator(f'#centre .talon [data-card="{up}"]')
    card.wait_for()
    assert page.locator("#centre .talon .card").count() == 6  # French-Canadian: a kitty of six
    shoot(page, "fh-kitty-up-phone")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_claim_and_the_break_each_have_their_prompt(browser: Any, server: ServerProcess, lang: str) -> None:
    """The claim (``claim=on``) and the breaking rule (``breaking=N``) each ask in words what the
    player may do — not the bare "choose your action" of a moment the page does not know."""
    page = browser.new_context(locale="ru-RU" if lang == "ru" else "en-US").new_page()
    page.goto(server.base + "/")
    page.locator("[data-game]").first.wait_for()
    prompts = page.evaluate(
        """async () => {
          const { promptText } = await import('/static/js/table.js');
          const msg = (legal) => ({ viewer: 0, seats: [], finished: false,
            obs: { game: 'five-hundred', to_act: 0, legal_actions: legal, scores: [0, 0, 0, 0], trick: [] } });
          return { claim: promptText(msg(['pass', 'claim'])), brk: promptText(msg(['pass', 'break'])),
                   other: promptText(msg(['pass', 'unknown'])) };
        }"""
    )
    assert prompts["claim"] != prompts["other"] and prompts["brk"] != prompts["other"]
    assert ("взятки" if lang == "ru" else "claim the remaining tricks") in prompts["claim"]
    assert ("срыв" if lang == "ru" else "Break the contract") in prompts["brk"]
    page.context.close()

"""Five Hundred for two in the browser (Debian's Chromium, a real server): two seats, each
player's dummy beside him with its face-up cards lying on face-down backs, the dummy's card
clicked by its player on the dummy's turn, a deal played to its end against a bot; screenshots on
a desktop and a 390×844 phone."""

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
    open_preset_table,
    plain_server,
    play_until,
    shoot,
    state,
)

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)

browser = pytest.fixture(scope="module", name="browser")(launch_browser)
server = pytest.fixture(scope="module", name="server")(plain_server)

OPTIONS = {"players": 2, "form": "dummies"}


def _open(browser: Any, server: ServerProcess, size: str) -> Any:
    width, height = SIZES[size]
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height}, has_touch=size == "phone")
    ctx.add_init_script("localStorage.setItem('prikup.trickPause', '0')")
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.locator('[data-game="five-hundred"]').wait_for()
    page.click('[data-game="five-hundred"]')
    page.click('[data-preset="two_handed"]')
    page.fill("#your-name", "Ivan")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    return page


def _my_dummys_turn(st: dict[str, Any]) -> bool:
    obs = st["obs"]
    hand = set(obs.get("hand") or [])
    plays = [a.split(" ")[1] for a in obs.get("legal_actions") or [] if a.startswith("play ")]
    return obs["to_act"] == st["viewer"] and bool(plays) and not set(plays) <= hand


@pytest.mark.parametrize("size", list(SIZES))
def test_a_two_handed_deal_with_dummies_is_played_through_the_page(
    browser: Any, server: ServerProcess, size: str
) -> None:
    page = _open(browser, server, size)
    st = state(page)
    assert st is not None
    me = st["viewer"]
    assert page.locator("#felt .seat").count() == 2  # two seats: you at the bottom, the other across
    # each player's dummy lies beside him: five face-up cards on five backs
    for hand in (2, 3):
        row = page.locator(f'#felt .open-cards.dummy[data-dummy="{hand}"]')
        assert row.count() == 1
        assert row.locator(".card.back").count() == 5
        assert row.locator(".card[data-card]").count() == 5
    mine = page.locator(f'#felt .seat[data-seat="{me}"] .open-cards.dummy')
    assert mine.count() == 1 and mine.get_attribute("data-dummy") == str(me + 2)
    player = Player(page, "five-hundred", OPTIONS, eager=True)
    st = play_until(page, player, _my_dummys_turn, limit=90)
    # on its turn the dummy's playable face-up cards are buttons, nothing else of it is
    obs = st["obs"]
    hand = set(obs.get("hand") or [])
    legal = {a.split(" ")[1] for a in obs["legal_actions"] if a.startswith("play ")} - hand
    row = page.locator(f'#felt .open-cards.dummy[data-dummy="{me + 2}"]')
    assert "to-play" in (row.get_attribute("class") or "")
    clickable = set(row.locator("button.playable[data-card]").evaluate_all("els => els.map((e) => e.dataset.card)"))
    assert clickable == legal
    assert "Your dummy plays" in page.locator("#prompt").inner_text()
    shoot(page, f"five-hundred-two-handed-dummy-turn-{size}")
    ply = st["ply"]
    card = sorted(legal)[0]
    row.locator(f'button[data-card="{card}"]').click()
    page.wait_for_function(f"() => window.prikup.state && window.prikup.state.ply > {ply}")
    after = state(page)
    assert after is not None
    played = [c for _, c in after["obs"]["trick"]] + [c for t in after["obs"]["tricks"] for _, c in t["cards"]]
    assert card in played
    # the deal to its end: the page's summary, the scores of two players
    st = play_until(page, player, lambda s: s["obs"]["deal"] > 1 or s["finished"], limit=120)
    assert len(st["obs"]["scores"]) == 2
    shoot(page, f"five-hundred-two-handed-deal-over-{size}")
    page.context.close()


def test_a_dummys_card_with_several_plays_offers_them_to_choose(browser: Any, server: ServerProcess) -> None:
    # the joker led in no trumps from a dummy names a suit: the page offered the choice only for
    # the cards of the player's own hand, and a click on the dummy's joker did nothing
    page = _open(browser, server, "desktop")
    st = play_until(page, Player(page, "five-hundred", OPTIONS, eager=True), _my_dummys_turn, limit=90)
    obs = st["obs"]
    card = sorted({a.split(" ")[1] for a in obs["legal_actions"] if a.startswith("play ")} - set(obs["hand"]))[0]
    # the page's state as if that card of the dummy were the joker on lead: two plays, each naming a suit
    page.evaluate(
        """(card) => {
          const s = structuredClone(window.prikup.state);
          const rest = s.obs.legal_actions.filter((a) => a !== "play " + card);
          s.obs.legal_actions = [...rest, "play " + card + " as S", "play " + card + " as C"];
          window.prikup.state = s;
        }""",
        card,
    )
    page.locator(f'#felt .open-cards.dummy button[data-card="{card}"]').click()
    chooser = page.locator(".chooser [data-action]")
    chooser.first.wait_for(timeout=5000)
    shown = chooser.evaluate_all("els => els.map((e) => e.dataset.action)")
    assert shown == [f"play {card} as S", f"play {card} as C"], shown
    page.context.close()


def _open_preset(browser: Any, server: ServerProcess, preset: str) -> Any:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    ctx.add_init_script("localStorage.setItem('prikup.trickPause', '0')")
    page = ctx.new_page()
    return open_preset_table(page, server, preset)


def test_table_cards_are_given_to_the_kitty_and_kept_through_the_page(browser: Any, server: ServerProcess) -> None:
    page = _open_preset(browser, server, "two_table_cards")
    player = Player(page, "five-hundred", {"players": 2, "form": "table_cards"})
    st = play_until(page, player, lambda s: s["obs"]["phase"] == "pick" and s["obs"]["to_act"] == s["viewer"], 60)
    assert page.locator("#centre .table-cards button.playable").count() == len(st["obs"]["table_cards"])
    assert (
        "table cards to the kitty" in page.locator("#prompt").inner_text().lower()
        or "kitty" in page.locator("#prompt").inner_text()
    )
    shoot(page, "five-hundred-two-table-cards-pick")
    st = play_until(page, player, lambda s: s["obs"]["deal"] > 1 or s["finished"], limit=120)
    assert len(st["obs"]["scores"]) == 2
    page.context.close()


def test_a_drawn_card_is_kept_or_set_aside_through_the_page(browser: Any, server: ServerProcess) -> None:
    page = _open_preset(browser, server, "two_drawing")
    player = Player(page, "five-hundred", {"players": 2, "form": "drawing"})
    kept = 0
    while True:
        st = state(page)
        assert st is not None
        obs = st["obs"]
        if obs["phase"] != "draw":
            break
        if obs["to_act"] != st["viewer"]:
            page.wait_for_timeout(20)
            continue
        drawn = obs["drawn"]
        assert drawn and page.locator(f'#centre .drawn [data-card="{drawn}"]').count() == 1
        action = f"keep {drawn}" if kept % 2 == 0 else f"discard {drawn}"
        if kept == 0:
            shoot(page, "five-hundred-two-drawing")
        page.click(f'#actions [data-action="{action}"]')
        page.wait_for_function(f"() => window.prikup.state.ply > {st['ply']}")
        kept += 1
    assert kept == 10
    assert len(state(page)["obs"]["hand"]) == 10  # type: ignore[index]
    st = play_until(page, player, lambda s: s["obs"]["deal"] > 1 or s["finished"], limit=120)
    page.context.close()

"""Five Hundred for five and six players in Debian's Chromium on the real page: a person creates the
table from the named preset, plays a deal against bots (calling a partner card from the page's
picker with five), the called card and its public holder are shown, every seat has its own place
with none overlapping another, on a desktop and on a 390x844 phone; screenshots for a look."""

from __future__ import annotations

import os
import re
import shutil
from typing import Any

import pytest
from web_driver import SIZES, Player, ServerProcess, launch_browser, no_overflow, plain_server, play_until, shoot

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)

browser = pytest.fixture(scope="module", name="browser")(launch_browser)
server = pytest.fixture(scope="module", name="server")(plain_server)

PRESETS = {"five_handed": ({"players": 5}, 5), "six_handed": ({"players": 6}, 6)}

#: every seat plate's box, and whether any two overlap
OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('#felt .seat')].map((s) => s.getBoundingClientRect());
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const pairs = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) if (hit(boxes[i], boxes[j])) pairs.push([i, j]);
  return { n: boxes.length, pairs, sized: boxes.every((b) => b.width > 0 && b.height > 0) };
}"""


class ManyPlayer(Player):
    """The page's player, who calls a partner card from the picker (a list and a Call button)."""

    def act(self, st: dict[str, Any]) -> int:
        legal = st["obs"]["legal_actions"]
        if "alone" in legal:
            choice = str(self.brain.choose(_obs(st), _actions(legal)))
            if choice == "alone":
                self.click('[data-action="alone"]')
            else:
                self.page.locator("#partner-card").select_option(choice.split(" ")[1])
                self.click("#call-partner")
            return 1
        play = next((a for a in legal if a.startswith("play 1")), None)  # 11, 12, 13: two-digit ranks
        if play is not None:
            choice = str(self.brain.choose(_obs(st), _actions(legal)))
            if re.fullmatch(r"play 1[123][SCDH]", choice):
                self.click(f'#hand [data-card="{choice.split(" ")[1]}"]')
                return 1
        return super().act(st)


def _obs(st: dict[str, Any]) -> Any:
    from prikup.games import observation_from_json

    return observation_from_json(st["obs"])


def _actions(legal: list[str]) -> list[Any]:
    from prikup.core.actions import parse_action

    return [parse_action(a) for a in legal]


def _open(browser: Any, server: ServerProcess, preset: str, size: str) -> Any:
    width, height = SIZES[size]
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height}, has_touch=size == "phone")
    ctx.add_init_script("localStorage.setItem('prikup.trickPause', '0')")
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.locator('[data-game="five-hundred"]').wait_for()
    page.click('[data-game="five-hundred"]')
    page.click(f'[data-preset="{preset}"]')
    assert page.locator("[data-seat-kind]").count() == PRESETS[preset][1]
    page.fill("#your-name", "Ivan")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    return page


def _check_layout(page: Any, n: int) -> None:
    found = page.evaluate(OVERLAPS)
    assert found["n"] == n and found["sized"], found
    assert not found["pairs"], f"seat plates overlap: {found['pairs']}"
    assert no_overflow(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_five_handed_call_a_partner_card_from_the_page_and_play_the_deal(
    browser: Any, server: ServerProcess, size: str
) -> None:
    page = _open(browser, server, "five_handed", size)
    player = ManyPlayer(page, "five-hundred", PRESETS["five_handed"][0])
    player.prefer = ["bid 10NT"]  # win the auction at once to reach the partner call
    st = play_until(page, player, lambda s: "alone" in (s["obs"].get("legal_actions") or []))
    _check_layout(page, 5)
    assert page.locator("#partner-card option").count() == 52  # every card but the joker
    assert "call a card" in page.locator("#prompt").inner_text().lower()
    shoot(page, f"fh-five-partner-call-{size}")
    st = play_until(page, player, lambda s: s["obs"].get("called") is not None and s["obs"]["phase"] == "play")
    called = st["obs"]["called"]
    line = page.locator(f'#centre [data-called="{called}"]').inner_text()
    assert "partner card" in line
    partner = st["obs"]["called_partner"]
    if partner is not None:  # announced: the holder is named and marked at his seat
        assert page.locator(f'#felt .seat[data-seat="{partner}"]').inner_text().lower().count("called partner") == 1
    _check_layout(page, 5)
    shoot(page, f"fh-five-play-{size}")
    play_until(page, player, lambda s: s["obs"]["deal"] > 1 or s["finished"], limit=120)
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_six_handed_teams_play_a_deal_on_the_page(browser: Any, server: ServerProcess, size: str) -> None:
    # the play, not a card on the felt: with no pause between tricks, a contractor who wins trick
    # after trick leads each one, and the bots' five cards and the trick's end can all come between
    # two looks at the page, so a trick with cards in it may never be seen; and a first deal can
    # end the match (a 10-level contract, or a deal the player sits out) before its play is seen:
    # then a new table is opened (the deals are the server's, not chosen here)
    for _ in range(4):
        page = _open(browser, server, "six_handed", size)
        player = ManyPlayer(page, "five-hundred", PRESETS["six_handed"][0])
        player.eager = True  # open the bidding each deal: no deal passed out
        st = play_until(page, player, lambda s: s["obs"]["phase"] == "play" or s["finished"])
        if not st["finished"]:
            break
        page.context.close()
    else:
        raise AssertionError("four six-handed matches in a row ended before their play was seen")
    _check_layout(page, 6)
    assert st["obs"]["units"] == [[0, 2, 4], [1, 3, 5]]
    for mate in (2, 4):  # your two team-mates are marked as partners
        assert "partner" in page.locator(f'#felt .seat[data-seat="{mate}"]').inner_text().lower()
    shoot(page, f"fh-six-play-{size}")
    named = page.eval_on_selector_all(
        "#hand .card[data-card], #centre .card[data-card]", "els => els.map((e) => e.dataset.card)"
    )
    labels = page.eval_on_selector_all(
        "#hand .card, #centre .card", "els => els.map((e) => e.textContent + (e.getAttribute('aria-label') || ''))"
    )
    assert not any("undefined" in x for x in labels), labels  # the 11s, 12s and 13s have faces and names
    assert all(re.fullmatch(r"(?:[2-9TJQKA]|1[123])[SCDH]|JK[12]?", c) for c in named)
    play_until(page, player, lambda s: s["obs"]["deal"] > 1 or s["finished"], limit=120)
    page.context.close()

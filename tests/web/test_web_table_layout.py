"""The table as players sit at it, measured in Debian's Chromium on the real page and its CSS: you
at the bottom with your hand in front of you, the others around the table clockwise in the order of
play (the next to play on your left, your partner across), the seat to act marked by more than a
colour together with the prompt and the title, and each card of a trick in front of its player.
"""

from __future__ import annotations

import os
import re
import shutil
from typing import Any

import pytest
from web_driver import (
    SIZES,
    Player,
    ServerProcess,
    launch_browser,
    open_table_by_page,
    plain_server,
    play_until,
    shoot,
    state,
)

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)


#: Debian's Chromium and a real server, one of each for this module's tests
browser = pytest.fixture(scope="module", name="browser")(launch_browser)
server = pytest.fixture(scope="module", name="server")(plain_server)


#: Where each seat's plate and each trick card lies, seen from the centre of the trick (angles in
#: degrees, counter-clockwise from "east" with y pointing up, as on paper).
GEOMETRY = """() => {
  const c = document.querySelector('#centre .trick').getBoundingClientRect();
  const cx = c.left + c.width / 2, cy = c.top + c.height / 2;
  const at = (e) => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2 - cx, y = cy - (r.top + r.height / 2);
    return { x, y, angle: Math.atan2(y, x) * 180 / Math.PI, bottom: r.bottom, top: r.top,
             left: r.left, right: r.right };
  };
  const seats = {};
  for (const s of document.querySelectorAll('#felt .seat')) seats[s.dataset.seat] = at(s);
  const cards = [...document.querySelectorAll('#centre .trick .played')]
    .map((p) => ({ seat: +p.dataset.trickSeat, ...at(p) }));
  const felt = document.querySelector('#felt').getBoundingClientRect();
  const hand = document.querySelector('#hand').getBoundingClientRect();
  return { seats, cards, felt: { top: felt.top, bottom: felt.bottom, left: felt.left, right: felt.right },
           hand: { top: hand.top, bottom: hand.bottom, left: hand.left, right: hand.right, h: hand.height } };
}"""


def open_table(
    browser: Any,
    server: ServerProcess,
    game: str,
    size: str,
    *,
    players: int | None = None,
    pause: int = 0,
    seed: int | None = None,
) -> Any:
    width, height = SIZES[size]
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height}, has_touch=size == "phone")
    ctx.add_init_script(f"localStorage.setItem('prikup.trickPause', '{pause}')")
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.locator(f'[data-game="{game}"]').wait_for()
    page.click(f'[data-game="{game}"]')
    if players == 3 and game == "five-hundred":
        page.click('[data-preset="three"]')  # the named preset "three-handed"
    page.fill("#your-name", "Ivan")
    if seed is None:
        page.click("#create-button")
    else:  # the page's own call with a chosen deal (a test server lets a creator choose the seed)
        bot = {"kind": "bot", "bot": "heuristic"}
        seats = [{"kind": "human"}, bot, bot]
        return open_table_by_page(page, {"game": game, "options": {}, "name": "Ivan", "seed": seed, "seats": seats})
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    return page


def angle_gap(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def clockwise_from_bottom(angle: float) -> float:
    """How far round the table clockwise from your seat (straight down = 0, left = 90, across = 180)."""
    return (270 - angle) % 360


@pytest.mark.parametrize(("players", "size"), [(4, "desktop"), (4, "phone"), (3, "desktop"), (3, "phone")])
def test_seats_sit_around_the_table_clockwise_you_at_the_bottom_your_partner_across(
    browser: Any, server: ServerProcess, players: int, size: str
) -> None:
    page = open_table(browser, server, "five-hundred", size, players=players)
    st = state(page)
    assert st is not None
    me = st["viewer"]
    geo = page.evaluate(GEOMETRY)
    seats = geo["seats"]
    assert len(seats) == players
    mine = seats[str(me)]
    # you at the bottom: below every other plate, your hand below you and inside the table
    assert all(mine["top"] >= s["bottom"] - 1 for k, s in seats.items() if k != str(me)), seats
    hand = geo["hand"]
    assert hand["h"] > 40 and hand["top"] >= mine["bottom"] - 12
    assert geo["felt"]["top"] <= hand["top"] and hand["bottom"] <= geo["felt"]["bottom"] + 1, (hand, geo["felt"])
    # the others clockwise in the order of play: the next to play (seat me+1) on your left ...
    turns = [clockwise_from_bottom(seats[str((me + k) % players)]["angle"]) for k in range(1, players)]
    assert turns == sorted(turns) and 0 < turns[0] < 180 < turns[-1] < 360, turns
    left = seats[str((me + 1) % players)]
    assert left["x"] < 0 and left["right"] <= mine["left"] + 200, left
    if players == 4:
        # ... your partner across the table, straight above you
        across = seats[str((me + 2) % players)]
        assert across["y"] > 0 and abs(across["x"]) < 40, across
        assert "partner" in page.locator(f'#felt .seat[data-seat="{(me + 2) % 4}"] .marks').inner_text()
    shoot(page, f"layout-five-hundred-{players}p-{size}")
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_two_to_six_seats_each_have_their_place_around_the_table(
    browser: Any, server: ServerProcess, size: str
) -> None:
    """Five Hundred's 2-, 5- and 6-handed forms: the page's own placement (``seats.js``) laid out by
    the page's CSS in a felt of that size, measured like the tables above."""
    width, height = SIZES[size]
    page = browser.new_context(locale="en-US", viewport={"width": width, "height": height}).new_page()
    page.goto(server.base + "/")
    page.locator("[data-game]").first.wait_for()
    for n in range(2, 7):
        for me in range(n):
            geo = page.evaluate(
                """async ([n, me]) => {
                  const { areaOf } = await import('/static/js/seats.js');
                  document.querySelector('#probe')?.remove();
                  const felt = document.createElement('div');
                  felt.id = 'probe'; felt.className = 'felt'; felt.dataset.n = String(n);
                  const centre = document.createElement('div');
                  centre.className = 'centre'; centre.textContent = 'centre';
                  felt.append(centre);
                  for (let i = 0; i < n; i++) {
                    const s = document.createElement('section');
                    s.className = 'seat'; s.dataset.seat = String(i); s.dataset.dir = areaOf(i, n, me);
                    s.style.gridArea = s.dataset.dir; s.textContent = 'Player ' + (i + 1);
                    felt.append(s);
                  }
                  document.querySelector('main').append(felt);
                  const c = centre.getBoundingClientRect(), cx = c.left + c.width / 2, cy = c.top + c.height / 2;
                  return [...felt.querySelectorAll('.seat')].map((s) => { const r = s.getBoundingClientRect();
                    const x = r.left + r.width / 2 - cx, y = cy - (r.top + r.height / 2);
                    return { x, y, angle: Math.atan2(y, x) * 180 / Math.PI, w: r.width }; });
                }""",
                [n, me],
            )
            assert all(s["w"] > 0 for s in geo), (n, geo)
            angles = {i: clockwise_from_bottom(geo[i]["angle"]) for i in range(n)}
            assert angles[me] < 1 or angles[me] > 359, (n, me, angles)  # you at the bottom
            turns = [angles[(me + k) % n] for k in range(1, n)]
            assert turns == sorted(turns) and len(set(turns)) == n - 1, (
                size,
                n,
                me,
                turns,
            )  # clockwise, one place each
            if n % 2 == 0:
                across = geo[(me + n // 2) % n]
                assert across["y"] > 0 and abs(across["x"]) < 40, (size, n, me, across)  # the partner straight across
    page.context.close()


def test_the_seat_to_act_is_marked_in_words_and_your_turn_changes_the_title(
    browser: Any, server: ServerProcess
) -> None:
    page = open_table(browser, server, "preferans", "desktop")
    page.wait_for_function("() => { const s = window.prikup.state; return s.obs.to_act === s.viewer; }", timeout=30000)
    st = state(page)
    assert st is not None
    plate = page.locator(f'#felt .seat[data-seat="{st["viewer"]}"]')
    assert plate.get_attribute("aria-current") == "true"
    assert "▶" in plate.locator(".turn-badge").inner_text()  # a sign, not a colour alone
    assert page.locator("#felt .turn-badge").count() == 1
    assert page.locator("#prompt .your-turn").inner_text().startswith("Your turn")
    assert page.title().startswith("● Your turn")
    page.click('[data-action="pass"]')
    # whenever the page shows a state (the bots answer at once), the title says whether it is yours
    for _ in range(20):
        mine, title = page.evaluate(
            """() => { const s = window.prikup.state;
                       return [s.obs.to_act === s.viewer && s.obs.legal_actions.length > 0, document.title]; }"""
        )
        assert title.startswith("● Your turn") == mine, title
    page.context.close()


@pytest.mark.parametrize(("game", "players", "size"), [("five-hundred", 4, "desktop"), ("preferans", 3, "phone")])
def test_each_card_of_a_trick_lies_in_front_of_its_player(
    browser: Any, server: ServerProcess, game: str, players: int, size: str
) -> None:
    # a chosen deal: on a random one an open misère (the bidder's partner sits out, three cards a
    # trick) can end the match in the first deal before any trick of four is over
    page = open_table(browser, server, game, size, pause=1500, seed=1)
    player = Player(page, game, {}, eager=True)
    full = f"#centre .trick.finished .played:nth-child({players})"
    play_until(page, player, lambda _st: page.locator(full).count() > 0, limit=90)
    geo = page.evaluate(GEOMETRY)
    assert len(geo["cards"]) == players
    for card in geo["cards"]:
        # the plate whose direction from the centre is nearest the card's is the one who played it
        nearest = min(geo["seats"], key=lambda k: angle_gap(geo["seats"][k]["angle"], card["angle"]))
        assert int(nearest) == card["seat"], (card, geo["seats"])
        assert abs(card["x"]) > 5 or abs(card["y"]) > 5  # off the centre, towards its player
    assert page.locator("#centre .trick.finished .played.won .won-tag").count() == 1
    shoot(page, f"layout-trick-{game}-{size}")
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lone_whister_plays_his_lying_partners_cards_from_the_table(
    browser: Any, server: ServerProcess, size: str
) -> None:
    """Preferans's open whist: the lone whister plays both defenders' hands; the partner's cards,
    face up in his seat, are buttons for him then (on a phone they lie in front of him, in the
    hand's place, his own cards in his seat); the prompt names whose cards he plays."""
    # seed 4: a bot declares in the first deal and the other passes the whist
    page = open_table(browser, server, "preferans", size, seed=4)
    player = Player(page, "preferans", {})
    player.prefer = ["whist", "open", "pass"]  # pass in the auction (a bot declares), whist, lay the cards down

    def playing_for_partner(st: dict[str, Any]) -> bool:
        obs = st["obs"]
        return obs["to_act"] == st["viewer"] and obs.get("hand_to_play") not in (None, st["viewer"])

    st = play_until(page, player, playing_for_partner, limit=150)
    partner = st["obs"]["hand_to_play"]
    legal = {a.split(" ")[1] for a in st["obs"]["legal_actions"]}
    if size == "phone":
        row = page.locator("#hand.for-partner")
        assert page.locator(f'#felt .seat[data-seat="{st["viewer"]}"] .open-cards .card').count() == len(
            st["obs"]["hand"]
        )
    else:
        row = page.locator(f'#felt .seat[data-seat="{partner}"] .open-cards.to-play')
    row.wait_for()
    bottom = page.evaluate("() => [document.querySelector('#hand').getBoundingClientRect().bottom, window.innerHeight]")
    assert bottom[0] <= bottom[1], bottom  # the cards to play are on the first screen
    buttons = row.locator("button.playable")
    assert sorted(buttons.evaluate_all("els => els.map((e) => e.dataset.card)")) == sorted(legal)
    assert f"Bot {partner + 1}" in page.locator("#prompt").inner_text()  # whose cards, by name
    shoot(page, f"layout-preferans-play-for-partner-{size}")
    card = sorted(legal)[0]
    buttons.locator(f'xpath=self::*[@data-card="{card}"]').click()
    page.wait_for_function(f"() => window.prikup.state.ply > {st['ply']}")
    now = state(page)
    assert now is not None and [partner, card] in [list(p) for p in now["obs"]["trick"]] + [
        list(p) for t in now["obs"]["tricks"] for p in t["cards"]
    ]
    # to the deal's end: the summary gives each defender his own ten cards (the lone whister, who
    # played both hands, is not given his partner's)
    play_until(page, player, lambda st: st["obs"]["deal"] > 1 or st["finished"], limit=150)
    page.locator(".summary .summary-hand").first.wait_for(timeout=5000)
    shoot(page, f"layout-preferans-open-whist-summary-{size}")
    hands = page.locator(".summary .summary-hand .sr-only").all_inner_texts()
    assert len(hands) >= 3 and all(len(h.split(", ")) <= 10 for h in hands), hands
    # the sentence says what the game wrote for its declarer besides whists: his pulya or his gora
    sentence = page.locator(".summary > p").first.inner_text()
    said = re.search(r"— (made|failed) \(((?:pulya|gora) [+-]\d+(?:, gora [+-]\d+)?)\)\.$", sentence)
    assert said, sentence
    if said.group(1) == "made":
        assert "pulya +" in said.group(2) or "gora -" in said.group(2), sentence
    else:
        assert "gora +" in said.group(2), sentence
    page.context.close()

"""The page on the server's contract, in Debian's Chromium driven by Playwright: an invitation link
seats a guest (the lobby link alone does not), the replay is the seat's own view fetched with the
token in a Bearer header and never in a URL, the Content-Security-Policy is kept (no violation on
the lobby, a table or a replay), the page has its icon and logs no console error, and an away seat
says that a bot plays for him.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_driver import (
    WATCH_SOCKET,
    Player,
    ServerProcess,
    launch_browser,
    play_until,
    shoot,
    state,
    wait_for_change,
)

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)


#: Debian's Chromium, one for this module's tests
browser = pytest.fixture(scope="module", name="browser")(launch_browser)

#: Seen by the page as soon as a CSP violation happens (also reported in the console).
WATCH_CSP = (
    WATCH_SOCKET
    + """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sourceFile || '')));
localStorage.setItem('prikup.trickPause', '0');
"""
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("webcontract")
    proc = ServerProcess(f"sqlite:///{folder / 'web.sqlite3'}", bot_delay=0.0, env={"PRIKUP_AWAY_AFTER": "1"}).start()
    yield proc
    proc.stop()


def open_page(browser: Any) -> Any:
    """A page in a context of its own (its own localStorage), recording what a test checks: the
    console's errors, uncaught errors, CSP violations and every request URL with its headers."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    ctx.add_init_script(WATCH_CSP)
    page = ctx.new_page()
    page.console_errors = []  # type: ignore[attr-defined]
    page.requests = []  # type: ignore[attr-defined]
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    page.on("request", lambda r: page.requests.append((r.url, r.headers)))
    return page


def csp_violations(page: Any) -> list[str]:
    """CSP violations the page saw (its event) and the console reported."""
    seen = list(page.evaluate("() => window.__csp || []"))
    said = [m for m in page.console_errors if "Content Security Policy" in m or "Refused to" in m]
    return seen + said


def create(
    page: Any, server: ServerProcess, game: str, *, guests: int = 0, options: dict[str, str] | None = None
) -> None:
    """Create a table in the lobby as "Anna"; seats 1..guests are for people to invite."""
    page.goto(server.base + "/")
    page.locator(f'[data-game="{game}"]').wait_for()
    page.click(f'[data-game="{game}"]')
    if options:
        page.click(".options-box summary")
        for name, value in options.items():
            page.locator(f'[data-option="{name}"]').fill(value)
    for seat in range(1, guests + 1):
        page.select_option(f'[data-seat-kind="{seat}"]', "human")
    page.fill("#your-name", "Anna")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")


def token_of(page: Any) -> str:
    """The seat token the page keeps for its table (localStorage ``prikup.seat.<id>``)."""
    tid = page.url.split("/table/")[1].split("?")[0].split("#")[0]
    held = page.evaluate(f"() => JSON.parse(localStorage.getItem('prikup.seat.{tid}'))")
    assert held and held["token"], held
    return str(held["token"])


def urls_with(page: Any, secret: str) -> list[str]:
    return [url for url, _ in page.requests if secret in url]


def seat_text(page: Any, seat: int) -> str:
    return str(page.locator(f'#felt .seat[data-seat="{seat}"]').inner_text())


def test_an_invitation_link_seats_the_guest_and_the_lobby_link_does_not(browser: Any, server: ServerProcess) -> None:
    anna = open_page(browser)
    create(anna, server, "501", guests=1)
    links = anna.eval_on_selector_all("#invites input.link", "els => els.map(e => e.value)")
    assert len(links) == 1 and "#invite=1." in links[0], links
    table_link = links[0].split("#")[0]

    # the table's link alone: the seat is offered but the server refuses it (no secret)
    stranger = open_page(browser)
    stranger.goto(table_link)
    stranger.wait_for_function("() => window.prikup && window.prikup.state")
    stranger.fill("#guest-name", "Mallory")
    stranger.click('[data-claim="1"]')
    stranger.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    assert "invitation" in stranger.locator("#error").inner_text().lower()
    tid = table_link.rsplit("/", 1)[1]
    assert stranger.evaluate(f"() => localStorage.getItem('prikup.seat.{tid}')") is None
    st = state(stranger)
    assert st is not None and st["viewer"] is None and not st["seats"][1]["claimed"]

    # the invitation link: Boris names himself and sits in seat 2
    boris = open_page(browser)
    boris.goto(links[0])
    boris.locator("#claim h2").wait_for()
    shoot(boris, "contract-invited")
    assert "invited" in boris.locator("#claim h2").inner_text()
    assert boris.locator("[data-claim]").count() == 1  # only the seat he is invited to
    boris.fill("#guest-name", "Boris")
    boris.click('[data-claim="1"]')
    boris.wait_for_function("() => window.prikup.state && window.prikup.state.viewer === 1")
    assert "#invite" not in boris.url  # the secret is dropped from the address bar once used
    for page in (anna, boris, stranger):
        page.wait_for_function("() => (window.prikup.state.seats[1] || {}).name === 'Boris'")
        assert state(page)["seats"][1]["claimed"]  # type: ignore[index]
        assert "Boris" in seat_text(page, 1)
    # Anna sees Boris present at the table, and her own seat needs no such word
    anna.locator('#felt .seat[data-seat="1"] .presence', has_text="at the table").wait_for()
    assert anna.locator('#felt .seat[data-seat="0"] .presence').count() == 0
    assert anna.locator("#invites").is_hidden()  # no free seat left to invite to
    assert boris.locator("#claim").is_hidden()
    # the secret was sent in the claim's body, never in a URL; the token never either
    secret = links[0].split("#invite=1.")[1]
    for page in (anna, boris, stranger):
        assert not urls_with(page, secret)
    assert not urls_with(boris, token_of(boris)) and not urls_with(anna, token_of(anna))
    # and the used invitation cannot seat anyone else
    late = open_page(browser)
    late.goto(links[0])
    late.wait_for_function("() => window.prikup && window.prikup.state")
    assert late.locator("#claim").is_hidden()
    for page in (anna, boris, stranger, late):
        assert not csp_violations(page), csp_violations(page)
        page.context.close()


def replay_seen(page: Any, url: str) -> dict[str, Any]:
    """Open the replay at ``url``; returns the replay the server sent (with ``viewer``)."""
    with page.expect_response(lambda r: "/api/tables/" in r.url and "/replay" in r.url) as got:
        page.goto(url)
    data: dict[str, Any] = got.value.json()
    page.wait_for_function("() => window.prikupReplay && window.prikupReplay.frames.length > 1")
    return data


def shown_cards(page: Any) -> dict[str, list[str]]:
    """The cards shown face up at each seat of the replay board, by the seat's name."""
    return dict(
        page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll('#rp-board .seat')].map((s) =>
                 [s.getAttribute('aria-label'), [...s.querySelectorAll('[data-card]')].map((c) => c.dataset.card)]))"""
        )
    )


def test_the_replay_is_the_seats_own_view_sent_with_the_bearer_token(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser)
    options = {"barrel": "60", "target": "61"}
    create(page, server, "pyatsot", options=options)
    table_url = page.url
    token = token_of(page)
    player = Player(page, "pyatsot", {"barrel": 60, "target": 61})
    play_until(page, player, lambda st: st["obs"]["phase"] == "play")

    # a running match: Anna's own cards are shown, the bots' are not
    data = replay_seen(page, table_url + "?replay=1")
    assert data["viewer"] == 0
    asked = [h for url, h in page.requests if "/api/tables/" in url and "/replay" in url]
    assert asked and all(h.get("authorization") == f"Bearer {token}" for h in asked), asked
    page.click("#rp-next")
    shown = shown_cards(page)
    frame = page.evaluate("() => window.prikupReplay.frames[window.prikupReplay.at()].obs")
    assert shown["Anna"] == frame["hand"] and frame["hand"], (shown, frame)
    assert [name for name, cards in shown.items() if cards and name != "Anna"] == [], shown
    assert not csp_violations(page), csp_violations(page)

    # the match played to its end: the replay shows every seat's cards
    page.goto(table_url)
    page.wait_for_function("() => window.prikup && window.prikup.state")
    play_until(page, player, lambda st: bool(st["finished"]), limit=150)
    page.locator(".summary a[href*='replay']").wait_for()
    data = replay_seen(page, table_url + "?replay=1")
    assert data["viewer"] == 0 and data["table"]["finished"]
    page.click("#rp-next")
    shown = shown_cards(page)
    assert len(shown) == 3 and all(shown.values()), shown
    assert not csp_violations(page), csp_violations(page)

    # no URL the page asked for, in all this, carries the token
    assert page.requests and not urls_with(page, token), urls_with(page, token)
    page.context.close()


def test_no_csp_violation_on_the_lobby_a_table_and_a_replay(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser)
    page.goto(server.base + "/")
    page.locator('[data-game="preferans"]').wait_for()
    page.click('[data-game="preferans"]')
    page.click(".options-box summary")
    assert not csp_violations(page), csp_violations(page)
    create(page, server, "preferans")
    page.locator(".callgrid").wait_for()
    play_until(page, Player(page, "preferans", {}), lambda st: len(st["obs"]["trick"]) >= 1 or st["obs"]["deal"] > 1)
    assert page.locator("#felt .seat").count() == 3
    assert not csp_violations(page), csp_violations(page)
    replay_seen(page, page.url + "?replay=1")
    page.click("#rp-next")
    page.click("#rp-play")
    time.sleep(1)
    page.click("#rp-play")
    assert not csp_violations(page), csp_violations(page)
    # the seats are laid out around the table all the same (their places come through CSSOM)
    areas = page.evaluate("() => [...document.querySelectorAll('#rp-board .seat')].map((s) => s.style.gridArea)")
    assert len(set(areas)) == 3, areas
    page.context.close()


def test_the_page_has_an_icon_and_no_console_error_on_the_lobby_and_a_table(
    browser: Any, server: ServerProcess
) -> None:
    """The tab shows prikup's icon; before it had none, and every page load logged the browser's
    404 for /favicon.ico as a console error."""
    page = open_page(browser)
    create(page, server, "501")
    page.locator("#felt .seat").first.wait_for()
    time.sleep(0.5)  # the tab's icon is fetched after the page has loaded
    assert not page.console_errors, page.console_errors  # type: ignore[attr-defined]
    icon = page.evaluate("() => document.querySelector('link[rel=icon]')?.getAttribute('href')")
    assert icon, "the page names no icon"
    answer = page.request.get(server.base + icon)
    assert answer.status == 200 and answer.headers["content-type"].startswith("image/svg+xml"), answer.status
    page.context.close()


def test_an_away_seat_says_a_bot_plays_for_him(browser: Any, server: ServerProcess) -> None:
    anna = open_page(browser)
    create(anna, server, "501", guests=1)
    link = anna.eval_on_selector_all("#invites input.link", "els => els.map(e => e.value)")[0]
    boris = open_page(browser)
    boris.goto(link)
    boris.fill("#guest-name", "Boris")
    boris.click('[data-claim="1"]')
    boris.wait_for_function("() => window.prikup.state && window.prikup.state.viewer === 1")
    boris.context.close()  # Boris leaves; on his turn a bot takes over after PRIKUP_AWAY_AFTER
    play_until(anna, Player(anna, "501", {}), lambda st: bool(st["seats"][1]["away"]), limit=60)
    anna.wait_for_function("() => document.querySelector('#felt .seat[data-seat=\"1\"]').innerText.includes('bot')")
    text = seat_text(anna, 1)
    shoot(anna, "contract-away")
    assert "Boris" in text and "away — a " in text and "bot plays for him" in text, text
    level = state(anna)["seats"][1]["bot"]  # type: ignore[index]
    assert level and level not in text.replace("bot plays", ""), (level, text)  # the level in words, not its id
    assert not csp_violations(anna), csp_violations(anna)
    anna.context.close()


def test_a_free_seat_played_by_a_stand_in_bot_says_it_is_free(browser: Any, server: ServerProcess) -> None:
    anna = open_page(browser)
    create(anna, server, "501", guests=1)  # nobody takes the invitation: after PRIKUP_AWAY_AFTER a bot plays seat 2
    play_until(anna, Player(anna, "501", {}), lambda st: bool(st["seats"][1]["away"]), limit=60)
    anna.wait_for_function("() => document.querySelector('#felt .seat[data-seat=\"1\"]').innerText.includes('bot')")
    text = seat_text(anna, 1)
    assert "free — a " in text and "bot plays until someone sits" in text and "away" not in text, text
    anna.context.close()


def test_an_action_taken_while_the_socket_is_down_is_sent_once_it_is_back(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser)
    create(page, server, "501")
    player = Player(page, "501", {})
    st = play_until(page, player, lambda s: s["obs"]["to_act"] == s["viewer"] and bool(s["obs"]["legal_actions"]))
    assert page.evaluate("() => window.__ws.open") == 1
    # the socket drops and the player acts before it is back: the page's reconnection is held until the test
    # lets it go (it would otherwise reopen 200 ms later, maybe before the click on a slow machine)
    page.evaluate("() => { const c = window.prikup.conn; c.held = c.open; c.open = () => { window.__reopen = 1; }; }")
    page.evaluate("() => window.prikup.conn.ws.close()")
    page.wait_for_function("() => window.__ws.close === 1")
    player.act(st)
    assert page.evaluate("() => window.prikup.unsent && window.prikup.unsent.action") == player.last
    assert page.locator("#status").inner_text() != ""  # the page says it is reconnecting
    # and offers nothing more to click while the action waits (a second click would have replaced it)
    assert page.locator("#actions [data-action], #hand .card.playable").count() == 0
    assert page.locator("#prompt .your-turn").count() == 1  # still the player's turn
    # and the prompt says the chosen action waits for the connection instead of asking for one
    prompt = page.locator("#prompt").inner_text()
    assert "as soon as the connection is back" in prompt and "Choose" not in prompt, prompt
    page.wait_for_function("() => window.__reopen === 1")  # the page tried to reconnect: now it may
    page.evaluate("() => { const c = window.prikup.conn; c.open = c.held; delete c.held; c.open(); }")
    wait_for_change(page, st["ply"] + 1)
    after = state(page)
    assert after is not None and [st["viewer"], player.last] in after["log"], (player.last, after["log"])
    assert page.evaluate("() => window.__ws.open") == 2 and page.evaluate("() => window.prikup.unsent") is None
    assert page.locator("#status").inner_text() == ""
    page.context.close()

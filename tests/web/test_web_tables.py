"""A whole deal of every game through the page, as a person plays it: in Russian and English, on a
1280×800 desktop and a 390×844 phone, in Debian's Chromium driven by Playwright.

Each run checks at every step what a player relies on: a hand card only ever plays, gives, keeps
or discards (never bids), nothing sticks out sideways, on the phone the hand and the action bar
are on the first screen, the page's ``lang`` is right and no raw data (JSON, internal names,
catalogue keys) is on screen.  It saves a screenshot of every phase under ``tests/web/screenshots``.
"""

from __future__ import annotations

import os
import shutil
import time
from typing import Any

import pytest
from web_driver import (
    Player,
    ServerProcess,
    axe_violations,
    launch_browser,
    no_overflow,
    plain_server,
    play_until,
    shoot,
    state,
    wait_for_change,
)

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)


#: Debian's Chromium and a real server, one of each for this module's tests
browser = pytest.fixture(scope="module", name="browser")(launch_browser)
server = pytest.fixture(scope="module", name="server")(plain_server)

GAMES = ["501", "five-hundred", "five-hundred-3", "pyatsot", "preferans"]
#: a form of a game played from its named preset: (game, options, preset)
FORMS: dict[str, tuple[str, dict[str, Any], str | None]] = {"five-hundred-3": ("five-hundred", {"players": 3}, "three")}


def form(game: str) -> tuple[str, dict[str, Any], str | None]:
    """The game, its options and the lobby's preset of a test's game name (``five-hundred-3``)."""
    return FORMS.get(game, (game, {}, None))


SIZES = {"desktop": (1280, 800), "phone": (390, 844), "narrow": (360, 740)}
LOCALES = {"ru": "ru-RU", "en": "en-US"}
RAW = ['{"', "[{", "null", "undefined", "NaN", "web.", "legal_actions", "phase:", "ply "]


def open_page(browser: Any, lang: str, size: str, *, pause: int = 0) -> Any:
    width, height = SIZES[size]
    ctx = browser.new_context(
        locale=LOCALES[lang], viewport={"width": width, "height": height}, has_touch=size == "phone"
    )
    ctx.add_init_script(f"localStorage.setItem('prikup.trickPause', '{pause}')")
    page = ctx.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def create_table(page: Any, server: ServerProcess, game: str, lang: str, *, name: str | None = None) -> None:
    gid, _options, preset = form(game)
    page.goto(server.base + "/")
    page.locator(f'[data-game="{gid}"]').wait_for()
    page.click(f'[data-game="{gid}"]')
    if preset:
        page.click(f'[data-preset="{preset}"]')
    page.fill("#your-name", name or ("Иван" if lang == "ru" else "Ivan"))
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")


def raw_on_screen(page: Any) -> list[str]:
    """Raw data on screen, each with the words around it."""
    text = page.evaluate("() => document.body.innerText")
    return [text[max(0, text.index(r) - 40) : text.index(r) + 40] for r in RAW if r in text]


def first_screen(page: Any) -> dict[str, float]:
    page.evaluate("() => window.scrollTo(0, 0)")
    return dict(
        page.evaluate(
            """() => ({
              hand: document.querySelector('#hand').getBoundingClientRect().bottom,
              actions: document.querySelector('#actions').getBoundingClientRect().bottom,
              height: window.innerHeight })"""
        )
    )


def small_targets(page: Any) -> list[str]:
    """Controls of the action bar and the hand smaller than 44×44 px (a finger's width)."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('#actions button, #actions input, #hand button, #prompt button')]
                .filter((e) => e.offsetParent !== null)
                .map((e) => [e, e.getBoundingClientRect()])
                .filter(([, r]) => r.width < 44 || r.height < 44)
                .map(([e, r]) => `${e.dataset.card || e.textContent}: ${r.width}x${r.height}`)"""
        )
    )


def play_one_deal(
    page: Any,
    game: str,
    prefix: str,
    *,
    keyboard: bool = False,
    phone: bool = False,
    eager: bool = False,
    limit: float = 90,
) -> int:
    """Play the human seat until the first deal is scored; returns how many actions it took."""
    gid, options, _preset = form(game)
    player = Player(page, gid, options, keyboard=keyboard, eager=eager)
    seen: set[str] = set()
    taken = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        st = state(page)
        assert st is not None
        obs = st["obs"]
        if obs["deal"] > 1 or st["finished"]:
            return taken
        mine = obs["to_act"] == st["viewer"] and bool(obs.get("legal_actions"))
        key = f"{obs['phase']}-{'you' if mine else 'wait'}"
        if key not in seen:
            seen.add(key)
            page.evaluate("() => window.scrollTo(0, 0)")
            shoot(page, f"{prefix}-{len(seen):02d}-{key}")
            assert no_overflow(page), f"{prefix}: the page overflows sideways in {key}"
            assert not raw_on_screen(page), f"{prefix}: raw data on screen in {key}: {raw_on_screen(page)}"
        if not mine:
            time.sleep(0.03)
            continue
        player.check(st)
        # a number's quick steps: the lowest call, then the next three multiples of the step in turn
        quick = page.eval_on_selector_all("#actions [data-quick]", "els => els.map((e) => +e.dataset.quick)")
        if len(quick) == 4:
            assert quick[3] - quick[2] == quick[2] - quick[1] > 0, (prefix, key, quick)
        if phone:
            box = first_screen(page)
            assert box["hand"] <= box["height"] + 1 and box["actions"] <= box["height"] + 1, (prefix, key, box)
            small = small_targets(page)
            assert not small, (prefix, key, small)
        sent = player.act(st)
        taken += sent
        wait_for_change(page, st["ply"] + sent)
    raise AssertionError(f"{prefix}: the deal did not end in time")


#: Each game in both languages and on both screens, every language on every screen, in half the
#: deals of all the combinations (a whole deal through the page is the suite's dearest browser test).
DEAL_CASES = [
    (game, lang, size)
    for i, game in enumerate(GAMES)
    for lang, size in ([("ru", "desktop"), ("en", "phone")] if i % 2 == 0 else [("ru", "phone"), ("en", "desktop")])
]


@pytest.mark.parametrize(("game", "lang", "size"), DEAL_CASES)
def test_a_whole_deal_of_every_game_through_the_page(
    browser: Any, server: ServerProcess, game: str, lang: str, size: str
) -> None:
    page = open_page(browser, lang, size)
    prefix = f"{game}-{lang}-{size}"
    gid, _options, preset = form(game)
    page.goto(server.base + "/")
    page.locator(f'[data-game="{gid}"]').wait_for()
    assert page.evaluate("() => document.documentElement.lang") == lang
    page.click(f'[data-game="{gid}"]')
    if preset:
        page.click(f'[data-preset="{preset}"]')
    shoot(page, f"{prefix}-00-lobby")
    assert no_overflow(page)
    create_table(page, server, game, lang)
    assert page.evaluate("() => document.documentElement.lang") == lang
    # in each language one size bids first (the declarer's phases), the other mostly passes
    play_one_deal(page, game, prefix, phone=size == "phone", eager=(lang == "ru") != (size == "phone"))
    # the deal's summary: its result and every hand, then the sheet
    page.locator(".summary").wait_for(timeout=5000)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, f"{prefix}-90-summary")
    if size == "phone":  # each seat's points for the deal in sight with the buttons, nothing scrolled
        seen = page.evaluate(
            """() => { const b = document.querySelector('.summary'); if (!b) return null;
                 const r = b.getBoundingClientRect(), bottom = r.bottom - b.clientTop + 0.5;
                 const cells = [...b.querySelectorAll(':scope > table.sheet td')].map((c) => c.getBoundingClientRect());
                 const go = b.querySelector(':scope > .row').getBoundingClientRect();
                 return {cells: cells.length, inside: cells.every((c) => c.bottom <= bottom && c.top >= r.top),
                         buttons: go.bottom <= bottom, scrolled: b.scrollTop}; }"""
        )
        if seen is not None:  # (unless it went by itself already: the others are bots)
            assert seen["cells"] and seen["inside"] and seen["buttons"] and not seen["scrolled"], (prefix, seen)
    st = state(page)
    assert st is not None
    # the summary never lies over the hand: the next deal's cards can be played at once
    covered = page.evaluate(
        """() => [...document.querySelectorAll('#hand .card')].filter((c) => {
             const r = c.getBoundingClientRect(), e = document.elementFromPoint(r.left + 8, r.top + r.height / 2);
             return !(e && document.querySelector('#hand').contains(e)); }).length"""
    )
    assert covered == 0, f"{prefix}: the summary covers {covered} cards of the hand"
    st = state(page)
    assert st is not None
    if size == "phone" and st["obs"]["to_act"] == st["viewer"] and page.locator(".summary").count():
        box = first_screen(page)  # the summary shown, your hand and calls still on the first screen
        assert box["hand"] <= box["height"] + 1 and box["actions"] <= box["height"] + 1, (prefix, "summary", box)
    played = {s for s, a in st["previous_log"] if a.startswith("play ")}
    assert page.locator(".summary .summary-hand").count() >= len(played)  # every hand that was played out
    assert not raw_on_screen(page), raw_on_screen(page)
    page.locator('#sheet [data-deal="1"], #sheet .pulya-sheet').first.wait_for()
    page.locator("#sheet").scroll_into_view_if_needed()
    shoot(page, f"{prefix}-91-sheet")
    assert no_overflow(page)
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_finished_trick_stays_with_its_winner_marked_and_can_be_peeked(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser, "en", "desktop", pause=700)
    create_table(page, server, "pyatsot", "en")
    player = Player(page, "pyatsot", {})
    play_until(page, player, lambda _st: page.locator("#centre .trick.finished .played.won").count() > 0)
    won = page.locator("#centre .trick.finished .played.won")
    assert won.count() == 1  # the finished trick is still on the table, its winner marked
    assert page.locator("#centre .trick.finished .played").count() == 3
    shoot(page, "trick-finished-en")
    page.locator("#centre .trick.finished").wait_for(state="detached", timeout=5000)
    page.locator("#peek").wait_for()
    page.click("#peek")
    assert page.locator("#centre .trick .played.won").count() == 1
    assert page.get_attribute("#peek", "aria-expanded") == "true"
    page.context.close()


def test_every_action_of_every_game_has_words(browser: Any, server: ServerProcess) -> None:
    from prikup.games import GAMES, make_game

    actions = sorted({str(a) for gid in GAMES for p in (3, 4) for a in make_game(gid, players=p).all_actions()})
    actions += ["give a card", "discard a card", "keep a card"]  # what others see of a hidden card
    for lang in LOCALES:
        page = open_page(browser, lang, "desktop")
        page.goto(server.base + "/")
        page.locator("[data-game]").first.wait_for()
        said = page.evaluate(
            "async (acts) => { const w = await import('/static/js/words.js'); return acts.map((a) => w.describe(a)); }",
            actions,
        )
        for action, text in zip(actions, said, strict=True):
            assert text and "undefined" not in text and "web." not in text, (lang, action, text)
            same_word = lang == "en" and action in ("pass", "whist", "half-whist")  # the English term is the notation
            assert text != action or same_word, (lang, action, text)  # never the raw notation
            if action.startswith("play JK as "):  # the joker naming a suit: named once ("joker as ♠")
                assert text.lower().count("joker" if lang == "en" else "джокер") == 1, (lang, action, text)
        page.context.close()


def test_nothing_sticks_out_at_360_px(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser, "ru", "narrow")
    page.goto(server.base + "/")
    page.locator('[data-game="five-hundred"]').wait_for()
    assert no_overflow(page)
    create_table(page, server, "five-hundred", "ru", name="Константин Константинопольский")
    play_one_deal(page, "five-hundred", "five-hundred-ru-narrow")  # overflow is checked in every phase
    assert no_overflow(page)
    page.context.close()


def test_one_deal_by_keyboard_alone(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser, "en", "desktop")
    create_table(page, server, "preferans", "en", name="Keys")
    taken = play_one_deal(page, "preferans", "keyboard-preferans-en", keyboard=True)
    assert taken >= 2  # calls (and the cards, when the deal is played), all by keys
    page.locator(".summary").wait_for(timeout=5000)
    page.context.close()


def test_501_by_keyboard_types_the_numbers(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser, "ru", "desktop")
    create_table(page, server, "501", "ru", name="Клава")
    play_one_deal(page, "501", "keyboard-501-ru", keyboard=True)
    page.context.close()


@pytest.mark.parametrize(("lang", "size"), [("ru", "phone"), ("en", "desktop")])
def test_axe_finds_nothing_serious_on_the_lobby_a_table_and_a_replay(
    browser: Any, server: ServerProcess, lang: str, size: str
) -> None:
    # axe's rules include text contrast (4.5:1), checked at both sizes: the phone's layout differs
    page = open_page(browser, lang, size)
    page.goto(server.base + "/")
    page.locator('[data-game="preferans"]').wait_for()
    assert axe_violations(page) == []
    create_table(page, server, "preferans", lang)
    page.locator(".callgrid").wait_for()
    assert axe_violations(page) == []
    player = Player(page, "preferans", {})
    # on to the play of the cards (or the next deal, when this one is not played out)
    play_until(page, player, lambda st: st["obs"]["phase"] == "play" or st["obs"]["deal"] > 1)
    assert axe_violations(page) == []
    table_url = page.url
    page.goto(table_url + "?replay=1")
    page.wait_for_function("() => window.prikupReplay && window.prikupReplay.frames.length > 1")
    page.click("#rp-next")
    shoot(page, f"replay-{lang}-{size}")
    assert axe_violations(page) == []
    page.context.close()


def test_an_illegal_card_says_why_and_plays_nothing(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser, "ru", "desktop")
    create_table(page, server, "501", "ru")
    player = Player(page, "501", {})

    def illegal_card_in_hand(st: dict[str, Any]) -> bool:
        obs = st["obs"]
        if obs["to_act"] != st["viewer"] or obs["phase"] != "play" or not obs["trick"]:
            return False
        playable = {a.split(" ")[1] for a in obs["legal_actions"]}
        return any(c not in playable for c in obs["hand"])

    st = play_until(page, player, illegal_card_in_hand, limit=120)
    playable = {a.split(" ")[1] for a in st["obs"]["legal_actions"]}
    illegal = [c for c in st["obs"]["hand"] if c not in playable]
    page.click(f'#hand [data-card="{illegal[0]}"]')
    why = page.locator("#prompt .why")
    why.wait_for()
    assert why.inner_text().strip()
    time.sleep(0.3)
    now = state(page)
    assert now is not None and now["ply"] == st["ply"]  # nothing was played
    shoot(page, "illegal-card-ru")
    page.context.close()


def test_a_refusal_of_the_server_is_said_in_words_naming_the_player(browser: Any, server: ServerProcess) -> None:
    page = open_page(browser, "ru", "desktop")
    page.goto(server.base + "/")
    page.locator('[data-game="501"]').wait_for()
    page.click('[data-game="501"]')
    for seat in (1, 2):  # two more people, who have not come yet
        page.select_option(f'[data-seat-kind="{seat}"]', "human")
    page.fill("#your-name", "Иван")
    page.click("#create-button")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    st = state(page)
    assert st is not None
    if st["obs"]["to_act"] == 0:
        page.click('[data-action="pass"]')
        page.wait_for_function("() => window.prikup.state.obs.to_act !== 0")
    st = state(page)
    assert st is not None
    waiting_for = st["obs"]["to_act"]
    # the page offers nothing now; a stale tab (or a hand-made frame) asks anyway
    page.evaluate("() => window.prikup.conn.send({type: 'act', action: 'pass'})")
    error = page.locator("#error")
    error.wait_for()
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    text = error.inner_text()
    assert f"Игрок {waiting_for + 1}" in text and "seat" not in text, text
    shoot(page, "refusal-ru")
    page.context.close()


def test_an_illegal_action_refused_by_the_server_is_said_by_its_rule(browser: Any, server: ServerProcess) -> None:
    """The error frame's rule id and fields are said with the catalogue's words, never its English message."""
    page = open_page(browser, "ru", "desktop")
    create_table(page, server, "501", "ru")
    page.wait_for_function(
        "() => { const s = window.prikup.state; return s.obs.to_act === s.viewer && s.obs.phase === 'auction'; }",
        timeout=30000,
    )
    page.evaluate("() => window.prikup.conn.send({type: 'act', action: 'bid 5'})")  # below the lowest bid
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    text = page.locator("#error").inner_text()
    assert "заказ должен быть не меньше 66" in text and "must be" not in text, text
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()

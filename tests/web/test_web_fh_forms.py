"""Five Hundred's forms for two and three as a player sees them in Debian's Chromium (a real
server, a deal against bots, a desktop and a 390x844 phone): the end-of-deal summary lists every
hand, the dummies' too, with the deal's sentence above its buttons and inside its box; the drawing
form's story tells each draw as a draw (the opponent's without its cards), in English and Russian,
and shows the cards you set aside; the kitty's count while the table cards are given to it, and
the dead cards' count, on the felt.

Each look reads the page's state and its DOM in one ``wait_for_function``: the bots move between
two separate reads."""

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
)

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)

browser = pytest.fixture(scope="module", name="browser")(launch_browser)
server = pytest.fixture(scope="module", name="server")(plain_server)

PRESETS = {
    "two_handed": {"players": 2, "form": "dummies"},
    "two_drawing": {"players": 2, "form": "drawing"},
    "two_table_cards": {"players": 2, "form": "table_cards"},
    "three_dead_hand": {"players": 3, "form": "dead_hand"},
}
PRESETS_ALL = {
    **PRESETS,
    "five_handed": {"players": 5},
    "american": {"auction": "one_round", "double_misere": True, "nullo_pass": True},
}


def _open(browser: Any, server: ServerProcess, preset: str, size: str, lang: str = "en") -> Any:
    width, height = SIZES[size]
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height}, has_touch=size == "phone")
    # no pause on a finished trick; the summary stays until the next deal is asked for
    ctx.add_init_script(
        "localStorage.setItem('prikup.trickPause', '0'); localStorage.setItem('prikup.autoNext', '600');"
        f"localStorage.setItem('prikup.lang', '{lang}')"
    )
    page = ctx.new_page()
    return open_preset_table(page, server, preset)


def _look(page: Any, script: str, timeout: float = 15_000) -> dict[str, Any]:
    """What ``script`` reads from the page once it returns something (state and DOM in one go)."""
    value = page.wait_for_function(script, timeout=timeout).json_value()
    assert isinstance(value, dict)
    return value


SUMMARY = """() => {
  const box = document.querySelector('#felt .summary[data-summary="1"]');
  if (!box) return null;
  const rect = (e) => { const b = e.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom}; };
  const hands = {};
  for (const h of box.querySelectorAll('.summary-hand[data-hand]'))
    hands[h.dataset.hand] = {label: h.querySelector('.label').textContent,
                             cards: h.querySelector('.sr-only').textContent.split(', ')};
  const seats = [...document.querySelectorAll('#felt .seat')].map(rect);
  // the player across: his dummy's piles, one row of them or not
  const across = [...document.querySelectorAll('#felt .seat[data-dir="top"] .dummy .pile')].map(rect);
  return {hands, box: rect(box), border: box.clientTop, scroll: box.scrollTop, across,
          sentence: rect(box.querySelector(':scope > p')), buttons: rect(box.querySelector(':scope > .row')), seats};
}"""


def _inside(inner: dict[str, float], outer: dict[str, float], border: float) -> bool:
    return inner["t"] >= outer["t"] + border - 0.5 and inner["b"] <= outer["b"] - border + 0.5


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["r"] <= b["l"] + 1 or b["r"] <= a["l"] + 1 or a["b"] <= b["t"] + 1 or b["b"] <= a["t"] + 1


@pytest.mark.parametrize("size", list(SIZES))
def test_the_summary_lists_every_hand_the_dummies_too_and_its_sentence_is_in_sight(
    browser: Any, server: ServerProcess, size: str
) -> None:
    page = _open(browser, server, "two_handed", size)
    player = Player(page, "five-hundred", PRESETS["two_handed"], eager=True)
    play_until(page, player, lambda s: s["obs"]["deal"] > 1 or s["finished"], limit=120)
    seen = _look(page, SUMMARY)
    shoot(page, f"fh-forms-two-handed-summary-{size}")
    hands = seen["hands"]
    # both players' hands and both dummies', ten cards each, every card once
    assert sorted(hands) == ["0", "1", "2", "3"], hands
    assert all(len(h["cards"]) == 10 for h in hands.values()), hands
    assert len({c for h in hands.values() for c in h["cards"]}) == 40
    assert hands["2"]["label"] == "Ivan's dummy" and hands["3"]["label"].endswith("'s dummy")
    # the deal's sentence lies whole inside the box (not under its edge), above the buttons
    assert seen["scroll"] == 0
    assert _inside(seen["sentence"], seen["box"], seen["border"]), seen
    assert seen["sentence"]["b"] <= seen["buttons"]["t"] + 1, seen
    if size == "phone":  # the box has its own row on a phone: no seat plate under it
        assert all(_apart(seat, seen["box"]) for seat in seen["seats"]), seen
    # the dummy across lies in one row, on a phone too (its player's plate has the whole width)
    assert len(seen["across"]) == 5 and len({round(p["t"]) for p in seen["across"]}) == 1, seen["across"]
    page.context.close()


DRAWS = """() => {
  const st = window.prikup.state;
  if (!st || st.obs.phase === 'draw') return null;
  return {log: st.log, viewer: st.viewer, set_aside: st.obs.set_aside, phase: st.obs.phase,
          items: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
          shown_aside: [...document.querySelectorAll('#centre .set-aside [data-card]')].map((e) => e.dataset.card)};
}"""

DRAW_WORDS = {
    "en": ("and keeps it", "and sets it aside", "draws two cards and keeps one", "of the talon"),
    "ru": ("и оставляет её", "и сбрасывает её", "тянет две карты, одну оставляет", "карту прикупа"),
}


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("ru", "phone")])
def test_the_drawing_forms_draws_are_told_as_draws(browser: Any, server: ServerProcess, lang: str, size: str) -> None:
    page = _open(browser, server, "two_drawing", size, lang)
    player = Player(page, "five-hundred", PRESETS["two_drawing"])
    play_until(page, player, lambda s: s["obs"]["phase"] != "draw", limit=60)
    seen = _look(page, DRAWS)
    shoot(page, f"fh-forms-drawing-{lang}-{size}")
    kept, aside, hidden, wrong = DRAW_WORDS[lang]
    draws = [(s, a, text) for (s, a), text in zip(seen["log"], seen["items"], strict=True)][:20]
    assert all(a.split(" ")[0] in ("keep", "discard") for _, a, _ in draws), draws
    for seat, action, text in draws:
        if seat == seen["viewer"]:  # your draw: the card you saw and what became of it
            verb, card = action.split(" ")
            assert (kept if verb == "keep" else aside) in text, (action, text)
            mark = ("joker" if lang == "en" else "джокер") if card.startswith("JK") else "♠♣♦♥"["SCDH".index(card[-1])]
            assert text.count(mark) == 1, text  # the card drawn is named
        else:  # the other's: neither card named
            assert text.endswith(hidden), (action, text)
    assert not any(wrong in text for text in seen["items"]), seen["items"]
    # the ten cards you set aside lie on the felt until the play
    if seen["phase"] != "play":
        assert sorted(seen["shown_aside"]) == sorted(seen["set_aside"]) and len(seen["set_aside"]) == 10
    page.context.close()


KITTY = """(phase) => {
  const st = window.prikup.state;
  if (!st || st.obs.phase !== phase) return null;
  const kitty = document.querySelector('#centre .talon[data-kitty]');
  const dead = document.querySelector('#centre .talon.dead');
  const felt = document.querySelector('#felt'), f = felt.getBoundingClientRect();
  const table = [...document.querySelectorAll('#centre .table-cards > *')].map((e) => e.getBoundingClientRect());
  return {log: st.log, obs: {kitty_size: st.obs.kitty_size, dead_size: st.obs.dead_size, active: st.obs.active},
          kitty: kitty && {n: +kitty.dataset.kitty, cards: kitty.querySelectorAll('.card').length,
                           label: kitty.textContent},
          dead: dead && {n: +dead.dataset.dead, label: dead.textContent},
          items: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
          inner: [f.left + felt.clientLeft, f.left + felt.clientLeft + felt.clientWidth],
          table: table.length ? [Math.min(...table.map((b) => b.left)), Math.max(...table.map((b) => b.right))] : null};
}"""


def _kitty(page: Any, phase: str) -> dict[str, Any]:
    value = page.wait_for_function(KITTY, arg=phase, timeout=15_000).json_value()
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize(("preset", "size"), [("two_table_cards", "phone"), ("three_dead_hand", "desktop")])
def test_the_kitty_and_the_dead_cards_are_counted_on_the_felt(
    browser: Any, server: ServerProcess, preset: str, size: str
) -> None:
    page = _open(browser, server, preset, size)
    player = Player(page, "five-hundred", PRESETS[preset])
    if preset == "two_table_cards":
        # the kitty being made: its three cards dealt and a table card from each player in turn
        play_until(page, player, lambda s: s["obs"]["phase"] == "pick" and s["obs"]["to_act"] == s["viewer"])
        seen = _kitty(page, "pick")
        shoot(page, f"fh-forms-table-cards-pick-{size}")
        given = [a for _, a in seen["log"] if a.startswith("give ")]
        assert seen["kitty"]["n"] == 3 + len(given) == seen["kitty"]["cards"], seen
        assert f"Kitty ({3 + len(given)})" in seen["kitty"]["label"]
        assert all(text.endswith("to the kitty") for text in seen["items"]), seen["items"]
        assert seen["dead"]["n"] == seen["obs"]["dead_size"] == 21 and "Dead cards: 21" in seen["dead"]["label"]
        # the table cards and their label lie on the felt, on a phone too
        assert seen["inner"][0] <= seen["table"][0] and seen["table"][1] <= seen["inner"][1], seen
        play_until(page, player, lambda s: s["obs"]["phase"] != "pick")
        seen = _kitty(page, "auction")
        assert seen["kitty"]["n"] == seen["obs"]["kitty_size"] == 5 == seen["kitty"]["cards"], seen
    else:
        seen = _kitty(page, "auction")
        shoot(page, f"fh-forms-dead-hand-{size}")
        assert seen["kitty"]["n"] == 3 == seen["kitty"]["cards"] and "Kitty (3)" in seen["kitty"]["label"]
        assert seen["dead"]["n"] == 10 and "Dead hand: 10 cards" in seen["dead"]["label"], seen
    page.context.close()


LONG_HAND = """() => {
  const st = window.prikup.state;
  if (!st || st.obs.phase !== 'discard' || st.obs.to_act !== st.viewer) return null;
  const felt = document.querySelector('#felt'), f = felt.getBoundingClientRect();
  const cards = [...document.querySelectorAll('#hand .card')].map((e) => e.getBoundingClientRect());
  const left = f.left + felt.clientLeft;
  return {n: cards.length, held: st.obs.hand.length, inner: [left, left + felt.clientWidth],
          span: [Math.min(...cards.map((b) => b.left)), Math.max(...cards.map((b) => b.right))]};
}"""


def test_a_contractors_long_hand_stays_on_the_felt(browser: Any, server: ServerProcess) -> None:
    # the French-Canadian kitty of six: the contractor holds 16 cards before his discards (the
    # auction is the bots' too: a table where another wins it is left for a new one)
    for _ in range(3):
        page = _open(browser, server, "french_canadian", "desktop")
        player = Player(
            page,
            "five-hundred",
            {"deck": "46", "table": "french_canadian", "goal": 1000, "failed_to_other": True, "no_negative": True},
        )
        player.prefer = ["bid 10NT"]
        st = play_until(page, player, lambda s: s["obs"]["phase"] in ("discard", "play") or s["obs"]["deal"] > 1)
        if st["obs"]["phase"] == "discard" and st["obs"]["to_act"] == st["viewer"]:
            break
        page.context.close()
    else:
        raise AssertionError("three tables in a row where the player never took the kitty")
    seen = _look(page, LONG_HAND)
    shoot(page, "fh-forms-long-hand-desktop")
    assert seen["n"] == seen["held"] == 16, seen
    assert seen["inner"][0] <= seen["span"][0] and seen["span"][1] <= seen["inner"][1], seen
    # in the play the contract line names the game once: no "trump: no-trump" after "10 no-trump"
    play_until(page, player, lambda s: s["obs"]["phase"] == "play" and s["obs"]["trump"] == "NT")
    line = _look(
        page,
        """() => { const st = window.prikup.state;
                   return st.obs.phase === 'play' ? {text: document.querySelector('#centre .contract-line').textContent}
                                                  : null; }""",
    )["text"]
    assert "10 no-trump" in line and line.lower().count("trump") == 1, line
    page.context.close()


def _win_the_auction(browser: Any, server: ServerProcess, preset: str, bid: str, phase: str) -> tuple[Any, Player]:
    """A table of ``preset`` where the player's ``bid`` won and ``phase`` is his to act in (the
    auction is the bots' too: a table where another wins it is left for a new one)."""
    for _ in range(3):
        page = _open(browser, server, preset, "desktop")
        player = Player(page, "five-hundred", dict(PRESETS_ALL[preset]))
        player.prefer = [bid]
        st = play_until(page, player, lambda s: s["obs"]["declarer"] is not None or s["obs"]["deal"] > 1)
        if st["obs"]["declarer"] == st["viewer"] and st["obs"]["deal"] == 1:
            play_until(page, player, lambda s: s["obs"]["phase"] == phase and s["obs"]["to_act"] == s["viewer"])
            return page, player
        page.context.close()
    raise AssertionError(f"three {preset} tables in a row where the player's {bid} did not win")


def test_the_kitty_cards_you_discarded_are_not_shown_as_the_kitty(browser: Any, server: ServerProcess) -> None:
    # five players: after the discards the contractor calls his partner card, the felt in sight
    page, player = _win_the_auction(browser, server, "five_handed", "bid 10NT", "discard")
    st = play_until(page, player, lambda s: s["obs"]["phase"] == "discard")
    player.prefer = [f"discard {c}" for c in st["obs"]["talon"]]  # a kitty card among the discards
    play_until(page, player, lambda s: s["obs"]["phase"] == "partner" and s["obs"]["to_act"] == s["viewer"])
    seen = _look(
        page,
        """() => { const st = window.prikup.state;
                   if (st.obs.phase !== 'partner') return null;
                   return {discards: st.obs.discards, talon: st.obs.talon,
                           kitty: [...document.querySelectorAll('#centre .talon [data-card]')]
                                    .map((e) => e.dataset.card)}; }""",
    )
    assert set(seen["discards"]) & set(seen["talon"]), seen  # a kitty card was discarded
    assert not set(seen["kitty"]) & set(seen["discards"]), seen
    page.context.close()


def test_the_double_miseres_pass_goes_to_the_partner_in_the_story(browser: Any, server: ServerProcess) -> None:
    # the American preset: the double misère's bidder takes the kitty and passes as many cards to his partner
    page, player = _win_the_auction(browser, server, "american", "bid DMIS", "give")
    play_until(page, player, lambda s: s["obs"]["phase"] != "give")
    seen = _look(
        page,
        """() => { const st = window.prikup.state;
                   return {viewer: st.viewer, seats: st.seats.map((s) => s.name), log: st.log,
                           items: [...document.querySelectorAll('#log li')].map((li) => li.textContent)}; }""",
    )
    gives = [
        text for (seat, action), text in zip(seen["log"], seen["items"], strict=True) if action.startswith("give ")
    ]
    assert len(gives) == 3, seen
    partner = (seen["viewer"] + 2) % 4
    assert all(text.endswith(f"to Bot {partner + 1}") for text in gives), gives
    page.context.close()

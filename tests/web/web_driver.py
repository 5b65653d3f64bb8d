"""Helpers of the browser tests: a real server, Debian's Chromium, and a player who uses the page.

The player decides with the heuristic bot from what the page was sent (``window.prikup.state``,
the state it shows) and then acts the way a person does: clicks a card, a call in the bidding
box, types a number, chooses cards then confirms — or, in keyboard mode, only presses keys.
"""

from __future__ import annotations

import re
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from prikup.bots import make_bot
from prikup.core.actions import parse_action
from prikup.games import make_game, observation_from_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from srv_helpers import ServerProcess

__all__ = [
    "ARGS",
    "CHROMIUM",
    "SCREENSHOTS",
    "Player",
    "ServerProcess",
    "axe_violations",
    "launch_browser",
    "no_overflow",
    "plain_server",
    "play_until",
    "shoot",
    "state",
    "wait_for_change",
]

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
CARD_VERBS = {"play", "give", "keep", "discard"}
CARD = re.compile(r"^(?:(?:[2-9TJQKA]|1[123])[SCDH]|JK[12]?)$")  # the six-handed deck has 11s, 12s, 13s


def state(page: Any) -> dict[str, Any] | None:
    """The state frame the page shows now."""
    value = page.evaluate("() => window.prikup && window.prikup.state")
    return value if isinstance(value, dict) else None


def shoot(page: Any, name: str, *, full_page: bool = False) -> None:
    """Save what ``page`` shows as ``screenshots/<name>.png``, for a person to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def no_overflow(page: Any) -> bool:
    """True when nothing sticks out sideways."""
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("() => !!window.axe"):
        # evaluated by the driver: a <script> tag with it inline would be refused by the page's CSP
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;void 0")
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def discards_needed(obs: dict[str, Any]) -> int:
    if obs["game"] == "five-hundred":
        return max(1, int(obs.get("discards_left") or 1))
    if obs["game"] == "preferans":
        return max(1, 2 - len(obs.get("discards") or []))
    return 1


class Player:
    """One page's player: decides with the heuristic bot, acts through the page."""

    def __init__(
        self, page: Any, game: str, options: dict[str, Any], *, keyboard: bool = False, eager: bool = False
    ) -> None:
        self.page = page
        self.game = make_game(game, **options)
        self.brain = make_bot("heuristic", self.game, 7)
        self.keyboard = keyboard
        self.eager = eager  # open the bidding with the lowest bid once a deal, to reach the declarer's phases
        self.bid_in_deal: int | None = None
        self.prefer: list[str] = []  # calls taken whenever legal, before the bot's choice
        self.last = ""  # the action chosen last (said when the page does not take it)

    # -- acting like a person ---------------------------------------------------------------
    def click(self, selector: str) -> None:
        if self.keyboard:
            self.focus(selector)
            self.page.keyboard.press("Enter")
        else:
            self.page.locator(selector).first.click()

    def fill(self, selector: str, value: str) -> None:
        if self.keyboard:
            self.focus(selector)
            self.page.keyboard.press("Control+A")
            self.page.keyboard.type(value)
        else:
            self.page.locator(selector).first.fill(value)

    def focus(self, selector: str, limit: int = 250) -> None:
        """Move the focus to ``selector`` with Tab (and the arrow keys inside the hand)."""
        page = self.page
        for _ in range(limit):
            where = page.evaluate(
                """(sel) => {
                  const a = document.activeElement, t = document.querySelector(sel);
                  if (!t) return 'missing';
                  if (a === t) return 'there';
                  const hand = document.querySelector('#hand');
                  if (hand.contains(a) && hand.contains(t)) {
                    const cards = [...hand.querySelectorAll('.card')];
                    return cards.indexOf(t) > cards.indexOf(a) ? 'right' : 'left';
                  }
                  return 'tab';
                }""",
                selector,
            )
            if where == "there":
                return
            if where == "missing":
                raise AssertionError(f"nothing on the page matches {selector}")
            page.keyboard.press({"right": "ArrowRight", "left": "ArrowLeft", "tab": "Tab"}[where])
        raise AssertionError(f"the keyboard never reached {selector}")

    def act(self, st: dict[str, Any]) -> int:
        """Choose an action for the seat to act and take it through the page; returns how many
        actions that sends (cards chosen together for a discard go one after another)."""
        obs = st["obs"]
        legal = obs["legal_actions"]
        action = str(self.brain.choose(observation_from_json(obs), [parse_action(t) for t in legal]))
        preferred = [a for a in self.prefer if a in legal]
        if preferred:
            action = preferred[0]
        bids = [a for a in legal if a.startswith("bid ")]
        if self.eager and action in ("pass", "look") and bids and self.bid_in_deal != obs["deal"]:
            action = bids[0]
        if action.startswith("bid "):
            self.bid_in_deal = obs["deal"]
        self.last = action
        words = action.split(" ")
        verb = words[0]
        if obs.get("drawn") and verb in ("keep", "discard"):  # Five Hundred's drawing: a button a draw
            self.click(f'#actions [data-action="{action}"]')
            return 1
        if verb in CARD_VERBS and len(words) > 1 and CARD.match(words[1]):
            card = words[1]
            where = f'#hand [data-card="{card}"]' if card in (obs.get("hand") or []) else f'.talon [data-card="{card}"]'
            if verb == "play" and card not in (obs.get("hand") or []):  # a lying partner's card, played for him
                where = f'#hand [data-card="{card}"], .open-cards button[data-card="{card}"]'
            if verb == "play":
                suffix = " ".join(words[2:])
                if suffix and self.page.locator(f'[data-variant="{suffix}"]').count():
                    self.click(f'[data-variant="{suffix}"]')
                    self.click(where)
                elif suffix:
                    self.click(where)
                    self.click(f'.chooser [data-action="{action}"]')
                else:
                    self.click(where)
                return 1
            need = discards_needed(obs) if verb == "discard" else 1
            chosen = [card, *[a.split(" ")[1] for a in legal if a.startswith(verb + " ") and a != action][: need - 1]]
            for c in chosen:
                sel = f'#hand [data-card="{c}"]' if c in (obs.get("hand") or []) else f'.talon [data-card="{c}"]'
                self.click(sel)
            self.click("#confirm")
            return len(chosen)
        if verb == "bid" and words[1].endswith("-WT"):
            toggle = self.page.locator('[data-toggle="WT"]')
            if toggle.get_attribute("aria-pressed") != "true":
                self.click('[data-toggle="WT"]')
        direct = self.page.locator(f'[data-action="{action}"]:not([disabled])')
        if direct.count():
            self.click(f'[data-action="{action}"]:not([disabled])')
            return 1
        if verb in ("bid", "contract") and words[1].isdigit():
            entry = verb
            if len(words) == 3:  # 501: trumps, then the value
                self.click(f'[data-trump="{words[2]}"]')
            self.fill(f'[data-entry="{entry}"]', words[1])
            if self.keyboard:
                self.page.keyboard.press("Enter")
            else:
                self.page.locator(f'[data-entry-go="{entry}"]').click()
            return 1
        raise AssertionError(f"the page offers no control for {action!r}")

    # -- what must hold whenever the page shows a state --------------------------------------
    def check(self, st: dict[str, Any]) -> None:
        """Cards only play cards; the page's hand is the seat's hand; no card is shown twice."""
        page = self.page
        bound = page.eval_on_selector_all(
            "#hand [data-action], #hand [data-card]",
            "els => els.map(e => (e.dataset.action || '') + '|' + (e.dataset.card || ''))",
        )
        for b in bound:
            action = b.split("|")[0]
            assert not action or action.split(" ")[0] in CARD_VERBS, f"a hand card carries {action!r}"
        shown, hand = page.evaluate(
            """() => [[...document.querySelectorAll('#hand .card[data-card]')].map(e => e.dataset.card),
                      window.prikup.state.obs.hand]"""
        )
        partner = st["obs"].get("hand_to_play")
        if partner is not None and partner != st["viewer"] and shown != hand:
            # a phone shows the lying partner's cards in front of the lone whister who plays them
            hand = st["obs"]["hands_seen"][str(partner)]
        if hand is not None:
            assert shown == hand, (shown, hand)
        # a card taken from the talon is in the hand (marked), not shown twice
        twice = page.evaluate(
            """() => [...document.querySelectorAll('#centre .talon [data-card]')].map((e) => e.dataset.card)
                 .filter((c) => document.querySelector(`#hand [data-card="${c}"]`))"""
        )
        assert not twice, f"shown in the talon and in the hand: {twice}"
        # ... nor in the talon once given away
        given = {g["card"] for g in st["obs"].get("gifts") or [] if g.get("card")}
        lying = page.eval_on_selector_all("#centre .talon [data-card]", "els => els.map((e) => e.dataset.card)")
        assert not given & set(lying), f"given away and still in the talon: {given & set(lying)}"
        # the story of the deal names who received each gift, as the rules sent it
        told = page.eval_on_selector_all("#log li[data-to]", "els => els.map((e) => +e.dataset.to)")
        assert told == [g["to"] for g in st["obs"].get("gifts") or []], (told, st["obs"].get("gifts"))


#: An init script counting the page's socket openings and closings and remembering its last
#: clicks and the last frame it sent (what a test says when the page does not move on).
WATCH_SOCKET = """
window.__clicks = [];
document.addEventListener('click', (e) => {
  const b = e.target.closest('button, input') || e.target;
  window.__clicks.push([b.tagName, b.id, b.dataset && (b.dataset.action || b.dataset.entryGo), b.disabled, Date.now()]);
}, true);
window.__ws = { open: 0, close: 0, last: null };
const PageSocket = window.WebSocket;
window.WebSocket = function (...args) {
  const ws = new PageSocket(...args);
  ws.addEventListener('open', () => window.__ws.open++);
  ws.addEventListener('close', () => window.__ws.close++);
  const send = ws.send.bind(ws);
  ws.send = (data) => { window.__ws.last = String(data).slice(0, 80); return send(data); };
  return ws;
};
"""

#: the two screens every page test looks at: a desktop and a phone (width, height)
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def launch_browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def plain_server(tmp_path_factory: Any) -> Iterator[ServerProcess]:
    """A server on SQLite whose bots answer at once (a module's ``server`` fixture)."""
    folder = tmp_path_factory.mktemp("web")
    proc = ServerProcess(f"sqlite:///{folder / 'web.sqlite3'}", bot_delay=0.0).start()
    yield proc
    proc.stop()


def play_until(page: Any, player: Player, until: Callable[[dict[str, Any]], bool], limit: float = 60) -> dict[str, Any]:
    """Let ``player`` act on ``page`` until ``until(state)`` holds; returns that state."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        st = state(page)
        assert st is not None
        if until(st):
            return st
        obs = st["obs"]
        if obs["to_act"] == st["viewer"] and obs.get("legal_actions") and not st["finished"]:
            sent = player.act(st)
            try:
                wait_for_change(page, st["ply"] + sent)
            except AssertionError as exc:
                again = state(page)
                if again is None or again["ply"] != st["ply"] or again["obs"]["to_act"] != st["viewer"]:
                    raise AssertionError(f"{exc}; the player chose {player.last!r}") from None
                # the page still waits for the same action: the click did not reach the page (a
                # person clicks again); said as a warning, and a second miss fails
                warnings.warn(f"a click did not register, acted again: {exc}", stacklevel=2)
                sent = player.act(again)
                try:
                    wait_for_change(page, st["ply"] + sent)
                except AssertionError as exc2:
                    raise AssertionError(f"{exc2}; the player chose {player.last!r} twice") from None
        else:
            time.sleep(0.02)
    last = state(page) or {}
    seen = {k: (last.get("obs") or {}).get(k) for k in ("deal", "phase", "to_act", "legal_actions")}
    raise AssertionError(f"the page never reached the state looked for; it shows {seen}")


def wait_for_change(page: Any, ply: int, timeout: float = 15.0) -> None:
    """Wait until the page shows a state at ``ply`` or later; if it never does, says what the page
    shows instead (its ply, whose turn, its error line, the frames it has not shown yet)."""
    from playwright.sync_api import TimeoutError as PageTimeout

    try:
        page.wait_for_function(f"() => window.prikup.state && window.prikup.state.ply >= {ply}", timeout=timeout * 1000)
    except PageTimeout:
        seen = page.evaluate(
            """() => { const T = window.prikup, o = (T.state && T.state.obs) || {};
                 return { ply: T.state && T.state.ply, to_act: o.to_act, phase: o.phase,
                          legal: o.legal_actions, queued: (T.queue || []).length, busy: T.busy,
                          pending: T.pending, error: (document.querySelector('#error') || {}).textContent,
                          clicks: (window.__clicks || []).slice(-4), ws: window.__ws, now: Date.now() }; }"""
        )
        raise AssertionError(f"the page never reached ply {ply} in {timeout:g} s; it shows {seen}") from None


def open_preset_table(page: Any, server: ServerProcess, preset: str) -> Any:
    """From the lobby, a new Five Hundred table of ``preset`` opened by "Ivan"; the page once it
    shows the table's state."""
    page.goto(server.base + "/")
    page.locator('[data-game="five-hundred"]').wait_for()
    page.click('[data-game="five-hundred"]')
    page.click(f'[data-preset="{preset}"]')
    page.fill("#your-name", "Ivan")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    return page


def open_table_by_page(page: Any, body: dict[str, Any]) -> Any:
    """A new table made by the page's own ``openNewTable`` with ``body`` (what the lobby posts; a
    test server lets it choose the seed), the page once it shows the table's state.  The call is
    started and not awaited inside ``evaluate``: it ends by navigating to the table, which would
    destroy the evaluation's context before its result came back on a loaded machine."""
    page.evaluate(
        """(body) => {
             import('/static/js/net.js').then((net) => net.openNewTable(body));
           }""",
        body,
    )
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => window.prikup && window.prikup.state")
    return page

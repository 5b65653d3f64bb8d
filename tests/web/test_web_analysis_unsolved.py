"""The deal analysis panel at a table of five or six: the cards the analysis does not solve (played
with more than seven cards in hand) are marked "not solved" with no loss and no grade, the legend
says why, and the par says from which trick it is counted — drawn by the page's own panel
(``analysis.js``) in Debian's Chromium from the JSON the analysis model writes."""

from __future__ import annotations

import json
import os
import shutil
from typing import Any

import pytest
from web_driver import SIZES, ServerProcess, launch_browser, plain_server

from prikup.analysis.model import DealAnalysis, Decision, Par, SeatSummary

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("CI"), reason="Debian's chromium is not installed"
)

browser = pytest.fixture(scope="module", name="browser")(launch_browser)
server = pytest.fixture(scope="module", name="server")(plain_server)


def _analysis() -> dict[str, Any]:
    """A six-handed deal's analysis as the model writes it: one card not solved (the heuristic
    would have played another), one solved card with a loss."""
    unsolved = Decision(
        number=0,
        seat=1,
        phase="play",
        taken="play 9H",
        best="play AS",
        estimates=(("play AS", 0.0), ("play 9H", 0.0)),
        open_hand=None,
        loss=0.0,
        loss_open=None,
        grade="good",
        unsolved=True,
    )
    solved = Decision(
        number=1,
        seat=2,
        phase="play",
        taken="play 2C",
        best="play KC",
        estimates=(("play KC", 40.0), ("play 2C", -30.0)),
        open_hand=(("play KC", 6), ("play 2C", 5)),
        loss=70.0,
        loss_open=1.0,
        grade="mistake",
    )
    seats = tuple(SeatSummary(s, 70.0 if s == 2 else 0.0, (1,) if s == 2 else ()) for s in range(6))
    return DealAnalysis("five-hundred", 1, Par(6, None, from_trick=4), (unsolved, solved), seats).to_json()


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("ru", "phone")])
def test_cards_not_solved_at_six_are_marked_so_with_no_loss_and_the_par_says_its_first_trick(
    browser: Any, server: ServerProcess, lang: str, size: str
) -> None:
    """An unsolved card shows "not solved" (not "good"), no loss, the reason in the legend and
    when opened; a solved card keeps its grade and loss; the par names the trick it starts at."""
    width, height = SIZES[size]
    locale = "ru-RU" if lang == "ru" else "en-US"
    page = browser.new_context(locale=locale, viewport={"width": width, "height": height}).new_page()
    page.goto(server.base + "/")
    page.locator("[data-game]").first.wait_for()
    seen = page.evaluate(
        """async (data) => {
          const { AnalysisView } = await import('/static/js/analysis.js');
          const box = document.createElement('section');
          box.id = 'probe-analysis';
          document.querySelector('main').append(box);
          const seats = [0, 1, 2, 3, 4, 5].map((i) => ({ name: 'P' + (i + 1) }));
          const view = new AnalysisView(box, { send: () => true, seats: () => seats });
          view.ask(1);
          view.onFrame({ type: 'analysis', deal: 1, analysis: data, source: 'computed' });
          const row = (n) => box.querySelector(`[data-decision="${n}"]`);
          const before = { grade0: row(0).dataset.grade, text0: row(0).textContent,
                           loss0: row(0).querySelector('.loss').textContent,
                           grade1: row(1).dataset.grade, loss1: row(1).querySelector('.loss').textContent,
                           legend: box.querySelector('[data-legend-unsolved]')?.textContent || '',
                           par: box.querySelector('.par').textContent };
          row(0).querySelector('button.decision').click();
          before.opened = row(0).querySelector('.decision-detail')?.textContent || '';
          return before;
        }""",
        json.loads(json.dumps(_analysis())),
    )
    not_solved = "не решено" if lang == "ru" else "not solved"
    assert seen["grade0"] == "unsolved"
    assert not_solved in seen["text0"] and ("хорошо" if lang == "ru" else "good") not in seen["text0"]
    assert seen["loss0"] == ""
    assert seen["grade1"] == "mistake" and "70" in seen["loss1"]
    assert ("семи карт" if lang == "ru" else "seven cards") in seen["legend"]
    assert ("взятки 4" if lang == "ru" else "trick 4") in seen["par"]
    assert ("семи карт" if lang == "ru" else "seven cards") in seen["opened"]
    assert ("Т♠" if lang == "ru" else "A♠") in seen["opened"]

"""The pimc bot in the presets that offer Hi/Lo (Ideal, Australian): it plays a Hi/Lo contract
itself, by sampling and the open-hand solver's exact-target search."""

from __future__ import annotations

from fh_helpers import deal, run
from test_fh_rules import DEAL_D, KITTY_D

from prikup.bots import make_bot


def test_pimc_plays_a_hi_lo_contract() -> None:
    s = deal(DEAL_D, KITTY_D, hi_lo=True)
    run(s, "bid HILO", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D")
    bot = make_bot("pimc:samples=2", s.game, seed=1)
    for _ in range(4):  # the first trick, every seat
        seat = s.to_act
        assert seat is not None
        action = bot.act(s, seat)
        assert action in s.legal_actions()
        s.apply(action)
    assert len(s.tricks) == 1
    assert bot.play_decisions > 0  # decided by sampling and solving, not handed to the heuristic

"""Rule-clause tests of the French-Canadian variant ``kitty_up``: the last card dealt to the kitty
lies face up, every seat and a watcher see it the whole deal, and no other kitty card; off by
default; drawn by the terminal; a seeded property test with it on."""

from __future__ import annotations

import random

import pytest
from fh_helpers import DEAL_A, KITTY_A, deal, game, run
from test_fh_properties import cards_in, check_cards_and_sight

from prikup.cli.view_five_hundred import VIEW
from prikup.games.five_hundred import StateFiveHundred
from prikup.games.obs_five_hundred import ObsFiveHundred


def test_kitty_up_the_last_card_dealt_to_the_kitty_is_seen_by_every_seat() -> None:
    s = deal(DEAL_A, KITTY_A, kitty_up=True)
    last = s.deals[-1].talon[-1]
    for seat in (None, 0, 1, 2, 3):
        obs = s.observation(seat)
        assert obs.kitty_shown == last
        assert obs.to_json()["kitty_shown"] == str(last)
    deck = {str(c) for c in s.game.deck()}
    others = {str(c) for c in s.deals[-1].talon[:-1]}
    assert not others & cards_in(s.observation(1).to_json(), deck)  # only that one kitty card


def test_kitty_up_stays_shown_after_the_kitty_is_taken() -> None:
    s = deal(DEAL_A, KITTY_A, kitty_up=True)
    last = s.deals[-1].talon[-1]
    run(s, "bid 7S", "pass", "pass", "pass")
    assert s.observation(2).kitty_shown == last


def test_kitty_up_off_by_default_shows_nothing() -> None:
    s = deal(DEAL_A, KITTY_A)
    assert s.observation(1).kitty_shown is None and "kitty_shown" not in s.observation(1).to_json()


def test_kitty_up_observation_reads_back_from_json() -> None:
    s = deal(DEAL_A, KITTY_A, kitty_up=True)
    obs = s.observation(1)
    back = ObsFiveHundred.from_json(obs.to_json())
    assert back.kitty_shown == obs.kitty_shown


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_kitty_up_the_terminal_shows_the_card(lang: str) -> None:
    s = deal(DEAL_A, KITTY_A, kitty_up=True)
    lines = VIEW.status(s.observation(1), None, lang)
    want = "Kitty card face up" if lang == "en" else "Открытая карта прикупа"
    assert any(want in x for x in lines), lines


@pytest.mark.parametrize("seed", range(4))
def test_random_matches_with_kitty_up_keep_every_invariant(seed: int) -> None:
    g = game(kitty_up=True, deck="46", table="french_canadian", goal=1000, failed_to_other=True, no_negative=True)
    rng = random.Random(seed)
    state = g.new_match(seed)
    assert isinstance(state, StateFiveHundred)
    while not state.is_over and len(state.deals) <= 6:
        check_cards_and_sight(state)
        if state.in_deal:
            assert state.observation(None).kitty_shown == state.deals[-1].talon[-1]
        state.apply(rng.choice(state.legal_actions()))

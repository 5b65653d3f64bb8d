"""The bots in the forms of 2 players and the dead hand: every bot's every action legal; the
heuristic counts its dummy's face-up cards when it bids and plays the dummy's cards with its
own side in mind; pimc samples the hidden cards (its sampler finds consistent deals: no fallback
to the heuristic), in the drawing form too; the open-hand solver plays a dummy's face-up cards
only."""

from __future__ import annotations

import random

import pytest
from fh_forms import form_deal
from test_fh_forms import DUMMY_DEAL, DUMMY_KITTY

from prikup import make_game
from prikup.bots import make_bot
from prikup.bots.heuristic500 import Heuristic500
from prikup.bots.pimc import PimcBot
from prikup.core.resample import Resampler
from prikup.games.five_hundred import StateFiveHundred
from prikup.games.presets import PRESETS
from prikup.solver import best_play, play_out

FORM_PRESETS = ["two_handed", "two_dead_hand", "two_table_cards", "two_drawing", "three_dead_hand"]


def _deal(name: str, seed: int) -> StateFiveHundred:
    state = make_game("five-hundred", **PRESETS["five-hundred"][name]).new_match(seed=seed)
    assert isinstance(state, StateFiveHundred)
    return state


@pytest.mark.parametrize("name", FORM_PRESETS)
@pytest.mark.parametrize("kind", ["heuristic", "pimc:samples=4:decision_samples=2", "oracle"])
def test_every_bot_plays_a_deal_of_every_form_legally(name: str, kind: str) -> None:
    state = _deal(name, 3)
    g = state.game
    bots = [make_bot(kind if seat == 0 else "heuristic", g, seed=seat) for seat in range(g.players)]
    while not state.is_over and len(state.deals) == 1:
        seat = state.to_act
        assert seat is not None
        action = bots[seat].act(state, seat)
        assert state.can(action), (state.phase, action)
        state.apply(action)
    pimc = bots[0]
    if isinstance(pimc, PimcBot):
        assert pimc.resample_failures == 0


def test_the_heuristic_counts_its_dummys_face_up_cards_in_the_bidding() -> None:
    # seat 0 alone holds 6 spade tricks at most; with his dummy's face-up AS KS QS he bids
    hands = {
        0: "JK JS JC TS 9S 4D 5D 6D 7D 8D",
        2: "4H 5H 6H 7H 8H AS KS QS AD KD",
        1: "AH KH QH JH TH 9H AC KC QC JD",
        3: "TC 9C 8C 7C 6C 8S 7S 6S 5S 5C",
    }
    state = form_deal(hands, "TD 9D QD", dealer=1, players=2)
    bot = make_bot("heuristic", state.game, seed=0)
    assert isinstance(bot, Heuristic500)
    obs = state.observation(0)
    first = bot.act(state, 0)
    assert first.kind.value == "bid" and first.call is not None and first.call.endswith("S"), first
    without = bot._estimates(list(obs.hand or ()))  # type: ignore[attr-defined]
    with_dummy = bot._estimates(list(obs.hand or ()) + bot._dummy_up(obs))  # type: ignore[arg-type]
    assert with_dummy["S"] > without["S"] + 1.5


def test_the_heuristic_does_not_overtake_its_own_dummys_winning_card() -> None:
    state = form_deal(DUMMY_DEAL, DUMMY_KITTY, dealer=1, players=2)
    for a in ("bid 7S", "pass", "discard 7H", "discard 6H", "discard 5H", "play AH", "play 5D", "play 8C"):
        state.apply(a)
    state.apply("play 4H")  # AH took the first trick; QH is face up now
    state.apply("play KH")  # hand 0 leads KH
    state.apply("play 6D")
    bot = make_bot("heuristic", state.game, seed=0)
    # hand 2 (seat 0's dummy) must follow hearts with QH, its only face-up heart
    assert str(bot.act(state, 0)) == "play QH"


def test_pimc_samples_keep_the_dummys_public_cards_where_they_lie() -> None:
    state = _deal("two_handed", 7)
    rng = random.Random(1)
    while state.phase.value != "play" or len(state.tricks) < 2:
        state.apply(rng.choice(state.legal_actions()))
        if state.is_over or len(state.deals) > 1:
            pytest.skip("the deal ended before its second trick")
    seat = state.to_act
    assert seat is not None
    real = state.observation(seat).to_json()
    sampler = Resampler(state, seat)
    for _ in range(5):
        sample = sampler.sample(rng)
        assert sample.observation(seat).to_json() == real  # the seat cannot tell it apart


def test_the_open_hand_solver_plays_only_a_dummys_face_up_cards() -> None:
    state = _deal("two_handed", 11)
    rng = random.Random(2)
    while state.phase.value != "play":
        state.apply(rng.choice(state.legal_actions()))
    while state.phase.value == "play":
        assert state.can(best_play(state))
        state.apply(rng.choice(state.legal_actions()))
    state = _deal("two_handed", 12)
    while state.phase.value != "play":
        state.apply(rng.choice(state.legal_actions()))
    assert play_out(state) >= 1

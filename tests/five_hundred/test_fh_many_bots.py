"""Bots with five and six players: the heuristic calls a partner sensibly, pimc samples a secret
partner with the cards it cannot see (never the truth), pimc and the oracle finish deals of every
form through the solver with legal actions only."""

from __future__ import annotations

import random

import pytest
from fh_helpers import run
from test_fh_many import five, to_call

from prikup import make_game
from prikup.bots import make_bot
from prikup.core.resample import Resampler
from prikup.games.five_hundred_many import StateFiveHundredFive


def test_the_heuristic_calls_the_highest_trump_it_lacks() -> None:
    state = to_call(five())  # 7S: seat 0 holds JK JS JC AS KS QS TS 9S 8S 7S
    bot = make_bot("heuristic", state.game, seed=1)
    assert str(bot.act(state, 0)) == "partner 6S"  # the highest spade trump not in his hand
    nt = to_call(five(), "bid 7NT")
    assert str(make_bot("heuristic", nt.game, seed=1).act(nt, 0)) in {"partner AC", "partner AD", "partner AH"}
    plain = to_call(five(call_trumps=False))
    assert str(make_bot("heuristic", plain.game, seed=1).act(plain, 0)) in {"partner AC", "partner AD", "partner AH"}


def test_a_secret_partner_is_sampled_with_the_unseen_cards_never_read_from_the_truth() -> None:
    state = run(to_call(five(partner_call="secret")), "partner AH")
    assert state.partner_seat() == 1
    sampler = Resampler(state, 3)  # seat 3 sees neither the AH nor who holds it
    rng = random.Random(5)
    partners = set()
    for _ in range(40):
        world = sampler.sample(rng)
        assert isinstance(world, StateFiveHundredFive) and world.called == state.called
        partners.add(world.partner_seat())
    assert len(partners) >= 3  # the holder varies over the seats that could hold it
    assert 3 not in partners  # never the viewer, who can see he lacks it


@pytest.mark.parametrize(
    ("preset", "bot"),
    [
        ("five_handed_secret", "pimc:samples=4:decision_samples=2:seconds=0.5"),
        ("five_handed", "oracle"),
        ("six_handed", "pimc:samples=3:decision_samples=2:seconds=0.5:max_cards=4"),
        ("six_handed_cutthroat", "pimc:samples=3:decision_samples=2:seconds=0.5:max_cards=4"),
    ],
)
def test_pimc_and_the_oracle_finish_a_deal_of_every_form_legally(preset: str, bot: str) -> None:
    from prikup.games.presets import PRESETS

    game = make_game("five-hundred", **PRESETS["five-hundred"][preset])
    for seed in range(6):
        state = game.new_match(seed)
        bots = [make_bot(bot if s == 0 else "heuristic", game, seed=seed + s) for s in range(game.players)]
        while len(state.deals) == 1 and not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].act(state, seat)
            assert action in state.legal_actions()
            state.apply(action)
        if "contractor" in state.deals[0].result:
            return
    pytest.fail("no contract in six deals")


def test_pimc_at_six_leaves_the_first_tricks_to_the_heuristic_and_solves_from_seven_cards() -> None:
    """``max_cards`` 0 at a table of five or six means 7: a whole six-hand deal can take the exact
    search minutes, so the first tricks are played by the heuristic and the rest solved."""
    game = make_game("five-hundred", players=6)
    state = game.new_match(seed=3)
    heuristic = [make_bot("heuristic", game, seed=s) for s in range(6)]
    while state.phase.value != "play":
        seat = state.to_act
        assert seat is not None
        state.apply(heuristic[seat].act(state, seat))
    pimc = make_bot("pimc:samples=2", game, seed=9)
    seen: list[tuple[int, int]] = []
    while state.phase.value == "play" and len(seen) < 40:
        seat = state.to_act
        assert seat is not None
        held = state.card_places().get(f"hand {seat}", 0).bit_count()
        before = pimc.play_decisions  # type: ignore[attr-defined]
        action = pimc.act(state, seat)
        assert action in state.legal_actions()
        seen.append((held, pimc.play_decisions - before))  # type: ignore[attr-defined]
        state.apply(action)
    assert any(h > 7 for h, _ in seen) and any(h <= 7 for h, _ in seen)
    assert all(searched == 0 for h, searched in seen if h > 7)  # the heuristic's, not a search
    assert any(searched for h, searched in seen if h <= 7)  # solved (counted) from seven cards

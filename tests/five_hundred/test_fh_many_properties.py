"""Seeded random matches of the five- and six-player presets: cards conserved, ten tricks, every
point accounted for, and no observation shows a hidden card or a secret partner before his
called card is played (not in a field, a call, a score or a seat's unit)."""

from __future__ import annotations

import random

import pytest
from test_fh_properties import check_cards_and_sight

from prikup import make_game
from prikup.games.five_hundred import StateFiveHundred
from prikup.games.five_hundred_many import StateFiveHundredFive
from prikup.games.presets import PRESETS

MANY = ["five_handed", "five_handed_secret", "six_handed", "six_handed_cutthroat"]


def _partner_hidden(state: StateFiveHundredFive) -> None:
    """Secret partner: until the called card is played nobody's observation names him."""
    truth = state.partner_seat()
    played = state._played_by(state.called) if state.called is not None else None
    for seat in (None, *range(5)):
        obs = state.observation(seat)
        data = obs.to_json()
        if played is None:
            assert obs.called_partner is None and data["called_partner"] is None
        else:
            assert obs.called_partner == truth
        assert data["units"] == [[s] for s in range(5)]  # the match's units: each for himself


@pytest.mark.parametrize("name", MANY)
@pytest.mark.parametrize("seed", range(4))
def test_many_hand_matches_conserve_cards_count_ten_tricks_and_hide_what_is_hidden(name: str, seed: int) -> None:
    g = make_game("five-hundred", **PRESETS["five-hundred"][name])
    rng = random.Random(seed)
    state = g.new_match(seed)
    assert isinstance(state, StateFiveHundred)
    secret = g.rules.partner_call == "secret" and g.players == 5
    played_deals = 0
    while not state.is_over and len(state.deals) <= 6:
        check_cards_and_sight(state)
        if secret:
            assert isinstance(state, StateFiveHundredFive)
            _partner_hidden(state)
        before = len(state.deals)
        state.apply(rng.choice(state.legal_actions()))
        if len(state.deals) > before or state.is_over:
            log = state.deals[before - 1]
            result = log.result
            assert log.score_changes is not None
            if "contractor" not in result:
                assert log.score_changes == [0] * g.players or "no bid" in result["outcome"]
                continue
            played_deals += 1
            won = result["tricks_won"]
            if result["contract"] not in ("MIS", "OMIS"):
                assert sum(won) == 10  # ten tricks
            # points accounted for: the contractor's side scores one amount, every other unit 10 a trick
            partner = result.get("partner")
            side = {result["contractor"], *(() if partner is None else (partner,))}
            if g.players == 6:
                side = set(next(u for u in g.units() if result["contractor"] in u))
            amounts = {log.score_changes[s] for s in side}
            assert len(amounts) == 1
            assert result["tricks"] == sum(won[s] for s in side)
            others = [u for u in g.units() if not set(u) & side]
            for unit in others:
                assert all(log.score_changes[s] == 10 * sum(won[x] for x in unit) for s in unit)
    assert played_deals >= 1

"""Property tests over seeded random matches of each form of 2 players and of the dead hand:
the legal list is the rules' own, cards are conserved, ten tricks are played, every point is
accounted for by the rules, and no observation shows a hidden card (a dummy's face-down cards,
the dead hand, the kitty, the stock, the other player's cards)."""

from __future__ import annotations

import random

import pytest
from test_fh_properties import check_cards_and_sight

from prikup import make_game
from prikup.games.five_hundred import StateFiveHundred
from prikup.games.five_hundred_tables import MISERE_CALLS, call_level
from prikup.games.presets import PRESETS

FORM_PRESETS = ["two_handed", "two_dead_hand", "two_table_cards", "two_drawing", "three_dead_hand"]


def _expected(state: StateFiveHundred, result: dict[str, object]) -> list[int] | None:
    """A played deal's score changes by the rules: the contract's value to the contractor made or
    failed (250 for all ten on a smaller bid), 10 a trick to every other player; a no-bid deal
    10 a trick to each."""
    won = result["tricks_won"]
    assert isinstance(won, list)
    if "contractor" not in result:
        return [10 * w for w in won] if str(result["outcome"]).startswith("no bid") else None
    c, call, tricks = result["contractor"], str(result["contract"]), result["tricks"]
    assert isinstance(c, int) and isinstance(tricks, int)
    value = state.game.table.value(call)
    if call in MISERE_CALLS:
        amount = value if tricks == 0 else -value
    elif tricks >= (call_level(call) or 0):
        amount = 250 if tricks == 10 and value < 250 else value
    else:
        amount = -value
    return [amount if s == c else 10 * won[s] for s in range(state.game.players)]


@pytest.mark.parametrize("name", FORM_PRESETS)
@pytest.mark.parametrize("seed", range(4))
def test_form_matches_keep_cards_tricks_points_and_sight(name: str, seed: int) -> None:
    g = make_game("five-hundred", **PRESETS["five-hundred"][name])
    rng = random.Random(seed)
    state = g.new_match(seed)
    assert isinstance(state, StateFiveHundred)
    played_deals = 0
    steps = 0
    while not state.is_over and len(state.deals) <= 6:
        check_cards_and_sight(state)
        legal = state.legal_actions()
        assert {str(a) for a in legal} == {str(a) for a in state.legal_actions_reference()}
        if steps % 7 == 0:
            twin = state.copy()
            twin.apply(rng.choice(legal))
            check_cards_and_sight(state)
        before = len(state.deals)
        state.apply(rng.choice(legal))
        steps += 1
        if len(state.deals) > before or state.is_over:
            log = state.deals[before - 1]
            assert log.result is not None and log.score_changes is not None
            expected = _expected(state, log.result)
            if expected is None:
                assert log.score_changes == [0] * g.players  # thrown in
                continue
            played_deals += 1
            won = log.result["tricks_won"]
            if log.result.get("contract") not in MISERE_CALLS:
                assert sum(won) == 10  # ten tricks
            assert log.score_changes == expected
    assert played_deals >= 1

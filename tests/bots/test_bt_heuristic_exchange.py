"""The 501 heuristic gives and names the contract in the order the table's option sets."""

import pytest

from prikup.arena import play_match
from prikup.games import make_game


@pytest.mark.parametrize("order", ["gifts_first", "contract_first"])
def test_heuristic501_follows_the_exchange_order(order: str) -> None:
    game = make_game("501", exchange_order=order)
    for seed in range(6):
        result = play_match(game, ["heuristic"] * 3, seed=seed, max_deals=3)
        assert result.state.history, "the heuristic took no action"

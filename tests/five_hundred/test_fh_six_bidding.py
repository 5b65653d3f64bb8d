"""Six players (the rules page's "six hands": 63 cards, two teams of three or three pairs): the
heuristic's trick forecast counts the opponents a side faces — a pair at six has four, where the
partnership game has two — so a hand that bids the 6-level with a partner at four passes in a
pair at six (three pairs had made 69% of their 6-level contracts, 42% of their 7-level ones,
against 84% and 69% at four; ``bench/bench_fh_contracts.py --levels``)."""

from __future__ import annotations

from fh_helpers import deal

from prikup.bots import make_bot

#: five spades with the right bower and the ace, the AH and two short suits: about six tricks
#: with a partner and the kitty
HAND = "JS AS 9S 7S 6S AH 5H 5D 6D 5C"


def _first_call(players: int = 4, **options: object) -> str:
    state = deal({0: HAND}, None, dealer=players - 1, players=players, **options)  # seat 0 calls first
    return str(make_bot("heuristic", state.game, seed=1).act(state, 0))


def test_the_hand_bids_six_spades_with_a_partner_at_four_and_in_a_team_of_three_at_six() -> None:
    assert _first_call() == "bid 6S"
    assert _first_call(6) == "bid 6S"


def test_six_players_in_three_pairs_the_same_hand_passes_four_opponents_ruff_more() -> None:
    assert _first_call(6, six_teams="pairs") == "pass"

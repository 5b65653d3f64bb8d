"""Rule-clause tests for Five Hundred's last non-standard bids of the full rules: the slam bid
(``slam_bid``), J5 (``j5``), double shields (``double_shields``) and patastrophe
(``patastrophe``), each named after the clause of the rules it checks, and a seeded property
test of whole matches with them on."""

from __future__ import annotations

import random

import pytest
from fh_helpers import deal, game, legal, run
from test_fh_properties import cards_in, check_cards_and_sight
from test_fh_rules import DEAL_D, KITTY_D

from prikup import IllegalActionError
from prikup.bots import make_bot
from prikup.core.cards import parse_card
from prikup.core.game import Phase
from prikup.games.five_hundred import StateFiveHundred, slam_bid_score
from prikup.records import dump, load, replay, to_record
from prikup.solver import solve
from prikup.solver.play_five_hundred import score_utility

# -- the slam bid --------------------------------------------------------------------------------


def _slam(**options: object) -> StateFiveHundred:
    s = deal(DEAL_D, KITTY_D, slam_bid=True, **options)
    return run(s, "bid 6S", "pass", "pass", "pass")


def test_slam_bid_is_called_after_the_kitty_before_any_discard() -> None:
    s = _slam()
    assert s.phase is Phase.DISCARD and "contract SLAM" in legal(s)
    run(s, "discard 4H")
    assert "contract SLAM" not in legal(s)  # once a card is discarded, too late
    with pytest.raises(IllegalActionError, match="before discarding"):
        run(s, "contract SLAM")


def test_slam_bid_only_under_its_option() -> None:
    s = deal(DEAL_D, KITTY_D)
    run(s, "bid 6S", "pass", "pass", "pass")
    assert "contract SLAM" not in legal(s)
    assert "contract SLAM" not in {str(a) for a in s.game.all_actions()}


def test_slam_bid_not_on_a_misere() -> None:
    s = deal(DEAL_D, KITTY_D, slam_bid=True)
    run(s, "bid OMIS", "pass", "pass", "pass")
    assert s.contract_call == "OMIS" and "contract SLAM" not in legal(s)


def test_slam_bid_the_partner_passes_one_card_then_sits_out() -> None:
    s = _slam()
    before = s.hands[0].bit_count()
    run(s, "contract SLAM")
    assert s.phase.value == "give" and s.to_act == 2
    assert all(a.startswith("give ") for a in legal(s)) and len(legal(s)) == 10
    run(s, "give AH")
    assert s.hands[0].bit_count() == before + 1 and parse_card("AH").mask & s.hands[0]
    assert not parse_card("AH").mask & s.hands[2]
    assert s.phase is Phase.DISCARD and s.to_act == 0
    # the contractor discards down to ten cards: the kitty's three and the card given
    run(s, "discard 4H", "discard 4D", "discard 5D")
    assert s.phase is Phase.DISCARD
    run(s, "discard 5C")
    assert s.phase is Phase.PLAY and s.hands[0].bit_count() == 10
    assert s.sitting_out == (2,) and s.playing == (0, 1, 3)


def test_slam_bid_the_given_card_is_seen_by_giver_and_contractor_only() -> None:
    s = _slam()
    run(s, "contract SLAM", "give AH")
    deck = {str(c) for c in s.game.deck()}
    for seat in (1, 3, None):
        obs = s.observation(seat).to_json()
        assert "AH" not in cards_in(obs, deck), seat
    assert "AH" in {str(c) for c in s.observation(0).hand or ()}
    log = s.deals[-1]
    assert s.action_view(2, log.actions[-1][1], 1) == "give a card"
    assert s.action_view(2, log.actions[-1][1], 0) == "give AH"


def test_slam_bid_scores_500_with_trumps_520_in_no_trump_all_ten_or_minus() -> None:
    assert slam_bid_score("6S", 10) == 500 and slam_bid_score("6S", 9) == -500
    assert slam_bid_score("7NT", 10) == 520 and slam_bid_score("10NT", 0) == -520


def test_slam_bid_played_out_scores_the_slam_value_and_the_defenders_tricks() -> None:
    s = _slam()
    run(s, "contract SLAM", "give AH", "discard 4H", "discard 4D", "discard 5D", "discard 5C")
    while s.phase is Phase.PLAY:
        s.apply(s.legal_actions()[0])
    log = s.deals[-1]
    won = log.result["tricks_won"]
    assert sum(won) == 10 and won[2] == 0 and log.result["slam_called"]
    expected = 500 if log.result["tricks"] == 10 else -500
    assert log.score_changes[0] == log.score_changes[2] == expected
    assert log.score_changes[1] == log.score_changes[3] == 10 * (won[1] + won[3])


def test_slam_bid_three_players_no_partner_discards_the_kitty_only() -> None:
    g = game(players=3, slam_bid=True)
    s = g.new_match(4)
    while s.phase is Phase.AUCTION or s.phase.value == "deal":
        bids = [a for a in s.legal_actions() if str(a).startswith("bid ") and str(a)[4].isdigit()]
        s.apply(bids[0] if bids else s.legal_actions()[0])
    assert s.phase is Phase.DISCARD
    s.apply("contract SLAM")
    assert s.phase is Phase.DISCARD and s._discards_left() == g.kitty_size


def test_the_solver_values_a_called_slam_as_500_for_all_ten_or_minus() -> None:
    s = _slam()
    run(s, "contract SLAM", "give AH", "discard 4H", "discard 4D", "discard 5D", "discard 5C")
    assert solve(s)  # the position is valued (in tricks)
    utility = score_utility(s)
    assert utility is not None  # all ten make 500; anything less -500 and 10 a trick to the defenders
    assert utility(10) == 500 and utility(9) == -510 and utility(0) == -600


# -- J5 ------------------------------------------------------------------------------------------


def test_j5_the_jack_outranks_the_ace_in_no_trump() -> None:
    g = game(j5=True)
    lay = g.nt_contract_layout
    for suit in "SCDH":
        strengths = [lay.strength[parse_card(r + suit).id] for r in ("J", "A", "K", "Q", "T")]
        assert strengths == sorted(strengths, reverse=True), suit
    assert lay.strength[parse_card("JK").id] > lay.strength[parse_card("JS").id]
    assert lay.trump == g.joker_mask  # the joker the only trump: no bowers


def test_j5_only_no_trump_contracts_not_suits_nor_misere() -> None:
    g = game(j5=True)
    assert g.layouts[0].strength[parse_card("JS").id] > g.layouts[0].strength[parse_card("AS").id]  # bower
    assert g.layouts[0].strength[parse_card("JD").id] < g.layouts[0].strength[parse_card("AD").id]
    assert g.layouts[4].strength[parse_card("JD").id] < g.layouts[4].strength[parse_card("AD").id]  # misère
    assert game().nt_contract_layout == game().layouts[4]


def test_j5_jack_wins_the_trick_over_the_ace() -> None:
    hands = {
        0: "AH 5C 6C 7C 8C 5S 6S 7S 8S 5D",
        1: "JH 6H 9C TC QC KC AC 9S TS QS",
        2: "KH QH TH 9H 8H 7H JC AS KS QD",
    }
    s = deal(hands, "4D 6D 7D", j5=True)
    run(s, "bid 6NT", "pass", "pass", "pass", "discard 4D", "discard 6D", "discard 7D")
    assert s.layout == s.game.nt_contract_layout
    run(s, "play AH", "play JH")
    run(s, f"play {sorted(c.removeprefix('play ') for c in legal(s))[0]}")
    run(s, f"play {sorted(c.removeprefix('play ') for c in legal(s))[0]}")
    assert s.tricks[-1][1] == 1  # the jack took the ace


# -- double shields and patastrophe --------------------------------------------------------------


def test_double_shields_and_patastrophe_offered_only_under_their_options_in_partnerships() -> None:
    plain = {str(a) for a in game().all_actions()}
    assert not {"bid DSHL", "bid PAT"} & plain
    on = game(double_shields=True, patastrophe=True)
    assert {"DSHL", "PAT"} <= set(on.calls)
    assert "PAT" not in game(players=3, patastrophe=True).calls


def test_patastrophe_worth_1000_double_shields_600_above_double_misere() -> None:
    g = game(double_misere=True, double_shields=True, patastrophe=True)
    assert g.table.value("PAT") == 1000 and g.table.value("DSHL") == 600
    ladder = list(g.table.ladder(g.extra_calls))
    assert ladder.index("DMIS") < ladder.index("DSHL") < ladder.index("PAT")
    assert game(table="ideal", patastrophe=True).table.value("PAT") == 750  # the Ideal table's


_HANDS = {
    0: "4H 5C 6C 7C 8C 5S 6S 7S 8S 5D",
    1: "5H 6H 9C TC QC KC AC 9S TS QS",
    2: "AH KH QH JH TH 9H 8H 7H JC AS",
}


def _open_after_first_trick(call: str) -> StateFiveHundred:
    s = deal(_HANDS, "4D 6D 7D", double_shields=True, patastrophe=True)
    run(s, f"bid {call}", "pass", "pass", "pass", "discard 4D", "discard 6D", "discard 7D")
    assert s.sitting_out == () and s.playing == (0, 1, 2, 3)
    run(s, "play 5C", "play AC", "play JC")  # the defenders take the first trick
    assert s.observation(1).open_hand is None and s.observation(1).open_hands == ()  # not yet
    run(s, f"play {sorted(c.removeprefix('play ') for c in legal(s))[0]}")
    assert s.phase is Phase.PLAY and s.tricks[-1][1] in (1, 3)
    return s


def test_double_shields_the_bidders_hand_open_after_the_first_trick_his_partners_hidden() -> None:
    s = _open_after_first_trick("DSHL")
    obs = s.observation(1)
    assert obs.open_hand is not None and obs.open_hand.seat == 0
    assert [h.seat for h in obs.open_hands] == [0]
    deck = {str(c) for c in s.game.deck()}
    partner = {str(c) for c in s.game.deck() if c.mask & s.hands[2]}
    assert not partner & cards_in(s.observation(1).to_json(), deck)


def test_patastrophe_both_partners_hands_open_after_the_first_trick() -> None:
    s = _open_after_first_trick("PAT")
    obs = s.observation(3)
    assert [h.seat for h in obs.open_hands] == [0, 2]
    shown = {c for h in obs.open_hands for c in h.cards}
    assert shown == {c for c in s.game.deck() if c.mask & (s.hands[0] | s.hands[2])}


def test_patastrophe_fails_at_the_sides_first_trick_and_scores_minus_1000() -> None:
    s = deal(_HANDS, "4D 6D 7D", patastrophe=True)
    run(s, "bid PAT", "pass", "pass", "pass", "discard 4D", "discard 6D", "discard 7D")
    run(s, "play 4H", "play 5H", "play 7H")  # the partner must follow with a heart and takes it
    run(s, f"play {sorted(legal(s))[0].removeprefix('play ')}")
    log = s.deals[-1]
    assert log.result["outcome"] == "failed" and log.score_changes == [-1000, 0, -1000, 0]


def test_the_heuristic_never_bids_the_new_bids() -> None:
    g = game(double_shields=True, patastrophe=True, slam_bid=True)
    bot = make_bot("heuristic", g, 0)
    for seed in range(6):
        s = g.new_match(seed)
        while not s.is_over and len(s.deals) < 3:
            seat = s.to_act
            assert seat is not None
            action = bot.act(s, seat)
            assert str(action) not in ("bid DSHL", "bid PAT")  # a sure slam it calls: test_fh_heuristic_variants
            s.apply(action)


# -- property: whole matches with the options on -------------------------------------------------

_ON = {"slam_bid": True, "j5": True, "double_shields": True, "patastrophe": True, "double_misere": True}
#: each new bid in a form of its own, so that random auctions reach it
_FORMS = [
    {"slam_bid": True, "j5": True},
    {"double_shields": True},
    {"patastrophe": True, "j5": True},
    {"slam_bid": True, "j5": True, "players": 3},
]


@pytest.mark.parametrize("form", range(len(_FORMS)))
@pytest.mark.parametrize("seed", range(5))
def test_random_matches_with_the_new_bids_keep_every_invariant(form: int, seed: int) -> None:
    g = game(**_FORMS[form])
    rng = random.Random(seed * 31 + form)
    s = g.new_match(seed)
    assert isinstance(s, StateFiveHundred)
    while not s.is_over and len(s.deals) <= 6:
        check_cards_and_sight(s)
        legal_now = s.legal_actions()
        assert set(legal_now) == set(s.legal_actions_reference())
        # favour the new bids so that they are played
        pick = next(
            (a for a in legal_now if str(a) in ("contract SLAM", "bid PAT", "bid DSHL") and rng.random() < 0.5), None
        )
        deals_before = len(s.deals)
        s.apply(pick or rng.choice(legal_now))
        if len(s.deals) > deals_before or s.is_over:
            done = s.deals[deals_before - 1]
            result = done.result
            if "tricks_won" in result and result.get("contract") not in ("MIS", "OMIS", "DMIS", "DSHL", "PAT"):
                assert sum(result["tricks_won"]) == 10  # ten tricks
            if result.get("slam_called"):
                value = 520 if result["contract"].endswith("NT") else 500
                assert done.score_changes is not None
                assert done.score_changes[result["contractor"]] == (value if result["tricks"] == 10 else -value)
    record = load(dump(to_record(s, seed=seed)))
    again = replay(record)
    assert again.scores == s.scores and [d.result for d in again.deals] == [d.result for d in s.deals]


@pytest.mark.parametrize("bot", ["heuristic", "pimc"])
def test_bots_stay_legal_with_the_new_bids(bot: str) -> None:
    g = game(**_ON)
    bots = [make_bot(bot if st % 2 == 0 else "random", g, st) for st in range(g.players)]
    s = g.new_match(3)
    steps = 0
    while not s.is_over and steps < 120:
        seat = s.to_act
        assert seat is not None
        action = bots[seat].act(s, seat)
        assert s.can(action), action
        s.apply(action)
        steps += 1

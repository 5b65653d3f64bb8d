"""Rule-clause tests for Пятьсот scoring: contract, points, dashes and the barrel."""

from __future__ import annotations

import pytest
from pt_helpers import A_PLAY, A_START, A_TALON, A, deal, legal, marks, position, run

from prikup import IllegalActionError
from prikup.core.errors import DealError
from prikup.core.game import Phase
from prikup.games.pyatsot import BarrelRules, play_changes, refusal_changes, settle_deal

RULES = BarrelRules()
A_BARREL_START = ("take", "keep 9C", "give JD", "give 9D")  # seat 0 on the barrel, dealer 2

# Deal D (dealer 2, seat 0 declares): seat 2 holds only jacks and nines and takes no point.
D = {
    0: "AS TS KS QS AC TC KC",
    1: "QC AD TD KD QD AH TH",
    2: "JS 9S JC 9C JD 9D 9H",
}
D_TALON = "KH QH JH"
D_START = ("bid 60", "pass", "pass", "keep KH", "give QH", "give JH", "contract 60")


def play_plain(state):
    """Finish the play with the first legal plain card each time (no declarations)."""
    while state.phase is Phase.PLAY:
        state.apply(next(a for a in state.legal_actions() if a.modifier is None))
    return state


# -- the deal's score ----------------------------------------------------------------------------------


def test_scores_start_at_zero_and_count_up():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY)
    assert s.deals[-1].scores_after == [60, 78, 46]


def test_declarer_making_his_contract_scores_the_contract_not_his_points():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY)
    assert s.deals[-1].result["points"] == {"0": 236, "1": 78, "2": 46}  # 56 in cards + 100 + 80
    assert s.scores[0] == 60


def test_declarer_short_of_his_contract_loses_it():
    start = (*A_START[:-1], "contract 240")
    s = run(deal(A, A_TALON), *start, *A_PLAY)
    assert s.scores == (-240, 78, 46)
    assert s.deals[-1].result["outcome"] == "failed"


def test_other_players_always_score_their_points_with_their_declarations():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY)
    assert s.scores[1] == 18 + 60  # cards + the clubs marriage


def test_pure_scoring_functions():
    assert play_changes(3, 0, 100, {0: 99, 1: 10, 2: 11}, barrel=False) == [-100, 10, 11]
    assert play_changes(3, 0, 100, {0: 100, 1: 10, 2: 10}, barrel=False) == [100, 10, 10]
    assert play_changes(3, 0, 120, {0: 99, 1: 10, 2: 11}, barrel=True) == [0, 10, 11]
    assert refusal_changes(4, 1, 75, [2, 3], barrel=False) == [0, -75, 60, 60]
    assert refusal_changes(3, 1, 0, [2, 0], barrel=True) == [60, 0, 60]


# -- dashes ------------------------------------------------------------------------------------------


def test_a_player_without_a_point_gets_a_dash():
    s = play_plain(run(deal(D, D_TALON), *D_START))
    result = s.deals[-1].result
    assert result["points"]["2"] == 0
    assert result["dashes"] == [2]
    assert result["marks"]["dashes"] == [0, 0, 1]


def test_the_third_dash_costs_120():
    s = position(D, D_TALON, [0, 0, 50], marks=marks(dashes=(0, 0, 2)))
    play_plain(run(s, *D_START))
    assert s.scores[2] == 50 - 120
    assert s.marks.dashes == (0, 0, 0)  # the count restarts
    assert s.deals[-1].result["dash_penalties"] == [2]


def test_dashes_pure():
    changes, new, _ = settle_deal([0, 0, 0], [10, 0, 0], marks(dashes=(2, 2, 1)), [1, 2], None, RULES)
    assert changes == [10, -120, 0] and new.dashes == (2, 0, 2)


def test_a_quiet_deal_changes_nothing_but_the_scores():
    # no dash, nobody on or reaching the barrel: the changes as given, the same marks, no events
    given = marks(dashes=(1, 0, 2), falls=(2, 0, 0))
    changes, new, events = settle_deal([100, -50, 370], [60, -120, 9], given, [], None, RULES)
    assert changes == [60, -120, 9] and new is given and events == {}
    # X marks left with nobody on the barrel (a score sheet set up so) are cleared all the same
    changes, new, events = settle_deal([100, 0, 0], [60, 0, 0], marks(crosses=1, refusals=1), [], None, RULES)
    assert changes == [60, 0, 0] and (new.seat, new.crosses, new.refusals) == (None, 0, 0) and events == {}


# -- the barrel: arriving -----------------------------------------------------------------------------


def test_450_counts_as_380():
    changes, new, events = settle_deal([300, 0, 0], [150, 0, 0], marks(), [], None, RULES)
    assert changes == [80, 0, 0] and new.seat == 0 and events["arrivals"] == [0]


def test_a_score_passing_380_in_play_stops_there():
    s = position(A, A_TALON, [350, 0, 0])
    run(s, *A_START, *A_PLAY)  # seat 0 makes 60: 410 -> 380
    assert s.scores[0] == 380 and s.marks.seat == 0
    assert s.observation(None).to_json()["barrel"]["seat"] == 0


def test_arriving_knocks_the_barrel_player_off_with_minus_120():
    changes, new, events = settle_deal([380, 350, 0], [0, 60, 60], marks(seat=0), [], "refused", RULES)
    assert [380 + changes[0], 350 + changes[1]] == [260, 380]
    assert new.seat == 1 and new.falls == (1, 0, 0) and events["knocked_off"] == 0


def test_two_players_arriving_together_both_fall_with_minus_120():
    s = position(A, A_TALON, [100, 330, 340])
    run(s, "bid 60", "pass", "pass", "keep 9C", "give JD", "give 9D", "concede")
    assert s.scores == (40, 260, 260)
    assert s.marks.seat is None and s.marks.falls == (0, 1, 1)
    assert s.deals[-1].result["arrived_together"] == [1, 2]


def test_arriving_together_also_knocks_off_the_barrel_player():
    changes, new, _ = settle_deal([380, 330, 340], [0, 60, 60], marks(seat=0), [], "refused", RULES)
    assert changes == [-120, -70, -80] and new.seat is None and new.falls == (1, 1, 1)


def test_the_third_fall_sets_the_score_to_zero():
    s = position(A, A_TALON, [100, 330, 340], marks=marks(falls=(0, 2, 0)))
    run(s, "bid 60", "pass", "pass", "keep 9C", "give JD", "give 9D", "concede")
    assert s.scores == (40, 0, 260)
    assert s.marks.falls == (0, 0, 1)
    assert s.deals[-1].result["reset_to_zero"] == [1]


# -- the barrel: playing from it -------------------------------------------------------------------------


def test_the_barrel_player_takes_the_talon_without_an_auction():
    s = position(A, A_TALON, [380, 100, 50], marks=marks(seat=0))
    assert s.phase is Phase.BARREL and s.to_act == 0
    assert legal(s) == {"take", "concede"}
    with pytest.raises(IllegalActionError, match="before seeing the talon"):
        s.apply("bid 60")
    assert s.observation(0).to_json()["talon"] is None  # he decides before seeing it
    s.apply("take")
    assert s.observation(0).to_json()["talon"] is not None


def test_the_barrel_contract_is_120_with_no_contract_call():
    s = run(position(A, A_TALON, [380, 100, 50], marks=marks(seat=0)), *A_BARREL_START)
    assert s.phase is Phase.PLAY and s.contract == 120 and s.to_act == 0


def test_making_120_from_the_barrel_wins_at_500():
    s = run(position(A, A_TALON, [380, 100, 50], marks=marks(seat=0)), *A_BARREL_START, *A_PLAY)
    assert s.scores == (500, 178, 96)
    assert s.is_over and s.winners == (0,)


def test_a_failed_barrel_attempt_marks_an_x_and_costs_nothing():
    s = position(D, D_TALON, [100, 50, 380], marks=marks(seat=2))  # seat 2 holds jacks and nines
    run(s, "take", "keep KH", "give QH", "give JH")
    play_plain(s)
    result = s.deals[-1].result
    assert int(result["points"]["2"]) < 120 and result["outcome"] == "barrel failed"
    assert s.scores[2] == 380 and s.marks.seat == 2 and s.marks.crosses == 1


def test_a_barrel_refusal_pays_60_to_each_opponent_and_marks_an_x():
    s = position(A, A_TALON, [380, 100, 50], marks=marks(seat=0))
    s.apply("concede")
    assert s.scores == (380, 160, 110)
    assert s.marks == marks(seat=0, crosses=1, refusals=1)
    assert s.deals[-1].result["outcome"] == "barrel refused"


def test_at_most_two_barrel_refusals():
    s = position(A, A_TALON, [380, 100, 50], marks=marks(seat=0, crosses=2, refusals=2))
    assert legal(s) == {"take"}
    with pytest.raises(IllegalActionError, match="refuse only 2 times"):
        s.apply("concede")


def test_three_x_cost_120_and_end_the_stay():
    s = position(A, A_TALON, [380, 100, 50], marks=marks(seat=0, crosses=2, refusals=1))
    s.apply("concede")
    assert s.scores == (260, 160, 110)
    assert s.marks.seat is None and s.marks.falls == (1, 0, 0)
    assert s.deals[-1].result["crosses_penalty"] == 0


def test_three_x_pure():
    changes, new, _ = settle_deal([380, 0, 0], [0, 30, 40], marks(seat=0, crosses=2), [], "failed", RULES)
    assert changes == [-120, 30, 40] and new.seat is None and new.crosses == 0


def test_with_four_players_the_barrel_player_does_not_deal():
    hands = {0: A[0], 1: A[1], 2: A[2]}
    s = position(hands, A_TALON, [380, 100, 50, 0], dealer=3, marks=marks(4, seat=0))
    assert s.active_seats() == (0, 1, 2) and s.to_act == 0
    s.apply("concede")  # refuses; still on the barrel
    assert s.marks.seat == 0
    assert s.phase is Phase.DEAL and s.dealer == 1  # seat 0 is skipped
    assert s.active_seats() == (2, 3, 0)


def test_the_barrel_player_is_skipped_as_dealer_when_the_sheet_is_set():
    from prikup import make_game

    s = make_game("pyatsot", players=4).new_replay(0)
    s.set_score_sheet([380, 0, 0, 0], marks(4, seat=0))
    assert s.dealer == 1


def test_score_sheet_is_checked():
    from prikup import make_game

    s = make_game("pyatsot").new_replay(0)
    with pytest.raises(DealError):
        s.set_score_sheet([400, 0, 0])
    with pytest.raises(DealError):
        s.set_score_sheet([370, 0, 0], marks(seat=0))


def test_barrel_marks_are_public_and_in_the_deal_result():
    s = position(A, A_TALON, [380, 100, 50], marks=marks(seat=0, falls=(1, 0, 2), dashes=(0, 1, 0)))
    for seat in (None, 0, 1, 2):
        assert s.observation(seat).to_json()["barrel"] == {
            "seat": 0,
            "crosses": 0,
            "refusals": 0,
            "falls": [1, 0, 2],
            "dashes": [0, 1, 0],
        }
    s.apply("concede")
    assert s.deals[-1].result["marks"]["crosses"] == 1

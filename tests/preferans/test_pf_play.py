"""Whisting, the play, misère, raspasy and the scoring of a deal through the engine."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pf_helpers import DIAMONDS, HEARTS, SPADES, TALON, deal3, declare, play_out, run

from prikup.core.errors import IllegalActionError
from prikup.games.preferans import GamePreferans, StatePreferans
from prikup.games.preferans_sheet import Sheet, new_sheet


def six_spades(**options: object) -> StatePreferans:
    """Seat 1 declares 6S (he holds ten sure tricks); the defenders are seat 2 then seat 0."""
    return declare(deal3(**options), "6S", ("8C", "7C"), "6S")


def legal(s: StatePreferans) -> list[str]:
    return [str(a) for a in s.legal_actions()]


# -- whisting sequences ---------------------------------------------------------------------------


def test_whist_whist_both_whist() -> None:
    s = run(six_spades(), "whist", "whist")
    assert s.whisters == [2, 0] and s.lone_whister is None and s.phase.value == "play"


def test_whist_pass_gives_the_first_an_extra_turn_whist_or_half() -> None:
    s = run(six_spades(), "whist", "pass")
    assert s.to_act == 2 and legal(s) == ["whist", "half-whist"]
    run(s, "whist")
    assert s.whisters == [2] and s.lone_whister == 2


def test_whist_pass_half_whist_whist_the_second_whists_alone() -> None:
    s = run(six_spades(), "whist", "pass", "half-whist")
    assert s.to_act == 0 and legal(s) == ["whist", "pass"]
    run(s, "whist")
    assert s.lone_whister == 0 and s.half_whister is None


def test_whist_pass_half_whist_pass_goes_for_his_own_with_the_half_whists() -> None:
    s = run(six_spades(), "whist", "pass", "half-whist", "pass")
    assert s.is_over and s.for_own and s.half_whister == 2
    assert s.sheet.whists[2][1] == 4  # six: 2 tricks x 2
    assert s.sheet.pulya == (0, 1, 0) and s.sheet.gora == (10, 9, 10)
    assert s.deals[-1].result["outcome"] == "for his own"


def test_pass_whist_the_second_whists_alone() -> None:
    s = run(six_spades(), "pass", "whist")
    assert s.lone_whister == 0


def test_pass_pass_goes_for_his_own_without_whists() -> None:
    s = run(six_spades(), "pass", "pass")
    assert s.is_over and s.for_own and s.scores == (0, 0, 0)
    assert s.sheet.pulya == (0, 1, 0)


def test_pass_half_whist_whist_the_first_whists_alone() -> None:
    s = run(six_spades(), "pass")
    assert legal(s) == ["whist", "pass", "half-whist"]
    run(s, "half-whist")
    assert s.to_act == 2 and legal(s) == ["whist", "pass"]
    run(s, "whist")
    assert s.lone_whister == 2


def test_pass_half_whist_pass_the_half_whister_writes_half() -> None:
    s = run(declare(deal3(), "7S", ("8C", "7C"), "7S"), "pass", "half-whist", "pass")
    assert s.is_over and s.sheet.whists[0][1] == 4  # seven: 1 trick x 4
    assert s.scores == (4, -4, 0)


def test_no_half_whist_on_eight_and_nine() -> None:
    s = run(declare(deal3(), "8S", ("8C", "7C"), "8S"), "pass")
    assert legal(s) == ["whist", "pass"]
    s = run(declare(deal3(), "9S", ("8C", "7C"), "9S"), "whist", "pass")
    assert s.lone_whister == 2 and s.phase.value == "play"  # no extra turn without a half-whist


def test_the_ten_is_always_played_and_its_whisters_owe_nothing() -> None:
    s = declare(deal3(), "10S", ("8C", "7C"), "10S")
    assert s.phase.value == "play" and s.whisters == [2, 0]
    play_out(s)
    assert s.won[1] == 10 and s.sheet.gora == (10, 5, 10) and s.sheet.pulya == (0, 5, 0)


# -- open and closed -----------------------------------------------------------------------------


def test_lone_whister_chooses_after_the_declarers_first_card() -> None:
    s = run(six_spades(), "pass", "whist")
    assert s.to_act == 1 and "open" not in legal(s)  # the declarer is the first hand: he leads
    run(s, "play AS")
    assert s.to_act == 0 and legal(s) == ["open", "closed"]
    run(s, "open")
    assert s.to_act == 0 and s.hand_to_play == 2  # the whister plays his partner's card
    for seat in (None, 0, 1, 2):
        seen = s.observation(seat).to_json()["hands_seen"]
        assert {"0", "2"} - {str(seat)} <= set(seen)


def test_lone_whister_chooses_before_the_first_card_when_a_defender_leads() -> None:
    s = deal3()
    run(s, "pass", "bid 6H", "pass", "discard 8C", "discard 7C", "contract 6H", "whist", "pass", "whist")
    assert s.lone_whister == 0 and s.to_act == 0 and legal(s) == ["open", "closed"]
    run(s, "closed")
    assert s.to_act == 1 and s.observation(0).to_json()["hands_seen"] == {}


def test_closed_play_each_defender_plays_his_own_hand() -> None:
    s = run(six_spades(), "pass", "whist", "play AS", "closed")
    assert s.to_act == 2
    assert "2" not in s.observation(1).to_json()["hands_seen"]


def test_lone_whister_answers_for_the_whole_requirement_half_responsible() -> None:
    s = play_out(run(six_spades(), "pass", "whist", "play AS", "open"))
    assert s.won[1] == 10
    assert s.sheet.gora == (10 + 4, 9, 10)  # four missing tricks x half of 2
    assert s.deals[-1].result["whisters_short"] == {"0": 4}


def test_two_whisters_short_on_six_both_owe_their_half() -> None:
    s = play_out(run(six_spades(), "whist", "whist"))
    assert s.won == [0, 10, 0]
    assert s.sheet.gora == (12, 9, 12)  # 0-0 on six: each short 2, half-responsible 1 a trick


def test_responsible_whist_once_every_pulya_is_closed() -> None:
    sheet = Sheet(target=20, pulya=(20, 20, 20), gora=(10, 10, 10), whists=new_sheet(3).whists)
    s = play_out(run(declare(deal3(sheet=sheet), "6S", ("8C", "7C"), "6S"), "whist", "whist"))
    assert s.sheet.gora == (14, 8, 14)  # each short 2, the full value 2 a trick; the six writes 2 off


# -- the play ----------------------------------------------------------------------------------------


def hearts_contract() -> StatePreferans:
    s = deal3()
    return run(s, "pass", "bid 6H", "pass", "discard 8C", "discard 7C", "contract 6H", "whist", "whist")


def test_the_first_hand_leads_whoever_the_declarer_is() -> None:
    s = hearts_contract()
    assert s.declarer == 2 and s.to_act == 1


def test_must_trump_when_void_in_the_led_suit() -> None:
    s = run(hearts_contract(), "play AS")
    with pytest.raises(IllegalActionError, match="must trump"):
        s.apply("play QC")
    run(s, "play 7H", "play TC")  # seat 0 has neither spades nor hearts: anything
    assert s.tricks[-1][1] == 2  # the trump takes it


def test_follow_suit() -> None:
    s = run(hearts_contract(), "play AC")
    with pytest.raises(IllegalActionError, match="follow suit"):
        s.apply("play 7H")
    run(s, "play JC", "play TC")
    assert s.tricks[-1][1] == 1


def test_declarer_short_pays_into_gora_and_ten_whists_a_trick_from_everyone() -> None:
    s = deal3()
    run(s, "pass", "bid 6NT", "pass", "discard 8C", "discard 7C", "contract 6NT", "whist", "whist")
    play_out(s)
    down = 6 - s.won[2]
    assert down > 0 and s.deals[-1].result["outcome"] == "failed"
    assert s.sheet.gora[2] == 10 + 2 * down
    assert s.sheet.whists[0][2] == 10 * down + 2 * s.won[0]
    assert s.sheet.whists[1][2] == 10 * down + 2 * s.won[1]
    assert sum(s.scores) == 0


# -- misère ------------------------------------------------------------------------------------------


def test_misere_defenders_open_after_the_first_trick() -> None:
    s = deal3((HEARTS, SPADES, DIAMONDS))
    run(s, "bid MIS", "pass", "pass", "discard AH", "discard KH")
    assert s.observation(1).to_json()["hands_seen"] == {}
    run(s, *[str(s.legal_actions()[0])])
    run(s, *[str(s.legal_actions()[0])])
    run(s, *[str(s.legal_actions()[0])])
    assert len(s.tricks) == 1
    for seat in (None, 0, 1, 2):
        assert {"0", "2"} - {str(seat)} <= set(s.observation(seat).to_json()["hands_seen"])


def test_misere_caught_ten_a_trick() -> None:
    s = deal3()
    play_out(run(s, "bid MIS", "pass", "pass", "discard AS", "discard KS"))
    got = s.won[1]
    assert got > 0 and s.sheet.gora[1] == 10 + 10 * got
    assert s.sheet.whists[0][1] == 10 * got == s.sheet.whists[2][1]


def test_misere_made_is_ten_split_in_half() -> None:
    low = "7S 8S 9S 7C 8C 9C 7D 8D 7H 8H"
    s = deal3((low, "AS KS QS JS TS AC KC QC JC TC", "AH KH QH JH TH AD KD QD JD TD"), "9D 9H")
    play_out(run(s, "bid MIS", "pass", "pass", "discard 9D", "discard 9H"))
    assert s.won[1] == 0 and s.sheet.pulya == (0, 5, 0) and s.sheet.gora == (10, 5, 10)


def test_misere_stops_at_the_first_trick_when_so_chosen() -> None:
    s = deal3(misere_play_out=False)
    play_out(run(s, "bid MIS", "pass", "pass", "discard AS", "discard KS"))
    assert s.won[1] == 1 and len(s.tricks) == 1 and s.sheet.gora[1] == 20


# -- premiums ----------------------------------------------------------------------------------------

ACES_TALON_HANDS = (SPADES, "KH QH JH TH 9H 8H 7H QC JC TC", "KD QD JD TD 9D 8D 7D 9C 8C 7C")


def test_two_aces_in_the_talon_thirty_written_on_the_declarer_half_each_with_three() -> None:
    s = declare(deal3(ACES_TALON_HANDS, "AH AD"), "6S", ("AH", "AD"), "6S")
    run(s, "pass", "pass")
    assert s.sheet.whists[2][1] == 15 and s.sheet.whists[0][1] == 15


def test_with_four_the_dealer_writes_the_premium() -> None:
    game = GamePreferans(players=4)
    s = game.new_deal([h.split() for h in ACES_TALON_HANDS], ["AH", "AD"], dealer=0)
    run(s, "bid 6S", "pass", "pass", "discard AH", "discard AD", "contract 6S", "pass", "pass", "pass")
    assert s.sheet.whists[0][1] == 30 and s.scores == (30, -30, 0, 0)


def test_no_premium_on_misere() -> None:
    s = deal3(("KH QH JH TH 9H 8H 7H QC JC TC", SPADES, "KD QD JD TD 9D 8D 7D 9C 8C 7C"), "AH AD")
    play_out(run(s, "bid MIS", "pass", "pass", "discard AH", "discard AD"))
    assert s.sheet.whists[2][1] == 10 * s.won[1]


# -- four players: the dealer ----------------------------------------------------------------------


def four_six_spades() -> StatePreferans:
    game = GamePreferans(players=4)
    s = game.new_deal([SPADES.split(), HEARTS.split(), DIAMONDS.split()], TALON.split(), dealer=0)
    return run(s, "bid 6S", "pass", "pass", "discard 8C", "discard 7C", "contract 6S")


def test_four_dealer_chooses_whose_hand_he_looks_at_and_whists_in_his_place() -> None:
    s = run(four_six_spades(), "pass", "pass")
    assert s.to_act == 0 and legal(s) == ["look 2", "look 3", "pass"]
    with pytest.raises(IllegalActionError):
        s.apply("look")  # he must name the defender
    with pytest.raises(IllegalActionError):
        s.apply("look 1")  # not the declarer's hand
    run(s, "look 3")
    assert set(s.observation(0).to_json()["hands_seen"]) == {"3"} and legal(s) == ["whist", "pass"]
    assert s.observation(2).to_json()["hands_seen"] == {}
    run(s, "whist", "play AS")
    assert s.to_act == 0 and legal(s) == ["open", "closed"]
    run(s, "closed")
    assert s.to_act == 2
    run(s, "play 7H")
    assert s.to_act == 0 and s.hand_to_play == 3
    play_out(s)
    assert s.sheet.gora == (14, 9, 10, 10)  # the dealer whisted alone and was short 4


def test_four_dealer_may_look_at_the_first_defenders_hand_too() -> None:
    s = run(four_six_spades(), "pass", "pass", "look 2")
    assert s.dealer_looked == 2 and set(s.observation(0).to_json()["hands_seen"]) == {"2"}
    assert s.observation(3).to_json()["hands_seen"] == {}
    run(s, "whist")
    assert s.replaced == 2 and s.lone_whister == 0 and s.whisters == [0]
    run(s, "play AS")  # seat 1 (the declarer) leads; the dealer chooses open or closed
    run(s, "closed", "play 7H")  # seat 2's hand is played by the dealer
    assert s.to_act == 3 and s.hand_to_play == 3


def test_four_dealer_after_half_whist_may_take_either_place() -> None:
    for seat in (2, 3):
        s = run(four_six_spades(), "pass", "half-whist", "pass", f"look {seat}")
        assert s.dealer_looked == seat and set(s.observation(0).to_json()["hands_seen"]) == {str(seat)}
        assert s.whist_calls[-1] == (0, f"look {seat}")
        run(s, "whist")
        assert s.replaced == seat and s.half_whister is None


def test_four_dealer_passes_the_declarer_goes_for_his_own() -> None:
    s = run(four_six_spades(), "pass", "half-whist", "pass", "pass")
    assert s.is_over and s.for_own and s.sheet.whists[3][1] == 4


def test_four_no_dealer_whist_when_switched_off() -> None:
    game = GamePreferans(players=4, dealer_whists=False)
    s = game.new_deal([SPADES.split(), HEARTS.split(), DIAMONDS.split()], TALON.split(), dealer=0)
    run(s, "bid 6S", "pass", "pass", "discard 8C", "discard 7C", "contract 6S", "pass", "pass")
    assert s.is_over and s.for_own


def test_four_declarer_short_the_dealer_writes_ten_whists_too() -> None:
    game = GamePreferans(players=4)
    s = game.new_deal([SPADES.split(), HEARTS.split(), DIAMONDS.split()], TALON.split(), dealer=0)
    run(s, "pass", "bid 6NT", "pass", "discard 8C", "discard 7C", "contract 6NT", "whist", "whist")
    play_out(s)
    down = 6 - s.won[2]
    assert down > 0 and s.sheet.whists[0][2] == 10 * down


def test_four_raspasy_dealer_writes_himself_a_six() -> None:
    game = GamePreferans(players=4)
    s = game.new_deal([SPADES.split(), HEARTS.split(), DIAMONDS.split()], TALON.split(), dealer=0)
    play_out(run(s, "pass", "pass", "pass"))
    assert s.sheet.pulya[0] >= 1 and s.sheet.gora[0] <= 9


# -- raspasy through the engine ------------------------------------------------------------------


def test_raspasy_scored_five_whists_a_trick_to_the_winner() -> None:
    s = play_out(run(deal3(), "pass", "pass", "pass"))
    tricks = {seat: s.won[seat] for seat in (1, 2, 0)}
    fewest = min(tricks.values())
    winners = [seat for seat, t in tricks.items() if t == fewest]
    for loser, t in tricks.items():
        if loser not in winners:
            for w in winners:
                assert s.sheet.whists[w][loser] == Fraction(5 * t, len(winners))
    assert sum(s.scores) == 0 and s.deals[-1].result["outcome"] == "raspasy"


# -- between deals ---------------------------------------------------------------------------------


def test_carrying_the_last_pulya_is_asked_before_anyone_sees_his_cards() -> None:
    sheet = Sheet(target=20, pulya=(20, 12, 20), gora=(0, 3, 0), whists=new_sheet(3).whists)
    s = deal3(sheet=sheet, single=False)
    assert s.phase.value == "settle" and s.to_act == 1 and s.settle_question == "pulya"
    assert legal(s) == ["settle", "pass"]
    assert all(s.observation(seat).to_json()["hand"] is None for seat in (0, 1, 2))
    run(s, "settle")
    assert s.sheet.pulya == (20, 20, 20) and s.sheet.gora == (0, 11, 0)
    assert s.settle_question == "gora" and s.to_act == 1  # now the last gora too
    run(s, "pass")
    assert s.phase.value == "auction" and s.to_act == 1 and s.observation(1).to_json()["hand"] is not None


def test_settling_the_last_gora_ends_the_match() -> None:
    sheet = Sheet(target=20, pulya=(20, 20, 20), gora=(0, 0, 5), whists=new_sheet(3).whists)
    s = deal3(sheet=sheet, single=False)
    assert s.settle_question == "gora" and s.to_act == 2
    run(s, "settle")
    assert s.is_over and s.scores == (Fraction(50, 3), Fraction(50, 3), Fraction(-100, 3))
    assert s.scores_json() == ["50/3", "50/3", "-100/3"] and s.winners == (0, 1)
    assert s.deals[-1].result["outcome"] == "gora settled"


def test_declining_to_carry_is_asked_again_next_deal_only() -> None:
    sheet = Sheet(target=20, pulya=(20, 12, 20), gora=(0, 3, 0), whists=new_sheet(3).whists)
    s = deal3(sheet=sheet, single=False)
    run(s, "pass")
    assert s.phase.value == "auction"

"""Rule-clause tests for Пятьсот: deal, auction, talon and play (src/prikup/docs/rules/pyatsot.md)."""

from __future__ import annotations

import pytest
from pt_helpers import A_PLAY, A_START, A_TALON, F_TALON, A, F, deal, hand, legal, position, run

from prikup import IllegalActionError, make_game
from prikup.core.actions import Action
from prikup.core.cards import Card, mask_of, parse_cards
from prikup.core.game import Phase
from prikup.games import find_game
from prikup.games.pyatsot import (
    COMBINATION_CARDS,
    COMBINATION_VALUES,
    DECK,
    MAX_POINTS,
    POINTS,
    GamePyatsot,
    best_combinations,
    bid_cap,
    combination_value,
    talon_score,
)

# Deal C (3 players, dealer 2): seat 0 holds the hearts triangle and wins trick after trick.
C = {
    0: "AS TS AC TC KH QH JH",
    1: "KS QS JS 9S KC QC JC",
    2: "AD TD KD QD JD 9D TH",
}
C_TALON = "AH 9H 9C"
C_START = ("bid 60", "pass", "pass", "keep AH", "give 9H", "give 9C", "contract 60")


# -- the game, cards and tables -------------------------------------------------------------------


def test_game_id_and_aliases():
    assert find_game("pyatsot") is GamePyatsot
    assert find_game("пятьсот") is GamePyatsot
    assert find_game("fast-thousand") is GamePyatsot


def test_deck_has_24_cards_worth_120():
    assert len(DECK) == 24
    assert sum(POINTS[c.id] for c in DECK) == 120
    assert {str(c)[0] for c in DECK} == set("ATKQJ9")


def test_card_points_a11_t10_k4_q3_j2_nine0():
    assert [POINTS[Card.parse(c).id] for c in ("AS", "TS", "KS", "QS", "JS", "9S")] == [11, 10, 4, 3, 2, 0]


def test_combination_values_table_of_the_seed():
    assert COMBINATION_VALUES["KQJ"] == (60, 80, 100, 120)  # spades, clubs, diamonds, hearts
    assert COMBINATION_VALUES["KQ"] == (40, 60, 80, 100)
    assert COMBINATION_VALUES["QJ"] == (20, 30, 40, 50)
    assert combination_value("KQJ", Card.parse("KH").suit) == 120


def test_triangle_counts_over_its_marriages():
    best = best_combinations(mask_of(parse_cards("KH QH JH")))
    assert [(k, v) for k, v in best.values()] == [("KQJ", 120)]


def test_ten_ranks_above_king():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:6])
    assert s.tricks[1][1] == 2  # TH took the trick led with KH (hearts trumps)


# -- deal --------------------------------------------------------------------------------------------


def test_seven_cards_each_three_to_the_talon():
    s = make_game("pyatsot").new_match(seed=3)
    assert [h.bit_count() for h in s.hands] == [7, 7, 7]
    assert s.talon.bit_count() == 3


def test_four_players_the_dealer_sits_out():
    s = make_game("pyatsot", players=4).new_match(seed=3, first_dealer=1)
    assert s.active_seats() == (2, 3, 0)
    assert s.hands[1] == 0 and s.to_act == 2


def test_the_deal_passes_to_the_left():
    m = make_game("pyatsot").new_match(seed=1, first_dealer=0)
    run(m, "bid 60", "pass", "pass")
    while m.phase is not Phase.CONTRACT:
        m.apply(m.legal_actions()[0])
    m.apply("concede")
    assert len(m.deals) == 2 and m.dealer == 1 and m.to_act == 2


# -- auction ----------------------------------------------------------------------------------------


def test_opener_left_of_dealer_must_bid():
    s = deal(A, A_TALON, dealer=2)
    assert s.to_act == 0
    with pytest.raises(IllegalActionError, match="must bid"):
        s.apply("pass")
    assert "pass" not in legal(s)


def test_bids_start_at_60_in_steps_of_5():
    s = deal(A, A_TALON)
    for bad in ("bid 55", "bid 62"):
        with pytest.raises(IllegalActionError, match="steps of 5"):
            s.apply(bad)
    s.apply("bid 65")
    assert s.high_bid == 65


def test_bid_options_min_bid_and_step():
    s = deal(A, A_TALON, min_bid=100, bid_step=10)
    assert min(a.number for a in s.legal_actions()) == 100
    with pytest.raises(IllegalActionError):
        s.apply("bid 105")
    s.apply("bid 110")


def test_a_bid_must_be_higher():
    s = run(deal(A, A_TALON), "bid 80")
    with pytest.raises(IllegalActionError, match="higher than the current bid 80"):
        s.apply("bid 80")
    s.apply("bid 85")


def test_a_pass_is_final():
    s = run(deal(A, A_TALON), "bid 60", "pass", "bid 65")
    assert s.to_act == 0  # seat 1 passed and is skipped
    s.apply("bid 70")
    assert s.to_act == 2


def test_last_bidder_wins_the_auction():
    s = run(deal(A, A_TALON), "bid 60", "bid 65", "pass", "pass")
    assert s.declarer == 1 and s.phase is Phase.KEEP and s.to_act == 1


def test_no_bid_above_120_without_a_combination():
    s = run(deal(A, A_TALON), "bid 60", "pass")
    assert s.to_act == 2  # seat 2 holds no marriage
    with pytest.raises(IllegalActionError, match="without a marriage or a triangle"):
        s.apply("bid 125")
    s.apply("bid 120")


def test_a_marriage_lifts_the_cap_by_its_value():
    # seat 0 holds K+Q of hearts (100) and of diamonds (80): cap 300
    s = deal(A, A_TALON)
    assert max(a.number for a in s.legal_actions()) == 300
    with pytest.raises(IllegalActionError, match="at most 300"):
        s.apply("bid 305")
    s.apply("bid 300")


def test_bid_cap_options():
    hand_mask = mask_of(parse_cards(A[1]))  # spades triangle 60, clubs K+Q 60
    assert bid_cap(hand_mask, "sum") == 240
    assert bid_cap(hand_mask, "best") == 180
    assert bid_cap(hand_mask, "unlimited") == MAX_POINTS == 400
    assert bid_cap(mask_of(parse_cards(A[2])), "unlimited") == 120


def test_bid_cap_by_its_definition_for_every_arrangement_of_combination_cards():
    # bid_cap answers 120 without looking combinations up when no queen has her king or jack:
    # every arrangement of the twelve combination cards (and a card that makes none) gives what
    # the combinations held say, under each rule
    cards = [c for c in DECK if c.mask & COMBINATION_CARDS]
    assert len(cards) == 12
    other = next(c for c in DECK if not c.mask & COMBINATION_CARDS).mask
    for rule in ("sum", "best", "unlimited"):
        for pick in range(1 << 12):
            held = sum(c.mask for i, c in enumerate(cards) if pick >> i & 1)
            best = best_combinations(held)
            if not best:
                expected = 120
            elif rule == "sum":
                expected = 120 + sum(v for _, v in best.values())
            elif rule == "best":
                expected = 120 + max(v for _, v in best.values())
            else:
                expected = MAX_POINTS
            assert bid_cap(held | other, rule) == expected, (rule, held)


def test_a_player_at_minus_120_may_not_bid():
    s = position(A, A_TALON, [0, -120, 0])
    run(s, "bid 60")
    assert s.to_act == 2  # seat 1 is barred: he always passes
    run(s, "pass")
    assert s.declarer == 0 and s.phase is Phase.KEEP
    assert s.observation(None).to_json()["barred"] == [1]


def test_barred_opener_next_eligible_player_opens():
    s = position(A, A_TALON, [-130, 0, 0])
    assert s.to_act == 1
    with pytest.raises(IllegalActionError, match="must bid"):
        s.apply("pass")


def test_everyone_barred_opener_bids_anyway():
    s = position(A, A_TALON, [-200, -150, -120])
    assert s.to_act == 0 and "pass" not in legal(s)
    s.apply("bid 60")
    assert s.declarer == 0 and s.phase is Phase.KEEP


def test_everyone_barred_throw_in_option():
    s = position(A, A_TALON, [-200, -150, -120], all_barred="throw_in")
    assert legal(s) == {"pass"}
    s.apply("pass")
    assert s.deals[-1].result["outcome"] == "thrown in"
    assert s.scores == (-200, -150, -120) and s.phase is Phase.DEAL and s.dealer == 0


# -- talon ------------------------------------------------------------------------------------------


def test_declarer_keeps_one_talon_card():
    s = run(deal(A, A_TALON), "bid 60", "pass", "pass")
    assert legal(s) == {"keep 9C", "keep JD", "keep 9D"}
    with pytest.raises(IllegalActionError, match="not in the talon"):
        s.apply("keep AS")
    s.apply("keep 9C")
    assert "9C" in hand(s, 0) and len(hand(s, 0)) == 8


def test_the_other_two_go_face_down_one_to_each_opponent():
    s = run(deal(A, A_TALON), "bid 60", "pass", "pass", "keep 9C")
    assert legal(s) == {"give JD", "give 9D"}
    with pytest.raises(IllegalActionError, match="talon cards left to give"):
        s.apply("give AS")  # a card of his own hand may not be given
    run(s, "give JD", "give 9D")
    assert "JD" in hand(s, 1) and "9D" in hand(s, 2)  # the left opponent first
    assert [len(hand(s, p)) for p in range(3)] == [8, 8, 8]
    assert s.phase is Phase.CONTRACT


def test_contract_at_least_the_bid_in_points_with_no_strain():
    s = run(deal(A, A_TALON), "bid 60", "pass", "bid 80", "pass", "keep 9C", "give JD", "give 9D")
    assert s.declarer == 2
    with pytest.raises(IllegalActionError, match="below the winning bid 80"):
        s.apply("contract 75")
    with pytest.raises(IllegalActionError, match="no strain"):
        s.apply("contract 100 H")
    assert Action.parse("contract 120").number == 120 and str(Action.parse("contract 120")) == "contract 120"
    s.apply("contract 120")
    assert s.contract == 120 and s.phase is Phase.PLAY


def test_contract_cap_counts_the_kept_card():
    # seat 1 holds K+Q of clubs (60) and the spades triangle (60) -> 240; keeping 9C adds nothing
    s = run(deal(A, A_TALON), "bid 60", "bid 65", "pass", "pass", "keep JD", "give 9C", "give 9D")
    assert max(a.number for a in s.legal_actions() if a.number) == 240


def test_concede_costs_the_bid_and_pays_60_to_each_opponent():
    s = run(deal(A, A_TALON), "bid 60", "pass", "bid 85", "pass", "keep 9C", "give JD", "give 9D")
    s.apply("concede")
    assert s.scores == (60, 60, -85)
    assert s.deals[-1].result["outcome"] == "refused"


# -- play -------------------------------------------------------------------------------------------


def test_declarer_leads_first():
    s = run(deal(A, A_TALON, dealer=0), "bid 60", "pass", "pass")  # seat 1 opens, wins
    run(s, "keep 9C", "give 9D", "give JD", "contract 60")
    assert s.to_act == 1


def test_no_trumps_until_a_combination_is_declared():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:3])
    assert s.trump is None
    assert s.tricks[0][1] == 0  # AS wins: AH, played by a player void in spades, is no trump
    assert s.observation(0).to_json()["trump"] == "NT"


def test_a_player_without_a_trick_cannot_declare():
    s = run(deal(A, A_TALON), *A_START)
    assert not any(a.modifier for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="only a player who has taken a trick may declare"):
        s.apply("play KH declare KQ")


def test_declaring_makes_trumps_and_counts_its_value():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:3])
    assert "play KH declare KQ" in legal(s) and "play QH declare KQ" in legal(s)
    s.apply("play KH declare KQ")
    assert s.trump == Card.parse("KH").suit and s.trump_maker == 0
    assert s.points(0) == 26 + 100


def test_a_second_declaration_changes_trumps_mid_deal():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:9])
    assert s.trump.name == "H"
    run(s, *A_PLAY[9:12])  # seat 1: play KC declare KQ
    assert s.trump.name == "C" and s.trump_maker == 1
    run(s, *A_PLAY[12:15])  # seat 0 leads QH (no longer trump), seat 1 trumps it with QC
    assert s.tricks[4][1] == 1


def test_trump_lead_with_other_suits_only_by_the_trump_maker():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:6])  # hearts made trumps by seat 0; seat 2 to lead
    assert s.to_act == 2 and "9H" in hand(s, 2)
    with pytest.raises(IllegalActionError, match="only the player who made trumps may lead a trump"):
        s.apply("play JH")
    assert "play JH" not in legal(s) and "play JC" in legal(s)


def test_the_trump_maker_may_lead_trumps():
    s = run(deal(C, C_TALON), *C_START, "play AS", "play 9S", "play 9C", "play AH", "play 9H", "play TH")
    s.apply("play JH declare QJ")
    assert s.to_act == 1
    run(s, "play KS", "play AD")
    assert s.to_act == 0  # JH, a trump, took the trick
    assert "play KH" in legal(s)  # the maker may lead a trump while holding other suits


def test_a_player_holding_only_trumps_may_lead_one():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:21])
    assert s.to_act == 2 and s.trump_maker == 0 and hand(s, 2) == {"TD"}
    s.apply("play TD")


def test_follow_suit_otherwise_any_card_no_duty_to_trump():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:9], "play KC declare KQ")
    # seat 2 holds no club: anything goes, trump or not
    assert legal(s) == {f"play {c}" for c in hand(s, 2)}
    s.apply("play 9D")
    with pytest.raises(IllegalActionError, match="follow suit"):
        s.apply("play TS")  # seat 0 holds AC


def test_the_led_card_must_belong_to_the_combination():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:3])
    with pytest.raises(IllegalActionError, match="must belong to the combination"):
        s.apply("play TS declare KQ")
    with pytest.raises(IllegalActionError, match="must belong to the combination"):
        s.apply("play KH declare QJ")


def test_a_declaration_needs_all_its_cards_in_hand():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:3])
    with pytest.raises(IllegalActionError, match="must hold all of"):
        s.apply("play KH declare KQJ")
    with pytest.raises(IllegalActionError, match="declare KQJ"):
        s.apply("play KH declare XYZ")


def test_a_card_counts_in_one_declaration_only():
    s = run(deal(C, C_TALON), *C_START, "play AS", "play 9S", "play 9C", "play AH", "play 9H", "play TH")
    run(s, "play JH declare QJ", "play KS", "play AD")
    with pytest.raises(IllegalActionError, match="already counted in a declaration"):
        s.apply("play KH declare KQ")
    assert not any(a.modifier for a in s.legal_actions())


def test_a_declaration_only_when_leading():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:7])  # seat 2 led JC, seat 0 to follow
    with pytest.raises(IllegalActionError):
        s.apply("play KD declare KQ")


def test_rejected_action_leaves_the_state_unchanged():
    s = run(deal(A, A_TALON), *A_START, *A_PLAY[:6])
    before = (s.observation(None).to_json(), s.hands[:], s.phase, s.to_act)
    with pytest.raises(IllegalActionError) as info:
        s.apply("play JH")
    assert info.value.legal and "play JC" in info.value.legal
    assert (s.observation(None).to_json(), s.hands[:], s.phase, s.to_act) == before


def test_four_player_dealer_scores_a_talon_holding_a_marriage():
    assert talon_score(mask_of(parse_cards(F_TALON))) == 7 + 100
    s = deal(F, F_TALON, dealer=3, players=4)
    run(s, "bid 60", "pass", "pass", "keep 9H", "give KH", "give QH", "contract 60")
    while s.phase is Phase.PLAY:
        s.apply(next(a for a in s.legal_actions() if a.modifier is None))
    log = s.deals[-1]
    assert log.score_changes[3] == 107 and log.result["talon_points"] == 107
    assert sorted(log.result["talon"]) == sorted(F_TALON.split())
    assert sum(int(p) for p in log.result["points"].values()) == 120


def test_four_player_dealer_scores_the_talon_on_a_refusal_by_default():
    s = deal(F, F_TALON, dealer=3, players=4)
    run(s, "bid 60", "pass", "pass", "keep 9H", "give KH", "give QH", "concede")
    assert s.scores == (-60, 60, 60, 107)
    s2 = deal(F, F_TALON, dealer=3, players=4, dealer_talon_on_refusal=False)
    run(s2, "bid 60", "pass", "pass", "keep 9H", "give KH", "give QH", "concede")
    assert s2.scores == (-60, 60, 60, 0)

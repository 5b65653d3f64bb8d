"""Rule-clause tests for 501, named after the clause of src/prikup/docs/rules/501.md they check."""

from __future__ import annotations

import pytest
from helpers501 import MARRIAGE, MARRIAGE_TALON, TRUMPS, TRUMPS_TALON, deal, hand, legal, run

from prikup import IllegalActionError, make_game
from prikup.games.five_oh_one import DECK, POINTS, match_winners

# -- cards ---------------------------------------------------------------------------------


def test_deck_has_24_cards_worth_120():
    assert len(DECK) == 24
    assert sum(POINTS[c.id] for c in DECK) == 120


def test_ten_ranks_above_king():
    # trumps hearts: TH beats KH in a trick led with KH
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 66", "pass", "pass", "give 9D", "give JD", "contract 66 D")
    run(s, "play KH", "play 9D", "play JD")  # seat 1, 2 void in hearts: must trump
    assert s.tricks[0][1] == 2  # JD beats 9D (both trumps): J above 9
    s2 = deal(TRUMPS, TRUMPS_TALON)
    run(s2, "look", "bid 66", "pass", "pass", "give 9D", "give JD", "contract 66 H")
    # seat 0 leads hearts; seats 1 and 2 have none and no hearts trumps -> anything
    run(s2, "play KH", "play AD", "play TS")
    assert s2.tricks[0][1] == 0


# -- auction -------------------------------------------------------------------------------


def test_auction_starts_left_of_dealer():
    s = deal(TRUMPS, TRUMPS_TALON, dealer=1)
    assert s.to_act == 2


def test_bid_at_least_66_and_higher_than_previous():
    s = deal(TRUMPS, TRUMPS_TALON)
    with pytest.raises(IllegalActionError, match="at least 66"):
        s.apply("bid 65")
    s.apply("bid 70")
    with pytest.raises(IllegalActionError, match="higher than the current bid 70"):
        s.apply("bid 70")
    assert s.to_act == 1 and s.high_bid == 70


def test_max_bid_is_220_by_default_and_an_option():
    s = deal(TRUMPS, TRUMPS_TALON)
    with pytest.raises(IllegalActionError, match="max_bid 220"):
        s.apply("bid 221")
    s.apply("bid 220")
    s2 = deal(TRUMPS, TRUMPS_TALON, max_bid=150)
    with pytest.raises(IllegalActionError, match="max_bid 150"):
        s2.apply("bid 151")


def test_pass_is_final():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "pass", "bid 66", "bid 70")
    # seat 0 passed: the auction continues between 1 and 2 only
    assert s.to_act == 1
    run(s, "bid 75")
    assert s.to_act == 2


def test_auction_ends_when_all_others_passed_after_a_bid():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "bid 66", "pass", "bid 70", "pass")
    assert s.phase.value == "talon" and s.declarer == 2


def test_all_pass_scores_nothing_and_deal_passes_left():
    state = make_game("501").new_replay(first_dealer=2)
    state.deal({s: h.split() for s, h in TRUMPS.items()}, TRUMPS_TALON.split())
    run(state, "pass", "pass", "pass")  # type: ignore[arg-type]
    assert state.scores == (501, 501, 501)
    assert state.deals[-1].score_changes == [0, 0, 0]
    assert state.phase.value == "deal" and state.dealer == 0


# -- dark play -------------------------------------------------------------------------------


def test_dark_player_does_not_see_his_cards():
    s = deal(TRUMPS, TRUMPS_TALON)
    obs = s.observation(0).to_json()
    assert obs["hand"] is None and obs["dark"] == [True, True, True]
    s.apply("look")
    obs = s.observation(0).to_json()
    assert set(obs["hand"]) == set(TRUMPS[0].split())
    assert s.to_act == 0  # looking is not a call


def test_everyone_sees_his_cards_when_the_auction_ends():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "bid 66", "pass", "pass")
    assert all(s.observation(seat).to_json()["hand"] is not None for seat in range(3))


def test_dark_winner_is_doubled_even_after_raising_the_contract():
    # the rules page's worked example: tests/data/501_worked_example.json (see test_501_records)
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "bid 66", "pass", "pass")
    assert s.declarer_dark


def test_winner_who_looked_before_the_auction_ended_is_not_doubled():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "bid 66", "bid 70", "look", "bid 75", "pass", "pass")
    assert s.declarer == 2 and not s.declarer_dark
    run(s, "concede")
    assert s.scores == (501 - 25, 501 - 25, 501 + 75)


def test_dark_concession_is_doubled():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "bid 80", "pass", "pass", "concede")
    assert s.scores == (501 + 160, 476, 476)


def test_look_only_once():
    s = deal(TRUMPS, TRUMPS_TALON)
    s.apply("look")
    with pytest.raises(IllegalActionError, match="already looked"):
        s.apply("look")


def test_look_takes_no_seat_number():
    # 501's dark player looks at his own cards: "look 3" (preferans' dealer naming a hand) is
    # no action of 501 -- it has no id, is not legal, and is rejected like any illegal action
    s = deal(TRUMPS, TRUMPS_TALON)
    assert not s.can("look 3")
    assert "look 3" not in {str(a) for a in s.legal_actions()}
    with pytest.raises(IllegalActionError, match="no seat number"):
        s.apply("look 3")
    assert s.history == [] and s.dark[s.to_act]
    with pytest.raises(IllegalActionError, match="no such action"):
        s.game.action_id("look 3")


# -- talon, concession, gifts, contract -------------------------------------------------------


def test_talon_is_turned_for_everyone_and_joins_the_winner():
    s = deal(TRUMPS, TRUMPS_TALON)
    assert all(s.observation(seat).to_json()["talon"] is None for seat in range(3))
    run(s, "look", "bid 66", "pass", "pass")
    for seat in (0, 1, 2, None):
        assert set(s.observation(seat).to_json()["talon"]) == set(TRUMPS_TALON.split())
    assert hand(s, 0) == set(TRUMPS[0].split()) | set(TRUMPS_TALON.split())


def test_concede_adds_the_bid_and_opponents_lose_25():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 90", "pass", "pass", "concede")
    assert s.scores == (591, 476, 476)
    assert s.is_over  # a single deal


def test_concede_only_right_after_the_talon():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 66", "pass", "pass", "give 9D")
    with pytest.raises(IllegalActionError):
        s.apply("concede")


def test_one_gift_to_each_opponent_seen_by_giver_and_receiver_only():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 66", "pass", "pass", "give 9D", "give JD")
    assert "9D" in hand(s, 1) and "JD" in hand(s, 2)
    assert [len(hand(s, seat)) for seat in range(3)] == [8, 8, 8]
    assert s.observation(0).to_json()["gifts"] == [{"to": 1, "card": "9D"}, {"to": 2, "card": "JD"}]
    assert s.observation(1).to_json()["gifts"] == [{"to": 1, "card": "9D"}, {"to": 2, "card": None}]
    assert s.observation(2).to_json()["gifts"] == [{"to": 1, "card": None}, {"to": 2, "card": "JD"}]
    assert s.observation(None).to_json()["gifts"] == [{"to": 1, "card": None}, {"to": 2, "card": None}]
    assert s.action_view(0, s.deals[-1].actions[-1][1], 1) == "give a card"
    assert s.action_view(0, s.deals[-1].actions[-1][1], 2) == "give JD"


def test_gift_must_be_a_card_you_hold():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 66", "pass", "pass")
    with pytest.raises(IllegalActionError, match="you do not hold AC"):
        s.apply("give AC")


def test_contract_not_below_the_bid_and_trumps_or_no_trump():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 90", "pass", "pass", "give 9D", "give JD")
    with pytest.raises(IllegalActionError, match="below the winning bid 90"):
        s.apply("contract 85 H")
    assert "contract 90 NT" in legal(s) and "contract 220 S" in legal(s)
    assert "contract 221 S" not in legal(s)
    s.apply("contract 120 NT")
    assert s.trump is None and s.contract == 120


def test_exchange_order_option_contract_first():
    s = deal(TRUMPS, TRUMPS_TALON, exchange_order="contract_first")
    run(s, "look", "bid 66", "pass", "pass")
    assert "give 9D" not in legal(s) and "contract 66 D" in legal(s) and "concede" in legal(s)
    run(s, "contract 70 D", "give 9D", "give JD")
    assert s.phase.value == "play"


# -- play ---------------------------------------------------------------------------------------


def _trumps_in_diamonds(gift1: str = "9D", gift2: str = "JD") -> object:
    s = deal(TRUMPS, TRUMPS_TALON)
    return run(s, "look", "bid 66", "pass", "pass", f"give {gift1}", f"give {gift2}", "contract 66 D")


def test_first_lead_by_dealers_left_not_the_declarer():
    s = deal(TRUMPS, TRUMPS_TALON, dealer=0)  # seat 1 is left of the dealer
    run(s, "pass", "pass", "look", "bid 66")
    assert s.declarer == 0 and s.phase.value == "talon"
    run(s, "give 9D", "give JD", "contract 66 D")
    assert s.to_act == 1


def test_follow_suit():
    s = _trumps_in_diamonds()
    run(s, "play AS")  # seat 0 leads a spade; seat 1 has none, seat 2 has spades
    s.apply("play 9D")  # seat 1 void in spades: must trump
    assert legal(s) == {"play TS", "play KS", "play QS", "play JS", "play 9S"}
    with pytest.raises(IllegalActionError, match="follow suit"):
        s.apply("play JC")


def test_must_trump_even_when_it_cannot_win():
    # seat 1 trumps with AD; seat 2, void in hearts, holds only JD in trumps: he must play it
    s = _trumps_in_diamonds("9D", "JD")
    run(s, "play AH", "play AD")
    assert legal(s) == {"play JD"}
    with pytest.raises(IllegalActionError, match="must trump"):
        s.apply("play 9C")


def test_no_duty_to_overtrump():
    # seat 1 gets KD and trumps with it; seat 2 holds JD (lower) and QD... give QD to seat 2
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 66", "pass", "pass", "give QD", "give JD", "contract 66 D")
    run(s, "play AH", "play QD")
    assert legal(s) == {"play JD"}  # seat 2's only trump is JD, below QD: allowed (and forced)
    s2 = deal(TRUMPS, TRUMPS_TALON)
    run(s2, "look", "bid 66", "pass", "pass", "give 9D", "give QD", "contract 66 D")
    run(s2, "play AH", "play KD")
    assert legal(s2) == {"play QD"}  # under-trumping KD is legal
    run(s2, "play QD")
    assert s2.tricks[-1][1] == 1


def test_no_duty_to_beat_the_card_led():
    s = _trumps_in_diamonds("QD", "JD")
    s.apply("play 9D")  # seat 0 leads a trump
    assert legal(s) >= {"play AD", "play QD"}  # seat 1 may play low under or over


def test_no_trump_means_follow_suit_else_anything():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 66", "pass", "pass", "give 9D", "give JD", "contract 66 NT")
    s.apply("play AH")
    assert legal(s) == {f"play {c}" for c in hand(s, 1)}


def test_trick_to_highest_trump_else_highest_of_suit_led_and_winner_leads():
    s = _trumps_in_diamonds()
    run(s, "play AS", "play 9D", "play 9S")
    assert s.tricks[-1][1] == 1 and s.to_act == 1
    run(s, "play AC", "play JC", "play QD")
    assert s.tricks[-1][1] == 0 and s.to_act == 0


# -- marriages ----------------------------------------------------------------------------------


def _marriage_deal() -> object:
    s = deal(MARRIAGE, MARRIAGE_TALON)
    return run(s, "pass", "look", "bid 66", "pass", "give JD", "give JC")


def test_marriage_needs_king_and_queen_and_is_announced_before_the_lead():
    s = _marriage_deal()
    s.apply("contract 66 C")
    assert "play 9H marriage S" in legal(s)
    assert not any("marriage H" in a for a in legal(s))
    with pytest.raises(IllegalActionError, match="king and the queen of H"):
        s.apply("play 9H marriage H")
    s.apply("play 9H")
    with pytest.raises(IllegalActionError):
        s.apply("play AS marriage S")  # seat 1 holds no marriage, and it is not his lead


def test_marriage_only_before_the_lead_not_when_following():
    s = _marriage_deal()
    run(s, "contract 66 C", "play 9H", "play QC")
    assert s.to_act == 2  # seat 2 holds KH QH but is following: no marriage
    assert not any("marriage" in a for a in legal(s))


def _play_out(s: object, policy: dict[int, str]) -> None:
    """Play to the end: a seat with policy 'low' plays its lowest-strength legal card, 'high' its highest."""
    from prikup.games.five_oh_one import STRENGTH

    while s.phase.value == "play":  # type: ignore[attr-defined]
        seat = s.to_act  # type: ignore[attr-defined]
        plain = [a for a in s.legal_actions() if a.modifier is None]  # type: ignore[attr-defined]
        trump = s.trump  # type: ignore[attr-defined]

        def key(a: object, trump: object = trump) -> int:
            card = a.card  # type: ignore[attr-defined]
            return STRENGTH[card.id] + (10 if card.suit == trump else 0)

        pick = min(plain, key=key) if policy[seat] == "low" else max(plain, key=key)
        s.apply(pick)  # type: ignore[attr-defined]


def test_marriage_announced_at_first_lead_counts_only_if_owner_takes_a_trick():
    s = _marriage_deal()
    run(s, "contract 66 C", "play 9H marriage S")
    _play_out(s, {0: "low", 1: "high", 2: "high"})
    assert s.won[0] == 0
    assert s.deals[-1].score_changes[0] == 0  # the marriage (20) does not count


def test_marriage_counts_for_a_player_who_takes_a_trick():
    s = _marriage_deal()
    run(s, "contract 66 C", "play KS marriage S")
    # seat 1 must follow with AS or TS; play TS, seat 2 follows JS: seat 1 wins, then low play
    run(s, "play TS", "play JS")
    _play_out(s, {0: "high", 1: "low", 2: "low"})
    assert s.won[0] >= 1
    from prikup.core.tricks import card_points
    from prikup.games.five_oh_one import POINTS

    assert s.deals[-1].score_changes[0] == -(card_points(s.taken[0], POINTS) + 20)


def test_marriage_in_trumps_is_40_others_20_and_all_20_in_no_trump():
    from prikup.core.cards import Suit
    from prikup.games.five_oh_one import marriage_value

    assert marriage_value(Suit.H, Suit.H) == 40
    assert marriage_value(Suit.S, Suit.H) == 20
    assert all(marriage_value(s, None) == 20 for s in Suit)
    s = _marriage_deal()
    run(s, "contract 66 NT", "play 9H marriage S")
    assert s.observation(None).to_json()["marriages"] == [{"seat": 0, "suit": "S", "value": 20}]
    s2 = _marriage_deal()
    run(s2, "contract 66 S", "play 9H marriage S")
    assert s2.observation(None).to_json()["marriages"] == [{"seat": 0, "suit": "S", "value": 40}]


def test_marriage_does_not_change_trumps():
    s = _marriage_deal()
    run(s, "contract 66 C", "play 9H marriage S")
    assert s.trump is not None and s.trump.name == "C"


def test_each_suits_marriage_announced_once():
    s = _marriage_deal()
    run(s, "contract 66 C", "play KS marriage S", "play TS", "play JS")
    # seat 1 won; make seat 0 lead again later is rule-bound; check the rule directly
    assert s._why_no_marriage(0, s.marriages[0][1]) is not None


# -- scoring and the end of the match ------------------------------------------------------------


def test_declarer_made_goes_down_by_contract_defenders_down_by_points():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 66", "pass", "pass", "give 9D", "give JD", "contract 66 H")
    _play_out(s, {0: "high", 1: "high", 2: "high"})
    pts = {seat: s.points(seat) for seat in range(3)}
    assert sum(pts.values()) == 120 + sum(20 if m[1].name != "H" else 40 for m in s.marriages if s.won[m[0]])
    changes = s.deals[-1].score_changes
    if pts[0] >= 66:
        assert changes[0] == -66
    else:
        assert changes[0] == 66
    assert changes[1] == -pts[1] and changes[2] == -pts[2]


def test_four_player_dealer_has_no_cards_no_turn_and_no_score_change():
    game = make_game("501", players=4)
    state = game.new_match(seed=11)
    seen_dealers = set()
    import random

    rng = random.Random(5)
    while len(state.deals) < 6 and not state.is_over:
        dealer = state.dealer
        seen_dealers.add(dealer)
        assert state.hands[dealer] == 0
        assert dealer not in state.active_seats()
        assert state.to_act != dealer
        assert state.observation(dealer).to_json()["hand"] is None
        deals_before = len(state.deals)
        state.apply(rng.choice(state.legal_actions()))
        if len(state.deals) != deals_before or state.is_over:
            assert state.deals[deals_before - 1].score_changes[dealer] == 0
    assert len(seen_dealers) >= 4


def test_first_dealer_random_then_to_the_left():
    dealers = {make_game("501").new_match(seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2}
    s = make_game("501").new_match(seed=3)
    first = s.dealer
    run(s, "pass", "pass", "pass")  # type: ignore[arg-type]
    assert s.dealer == (first + 1) % 3


def test_match_ends_at_zero_or_below_lowest_score_wins():
    assert match_winners([10, 200, 300]) == []
    assert match_winners([0, 200, 300]) == [0]
    assert match_winners([-5, -30, 300]) == [1]  # simultaneous finish: the lowest wins


def test_exact_tie_below_zero_shares_the_win():
    assert match_winners([-12, -12, 40]) == [0, 1]


@pytest.mark.parametrize(
    ("before", "winners"),
    [([20, 10, 501], (1,)), ([20, 20, 501], (0, 1)), ([30, 10, 501], (1,))],
)
def test_simultaneous_finish_in_a_played_match(before, winners):
    state = make_game("501").new_replay(first_dealer=2)
    state._scores = list(before)  # two players close to zero
    state.deal({seat: h.split() for seat, h in TRUMPS.items()}, TRUMPS_TALON.split())
    run(state, "pass", "pass", "look", "bid 66", "concede")  # type: ignore[arg-type]
    # seat 2 concedes: seats 0 and 1 lose 25 each
    assert state.scores[:2] == (before[0] - 25, before[1] - 25)
    if min(state.scores) <= 0:
        assert state.is_over and state.winners == winners
    else:
        assert not state.is_over


def test_rejected_action_names_the_rule_and_the_legal_choices_and_changes_nothing():
    s = deal(TRUMPS, TRUMPS_TALON)
    before = [s.observation(seat).to_json() for seat in (None, 0, 1, 2)]
    with pytest.raises(IllegalActionError) as info:
        s.apply("play AH")
    err = info.value
    assert isinstance(err, ValueError)
    assert err.rule == "auction_call_501" and "in the auction a call is pass, look or bid N" in str(err)
    assert "look" in err.legal and "bid 66" in err.legal and "pass" in err.legal
    assert "Legal now:" in str(err)
    assert [s.observation(seat).to_json() for seat in (None, 0, 1, 2)] == before


def test_concede_option_before_play_allows_a_later_concession():
    s = deal(TRUMPS, TRUMPS_TALON)
    run(s, "look", "bid 66", "pass", "pass", "give 9D")
    with pytest.raises(IllegalActionError, match="only right after the talon"):
        s.apply("concede")
    s2 = deal(TRUMPS, TRUMPS_TALON, concede="before_play")
    run(s2, "look", "bid 66", "pass", "pass", "give 9D", "give JD")
    assert "concede" in legal(s2)
    s2.apply("concede")
    assert s2.scores == (567, 476, 476)

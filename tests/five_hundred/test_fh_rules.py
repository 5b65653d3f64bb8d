"""Rule-clause tests for Five Hundred, named after the clause of src/prikup/docs/rules/five-hundred.md they check."""

from __future__ import annotations

import pytest
from fh_helpers import DEAL_A, KITTY_A, deal, game, hand, legal, match_state, plays, run

from prikup import IllegalActionError
from prikup.core.game import Phase

# Deal D (standard game, dealer 3): seat 0 six top trumps in spades and four low clubs.
DEAL_D = {
    0: "JK JS JC AS KS QS 5C 6C 7C 8C",
    1: "AC KC QC TC 9C AD KD QD JD TD",
    2: "AH KH QH JH TH 9H 8H 7H 6H 5H",
    3: "TS 9S 8S 7S 6S 5S 9D 8D 7D 6D",
}
KITTY_D = "4H 4D 5D"
PLAY_D = [
    "play JK",
    "play TD",
    "play 5H",
    "play 5S",
    "play JS",
    "play JD",
    "play 6H",
    "play 6S",
    "play JC",
    "play QD",
    "play 7H",
    "play 7S",
    "play AS",
    "play KD",
    "play 8H",
    "play 8S",
    "play KS",
    "play AD",
    "play 9H",
    "play 9S",
    "play QS",
    "play 9C",
    "play TH",
    "play TS",
    "play 5C",
    "play AC",
    "play JH",
    "play 6D",
    "play KC",
    "play QH",
    "play 7D",
    "play 6C",
    "play QC",
    "play KH",
    "play 8D",
    "play 7C",
    "play TC",
    "play AH",
    "play 9D",
    "play 8C",
]  # seat 0 takes tricks 1-6, seat 1 tricks 7-10


def contract_d(state, bid="bid 6S"):
    return run(state, bid, "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D")


# -- cards and ranking ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opts", "size", "kitty"),
    [
        ({}, 43, 3),
        ({"deck": "42"}, 42, 2),
        ({"players": 3}, 33, 3),
        ({"players": 3, "deck": "32"}, 32, 2),
        ({"partnership": False}, 33, 3),
    ],
)
def test_deck_and_kitty_sizes(opts, size, kitty):
    g = game(**opts)
    assert len(g.deck()) == size and g.kitty_size == kitty


def test_deck_must_fit_the_form():
    with pytest.raises(ValueError, match="43, 42"):
        game(deck="33")
    with pytest.raises(ValueError, match="33, 32"):
        game(players=3, deck="43")


def test_left_bower_follows_trumps():
    # trumps S; seat 1 holds the left bower JC and clubs but no spade: a spade lead forces JC
    s = deal(
        {0: "AS KS QS TS 9S AH KH QH AD 5C", 1: "JC AC KC 5D 6D 7D 8D 9D TD QD", 2: "JS 8S 7S 6S QC TC 9C 8C 7C 6C"},
        "4D 4H 5H",
    )
    run(s, "bid 6S", "pass", "pass", "pass", "discard 4D", "discard 4H", "discard 5H", "play AS")
    assert plays(s) == {"JC"}
    run(s, "play JC")
    assert plays(s) == {"JS", "8S", "7S", "6S"}
    assert s.voids[1] == 0  # following with the left bower is following trumps


def test_left_bower_is_not_its_printed_suit():
    s = deal(
        {0: "AS KS QS TS 9S AH KH QH AD 5C", 1: "JC AC KC 5D 6D 7D 8D 9D TD QD", 2: "JS 8S 7S 6S QC TC 9C 8C 7C 6C"},
        "4D 4H 5H",
    )
    run(s, "bid 6S", "pass", "pass", "pass", "discard 4D", "discard 4H", "discard 5H", "play 5C")
    assert plays(s) == {"AC", "KC"}  # JC is a trump, not a club
    # a seat whose only "club" is the left bower is void in clubs: anything goes
    s2 = deal({0: "AS KS QS TS 9S AH KH QH AD 5C", 1: "JC 4D 5D 6D 7D 8D 9D TD QD KD"}, "4H 5H 6H")
    run(s2, "bid 6S", "pass", "pass", "pass", "discard 4H", "discard 5H", "discard 6H", "play 5C")
    assert plays(s2) == hand(s2, 1)


def test_joker_and_bowers_rank_above_the_ace_of_trumps():
    s = contract_d(deal(DEAL_D, KITTY_D))
    g = s.game
    lay = g.layouts[0]  # spades
    order = ["JK", "JS", "JC", "AS", "KS", "QS", "TS", "9S", "5S"]
    from prikup.core.cards import parse_card

    strengths = [lay.strength[parse_card(c).id] for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    assert lay.trump >> parse_card("JC").id & 1 and not lay.suits[1] >> parse_card("JC").id & 1
    assert not lay.trump >> parse_card("JD").id & 1  # red jack: a plain diamond
    run(s, "play JS", "play AD", "play AH", "play 5S")
    assert s.tricks[0][1] == 0


def test_joker_is_the_only_trump_in_no_trump():
    g = game()
    nt = g.layouts[4]
    from prikup.core.cards import parse_card

    assert nt.trump == parse_card("JK").mask
    assert nt.suits[1] >> parse_card("JC").id & 1  # no bowers in no-trump


# -- the joker in no-trump and misère -------------------------------------------------------------

NT_DEAL = {
    0: "AH KH 5S 6S 7S 8S 9S TS AD KD",
    1: "JK AS 5C 6C 7C 8C 9C TC JC QC",  # void in hearts and diamonds
    2: "AC KC QH JH TH 9H 8H 7H 6H 5H",
}
NT_KITTY = "4H 4D 5D"


def lowest(s, times=1):
    for _ in range(times):
        s.apply(f"play {sorted(plays(s))[0]}")


def nt_state(**options):
    s = deal(NT_DEAL, NT_KITTY, **options)
    return run(s, "bid 6NT", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D")


def test_led_joker_in_no_trump_names_a_suit():
    s = deal({0: "JK AS KS AH KH AD KD AC KC QC"}, "4H 4D 5D")
    run(s, "bid 6NT", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D")
    assert "play JK" not in legal(s)
    assert {"play JK as S", "play JK as C", "play JK as D", "play JK as H"} <= legal(s)
    with pytest.raises(IllegalActionError, match="names the suit"):
        s.apply("play JK")
    run(s, "play JK as D")
    led_d = {c for c in hand(s, 1) if c.endswith("D")}
    assert plays(s) == (led_d or hand(s, 1))
    assert s.observation(2).to_json()["trick_suit"] == "D"
    for _ in range(3):
        s.apply(f"play {sorted(plays(s))[0]}")
    assert s.tricks[0][1] == 0  # the joker takes the trick


def test_led_joker_may_not_name_a_suit_its_holder_has_shown_void_in():
    s = nt_state(joker_lead="not_void")  # a listed variant; the standard game's own text: any suit
    run(s, "play AH", "play 5C", "play 5H")  # seat 1 shows void in hearts
    lowest(s)
    assert s.voids[1] == 1 << 3
    run(s, "play 5S", "play AS")  # seat 1 wins with AS and leads
    lowest(s, 2)
    assert s.to_act == 1
    assert "play JK as H" not in legal(s) and "play JK as D" in legal(s)
    with pytest.raises(IllegalActionError, match="shown void"):
        s.apply("play JK as H")
    s2 = nt_state(joker_lead="any")
    run(s2, "play AH", "play 5C", "play 5H")
    lowest(s2)
    run(s2, "play 5S", "play AS")
    lowest(s2, 2)
    assert s2.to_act == 1 and "play JK as H" in legal(s2)


def test_void_only_refuses_the_joker_while_its_holder_can_follow():
    s = nt_state()
    run(s, "play AD")  # seat 1 has no diamond: the joker may go
    assert "JK" in plays(s)
    s2 = deal({0: "AH KH 5S 6S 7S 8S 9S TS AD 5C", 1: "JK AS 6C 7C 8C 9C TC JC QC KC"}, "4H 4D 5D")
    run(s2, "bid 6NT", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D", "play 5C")
    assert "JK" not in plays(s2) and plays(s2) == {"6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"}
    with pytest.raises(IllegalActionError, match="void_only"):
        s2.apply("play JK")


def test_any_time_joker_may_be_played_holding_the_suit_and_wins():
    s = deal({0: "AH KH 5S 6S 7S 8S 9S TS AD 5C", 1: "JK AS 6C 7C 8C 9C TC JC QC KC"}, "4H 4D 5D", joker_nt="any_time")
    run(s, "bid 6NT", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D", "play 5C")
    assert "JK" in plays(s)
    run(s, "play JK")
    assert s.voids[1] == 0  # using the joker is not showing void
    lowest(s, 2)
    assert s.tricks[0][1] == 1


# -- auction --------------------------------------------------------------------------------


def test_auction_starts_left_of_the_dealer():
    assert deal(DEAL_A, KITTY_A, dealer=3).to_act == 0
    assert deal(DEAL_A, KITTY_A, dealer=1).to_act == 2


def test_bids_rank_by_table_value():
    s = deal(DEAL_A, KITTY_A)
    run(s, "bid 6NT")
    assert "bid 6H" not in legal(s) and "bid 7S" in legal(s)
    with pytest.raises(IllegalActionError, match="outrank"):
        s.apply("bid 6H")


def test_pass_is_final():
    s = deal(DEAL_A, KITTY_A)
    run(s, "pass", "bid 6S", "bid 6C", "bid 6D")
    assert s.to_act == 1  # seat 0 passed and is skipped


def test_auction_ends_when_all_others_pass_after_a_bid():
    s = deal(DEAL_A, KITTY_A)
    run(s, "bid 6S", "bid 7D", "pass", "pass", "pass")
    assert s.phase is Phase.DISCARD and s.contractor == 1 and s.contract_call == "7D"


def test_misere_needs_the_seven_level_and_ranks_between_8s_and_8c():
    s = deal(DEAL_A, KITTY_A)
    assert "bid MIS" not in legal(s)
    run(s, "bid 6NT")
    assert "bid MIS" not in legal(s)
    run(s, "bid 7S")
    assert "bid MIS" in legal(s)
    run(s, "bid 8S")
    assert "bid MIS" in legal(s)
    run(s, "bid 8C")
    assert "bid MIS" not in legal(s)


def test_misere_any_time_in_the_three_player_form():
    s = deal({}, None, dealer=2, players=3)
    assert "bid MIS" in legal(s) and "bid OMIS" in legal(s)


def test_open_misere_at_any_time_between_10d_and_10h():
    s = deal(DEAL_A, KITTY_A)
    assert "bid OMIS" in legal(s)
    run(s, "bid 10D")
    assert "bid OMIS" in legal(s)
    run(s, "bid OMIS")
    assert "bid 10D" not in legal(s) and "bid 10H" in legal(s)


def test_misere_can_be_switched_off():
    s = deal(DEAL_A, KITTY_A, open_misere=False)
    assert "bid OMIS" not in legal(s)


def test_bid_must_be_one_call_token():
    s = deal(DEAL_A, KITTY_A)
    with pytest.raises(IllegalActionError, match="level 6-10"):
        s.apply("bid 10 NT")


# -- kitty and contract ---------------------------------------------------------------------


def test_contractor_takes_the_kitty_discards_three_and_leads():
    s = deal(DEAL_A, KITTY_A)
    run(s, "pass", "bid 7D", "pass", "pass")
    assert s.phase is Phase.DISCARD and s.to_act == 1
    assert hand(s, 1) >= {"7S", "6S", "5S"} and len(hand(s, 1)) == 13
    run(s, "discard 5D", "discard 6S")
    assert s.phase is Phase.DISCARD
    run(s, "discard 7S")
    assert s.phase is Phase.PLAY and s.to_act == 1 and len(hand(s, 1)) == 10
    assert s.card_places()["discards"].bit_count() == 3


def test_no_raise_in_the_standard_game():
    s = contract_d(deal(DEAL_D, KITTY_D))
    assert s.phase is Phase.PLAY


def test_raise_after_kitty_never_lower():
    s = deal({}, None, dealer=2, players=3)
    run(s, "bid 6H", "pass", "pass")
    for c in sorted(hand(s, 0))[:3]:
        s.apply(f"discard {c}")
    assert s.phase is Phase.CONTRACT
    assert "contract 6C" not in legal(s) and "contract 6H" in legal(s) and "contract 7S" in legal(s)
    assert "contract MIS" not in legal(s)
    with pytest.raises(IllegalActionError, match="never lowered"):
        s.apply("contract 6D")
    run(s, "contract 7S")
    assert s.contract_call == "7S" and s.trump is not None and s.trump.name == "S"
    assert s.phase is Phase.PLAY and s.to_act == 0


# -- play -----------------------------------------------------------------------------------


def test_follow_suit_otherwise_anything_no_duty_to_trump():
    s = contract_d(deal(DEAL_D, KITTY_D))
    run(s, *PLAY_D[:24])
    run(s, "play 5C")  # seat 1 must follow clubs
    assert plays(s) == {"AC", "KC", "QC", "TC"}
    run(s, "play AC")
    assert plays(s) == hand(s, 2)  # seat 2 has no club and no trump: anything


def test_misere_partner_sits_out_and_cannot_act():
    s = deal(DEAL_A, KITTY_A)
    run(s, "bid 7H", "bid MIS", "pass", "pass", "pass")
    assert s.contractor == 1
    run(s, "discard AD", "discard KD", "discard QD")
    assert s.sitting_out == (3,) and s.playing == (0, 1, 2)
    before = set(hand(s, 3))
    seen = set()
    while s.phase is Phase.PLAY:
        seen.add(s.to_act)
        s.apply(sorted(legal(s))[0])
    assert 3 not in seen
    assert hand(s, 3) == before
    assert all(len(t) == 3 for t, _, _ in s.tricks)


def test_misere_play_stops_once_broken():
    s = deal(DEAL_A, KITTY_A)
    run(s, "bid 7H", "bid MIS", "pass", "pass", "pass", "discard AD", "discard KD", "discard QD")
    run(s, "play 5D", "play 4D", "play KS")  # 5D beats 4D: the misère bidder takes a trick
    assert len(s.tricks) == 1 and s.deals[0].result["outcome"] == "failed"
    assert s.is_over and s.scores == (0, -250, 0, -250)  # the defenders took no trick


def test_open_misere_hand_shown_after_the_first_trick():
    s = deal(DEAL_A, KITTY_A)
    run(s, "pass", "pass", "pass", "bid OMIS", "discard 8S", "discard 7S", "discard 6S")
    assert s.sitting_out == (1,)
    assert s.observation(0).to_json()["open_hand"] is None
    run(s, "play 4H", "play AH")
    assert s.observation(2).to_json()["open_hand"] is None  # the first trick is not over yet
    run(s, "play AC")
    shown = s.observation(2).to_json()["open_hand"]
    assert shown["seat"] == 3 and set(shown["cards"]) == hand(s, 3)
    assert s.observation(None).to_json()["open_hand"]["cards"] == shown["cards"]


# -- scoring -----------------------------------------------------------------------------------


def test_slam_250_on_8s_taking_ten():
    s = deal(DEAL_A, KITTY_A)
    run(s, "bid 8S", "pass", "pass", "pass", "discard AH", "discard KH", "discard 5S")
    for lead in ["JK", "JS", "JC", "AS", "KS", "QS", "TS", "9S", "7S", "6S"]:
        run(s, f"play {lead}")
        while len(s.trick) and s.phase is Phase.PLAY:
            s.apply(sorted(legal(s))[0])
    assert s.won[0] == 10 and s.deals[0].result["outcome"] == "slam"
    assert s.scores == (250, 0, 250, 0)


def test_defenders_score_10_a_trick_on_a_made_contract():
    s = contract_d(deal(DEAL_D, KITTY_D))
    run(s, *PLAY_D)
    assert s.won == [6, 4, 0, 0]
    assert s.scores == (40, 40, 40, 40)


def test_defenders_score_10_a_trick_on_a_failed_contract():
    s = contract_d(deal(DEAL_D, KITTY_D), "bid 7S")
    run(s, *PLAY_D)
    assert s.deals[0].result["outcome"] == "failed"
    assert s.scores == (-140, 40, -140, 40)


def test_partners_share_the_side_score():
    s = contract_d(deal(DEAL_D, KITTY_D))
    run(s, *PLAY_D)
    assert s.scores[0] == s.scores[2] and s.scores[1] == s.scores[3]


def test_double_crossing_of_500_won_by_the_contractor():
    s = contract_d(match_state([460, 460, 460, 460], DEAL_D, KITTY_D))
    run(s, *PLAY_D)
    assert s.scores == (500, 500, 500, 500)
    assert s.is_over and s.winners == (0, 2)


def test_defenders_alone_crossing_500_win():
    s = contract_d(match_state([0, 470, 0, 470], DEAL_D, KITTY_D))
    run(s, *PLAY_D)
    assert s.is_over and s.winners == (1, 3)


def test_minus_500_loses():
    s = contract_d(match_state([-400, 0, -400, 0], DEAL_D, KITTY_D), "bid 7S")
    run(s, *PLAY_D)
    assert s.scores[0] == -540 and s.is_over and s.winners == (1, 3)


# Three players, dealer 2: seat 0 makes 6S; defenders 1 and 2 both reach 500 on this deal.
DEAL_3 = {
    0: "JK JS JC AS KS QS 8C 9C TC QC",
    1: "AC 7C KD QD KC JD TD 9D 8D KH",
    2: "AH AD 7D JH TS QH TH 9H 8H 7H",
}
KITTY_3 = "9S 8S 7S"
PLAY_3 = [
    "play JK",
    "play KH",
    "play TS",
    "play JS",
    "play KC",
    "play 7H",
    "play JC",
    "play JD",
    "play 8H",
    "play AS",
    "play TD",
    "play 9H",
    "play KS",
    "play 9D",
    "play TH",
    "play QS",
    "play 8D",
    "play QH",
    "play 8C",
    "play AC",
    "play JH",  # seat 1
    "play KD",
    "play AD",
    "play 9C",  # seat 2
    "play 7D",
    "play TC",
    "play QD",  # seat 1
    "play 7C",
    "play AH",
    "play QC",  # seat 0
]


def three_player(scores):
    s = match_state(scores, DEAL_3, KITTY_3, dealer=2, players=3)
    run(s, "bid 6S", "pass", "pass", "discard 9S", "discard 8S", "discard 7S", "contract 6S")
    return run(s, *PLAY_3)


def test_two_three_player_defenders_crossing_500_first_by_trick_wins():
    s = three_player([0, 490, 490])
    assert s.won == [7, 2, 1]
    assert s.scores == (40, 510, 500)
    assert s.winners == (1,)
    s = three_player([0, 480, 490])
    assert s.scores == (40, 500, 500)
    assert s.winners == (2,)  # seat 2 reached 500 at trick 8, seat 1 only at trick 9


def test_three_player_contractor_crossing_wins_over_defenders():
    s = three_player([470, 490, 490])
    assert s.scores == (510, 510, 500) and s.winners == (0,)


# -- no bid -------------------------------------------------------------------------------------


def all_pass(s):
    deals = len(s.deals)
    while s.phase is Phase.AUCTION and len(s.deals) == deals:
        s.apply("pass")


def test_no_bid_redeal_twice_then_the_deal_passes():
    s = game().new_match(7, first_dealer=1)
    dealers = []
    for _ in range(4):
        dealers.append(s.dealer)
        all_pass(s)
    assert dealers == [1, 1, 1, 2]
    assert s.scores == (0, 0, 0, 0)


def test_no_bid_pass_deal():
    s = game(no_bid="pass_deal").new_match(7, first_dealer=1)
    all_pass(s)
    assert s.dealer == 2


def test_no_bid_dealer_must_bid():
    s = deal(DEAL_A, KITTY_A, no_bid="dealer_must_bid")
    run(s, "pass", "pass", "pass")
    assert s.to_act == 3 and "pass" not in legal(s)
    with pytest.raises(IllegalActionError, match="dealer must bid"):
        s.apply("pass")


def test_no_bid_play_nt_kitty_closed_ten_a_trick():
    s = deal(DEAL_A, KITTY_A, no_bid="play_nt")
    all_pass(s)
    assert s.phase is Phase.PLAY and s.to_act == 0 and s.trump is None
    assert s.card_places()["kitty"].bit_count() == 3
    while s.phase is Phase.PLAY:
        s.apply(sorted(legal(s))[0])
    assert sum(s.won) == 10
    assert s.scores[0] == 10 * (s.won[0] + s.won[2]) and s.scores[1] == 10 * (s.won[1] + s.won[3])


def test_three_player_default_plays_nt_when_nobody_bids():
    s = deal({}, None, dealer=2, players=3)
    all_pass(s)
    assert s.phase is Phase.PLAY and s.to_act == 0 and s.observation(0).to_json()["no_bid_play"]


# -- four each for himself ------------------------------------------------------------------------


def test_four_each_for_himself_dealer_sits_out():
    g = game(partnership=False)
    s = g.new_match(3, first_dealer=2)
    assert s.active_seats() == (3, 0, 1) and s.hands[2] == 0
    assert g.units() == ((0,), (1,), (2,), (3,))
    acted = set()
    while len(s.deals) == 1 and not s.is_over:
        acted.add(s.to_act)
        s.apply(sorted(legal(s))[-1])
    assert 2 not in acted


# -- errors -----------------------------------------------------------------------------------


def test_illegal_action_names_the_rule_and_leaves_the_state_unchanged():
    s = contract_d(deal(DEAL_D, KITTY_D))
    run(s, "play 5C")
    before = (s.observation(None).to_json(), s.card_places(), s.observation(1).to_json())
    with pytest.raises(IllegalActionError) as err:
        s.apply("play AD")
    assert err.value.rule == "follow_suit" and "follow suit" in str(err.value) and "play AC" in err.value.legal
    assert (s.observation(None).to_json(), s.card_places(), s.observation(1).to_json()) == before
    with pytest.raises(IllegalActionError, match="do not hold"):
        s.apply("play 5H")
    with pytest.raises(IllegalActionError):
        s.apply("bid 7S")

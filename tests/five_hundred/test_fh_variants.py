"""Rule-clause tests for Five Hundred's variants (the "Variations", "Other scoring
variants" and American preferans's forms), each named after the clause of the rules page it checks."""

from __future__ import annotations

import pytest
from fh_helpers import DEAL_A, KITTY_A, deal, game, hand, legal, match_state, run
from test_fh_rules import DEAL_D, KITTY_D, PLAY_D, contract_d, lowest, nt_state

from prikup import IllegalActionError
from prikup.core.cards import Card, Suit, parse_card
from prikup.core.errors import OptionError
from prikup.games.five_hundred_end import EndRules, match_winners
from prikup.games.five_hundred_tables import TABLES, deal_pattern

# -- item 1: the joker defaults per form --------------------------------------------------------


def test_joker_auto_follows_seed_004_in_the_partnership_game() -> None:
    g = game()
    assert not g.joker_any_time and g.joker_lead_any  # void only; a led joker names any suit


@pytest.mark.parametrize("opts", [{"players": 3}, {"players": 4, "partnership": False}])
def test_joker_auto_follows_seed_001_each_for_himself(opts: dict[str, object]) -> None:
    g = game(**opts)
    assert g.joker_any_time and g.joker_lead_any


def test_joker_auto_can_be_overridden() -> None:
    g = game(players=3, joker_nt="void_only", joker_lead="not_void")
    assert not g.joker_any_time and not g.joker_lead_any


def test_led_joker_names_a_suit_shown_void_by_default() -> None:
    # the deal of test_led_joker_may_not_name_a_suit_its_holder_has_shown_void_in, with the
    # default joker_lead: seat 1 has shown void in hearts and may still name them
    s = nt_state()
    run(s, "play AH", "play 5C", "play 5H")
    lowest(s)
    run(s, "play 5S", "play AS")
    lowest(s, 2)
    assert s.to_act == 1 and s.voids[1] == 1 << 3
    assert {"play JK as H", "play JK as D"} <= legal(s)


# -- item 2: decks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "size", "kitty", "jokers"),
    [
        ("44", 44, 4, 2),
        ("45", 45, 5, 1),
        ("46", 46, 6, 2),
        ("43_colour_fours", 43, 3, 1),
        ("44_colour_fours", 44, 4, 2),
    ],
)
def test_variant_decks_and_their_kitties(deck: str, size: int, kitty: int, jokers: int) -> None:
    g = game(deck=deck)
    assert len(g.deck()) == size and g.kitty_size == kitty
    assert sum(c.is_joker for c in g.deck()) == jokers
    s = g.new_match(3)
    assert all(bin(s.hands[seat]).count("1") == 10 for seat in range(4)) and bin(s.talon).count("1") == kitty


def test_45_card_deck_keeps_the_black_fours_and_deals_the_kitty_3_then_2() -> None:
    codes = {str(c) for c in game(deck="45").deck()}
    assert {"4S", "4C", "4D", "4H"} <= codes
    assert deal_pattern(4, 10, 5, "spread")[4] == (-1, 3) and deal_pattern(4, 10, 5, "spread")[9] == (-1, 2)


def test_the_deck_option_refuses_a_deck_that_does_not_fit_naming_the_allowed() -> None:
    with pytest.raises(
        OptionError, match=r"one of the decks 43, 42, 44, 45, 46, 43_colour_fours, 44_colour_fours, not deck=63"
    ):
        game(deck="63")
    with pytest.raises(OptionError, match=r"one of the decks 33, 32, not deck=45"):
        game(players=3, deck="45")


def test_four_of_the_trumps_colour_is_the_lowest_trump() -> None:
    g = game(deck="43_colour_fours")
    spades, diamonds = g.layouts[Suit.S], g.layouts[Suit.D]
    four_c, four_h, five_s = parse_card("4C"), parse_card("4H"), parse_card("5S")
    assert spades.trump >> four_c.id & 1 and not spades.suits[Suit.C] >> four_c.id & 1
    assert spades.strength[four_c.id] < spades.strength[five_s.id]
    assert diamonds.trump >> four_h.id & 1 and not diamonds.suits[Suit.H] >> four_h.id & 1
    assert bin(spades.trump).count("1") == 13 and bin(diamonds.trump).count("1") == 13
    # the standard deck's red 4s stay in their suits
    assert not game().layouts[Suit.D].trump >> four_h.id & 1


@pytest.mark.parametrize(("high", "top"), [("jk1", "JK1"), ("jk2", "JK2")])
def test_two_jokers_the_higher_by_option(high: str, top: str) -> None:
    g = game(deck="46", joker_high=high)
    for layout in g.layouts:
        ranked = sorted((c for c in g.deck() if c.is_joker), key=lambda c: -layout.strength[c.id])
        assert str(ranked[0]) == top
        assert layout.strength[ranked[1].id] > max(layout.strength[c.id] for c in g.deck() if not c.is_joker)


NO_FACE = {0: "AS TS 9S 8S 7S 6S 5S AH TH 9H"}


def test_misdeal_a_hand_with_no_face_card_is_redealt_by_the_same_dealer() -> None:
    s = match_state([0, 0, 0, 0], NO_FACE, dealer=3, misdeal=True)
    assert "misdeal" in legal(s)
    run(s, "misdeal")
    log = s.deals[-1]
    assert log.result["outcome"] == "misdeal" and log.score_changes == [0, 0, 0, 0]
    assert ["misdeal"] == [str(a) for _, a in log.actions]
    assert s._next_dealer == 3  # the same dealer deals again


def test_misdeal_refused_holding_a_face_card_or_after_a_call() -> None:
    s = deal(DEAL_A, KITTY_A, misdeal=True)
    assert "misdeal" not in legal(s)
    with pytest.raises(IllegalActionError, match="no face card"):
        s.apply("misdeal")
    t = deal(NO_FACE, misdeal=True, bid_after_pass=True)
    run(t, "pass", "bid 6S", "bid 6NT", "pass")  # seat 0 called (a pass), then a new strain reopened
    assert t.to_act == 0 and "misdeal" not in legal(t) and "bid 7S" in legal(t)
    assert "misdeal" not in legal(deal(NO_FACE))  # the option is off by default


# -- item 5: precedences and auctions -----------------------------------------------------------


def _ladder(**opts: object) -> list[str]:
    return list(game(**opts).ladder.calls)


def test_australian_misere_between_the_7_and_8_levels_open_misere_520_on_top() -> None:
    ladder = _ladder(misere_rank="australian")
    assert ladder.index("7NT") + 1 == ladder.index("MIS") == ladder.index("8S") - 1
    assert ladder[-1] == "OMIS" and game(misere_rank="australian").table.value("OMIS") == 520


def test_colour_split_misere_above_7c_below_7d_open_misere_above_8c_below_8d() -> None:
    ladder = _ladder(misere_rank="colour_split")
    assert ladder.index("7C") < ladder.index("MIS") < ladder.index("7D")
    assert ladder.index("8C") < ladder.index("OMIS") < ladder.index("8D")


def test_open_misere_at_330_between_8nt_and_9s() -> None:
    ladder = _ladder(misere_rank="omis_330")
    assert ladder.index("8NT") + 1 == ladder.index("OMIS") == ladder.index("9S") - 1
    assert game(misere_rank="omis_330").table.value("OMIS") == 330


def test_french_canadian_petite_misere_500_below_8nt_grande_1000_below_10nt() -> None:
    t = TABLES["french_canadian"]
    ladder = list(game(table="french_canadian", deck="46").ladder.calls)
    assert t.value("MIS") == 500 and t.value("OMIS") == 1000
    assert ladder.index("MIS") + 1 == ladder.index("8NT") and ladder.index("OMIS") + 1 == ladder.index("10NT")


def test_inkles_as_the_minimum_bid_7s_lowest() -> None:
    s = deal(DEAL_A, KITTY_A, min_level=7)
    assert "bid 6NT" not in legal(s) and "bid 7S" in legal(s)
    with pytest.raises(IllegalActionError, match="7 level"):
        s.apply("bid 6S")


def test_american_one_round_inkle_only_by_the_first_two_and_it_cannot_win() -> None:
    s = deal(DEAL_A, KITTY_A, auction="one_round", redeals=0)
    run(s, "bid 6S", "bid 6NT")  # the first two inkle
    assert "bid 6NT" not in legal(s) and "bid 7S" in legal(s)  # the third may not inkle
    run(s, "pass", "pass")
    assert s.deals[-1].result["outcome"] in ("redeal", "passed out")  # nobody at 7: thrown in


def test_american_one_round_each_calls_once_and_the_high_bid_wins() -> None:
    s = deal(DEAL_A, KITTY_A, auction="one_round")
    run(s, "pass", "bid 7D", "pass", "pass")  # seat 0 passed, seat 1 bid; nobody calls twice
    assert s.contractor == 1 and s.phase.value == "discard"


def test_bidding_after_a_pass_when_the_strain_changes() -> None:
    s = deal(DEAL_A, KITTY_A, bid_after_pass=True)
    run(s, "pass", "bid 6D", "bid 6H")  # seat 0 passed over no bid; 6H is a new strain
    assert s.passed[0] is False
    run(s, "pass", "bid 7S")  # seat 0 bids again
    assert s.high_seat == 0
    plain = deal(DEAL_A, KITTY_A)
    run(plain, "pass", "bid 6D", "bid 6H", "pass")
    assert plain.to_act != 0


# -- item 4: scoring and the end of the match ---------------------------------------------------


def test_no_trick_points_for_the_defenders() -> None:
    s = contract_d(deal(DEAL_D, KITTY_D, trick_points=False))
    run(s, *PLAY_D)
    assert s.scores == (40, 0, 40, 0)


def test_failed_contract_scored_to_the_other_side_and_no_negative_scores() -> None:
    s = contract_d(deal(DEAL_D, KITTY_D, failed_to_other=True, no_negative=True), "bid 7S")
    run(s, *PLAY_D)
    assert s.scores == (0, 140 + 40, 0, 140 + 40)
    t = contract_d(deal(DEAL_D, KITTY_D, no_negative=True), "bid 7S")
    run(t, *PLAY_D)
    assert t.scores == (0, 40, 0, 40)


def test_setting_a_contractor_short_by_the_margin_may_not_bid_next_deal() -> None:
    s = contract_d(match_state([0, 0, 0, 0], DEAL_D, KITTY_D, set_margin=2), "bid 8S")
    run(s, *PLAY_D)  # 6 of 8: short by two
    assert s.deals[-1].result["set"] == 0
    log = s.deals[-1]
    s.deal({seat: h for seat, h in zip(s.active_seats(0), log.hands, strict=True)}, log.talon)
    assert s.barred == 0
    run(s, "pass", "pass", "pass")  # seats 1-3 (dealer 0)
    assert s.to_act == 0 and legal(s) == {"pass"}
    with pytest.raises(IllegalActionError, match="only pass"):
        s.apply("bid 10NT")


def test_ralphing_short_by_one_is_not_set_at_margin_3() -> None:
    s = contract_d(match_state([0, 0, 0, 0], DEAL_D, KITTY_D, set_margin=3), "bid 8S")
    run(s, *PLAY_D)
    assert "set" not in s.deals[-1].result


def test_the_1904_rule_stops_the_deal_once_the_defenders_reach_500() -> None:
    # seat 0 makes 6S after six tricks (40, he cannot reach 500); East-West at 490 reach 500 on
    # the 7th trick: the rest is not played
    s = contract_d(match_state([0, 490, 0, 490], DEAL_D, KITTY_D, stop_at_goal=True))
    run(s, *PLAY_D[:28])
    assert s.is_over and s.winners == (1, 3)
    assert s.deals[-1].result["stopped_after"] == 7 and s.deals[-1].result["outcome"] == "made"
    plain = contract_d(match_state([0, 490, 0, 490], DEAL_D, KITTY_D))
    run(plain, *PLAY_D[:28])
    assert not plain.is_over  # without the rule the deal goes on


def _two(
    before: list[int], after: list[int], contractor: int | None = 0, made: bool = True, **rules: object
) -> list[int]:
    return match_winners(((0, 2), (1, 3)), before, after, contractor, [], made=made, rules=EndRules(**rules))  # type: ignore[arg-type]


def test_australian_win_only_by_making_a_bid() -> None:
    assert _two([480, 0], [480, 510], contractor=0, made=False) == [1, 3]
    assert _two([480, 0], [480, 510], contractor=0, made=False, win_by_bid=True) == []
    assert _two([400, 0], [520, 10], contractor=0, made=True, win_by_bid=True) == [0, 2]


def test_australian_tie_at_500_goes_to_the_higher_score() -> None:
    assert _two([400, 480], [520, 530], contractor=0) == [0, 2]
    assert _two([400, 480], [520, 530], contractor=0, goal_tie_higher=True) == [1, 3]


def test_australian_minus_500_loses_only_if_the_other_side_is_not_negative() -> None:
    assert _two([-400, -100], [-520, -90]) == [1, 3]
    assert _two([-400, -100], [-520, -90], minus_needs_other_not_negative=True) == []
    assert _two([-400, 0], [-520, 30], minus_needs_other_not_negative=True) == [1, 3]


def test_walker_ultimate_500_exactly_500_wins_1000_loses() -> None:
    assert _two([400, 0], [520, 10], exact_goal=True) == []
    assert _two([400, 0], [500, 10], exact_goal=True) == [0, 2]
    assert _two([900, 0], [1020, 10], exact_goal=True) == [1, 3]


def test_points_spread_ends_the_match() -> None:
    assert _two([0, 0], [-260, 250]) == []
    assert _two([0, 0], [-260, 250], points_spread=True) == [1, 3]
    assert _two([0, 0], [260, 250], points_spread=True) == []


def test_hands_of_no_face_card_helper_is_what_it_says() -> None:
    assert not any(c.rank is not None and c.rank.code in "KQJ" for c in map(Card.parse, NO_FACE[0].split()))
    assert hand(deal(NO_FACE), 0) == set(NO_FACE[0].split())


# -- item 3: the non-standard bids -------------------------------------------------------


def test_the_extra_bids_are_offered_only_under_their_options() -> None:
    plain = legal(deal(DEAL_A, KITTY_A))
    assert not {"bid BMIS", "bid DMIS", "bid HILO"} & plain
    on = legal(deal(DEAL_A, KITTY_A, blind_misere=True, double_misere=True, hi_lo=True))
    assert {"bid BMIS", "bid DMIS", "bid HILO"} <= on
    assert "DMIS" not in game(players=3, double_misere=True).calls  # partnerships only


def test_hi_lo_beats_9c_but_not_9d_and_is_worth_350() -> None:
    g = game(hi_lo=True)
    ladder = list(g.ladder.calls)
    assert ladder.index("9C") + 1 == ladder.index("HILO") == ladder.index("9D") - 1
    assert g.table.value("HILO") == 350 and game(hi_lo=True, table="ideal").table.value("HILO") == 350


def test_double_misere_450_and_blind_misere_1000_the_top_bid() -> None:
    g = game(blind_misere=True, double_misere=True)
    assert g.table.value("DMIS") == 450 and g.table.value("BMIS") == 1000
    assert list(g.ladder.calls)[-1] == "BMIS"
    split = list(game(double_misere=True, misere_rank="colour_split").ladder.calls)
    assert split.index("10C") + 1 == split.index("DMIS")


def test_blind_misere_only_as_the_first_call() -> None:
    s = deal(DEAL_A, KITTY_A, blind_misere=True, bid_after_pass=True)
    run(s, "pass", "bid 6S", "bid 6D")  # seat 0 passed; a new strain lets him call again
    assert s.to_act == 3
    run(s, "pass")
    assert s.to_act == 0 and "bid BMIS" not in legal(s)
    with pytest.raises(IllegalActionError, match="first call"):
        s.apply("bid BMIS")


def _first_legal_to_end(s) -> None:  # type: ignore[no-untyped-def]
    deals = len(s.deals)
    while len(s.deals) == deals and s.deals[-1].score_changes is None:
        s.apply(sorted(legal(s))[0])


def test_blind_misere_is_played_as_a_misere_partner_sitting_out() -> None:
    s = deal(DEAL_A, KITTY_A, blind_misere=True)
    run(s, "bid BMIS", "pass", "pass", "pass", "discard JK", "discard AS", "discard KS")
    assert s.sitting_out == (2,) and s.trump is None
    _first_legal_to_end(s)
    result = s.deals[-1].result
    assert result["contract"] == "BMIS"
    assert s.deals[-1].score_changes[0] == (1000 if result["tricks"] == 0 else -1000)


def test_double_misere_both_partners_play_and_the_side_fails_at_its_first_trick() -> None:
    hands = {
        0: "4H 5C 6C 7C 8C 5S 6S 7S 8S 5D",
        1: "5H 6H 9C TC QC KC AC 9S TS QS",
        2: "AH KH QH JH TH 9H 8H 7H JC AS",
    }
    s = deal(hands, "4D 6D 7D", double_misere=True)
    run(s, "bid DMIS", "pass", "pass", "pass", "discard 4D", "discard 6D", "discard 7D")
    assert s.sitting_out == () and s.playing == (0, 1, 2, 3)
    run(s, "play 4H", "play 5H", "play 7H")  # the partner must follow with a heart and takes it
    run(s, f"play {sorted(legal(s))[0].removeprefix('play ')}")
    log = s.deals[-1]
    assert log.result["outcome"] == "failed" and log.result["stopped_after"] == 1
    assert log.score_changes == [-450, 0, -450, 0]


def test_hi_lo_exactly_five_tricks_in_no_trump_partner_sitting_out() -> None:
    s = contract_d(deal(DEAL_D, KITTY_D, hi_lo=True), "bid HILO")
    assert s.trump is None and s.sitting_out == (2,)
    _first_legal_to_end(s)
    result = s.deals[-1].result
    assert result["contract"] == "HILO" and sum(result["tricks_won"]) == 10
    assert s.deals[-1].score_changes[0] == (350 if result["tricks"] == 5 else -350)


def test_hi_lo_scores_only_exactly_five() -> None:
    from prikup.games.five_hundred import contract_score

    t = TABLES["avondale"]
    assert [contract_score(t, "HILO", n) for n in (4, 5, 6)] == [-350, 350, -350]


def test_the_extra_bids_keep_their_kind_after_the_kitty() -> None:
    s = deal(DEAL_A, KITTY_A, hi_lo=True, raise_after_kitty="true")
    run(s, "bid HILO", "pass", "pass", "pass", "discard AH", "discard KH", "discard 5S")
    assert legal(s) == {"contract HILO"}


def test_the_solver_searches_hi_lo_for_exactly_five_tricks() -> None:
    from prikup.solver import solve
    from prikup.solver.play_five_hundred import PositionFiveHundred

    s = contract_d(deal(DEAL_D, KITTY_D, hi_lo=True), "bid HILO")
    pos, base = PositionFiveHundred.from_state(s)
    assert pos.need == 5 and base == 0 and pos.n == 3  # the partner sits out
    assert set(solve(s).values()) <= {0, 1}  # made or not


# -- item 5: the auction winner raising his own bid ------------------------------------------


def test_winner_raises_his_own_bid_in_the_same_strain_and_wins() -> None:
    s = deal(DEAL_A, KITTY_A, raise_own=True)
    run(s, "bid 6S", "bid 6NT", "pass", "pass", "bid 7S", "pass")
    assert s.to_act == 0 and s.phase.value == "auction"  # his last call
    run(s, "bid 8S")
    assert s.contractor == 0 and s.contract_call == "8S" and s.phase.value == "discard"


def test_winner_raising_in_another_strain_reopens_the_auction() -> None:
    s = deal(DEAL_A, KITTY_A, raise_own=True)
    run(s, "bid 6S", "bid 6NT", "pass", "pass", "bid 7S", "pass", "bid 7NT")
    assert s.phase.value == "auction" and s.to_act == 1 and "bid 8D" in legal(s)
    run(s, "pass", "pass", "pass")
    assert s.to_act == 0 and s.phase.value == "auction"  # again the winner, again his last call
    run(s, "pass")
    assert s.contractor == 0 and s.contract_call == "7NT"


def test_winner_keeps_his_bid_by_passing_and_cannot_raise_when_nobody_else_bid() -> None:
    s = deal(DEAL_A, KITTY_A, raise_own=True)
    run(s, "bid 6S", "bid 6NT", "pass", "pass", "bid 7S", "pass", "pass")
    assert s.contractor == 0 and s.contract_call == "7S"
    alone = deal(DEAL_A, KITTY_A, raise_own=True)
    run(alone, "bid 6S", "pass", "pass", "pass")
    assert alone.contractor == 0 and alone.phase.value == "discard"


# -- item 4: claiming the remaining tricks ----------------------------------------------------


def _claim_ready(**opts: object):  # type: ignore[no-untyped-def]
    s = deal(DEAL_A, KITTY_A, **opts)
    run(s, "bid 8S", "pass", "pass", "pass", "discard AH", "discard KH", "discard 5S")
    assert s.phase.value == "play"  # 8S is still out: 7S and 6S are not sure yet
    run(s, "play JK")
    while s.trick:
        s.apply(sorted(legal(s))[0])
    return s


def test_claim_offered_once_every_card_is_sure_and_takes_the_rest() -> None:
    s = _claim_ready(claim="on")
    assert s.phase.value == "claim" and legal(s) == {"claim", "pass"}
    with pytest.raises(IllegalActionError, match="claim the remaining tricks"):
        s.apply("play JS")
    run(s, "claim")
    result = s.deals[-1].result
    assert result["claimed_at"] == 2 and s.won[0] == 10 and result["outcome"] == "slam"
    assert s.scores == (250, 0, 250, 0)


def test_claim_penalty_costs_the_claimer_100() -> None:
    s = _claim_ready(claim="penalty")
    run(s, "claim")
    assert s.scores == (150, 0, 150, 0)


def test_claim_declined_play_goes_on() -> None:
    s = _claim_ready(claim="on")
    run(s, "pass", "play JS")
    assert s.phase.value == "play" and len(s.trick) == 1


def test_no_claim_without_the_option_or_when_a_card_could_lose() -> None:
    s = _claim_ready()
    assert s.phase.value == "play"
    t = deal(DEAL_D, KITTY_D, claim="on")
    run(t, "bid 6S", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D")
    assert t.phase.value == "play"  # his low clubs can lose


# -- item 4: the breaking rule ----------------------------------------------------------------


def _broken_7s(contract: str = "bid 7S"):  # type: ignore[no-untyped-def]
    s = deal(DEAL_D, KITTY_D, breaking=100)
    run(s, contract, "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D")
    return s


def test_breaking_is_asked_of_each_defender_before_the_play_of_a_7_contract() -> None:
    s = _broken_7s()
    assert s.phase.value == "break" and s.to_act == 1 and legal(s) == {"break", "pass"}
    run(s, "pass")
    assert s.phase.value == "break" and s.to_act == 3
    run(s, "pass")
    assert s.phase.value == "play" and s.to_act == 0
    six = deal(DEAL_D, KITTY_D, breaking=100)
    assert contract_d(six).phase.value == "play"  # a 6 contract cannot be broken


def test_breaking_lose_lose_contract_failed_by_one_breakers_lose_the_value() -> None:
    s = _broken_7s()
    run(s, "break", *PLAY_D)  # seat 0 takes 6 of 7: failed by one, not broken by two
    assert s.deals[-1].result["broken_by"] == 1 and s.deals[-1].result["break_points"] == -100
    assert s.scores == (-140, 40 - 100, -140, 40 - 100)


def test_breaking_lose_win_contract_failed_by_two_breakers_gain_the_value() -> None:
    s = _broken_7s("bid 8S")
    run(s, "break", *PLAY_D)  # 6 of 8: broken
    assert s.deals[-1].result["break_points"] == 100
    assert s.scores == (-240, 40 + 100, -240, 40 + 100)


def test_breaking_win_lose_contract_made_breakers_lose_and_may_not_bid_next() -> None:
    s = match_state([0, 0, 0, 0], DEAL_A, KITTY_A, breaking=100)
    run(s, "bid 7S", "pass", "pass", "pass", "discard AH", "discard KH", "discard 5S", "pass", "break")
    while s.deals[-1].score_changes is None:
        s.apply(sorted(legal(s))[0])
    result = s.deals[-1].result
    assert result["outcome"] in ("made", "slam") and result["break_points"] == -100
    assert s._barred_next == 3  # the breaker who failed may not bid in the next deal


def test_break_points_never_win_the_match() -> None:
    # North-South at 430 gain a 100-point break: 40 for tricks, 100 for the break: 570 on the
    # sheet, yet the match goes on (without the break they stand at 470)
    s = match_state([0, 430, 0, 430], DEAL_D, KITTY_D, breaking=100)
    run(s, "bid 8S", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D", "break", *PLAY_D)
    assert s.scores[1] == 570 and not s.is_over


def test_wilkinson_misere_any_time_and_played_open() -> None:
    s = deal(DEAL_D, KITTY_D, wilkinson=True)
    assert "bid MIS" in legal(s)  # even as the first bid
    run(s, "bid MIS", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D")
    assert s.observation(1).open_hand is None
    run(s, "play 5C", "play 9C", "play 5S")  # seat 2 sits out; seat 1 takes the first trick
    assert s.observation(1).open_hand is not None and s.observation(1).open_hand.seat == 0
    assert "bid MIS" not in legal(deal(DEAL_D, KITTY_D))  # the standard game: from the 7 level


def test_wilkinson_open_misere_is_played_without_the_kitty() -> None:
    s = deal(DEAL_D, KITTY_D, wilkinson=True)
    run(s, "bid OMIS", "pass", "pass", "pass")
    assert s.phase.value == "play" and not s.kitty_taken and len(hand(s, 0)) == 10
    assert s.card_places()["kitty"] == s.talon

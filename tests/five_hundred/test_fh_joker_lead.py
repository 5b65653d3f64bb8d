"""Rule-clause tests of the led joker's variants in no-trump and misère (option ``joker_lead``):
``not_void_unless_alone`` — never a suit its holder has shown void in, unless the joker is his
last card; ``first_or_last`` — only a suit of which the joker is its holder's first card (none of
it played yet) or his last (none of it held); then a seeded property test with each on."""

from __future__ import annotations

import random

import pytest
from fh_helpers import deal, game, legal, run
from test_fh_properties import check_cards_and_sight

from prikup import IllegalActionError
from prikup.bots import make_bot
from prikup.games.five_hundred import StateFiveHundred
from prikup.solver.play_five_hundred import PositionFiveHundred

# seat 0 holds the joker and leads in no-trump; hearts only with seat 1 and 2
HANDS = {
    0: "JK AS KS QS AC KC QC AD KD 5S",
    1: "AH KH QH JH TH 9H 8H 7H 6H 5H",
    2: "JS TS 9S 8S 7S 6S JC TC 9C 8C",
    3: "JD TD 9D 8D 7D 6D 5D 4D 7C 6C",
}
KITTY = "QD 4H 5C"


def _nt(**options: object) -> StateFiveHundred:
    s = deal(HANDS, KITTY, dealer=3, **options)
    return run(s, "bid 6NT", "pass", "pass", "pass", "discard 4H", "discard 5C", "discard QD")


def _joker_leads(s: StateFiveHundred) -> set[str]:
    return {a.split()[-1] for a in legal(s) if a.startswith("play JK as")}


def _trick(s: StateFiveHundred, lead: str) -> None:
    run(s, f"play {lead}")
    while s.trick:
        run(s, sorted(legal(s))[0])


def test_first_or_last_the_joker_names_a_suit_its_holder_has_not_played_yet() -> None:
    s = _nt(joker_lead="first_or_last")
    # nothing played yet: every suit is one the joker would be his first card of
    assert _joker_leads(s) == {"S", "C", "D", "H"}
    _trick(s, "AS")  # the top spade wins: seat 0 leads again, a spade played and spades still held
    assert s.to_act == 0
    assert _joker_leads(s) == {"C", "D", "H"}  # neither his first spade nor his last


def test_first_or_last_refusal_names_the_rule_and_the_suits() -> None:
    s = _nt(joker_lead="first_or_last")
    _trick(s, "AS")
    assert s.to_act == 0
    with pytest.raises(IllegalActionError, match="first or your last card, not S: C D H"):
        run(s, "play JK as S")


def test_first_or_last_the_suit_of_the_last_card_held() -> None:
    s = _nt(joker_lead="first_or_last")
    for card in ("AS", "KS", "QS"):  # the three top spades win
        assert s.to_act == 0
        _trick(s, card)
    assert "S" not in {x.name for x in s.lead_suits_for_joker(0)}  # the 5S still held
    _trick(s, "5S")  # his last spade (seat 2 wins it)
    assert "S" in {x.name for x in s.lead_suits_for_joker(0)}  # no spade left: the joker would be his last


def test_not_void_unless_alone_a_joker_alone_names_any_suit() -> None:
    s = _nt(joker_lead="not_void_unless_alone")
    s.voids[0] = 0b0011  # shown void in spades and clubs
    s.hands[0] &= s.game.joker_mask  # the joker is his last card
    assert _joker_leads(s) == {"S", "C", "D", "H"}


def test_not_void_unless_alone_with_other_cards_the_voids_stand() -> None:
    s = _nt(joker_lead="not_void_unless_alone")
    s.voids[0] = 0b0011
    assert _joker_leads(s) == {"D", "H"}
    s2 = _nt(joker_lead="not_void")
    s2.voids[0] = 0b0011
    s2.hands[0] &= s2.game.joker_mask
    assert _joker_leads(s2) == {"D", "H"}  # plain not_void: even as the last card


@pytest.mark.parametrize("rule", ["first_or_last", "not_void_unless_alone", "not_void"])
def test_the_solver_position_names_the_suits_the_game_allows_while_a_joker_is_to_lead(rule: str) -> None:
    from prikup.solver.play_five_hundred import move_of

    s = _nt(joker_lead=rule)
    for lead in ("AS", "AC"):  # a spade, then a club played and both still held
        pos, _ = PositionFiveHundred.from_state(s)
        assert sorted(pos.legal_moves()) == sorted(move_of(a) for a in s.legal_actions())
        _trick(s, lead)
    pos, _ = PositionFiveHundred.from_state(s)
    assert sorted(pos.legal_moves()) == sorted(move_of(a) for a in s.legal_actions())
    if rule == "first_or_last":
        assert _joker_leads(s) == {"D", "H"}


@pytest.mark.parametrize("rule", ["first_or_last", "not_void_unless_alone"])
def test_random_matches_with_the_joker_variants_keep_every_invariant(rule: str) -> None:
    g = game(joker_lead=rule, no_bid="play_nt", joker_nt="any_time")
    joker_leads = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = g.new_match(seed)
        assert isinstance(state, StateFiveHundred)
        while not state.is_over and len(state.deals) <= 6:
            check_cards_and_sight(state)
            legal_now = state.legal_actions()
            assert {str(a) for a in legal_now} == {str(a) for a in state.legal_actions_reference()}
            nt = [a for a in legal_now if a.kind.value == "bid" and a.call and a.call.endswith("NT")]
            jokers = [a for a in legal_now if str(a).startswith("play JK as")]
            pick = nt or jokers
            action = rng.choice(pick) if pick and rng.random() < 0.5 else rng.choice(legal_now)
            joker_leads += str(action).startswith("play JK as")
            state.apply(action)
    assert joker_leads >= 3  # the rule was exercised


def test_bots_play_the_joker_variants_legally() -> None:
    g = game(joker_lead="first_or_last")
    bots = [make_bot("heuristic", g, seed=i) for i in range(2)] * 2
    s = g.new_match(3)
    while not s.is_over and len(s.deals) <= 3:
        seat = s.to_act
        assert seat is not None
        action = bots[seat].act(s, seat)
        assert action in s.legal_actions()
        s.apply(action)


def test_suits_held_are_the_suits_the_cards_count_as() -> None:
    """The suits a seat holds (what the led joker's rules read), found from the layout's suit
    masks, are the suits its non-joker cards count as, card by card, in every contract's layout."""
    from prikup import make_game
    from prikup.core.cards import cards_of

    g = make_game("five-hundred")
    rng = random.Random(11)
    checked = 0
    for seed in range(60):
        s = g.new_match(seed=seed)
        while not s.is_over and len(s.deals) < 3:
            assert isinstance(s, StateFiveHundred)
            if str(s.phase) == "play":
                for seat in s._in_deal:
                    by_card = 0
                    for card in cards_of(s.hands[seat] & ~g.joker_mask):
                        by_card |= 1 << s.layout.suit_of(card.id)
                    assert s._suits_held(seat) == by_card
                    checked += 1
            s.apply_id(rng.choice(s.legal_action_ids()))
    assert checked > 1000

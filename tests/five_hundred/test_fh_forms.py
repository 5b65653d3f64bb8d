"""Rule-clause tests of Five Hundred for 2 players (with dummies, a dead hand, table cards,
drawing) and for 3 with a dead hand (option ``form``)."""

from __future__ import annotations

import pytest
from fh_forms import form_deal, form_game
from test_fh_properties import cards_in

from prikup import IllegalActionError
from prikup.core.cards import cards_of
from prikup.core.errors import OptionError
from prikup.games.five_hundred import StateFiveHundred
from prikup.games.obs_five_hundred import ObsFiveHundred

# Dummies, dealer 1: seat 0 bids first.  Hand 2 (seat 0's dummy) holds its hearts face down
# under clubs and a diamond; hand 3 (seat 1's dummy) its clubs face down under spades and 4H.
DUMMY_DEAL = {
    0: "JK JS JC AS KS QS TS 9S AH KH",
    1: "AD KD QD JD TD 9D 8D 7D 6D 5D",
    2: "QH JH TH 9H 8H 8C 7C 6C 5C 4D",
    3: "AC KC QC TC 9C 8S 7S 6S 5S 4H",
}
DUMMY_KITTY = "7H 6H 5H"


def _dummies() -> StateFiveHundred:
    return form_deal(DUMMY_DEAL, DUMMY_KITTY, dealer=1, players=2)


def _obs(state: StateFiveHundred, seat: int | None) -> ObsFiveHundred:
    obs = state.observation(seat)
    assert isinstance(obs, ObsFiveHundred)
    return obs


def _match(seed: int, **options: object) -> StateFiveHundred:
    state = form_game(**options).new_match(seed=seed)
    assert isinstance(state, StateFiveHundred)
    return state


def _names(state: StateFiveHundred) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def _to_play(state: StateFiveHundred) -> StateFiveHundred:
    """Seat 0 bids 7S, seat 1 passes, seat 0 discards the kitty's hearts."""
    for a in ("bid 7S", "pass", "discard 7H", "discard 6H", "discard 5H"):
        state.apply(a)
    return state


def _face_up(state: StateFiveHundred, seat: int | None, hand: int) -> set[str]:
    dummy = next(d for d in _obs(state, seat).dummies if d.hand == hand)
    return {str(c) for c in dummy.face_up}


# -- two-handed with dummies -------------------------------------------------------------------
def test_dummies_deal_four_hands_of_ten_and_the_kitty_from_the_43_card_deck() -> None:
    g = form_game(players=2)
    state = _match(5, players=2)
    places = state.card_places()
    assert len(g.deck()) == 43 and g.players == 2
    assert [places[f"hand {h}"].bit_count() for h in range(4)] == [10, 10, 10, 10]
    assert places["kitty"].bit_count() == 3
    for dummy in _obs(state, None).dummies:
        assert len(dummy.face_up) == 5 and dummy.face_down == 5


def test_each_dummy_is_five_face_down_cards_each_covered_by_a_face_up_card() -> None:
    state = _dummies()
    assert _face_up(state, 0, 2) == {"8C", "7C", "6C", "5C", "4D"}
    assert _face_up(state, 1, 3) == {"8S", "7S", "6S", "5S", "4H"}


def test_only_the_players_bid_and_a_dummy_never_does() -> None:
    state = _dummies()
    assert state.to_act == 0
    state.apply("bid 7S")
    assert state.to_act == 1
    state.apply("pass")  # the auction is over: the dummies are never asked
    assert state.contractor == 0 and state.phase.value == "discard"


def test_misere_is_not_bid_in_the_two_handed_game() -> None:
    state = _dummies()
    assert not {"bid MIS", "bid OMIS"} & _names(state)
    state.apply("bid 7S")
    with pytest.raises(IllegalActionError) as caught:
        state.apply("bid OMIS")
    assert caught.value.refusal.rule == "fh_dummies_misere"


def test_the_kitty_goes_to_the_contractors_own_hand_never_to_his_dummy() -> None:
    state = _dummies()
    state.apply("bid 7S")
    state.apply("pass")
    assert state.hands[0].bit_count() == 13 and state.hands[2].bit_count() == 10
    # discards come from his own hand only
    with pytest.raises(IllegalActionError):
        state.apply("discard 8C")


def test_play_goes_round_the_four_hands_in_the_standard_order_the_contractor_leading() -> None:
    state = _to_play(_dummies())
    seen = []
    for card in ("AH", "5D", "8C", "4H"):
        seen.append((state.to_act, state.hand_to_play))  # type: ignore[attr-defined]
        state.apply(f"play {card}")
    assert seen == [(0, 0), (1, 1), (0, 2), (1, 3)]


def test_a_dummy_plays_only_its_face_up_cards() -> None:
    state = _to_play(_dummies())
    state.apply("play AH")
    state.apply("play 5D")
    assert state.to_act == 0
    with pytest.raises(IllegalActionError) as caught:
        state.apply("play QH")  # face down under 8C
    assert caught.value.refusal.rule == "fh_face_down"


def test_a_face_down_card_does_not_oblige_the_dummy_to_follow_suit() -> None:
    state = _to_play(_dummies())
    state.apply("play AH")
    state.apply("play 5D")
    # hand 2 holds five hearts, all face down: any face-up card may go
    assert _names(state) == {"play 8C", "play 7C", "play 6C", "play 5C", "play 4D"}
    state.apply("play 8C")
    assert _names(state) == {"play 4H"}  # hand 3's face-up heart must follow


def test_after_each_trick_the_uncovered_face_down_cards_turn_face_up() -> None:
    state = _to_play(_dummies())
    for card in ("AH", "5D", "8C"):
        state.apply(f"play {card}")
    assert "QH" not in _face_up(state, 1, 2)  # its cover went in the open trick: still down
    state.apply("play 4H")
    assert "QH" in _face_up(state, 1, 2) and "9C" in _face_up(state, 0, 3)
    assert next(d for d in _obs(state, None).dummies if d.hand == 2).face_down == 4


def test_the_hand_that_won_the_last_trick_leads_the_next() -> None:
    state = _to_play(_dummies())
    for card in ("AH", "5D", "8C", "4H", "KH", "6D", "QH", "5S"):  # hand 3 trumps the second trick
        state.apply(f"play {card}")
    assert state.tricks[-1][1] == 3
    assert state.to_act == 1 and state.hand_to_play == 3  # type: ignore[attr-defined]
    # 5S covered TC: it turned up with the trick
    assert _names(state) == {f"play {c}" for c in ("8S", "7S", "6S", "TC", "9C")}


def test_a_face_down_card_is_hidden_from_everyone_its_controller_too() -> None:
    state = _to_play(_dummies())
    deck = {str(c) for c in state.game.deck()}
    down2 = {"QH", "JH", "TH", "9H", "8H"}
    down3 = {"AC", "KC", "QC", "TC", "9C"}
    for seat in (None, 0, 1):
        assert not cards_in(state.observation(seat).to_json(), deck) & (down2 | down3)


def test_a_side_scores_the_tricks_of_the_hand_and_of_its_dummy() -> None:
    state = _to_play(_dummies())
    while state.phase.value == "play":
        state.apply(state.legal_actions()[0])
    log = state.deals[-1]
    assert log.result is not None and log.score_changes is not None
    won = log.result["tricks_won"]
    assert len(won) == 2 and sum(won) == 10
    assert won[0] == state.won[0] + state.won[2] and won[1] == state.won[1] + state.won[3]
    value = 250 if won[0] == 10 else 140 if won[0] >= 7 else -140  # 7S is 140; ten tricks a slam
    assert log.score_changes == [value, 10 * won[1]]


def test_a_dummy_form_refuses_a_rule_of_seats_that_bid_or_play_alone() -> None:
    with pytest.raises(OptionError) as caught:
        form_game(players=2, slam_bid=True)
    assert caught.value.rule == "fh_form_option" and caught.value.fields["option"] == "slam_bid"
    with pytest.raises(OptionError) as caught:
        form_game(players=4, form="dummies")
    assert caught.value.rule == "fh_form_players"


# -- a dead hand ---------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "deck", "kitty"), [(2, "auto", 3), (3, "auto", 3), (3, "45", 5), (2, "32", 2)])
def test_a_dead_hand_is_dealt_face_down_and_never_played(players: int, deck: str, kitty: int) -> None:
    g = form_game(players=players, form="dead_hand", deck=deck)
    state = _match(2, players=players, form="dead_hand", deck=deck)
    places = state.card_places()
    dead = places["dead"]
    assert dead.bit_count() == 10 and places["kitty"].bit_count() == kitty
    assert len(g.deck()) == (players + 1) * 10 + kitty
    deck_names = {str(c) for c in g.deck()}
    dead_names = {str(c) for c in cards_of(dead)}
    import random

    rng = random.Random(1)
    while not state.is_over and len(state.deals) == 1:
        for seat in (None, *range(players)):
            assert not cards_in(state.observation(seat).to_json(), deck_names) & dead_names
        assert state.card_places()["dead"] == dead
        state.apply(rng.choice(state.legal_actions()))


def test_the_dead_hand_forms_take_the_three_handed_deck_for_two_and_the_standard_for_three() -> None:
    assert len(form_game(players=2, form="dead_hand").deck()) == 33
    assert len(form_game(players=3, form="dead_hand").deck()) == 43
    with pytest.raises(OptionError) as caught:
        form_game(players=3, form="dead_hand", deck="33")
    assert caught.value.rule == "fh_form_deck"


# -- 52 cards and 8 table cards ------------------------------------------------------------------
TABLE_HANDS = {0: "AS KS QS JS TS 9S 8S 7S 6S 5S", 1: "AH KH QH JH TH 9H 8H 7H 6H 5H"}
TABLE_TALON = "2C 3C 4C AC KC QC JC AD KD QD JD"  # the kitty, then the eight table cards


def _table() -> StateFiveHundred:
    return form_deal(TABLE_HANDS, TABLE_TALON, dealer=1, players=2, form="table_cards")


def test_table_cards_deal_ten_each_a_kitty_of_three_and_eight_face_up_cards_from_52() -> None:
    state = _table()
    places = state.card_places()
    assert len(state.game.deck()) == 52 and not any(c.is_joker for c in state.game.deck())
    assert places["kitty"].bit_count() == 3 and places["table"].bit_count() == 8
    assert places["dead"].bit_count() == 21
    assert {str(c) for c in _obs(state, None).table_cards} == set(TABLE_TALON.split()[3:])


def test_each_player_adds_one_table_card_to_the_kitty_before_the_bidding() -> None:
    state = _table()
    assert state.phase.value == "pick" and state.to_act == 0
    with pytest.raises(IllegalActionError) as caught:
        state.apply("give 2C")
    assert caught.value.refusal.rule == "fh_pick"
    state.apply("give AC")
    assert state.to_act == 1
    state.apply("give AD")
    assert state.phase.value == "auction" and state.to_act == 0
    assert state.card_places()["kitty"].bit_count() == 5
    assert len(_obs(state, 1).table_cards) == 6


def test_after_the_bid_the_defender_keeps_a_table_card_and_discards_the_rest_are_dead() -> None:
    state = _table()
    for a in ("give AC", "give AD", "bid 7S", "pass"):
        state.apply(a)
    assert state.hands[0].bit_count() == 15  # the kitty of five
    for card in ("2C", "3C", "4C", "AD", "AC"):
        state.apply(f"discard {card}")
    state.apply("contract 7S")
    assert state.phase.value == "exchange" and state.to_act == 1
    with pytest.raises(IllegalActionError):
        state.apply("keep 2C")
    state.apply("keep KC")
    state.apply("discard 5H")
    assert state.phase.value == "play" and state.to_act == 0
    places = state.card_places()
    assert places["table"] == 0 and places["dead"].bit_count() == 21 + 5 + 1
    assert state.action_view(1, state.deals[-1].actions[-1][1], 0) == "discard a card"
    assert state.action_view(1, state.deals[-1].actions[-2][1], 0) == "keep KC"


# -- drawing -----------------------------------------------------------------------------------
def test_drawing_sets_the_kitty_aside_and_each_turn_keeps_one_card_of_two() -> None:
    g = form_game(players=2, form="drawing")
    assert len(g.deck()) == 45 and g.kitty_size == 5
    state = _match(4, players=2, form="drawing")
    assert state.phase.value == "draw" and state.card_places()["kitty"].bit_count() == 5
    log = state.deals[-1]
    first = state.to_act
    assert first is not None
    draws = log.hands[0]
    state.apply(f"keep {draws[0]}")  # kept: the next card is set aside
    assert {str(c) for c in cards_of(state.hands[first])} == {str(draws[0])}
    assert state.to_act != first
    other = state.to_act
    assert other is not None
    theirs = log.hands[1]
    with pytest.raises(IllegalActionError) as caught:
        state.apply(f"keep {theirs[1]}")
    assert caught.value.refusal.rule == "fh_draw"
    state.apply(f"discard {theirs[0]}")  # set aside: the next card is kept
    assert {str(c) for c in cards_of(state.hands[other])} == {str(theirs[1])}
    assert state.action_view(other, state.deals[-1].actions[-1][1], first) == "discard a card"
    while state.phase.value == "draw":
        state.apply(state.legal_actions()[0])
    assert state.phase.value == "auction"
    assert [state.hands[s].bit_count() for s in (0, 1)] == [10, 10]
    assert state.card_places()["stock 0"] == 0 and state.card_places()["set aside 1"].bit_count() == 10


def test_the_drawn_card_is_shown_to_the_drawer_only() -> None:
    state = _match(4, players=2, form="drawing")
    drawer = state.to_act
    assert drawer is not None
    assert _obs(state, drawer).drawn == state.deals[-1].hands[0][0]
    assert _obs(state, 1 - drawer).drawn is None and _obs(state, None).drawn is None

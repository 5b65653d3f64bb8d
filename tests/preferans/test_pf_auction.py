"""The auction, the talon and the contract; the call notation."""

from __future__ import annotations

import pytest
from pf_helpers import DIAMONDS, HEARTS, SPADES, deal3, declare, run

from prikup.core.actions import Action, ActionKind, normalize_call, parse_action
from prikup.core.cards import Suit
from prikup.core.errors import ActionParseError, IllegalActionError
from prikup.games import find_game, make_game
from prikup.games.preferans import CALLS, GamePreferans, call_level, call_strain


def test_game_registered_with_its_aliases() -> None:
    for name in ("preferans", "преферанс", "Preferans-Rostov"):
        assert find_game(name) is GamePreferans
    assert make_game("preferans", players=4).players == 4


def test_four_players_three_hands_dealt() -> None:
    # with 4 at the table the dealer sits out: three hands are dealt, as with 3 players
    for players in (3, 4):
        game = make_game("preferans", players=players)
        assert game.hands_dealt == 3
        state = game.new_match(seed=players)
        assert len(state.active_seats()) == 3 and len(state.deals[-1].hands) == 3


def test_call_notation_without_talon_parses_back() -> None:
    for text in ("bid 9H-WT", "bid 10NT-WT", "bid MIS-WT", "bid MIS", "bid 6S", "contract 8NT"):
        assert str(parse_action(text)) == text
    assert parse_action("bid 9h-wt").call == "9H-WT"
    assert normalize_call("9♥-wt") == "9H-WT"


def test_existing_call_forms_still_work() -> None:
    assert normalize_call("7h") == "7H"
    assert normalize_call("10♥") == "10H"
    assert normalize_call("nt") == "NT"
    assert normalize_call("omis") == "OMIS"
    assert normalize_call("S-X") == "S-X"
    assert str(parse_action("bid 80")) == "bid 80"
    assert str(parse_action("contract 100 H")) == "contract 100 H"
    with pytest.raises(ActionParseError):
        normalize_call("9H-")
    with pytest.raises(ActionParseError):
        normalize_call("-WT")


def test_the_ladder_order() -> None:
    i = CALLS.index
    assert i("6S") == 0 and CALLS[-1] == "10NT-WT"
    assert i("6NT") < i("6S-WT") < i("7S")
    assert i("8NT-WT") < i("MIS") < i("9S") < i("9NT") < i("MIS-WT") < i("9S-WT") < i("10S")
    assert call_level("9NT-WT") == 9 and call_level("MIS") is None and call_level("10H") == 10
    assert call_strain("7D-WT") is Suit.D and call_strain("9NT") is None and call_strain("MIS-WT") is None


def test_the_first_hand_calls_first_and_pass_is_final() -> None:
    s = deal3()
    assert s.to_act == 1
    run(s, "pass", "bid 6S")
    assert s.to_act == 0
    run(s, "bid 6C")
    assert s.to_act == 2  # seat 1 passed: he is skipped


def test_misere_only_as_a_first_call() -> None:
    s = deal3()
    run(s, "bid 6S", "bid 6C", "pass")
    with pytest.raises(IllegalActionError, match="misère may only be a player's first call"):
        s.apply("bid MIS")
    s = deal3()
    run(s, "bid MIS")
    assert s.high == "MIS"


def test_misere_is_outbid_only_by_a_nine_then_the_rostov_ladder() -> None:
    s = deal3()
    run(s, "bid MIS")
    with pytest.raises(IllegalActionError):
        s.apply("bid 8NT-WT")
    run(s, "bid 9S", "pass")  # seat 2 outbids with a nine, seat 0 passes
    assert s.can("bid MIS-WT") and not s.can("bid 9H") and not s.can("bid 10S")  # the misère player
    run(s, "bid MIS-WT")
    assert not s.can("bid 9NT") and s.can("bid 9S-WT") and s.can("bid 10S")
    run(s, "bid 10S")
    assert not s.can("bid MIS-WT")  # misère without talon is outbid already
    run(s, "pass")
    assert s.declarer == 2 and s.bid == "10S"


def test_misere_without_talon_as_a_first_call_and_played_without_the_talon() -> None:
    s = deal3()
    run(s, "bid MIS-WT", "pass", "pass")
    assert s.contract == "MIS-WT" and s.phase.value == "play"
    assert s.observation(2).to_json()["talon"] is None and s.card_places()["talon"] != 0


def test_here_by_a_senior_hand_and_the_junior_must_top() -> None:
    s = deal3()
    run(s, "bid 6S", "bid 6C", "pass")
    assert s.to_act == 1 and s.can("bid 6C")  # "here": seat 1 is senior to seat 2
    run(s, "bid 6C")
    assert s.high_seat == 1
    with pytest.raises(IllegalActionError, match="only a hand senior"):
        s.apply("bid 6C")
    run(s, "bid 6D")
    assert s.high_seat == 2


def test_juniors_must_top_and_a_senior_may_hold() -> None:
    s = deal3()
    run(s, "bid 7S")
    with pytest.raises(IllegalActionError, match="a junior must bid higher"):
        s.apply("bid 7S")
    with pytest.raises(IllegalActionError, match="top the current 7S"):
        s.apply("bid 6NT")
    run(s, "bid 7C", "bid 7D", "bid 7D")  # seat 1 says "here" to seat 0's 7D
    assert s.high_seat == 1


def test_all_pass_is_raspasy_talon_closed_first_hand_leads() -> None:
    s = deal3()
    run(s, "pass", "pass", "pass")
    assert s.raspasy and s.phase.value == "play" and s.to_act == 1 and s.trump is None
    for seat in (None, 0, 1, 2):
        assert s.observation(seat).to_json()["talon"] is None
    assert s.card_places()["talon"] == sum(c.mask for c in s.talon_cards)


def test_games_without_talon_can_be_switched_off() -> None:
    s = deal3(games_without_talon=False)
    with pytest.raises(IllegalActionError, match="without the talon"):
        s.apply("bid 6S-WT")


def test_game_without_talon_keeps_the_talon_closed_and_goes_to_whisting() -> None:
    s = deal3()
    run(s, "bid 7S-WT", "pass", "pass")
    assert s.contract == "7S-WT" and s.trump is Suit.S and s.phase.value == "whist"
    assert s.observation(0).to_json()["talon"] is None and s.hands[1].bit_count() == 10


def test_talon_shown_to_all_then_two_discards_then_a_contract_not_below_the_bid() -> None:
    s = deal3()
    run(s, "bid 6D", "pass", "pass")
    for seat in (None, 0, 1, 2):
        assert s.observation(seat).to_json()["talon"] == ["8C", "7C"]
    assert s.phase.value == "discard" and s.hands[1].bit_count() == 12
    with pytest.raises(IllegalActionError, match="do not hold"):
        s.apply("discard AH")
    run(s, "discard 8C", "discard 7C")
    assert s.observation(1).to_json()["discards"] == ["7C", "8C"] and s.observation(2).to_json()["discards"] is None
    assert s.phase.value == "contract"
    with pytest.raises(IllegalActionError, match="not be below the bid 6D"):
        s.apply("contract 6C")
    with pytest.raises(IllegalActionError):
        s.apply("contract MIS")
    assert s.can("contract 6D") and s.can("contract 7S") and s.can("contract 10NT")
    run(s, "contract 7S")
    assert s.contract == "7S" and s.phase.value == "whist" and s.to_act == 2


def test_misere_takes_the_talon_without_naming_a_contract() -> None:
    s = deal3((HEARTS, SPADES, DIAMONDS))
    run(s, "bid MIS", "pass", "pass", "discard AH", "discard KH")
    assert s.contract == "MIS" and s.phase.value == "play" and s.to_act == 1


def test_every_legal_action_has_a_stable_id() -> None:
    for players in (3, 4):
        game = GamePreferans(players=players)
        ids = game.all_actions()
        assert len(set(ids)) == len(ids)
        s = game.new_match(5)
        import random

        rng = random.Random(5)
        for _ in range(600):
            if s.is_over:
                break
            legal = s.legal_actions()
            for a in legal:
                assert game.action_from_id(game.action_id(a)) == a
            s.apply(rng.choice(legal))


def test_rejected_action_names_the_rule_and_leaves_the_state_unchanged() -> None:
    s = declare(deal3(), "6S", ("8C", "7C"), "6S")
    before = s.observation(None).to_json()
    with pytest.raises(IllegalActionError) as info:
        s.apply("half-whist")
    assert "whist or pass" in str(info.value) and info.value.legal == ["whist", "pass"]
    assert s.observation(None).to_json() == before
    assert Action(ActionKind.WHIST) in s.legal_actions()


def test_dealer_sits_out_with_four_players() -> None:
    game = GamePreferans(players=4)
    s = game.new_deal([SPADES.split(), HEARTS.split(), DIAMONDS.split()], ["8C", "7C"], dealer=2)
    assert s.active_seats() == (3, 0, 1) and s.to_act == 3
    assert s.observation(2).to_json()["hand"] is None and s.hands[2] == 0

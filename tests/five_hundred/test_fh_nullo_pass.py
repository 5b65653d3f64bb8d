"""Rule-clause tests of double misère's card pass (option ``nullo_pass``): the bidder of a double
misère (grand nullo) takes the kitty and gives his partner as many cards as the kitty holds (five
with the 45-card deck, three with the standard one); the partner keeps what he wants and discards
the rest.  Double shields and patastrophe, double misères too, pass the same way.  Then a seeded
property test of whole matches with the pass on, and a record of one that replays."""

from __future__ import annotations

import random

import pytest
from fh_helpers import deal, game, hand, legal, run
from test_fh_properties import check_cards_and_sight

from prikup import IllegalActionError
from prikup.bots import make_bot
from prikup.core.actions import Action, ActionKind
from prikup.core.cards import parse_card
from prikup.core.game import Phase
from prikup.games.five_hundred import StateFiveHundred
from prikup.records import dump, load, replay, to_record

# seat 0 bids the double misère, seat 2 is his partner; dealer 3, so seat 0 calls first
LOW = {
    0: "4H 5C 6C 7C 8C 5S 6S 7S 8S 5D",
    1: "5H 6H 9C TC QC KC AC 9S TS QS",
    2: "AH KH QH JH TH 9H 8H 7H JC AS",
}
KITTY = "4D 6D 7D"
PASS_ON = {"double_misere": True, "nullo_pass": True}


def _won(call: str = "DMIS", **options: object) -> StateFiveHundred:
    s = deal(LOW, KITTY, **{**PASS_ON, **options})
    return run(s, f"bid {call}", "pass", "pass", "pass")


def test_nullo_pass_the_bidder_takes_the_kitty_and_gives_his_partner_as_many_cards() -> None:
    s = _won()
    assert s.phase is Phase.GIVE and s.to_act == 0
    assert {"4D", "6D", "7D"} <= hand(s, 0) and len(hand(s, 0)) == 13  # the kitty taken
    assert legal(s) == {f"give {c}" for c in hand(s, 0)}  # only giving, no discard yet
    assert s.observation(0).discards_left == 3
    run(s, "give 8C", "give 8S")
    assert s.phase is Phase.GIVE and s.to_act == 0 and s.observation(0).discards_left == 1
    run(s, "give 7D")
    assert len(hand(s, 0)) == 10 and len(hand(s, 2)) == 13
    assert {"8C", "8S", "7D"} <= hand(s, 2)
    assert s.phase is Phase.DISCARD and s.to_act == 2  # the partner keeps what he wants
    assert s.observation(2).discards_left == 3
    run(s, "discard AH", "discard KH", "discard 8C")  # he may discard a card he was given, or his own
    assert len(hand(s, 2)) == 10 and s.phase is Phase.PLAY and s.to_act == 0
    assert s.playing == (0, 1, 2, 3)  # a double misère: both partners play
    assert "8C" not in hand(s, 2) and {"8S", "7D"} <= hand(s, 2)
    check_cards_and_sight(s)


def test_nullo_pass_five_cards_with_the_45_card_deck() -> None:
    s = deal({}, None, deck="45", **PASS_ON)
    run(s, "bid DMIS", "pass", "pass", "pass")
    assert s.game.kitty_size == 5 and len(hand(s, 0)) == 15
    for _ in range(5):
        assert s.phase is Phase.GIVE
        run(s, sorted(legal(s))[0])
    assert s.phase is Phase.DISCARD and s.to_act == 2 and len(hand(s, 2)) == 15
    for _ in range(5):
        run(s, sorted(legal(s))[0])
    assert s.phase is Phase.PLAY and len(hand(s, 0)) == len(hand(s, 2)) == 10


def test_nullo_pass_the_given_cards_seen_by_bidder_and_partner_only() -> None:
    s = _won()
    run(s, "give 8C", "give 8S", "give 7D", "discard AH", "discard KH", "discard 8C")
    gives = [(seat, a) for seat, a in s.deals[-1].actions if a.kind.value == "give"]
    assert [seat for seat, _ in gives] == [0, 0, 0]
    for seat, action in gives:
        assert s.action_view(seat, action, 2) == str(action)  # the partner sees what he is given
        assert s.action_view(seat, action, 1) == "give a card"  # the defenders do not
        assert s.action_view(seat, action, 3) == "give a card"
    # the partner's discards: his alone; the bidder does not see what his partner threw away
    assert {str(c) for c in s.observation(2).discards or ()} == {"AH", "KH", "8C"}
    assert s.observation(0).discards is None and s.observation(1).discards is None
    check_cards_and_sight(s)


def test_nullo_pass_a_give_is_hidden_from_the_defenders_in_the_action_view() -> None:
    s = _won()
    give = Action(ActionKind.GIVE, card=parse_card("8C"))
    assert s.action_view(0, give, 0) == "give 8C"
    assert s.action_view(0, give, 2) == "give 8C"
    assert s.action_view(0, give, 1) == "give a card" and s.action_view(0, give, None) == "give a card"


def test_nullo_pass_off_by_default_the_bidder_discards_himself() -> None:
    s = deal(LOW, KITTY, double_misere=True)
    run(s, "bid DMIS", "pass", "pass", "pass")
    assert s.phase is Phase.DISCARD and s.to_act == 0
    assert not any(a.startswith("give") for a in legal(s))


def test_nullo_pass_not_at_a_single_misere_whose_partner_sits_out() -> None:
    s = deal(LOW, KITTY, **PASS_ON)
    run(s, "bid OMIS", "pass", "pass", "pass")
    assert s.phase is Phase.DISCARD and s.to_act == 0
    run(s, "discard 4D", "discard 6D", "discard 7D")
    assert s.sitting_out == (2,) and len(hand(s, 2)) == 10


@pytest.mark.parametrize("call", ["DSHL", "PAT"])
def test_nullo_pass_double_shields_and_patastrophe_pass_too(call: str) -> None:
    s = _won(call, double_shields=True, patastrophe=True)
    assert s.phase is Phase.GIVE and s.to_act == 0
    run(s, "give 8C", "give 8S", "give 7D")
    assert s.phase is Phase.DISCARD and s.to_act == 2


def test_nullo_pass_refuses_a_card_not_held_and_a_discard_before_the_pass() -> None:
    s = _won()
    before = (s.phase, s.to_act, list(s.hands))
    with pytest.raises(IllegalActionError, match="you do not hold AH"):
        run(s, "give AH")  # the partner's card
    with pytest.raises(IllegalActionError, match="give your partner 3 more cards"):
        run(s, "discard 8C")  # the bidder gives first
    assert (s.phase, s.to_act, list(s.hands)) == before


def test_double_misere_bid_by_one_partner_after_the_other_passed() -> None:
    s = deal(LOW, KITTY, dealer=1, **PASS_ON)  # seat 2 calls first
    run(s, "pass", "bid 6S", "bid DMIS", "pass", "pass")  # seat 2 passed; his partner bids for both
    assert s.phase is Phase.GIVE and s.contractor == 0 and s.contract_call == "DMIS"
    run(s, "give 8C", "give 8S", "give 7D")
    assert s.to_act == 2  # the partner who passed plays the pass's other half


def test_nullo_pass_with_raise_after_kitty_the_bidder_names_the_contract() -> None:
    s = _won(raise_after_kitty="true")
    run(s, "give 8C", "give 8S", "give 7D", "discard AH", "discard KH", "discard 8C")
    assert s.phase is Phase.CONTRACT and s.to_act == 0
    run(s, "contract DMIS")
    assert s.phase is Phase.PLAY


def test_the_heuristic_gives_its_riskiest_cards_and_its_partner_discards() -> None:
    s = _won()
    bot = make_bot("heuristic", s.game, seed=1)
    while s.phase is not Phase.PLAY:
        seat = s.to_act
        assert seat is not None
        s.apply(bot.choose(s.observation(seat), s.legal_actions()))
    assert len(hand(s, 0)) == 10 and len(hand(s, 2)) == 10
    # the partner throws away his unguarded high cards: the lone AS and JC
    assert {"AS", "JC"} <= {str(c) for c in s.observation(2).discards or ()}


@pytest.mark.parametrize("seed", range(8))
def test_random_matches_with_the_nullo_pass_keep_every_invariant(seed: int) -> None:
    g = game(**PASS_ON, double_shields=True, patastrophe=True)
    rng = random.Random(seed)
    state = g.new_match(seed)
    assert isinstance(state, StateFiveHundred)
    passes = 0
    while not state.is_over and len(state.deals) <= 8:
        check_cards_and_sight(state)
        legal_now = state.legal_actions()
        bids = [a for a in legal_now if a.call in ("DMIS", "DSHL", "PAT")]
        action = rng.choice(bids) if bids and rng.random() < 0.3 else rng.choice(legal_now)
        passes += state.nullo_giving  # a give of the pass is about to be made
        state.apply(action)
        if (
            state.phase is Phase.PLAY
            and state.contract_call in ("DMIS", "DSHL", "PAT")
            and not state.tricks
            and not state.trick
        ):
            assert all(state.hands[s].bit_count() == 10 for s in state.playing)
            assert len(state.playing) == 4
    assert passes >= 3  # each seed's match passed cards at least once
    record = to_record(state, seed=seed)
    again = replay(load(dump(record)))
    assert again.scores == state.scores

"""The bid ladder as a value: the calls in order, each call's precedence, the slice above a call;
and every game's auction reads its calls from the ladder in its rules value."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prikup import make_game
from prikup.core.actions import ActionKind
from prikup.core.ladder import Ladder
from prikup.games.five_hundred_tables import CALLS as FH_CALLS
from prikup.games.five_hundred_tables import EXTRA_CALLS, TABLES
from prikup.games.preferans import CALLS as PF_CALLS

ROSTOV = Ladder(["8NT-WT", "MIS", "9S", "9NT", "MIS-WT", "9S-WT"])


def test_a_call_outbids_the_calls_below_it() -> None:
    assert [ROSTOV.precedence(c) for c in ROSTOV] == list(range(6))
    assert ROSTOV.outbids("9S", "MIS") and not ROSTOV.outbids("MIS", "9S") and not ROSTOV.outbids("9S", "9S")
    assert ROSTOV.above("MIS") == ("9S", "9NT", "MIS-WT", "9S-WT")
    assert ROSTOV.from_call("MIS") == ("MIS", "9S", "9NT", "MIS-WT", "9S-WT")
    assert ROSTOV.above(None) == ROSTOV.from_call(None) == ROSTOV.calls
    assert ROSTOV.above("9S-WT") == ()


def test_a_ladder_is_a_sequence_value() -> None:
    assert len(ROSTOV) == 6 and ROSTOV[0] == "8NT-WT" and ROSTOV[-2:] == ("MIS-WT", "9S-WT")
    assert "MIS" in ROSTOV and "10NT" not in ROSTOV and [] not in ROSTOV
    assert ROSTOV == Ladder(list(ROSTOV)) and hash(ROSTOV) == hash(Ladder(ROSTOV.calls))
    assert ROSTOV != Ladder(reversed(ROSTOV.calls))
    assert pickle.loads(pickle.dumps(ROSTOV)) == ROSTOV and copy.deepcopy(ROSTOV) == ROSTOV
    assert eval(repr(ROSTOV)) == ROSTOV


def test_a_call_off_the_ladder_is_refused_naming_the_ladder() -> None:
    with pytest.raises(ValueError, match=r"'10NT' is not a call of this ladder \(8NT-WT … 9S-WT\)"):
        ROSTOV.precedence("10NT")
    with pytest.raises(ValueError, match="not a call of this ladder"):
        ROSTOV.above("10NT")
    with pytest.raises(ValueError, match="it has none"):
        Ladder[str](()).precedence("6S")


def test_a_ladder_names_each_call_once() -> None:
    with pytest.raises(ValueError, match="named twice: 6S"):
        Ladder(["6S", "7S", "6S"])


@given(
    st.integers(1, 130),
    st.integers(1, 60),
    st.integers(0, 700),
    st.integers(-200, 800),
    st.integers(-200, 800),
)
def test_the_bids_between_two_numbers_are_the_rungs_of_a_points_ladder(
    start: int, step: int, top: int, low: int, high: int
) -> None:
    points = range(start, start + top + 1, step)
    ladder = Ladder(points)
    places = ladder.between(low, high)
    assert [ladder[i] for i in places] == [n for n in points if low <= n <= high]


def test_every_game_holds_its_calls_in_its_rules_value() -> None:
    assert make_game("501").trick_rules.ladder == Ladder(range(66, 221))
    assert make_game("501", max_bid=150).trick_rules.ladder[-1] == 150
    pyatsot = make_game("pyatsot", min_bid=70, bid_step=10)
    assert pyatsot.trick_rules.ladder[:3] == (70, 80, 90) and pyatsot.ladder is pyatsot.trick_rules.ladder
    preferans = make_game("preferans")
    assert preferans.trick_rules.ladder.calls == PF_CALLS
    assert preferans.trick_rules.ladder.above("8NT-WT")[:2] == ("MIS", "9S")
    for table in ("avondale", "original"):
        fh = make_game("five-hundred", table=table).trick_rules.ladder
        assert fh.calls == TABLES[table].ladder() and sorted(fh) == sorted(c for c in FH_CALLS if c not in EXTRA_CALLS)


@pytest.mark.parametrize("table", ["avondale", "original"])
def test_five_hundred_bids_above_the_high_bid_are_the_ladder_above_it(table: str) -> None:
    game = make_game("five-hundred", table=table, misere=True, open_misere=True)
    ladder = game.trick_rules.ladder
    for high in ("6S", "7NT", "8H", "10D"):
        state = game.new_match(seed=1)
        state.apply(f"bid {high}")
        bids = [a.call for a in state.legal_actions() if a.kind is ActionKind.BID]
        misere = {"MIS", "OMIS"}
        assert set(bids) - misere == set(ladder.above(high)) - misere and set(bids) <= set(ladder.above(high))

"""Game records of 501: the rules page's worked example, round trips, and rejected records."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from prikup import make_game
from prikup.arena import play_match
from prikup.records import RecordError, dump, load, replay, to_record

DATA = Path(__file__).parent.parent / "data"


def _example() -> dict:
    return json.loads((DATA / "501_worked_example.json").read_text())


def test_seed_worked_example_replays_to_701_469_481():
    state = replay(_example())
    assert state.scores == (701, 469, 481)
    result = state.deals[0].result
    assert result["dark"] is True and result["contract"] == 100
    assert result["points"] == {"0": 88, "1": 32, "2": 20}  # 68 + a plain marriage 20
    assert result["card_points"] == {"0": 68, "1": 32, "2": 20}


def test_seed_example_had_it_been_made_would_be_301():
    from prikup.games.five_oh_one import deal_changes

    assert 501 + deal_changes(3, 0, 100, True, {0: 100, 1: 12, 2: 8})[0] == 301


def test_record_with_a_changed_score_is_rejected():
    rec = _example()
    rec["deals"][0]["scores"][1] = 470
    with pytest.raises(RecordError, match=r"deal 1: the record's scores after the deal are \[701, 470, 481\]"):
        replay(rec)


def test_record_with_a_changed_card_is_rejected_naming_deal_and_index():
    rec = _example()
    actions = rec["deals"][0]["actions"]
    i = next(k for k, (_, a) in enumerate(actions) if a.startswith("play"))
    seat = actions[i][0]
    actions[i] = [seat, "play AH"]  # not in that hand
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert info.value.deal == 1 and info.value.index == i
    assert "you do not hold AH" in str(info.value)


def test_record_acting_out_of_turn_is_rejected():
    rec = _example()
    rec["deals"][0]["actions"][1][0] = 2
    with pytest.raises(RecordError, match="action 1: 'pass' is by seat 2, but seat 1 is to act"):
        replay(rec)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("game"), "names no game"),
        (lambda r: r.update(game="whist"), "unknown game 'whist'"),
        (lambda r: r.update(options={"colour": 1}), "unknown option 'colour'"),
        (lambda r: r.update(format="x"), "unknown record format"),
        (lambda r: r["deals"][0]["hands"]["0"].__setitem__(0, "ZZ"), "bad card 'ZZ'"),
        (lambda r: r["deals"][0]["hands"]["0"].__setitem__(0, "AH"), "cards dealt twice"),
        (lambda r: r["deals"][0]["actions"].__setitem__(3, [0, "giv JD"]), "unknown keyword 'giv'"),
    ],
)
def test_malformed_records_are_rejected_clearly(mutate, message):
    rec = _example()
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_wrong_dealer_in_a_later_deal_is_rejected():
    result = play_match(make_game("501"), ["heuristic"] * 3, seed=2)
    rec = to_record(result.state)
    assert len(rec["deals"]) >= 2
    right = rec["deals"][1]["dealer"]
    rec["deals"][1]["dealer"] = (right + 1) % 3
    with pytest.raises(
        RecordError,
        match=f"deal 2: the dealer is seat {(right + 1) % 3} in the record, but the rules give seat {right}",
    ):
        replay(rec)


def test_not_json_is_rejected():
    with pytest.raises(RecordError, match="not valid JSON"):
        load("{nope")


def test_bot_match_round_trips_through_json():
    game = make_game("501")
    result = play_match(game, ["heuristic", "random", "heuristic"], seed=4)
    assert result.finished
    rec = to_record(result.state, seed=4)
    again = replay(load(dump(rec)))
    assert again.scores == result.state.scores and again.winners == result.state.winners
    assert again.history == result.state.history


def test_four_player_match_round_trips():
    game = make_game("501", players=4)
    result = play_match(game, ["heuristic"] * 4, seed=9)
    assert result.finished
    rec = to_record(result.state)
    assert all(str(d["dealer"]) not in d["hands"] for d in rec["deals"])
    assert replay(copy.deepcopy(rec)).scores == result.state.scores

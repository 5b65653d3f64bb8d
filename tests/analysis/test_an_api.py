"""The analysis's contract: every decision of every game analysed, the same seed giving the same
JSON, the JSON read back, progress, the seats asked for, the grades, the hint, bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from an_helpers import record

from prikup import make_game
from prikup.analysis import (
    GRADES,
    AnalysisError,
    DealAnalysis,
    analyze_deal,
    grade,
    hint,
)
from prikup.arena import seeded_deal
from prikup.bots import make_bot
from prikup.core.game import State
from prikup.records import RecordError

GAMES = ["501", "five-hundred", "pyatsot", "preferans"]


def played(game_id: str, seed: int, bot: str = "random") -> State:
    """The first deal of a seeded match played to its end by ``bot`` bots."""
    game = make_game(game_id)
    state = seeded_deal(game, seed)
    bots = [make_bot(bot, game, seed * 10 + s) for s in range(game.players)]
    while state.deals[-1].score_changes is None:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_of_a_random_deal_is_analysed(game_id: str) -> None:
    state = played(game_id, 11)
    rec = record(state)
    seen: list[tuple[int, int]] = []
    analysis = analyze_deal(rec, 1, samples=2, progress=lambda done, total: seen.append((done, total)))
    # the decisions: exactly the actions taken with more than one legal action
    replayed = make_game(game_id).new_deal(
        {int(s): h for s, h in rec["deals"][0]["hands"].items()}, rec["deals"][0]["talon"], dealer=state.deals[0].dealer
    )
    expected = []
    for number, (seat, text) in enumerate(rec["deals"][0]["actions"]):
        if len(replayed.legal_actions()) > 1:
            expected.append((number, seat, replayed.phase.value, text))
        replayed.apply(text)
    assert [(d.number, d.seat, d.phase, d.taken) for d in analysis.decisions] == expected
    total = len(expected)
    assert seen == [(i, total) for i in range(1, total + 1)]
    for d in analysis.decisions:
        values = [v for _, v in d.estimates]
        assert values == sorted(values, reverse=True)
        assert d.best == d.estimates[0][0]
        assert d.taken in dict(d.estimates)
        assert d.loss == pytest.approx(max(0.0, values[0] - dict(d.estimates)[d.taken]), abs=0.011)
        assert d.grade == grade(game_id, d.loss, d.unit)
        if d.phase == "play" and d.taken.startswith("play"):
            assert d.open_hand is not None and d.loss_open is not None and d.loss_open >= 0
            assert d.taken in dict(d.open_hand)
        if d.phase != "play":
            assert d.open_hand is None and d.loss_open is None and d.unit == "score"
    for s in analysis.seats:
        own = [d for d in analysis.decisions if d.seat == s.seat]
        assert s.lost == pytest.approx(sum(d.loss for d in own), abs=0.05)
        assert len(s.worst) <= 3 and all(next(d for d in own if d.number == n).loss > 0 for n in s.worst)
    if any(d.phase == "play" for d in analysis.decisions):
        assert analysis.par is not None and analysis.par.changes is not None


def test_the_same_seed_gives_the_same_analysis_and_json_reads_back() -> None:
    rec = record(played("501", 4, "heuristic"))
    first = analyze_deal(rec, 1, samples=3, seed=7)
    again = analyze_deal(rec, 1, samples=3, seed=7)
    text = json.dumps(first.to_json(), ensure_ascii=False)
    assert text == json.dumps(again.to_json(), ensure_ascii=False)
    back = DealAnalysis.from_json(json.loads(text))
    assert back == first
    assert back.samples == (3, 3) and back.seed == 7


def test_a_seeded_match_record_is_analysed_the_same_in_every_deal() -> None:
    from prikup.arena import play_match

    result = play_match(make_game("pyatsot"), ["heuristic"] * 3, seed=2, max_deals=2)
    rec = record(result.state)
    assert len(rec["deals"]) >= 2
    for deal in (1, 2):
        one = analyze_deal(rec, deal, samples=2, seed=1).to_json()
        two = analyze_deal(rec, deal, samples=2, seed=1).to_json()
        assert one == two and one["deal"] == deal


def test_only_the_seats_asked_for() -> None:
    rec = record(played("preferans", 5))
    analysis = analyze_deal(rec, 1, seats=[2], samples=2)
    assert {d.seat for d in analysis.decisions} <= {2}
    assert [s.seat for s in analysis.seats] == [2]


@pytest.mark.parametrize(
    ("kwargs", "key", "words"),
    [
        ({"deal": 2}, "deal_range", "deals are 1..1"),
        ({"deal": 0}, "deal_range", "deals are 1..1"),
        ({"deal": 1, "seats": [3]}, "seat_range", "seats are 0..2"),
        ({"deal": 1, "seats": [-1]}, "seat_range", "seats are 0..2"),
        ({"deal": 1, "samples": 0}, "samples_range", "at least 1"),
    ],
)
def test_bad_requests_are_refused_in_one_line(kwargs: dict[str, Any], key: str, words: str) -> None:
    rec = record(played("501", 3))
    with pytest.raises(AnalysisError) as caught:
        analyze_deal(rec, **kwargs)
    assert caught.value.key == key and words in str(caught.value) and "\n" not in str(caught.value)
    assert caught.value.text("ru") != str(caught.value)


def test_a_malformed_record_is_refused() -> None:
    rec = record(played("501", 3))
    rec["deals"][0]["actions"][0] = [rec["deals"][0]["actions"][0][0], "bid 9999"]
    with pytest.raises(RecordError):
        analyze_deal(rec, 1)
    with pytest.raises(RecordError):
        analyze_deal({"format": "nope"}, 1)


def test_from_json_refuses_what_is_not_an_analysis() -> None:
    with pytest.raises(ValueError, match="not an analysis"):
        DealAnalysis.from_json({"format": "prikup-record/1"})
    good = analyze_deal(record(played("501", 3)), 1, samples=1).to_json()
    del good["decisions"]
    with pytest.raises(ValueError, match="malformed analysis"):
        DealAnalysis.from_json(good)


@pytest.mark.parametrize("game_id", GAMES)
def test_grades_follow_the_thresholds(game_id: str) -> None:
    low, mid, high = GRADES[game_id]
    assert 0 < low < mid < high
    assert grade(game_id, 0) == "good"
    assert grade(game_id, low - 0.01) == "good"
    assert grade(game_id, low) == "inaccuracy"
    assert grade(game_id, mid) == "mistake"
    assert grade(game_id, high) == "blunder"
    assert grade(game_id, 0.5, "tricks") == "inaccuracy"
    assert grade(game_id, 1, "tricks") == "mistake"
    assert grade(game_id, 2, "tricks") == "blunder"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_is_a_legal_action_with_its_estimates(game_id: str) -> None:
    state = seeded_deal(make_game(game_id), 8)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    got = hint(state, seat, seed=1, top=2)
    assert got.action in {str(a) for a in state.legal_actions()}
    assert 1 <= len(got.candidates) <= 2 and got.candidates[0][0] == got.action
    assert got.to_json()["action"] == got.action
    assert hint(state, seat, seed=1, top=2) == got
    with pytest.raises(AnalysisError, match="not to act"):
        hint(state, (seat + 1) % state.game.players)


def test_a_hint_does_not_see_the_others_cards() -> None:
    # the same hand for seat 0; seats 1 and 2 swap their cards: seat 0 cannot tell the two apart
    game = make_game("501")
    mine = "AS TS KS QS AH KH 9D".split()
    a = "AC TC KC QC JC 9C AD".split()
    b = "TH QH JH 9H TD KD QD".split()
    talon = "JS 9S JD".split()
    one = game.new_deal({0: mine, 1: a, 2: b}, talon, dealer=2)
    two = game.new_deal({0: mine, 1: b, 2: a}, talon, dealer=2)
    for st in (one, two):
        st.apply("look")
    assert hint(one, 0, seed=3) == hint(two, 0, seed=3)


def test_one_seat_gets_the_same_verdicts_as_in_the_whole_analysis() -> None:
    rec = record(played("five-hundred", 6))
    whole = analyze_deal(rec, 1, samples=2, seed=3)
    alone = analyze_deal(rec, 1, seats=[1], samples=2, seed=3)
    assert alone.decisions == tuple(d for d in whole.decisions if d.seat == 1)
    assert alone.par == whole.par


def test_the_dealer_who_sits_out_has_no_decision() -> None:
    game = make_game("pyatsot", players=4)
    state = seeded_deal(game, 2)
    bots = [make_bot("random", game, s) for s in range(4)]
    while state.deals[-1].score_changes is None:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    dealer = state.deals[0].dealer
    analysis = analyze_deal(record(state), 1, samples=1)
    assert dealer not in {d.seat for d in analysis.decisions}
    assert sorted(s.seat for s in analysis.seats) == sorted(set(range(4)) - {dealer})

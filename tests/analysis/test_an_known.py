"""The analysis finds the decision that is known to be wrong in constructed deals: a card that
loses a cold contract (preferans), a gift that hands over a marriage (Пятьсот), a pass where a
whist sets the contract for sure (preferans)."""

from __future__ import annotations

from an_helpers import (
    COLD_TEN,
    COLD_TEN_START,
    COLD_TEN_TALON,
    SURE_SET,
    SURE_SET_START,
    SURE_SET_TALON,
    TRIANGLE,
    TRIANGLE_START,
    TRIANGLE_TALON,
    finish,
    preferans,
    pyatsot,
    record,
)

from prikup.analysis import DealAnalysis, Decision, analyze_deal
from prikup.solver import solve


def _at(analysis: DealAnalysis, number: int) -> Decision:
    return next(d for d in analysis.decisions if d.number == number)


def test_a_card_that_loses_a_cold_contract_is_found_by_open_hands_and_by_the_bot() -> None:
    state = preferans(COLD_TEN, COLD_TEN_TALON, COLD_TEN_START)
    values = {str(a): v for a, v in solve(state).items()}
    # the rule of the deal, checked first: every trump lead makes ten, every heart lead nine
    assert all(values[f"play {c}S"] == 10 for c in "AKQJ")
    assert all(values[f"play {c}H"] == 9 for c in "AKQJT9")
    number = len(state.deals[-1].actions)
    state.apply("play AH")
    analysis = analyze_deal(record(finish(state)), 1, seats=[1], samples=16)
    lead = _at(analysis, number)
    assert (lead.phase, lead.seat, lead.taken, lead.unit) == ("play", 1, "play AH", "tricks")
    assert lead.open_hand is not None
    open_values = dict(lead.open_hand)
    assert open_values["play AH"] == 9 and max(open_values.values()) == 10
    assert lead.open_hand[0][1] == 10 and lead.open_hand[0][0].endswith("S")
    assert lead.loss_open == 1.0
    # the bot, from the declarer's knowledge alone, prefers a trump and values the heart lower
    assert lead.best.endswith("S") and lead.best.startswith("play")
    assert lead.loss > 0
    assert lead.grade != "good"
    worst = next(s for s in analysis.seats if s.seat == 1).worst
    assert number in worst


def test_a_trump_lead_in_the_same_deal_loses_nothing() -> None:
    state = preferans(COLD_TEN, COLD_TEN_TALON, COLD_TEN_START)
    number = len(state.deals[-1].actions)
    state.apply("play AS")
    analysis = analyze_deal(record(finish(state)), 1, seats=[1], samples=16)
    lead = _at(analysis, number)
    assert lead.loss == 0 and lead.loss_open == 0 and lead.grade == "good"


def test_a_gift_that_hands_over_a_marriage_is_a_mistake() -> None:
    # keep 9♣ (and so give the Q♥ away) instead of keeping the Q♥
    state = pyatsot(TRIANGLE, TRIANGLE_TALON, TRIANGLE_START)
    analysis = analyze_deal(record(state), 1, seats=[0], samples=16)
    keep = _at(analysis, 3)
    assert (keep.phase, keep.taken) == ("keep", "keep 9C")
    assert keep.best == "keep QH"
    assert keep.loss >= 25 and keep.grade in ("mistake", "blunder")
    means = dict(keep.estimates)
    assert means["keep QH"] > means["keep 9C"]
    assert analysis.seats[0].worst[0] == 3


def test_keeping_the_queen_is_good() -> None:
    start = [*TRIANGLE_START[:3], "keep QH", "give 9C", "give 9D", "contract 60"]
    analysis = analyze_deal(record(pyatsot(TRIANGLE, TRIANGLE_TALON, start)), 1, seats=[0], samples=16)
    keep = _at(analysis, 3)
    assert keep.taken == "keep QH" and keep.best == "keep QH" and keep.loss == 0


def test_a_pass_that_gives_up_a_sure_set_is_found() -> None:
    # both defenders pass: the contract is written as made; a whist by seat 0 would set it
    state = preferans(SURE_SET, SURE_SET_TALON, [*SURE_SET_START, "pass", "pass"])
    assert state.deals[-1].score_changes is not None  # the deal ended without play
    analysis = analyze_deal(record(state), 1, seats=[0], samples=8)
    last = _at(analysis, 7)
    assert (last.phase, last.seat, last.taken) == ("whist", 0, "pass")
    assert last.best == "whist"
    assert last.loss >= 10 and last.grade in ("mistake", "blunder")
    assert analysis.par is None  # no play


def test_the_whist_itself_is_good() -> None:
    state = finish(preferans(SURE_SET, SURE_SET_TALON, [*SURE_SET_START, "pass", "whist"]))
    analysis = analyze_deal(record(state), 1, seats=[0], samples=8)
    whist = _at(analysis, 7)
    assert whist.taken == "whist" and whist.loss == 0 and whist.grade == "good"
    assert analysis.par is not None and analysis.par.value < 6  # set with open hands too

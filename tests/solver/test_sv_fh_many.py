"""The open-hand solver with five and six hands (Five Hundred for five and six players): the C
search gives the Python reference's value for every legal move on random positions of every
form, the called partner counts with the contractor, and the position's moves follow the engine."""

from __future__ import annotations

import pytest
from sv_tricks_gen import minimax, plain_random_position, to_play

from prikup.core.game import State
from prikup.solver import ADAPTERS, Solver, position_of
from prikup.solver.play_five_hundred import PositionFiveHundred, move_of

#: name -> (options, the calls bid in turn by whoever is to bid, then passes)
MANY_FORMS: dict[str, tuple[dict[str, object], list[list[str]]]] = {
    "5p": ({"players": 5}, [["7S"], ["pass", "7H"], ["7NT"]]),
    "5p-secret-no-trumps-called": ({"players": 5, "partner_call": "secret", "call_trumps": False}, [["7D"], ["7C"]]),
    "5p-misere": ({"players": 5, "five_misere": True}, [["7S", "MIS"]]),
    "5p-nt-lead-not-void": ({"players": 5, "joker_lead": "not_void"}, [["7NT"]]),
    "6p-threes": ({"players": 6}, [["7S"], ["pass", "7H"], ["7NT"]]),
    "6p-pairs": ({"players": 6, "six_teams": "pairs"}, [["7C"], ["7NT"]]),
    "6p-misere": ({"players": 6}, [["7S", "MIS"]]),
    "6p-two-jokers": ({"players": 6, "deck": "64", "joker_nt": "any_time"}, [["7NT"], ["7D"]]),
}


def _to_play(form: str, seed: int) -> State:
    return to_play("five-hundred", MANY_FORMS, form, seed)


def _position(form: str, seed: int, tricks_left: int) -> State:
    """A play state of ``form`` with about ``tricks_left`` tricks to go, by random play."""
    return plain_random_position(MANY_FORMS, form, seed, tricks_left)


@pytest.mark.parametrize("form", list(MANY_FORMS))
def test_the_fast_search_equals_the_reference_with_five_and_six_hands(form: str) -> None:
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    for seed in range(40):
        state = _position(form, seed, (1, 2, 3)[seed % 3])
        pos, _ = position_of(state)
        expected = Solver(pos).values()
        fast_pos, _ = position_of(state)
        got, nodes = adapter.fast(fast_pos)
        assert got == expected, (form, seed)
        assert nodes >= 0


@pytest.mark.parametrize("form", ["5p", "6p-threes", "6p-pairs"])
def test_the_reference_equals_plain_minimax_with_five_and_six_hands(form: str) -> None:
    for seed in range(8):
        state = _position(form, 500 + seed, 2)
        pos, _ = position_of(state)
        values = Solver(pos).values()
        for move in pos.legal_moves():
            gain = pos.play(move)
            exact = gain + minimax(pos)
            pos.undo()
            assert values[move] == exact, (form, seed, move)


def test_the_called_partner_counts_with_the_contractor_and_the_moves_follow_the_engine() -> None:
    found = 0
    for seed in range(30):
        state = _to_play("5p", 900 + seed)
        pos, _ = position_of(state)
        assert isinstance(pos, PositionFiveHundred)
        partner = state.partner_seat()  # type: ignore[attr-defined]
        counted = {s for i, s in enumerate(state.playing) if pos.count >> i & 1}  # type: ignore[attr-defined]
        assert counted == {state.contractor} | ({partner} if partner is not None else set())  # type: ignore[attr-defined]
        found += partner is not None
        assert sorted(pos.legal_moves()) == sorted(move_of(a) for a in state.legal_actions())
    assert found >= 10

"""Preferans: the solver agrees with plain exhaustive minimax on thousands of small random
positions of every form, and with minimax on the rules engine itself."""

from __future__ import annotations

import pytest
from sv_tricks_gen import PF_FORMS, minimax, random_position

from prikup.core.game import Phase, State
from prikup.solver import ADAPTERS, Solver, position_of, solve

SEEDS = 400


@pytest.mark.parametrize("form", list(PF_FORMS))
def test_solver_value_equals_exhaustive_minimax(form: str):
    values = set()
    for seed in range(SEEDS):
        tricks = 1 + seed % 3 if seed % 40 else 4
        state = random_position("preferans", form, 10000 + seed, tricks)
        pos, _ = position_of(state)
        expected = minimax(pos)
        assert Solver(pos).value() == expected, (form, seed)
        values.add(expected)
    assert len(values) >= 2  # the positions are not all trivial


def _root_values_by_minimax(state: State) -> dict[str, int]:
    pos, base = position_of(state)
    adapter = ADAPTERS["preferans"]
    out = {}
    for action in state.legal_actions():
        gain = pos.play(adapter.move_of(action))
        out[str(action)] = base + gain + minimax(pos)
        pos.undo()
    return out


@pytest.mark.parametrize("form", list(PF_FORMS))
def test_solve_gives_every_legal_action_its_exact_value(form: str):
    for seed in range(25):
        state = random_position("preferans", form, 20000 + seed, 2 + seed % 2)
        got = {str(a): v for a, v in solve(state).items()}
        assert got == _root_values_by_minimax(state), (form, seed)


def _engine_minimax(state: State, deal: int, counted: list[int], maximisers: list[int]) -> int:
    """Exhaustive minimax on the rules engine itself (copies and apply), read from the deal's result."""
    if len(state.deals) > deal or state.phase is not Phase.PLAY or not any(state.hands):  # type: ignore[attr-defined]
        if any(state.hands):  # type: ignore[attr-defined]
            result = state.deals[deal - 1].result
            assert result is not None
            return sum(result["tricks"][str(s)] for s in counted)
        return sum(state.won[s] for s in counted)  # type: ignore[attr-defined]
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(_engine_minimax(child, deal, counted, maximisers))
    seat = state.hand_to_play  # type: ignore[attr-defined]
    if seat is None:  # the lone whister's open/closed: a defender
        seat = state.lone_whister  # type: ignore[attr-defined]
    return max(values) if seat in maximisers else min(values)


@pytest.mark.parametrize("form", ["3p-trump", "3p-misere", "3p-misere-stop", "3p-raspasy", "4p-trump", "3p-nt"])
def test_solve_agrees_with_minimax_on_the_engine_itself(form: str):
    for seed in range(6):
        state = random_position("preferans", form, 30000 + seed, 2)
        pos, _ = position_of(state)
        active = state.active_seats()
        counted = [s for i, s in enumerate(active) if pos.count >> i & 1]  # type: ignore[attr-defined]
        maximisers = [s for i, s in enumerate(active) if pos.maximisers >> i & 1]  # type: ignore[attr-defined]
        deal = len(state.deals)
        for action, value in solve(state).items():
            child = state.copy()
            child.apply(action)
            assert value == _engine_minimax(child, deal, counted, maximisers), (form, seed, str(action))

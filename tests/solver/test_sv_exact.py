"""The solver agrees with plain exhaustive minimax on over a thousand small random end positions."""

from __future__ import annotations

import pytest
from sv_gen import minimax, random_position, root_values_by_minimax

from prikup.core.game import State
from prikup.solver import Solver, position_of, solve
from prikup.solver.play501 import Position501
from prikup.solver.play_pyatsot import PositionPyatsot

CASES = [
    # (game, trump for 501 or None, announce/declare bias, seeds)
    ("501", "NT", 0.5, range(0, 250)),
    ("501", None, 0.7, range(400, 750)),
    ("pyatsot", None, 0.8, range(0, 400)),
    ("pyatsot", None, 0.2, range(700, 900)),
]


@pytest.mark.parametrize(("game", "trump", "bias", "seeds"), CASES)
def test_solver_value_equals_exhaustive_minimax(game: str, trump: str | None, bias: float, seeds: range):
    features = set()
    for seed in seeds:
        state = random_position(game, seed, 2 + seed % 3, trump, bias)
        pos, _ = position_of(state)
        expected = minimax(pos)
        assert Solver(pos).value() == expected, (game, seed)
        if isinstance(pos, Position501):
            features.add("NT" if pos.trump < 0 else "trump")
            if pos.announced:
                features.add("marriage")
            if pos.pending:
                features.add("pending")
        elif isinstance(pos, PositionPyatsot):
            features.add("trump" if pos.trump >= 0 else "no trump")
            if pos._declarations(pos.turn()):
                features.add("declaration possible")
    wanted = {"NT"} if trump == "NT" else ({"trump", "marriage"} if game == "501" else {"trump", "no trump"})
    if game == "pyatsot":
        wanted.add("declaration possible")
    assert wanted <= features


@pytest.mark.parametrize("game", ["501", "pyatsot"])
def test_solve_gives_every_legal_action_its_exact_value(game: str):
    for seed in range(150):
        state = random_position(game, 5000 + seed, 2 + seed % 3, None, 0.6)
        got = {str(a): v for a, v in solve(state).items()}
        assert got == root_values_by_minimax(state), seed
        assert set(got) == {str(a) for a in state.legal_actions()}


def _engine_minimax(state: State, declarer: int, deal: int) -> int:
    """Exhaustive minimax on the rules engine itself (copies and apply), read from the deal's result."""
    if len(state.deals) > deal or state.deals[-1].scores_after is not None:
        result = state.deals[deal - 1].result
        assert result is not None
        return int(result["points"][str(declarer)])
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(_engine_minimax(child, declarer, deal))
    return max(values) if state.to_act == declarer else min(values)


@pytest.mark.parametrize("game", ["501", "pyatsot"])
def test_solve_agrees_with_minimax_on_the_engine_itself(game: str):
    for seed in range(60):
        state = random_position(game, 9000 + seed, 2, None, 0.6)
        declarer = state.declarer  # type: ignore[attr-defined]
        deal = len(state.deals)
        for action, value in solve(state).items():
            child = state.copy()
            child.apply(action)
            assert value == _engine_minimax(child, declarer, deal), (seed, str(action))

"""The trick games (Five Hundred, preferans): the solver agrees with plain exhaustive minimax on
thousands of small random positions of every form, and with minimax on the rules engine itself."""

from __future__ import annotations

import pytest
from sv_tricks_gen import FH_FORMS, PF_FORMS, minimax, random_position, root_values_by_minimax

from prikup.core.game import Phase, State
from prikup.solver import Solver, best_play, position_of, solve

#: Random positions per form (preferans has fewer forms, so more of each).
SEEDS = {"five-hundred": 200, "preferans": 400}
FORMS = [("five-hundred", f) for f in FH_FORMS] + [("preferans", f) for f in PF_FORMS]
ENGINE_FORMS = [("five-hundred", f) for f in ("4p", "4p-misere", "3p-no-bid", "4p-nt-any-time", "3p-misere")] + [
    ("preferans", f) for f in ("3p-trump", "3p-misere", "3p-misere-stop", "3p-raspasy", "4p-trump", "3p-nt")
]


@pytest.mark.parametrize(("gid", "form"), FORMS)
def test_solver_value_equals_exhaustive_minimax(gid: str, form: str):
    values = set()
    for seed in range(SEEDS[gid]):
        tricks = 1 + seed % 3 if seed % 40 else 4
        state = random_position(gid, form, 10000 + seed, tricks)
        pos, _ = position_of(state)
        expected = minimax(pos)
        assert Solver(pos).value() == expected, (form, seed)
        values.add(expected)
    assert len(values) >= 2  # the positions are not all trivial


@pytest.mark.parametrize(("gid", "form"), FORMS)
def test_solve_gives_every_legal_action_its_exact_value(gid: str, form: str):
    for seed in range(25):
        state = random_position(gid, form, 20000 + seed, 2 + seed % 2)
        got = {str(a): v for a, v in solve(state).items()}
        assert got == root_values_by_minimax(state), (form, seed)


def _counted_tricks(state: State, deal: int, counted: list[int]) -> int | None:
    """The counted seats' tricks once the deal's play is over (read from the engine), else None."""
    if state.game.id == "five-hundred":
        if len(state.deals) > deal or state.phase is not Phase.PLAY:
            result = state.deals[deal - 1].result
            assert result is not None
            return sum(result["tricks_won"][s] for s in counted)
        return None
    if len(state.deals) > deal or state.phase is not Phase.PLAY or not any(state.hands):  # type: ignore[attr-defined]
        if any(state.hands):  # type: ignore[attr-defined]
            result = state.deals[deal - 1].result
            assert result is not None
            return sum(result["tricks"][str(s)] for s in counted)
        return sum(state.won[s] for s in counted)  # type: ignore[attr-defined]
    return None


def _actor(state: State) -> int | None:
    """Whose choice it is, for the minimax (preferans: the hand to play, or the lone whister)."""
    if state.game.id == "five-hundred":
        return state.to_act
    seat = state.hand_to_play  # type: ignore[attr-defined]
    return state.lone_whister if seat is None else seat  # type: ignore[attr-defined]


def _engine_minimax(state: State, deal: int, counted: list[int], maximisers: list[int]) -> int:
    """Exhaustive minimax on the rules engine itself (copies and apply), read from the deal's result."""
    done = _counted_tricks(state, deal, counted)
    if done is not None:
        return done
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(_engine_minimax(child, deal, counted, maximisers))
    return max(values) if _actor(state) in maximisers else min(values)


@pytest.mark.parametrize(("gid", "form"), ENGINE_FORMS)
def test_solve_agrees_with_minimax_on_the_engine_itself(gid: str, form: str):
    for seed in range(6):
        state = random_position(gid, form, 30000 + seed, 2)
        pos, _ = position_of(state)
        seats = state.playing if gid == "five-hundred" else state.active_seats()  # type: ignore[attr-defined]
        counted = [s for i, s in enumerate(seats) if pos.count >> i & 1]  # type: ignore[attr-defined]
        maximisers = [s for i, s in enumerate(seats) if pos.maximisers >> i & 1]  # type: ignore[attr-defined]
        deal = len(state.deals)
        for action, value in solve(state).items():
            child = state.copy()
            child.apply(action)
            assert value == _engine_minimax(child, deal, counted, maximisers), (form, seed, str(action))


@pytest.mark.parametrize("gid", ["five-hundred", "preferans"])
def test_twins_have_equal_values(gid: str):
    """The equivalence rule, checked by exhaustive minimax: members of a group are worth the same."""
    pairs = 0
    forms = FH_FORMS if gid == "five-hundred" else PF_FORMS
    for i, form in enumerate(forms):
        for seed in range(25 if gid == "five-hundred" else 30):
            state = random_position(gid, form, 4000 + 100 * i + seed, 2)
            pos, _ = position_of(state)
            values: dict[int, set[int]] = {}
            for move, group, _ in pos.moves():
                if group >= 0:
                    gain = pos.play(move)
                    values.setdefault(group, set()).add(gain + minimax(pos))
                    pos.undo()
            for group_values in values.values():
                assert len(group_values) == 1, (form, seed)
            pairs += sum(1 for m, g, _ in pos.moves() if g >= 0 and g != m)
    assert pairs > 10


@pytest.mark.parametrize("gid", ["five-hundred", "preferans"])
def test_best_play_is_a_best_action(gid: str):
    forms = list(FH_FORMS if gid == "five-hundred" else PF_FORMS)
    for seed in range(20):
        state = random_position(gid, forms[seed % len(forms)], 6000 + seed, 3)
        values = solve(state)
        pos, base = position_of(state)
        target = max(values.values()) if pos.max_to_move() else min(values.values())
        assert values[best_play(state)] == target
        assert Solver(pos).value() + base == target

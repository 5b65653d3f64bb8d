"""The play positions follow the engine: same legal moves, same points, exact reduction rules."""

from __future__ import annotations

import random

import pytest
from sv_gen import minimax, random_position, to_play

from prikup.core.cards import parse_cards
from prikup.core.game import Phase
from prikup.solver import ADAPTERS, Solver, best_play, position_of, solve
from prikup.solver.play501 import Position501
from prikup.solver.play_pyatsot import PositionPyatsot


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


@pytest.mark.parametrize("game", ["501", "pyatsot"])
def test_move_generator_agrees_with_legal_actions_and_points_with_the_engine(game: str):
    adapter = ADAPTERS[game]
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        state = to_play(game, 20000 + seed)
        declarer = state.declarer  # type: ignore[attr-defined]
        deal = len(state.deals)
        pos, base = position_of(state)
        total = base
        while len(state.deals) == deal and state.phase is Phase.PLAY:
            fresh, fresh_base = position_of(state)
            legal = state.legal_actions()
            assert sorted(fresh.legal_moves()) == sorted(adapter.move_of(a) for a in legal)
            assert sorted(pos.legal_moves()) == sorted(fresh.legal_moves())
            assert {adapter.move_of(adapter.action_of(m)) for m in fresh.legal_moves()} == set(fresh.legal_moves())
            searched = {m for m, _, _ in fresh.moves()}
            assert searched <= set(fresh.legal_moves()) and searched
            assert fresh.max_to_move() == (state.to_act == declarer)
            assert fresh.key() == pos.key()
            assert fresh_base + 0 <= total
            special = [a for a in legal if a.modifier is not None]
            action = rng.choice(special if special and rng.random() < 0.5 else legal)
            total += pos.play(adapter.move_of(action))
            state.apply(action)
            checked += 1
        assert pos.over()
        result = state.deals[deal - 1].result
        assert result is not None and int(result["points"][str(declarer)]) == total
    assert checked > 2000


def test_equivalence_groups_501():
    # Seat 0 holds AS TS JS, seat 1 KS QS: A and T are adjacent in what is left of spades, J is not.
    pos = Position501([_mask("AS TS JS 9H"), _mask("KS QS AH TH"), _mask("9S JH AC TC")], 0, [], 1, None)
    groups = pos._groups(0, pos.hands[0])
    assert groups[_mask_id("AS")] == groups[_mask_id("TS")]
    assert _mask_id("JS") in groups and groups[_mask_id("JS")] != groups[_mask_id("AS")]
    # A card of the trick in progress separates: KS is on the table between seat 1's AS and QS.
    pos = Position501([_mask("9H JH 9C"), _mask("AS QS AC"), _mask("9S JC QC")], 0, [_mask_id("KS")], 2, None)
    groups = pos._groups(1, pos.hands[1])
    assert groups[_mask_id("AS")] != groups[_mask_id("QS")]
    # Cards of completed tricks do not: with KS and TS gone, AS and QS are twins.
    pos = Position501([_mask("9H JH 9C"), _mask("AS QS AC"), _mask("9S JC QC")], 1, [], 2, None)
    groups = pos._groups(1, pos.hands[1])
    assert groups[_mask_id("AS")] == groups[_mask_id("QS")]


def test_declarers_announceable_marriage_cards_are_never_equivalent_501():
    hands = [_mask("TS KS QS 9C"), _mask("AS JS AC TC"), _mask("9S AH TH KC")]
    decl = Position501(hands, 0, [], 0, 0)
    groups = decl._groups(0, hands[0])
    assert _mask_id("KS") not in groups and _mask_id("QS") not in groups
    assert _mask_id("TS") in groups
    # once the spades marriage is announced, T K Q of spades are one group again
    decl = Position501(hands, 0, [], 0, 0, announced=1)
    groups = decl._groups(0, hands[0])
    assert groups[_mask_id("TS")] == groups[_mask_id("KS")] == groups[_mask_id("QS")]


def test_combination_cards_are_never_equivalent_pyatsot():
    hands = [_mask("AH TH KH QH JH 9C"), _mask("AS TS KS QS AC TC"), _mask("9H JS 9S KC QC JC")]
    pos = PositionPyatsot(hands, 0, [], 0, won=1)
    groups = pos._groups(0, hands[0])
    assert groups[_mask_id("AH")] == groups[_mask_id("TH")]
    assert not {_mask_id(c) for c in ("KH", "QH", "JH")} & set(groups)
    # a used combination frees its cards
    pos = PositionPyatsot(hands, 0, [], 0, trump=3, maker=0, used=_mask("KH QH JH"), won=1)
    groups = pos._groups(0, hands[0])
    assert groups[_mask_id("AH")] == groups[_mask_id("JH")]


def _mask_id(code: str) -> int:
    return parse_cards(code)[0].id


@pytest.mark.parametrize("game", ["501", "pyatsot"])
def test_twins_values_differ_by_at_most_their_point_difference(game: str):
    """The lemma behind the equivalence rule, checked by exhaustive minimax."""
    pairs = 0
    for seed in range(300):
        state = random_position(game, 40000 + seed, 2 + seed % 2)
        pos, _ = position_of(state)
        values = {}
        for move, group, pts in pos.moves():
            if group < 0:
                continue
            gain = pos.play(move)
            values[move] = (group, pts, gain + minimax(pos))
            pos.undo()
        items = list(values.values())
        for i, (g1, p1, v1) in enumerate(items):
            for g2, p2, v2 in items[i + 1 :]:
                if g1 == g2:
                    pairs += 1
                    assert abs(v1 - v2) <= abs(p1 - p2), seed
    assert pairs > 50


def test_declarer_always_announcing_is_exact_501():
    """The declarer's best lead announces whenever he can (the dominance the search uses)."""
    seen = 0
    for seed in range(400):
        state = random_position("501", 50000 + seed, 2 + seed % 3, None, 0.0)
        pos, _ = position_of(state)
        if not pos.max_to_move() or pos.trick or not pos.declarable(pos.decl):  # type: ignore[attr-defined]
            continue
        seen += 1
        values = solve(state)
        plain = max(v for a, v in values.items() if a.modifier is None)
        announced = max(v for a, v in values.items() if a.modifier is not None)
        assert announced >= plain
    assert seen > 5


def test_best_play_is_a_best_action():
    for game in ("501", "pyatsot"):
        for seed in range(30):
            state = random_position(game, 60000 + seed, 3)
            values = solve(state)
            pos, _ = position_of(state)
            best = best_play(state)
            target = max(values.values()) if pos.max_to_move() else min(values.values())
            assert values[best] == target


def test_solver_reuses_its_table_between_moves():
    state = random_position("pyatsot", 3, 4)
    pos, _ = position_of(state)
    solver = Solver(pos)
    first = solve(state, solver)
    assert solver.table and solve(state, solver) == first


def test_not_in_play_phase_is_refused(monkeypatch: pytest.MonkeyPatch):
    from prikup import make_game

    state = make_game("501").new_match(1)
    with pytest.raises(ValueError, match="play phase"):
        position_of(state)
    monkeypatch.delitem(ADAPTERS, "preferans")
    with pytest.raises(ValueError, match="no adapter"):
        position_of(make_game("preferans").new_match(1))


def test_a_pending_marriage_never_counts_without_a_trick_even_from_the_middle_of_the_last_trick_501():
    """A marriage counts only once its owner takes a trick: built in the middle of the last trick
    (the position's count of cards to play is the hands' alone), the declarer who takes none
    ends with nothing of his pending 20."""
    from prikup.solver.play501 import fast_values

    def position() -> Position501:
        return Position501([_mask("9S"), 0, 0], 1, [_mask_id("AH"), _mask_id("9H")], 0, None, announced=2, pending=20)

    assert Solver(position()).values() == {_mask_id("9S"): 0}
    assert fast_values(position())[0] == {_mask_id("9S"): 0}
    assert fast_values(position(), best=True)[0] == {_mask_id("9S"): 0}

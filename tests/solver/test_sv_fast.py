"""The C search (the fast path) gives exactly the Python reference's value for every legal move:
on random positions of every size (from a trick or two to the whole deal) of every game and form."""

from __future__ import annotations

import pytest
import reference_values
import sv_gen
import sv_tricks_gen

from prikup.core.game import State
from prikup.solver import ADAPTERS, Solver, fast, position_of, solve
from prikup.solver.play_points import PointsPosition
from prikup.solver.play_tricks import TrickPosition

#: (game, form or trump, seeds, tricks left): small positions by the thousand, whole deals by the dozen.
CASES: list[tuple[str, str | None, range, tuple[int, ...]]] = [
    ("501", None, range(0, 600), (2, 3, 4)),
    ("501", "NT", range(600, 800), (2, 3, 4)),
    ("501", None, range(800, 810), (8,)),
    ("pyatsot", None, range(0, 600), (2, 3, 4)),
    ("pyatsot", None, range(600, 610), (7, 8)),
]
CASES += [("five-hundred", form, range(0, 120), (1, 2, 3, 4)) for form in sv_tricks_gen.FH_FORMS]
CASES += [("five-hundred", form, range(120, 121), (10,)) for form in sv_tricks_gen.FH_FORMS]
CASES += [("preferans", form, range(0, 150), (1, 2, 3, 4)) for form in sv_tricks_gen.PF_FORMS]
CASES += [("preferans", form, range(150, 152), (10,)) for form in sv_tricks_gen.PF_FORMS]


def _position(game: str, form: str | None, seed: int, tricks: int) -> State:
    if game in ("501", "pyatsot"):
        if tricks >= 8:
            return sv_gen.to_play(game, seed, form)
        # the generator counts whole tricks (hands and trick hold a multiple of 3 cards): 2 at least
        return sv_gen.random_position(game, seed, max(2, tricks), form, 0.6)
    return sv_tricks_gen.random_position(game, form or "", seed, tricks)


def _forms(game: str) -> list[str | None]:
    if game in ("501", "pyatsot"):
        return [None]
    return list(sv_tricks_gen.FH_FORMS if game == "five-hundred" else sv_tricks_gen.PF_FORMS)


def test_every_game_has_a_fast_search():
    assert fast.enabled()
    assert {g for g, a in ADAPTERS.items() if a.fast is None} == set()


@pytest.mark.parametrize(("game", "form", "seeds", "sizes"), CASES)
def test_fast_search_equals_the_reference_search(game: str, form: str | None, seeds: range, sizes: tuple[int, ...]):
    adapter = ADAPTERS[game]
    assert adapter.fast is not None
    for seed in seeds:
        size = sizes[seed % len(sizes)]
        state = _position(game, form, seed, size)
        if size >= 7:  # a whole deal: the reference's values as stored (reference_values.py)
            expected = reference_values.values(f"fast/{game}/{form}/{seed}/{size}", state)
        else:
            expected = Solver(position_of(state)[0]).values()
        pos2, _ = position_of(state)
        got, nodes = adapter.fast(pos2)
        assert got == expected, (game, form, seed)
        assert nodes >= 0


def test_solve_uses_the_fast_search_and_agrees(monkeypatch: pytest.MonkeyPatch):
    for game in ADAPTERS:
        state = _position(
            game,
            None
            if game in ("501", "pyatsot")
            else next(iter(sv_tricks_gen.FH_FORMS if game == "five-hundred" else sv_tricks_gen.PF_FORMS)),
            7,
            3,
        )
        quick = solve(state)
        monkeypatch.setenv("PRIKUP_SOLVER", "python")
        assert not fast.enabled()
        assert solve(state) == quick
        monkeypatch.delenv("PRIKUP_SOLVER")


@pytest.mark.parametrize("game", sorted(ADAPTERS))
def test_best_only_search_gives_a_best_move_and_the_value(game: str):
    adapter = ADAPTERS[game]
    assert adapter.fast is not None
    forms = (
        [None]
        if game in ("501", "pyatsot")
        else list(sv_tricks_gen.FH_FORMS if game == "five-hundred" else sv_tricks_gen.PF_FORMS)
    )
    for seed in range(240):
        state = _position(game, forms[seed % len(forms)], 3000 + seed, 1 + seed % 4)
        pos, _ = position_of(state)
        reference = Solver(pos).values()
        best = (max if pos.max_to_move() else min)(reference.values())
        got, _ = adapter.fast(position_of(state)[0], best=True)
        assert len(got) == 1, (game, seed)
        ((move, value),) = got.items()
        assert value == best and reference[move] == best, (game, seed)


@pytest.mark.parametrize("game", sorted(ADAPTERS))
def test_play_out_plays_a_best_move_at_every_step_to_the_end_of_the_deal(game: str):
    from prikup.solver import play_out

    forms = (
        [None]
        if game in ("501", "pyatsot")
        else list(sv_tricks_gen.FH_FORMS if game == "five-hundred" else sv_tricks_gen.PF_FORMS)
    )
    for seed in range(30):
        state = _position(game, forms[seed % len(forms)], 7000 + seed, 2 + seed % 2)
        deal = len(state.deals)
        done = len(state.deals[deal - 1].actions)
        played = state.copy()
        applied = play_out(played)
        log = played.deals[deal - 1]
        assert log.score_changes is not None, (game, seed)
        steps = log.actions[done:]
        assert len(steps) == applied > 0
        for _, action in steps:  # each step is a best move of the reference solver
            if state.phase.value != "play" or len(state.deals) > deal:
                break
            pos, _ = position_of(state)
            values = Solver(pos).values()
            adapter = ADAPTERS[game]
            best = (max if pos.max_to_move() else min)(values.values())
            assert values[adapter.move_of(action)] == best, (game, seed, str(action))
            state.apply(action)


def test_fast_search_rejects_malformed_positions():
    state = _position("501", None, 1, 3)
    pos, _ = position_of(state)
    assert isinstance(pos, PointsPosition)
    good = pos.rules.tables()
    h = pos.hands
    values = fast.module().values_points
    with pytest.raises(ValueError, match="two places"):
        values(*good, (h[0], h[0], h[2]), pos.leader, (), pos.decl, pos.trump, -1, 0, 0, 0)
    with pytest.raises(ValueError, match="leader"):
        values(*good, (h[0], h[1], h[2]), 5, (), pos.decl, pos.trump, -1, 0, 0, 0)
    with pytest.raises(ValueError, match="trick"):
        values(*good, (h[0], h[1], h[2]), pos.leader, (70,), pos.decl, pos.trump, -1, 0, 0, 0)
    with pytest.raises(ValueError, match="strength"):
        values((1, 2), *good[1:], (h[0], h[1], h[2]), pos.leader, (), pos.decl, pos.trump, -1, 0, 0, 0)
    with pytest.raises(ValueError, match="flags"):
        values(*good[:4], 64, (h[0], h[1], h[2]), pos.leader, (), pos.decl, pos.trump, -1, 0, 0, 0)
    with pytest.raises(ValueError, match="combos"):
        values(*good[:3], ((0, 1 << 20, 20),), good[4], (h[0], h[1], h[2]), pos.leader, (), pos.decl, -1, -1, 0, 0, 0)


def test_fast_trick_search_rejects_malformed_positions():
    state = _position("preferans", next(iter(sv_tricks_gen.PF_FORMS)), 1, 3)
    pos, _ = position_of(state)
    assert isinstance(pos, TrickPosition)
    values = fast.module().values_tricks
    ids = tuple(range(64))
    s = pos.suits
    args = [ids, tuple(pos.strength[:64]), tuple(pos.hands), pos.leader, tuple(pos.trick), pos.led]
    rest = [(s[0], s[1], s[2], s[3]), pos.trump, pos.count, pos.maximisers, 0, 1, 0, 0, 1, (0, 0, 0), 0, 128]
    assert values(*args, *rest, -1, -1)[0] == Solver(pos).values()  # the well-formed call, for contrast
    with pytest.raises(ValueError, match="chooser"):
        values(*args, *rest, 7, -1)
    with pytest.raises(ValueError, match="chooser"):
        values(*args, *rest, 0, 1)
    with pytest.raises(ValueError, match="leader"):
        values(*args[:3], 9, *args[4:], *rest, -1, -1)


def test_fast_trick_search_rejects_a_card_in_two_suits():
    """The key words follow each effective suit's cards as they are played: a card may be in one
    suit only (or be a no-trump joker)."""
    state = _position("preferans", next(iter(sv_tricks_gen.PF_FORMS)), 1, 3)
    pos, _ = position_of(state)
    assert isinstance(pos, TrickPosition)
    values = fast.module().values_tricks
    ids = tuple(range(64))
    s = pos.suits
    args = [ids, tuple(pos.strength[:64]), tuple(pos.hands), pos.leader, tuple(pos.trick), pos.led]
    tail = [pos.trump, pos.count, pos.maximisers, 0, 1]
    flags = [0, 1, (0, 0, 0), 0, 128, -1, -1]
    assert values(*args, (s[0], s[1], s[2], s[3]), *tail, 0, *flags)[0] == Solver(pos).values()
    with pytest.raises(ValueError, match="two of them"):
        values(*args, (s[0] | s[1], s[1], s[2], s[3]), *tail, 0, *flags)
    with pytest.raises(ValueError, match="two of them"):
        values(*args, (s[0], s[1], s[2], s[3]), *tail, s[2] & -s[2], *flags)

"""The open-hand solver in Five Hundred's forms for two and three players (dummies with face-down
cards, a dead hand, table cards, the drawing form; three with a dead hand): the C search gives the
Python reference's value for every legal move on random positions of every form, from the last
tricks to deep in the deal, where the dummies' face-down cards still lie under their covers; the
reference equals plain minimax there; and a face-down card is kept unplayable at every depth (not
only at the decision itself)."""

from __future__ import annotations

import pytest
from sv_tricks_gen import minimax, plain_random_position

from prikup.core.game import State
from prikup.solver import ADAPTERS, Solver, fast, position_of
from prikup.solver.play_five_hundred import DummyPosition, values
from prikup.solver.play_tricks import fast_bounds, fast_values

#: name -> (options, the calls bid in turn by whoever is to bid, then passes)
TWO_FORMS: dict[str, tuple[dict[str, object], list[list[str]]]] = {
    "2p-dummies": ({"players": 2, "form": "dummies"}, [["6S"], ["7NT"], ["pass", "6H"], ["7D"], ["6C"]]),
    "2p-dummies-nt-not-void": ({"players": 2, "form": "dummies", "joker_lead": "not_void"}, [["6NT"], ["7NT"]]),
    "2p-dead-hand": ({"players": 2, "form": "dead_hand"}, [["6S"], ["6NT"], ["pass", "7H"]]),
    "2p-table-cards": ({"players": 2, "form": "table_cards"}, [["6D"], ["6NT"], ["pass", "7C"]]),
    "2p-drawing": ({"players": 2, "form": "drawing"}, [["6H"], ["7NT"], ["pass", "6S"]]),
    "3p-dead-hand": ({"players": 3, "form": "dead_hand"}, [["6S"], ["pass", "6NT"], ["7D"], ["MIS"]]),
}


def _position(form: str, seed: int, tricks_left: int) -> State:
    """A play state of ``form`` with about ``tricks_left`` tricks to go, by random play."""
    return plain_random_position(TWO_FORMS, form, seed, tricks_left)


def _face_down(state: State) -> int:
    pos, _ = position_of(state)
    return sum(d.bit_count() for d in pos.down) if isinstance(pos, DummyPosition) else 0


@pytest.mark.parametrize("form", list(TWO_FORMS))
def test_the_fast_search_equals_the_reference_in_the_two_and_three_handed_forms(form: str) -> None:
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    sizes = (1, 2, 3, 4, 5, 7)
    for seed in range(36):
        state = _position(form, seed, sizes[seed % len(sizes)])
        pos, _ = position_of(state)
        expected = Solver(pos).values()
        got, nodes = adapter.fast(position_of(state)[0])
        assert got == expected, (form, seed)
        ((move, value),) = adapter.fast(position_of(state)[0], best=True)[0].items()
        assert value == expected[move] == (max if pos.max_to_move() else min)(expected.values()), (form, seed)
        assert nodes >= 0
        if not (isinstance(pos, DummyPosition) and any(pos.down)):  # the bounds the search starts from
            lo, hi = fast_bounds(position_of(state)[0])  # type: ignore[arg-type]
            assert lo <= value <= hi, (form, seed, lo, value, hi)


def test_the_fast_search_keeps_the_dummies_face_down_cards_deep_in_the_deal() -> None:
    """Positions of 6 to 8 tricks to go, each with face-down cards: C = the reference."""
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    checked = 0
    for seed in range(12):
        state = _position("2p-dummies", 700 + seed, (6, 7, 8)[seed % 3])
        if not _face_down(state):
            continue
        pos, _ = position_of(state)
        assert adapter.fast(position_of(state)[0])[0] == Solver(pos).values(), seed
        checked += 1
    assert checked >= 9


def test_with_face_down_cards_the_reference_equals_plain_minimax() -> None:
    checked = 0
    for seed in range(40):
        state = _position("2p-dummies", 300 + seed, 3 + seed % 2)
        if not _face_down(state):
            continue
        pos, _ = position_of(state)
        got = Solver(pos).values()
        for move in pos.legal_moves():
            gain = pos.play(move)
            exact = gain + minimax(pos)
            pos.undo()
            assert got[move] == exact, (seed, move)
        checked += 1
    assert checked >= 20


def test_a_face_down_card_stays_unplayable_below_the_root() -> None:
    """Searching each legal move's child as four open hands (a face-down card playable from the
    next trick on) gives other values than the exact ones on many positions: values() keeps the
    rule at every depth and gives plain minimax's values there."""
    approximate_differs = 0
    for seed in range(40):
        state = _position("2p-dummies", seed, 4)
        if not _face_down(state):
            continue
        pos, _ = position_of(state)
        assert isinstance(pos, DummyPosition)
        exact = values(pos)[0]
        open_hands = {}
        for move in pos.legal_moves():
            gain = pos.play(move)
            open_hands[move] = gain + (next(iter(fast_values(pos, best=True)[0].values())) if not pos.over() else 0)
            exact_move = gain + minimax(pos)
            pos.undo()
            assert exact[move] == exact_move, (seed, move)
        approximate_differs += open_hands != exact
    assert approximate_differs >= 5


def test_the_c_search_refuses_malformed_cover_pairs() -> None:
    state = _position("2p-dummies", 5, 9)
    pos, _ = position_of(state)
    assert isinstance(pos, DummyPosition) and pos.pairs()
    from prikup.solver.play_tricks import _fast_args

    args = _fast_args(pos)
    ids = list(args[0])  # type: ignore[call-overload]
    up, _ = pos.pairs()[0]
    module = fast.module()
    with pytest.raises(ValueError, match="covers: "):
        module.values_tricks_down(((ids.index(up), ids.index(up)),), *args, 1)
    player = next(h for h, d in zip(pos.hands, pos.down, strict=True) if not d)  # a player's own hand
    other = _ids(player)[0]
    with pytest.raises(ValueError, match="covers: the card under a cover must be in a hand"):
        module.values_tricks_down(((ids.index(up), ids.index(other)),), *args, 1)
    with pytest.raises(ValueError, match="values_tricks_down"):
        module.values_tricks_down()


def _ids(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]

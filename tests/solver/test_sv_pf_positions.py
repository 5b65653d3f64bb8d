"""Preferans's play position follows the engine: the same legal moves in every form (the lone
whister's open/closed choice included), the same trick winners and the same end of play."""

from __future__ import annotations

import random

import pytest
from sv_tricks_gen import PF_FORMS, pf_play

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import parse_cards
from prikup.core.game import Phase
from prikup.solver import ADAPTERS, position_of, solve
from prikup.solver.play_preferans import CLOSED, OPEN, PositionPreferans, action_of, move_of


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def _id(code: str) -> int:
    return parse_cards(code)[0].id


@pytest.mark.parametrize("form", list(PF_FORMS))
def test_move_generator_agrees_with_the_engines_legal_plays_in_every_form(form: str):
    adapter = ADAPTERS["preferans"]
    checked = 0
    choices = 0
    for seed in range(40 if "stop" in form else 14):
        rng = random.Random(seed)
        state = pf_play(form, 900 + seed)
        deal = len(state.deals)
        pos, base = position_of(state)
        assert isinstance(pos, PositionPreferans) and base == 0
        active = state.active_seats()
        counted = [s for i, s in enumerate(active) if pos.count >> i & 1]
        total = 0
        while len(state.deals) == deal and state.phase is Phase.PLAY and any(state.hands):  # type: ignore[attr-defined]
            fresh, fresh_base = position_of(state)
            legal = state.legal_actions()
            assert sorted(fresh.legal_moves()) == sorted(move_of(a) for a in legal), (form, seed)
            assert sorted(pos.legal_moves()) == sorted(fresh.legal_moves())
            assert [action_of(move_of(a)) for a in legal] == legal
            assert not fresh.over()
            if fresh.chooser is not None:
                choices += 1
                assert set(fresh.legal_moves()) == {OPEN, CLOSED} and not fresh.max_to_move()
            else:
                hand = state.hand_to_play  # type: ignore[attr-defined]
                assert sorted(m for m, _, _ in fresh.moves()) == sorted(fresh.legal_moves())
                assert fresh.max_to_move() == (fresh.maximisers >> active.index(hand) & 1 == 1)
            if fresh.count == pos.count:  # raspasy counts the seat to play's tricks
                assert fresh.key() == pos.key()
                assert fresh_base == total
            action = rng.choice(legal)
            total += pos.play(adapter.move_of(action))
            state.apply(action)
            checked += 1
        assert pos.over()
        result = state.deals[deal - 1].result
        assert result is not None
        assert total == sum(result["tricks"][str(s)] for s in counted)
    assert checked > 100
    if form == "3p-trump":
        assert choices > 0


def test_must_follow_suit_else_trump():
    pos = PositionPreferans([_mask("AS 7H"), _mask("9H 8C"), _mask("KS QD")], 0, [], 3, 1, 1)
    pos.play(_id("AS"))
    assert pos.allowed(1) == _mask("9H")  # no spade: must trump
    assert pos.play(_id("9H")) == 0
    pos.play(_id("KS"))
    assert pos.leader == 1  # the trump takes it
    pos = PositionPreferans([_mask("AS 7H"), _mask("9H 8C"), _mask("KS QD")], 0, [], None, 1, 1)
    pos.play(_id("AS"))
    assert pos.allowed(1) == _mask("9H 8C")  # no-trump: anything


def test_misere_whisters_maximise_and_play_stops_only_without_play_out():
    for form, stop in (("3p-misere", False), ("3p-misere-stop", True)):
        state = pf_play(form, 11)
        pos, _ = position_of(state)
        assert isinstance(pos, PositionPreferans)
        decl = state.active_seats().index(state.declarer)  # type: ignore[attr-defined]
        assert pos.count == 1 << decl and pos.maximisers == 0b111 & ~(1 << decl)
        assert pos.stop is stop and pos.upper() == (1 if stop else 10)


def test_raspasy_counts_the_seat_to_play_against_the_other_two():
    state = pf_play("3p-raspasy", 2)
    pos, _ = position_of(state)
    me = state.active_seats().index(state.hand_to_play)  # type: ignore[attr-defined]
    assert pos.count == 1 << me and pos.maximisers == 0b111 & ~(1 << me) and not pos.max_to_move()


def test_open_or_closed_changes_nothing():
    seen = 0
    for seed in range(200):
        state = pf_play("3p-trump", 5000 + seed)
        if Action(ActionKind.OPEN) not in state.legal_actions():
            continue
        seen += 1
        values = solve(state)
        assert values[Action(ActionKind.OPEN)] == values[Action(ActionKind.CLOSED)]
        if seen == 3:
            break
    assert seen == 3

"""Пятьсот's play phase for the solver: the card-points position of
:mod:`prikup.solver.play_points` with Пятьсот's rules read from the game — the ace-ten deck's
``STRENGTH`` / ``POINTS`` / ``SUIT_MASKS``, follow suit else anything (no duty to trump), the
combinations ``KINDS`` (``KQJ``, ``KQ``, ``QJ``: :func:`combination_mask`,
:func:`combination_value`) declared by leading one of their cards, only by a player who has taken
a trick; a declaration makes its suit trumps (for the trick it is led to as well) and its
declarer the trump maker; only the trump maker may lead a trump while holding another suit; a
card counts in one declaration only.  See that module's docstring for the value and the exact
reductions (leading a card, only the most valuable combination it belongs to is searched).

Seats are numbered in play order ``0, 1, 2`` (the active seats, clockwise).  The combos are the
kinds times the suits, kind first (``combos[4 * k + s]``); a move is a card id, plus
``64 * (4 * k + s + 1)`` when the leader declares the combination ``KINDS[k]`` of the card's suit
``s`` with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Suit
from prikup.core.game import Phase, State
from prikup.games.pyatsot import KINDS, StatePyatsot, combination_mask, combination_value
from prikup.solver.adapter import Adapter
from prikup.solver.play_points import Combo, PointsPosition, ace_ten_rules, fast_values

__all__ = ["RULES", "PositionPyatsot", "action_of", "fast_values", "move_of"]

_KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}

#: Пятьсот's play rules.
RULES = ace_ten_rules(
    tuple(
        Combo(k, s, combination_mask(kind, Suit(s)), combination_value(kind, Suit(s)))
        for k, kind in enumerate(KINDS)
        for s in range(4)
    ),
    must_trump=False,
    declare_any_card=False,
    sets_trump=True,
    maker_leads_trump=True,
    declare_after_trick=True,
    counts_after_trick=False,
)


def move_of(action: Action) -> int:
    """The move number of a play action."""
    assert action.card is not None
    if action.modifier == "declare":
        assert action.argument is not None
        return action.card.id + 64 * (4 * _KIND_INDEX[action.argument] + (action.card.id >> 4) + 1)
    return action.card.id


def action_of(move: int) -> Action:
    """The play action of a move number."""
    card = Card(move & 63)
    if move >> 6:
        return Action(ActionKind.PLAY, card=card, modifier="declare", argument=KINDS[((move >> 6) - 1) // 4])
    return Action(ActionKind.PLAY, card=card)


class PositionPyatsot(PointsPosition):
    """A Пятьсот play position with every hand visible; see the module docstring."""

    def __init__(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        decl: int,
        trump: int | None = None,
        maker: int | None = None,
        used: int = 0,
        won: int = 0,
    ) -> None:
        """``hands`` in play order, ``trick`` the card ids of the trick in progress (led by
        ``leader``), ``trump`` a suit number or ``None``, ``maker`` the trump maker's number,
        ``used`` the cards counted in declarations, ``won`` a bitmask of the seats that have
        taken a trick."""
        super().__init__(RULES, hands, leader, trick, decl, trump, maker, used, won)

    @classmethod
    def from_state(cls, state: State) -> tuple[PositionPyatsot, int]:
        """The position of a Пятьсот state in its play phase, and the declarer's points so far."""
        if not isinstance(state, StatePyatsot) or state.phase is not Phase.PLAY:
            raise ValueError("not a Пятьсот state in the play phase")
        active = list(state.active_seats())
        index = {seat: i for i, seat in enumerate(active)}
        assert state.declarer is not None and state.to_act is not None
        hands = [state.hands[s] for s in active]
        trick = [c.id for _, c in state.trick]
        leader = index[state.trick[0][0]] if state.trick else index[state.to_act]
        won = sum(1 << i for i, s in enumerate(active) if state.won[s])
        trump = None if state.trump is None else int(state.trump)
        maker = None if state.trump_maker is None else index[state.trump_maker]
        pos = cls(hands, leader, trick, index[state.declarer], trump, maker, state.used, won)
        return pos, state.points(state.declarer)


#: How the solver reads this game.
ADAPTER = Adapter(PositionPyatsot.from_state, move_of, action_of, fast_values)

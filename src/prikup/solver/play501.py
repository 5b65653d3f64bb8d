"""501's play phase for the solver: the card-points position of :mod:`prikup.solver.play_points`
with 501's rules read from the game — the ace-ten deck's ``STRENGTH`` / ``POINTS`` /
``SUIT_MASKS``, follow suit else trump (``must_trump``), the marriages (a king and queen of a
suit, announced by the leader with any card he leads, worth :func:`marriage_value`: 40 in
trumps, 20 otherwise), fixed trumps, and a marriage counting only once its owner has taken a
trick (``counts_after_trick``).  See that module's docstring for the value and the exact
reductions (a defender's marriages are never searched; the declarer always announces one).

Seats are numbered in play order ``0, 1, 2`` (the active seats, clockwise).  A move is a card id,
plus ``64 * (suit + 1)`` when the leader announces that suit's marriage with it (the marriages
are the combos in suit order).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Rank, Suit
from prikup.core.game import Phase, State
from prikup.core.tricks import card_points
from prikup.games.ace_ten_deck import POINTS
from prikup.games.five_oh_one import State501, marriage_value
from prikup.solver.adapter import Adapter
from prikup.solver.play_points import Combo, PointsPosition, PointsRules, ace_ten_rules, fast_values

__all__ = ["Position501", "action_of", "fast_values", "move_of", "rules"]

#: The king and queen of each suit (a marriage), by suit number.
_KQ = [(1 << (s * 16 + int(Rank.KING))) | (1 << (s * 16 + int(Rank.QUEEN))) for s in range(4)]


@cache
def rules(trump: int | None) -> PointsRules:
    """501's play rules with ``trump`` (a suit number, ``None`` for no-trump)."""
    trump_suit = None if trump is None else Suit(trump)
    return ace_ten_rules(
        tuple(Combo(0, s, _KQ[s], marriage_value(Suit(s), trump_suit)) for s in range(4)),
        must_trump=True,
        declare_any_card=True,
        sets_trump=False,
        maker_leads_trump=False,
        declare_after_trick=False,
        counts_after_trick=True,
    )


def move_of(action: Action) -> int:
    """The move number of a play action."""
    assert action.card is not None
    if action.modifier == "marriage":
        suit = action.suit_argument
        assert suit is not None
        return action.card.id + 64 * (int(suit) + 1)
    return action.card.id


def action_of(move: int) -> Action:
    """The play action of a move number."""
    card = Card(move & 63)
    if move >> 6:
        return Action(ActionKind.PLAY, card=card, modifier="marriage", argument=Suit((move >> 6) - 1).name)
    return Action(ActionKind.PLAY, card=card)


class Position501(PointsPosition):
    """A 501 play position with every hand visible; see the module docstring."""

    def __init__(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        decl: int,
        trump: int | None,
        announced: int = 0,
        pending: int = 0,
        won: bool = False,
    ) -> None:
        """``hands`` in play order, ``trick`` the card ids played to the trick in progress (led by
        ``leader``), ``trump`` a suit number or ``None`` (no-trump), ``announced`` a bitmask of
        suits whose marriage is announced, ``pending`` the declarer's announced marriages that
        do not count yet, ``won`` whether he has taken a trick."""
        used = 0
        for s in range(4):
            if announced >> s & 1:
                used |= _KQ[s]
        super().__init__(
            rules(trump), hands, leader, trick, decl, trump, None, used, (1 << decl) if won else 0, pending
        )

    @property
    def announced(self) -> int:
        """The bitmask of the suits whose marriage is announced."""
        return sum(1 << s for s in range(4) if self.used & _KQ[s])

    @classmethod
    def from_state(cls, state: State) -> tuple[Position501, int]:
        """The position of a 501 state in its play phase, and the declarer's points so far that
        already count."""
        if not isinstance(state, State501) or state.phase is not Phase.PLAY:
            raise ValueError("not a 501 state in the play phase")
        active = list(state.active_seats())
        index = {seat: i for i, seat in enumerate(active)}
        assert state.declarer is not None and state.to_act is not None
        decl = index[state.declarer]
        hands = [state.hands[s] for s in active]
        trick = [c.id for _, c in state.trick]
        leader = index[state.trick[0][0]] if state.trick else index[state.to_act]
        announced = 0
        mine = 0
        for seat, suit in state.marriages:
            announced |= 1 << int(suit)
            if seat == state.declarer:
                mine += marriage_value(suit, state.trump)
        won = state.won[state.declarer] > 0
        base = card_points(state.taken[state.declarer], POINTS) + (mine if won else 0)
        trump = None if state.trump is None else int(state.trump)
        return cls(hands, leader, trick, decl, trump, announced, 0 if won else mine, won), base


#: How the solver reads this game.
ADAPTER = Adapter(Position501.from_state, move_of, action_of, fast_values)

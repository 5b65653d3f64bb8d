"""Preferans's play phase as an open-hand search position on ints.

The trick rules are :class:`prikup.solver.play_tricks.TrickPosition`'s with preferans's
tables and flags: the three hands in play (with 4 players the dealer sits out), the plain suits
(``SUIT_MASKS``) and ``STRENGTH`` of :mod:`prikup.games.preferans`, follow suit, else trump,
else anything (:func:`prikup.core.tricks.follow_mask` with ``must_trump``, as the engine).  Who
controls a hand (open whisting, the 4-player dealer whisting in a defender's place) changes
nothing for an open-hand solver: the sides are by hands.

**The value** is a count of tricks still to come:

* a trick contract (suit or no-trump): the declarer's tricks; he maximises, the whisters minimise;
* misère: the declarer's tricks, which the **whisters maximise** (the declarer minimising them);
  with ``misere_play_out=false`` play stops at his first trick (value 0 or 1), else it runs to
  the end and every trick counts;
* raspasy (all passed, each player minimising his own tricks): the "paranoid" reduction to two
  sides, from the view of the seat to play when the position is built: his tricks, which he
  minimises and the other two maximise (his guaranteed worst case).

The lone whister's choice to play open or closed (``open`` / ``closed``, asked before the first
card of a defender's lead or after the declarer's first card) is the trick position's choice that
changes nothing (:data:`prikup.solver.play_tricks.OPEN` / ``CLOSED``).  Moves are card ids and
those two.
"""

from __future__ import annotations

from collections.abc import Sequence

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card
from prikup.core.game import Phase, State
from prikup.games.preferans import STRENGTH, SUIT_MASKS, StatePreferans
from prikup.solver.adapter import Adapter
from prikup.solver.play_tricks import CLOSED, OPEN, TrickPosition, fast_values

__all__ = ["CLOSED", "OPEN", "PositionPreferans", "action_of", "fast_values", "move_of"]


def move_of(action: Action) -> int:
    """The move number of a play action (or of ``open`` / ``closed``)."""
    if action.kind is ActionKind.OPEN:
        return OPEN
    if action.kind is ActionKind.CLOSED:
        return CLOSED
    assert action.card is not None
    return action.card.id


def action_of(move: int) -> Action:
    """The action of a move number."""
    if move == OPEN:
        return Action(ActionKind.OPEN)
    if move == CLOSED:
        return Action(ActionKind.CLOSED)
    return Action(ActionKind.PLAY, card=Card(move))


class PositionPreferans(TrickPosition):
    """A preferans play position (see the module docstring)."""

    def __init__(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        trump: int | None,
        count: int,
        maximisers: int,
        *,
        stop: bool = False,
        chooser: int | None = None,
        choose_after_lead: int | None = None,
    ) -> None:
        """``hands`` in play order, ``trick`` the card ids of the trick in progress led by
        ``leader``, ``trump`` a suit number or ``None``; ``count`` / ``maximisers`` bitmasks of
        seat numbers; ``stop`` for a misère that stops at the declarer's first trick;
        ``chooser`` the lone whister's number while he is to choose open or closed, or
        ``choose_after_lead`` his number when he is to choose after the declarer's first card."""
        led = trick[0] >> 4 if trick else -1
        tmask = SUIT_MASKS[trump] if trump is not None else 0
        super().__init__(
            hands,
            leader,
            trick,
            led,
            SUIT_MASKS,
            tmask,
            STRENGTH,
            count,
            maximisers,
            stop=stop,
            must_trump=True,
            chooser=chooser,
            choose_after_lead=choose_after_lead,
        )

    @classmethod
    def from_state(cls, state: State) -> tuple[PositionPreferans, int]:
        """The position of a preferans state in its play phase, and the tricks counted so far."""
        if not isinstance(state, StatePreferans) or state.phase is not Phase.PLAY:
            raise ValueError("not a preferans state in the play phase")
        if not any(state.hands):
            raise ValueError("not a preferans state in the play phase: every card is played")
        active = list(state.active_seats())
        index = {seat: i for i, seat in enumerate(active)}
        trick = [c.id for _, c in state.trick]
        turn = state.hand_to_play
        pending = turn is None
        if state.trick:
            leader = index[state.trick[0][0]]
        else:
            leader = 0 if pending else index[turn] if turn is not None else 0
        everyone = 0b111
        stop = False
        if state.raspasy:
            me = active[(leader + len(trick)) % 3]
            count = 1 << index[me]
            maximisers = everyone & ~count
            base = state.won[me]
        else:
            assert state.declarer is not None
            count = 1 << index[state.declarer]
            base = state.won[state.declarer]
            if state.is_misere:
                maximisers = everyone & ~count
                stop = not state.game.rules.misere_play_out
            else:
                maximisers = count
        chooser = after = None
        whister = state.lone_whister
        if whister is not None and state.open_play is None:
            # the 4-player dealer whists in the place of the hand he replaced
            number = index[whister] if whister in index else index[state.replaced]  # type: ignore[index]
            if pending:
                chooser = number
            elif not state.trick and not state.tricks:
                after = number  # the declarer leads; the whister chooses after his card
        trump = None if state.trump is None else int(state.trump)
        pos = cls(
            [state.hands[s] for s in active],
            leader,
            trick,
            trump,
            count,
            maximisers,
            stop=stop,
            chooser=chooser,
            choose_after_lead=after,
        )
        return pos, base


#: How the solver reads this game.
ADAPTER = Adapter(PositionPreferans.from_state, move_of, action_of, fast_values)

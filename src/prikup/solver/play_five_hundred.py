"""Five Hundred's play phase as an open-hand search position: the trick-counting position of
:mod:`prikup.solver.play_tricks` with Five Hundred's tables and flags read from the game (the
layout's effective suits, trumps and card order with the bowers and the joker; no duty to trump;
the no-trump joker's options ``joker_nt`` and ``joker_lead``; the sides of a trick contract, a
misère and a no-bid deal).  See that module's docstring for the rules, the value and the exact
reductions.  Moves are a card id, plus ``128 * (suit + 1)`` for a joker led naming that suit.
"""

from __future__ import annotations

from collections.abc import Callable

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Suit
from prikup.core.game import Phase, State
from prikup.games.five_hundred import (
    TRICK_POINTS,
    TRICKS,
    Layout,
    StateFiveHundred,
    contract_score,
    slam_bid_score,
)
from prikup.games.five_hundred_tables import HI_LO
from prikup.solver.adapter import Adapter
from prikup.solver.play_tricks import NAMED, TrickPosition, fast_values

__all__ = ["PositionFiveHundred", "TrickPosition", "action_of", "fast_values", "move_of", "score_utility"]


def move_of(action: Action) -> int:
    """The move number of a play action."""
    assert action.card is not None
    suit = action.suit_argument
    if action.modifier == "as" and suit is not None:
        return action.card.id + NAMED * (int(suit) + 1)
    return action.card.id


def action_of(move: int) -> Action:
    """The play action of a move number."""
    card = Card(move % NAMED)
    if move >= NAMED:
        return Action(ActionKind.PLAY, card=card, modifier="as", argument=Suit(move // NAMED - 1).name)
    return Action(ActionKind.PLAY, card=card)


def score_utility(state: State) -> Callable[[int], float] | None:
    """For a trick contract: what a final value (the contractor's side's tricks in the deal)
    nets in the deal's score — the side's contract score (made, failed or slam) minus the 10 a
    trick the other seats take — a non-decreasing function of the tricks, so the contractor's
    side maximises it and the others minimise it as they do the tricks.  ``None`` (the tricks
    themselves are the measure) for a misère, whose value is already made or broken, and a no-bid
    deal."""
    if not isinstance(state, StateFiveHundred) or state.contractor is None or state.no_bid_play:
        return None
    if state.is_misere or state.contract is None:
        return None
    call = state.contract_call
    assert call is not None
    table, slam = state.game.table, state.game.rules.slam

    slam_called = state.slam_called

    def utility(tricks: int) -> float:
        score = slam_bid_score(call, tricks) if slam_called else contract_score(table, call, tricks, slam=slam)
        return float(score - TRICK_POINTS * (TRICKS - tricks))

    return utility


class PositionFiveHundred(TrickPosition):
    """A Five Hundred play position (see the module docstring)."""

    @classmethod
    def from_state(cls, state: State) -> tuple[PositionFiveHundred, int]:
        """The position of a Five Hundred state in its play phase, and the tricks counted so far
        (the contractor's side's; in a no-bid deal the seat to act's)."""
        if not isinstance(state, StateFiveHundred) or state.phase is not Phase.PLAY:
            raise ValueError("not a Five Hundred state in the play phase")
        if state.contract_call == HI_LO:  # exactly five tricks: not a count the solver maximises
            raise ValueError("the open-hand solver does not value a Hi/Lo contract")
        g = state.game
        playing = list(state.playing)
        index = {seat: i for i, seat in enumerate(playing)}
        assert state.to_act is not None
        layout: Layout = state.layout
        trick = [c.id for _, c, _ in state.trick]
        if state.trick:
            _, c0, n0 = state.trick[0]
            leader, led = index[state.trick[0][0]], int(layout.suit_of(c0.id, n0))
        else:
            leader, led = index[state.to_act], -1
        every = (1 << len(playing)) - 1
        stop = False
        if state.no_bid_play or state.contractor is None:
            me = state.to_act
            count = maximisers = 1 << index[me]
            base = state.won[me]
        else:
            side = next(u for u in state.deal_units() if state.contractor in u)
            count = sum(1 << index[s] for s in side if s in index)
            base = sum(state.won[s] for s in side)
            if state.is_misere:
                maximisers, stop = every & ~count, True
            else:
                maximisers = count
        pos = cls(
            [state.hands[s] for s in playing],
            leader,
            trick,
            led,
            layout.suits,
            layout.trump,
            layout.strength,
            count,
            maximisers,
            stop=stop,
            jokers=g.joker_mask,
            no_trump=layout.trump_suit is None,
            joker_any_time=g.joker_any_time,
            joker_lead_any=g.joker_lead_any,
            voids=[state.voids[s] for s in playing],
        )
        return pos, base


#: How the solver reads this game.
ADAPTER = Adapter(PositionFiveHundred.from_state, move_of, action_of, fast_values, score_utility)

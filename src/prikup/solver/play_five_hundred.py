"""Five Hundred's play phase as an open-hand search position: the trick-counting position of
:mod:`prikup.solver.play_tricks` with Five Hundred's tables and flags read from the game (the
layout's effective suits, trumps and card order with the bowers and the joker; no duty to trump;
the no-trump joker's options ``joker_nt`` and ``joker_lead``, every one of its rules; the sides
of a trick contract, a misère, Hi/Lo and a no-bid deal).  See that module's docstring for the
rules, the value and the exact reductions.  Hi/Lo (exactly five tricks) is searched for that
target: its value is 1 when the contractor ends with exactly five tricks, else 0.  Moves are a
card id, plus ``128 * (suit + 1)`` for a joker led naming that suit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Suit
from prikup.core.game import Phase, State
from prikup.games.five_hundred import (
    HILO_TRICKS,
    TRICK_POINTS,
    TRICKS,
    Layout,
    StateFiveHundred,
    contract_score,
    slam_bid_score,
)
from prikup.games.five_hundred_forms import StateFiveHundredForms
from prikup.games.five_hundred_tables import HI_LO
from prikup.games.table_rules import JokerLead
from prikup.solver import fast
from prikup.solver.adapter import Adapter
from prikup.solver.play_tricks import NAMED, TrickPosition, _fast_args, _fast_extra, fast_values

__all__ = [
    "DummyPosition",
    "PositionFiveHundred",
    "TrickPosition",
    "action_of",
    "fast_values",
    "move_of",
    "score_utility",
    "values",
]


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
    deal.  Hi/Lo's value is 1 (made: exactly five tricks) or 0: made nets the contract's value, a
    failure minus it, less the others' trick points counted at five tricks either way (the 0/1
    value does not tell how a failure missed)."""
    if not isinstance(state, StateFiveHundred) or state.contractor is None or state.no_bid_play:
        return None
    if state.is_misere or state.contract is None:
        return None
    call = state.contract_call
    assert call is not None
    table, slam = state.game.table, state.game.rules.slam

    slam_called = state.slam_called
    if call == HI_LO:
        made, failed = (float(contract_score(table, call, t) - TRICK_POINTS * HILO_TRICKS) for t in (HILO_TRICKS, 0))
        return lambda value: made if value else failed

    def utility(tricks: int) -> float:
        score = slam_bid_score(call, tricks) if slam_called else contract_score(table, call, tricks, slam=slam)
        return float(score - TRICK_POINTS * (TRICKS - tricks))

    return utility


class PositionFiveHundred(TrickPosition):
    """A Five Hundred play position (see the module docstring)."""

    @classmethod
    def from_state(cls, state: State) -> tuple[PositionFiveHundred, int]:
        """The position of a Five Hundred state in its play phase, and the tricks counted so far
        (the contractor's side's; in a no-bid deal the seat to act's; 0 for Hi/Lo, whose position
        is searched for the tricks still wanted and values 1 or 0)."""
        if not isinstance(state, StateFiveHundred) or state.phase is not Phase.PLAY:
            raise ValueError("not a Five Hundred state in the play phase")
        g = state.game
        playing = list(state.playing)
        index = {seat: i for i, seat in enumerate(playing)}
        assert state.to_act is not None
        layout: Layout = state.layout
        suits, trump = layout.suits, layout.trump
        trick = [c.id for _, c, _ in state.trick]
        to_play = state._turn  # the hand to play (a dummy's, played by its partner)
        assert to_play is not None
        if state.trick:
            _, c0, n0 = state.trick[0]
            leader, led = index[state.trick[0][0]], int(layout.suit_of(c0.id, n0))
        else:
            leader, led = index[to_play], -1
        dummies = isinstance(state, StateFiveHundredForms) and state.has_dummies
        every = (1 << len(playing)) - 1
        stop = False
        target: int | None = None
        if state.no_bid_play or state.contractor is None:
            me = to_play
            count = maximisers = 1 << index[me]
            base = state.won[me]
        else:
            if dummies:
                side: tuple[int, ...] = (state.contractor, state.contractor + 2)  # his hand and his dummy
            else:
                side = next(u for u in state.deal_units() if state.contractor in u)
            count = sum(1 << index[s] for s in side if s in index)
            base = sum(state.won[s] for s in side)
            if state.is_misere:
                maximisers, stop = every & ~count, True
            else:
                maximisers = count
            if state.contract_call == HI_LO:  # exactly five tricks: the search's target
                target, base = HILO_TRICKS - base, 0
        extra: dict[str, Any] = {}
        if dummies:
            assert isinstance(state, StateFiveHundredForms)
            extra = {
                "down": [state.face_down[s] & state.hands[s] for s in playing],
                "covers": [state.covers[s] for s in playing],
            }
        if g.joker_lead is JokerLead.FIRST_OR_LAST and layout.trump_suit is None:
            extra["played"] = [state.suits_played(s) for s in playing]
        kind = DummyPosition if dummies else cls
        pos = kind(
            [state.hands[s] for s in playing],
            leader,
            trick,
            led,
            suits,
            trump,
            layout.strength,
            count,
            maximisers,
            stop=stop,
            jokers=g.joker_mask,
            no_trump=layout.trump_suit is None,
            joker_any_time=g.joker_any_time,
            joker_lead_any=g.joker_lead_any,
            voids=[state.voids[s] for s in playing],
            joker_alone=g.joker_lead is JokerLead.NOT_VOID_UNLESS_ALONE,
            target=target,
            **extra,
        )
        return pos, base


class DummyPosition(PositionFiveHundred):
    """The two-handed game's position: the four hands of the partnership game, each dummy's
    face-down cards (``down``, by play-order number) unplayable until the trick after the one
    its cover (``covers``: (cover, card under it) ids) went in, and no duty to follow with them;
    a dummy holding a face-down card is not shown void by a card off the suit led (as the
    engine).  While a card is face down the key is the hands themselves (which cards are face
    down follows from them: a card whose cover is still in a hand or in the trick in progress;
    a rank-relative key would not tell which card is the face-down one), and a face-down card
    and its cover are nobody's twins (playing a cover turns a card up, playing its neighbour
    does not).  The C search (:func:`values`) keeps the same rule."""

    def __init__(self, *args: Any, down: list[int], covers: list[tuple[tuple[int, int], ...]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.down = list(down)
        self.covers = covers
        self._downs: list[list[int]] = []

    def pairs(self) -> list[tuple[int, int]]:
        """The (cover, card under it) id pairs of the cards still face down."""
        return [(up, under) for s, pairs in enumerate(self.covers) for up, under in pairs if self.down[s] >> under & 1]

    def allowed(self, seat: int) -> int:
        """The face-up cards ``seat`` may play (follow the suit led with them, else any)."""
        hand = self.hands[seat]
        self.hands[seat] = hand & ~self.down[seat]
        try:
            return super().allowed(seat)
        finally:
            self.hands[seat] = hand

    def key(self) -> Hashable:
        """The trick position's key once every card is face up; before, the hands themselves."""
        if not any(self.down):
            return super().key()
        packed = 0
        for hand in self.hands:
            packed = packed << 67 | hand
        vk = tuple(self.voids) if self.nt_jokers and not self.joker_lead_any else ()
        return (packed, self.leader, tuple(self.trick), self.led, vk, self.broken, tuple(self.down))

    def groups(self, seat: int, allowed: int) -> dict[int, int]:
        """The equivalence groups, a face-down card or its cover in ``seat``'s hand held apart
        (still live, so that they break the runs of twins)."""
        pinned = 0
        for up, under in self.pairs():
            pinned |= 1 << up | 1 << under
        pinned &= self.hands[seat]
        if not pinned:
            return super().groups(seat, allowed)
        hand = self.hands[seat]
        self.hands[seat] = hand & ~pinned
        self.hands.append(pinned)
        try:
            return super().groups(seat, allowed)
        finally:
            self.hands.pop()
            self.hands[seat] = hand

    def play(self, move: int) -> int:
        """Play a move; a finished trick turns up the cards whose cover it took."""
        self._downs.append(list(self.down))
        seat = self.turn()
        hidden = self.hands[seat] & self.down[seat]
        voids = self.voids[seat]
        gain = super().play(move)
        if hidden:
            self.voids[seat] = voids  # its face-down cards may hold the suit
        if not self.trick:
            for seat, pairs in enumerate(self.covers):
                for up, under in pairs:
                    if not self.hands[seat] >> up & 1:
                        self.down[seat] &= ~(1 << under)
        return gain

    def undo(self) -> None:
        """Take back the last move."""
        self.down = self._downs.pop()
        super().undo()


def _fast_down(pos: DummyPosition, best: bool) -> tuple[dict[int, int], int]:
    """The C search of a position with face-down cards (its cover pairs as compact indices)."""
    args = _fast_args(pos)
    ids: tuple[int, ...] = args[0]  # type: ignore[assignment]
    index = {c: i for i, c in enumerate(ids)}
    covers = tuple((index[up], index[under]) for up, under in pos.pairs())
    out: tuple[dict[int, int], int] = fast.module().values_tricks_down(covers, *args, int(best), *_fast_extra(pos))
    return out


def values(pos: TrickPosition, best: bool = False) -> tuple[dict[int, int], int]:
    """Every legal move's future gain and the nodes searched (one best move's with ``best``), by
    the C search, for 2 to 6 hands, the dummies' face-down cards included."""
    if isinstance(pos, DummyPosition) and any(pos.down):
        return _fast_down(pos, best)
    return fast_values(pos, best)


#: How the solver reads this game.
ADAPTER = Adapter(PositionFiveHundred.from_state, move_of, action_of, values, score_utility)

"""Five Hundred's play phase as an open-hand search position on ints (and the trick-counting
position that preferans reuses).

:class:`TrickPosition` is a plain trick-counting game on ints: ``n`` seats in play order
``0 … n-1`` (3, or 4 in the partnership game; a misère partner sitting out is not in it), each
trick one card per seat, the effective suits, trumps and card order as bitmasks of the engine's
layout (:class:`prikup.games.five_hundred.Layout`: the left bower counts as a trump, the joker is
the top trump, in no-trump and misère the only trump).  Legality is the engine's: follow the
effective suit led if you can, else anything (:func:`prikup.core.tricks.follow_mask`, no duty to
trump in Five Hundred, ``must_trump`` in preferans); in no-trump the joker follows the engine's
``joker_nt`` (``void_only``: only when void; ``any_time``: also when holding the suit led) and,
led, names a suit (``play JK as D``) which, under ``joker_lead=not_void``, may not be one its
holder has shown void in (all four when he has shown void in all).  The shown-void facts are
tracked exactly as the engine does and the joker holders' facts are part of :meth:`key`.
Tricks are taken by :func:`prikup.core.tricks.trick_winner`.

**The value** is the number of tricks still to come taken by the seats of ``count``; the seats
of ``maximisers`` maximise it and the others minimise it:

* a trick contract: the contractor's side (the contractor and, in the partnership game, his
  partner; alone in the 3-player and 4-player each-for-himself forms) is ``count`` and
  maximises; the others minimise;
* misère (open or not): ``count`` is the misère bidder, and the **defenders maximise** his
  tricks (the bidder minimising them is the same game); play stops at his first trick
  (``stop``), so the value is 0 (made) or 1 (broken);
* a no-bid deal played in no-trump (``no_bid=play_nt``, each for himself): the reduction to two
  sides from one seat's view: the seat to act when the position is built counts and maximises
  his tricks, all the others minimise them (the "paranoid" reduction: it is his guaranteed
  number of tricks).

Search reductions, each exact: **equivalent cards** (groups, see :mod:`prikup.solver.search`):
cards of one effective suit in one hand that are adjacent in the order of that suit's cards still
in play (the hands and the trick in progress; a bower is in the trump suit) form a group, with
points 0 (tricks are counted, not card points).  Twins follow, win, lose and show voids alike.
A joker in no-trump is never grouped.  **Rank-relative keys**: between tricks the
transposition key is who holds each still-live card of each effective suit in that suit's order
(and the no-trump jokers), not the cards themselves: every rule above (following, winning, shown
voids) depends only on that order, so positions reached by playing different cards of a suit share
one entry.  Moves are a card id, plus ``128 * (suit + 1)`` for a
joker led naming that suit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Suit
from prikup.core.game import Phase, State
from prikup.core.tricks import follow_mask, trick_winner
from prikup.games.five_hundred import TRICK_POINTS, TRICKS, Layout, StateFiveHundred, contract_score
from prikup.solver import fast
from prikup.solver.search import Move

__all__ = ["PositionFiveHundred", "TrickPosition", "action_of", "fast_values", "move_of", "score_utility"]

_NAMED = 128


def move_of(action: Action) -> int:
    """The move number of a play action."""
    assert action.card is not None
    suit = action.suit_argument
    if action.modifier == "as" and suit is not None:
        return action.card.id + _NAMED * (int(suit) + 1)
    return action.card.id


def action_of(move: int) -> Action:
    """The play action of a move number."""
    card = Card(move % _NAMED)
    if move >= _NAMED:
        return Action(ActionKind.PLAY, card=card, modifier="as", argument=Suit(move // _NAMED - 1).name)
    return Action(ActionKind.PLAY, card=card)


def _ids(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
    table, slam = state.game.table, bool(state.game.options["slam"])

    def utility(tricks: int) -> float:
        return float(contract_score(table, call, tricks, slam=slam) - TRICK_POINTS * (TRICKS - tricks))

    return utility


def fast_values(pos: PositionFiveHundred, best: bool = False) -> tuple[dict[int, int], int]:
    """Every legal move's exact future gain by the C search (only one best move's with
    ``best``), and the nodes it searched.

    The C search works on compact card indices (the layout's card ids in ascending order, so the
    joker, id 64, fits a 64-bit mask and the order of cards is kept); its moves come back as ids.
    """
    hands = pos.hands
    universe = pos.suits[0] | pos.suits[1] | pos.suits[2] | pos.suits[3] | pos.trump | pos.jokers
    for hand in hands:
        universe |= hand
    for c in pos.trick:
        universe |= 1 << c
    ids = _ids(universe)
    index = {c: i for i, c in enumerate(ids)}

    def squeeze(mask: int) -> int:
        return sum(1 << index[c] for c in _ids(mask))

    s = pos.suits
    values: tuple[dict[int, int], int] = fast.module().values_five_hundred(
        tuple(ids),
        tuple(pos.strength[c] for c in ids),
        tuple(squeeze(h) for h in hands),
        pos.leader,
        tuple(index[c] for c in pos.trick),
        pos.led,
        (squeeze(s[0]), squeeze(s[1]), squeeze(s[2]), squeeze(s[3])),
        squeeze(pos.trump),
        pos.count,
        pos.maximisers,
        int(pos.stop),
        int(pos.must_trump),
        squeeze(pos.nt_jokers),
        int(pos.joker_any_time),
        int(pos.joker_lead_any),
        tuple(pos.voids),
        int(pos.broken),
        _NAMED,
        best,
    )
    return values


class TrickPosition:
    """A trick-counting play position with every hand visible; see the module docstring."""

    def __init__(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        led: int,
        suits: Sequence[int],
        trump: int,
        strength: Sequence[int],
        count: int,
        maximisers: int,
        *,
        stop: bool = False,
        must_trump: bool = False,
        jokers: int = 0,
        no_trump: bool = False,
        joker_any_time: bool = False,
        joker_lead_any: bool = True,
        voids: Sequence[int] | None = None,
    ) -> None:
        """``hands`` in play order; ``trick`` the card ids of the trick in progress, led by
        ``leader``, ``led`` the effective suit it is played in (-1 with no trick); ``suits`` the
        four effective suits' masks, ``trump`` the trumps' mask, ``strength`` the card order;
        ``count`` / ``maximisers`` bitmasks of seat numbers (see the module docstring); ``stop``:
        play ends at the first trick a ``count`` seat takes; ``jokers``, ``no_trump``,
        ``joker_any_time``, ``joker_lead_any`` the Five Hundred joker rules; ``voids`` each seat's
        suits shown void (bit per suit)."""
        self.n = len(hands)
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.led = led
        self.suits = tuple(suits)
        self.trump = trump
        self.strength = tuple(strength)
        self.count = count
        self.maximisers = maximisers
        self.stop = stop
        self.must_trump = must_trump
        self.jokers = jokers
        self.nt_jokers = jokers if no_trump else 0
        self.joker_any_time = joker_any_time
        self.joker_lead_any = joker_lead_any
        self.voids = list(voids) if voids is not None else [0] * self.n
        self.broken = False
        self.left = sum(h.bit_count() for h in hands)  # cards still to be played
        # the effective suit a card leads (-1: a no-trump joker, which names one)
        self.lead_suit = [-1] * 67
        for s in range(4):
            for c in _ids(self.suits[s]):
                self.lead_suit[c] = s
        #: each effective suit's cards, highest first
        self.order = [sorted(_ids(self.suits[s]), key=lambda c: -self.strength[c]) for s in range(4)]
        #: the between-tricks key's parts: each effective suit (and the no-trump jokers), its
        #: cards highest first, and a memo of its codes (holders in that order) by holdings
        self._key_parts: list[tuple[int, list[int], dict[int, int]]] = [
            (self.suits[s], self.order[s], {}) for s in range(4)
        ]
        if self.nt_jokers:
            self._key_parts.append((self.nt_jokers, _ids(self.nt_jokers), {}))
        self._undo: list[tuple[int, list[int], int, int, bool, int, int]] = []

    # -- the protocol ----------------------------------------------------------------------
    def over(self) -> bool:
        """True when every card has been played, or play stopped (a broken misère)."""
        return self.left == 0 or self.broken

    def turn(self) -> int:
        """The play-order number of the seat to play."""
        return (self.leader + len(self.trick)) % self.n

    def max_to_move(self) -> bool:
        """True when a maximising seat is to play."""
        return bool(self.maximisers >> ((self.leader + len(self.trick)) % self.n) & 1)

    def key(self) -> Hashable:
        """Between tricks: who holds each live card of each effective suit, in that suit's
        order (the cards' ranks do not matter, only their order), the leader and the shown voids
        of a no-trump joker's holder; within a trick: the hands, leader, trick and its suit."""
        h = self.hands
        vk = 0
        if self.nt_jokers and not self.joker_lead_any:
            for s in range(self.n):
                if h[s] & self.nt_jokers:
                    vk |= self.voids[s] << (4 * s)
        if self.trick:
            packed = 0
            for hand in h:
                packed = packed << 67 | hand
            return (packed, self.leader, tuple(self.trick), self.led, vk, self.broken)
        out: list[int] = [self.leader, vk, self.broken]
        for mask, order, codes in self._key_parts:
            x = 0
            for hand in h:
                x = x << 67 | hand & mask
            code = codes.get(x)
            if code is None:
                code = 0
                for c in order:
                    for p, hand in enumerate(h):
                        if hand >> c & 1:
                            code = code << 3 | (p + 1)
                            break
                codes[x] = code
            out.append(code)
        return tuple(out)

    def allowed(self, seat: int) -> int:
        """The cards ``seat`` may play now (as the engine: follow the suit led, else anything, in
        preferans else a trump; the no-trump joker rule)."""
        hand = self.hands[seat]
        if not self.trick:
            return hand
        led = self.suits[self.led]
        allowed = follow_mask(hand, led, self.trump, self.must_trump)
        if self.joker_any_time and self.nt_jokers and hand & led:
            allowed |= hand & self.nt_jokers
        return allowed

    def joker_names(self, seat: int) -> list[int]:
        """The suits a no-trump joker led by ``seat`` may name."""
        if self.joker_lead_any:
            return [0, 1, 2, 3]
        v = self.voids[seat]
        return [s for s in range(4) if not v >> s & 1] or [0, 1, 2, 3]

    def legal_moves(self) -> list[int]:
        """Every legal move (a led no-trump joker once per suit it may name)."""
        seat = self.turn()
        allowed = self.allowed(seat)
        moves = []
        for c in _ids(allowed):
            if not self.trick and self.nt_jokers >> c & 1:
                moves += [c + _NAMED * (s + 1) for s in self.joker_names(seat)]
            else:
                moves.append(c)
        return moves

    def groups(self, seat: int, allowed: int) -> dict[int, int]:
        """Card id → group id (the group's highest card) of the equivalence rule."""
        live = 0
        for h in self.hands:
            live |= h
        for c in self.trick:
            live |= 1 << c
        hand = self.hands[seat]
        out: dict[int, int] = {}
        for s in range(4):
            if not allowed & self.suits[s]:
                continue
            top = -1
            for c in self.order[s]:
                if not live >> c & 1:
                    continue
                if hand >> c & 1:
                    if top < 0:
                        top = c
                    out[c] = top
                else:
                    top = -1
        return out

    def _wants(self, seat: int, winner: int) -> bool:
        """Whether ``winner`` taking a trick is what ``seat``'s side wants."""
        return bool(self.count >> winner & 1) == bool(self.maximisers >> seat & 1)

    def moves(self) -> list[Move]:
        """Every legal move, ordered, with equivalence groups (see the module docstring)."""
        seat = self.turn()
        allowed = self.allowed(seat)
        groups = self.groups(seat, allowed)
        cards = _ids(allowed)
        strength = self.strength
        trick = self.trick
        trump = self.trump
        if trick:
            led = self.suits[self.led]
            win = trick_winner(trick, led, trump, strength)
            best = trick[win]
            best_trump = trump >> best & 1

            def beats(c: int) -> bool:
                if trump >> c & 1:
                    return not best_trump or strength[c] > strength[best]
                return not best_trump and bool(led >> c & 1) and strength[c] > strength[best]

            winner_now = (self.leader + win) % self.n
            if self._wants(seat, seat):
                if len(trick) == self.n - 1 and self._wants(seat, winner_now):
                    cards.sort(key=lambda c: (beats(c), strength[c]))
                else:
                    cards.sort(key=lambda c: (not beats(c), strength[c]))
            else:
                cards.sort(key=lambda c: (beats(c), -strength[c]))
            return [(c, groups.get(c, -1), 0) for c in cards]
        if self._wants(seat, seat):
            cards.sort(key=lambda c: -strength[c] - (64 if trump >> c & 1 else 0))
        else:
            cards.sort(key=lambda c: strength[c] + (64 if trump >> c & 1 else 0))
        out: list[Move] = []
        for c in cards:
            if self.nt_jokers >> c & 1:
                out += [(c + _NAMED * (s + 1), -1, 0) for s in self.joker_names(seat)]
            else:
                out.append((c, groups.get(c, -1), 0))
        return out

    def play(self, move: int) -> int:
        """Play a move; returns 1 if it completes a trick taken by a ``count`` seat, else 0."""
        seat = self.turn()
        card = move % _NAMED
        self._undo.append((self.leader, list(self.trick), self.led, self.voids[seat], self.broken, seat, card))
        if not self.trick:
            self.led = move // _NAMED - 1 if move >= _NAMED else self.lead_suit[card]
        elif not self.suits[self.led] >> card & 1 and not (self.joker_any_time and self.nt_jokers >> card & 1):
            self.voids[seat] |= 1 << self.led
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.left -= 1
        if len(self.trick) < self.n:
            return 0
        winner = (self.leader + trick_winner(self.trick, self.suits[self.led], self.trump, self.strength)) % self.n
        self.leader = winner
        self.trick = []
        self.led = -1
        if self.count >> winner & 1:
            if self.stop:
                self.broken = True
            return 1
        return 0

    def undo(self) -> None:
        """Take back the last move."""
        leader, trick, led, voids, broken, seat, card = self._undo.pop()
        self.hands[seat] |= 1 << card
        self.leader, self.trick, self.led, self.voids[seat], self.broken = leader, trick, led, voids, broken
        self.left += 1

    def upper(self) -> int:
        """The tricks still to come (1 when play stops at the first trick counted)."""
        t = (self.left + len(self.trick)) // self.n
        return min(t, 1) if self.stop else t


class PositionFiveHundred(TrickPosition):
    """A Five Hundred play position (see the module docstring)."""

    @classmethod
    def from_state(cls, state: State) -> tuple[PositionFiveHundred, int]:
        """The position of a Five Hundred state in its play phase, and the tricks counted so far
        (the contractor's side's; in a no-bid deal the seat to act's)."""
        if not isinstance(state, StateFiveHundred) or state.phase is not Phase.PLAY:
            raise ValueError("not a Five Hundred state in the play phase")
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
            side = next(u for u in g.units() if state.contractor in u)
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
            joker_any_time=g.options["joker_nt"] == "any_time",
            joker_lead_any=g.options["joker_lead"] == "any",
            voids=[state.voids[s] for s in playing],
        )
        return pos, base

"""Пятьсот's play phase as an open-hand search position on ints.

Seats are numbered in play order ``0, 1, 2`` (the active seats, clockwise); ``decl`` is the
declarer's number.  A move is a card id, plus ``64 * (k + 1)`` when the leader declares the
combination ``KINDS[k]`` (``KQJ``, ``KQ``, ``QJ``) with it.  Legality comes from the engine's
own pieces: :func:`prikup.core.tricks.follow_mask` (follow suit, else anything: no duty to
trump), :func:`prikup.core.tricks.trick_winner`, and the game's tables
(:func:`prikup.games.pyatsot.combinations_held`, ``combination_value``, ``combination_mask``).

Trumps start absent; a declaration makes its suit trumps (for the trick it is led to as well)
and its declarer the trump maker; only the trump maker may lead a trump while holding another
suit; only a player who has taken a trick may declare; a card counts in one declaration only.

The value is the declarer's points to come: card points of his tricks plus his declarations.
Search reductions, each exact:

* **Kinds**: leading a given card, a player declares only the most valuable combination it can
  belong to (the triangle over either marriage): every kind with that card makes the same suit
  trumps with the same maker and leaves no other combination of the suit declarable, so only
  the value differs, which the declarer wants high and which is no concern of a defender.
  (Plain leads are always searched: they leave trumps unchanged.)
* **Equivalent cards** (groups, see :mod:`prikup.solver.search`): cards of one suit in one hand
  that are adjacent in the order of that suit's cards still in play (the hands and the trick in
  progress) form a group, except the cards of any combination the holder holds whole and unused
  (he may still declare it, and playing one of its cards ends it, which another card does not).
  Twins are in one suit, so the trump rules treat them alike; they differ only by card points.
"""

from __future__ import annotations

from collections.abc import Hashable

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Suit
from prikup.core.game import Phase, State
from prikup.core.tricks import card_points, follow_mask, trick_winner
from prikup.games.ace_ten_deck import POINTS, STRENGTH, SUIT_MASKS
from prikup.games.pyatsot import KINDS, StatePyatsot, combination_mask, combination_value, combinations_held
from prikup.solver import fast
from prikup.solver.search import Move

__all__ = ["PositionPyatsot", "action_of", "fast_values", "move_of"]

_ORDER = [sorted((i for i in range(64) if SUIT_MASKS[s] >> i & 1), key=lambda i: -STRENGTH[i]) for s in range(4)]
_KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
#: (kind index, suit, mask, value) of every combination, the most valuable kind first.
_COMBOS = [
    (k, s, combination_mask(kind, Suit(s)), combination_value(kind, Suit(s)))
    for k, kind in enumerate(KINDS)
    for s in range(4)
]


_TABLES = (
    tuple(STRENGTH[:64]),
    tuple(POINTS[:64]),
    (SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2], SUIT_MASKS[3]),
    tuple(_COMBOS),
)


def fast_values(pos: PositionPyatsot, best: bool = False) -> tuple[dict[int, int], int]:
    """Every legal move's exact future gain by the C search (only one best move's with
    ``best``), and the nodes it searched."""
    h = pos.hands
    result: tuple[dict[int, int], int] = fast.module().values_pyatsot(
        *_TABLES,
        (h[0], h[1], h[2]),
        pos.leader,
        tuple(pos.trick),
        pos.decl,
        pos.trump,
        pos.maker,
        pos.used,
        pos.won,
        best,
    )
    return result


def move_of(action: Action) -> int:
    """The move number of a play action."""
    assert action.card is not None
    if action.modifier == "declare":
        assert action.argument is not None
        return action.card.id + 64 * (_KIND_INDEX[action.argument] + 1)
    return action.card.id


def action_of(move: int) -> Action:
    """The play action of a move number."""
    card = Card(move & 63)
    if move >> 6:
        return Action(ActionKind.PLAY, card=card, modifier="declare", argument=KINDS[(move >> 6) - 1])
    return Action(ActionKind.PLAY, card=card)


class PositionPyatsot:
    """A Пятьсот play position with every hand visible; see the module docstring."""

    def __init__(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
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
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.decl = decl
        self.trump = -1 if trump is None else trump
        self.maker = -1 if maker is None else maker
        self.used = used
        self.won = won
        self.left = sum(h.bit_count() for h in hands) + len(trick)
        self.points_left = card_points(hands[0] | hands[1] | hands[2], POINTS) + sum(POINTS[c] for c in trick)
        self._undo: list[tuple[int, int, list[int], int, int, int, int, int]] = []

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

    # -- the protocol ----------------------------------------------------------------------
    def over(self) -> bool:
        """True when every card has been played."""
        return self.left == 0

    def turn(self) -> int:
        """The play-order number of the seat to play."""
        return (self.leader + len(self.trick)) % 3

    def max_to_move(self) -> bool:
        """True when the declarer is to play."""
        return (self.leader + len(self.trick)) % 3 == self.decl

    def key(self) -> Hashable:
        """Hands, leader, trick, trumps and maker, live used cards, who has taken a trick."""
        h = self.hands
        live = h[0] | h[1] | h[2]
        maker = self.maker if self.trump >= 0 else -1
        return (h[0], h[1] << 64 | h[2], self.leader, tuple(self.trick), self.trump, maker, self.used & live, self.won)

    def _plain_leads(self, seat: int) -> int:
        hand = self.hands[seat]
        trump = self.trump
        if trump >= 0 and seat != self.maker and hand & ~SUIT_MASKS[trump]:
            return hand & ~SUIT_MASKS[trump]
        return hand

    def _declarations(self, seat: int) -> dict[int, int]:
        """Card id → the most valuable combination kind it may be declared with now."""
        out: dict[int, int] = {}
        if self.trick or not self.won >> seat & 1:
            return out
        hand, used = self.hands[seat], self.used
        for k, _s, mask, _v in _COMBOS:
            if hand & mask == mask and not used & mask:
                m = mask
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    out.setdefault(c, k)
                    m ^= low
        return out

    def legal_moves(self) -> list[int]:
        """Every legal move (a leader's declarations included)."""
        seat = self.turn()
        hand = self.hands[seat]
        if self.trick:
            allowed = follow_mask(hand, SUIT_MASKS[self.trick[0] >> 4], 0, False)
            return [i for i in range(64) if allowed >> i & 1]
        plain = self._plain_leads(seat)
        moves = [i for i in range(64) if plain >> i & 1]
        if self.won >> seat & 1:
            for kind, suit in combinations_held(hand, self.used):
                mask = combination_mask(kind, suit)
                k = _KIND_INDEX[kind]
                moves += [c + 64 * (k + 1) for c in range(64) if mask >> c & 1]
        return moves

    def _groups(self, seat: int, allowed: int) -> dict[int, int]:
        live = self.hands[0] | self.hands[1] | self.hands[2]
        for c in self.trick:
            live |= 1 << c
        hand = self.hands[seat]
        excluded = 0
        for _k, _s, mask, _v in _COMBOS:
            if hand & mask == mask and not self.used & mask:
                excluded |= mask
        groups: dict[int, int] = {}
        for s in range(4):
            if not allowed & SUIT_MASKS[s]:
                continue
            top = -1
            for c in _ORDER[s]:
                if not live >> c & 1:
                    continue
                if hand >> c & 1 and not excluded >> c & 1:
                    if top < 0:
                        top = c
                    groups[c] = top
                else:
                    top = -1
        return groups

    def moves(self) -> list[Move]:
        """The moves to search, ordered, with equivalence groups (see the module docstring)."""
        seat = self.turn()
        hand = self.hands[seat]
        trick = self.trick
        tmask = SUIT_MASKS[self.trump] if self.trump >= 0 else 0
        if trick:
            led = SUIT_MASKS[trick[0] >> 4]
            allowed = follow_mask(hand, led, 0, False)
            groups = self._groups(seat, allowed)
            cards = [i for i in range(64) if allowed >> i & 1]
            win = trick_winner(trick, led, tmask, STRENGTH)
            best = trick[win]
            best_trump = tmask >> best & 1

            def beats(c: int) -> bool:
                if tmask >> c & 1:
                    return not best_trump or STRENGTH[c] > STRENGTH[best]
                return not best_trump and bool(led >> c & 1) and STRENGTH[c] > STRENGTH[best]

            ours = ((self.leader + win) % 3 == self.decl) == (seat == self.decl)
            if ours and len(trick) == 2:
                cards.sort(key=lambda c: (beats(c), -POINTS[c]))
            else:
                cards.sort(key=lambda c: (not beats(c), STRENGTH[c] if beats(c) else POINTS[c]))
            return [(c, groups.get(c, -1), POINTS[c]) for c in cards]
        plain = self._plain_leads(seat)
        groups = self._groups(seat, plain)
        out: list[Move] = []
        for c, k in self._declarations(seat).items():
            out.append((c + 64 * (k + 1), -1, POINTS[c]))
        cards = [i for i in range(64) if plain >> i & 1]
        cards.sort(key=lambda c: -STRENGTH[c] - (8 if tmask >> c & 1 else 0))
        out += [(c, groups.get(c, -1), POINTS[c]) for c in cards]
        return out

    def play(self, move: int) -> int:
        """Play a move; returns the declarer's points it realises."""
        seat = self.turn()
        card = move & 63
        gain = 0
        self._undo.append((self.leader, card, list(self.trick), self.trump, self.maker, self.used, self.won, seat))
        if move >> 6:
            kind = KINDS[(move >> 6) - 1]
            suit = card >> 4
            self.used |= combination_mask(kind, Suit(suit))
            self.trump = suit
            self.maker = seat
            if seat == self.decl:
                gain += combination_value(kind, Suit(suit))
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.left -= 1
        if len(self.trick) == 3:
            trick = self.trick
            led = SUIT_MASKS[trick[0] >> 4]
            tmask = SUIT_MASKS[self.trump] if self.trump >= 0 else 0
            winner = (self.leader + trick_winner(trick, led, tmask, STRENGTH)) % 3
            points = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
            self.points_left -= points
            if winner == self.decl:
                gain += points
            self.won |= 1 << winner
            self.leader = winner
            self.trick = []
        return gain

    def undo(self) -> None:
        """Take back the last move."""
        leader, card, trick, trump, maker, used, won, seat = self._undo.pop()
        self.hands[seat] |= 1 << card
        self.leader, self.trick, self.trump, self.maker, self.used, self.won = leader, trick, trump, maker, used, won
        self.left += 1
        if len(trick) == 2:
            self.points_left += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[card]

    def upper(self) -> int:
        """Points still in play plus the declarer's best still-declarable combination per suit."""
        h = self.hands
        total = self.points_left
        hand, used = h[self.decl], self.used
        best = [0, 0, 0, 0]
        for _k, s, mask, v in _COMBOS:
            if hand & mask == mask and not used & mask and v > best[s]:
                best[s] = v
        return total + sum(best)

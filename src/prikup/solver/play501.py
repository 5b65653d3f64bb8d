"""501's play phase as an open-hand search position on ints.

Seats are numbered in play order ``0, 1, 2`` (the active seats, clockwise); ``decl`` is the
declarer's number.  A move is a card id, plus ``64 * (suit + 1)`` when the leader announces
that suit's marriage with it.  Legality comes from the engine's own pieces:
:func:`prikup.core.tricks.follow_mask` (follow suit, else must trump) and
:func:`prikup.core.tricks.trick_winner` with 501's ``STRENGTH`` / ``SUIT_MASKS`` / ``POINTS``.

The value is the declarer's points to come: card points of the tricks he takes plus his
marriages (40 in trumps, 20 otherwise), a marriage counting only if he takes a trick in the
deal.  Search reductions, each exact:

* **Defenders' marriages**: trumps never change in 501 and a defender's points are not the
  declarer's, so announcing a marriage never changes the value for a defender: the search plays
  a defender's lead without it (:meth:`Position501.legal_moves` still lists it).
* **The declarer's marriages**: leading while able to announce, he always announces one (any of
  the suits he can).  Announcing a suit now instead of never, or instead of at a later lead,
  never loses: the value is fixed (trumps are fixed), a later announcement also needs a trick
  taken, and a later lead may announce nothing.
* **Equivalent cards** (groups, see :mod:`prikup.solver.search`): cards of one suit in one hand
  that are adjacent in the order of that suit's cards still in play (the hands and the trick in
  progress) form a group, except, in the declarer's hand, the K and Q of a suit whose marriage
  he can still announce (playing one of them ends the marriage, playing another card does not).
  Twins differ only by their card points.
"""

from __future__ import annotations

from collections.abc import Hashable

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Rank, Suit
from prikup.core.game import Phase, State
from prikup.core.tricks import card_points, follow_mask, trick_winner
from prikup.games.ace_ten_deck import POINTS, STRENGTH, SUIT_MASKS
from prikup.games.five_oh_one import State501, marriage_value
from prikup.solver import fast
from prikup.solver.search import Move

__all__ = ["Position501", "action_of", "fast_values", "move_of"]

_KING = [int(s) * 16 + int(Rank.KING) for s in Suit]
_QUEEN = [int(s) * 16 + int(Rank.QUEEN) for s in Suit]
_KQ = [(1 << k) | (1 << q) for k, q in zip(_KING, _QUEEN, strict=True)]
#: Cards of each suit, highest first (ids).
_ORDER = [sorted((i for i in range(64) if SUIT_MASKS[s] >> i & 1), key=lambda i: -STRENGTH[i]) for s in range(4)]


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


_TABLES = (tuple(STRENGTH[:64]), tuple(POINTS[:64]), (_KQ[0], _KQ[1], _KQ[2], _KQ[3]))


def fast_values(pos: Position501, best: bool = False) -> tuple[dict[int, int], int]:
    """Every legal move's exact future gain by the C search (only one best move's with
    ``best``), and the nodes it searched."""
    h = pos.hands
    result: tuple[dict[int, int], int] = fast.module().values501(
        *_TABLES,
        (h[0], h[1], h[2]),
        pos.leader,
        tuple(pos.trick),
        pos.decl,
        pos.trump,
        pos.announced,
        pos.pending,
        int(pos.won),
        best,
    )
    return result


class Position501:
    """A 501 play position with every hand visible; see the module docstring."""

    def __init__(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
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
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.decl = decl
        self.trump = -1 if trump is None else trump
        self.trump_mask = 0 if trump is None else SUIT_MASKS[trump]
        self.announced = announced
        self.pending = pending
        self.won = won
        self.left = sum(h.bit_count() for h in hands) + len(trick)
        self.points_left = card_points(hands[0] | hands[1] | hands[2], POINTS) + sum(POINTS[c] for c in trick)
        self._undo: list[tuple[int, int, list[int], int, int, int, bool]] = []

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
        """Hands, leader, trick, the declarer's still-announceable marriages and pending value."""
        h = self.hands
        return (h[0], h[1] << 64 | h[2], self.leader, tuple(self.trick), self.announced, self.pending, self.won)

    def _announceable(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        return [s for s in range(4) if hand & _KQ[s] == _KQ[s] and not self.announced >> s & 1]

    def _allowed(self, seat: int) -> int:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        return follow_mask(hand, SUIT_MASKS[self.trick[0] >> 4], self.trump_mask, True)

    def legal_moves(self) -> list[int]:
        """Every legal move (card ids; a leader's marriage announcements added)."""
        seat = self.turn()
        allowed = self._allowed(seat)
        cards = [i for i in range(64) if allowed >> i & 1]
        moves = list(cards)
        if not self.trick:
            for s in self._announceable(seat):
                moves += [c + 64 * (s + 1) for c in cards]
        return moves

    def _groups(self, seat: int, allowed: int) -> dict[int, int]:
        """Card id → group id (the group's highest card) of the equivalence rule."""
        live = self.hands[0] | self.hands[1] | self.hands[2]
        for c in self.trick:
            live |= 1 << c
        hand = self.hands[seat]
        excluded = 0
        if seat == self.decl:
            for s in self._announceable(seat):
                excluded |= _KQ[s]
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
        allowed = self._allowed(seat)
        groups = self._groups(seat, allowed)
        cards = [i for i in range(64) if allowed >> i & 1]
        trick = self.trick
        if trick:
            led = SUIT_MASKS[trick[0] >> 4]
            win = trick_winner(trick, led, self.trump_mask, STRENGTH)
            best = trick[win]
            best_trump = self.trump_mask >> best & 1

            def beats(c: int) -> bool:
                if self.trump_mask >> c & 1:
                    return not best_trump or STRENGTH[c] > STRENGTH[best]
                return not best_trump and bool(led >> c & 1) and STRENGTH[c] > STRENGTH[best]

            partner_wins = (self.leader + win) % 3 == self.decl
            ours = partner_wins == (seat == self.decl)
            if ours and len(trick) == 2:
                # our side wins already: throw points
                cards.sort(key=lambda c: (beats(c), -POINTS[c]))
            else:
                cards.sort(key=lambda c: (not beats(c), STRENGTH[c] if beats(c) else POINTS[c]))
        else:
            cards.sort(key=lambda c: -STRENGTH[c] - (8 if self.trump_mask >> c & 1 else 0))
        out: list[Move] = []
        suits = self._announceable(seat) if not trick and seat == self.decl else []
        if suits:
            for s in suits:
                out += [(c + 64 * (s + 1), groups.get(c, -1) * 8 + s if c in groups else -1, POINTS[c]) for c in cards]
        else:
            out = [(c, groups.get(c, -1), POINTS[c]) for c in cards]
        return out

    def play(self, move: int) -> int:
        """Play a move; returns the declarer's points it realises."""
        seat = self.turn()
        card = move & 63
        gain = 0
        self._undo.append((self.leader, card, list(self.trick), self.announced, self.pending, seat, self.won))
        if move >> 6:
            suit = (move >> 6) - 1
            self.announced |= 1 << suit
            if seat == self.decl:
                value = 40 if suit == self.trump else 20
                if self.won:
                    gain += value
                else:
                    self.pending += value
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.left -= 1
        if len(self.trick) == 3:
            trick = self.trick
            led = SUIT_MASKS[trick[0] >> 4]
            winner = (self.leader + trick_winner(trick, led, self.trump_mask, STRENGTH)) % 3
            points = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
            self.points_left -= points
            if winner == self.decl:
                gain += points + self.pending
                self.pending = 0
                self.won = True
            self.leader = winner
            self.trick = []
        return gain

    def undo(self) -> None:
        """Take back the last move."""
        leader, card, trick, announced, pending, seat, won = self._undo.pop()
        self.hands[seat] |= 1 << card
        self.leader = leader
        self.trick = trick
        self.announced = announced
        self.pending = pending
        self.won = won
        self.left += 1
        if len(trick) == 2:
            self.points_left += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[card]

    def upper(self) -> int:
        """Points still in play, the pending marriages and the marriages the declarer can still
        announce."""
        total = self.points_left + self.pending
        for s in self._announceable(self.decl):
            total += 40 if s == self.trump else 20
        return total

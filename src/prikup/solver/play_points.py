"""The card-points play position on ints, shared by the ace-ten games (501 and Пятьсот): each rule
of play written once, parametrized by a :class:`PointsRules` value that a game's adapter reads
from the game (:mod:`prikup.solver.play501`, :mod:`prikup.solver.play_pyatsot`); the C search
(``_fast/fast_points.c``) is the same position driven by the same tables and flags.

Three seats in play order ``0, 1, 2``; ``decl`` is the declarer's number.  The rules:

* **Cards**: ``strength`` and ``points`` per card id, the four suits' masks; tricks are taken by
  :func:`prikup.core.tricks.trick_winner`; following is :func:`prikup.core.tricks.follow_mask`
  (follow suit, else, with ``must_trump``, a trump, else anything).
* **Declarations** (``combos``: marriages, Пятьсот's combinations): a set of cards held whole and
  not used by an earlier declaration is declared by its holder when he leads — with any card
  (``declare_any_card``, 501's marriages) or with one of its cards (Пятьсот) — and is then used.
  With ``declare_after_trick`` only a seat that has taken a trick may declare.  With
  ``sets_trump`` the declaration makes its suit trumps (for the trick it is led to as well) and
  its holder the trump maker; with ``maker_leads_trump`` only the maker may lead a trump while
  holding another suit.  A declaration is worth its value to the declarer's side when he makes
  it; with ``counts_after_trick`` only once he has taken a trick in the deal (until then it is
  ``pending``).

The value is the declarer's points to come: card points of the tricks he takes plus his
declarations.  Search reductions, each exact:

* **Without** ``sets_trump`` (501: trumps never change) a defender's declaration never changes
  the value (a defender's points are not the declarer's), so the search plays a defender's lead
  without it; and the declarer, leading while able to declare, always declares one (any he can):
  the value is fixed, a later declaration also needs the same trick, and a later lead may declare
  nothing.  :meth:`PointsPosition.legal_moves` still lists every move.
* **With** ``sets_trump`` (Пятьсот), leading a given card a player declares only the most valuable
  combination it can belong to (the combos are listed most valuable kind first): every
  combination with that card makes the same suit trumps with the same maker and leaves no other
  combination of the suit declarable, so only the value differs, which the declarer wants high
  and which is no concern of a defender.  Plain leads are always searched.
* **Equivalent cards** (groups, see :mod:`prikup.solver.search`): cards of one suit in one hand
  that are adjacent in the order of that suit's cards still in play (the hands and the trick in
  progress) form a group, except the cards of a combination its holder may still declare (the
  declarer's only, without ``sets_trump``): playing one of them ends it, which another card does
  not.  Twins differ only by their card points.

Moves are a card id, plus ``64 * (j + 1)`` when the leader declares ``combos[j]`` with it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from prikup.core.tricks import follow_mask, trick_winner
from prikup.games.ace_ten_deck import POINTS, STRENGTH, SUIT_MASKS
from prikup.solver import fast
from prikup.solver.search import Move

__all__ = ["Combo", "PointsPosition", "PointsRules", "ace_ten_rules", "fast_bounds", "fast_values"]


@dataclass(frozen=True)
class Combo:
    """A declarable set of cards: its ``kind`` (the game's own number), ``suit``, card ``mask`` and
    ``value`` to the declarer."""

    kind: int
    suit: int
    mask: int
    value: int


@dataclass(frozen=True)
class PointsRules:
    """The tables and flags of an ace-ten game's play, read from the game (see the module
    docstring)."""

    strength: tuple[int, ...]
    points: tuple[int, ...]
    suits: tuple[int, int, int, int]
    combos: tuple[Combo, ...]
    must_trump: bool
    declare_any_card: bool
    sets_trump: bool
    maker_leads_trump: bool
    declare_after_trick: bool
    counts_after_trick: bool
    #: cards of each suit, highest first
    order: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        order = tuple(
            tuple(sorted((i for i in range(64) if self.suits[s] >> i & 1), key=lambda i: -self.strength[i]))
            for s in range(4)
        )
        object.__setattr__(self, "order", order)

    def flags(self) -> int:
        """The six flags as the bits of one int (as the C search reads them)."""
        bits = (
            self.must_trump,
            self.declare_any_card,
            self.sets_trump,
            self.maker_leads_trump,
            self.declare_after_trick,
            self.counts_after_trick,
        )
        return sum(1 << i for i, b in enumerate(bits) if b)

    def tables(self) -> tuple[object, ...]:
        """The tables and flags as the C search reads them."""
        return (
            self.strength[:64],
            self.points[:64],
            self.suits,
            tuple((c.suit, c.mask, c.value) for c in self.combos),
            self.flags(),
        )


def ace_ten_rules(
    combos: tuple[Combo, ...],
    *,
    must_trump: bool,
    declare_any_card: bool,
    sets_trump: bool,
    maker_leads_trump: bool,
    declare_after_trick: bool,
    counts_after_trick: bool,
) -> PointsRules:
    """The rules of a game played with the ace-ten deck (:mod:`prikup.games.ace_ten_deck`'s
    ``STRENGTH``, ``POINTS`` and ``SUIT_MASKS``), its ``combos`` and flags."""
    return PointsRules(
        strength=tuple(STRENGTH[:64]),
        points=tuple(POINTS[:64]),
        suits=(SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2], SUIT_MASKS[3]),
        combos=combos,
        must_trump=must_trump,
        declare_any_card=declare_any_card,
        sets_trump=sets_trump,
        maker_leads_trump=maker_leads_trump,
        declare_after_trick=declare_after_trick,
        counts_after_trick=counts_after_trick,
    )


def _fast_args(pos: PointsPosition) -> tuple[object, ...]:
    """The position as the C search reads it (see :func:`fast_values`)."""
    h = pos.hands
    return (
        *pos.rules.tables(),
        (h[0], h[1], h[2]),
        pos.leader,
        tuple(pos.trick),
        pos.decl,
        pos.trump,
        pos.maker,
        pos.used,
        pos.won,
        pos.pending,
    )


def fast_values(pos: PointsPosition, best: bool = False) -> tuple[dict[int, int], int]:
    """Every legal move's exact future gain by the C search (only one best move's with
    ``best``), and the nodes it searched."""
    result: tuple[dict[int, int], int] = fast.module().values_points(*_fast_args(pos), int(best))
    return result


def fast_bounds(pos: PointsPosition) -> tuple[int, int]:
    """The lower and upper bound of the position's value that the C search starts from (the
    card points of sure tricks and top trumps; what the tests check never cut off the exact
    value)."""
    bounds: tuple[tuple[int, int], int] = fast.module().values_points(*_fast_args(pos), 2)
    return bounds[0]


class PointsPosition:
    """An ace-ten game's play position with every hand visible; see the module docstring."""

    def __init__(
        self,
        rules: PointsRules,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        decl: int,
        trump: int | None = None,
        maker: int | None = None,
        used: int = 0,
        won: int = 0,
        pending: int = 0,
    ) -> None:
        """``hands`` in play order, ``trick`` the card ids of the trick in progress (led by
        ``leader``), ``trump`` a suit number or ``None``, ``maker`` the trump maker's number,
        ``used`` the cards of the declarations made, ``won`` a bitmask of the seats that have
        taken a trick, ``pending`` the declarer's declarations that do not count yet."""
        self.rules = rules
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.decl = decl
        self.trump = -1 if trump is None else trump
        self.maker = -1 if maker is None else maker
        self.used = used
        self.won = won
        self.pending = pending
        self.left = sum(h.bit_count() for h in hands)  # cards still to be played
        points = rules.points
        live = hands[0] | hands[1] | hands[2]
        self.points_left = sum(points[c] for c in range(64) if live >> c & 1) + sum(points[c] for c in trick)
        self._undo: list[tuple[int, int, list[int], int, int, int, int, int, int]] = []

    # -- the rules ------------------------------------------------------------------------------
    def turn(self) -> int:
        """The play-order number of the seat to play."""
        return (self.leader + len(self.trick)) % 3

    def trump_mask(self) -> int:
        """The trumps' mask (0 with no trumps)."""
        return self.rules.suits[self.trump] if self.trump >= 0 else 0

    def declarable(self, seat: int) -> list[int]:
        """The indices of the combos ``seat`` holds whole and unused (whether or not he may
        declare now)."""
        hand, used = self.hands[seat], self.used
        return [j for j, c in enumerate(self.rules.combos) if hand & c.mask == c.mask and not used & c.mask]

    def may_declare(self, seat: int) -> bool:
        """Whether ``seat`` may declare when it leads (a trick taken, where the rules ask it)."""
        return not self.rules.declare_after_trick or bool(self.won >> seat & 1)

    def plain_leads(self, seat: int) -> int:
        """The cards ``seat`` may lead without declaring."""
        hand = self.hands[seat]
        tmask = self.trump_mask()
        if self.rules.maker_leads_trump and tmask and seat != self.maker and hand & ~tmask:
            return hand & ~tmask
        return hand

    def allowed(self, seat: int) -> int:
        """The cards ``seat`` may play now (plain leads, or following the suit led)."""
        if not self.trick:
            return self.plain_leads(seat)
        rules = self.rules
        return follow_mask(self.hands[seat], rules.suits[self.trick[0] >> 4], self.trump_mask(), rules.must_trump)

    # -- the protocol ---------------------------------------------------------------------------
    def over(self) -> bool:
        """True when every card has been played."""
        return self.left == 0

    def max_to_move(self) -> bool:
        """True when the declarer is to play."""
        return (self.leader + len(self.trick)) % 3 == self.decl

    def key(self) -> Hashable:
        """Hands, leader, trick, trumps and maker, the live used cards, who has taken a trick
        (the declarer only, where only his trick matters) and the pending value."""
        h = self.hands
        live = h[0] | h[1] | h[2]
        maker = self.maker if self.trump >= 0 and self.rules.sets_trump else -1
        won = self.won if self.rules.declare_after_trick else self.won & (1 << self.decl)
        return (
            h[0],
            h[1] << 64 | h[2],
            self.leader,
            tuple(self.trick),
            self.trump,
            maker,
            self.used & live,
            won,
            self.pending,
        )

    def legal_moves(self) -> list[int]:
        """Every legal move (a leader's declarations included)."""
        seat = self.turn()
        allowed = self.allowed(seat)
        moves = [i for i in range(64) if allowed >> i & 1]
        if self.trick or not self.may_declare(seat):
            return moves
        combos = self.rules.combos
        for j in self.declarable(seat):
            if self.rules.declare_any_card:
                moves += [c + 64 * (j + 1) for c in range(64) if self.hands[seat] >> c & 1]
            else:
                moves += [c + 64 * (j + 1) for c in range(64) if combos[j].mask >> c & 1]
        return moves

    def _excluded(self, seat: int) -> int:
        """The cards of the combos ``seat`` may still declare (never grouped)."""
        if not self.rules.sets_trump and seat != self.decl:
            return 0
        out = 0
        for j in self.declarable(seat):
            out |= self.rules.combos[j].mask
        return out

    def _groups(self, seat: int, allowed: int) -> dict[int, int]:
        """Card id → group id (the group's highest card) of the equivalence rule."""
        live = self.hands[0] | self.hands[1] | self.hands[2]
        for c in self.trick:
            live |= 1 << c
        hand = self.hands[seat]
        excluded = self._excluded(seat)
        groups: dict[int, int] = {}
        for s in range(4):
            if not allowed & self.rules.suits[s]:
                continue
            top = -1
            for c in self.rules.order[s]:
                if not live >> c & 1:
                    continue
                if hand >> c & 1 and not excluded >> c & 1:
                    if top < 0:
                        top = c
                    groups[c] = top
                else:
                    top = -1
        return groups

    def _declarations(self, seat: int) -> dict[int, int]:
        """For ``sets_trump``: card id → the most valuable combo it may be declared with now."""
        out: dict[int, int] = {}
        if self.trick or not self.may_declare(seat):
            return out
        for j in self.declarable(seat):
            m = self.rules.combos[j].mask
            for c in range(64):
                if m >> c & 1:
                    out.setdefault(c, j)
        return out

    def moves(self) -> list[Move]:
        """The moves to search, ordered, with equivalence groups (see the module docstring)."""
        rules = self.rules
        strength, points = rules.strength, rules.points
        seat = self.turn()
        allowed = self.allowed(seat)
        groups = self._groups(seat, allowed)
        cards = [i for i in range(64) if allowed >> i & 1]
        trick = self.trick
        tmask = self.trump_mask()
        if trick:
            led = rules.suits[trick[0] >> 4]
            win = trick_winner(trick, led, tmask, strength)
            best = trick[win]
            best_trump = tmask >> best & 1

            def beats(c: int) -> bool:
                if tmask >> c & 1:
                    return not best_trump or strength[c] > strength[best]
                return not best_trump and bool(led >> c & 1) and strength[c] > strength[best]

            ours = ((self.leader + win) % 3 == self.decl) == (seat == self.decl)
            if ours and len(trick) == 2:  # our side wins already: throw points
                cards.sort(key=lambda c: (beats(c), -points[c]))
            else:
                cards.sort(key=lambda c: (not beats(c), strength[c] if beats(c) else points[c]))
            return [(c, groups.get(c, -1), points[c]) for c in cards]
        cards.sort(key=lambda c: -strength[c] - (8 if tmask >> c & 1 else 0))
        if rules.sets_trump:
            out: list[Move] = [(c + 64 * (j + 1), -1, points[c]) for c, j in self._declarations(seat).items()]
            return out + [(c, groups.get(c, -1), points[c]) for c in cards]
        combos = self.declarable(seat) if seat == self.decl and self.may_declare(seat) else []
        if combos:
            return [
                (c + 64 * (j + 1), groups[c] * 16 + j if c in groups else -1, points[c]) for j in combos for c in cards
            ]
        return [(c, groups.get(c, -1), points[c]) for c in cards]

    def play(self, move: int) -> int:
        """Play a move; returns the declarer's points it realises."""
        rules = self.rules
        seat = self.turn()
        card = move & 63
        gain = 0
        self._undo.append(
            (self.leader, card, list(self.trick), self.trump, self.maker, self.used, self.won, self.pending, seat)
        )
        if move >> 6:
            combo = rules.combos[(move >> 6) - 1]
            self.used |= combo.mask
            if rules.sets_trump:
                self.trump = combo.suit
                self.maker = seat
            if seat == self.decl:
                if rules.counts_after_trick and not self.won >> seat & 1:
                    self.pending += combo.value
                else:
                    gain += combo.value
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.left -= 1
        if len(self.trick) == 3:
            trick = self.trick
            points = rules.points
            winner = (
                self.leader + trick_winner(trick, rules.suits[trick[0] >> 4], self.trump_mask(), rules.strength)
            ) % 3
            taken = points[trick[0]] + points[trick[1]] + points[trick[2]]
            self.points_left -= taken
            if winner == self.decl:
                gain += taken + self.pending
                self.pending = 0
            self.won |= 1 << winner
            self.leader = winner
            self.trick = []
        return gain

    def undo(self) -> None:
        """Take back the last move."""
        leader, card, trick, trump, maker, used, won, pending, seat = self._undo.pop()
        self.hands[seat] |= 1 << card
        self.leader, self.trick, self.trump, self.maker = leader, trick, trump, maker
        self.used, self.won, self.pending = used, won, pending
        self.left += 1
        if len(trick) == 2:
            points = self.rules.points
            self.points_left += points[trick[0]] + points[trick[1]] + points[card]

    def upper(self) -> int:
        """Points still in play, the pending declarations and the declarer's most valuable
        still-declarable combo of each suit."""
        best = [0, 0, 0, 0]
        combos = self.rules.combos
        for j in self.declarable(self.decl):
            c = combos[j]
            if c.value > best[c.suit]:
                best[c.suit] = c.value
        return self.points_left + self.pending + sum(best)

"""The generic open-hand (double-dummy) search: alpha-beta with a transposition table.

A game plugs in by writing a *play position* (:class:`PlayPosition`): a mutable object on plain
ints with ``play`` / ``undo``.  The search treats the game as two sides around the declarer:
the declarer maximises his points from here to the end of the deal, and the defenders together
minimise them.  In a 3-player game this is the standard double-dummy reduction: the two
defenders act as one side, and each defender's own points are not separately optimised.

Values are *future gains*: the declarer's points still to come from this position (the cards of
the trick in progress included), so a position's value does not depend on how it was reached
and the transposition table may store it under the position's key.

Move lists come from the position as ``(move, group, points)`` triples, best first.  Moves with
the same ``group >= 0`` are **rank-equivalent** (their cards are adjacent in the remaining order
of one hand and play identical roles in every rule of the game); ``points`` is the card points
the move puts into play.  Swapping two such cards maps every line of play onto a line with the
same trick winners, where only the two cards' points change tricks; so the two moves' values
differ by at most ``|points_a - points_b|`` (and are equal when the points are equal).  The
search uses that bound exactly (never as a guess): once one member of a group is searched with
result ``r``, a twin is skipped by the maximiser when ``r + d <= alpha`` and by the minimiser
when ``r - d >= beta``.  With equal points (trick-counting games) this is the classic
equivalent-card reduction: one card of a sequence is searched.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol

__all__ = ["Move", "PlayPosition", "Solver"]

#: A (move, group, points) triple of :meth:`PlayPosition.moves`.
Move = tuple[int, int, int]


class PlayPosition(Protocol):
    """The play phase of one deal with every hand visible, on ints, for the search."""

    def over(self) -> bool:
        """True when every card has been played."""

    def max_to_move(self) -> bool:
        """True when the declarer (the maximising side) is to play."""

    def key(self) -> Hashable:
        """Everything that decides the future gains (hands, trick, leader, trump state ...)."""

    def moves(self) -> list[Move]:
        """The moves the search must try, best guess first, with equivalence groups.

        May leave out moves that are provably never better for the side to move (documented by
        each game); :meth:`legal_moves` lists them all.
        """

    def legal_moves(self) -> list[int]:
        """Every legal move, exactly as the rules engine allows them."""

    def play(self, move: int) -> int:
        """Make ``move``; return the declarer's points it realises (a trick taken, a bonus)."""

    def undo(self) -> None:
        """Take back the last :meth:`play`."""

    def upper(self) -> int:
        """An upper bound of the declarer's future gain from here (0 is always a lower bound)."""


class Solver:
    """Exact search of one play position; the transposition table is kept between calls."""

    def __init__(self, position: PlayPosition) -> None:
        self.pos = position
        self.table: dict[Hashable, tuple[int, int, int]] = {}
        self.nodes = 0

    def value(self) -> int:
        """The declarer's exact future gain with best play by both sides.

        A bisection of null-window searches (each ``value >= gamma?``) over ``[0, upper]``,
        narrowed further by the fail-soft bounds they return; the table is shared by all.
        """
        if self.pos.over():
            return 0
        lo, hi = 0, self.pos.upper()
        while lo < hi:
            gamma = (lo + hi + 1) // 2
            r = self.search(gamma - 1, gamma)
            if r < gamma:
                hi = r
            else:
                lo = r
        return lo

    def values(self) -> dict[int, int]:
        """The exact future gain of every legal move of the side to move."""
        out: dict[int, int] = {}
        pos = self.pos
        for move in pos.legal_moves():
            gain = pos.play(move)
            out[move] = gain + self.value()
            pos.undo()
        return out

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the exact value if it lies strictly inside ``(alpha, beta)``,
        else an upper bound ``<= alpha`` or a lower bound ``>= beta``."""
        pos = self.pos
        if pos.over():
            return 0
        self.nodes += 1
        ub = pos.upper()
        if ub <= alpha:
            return ub
        if beta <= 0:
            return 0
        key = pos.key()
        entry = self.table.get(key)
        if entry is None:
            lo, hi, hint = 0, ub, -1
        else:
            lo, hi, hint = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        moves = pos.moves()
        if hint >= 0:
            for i, m in enumerate(moves):
                if m[0] == hint:
                    if i:
                        moves.insert(0, moves.pop(i))
                    break
        seen: dict[int, tuple[int, int]] = {}
        best_move = -1
        if pos.max_to_move():
            best = -1
            for move, group, pts in moves:
                if group >= 0:
                    twin = seen.get(group)
                    if twin is not None:
                        bound = twin[0] + abs(pts - twin[1])
                        if bound <= a:
                            if bound > best:
                                best = bound
                            continue
                gain = pos.play(move)
                r = gain + self.search(a - gain, b - gain)
                pos.undo()
                if group >= 0 and group not in seen:
                    seen[group] = (r, pts)
                if r > best:
                    best, best_move = r, move
                    if r > a:
                        a = r
                        if a >= b:
                            break
        else:
            best = 1 << 30
            for move, group, pts in moves:
                if group >= 0:
                    twin = seen.get(group)
                    if twin is not None:
                        bound = twin[0] - abs(pts - twin[1])
                        if bound >= b:
                            if bound < best:
                                best = bound
                            continue
                gain = pos.play(move)
                r = gain + self.search(a - gain, b - gain)
                pos.undo()
                if group >= 0 and group not in seen:
                    seen[group] = (r, pts)
                if r < best:
                    best, best_move = r, move
                    if r < b:
                        b = r
                        if a >= b:
                            break
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        if best_move < 0:
            best_move = hint
        self.table[key] = (lo, hi, best_move)
        return best

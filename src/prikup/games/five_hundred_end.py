"""The end of a Five Hundred match: who wins after a deal, under the standard rule and the
scoring variants (Walker Ultimate 500, the points-spread rule).

Pure functions of the units' scores before and after the deal, so each rule is written once
and tested on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["TRICK_POINTS", "EndRules", "match_winners"]

#: What a trick is worth to a defending side (and to every side in a no-bid deal).
TRICK_POINTS = 10


@dataclass(frozen=True, slots=True)
class EndRules:
    """How a match ends (the options of the same names).

    ``goal``: points to win, minus this many loses; ``defender_tricks_score``: the defenders
    scored their tricks this deal (for the trick-by-trick order); ``win_by_bid``: only a side
    that made its contract this deal can win (Australian); ``goal_tie_higher``: two sides at the
    goal on one deal, the higher score wins (else the contractor's side, then the first there
    trick by trick); ``minus_needs_other_not_negative``: minus the goal loses only if no other
    side is negative; ``exact_goal``: Walker Ultimate 500 (win at exactly the goal, lose at twice
    it or at minus it); ``points_spread``: one side negative, another positive, the goal or more
    apart: the match ends, the highest wins.
    """

    goal: int = 500
    defender_tricks_score: bool = True
    win_by_bid: bool = False
    goal_tie_higher: bool = False
    minus_needs_other_not_negative: bool = False
    exact_goal: bool = False
    points_spread: bool = False


def _best(units: Sequence[Sequence[int]], after: Sequence[int], among: Sequence[int]) -> list[int]:
    """The seats of the units of ``among`` with the highest score."""
    best = max(after[i] for i in among)
    return sorted(s for i in among if after[i] == best for s in units[i])


def match_winners(
    units: Sequence[Sequence[int]],
    before: Sequence[int],
    after: Sequence[int],
    contractor: int | None,
    trick_takers: Sequence[int],
    *,
    goal: int = 500,
    defender_tricks_score: bool = True,
    made: bool = True,
    rules: EndRules | None = None,
) -> list[int]:
    """The winning seats after a deal, or ``[]`` while the match goes on.

    ``before``/``after`` are the units' scores; ``trick_takers`` the seat that took each trick in
    order; ``made``: the contractor's side made its contract.  A unit at ``goal`` or more wins;
    if several got there on this deal, the contractor's unit first, else the one that got there
    first trick by trick (10 a trick to a defender as the tricks fall).  Else a unit at ``-goal``
    or below loses, and the best other unit wins (with two sides: the other side).  ``rules``
    (when given, its goal and trick scoring override the keywords) adds the scoring variants.
    """
    r = rules if rules is not None else EndRules(goal, defender_tricks_score)
    goal = r.goal
    if 0 < goal and -goal < min(after) and max(after) < goal and not r.points_spread:
        return []  # nobody at the goal nor at minus it (most deals: the tests below find nothing)
    unit_of = {s: i for i, unit in enumerate(units) for s in unit}
    cu = unit_of[contractor] if contractor is not None else None
    crossed = [i for i in range(len(units)) if (after[i] == goal if r.exact_goal else after[i] >= goal)]
    if r.win_by_bid:
        crossed = [i for i in crossed if i == cu and made]
    if crossed:
        if len(crossed) > 1 and r.goal_tie_higher:
            return _best(units, after, crossed)
        if cu is not None and cu in crossed:
            return sorted(units[cu])
        if len(crossed) > 1:
            running = list(before)
            for seat in trick_takers:
                u = unit_of[seat]
                if u == cu or not (r.defender_tricks_score or cu is None):
                    continue
                running[u] += TRICK_POINTS
                if running[u] >= goal and u in crossed:
                    return sorted(units[u])
            return _best(units, after, crossed)
        return sorted(units[crossed[0]])
    losers = {i for i in range(len(units)) if after[i] <= -goal or (r.exact_goal and after[i] >= 2 * goal)}
    if r.minus_needs_other_not_negative:
        losers = {i for i in losers if not any(after[j] < 0 for j in range(len(units)) if j != i)}
    if losers:
        rest = [i for i in range(len(units)) if i not in losers]
        return _best(units, after, rest) if rest else []
    if r.points_spread and min(after) < 0 < max(after) and max(after) - min(after) >= goal:
        return _best(units, after, range(len(units)))
    return []

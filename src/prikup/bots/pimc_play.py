"""pimc's play decision: the fewest exact searches that give the choice of the mean over samples.

:class:`PlayRace` takes the samples of one decision one by one (:meth:`PlayRace.add`) and says
when more would change nothing (:attr:`PlayRace.done`); :meth:`PlayRace.choice` is the action
with the best mean value (the highest for the declarer's side, the lowest for the others; ties:
the first in the engine's order of legal actions, a dominated move never — see below).  Three
savings, the first two exact (the same choice as solving every legal action of every sample):

* **Equivalent and dominated moves** (:func:`move_classes`): the solver's own move list
  (:meth:`prikup.solver.PlayPosition.moves`) groups rank-equivalent cards (adjacent in one hand
  with nothing between them held by the others) and gives their card points: twins of equal
  points have equal values in every sample, so one of them is searched.  A legal move the list
  leaves out (the card-points games: a declarer leading while he can declare always declares —
  the plain lead is never better; a defender's declaration never changes the declarer's value;
  in Пятьсот only the most valuable combination a card belongs to is searched) takes the value
  of the listed move with the same card: equal for a defender, at most as good for the
  declarer, who is then never given the dominated move (a tie goes to the declaration).
* **Exact early stop**: after each sample, a move whose total trails the leader's by more than
  the remaining samples could make up (each sample moves two totals apart by at most the span of
  values still possible, :func:`value_span`) is dropped and no longer searched; when one move is
  left the decision is made and sampling stops.
* **Racing** (``race`` = z > 0, statistical, not exact): from the third sample on, a move whose
  mean trails the leader's by more than z standard errors of the paired differences (the same
  samples serve every move) is dropped too.

Each remaining representative is searched in the child position it leads to
(:func:`child_value`: the C search's value of that position, or the Python reference's); while
every legal move is still racing and none collapses, one search of the whole position is used
instead, which is cheaper per move (the C search guesses each move's value from the last).  The
positions searched are counted (:attr:`PlayRace.nodes`): pimc's ``knodes`` budget reads them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from prikup.core.actions import Action
from prikup.core.game import State
from prikup.solver import ADAPTERS, PlayPosition, Solver, fast, utility_of
from prikup.solver.play_points import PointsPosition

__all__ = [
    "MIN_RACE_SAMPLES",
    "MoveClasses",
    "PlayRace",
    "Searched",
    "child_value",
    "move_classes",
    "sample_values",
    "value_span",
]

#: Samples a statistical race waits for before it drops a move.
MIN_RACE_SAMPLES = 3


@dataclass(frozen=True)
class MoveClasses:
    """The legal moves of a play position by what must be searched: ``rep`` maps every legal move
    to the move whose search gives its value (itself for a representative); ``dominated`` holds
    the moves whose value is only bounded by their representative's (never better for the side
    to move), which a decision never picks."""

    rep: dict[int, int]
    dominated: frozenset[int] = field(default_factory=frozenset)

    @property
    def searched(self) -> list[int]:
        """The representatives, in the order of the legal moves."""
        return [m for m, r in self.rep.items() if m == r]


def move_classes(pos: PlayPosition) -> MoveClasses:
    """The equivalence and dominance classes of ``pos``'s legal moves (see the module)."""
    legal = pos.legal_moves()
    listed = pos.moves()
    twin: dict[tuple[int, int], int] = {}
    rep: dict[int, int] = {}
    for move, group, points in listed:
        if group >= 0:
            rep[move] = twin.setdefault((group, points), move)
        else:
            rep[move] = move
    dominated: set[int] = set()
    out: dict[int, int] = {}
    for move in legal:
        if move in rep:
            out[move] = rep[move]
            continue
        same = _same_card(pos, move, [m for m, _, _ in listed])
        if same is None:  # not a case the solver documents: searched on its own
            out[move] = move
            continue
        out[move] = rep[same]
        if pos.max_to_move():
            dominated.add(move)
    # a representative: the first move of its class in legal order that is not dominated
    first: dict[int, int] = {}
    for move in legal:
        if move not in dominated:
            first.setdefault(out[move], move)
    return MoveClasses({m: first[out[m]] for m in legal}, frozenset(dominated))


def _same_card(pos: PlayPosition, move: int, listed: list[int]) -> int | None:
    """For a card-points position: the listed move playing the same card as ``move`` (a
    declaration rather than a plain lead), else ``None``."""
    if not isinstance(pos, PointsPosition):
        return None
    card = move & 63
    same = [m for m in listed if m & 63 == card]
    if not same:
        return None
    return max(same)  # declarations are numbered above the plain card


def value_span(pos: PlayPosition, utility: Callable[[int], float] | None, base: int) -> float:
    """The most by which one sample can move two moves' values apart, for every sample of the
    same decision: every point still in play (the cards' and every declaration still possible,
    whoever holds them) or every trick to come, turned by ``utility`` from ``base`` when it is
    given."""
    if isinstance(pos, PointsPosition):
        best = [0, 0, 0, 0]
        live = pos.hands[0] | pos.hands[1] | pos.hands[2]
        for c in pos.trick:
            live |= 1 << c
        for combo in pos.rules.combos:
            if combo.mask & live == combo.mask and not combo.mask & pos.used:
                best[combo.suit] = max(best[combo.suit], combo.value)
        cap = pos.points_left + pos.pending + sum(best)
    else:
        cap = pos.upper()
    if utility is None:
        return float(cap)
    return utility(base + cap) - utility(base)


#: What :func:`sample_values` gives: the values by move, the play position, the declarer's
#: points so far and the positions the search visited.
Searched = tuple[dict[int, int], PlayPosition, int, int]


def child_value(game_id: str, pos: PlayPosition, move: int) -> tuple[int, int]:
    """The exact future gain of ``move`` in ``pos`` (its own gain included; ``pos`` unchanged)
    and the positions searched for it."""
    gain = pos.play(move)
    try:
        if pos.over():
            return gain, 0
        adapter = ADAPTERS[game_id]
        if adapter.fast is not None and fast.enabled():
            values, nodes = adapter.fast(pos, best=True)
            return gain + next(iter(values.values())), nodes
        solver = Solver(pos)
        return gain + solver.value(), solver.nodes
    finally:
        pos.undo()


def sample_values(sample: State, moves: list[int] | None) -> Searched:
    """The declarer's final points after each of ``moves`` (move numbers of the sample's play
    position; ``None``: every legal move, by one search of the whole position), the position,
    the declarer's points so far and the positions searched (see :data:`Searched`)."""
    game_id = sample.game.id
    adapter = ADAPTERS[game_id]
    pos, base = adapter.position(sample)
    if moves is None:
        if adapter.fast is not None and fast.enabled():
            gains, nodes = adapter.fast(pos)
        else:
            solver = Solver(pos)
            gains, nodes = solver.values(), solver.nodes
        return {m: base + v for m, v in gains.items()}, pos, base, nodes
    out: dict[int, int] = {}
    nodes = 0
    for m in moves:
        value, searched = child_value(game_id, pos, m)
        out[m] = base + value
        nodes += searched
    return out, pos, base, nodes


class PlayRace:
    """The samples of one play decision and the moves still in the race (see the module).

    ``legal``: the legal actions; ``samples``: how many samples the decision will take at most;
    ``collapse``: search one move per class (else every legal move); ``race``: the z of the
    statistical race (0: only the exact stop); ``raw``: average the values themselves rather
    than what they net in the score (:func:`prikup.solver.utility_of`); ``exact_stop``: drop moves
    that can no longer win; ``values``: how a sample is searched (default :func:`sample_values`)."""

    def __init__(
        self,
        legal: list[Action],
        samples: int,
        *,
        collapse: bool = True,
        race: float = 0.0,
        raw: bool = False,
        exact_stop: bool = True,
        values: Callable[[State, list[int] | None], Searched] | None = None,
    ) -> None:
        self.legal = legal
        self.planned = samples
        self.collapse = collapse
        self.race = race
        self.raw = raw
        self.exact_stop = exact_stop
        self._values = values
        self.drawn = 0
        self.maximise = True
        self.searches = 0
        #: positions the searches of this decision visited (what pimc's ``knodes`` budgets)
        self.nodes = 0
        self._move: dict[Action, int] = {}
        self._classes: MoveClasses | None = None
        self._same: dict[int, int] = {}  # move → its class's representative (also without collapse)
        self._got: dict[int, list[float]] = {}
        self._alive: list[int] = []
        self._span = 0.0

    @property
    def done(self) -> bool:
        """True when no further sample can change the choice (one class of moves left in the
        race, not counting dominated moves)."""
        if self._classes is None:
            return False
        return len({self._same[m] for m in self._alive if m not in self._classes.dominated}) <= 1

    def add(self, sample: State) -> None:
        """Search the moves still racing in one more sample."""
        if self._classes is None:
            self._start(sample)
        assert self._classes is not None
        whole = len(self._alive) == len(self.legal)
        search = self._values if self._values is not None else sample_values
        values, pos, base, nodes = search(sample, None if whole else list(self._alive))
        self.searches += len(self.legal) if whole else len(self._alive)
        self.nodes += nodes
        utility = None if self.raw else utility_of(sample)
        if self.drawn == 0:
            self.maximise = pos.max_to_move()
            self._span = value_span(pos, utility, base)
        for m in self._alive:
            v = values[m]
            self._got[m].append(float(v) if utility is None else utility(v))
        self.drawn += 1
        self._prune()

    def _start(self, sample: State) -> None:
        adapter = ADAPTERS[sample.game.id]
        pos, _ = adapter.position(sample)
        self._move = {a: adapter.move_of(a) for a in self.legal}
        classes = move_classes(pos)
        self._same = classes.rep
        if self.collapse:
            self._classes = classes
        else:
            self._classes = MoveClasses({m: m for m in self._move.values()}, classes.dominated)
        self._alive = self._classes.searched
        self._got = {m: [] for m in self._alive}

    def _better(self, a: float, b: float) -> bool:
        return a > b if self.maximise else a < b

    def _leader(self) -> int:
        """The racing representative the decision would pick now."""
        assert self._classes is not None
        best: int | None = None
        for action in self.legal:
            m = self._move[action]
            r = self._classes.rep[m]
            if m in self._classes.dominated or r not in self._alive:
                continue
            if best is None or self._better(sum(self._got[r]), sum(self._got[best])):
                best = r
        assert best is not None
        return best

    def _prune(self) -> None:
        lead = self._leader()
        sign = 1.0 if self.maximise else -1.0
        left = self.planned - self.drawn
        n = self.drawn
        keep = [lead]
        for m in self._alive:
            if m == lead:
                continue
            diffs = [sign * (a - b) for a, b in zip(self._got[lead], self._got[m], strict=True)]
            ahead = sum(diffs)
            if self.exact_stop and ahead > left * self._span:
                continue
            if self.race > 0 and n >= MIN_RACE_SAMPLES and left > 0:
                mean = ahead / n
                var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
                if mean > 0 and mean > self.race * math.sqrt(var / n):
                    continue
            keep.append(m)
        self._alive = [m for m in self._alive if m in keep]

    def choice(self, prefer: Action | None = None) -> Action:
        """The legal action with the best mean over the samples (see the module); when every
        move still in the race has the same total, ``prefer`` if it is one of them (the samples
        tell the moves apart not at all)."""
        assert self._classes is not None, "no sample was added"
        best: Action | None = None
        best_total = 0.0
        totals: dict[Action, float] = {}
        for action in self.legal:
            m = self._move[action]
            r = self._classes.rep[m]
            if m in self._classes.dominated or r not in self._alive:
                continue
            total = totals[action] = sum(self._got[r])
            if best is None or self._better(total, best_total):
                best, best_total = action, total
        assert best is not None
        if prefer in totals and len(set(totals.values())) == 1:
            return prefer
        return best

"""Exact open-hand (double-dummy) solving of the play phase.

:func:`solve` gives, for a state in its play phase with every hand visible, the value of every
legal play action: the declarer's final points in the deal if that action is taken and everyone
plays perfectly afterwards.  The declarer maximises his points; the two defenders together
minimise them (the standard double-dummy reduction of a 3-player game: a defender's own points
are not separately optimised).  :func:`best_play` picks a best action for the seat to act
(maximising for the declarer, minimising for a defender).

A game plugs in with an *adapter*: a play position on ints (see :mod:`prikup.solver.search`)
built from the state, and the mapping between actions and the position's move numbers.  There
are two positions, each rule of play written once and parametrized by tables and flags the
adapter reads from the game: card points (:mod:`prikup.solver.play_points`: 501 and Пятьсот)
and trick counting (:mod:`prikup.solver.play_tricks`: Five Hundred and preferans, with their
misère, no-bid and raspasy conventions); the C search drives the same two positions with the
same tables and flags.
"""

from __future__ import annotations

from collections.abc import Callable

from prikup.core.actions import Action
from prikup.core.game import Phase, State
from prikup.games.spec import SPECS, load
from prikup.solver import fast
from prikup.solver.adapter import Adapter
from prikup.solver.search import Move, PlayPosition, Solver

__all__ = [
    "ADAPTERS",
    "Adapter",
    "Move",
    "PlayPosition",
    "Solver",
    "best_action",
    "best_play",
    "play_out",
    "position_of",
    "position_value",
    "solve",
    "solve_position",
    "utility_of",
]


#: The solver's adapters by game id (each game's entry in :data:`prikup.games.spec.SPECS` names
#: its adapter).
ADAPTERS: dict[str, Adapter] = {gid: load(spec.solver) for gid, spec in SPECS.items()}


def _adapter(state: State) -> Adapter:
    adapter = ADAPTERS.get(state.game.id)
    if adapter is None:
        raise ValueError(f"the solver has no adapter for {state.game.id!r} yet; it knows {', '.join(ADAPTERS)}")
    return adapter


def position_of(state: State) -> tuple[PlayPosition, int]:
    """The play position of ``state`` and the declarer's points so far that count.

    Raises ``ValueError`` if the game has no adapter or the state is not in its play phase.
    """
    return _adapter(state).position(state)


def utility_of(state: State) -> Callable[[int], float] | None:
    """For a state in its play phase: a non-decreasing function from a final value (as
    :func:`solve` gives them) to what it nets in the deal's score for the declarer's side, when
    the game's scoring is not simply the value itself (a contract made or failed, the other
    side's trick points); ``None`` where the values themselves are the measure.  A sampling
    player averages this instead of the raw values (the value of making the contract, not of an
    overtrick)."""
    utility = _adapter(state).utility
    return None if utility is None else utility(state)


def solve_position(game_id: str, pos: PlayPosition) -> dict[int, int]:
    """Every legal move of a play position and its exact future gain (the move's own gain
    included): by the C search when :func:`prikup.solver.fast.enabled`, else by the Python
    reference search."""
    adapter = ADAPTERS[game_id]
    if adapter.fast is not None and fast.enabled():
        return adapter.fast(pos)[0]
    return Solver(pos).values()


def position_value(game_id: str, pos: PlayPosition) -> int:
    """The exact future gain of a play position (0 when it is over)."""
    if pos.over():
        return 0
    values = solve_position(game_id, pos)
    return max(values.values()) if pos.max_to_move() else min(values.values())


def solve(state: State, solver: Solver | None = None) -> dict[Action, int]:
    """The declarer's final points after each legal play action of ``state``, with best play
    from then on by both sides (all hands visible).  ``solver`` may be passed to reuse its
    transposition table for the same deal (it forces the Python reference search)."""
    adapter = _adapter(state)
    pos, base = adapter.position(state)
    if solver is None and adapter.fast is not None and fast.enabled():
        values = adapter.fast(pos)[0]
        return {action: base + values[adapter.move_of(action)] for action in state.legal_actions()}
    search = solver if solver is not None else Solver(pos)
    search.pos = pos
    out: dict[Action, int] = {}
    for action in state.legal_actions():
        move = adapter.move_of(action)
        gain = pos.play(move)
        out[action] = base + gain + search.value()
        pos.undo()
    return out


def best_play(state: State) -> Action:
    """A best action for the seat to act: the highest value for the declarer, the lowest for a
    defender (ties: the first in the engine's order of legal actions)."""
    values = solve(state)
    pos, _ = position_of(state)
    pick = max if pos.max_to_move() else min
    return pick(values, key=lambda a: values[a])


def play_out(state: State) -> int:
    """Play the rest of the deal in ``state`` (in its play phase) with best open-hand play by
    everyone, on ``state`` itself; returns the number of actions applied.

    Each seat plays a best move of the double-dummy reduction (the declarer maximising, the
    defenders minimising the declarer's points; ties: the first legal).  The deal's score is then
    the engine's own, which is how :class:`prikup.bots.pimc.PimcBot` values a decision before
    the play.
    """
    adapter = _adapter(state)
    pos, _ = adapter.position(state)
    deal = len(state.deals)
    applied = 0
    while state.phase is Phase.PLAY and len(state.deals) == deal and not pos.over():
        move = _best_move(adapter, pos)
        state.apply(adapter.action_of(move))
        pos.play(move)
        applied += 1
    return applied


def best_action(state: State) -> Action:
    """A best action for the seat to act, as :func:`play_out` chooses it (by the cheaper search
    for one best move when the C search is on; ties may fall otherwise than :func:`best_play`)."""
    adapter = _adapter(state)
    pos, _ = adapter.position(state)
    return adapter.action_of(_best_move(adapter, pos))


def _best_move(adapter: Adapter, pos: PlayPosition) -> int:
    """A best move of ``pos`` (the declarer maximising, a defender minimising)."""
    if adapter.fast is not None and fast.enabled():
        values = adapter.fast(pos, best=True)[0]
    else:
        values = Solver(pos).values()
    pick = max if pos.max_to_move() else min
    return pick(values, key=lambda m: values[m])

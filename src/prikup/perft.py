"""Perft: the number of distinct legal action sequences of a given length from a state.

Like chess perft, it pins the move generator: any change in what is legal changes the counts.
States that give a :meth:`~prikup.core.game.State.position_key` are memoised.
"""

from __future__ import annotations

from collections.abc import Hashable

from prikup.core.game import State

__all__ = ["perft"]


def perft(state: State, depth: int) -> int:
    """Count the legal action sequences of length ``depth`` (shorter ones that end the match
    or the deal's decisions count once)."""
    memo: dict[tuple[Hashable, int], int] = {}
    return _perft(state, depth, memo)


def _perft(state: State, depth: int, memo: dict[tuple[Hashable, int], int]) -> int:
    if depth == 0:
        return 1
    key = state.position_key()
    if key is not None and (key, depth) in memo:
        return memo[(key, depth)]
    legal = state.legal_actions()
    if not legal:
        return 1
    if depth == 1:
        total = len(legal)
    else:
        total = 0
        for action in legal:
            child = state.copy()
            child.apply(action)
            total += _perft(child, depth - 1, memo)
    if key is not None:
        memo[(key, depth)] = total
    return total

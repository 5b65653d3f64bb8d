"""Random play positions of 501 and Пятьсот from random deals and random play (public engine API),
and a plain exhaustive minimax for checking the solver."""

from __future__ import annotations

import os
import random
import subprocess
import sys

from prikup import make_game
from prikup.core.actions import ActionKind
from prikup.core.game import Phase, State
from prikup.solver.search import PlayPosition


def to_play(game_id: str, seed: int, trump: str | None = None) -> State:
    """A fresh deal driven through the auction and the talon to the first lead, at random."""
    rng = random.Random(seed)
    state = make_game(game_id).new_match(seed)
    while state.phase is not Phase.PLAY:
        legal = state.legal_actions()
        phase = state.phase
        if phase is Phase.AUCTION:
            bids = [a for a in legal if a.kind is ActionKind.BID]
            passes = [a for a in legal if a.kind is ActionKind.PASS]
            if state.high_bid is None and bids:  # type: ignore[attr-defined]
                state.apply(rng.choice(bids[:10]))
            else:
                state.apply(passes[0] if passes else bids[0])
        elif phase is Phase.CONTRACT or (phase is Phase.TALON and game_id == "501" and False):
            contracts = [a for a in legal if a.kind is ActionKind.CONTRACT]
            low = min(a.number for a in contracts if a.number is not None)
            lows = [a for a in contracts if a.number == low]
            if trump is not None:
                lows = [a for a in lows if a.call == trump] or lows
            state.apply(rng.choice(lows))
        else:
            choices = [a for a in legal if a.kind is not ActionKind.CONCEDE]
            state.apply(rng.choice(choices))
    return state


def random_position(game_id: str, seed: int, tricks_left: int, trump: str | None = None, bias: float = 0.5) -> State:
    """A state in its play phase with ``tricks_left`` tricks to go (the last of them possibly
    already begun), reached by random play that announces/declares with probability ``bias``."""
    rng = random.Random(seed * 7 + 1)
    state = to_play(game_id, seed, trump)
    target = 3 * tricks_left - rng.randrange(3)
    while sum(h.bit_count() for h in state.hands) + len(state.trick) > target:  # type: ignore[attr-defined]
        legal = state.legal_actions()
        special = [a for a in legal if a.modifier is not None]
        if special and rng.random() < bias:
            state.apply(rng.choice(special))
        else:
            state.apply(rng.choice([a for a in legal if a.modifier is None]))
    return state


def minimax(pos: PlayPosition) -> int:
    """Plain exhaustive minimax over every legal move: no pruning, no table, no reduction."""
    if pos.over():
        return 0
    results = []
    for move in pos.legal_moves():
        gain = pos.play(move)
        results.append(gain + minimax(pos))
        pos.undo()
    return max(results) if pos.max_to_move() else min(results)


def root_values_by_minimax(state: State) -> dict[str, int]:
    """Every legal action of a play state and its value by plain exhaustive minimax."""
    from prikup.solver import ADAPTERS, position_of

    pos, base = position_of(state)
    adapter = ADAPTERS[state.game.id]
    out = {}
    for action in state.legal_actions():
        gain = pos.play(adapter.move_of(action))
        out[str(action)] = base + gain + minimax(pos)
        pos.undo()
    return out


def prikup(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the ``prikup`` command line (as ``python -m prikup``) and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "prikup", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "200"},
    )

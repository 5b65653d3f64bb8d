"""OpenSpiel's own bots playing whole deals of every prikup game.

    pip install -e '.[research]'
    python examples/openspiel_bots.py --simulations 20

For each game, one deal (dealt at OpenSpiel's chance nodes) is played by seat 0 with each of
OpenSpiel's bots below against uniform random bots in the other seats, and the returns, the
moves and the CPU time are printed:

* ``uniform`` — ``open_spiel.python.bots.uniform_random.UniformRandomBot``;
* ``mcts`` — ``open_spiel.python.algorithms.mcts.MCTSBot`` with random rollouts: it searches
  the *true* state (every hand), so on these imperfect-information games it cheats;
* ``ismcts`` — ``open_spiel.python.algorithms.ismcts.ISMCTSBot``: it searches states drawn
  with ``state.resample_from_infostate`` (prikup's resampler), i.e. only what its seat knows.

OpenSpiel's C++ ``pyspiel.MCTSBot`` is not offered: with open_spiel 2.0.2 it crashes the
process (a segmentation fault) on any Python game, OpenSpiel's own ``python_tic_tac_toe``
included (``--bots cpp-mcts`` shows it).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

from prikup.envs.openspiel import register

GAMES = ["prikup_501", "prikup_five_hundred", "prikup_five_hundred(players=3)", "prikup_pyatsot", "prikup_preferans"]


def make_bots(game: Any, simulations: int, seed: int) -> dict[str, Callable[[int], Any]]:
    """The bots, each by name: a function of the seat."""
    rng = np.random.RandomState(seed)
    rollout = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return {
        "uniform": lambda seat: UniformRandomBot(seat, rng),
        "mcts": lambda seat: mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=simulations, evaluator=rollout, random_state=rng
        ),
        "ismcts": lambda seat: ismcts.ISMCTSBot(
            game,
            rollout,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=rng,
            max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
        ),
        "cpp-mcts": lambda seat: pyspiel.MCTSBot(
            game, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, simulations, 10**6, False, seed, False
        ),
    }


def play_deal(game: Any, bot: Any, seed: int) -> tuple[list[float], int]:
    """One deal: ``bot`` in seat 0, uniform random elsewhere; returns and seat 0's moves."""
    rng = np.random.RandomState(seed)
    others = [UniformRandomBot(s, rng) for s in range(game.num_players())]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(others[state.current_player()].step(state))
    return list(state.returns()), moves


def main(argv: list[str] | None = None) -> int:
    """Play and print."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--simulations", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="uniform,mcts,ismcts")
    args = p.parse_args(argv)
    register()
    for name in GAMES:
        game = pyspiel.load_game(name)
        bots = make_bots(game, args.simulations, args.seed)
        for bot_name in args.bots.split(","):
            start = time.process_time()
            try:
                returns, moves = play_deal(game, bots[bot_name](0), args.seed)
            except Exception as exc:  # a bot OpenSpiel cannot run on this game: say why
                print(f"{name:32s} {bot_name:9s} fails: {type(exc).__name__}: {str(exc).splitlines()[0][:120]}")
                continue
            cpu = time.process_time() - start
            print(f"{name:32s} {bot_name:9s} returns {[round(r, 1) for r in returns]}  {moves} moves  {cpu:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())

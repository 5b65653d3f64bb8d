"""Random play through each research interface, beside prikup's public API, in one process.

Run::

    pip install -e '.[research]'
    python bench/bench_envs.py [--rounds 3] [--seconds 0.3]

Every contender plays random single deals (a uniformly random legal action at every decision)
for ``--seconds`` of CPU time per round; contenders take turns round after round and each
figure is the median over rounds of player decisions per CPU second (``time.process_time``,
robust to other load on the machine).  The ratio is against the public API's integer path in
the same run:

* ``api ids`` — ``state.legal_action_ids()`` then ``state.apply_id(i)`` (the anchor);
* ``api + tensor`` — the same, plus the tensor and mask of the seat to act at every decision
  (what a learner reads);
* ``pettingzoo`` — ``env.last()`` (tensor and mask) then ``env.step(i)`` on the raw AEC env;
* ``gymnasium`` — ``SeatEnv`` with random opponents; every decision counts (the learner's
  steps and the bots' actions between them);
* ``openspiel`` — the Python game from ``pyspiel``: ``legal_actions()`` then
  ``apply_action(a)`` (the deal's chance nodes are applied, not counted);
* ``openspiel + tensor`` — the same, plus ``observation_tensor()`` at every decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from prikup import make_game
from prikup.core.game import State
from prikup.envs.common import seeded_deal
from prikup.envs.gymnasium import SeatEnv
from prikup.envs.openspiel import SHORT_NAMES, register
from prikup.envs.pettingzoo import PrikupAEC
from prikup.envs.tensors import encoder_for

GAMES: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("501", "501", {}),
    ("pyatsot", "pyatsot", {}),
    ("preferans", "preferans", {}),
    ("five-hundred 3p", "five-hundred", {"players": 3}),
    ("five-hundred 4p", "five-hundred", {}),
)

Runner = Callable[[float], tuple[int, float]]


def timed(deal: Callable[[int], int]) -> Runner:
    """A runner playing deals (``deal(seed)`` returns its decisions) until the CPU budget is spent."""

    def run(seconds: float) -> tuple[int, float]:
        start = time.process_time()
        decisions, seed = 0, 0
        while time.process_time() - start < seconds:
            decisions += deal(seed)
            seed += 1
        return decisions, time.process_time() - start

    return run


def api_runner(name: str, options: dict[str, object], tensor: bool) -> Runner:
    game = make_game(name, **options)
    enc = encoder_for(game)
    rng = random.Random(1)

    def deal(seed: int) -> int:
        state: State = seeded_deal(game, seed)
        n = 0
        while not state.is_over:
            if tensor:
                seat = state.to_act
                assert seat is not None
                enc.encode(state.observation(seat, with_legal=False))
                enc.mask(state)
            state.apply_id(rng.choice(state.legal_action_ids()))
            n += 1
        return n

    return timed(deal)


def pettingzoo_runner(name: str, options: dict[str, object]) -> Runner:
    env = PrikupAEC(name, **options)
    rng = random.Random(1)

    def deal(seed: int) -> int:
        env.reset(seed=seed)
        n = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                n += 1
        return n

    return timed(deal)


def gymnasium_runner(name: str, options: dict[str, object]) -> Runner:
    env = SeatEnv(name, opponents="random", assistant="random", **options)
    rng = random.Random(1)

    def deal(seed: int) -> int:
        env.reset(seed=seed)
        done = False
        while not done:
            _, _, terminated, truncated, _ = env.step(rng.choice(np.flatnonzero(env.action_masks()).tolist()))
            done = terminated or truncated
        assert env.state is not None
        return len(env.state.history)

    return timed(deal)


def spiel_runner(name: str, options: dict[str, object], tensor: bool) -> Runner:
    game = pyspiel.load_game(SHORT_NAMES[name], dict(options))
    rng = random.Random(1)

    def deal(seed: int) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            if tensor:
                state.observation_tensor()
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return timed(deal)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--seconds", type=float, default=0.3, help="CPU seconds per contender per round")
    args = parser.parse_args(argv)
    register()
    print("decisions per CPU second (median over rounds); ratio to 'api ids' of the same run")
    for label, name, options in GAMES:
        runners: dict[str, Runner] = {
            "api ids": api_runner(name, options, tensor=False),
            "api + tensor": api_runner(name, options, tensor=True),
            "pettingzoo": pettingzoo_runner(name, options),
            "gymnasium": gymnasium_runner(name, options),
            "openspiel": spiel_runner(name, options, tensor=False),
            "openspiel + tensor": spiel_runner(name, options, tensor=True),
        }
        rates: dict[str, list[float]] = {k: [] for k in runners}
        for _ in range(args.rounds):
            for key, run in runners.items():
                decisions, cpu = run(args.seconds)
                rates[key].append(decisions / cpu)
        anchor = statistics.median(rates["api ids"])
        print(f"\n{label}")
        for key, values in rates.items():
            rate = statistics.median(values)
            print(f"  {key:20s} {rate:10,.0f} /s   {rate / anchor:6.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

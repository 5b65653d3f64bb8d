"""Gymnasium: Gymnasium's environment checker on every game, registration, bots in the other
seats, the learner limited to some phases, illegal actions and rewards."""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from envs_configs import CONFIGS, config_id
from gymnasium.utils.env_checker import check_env

import prikup.envs  # noqa: F401 - registers the environments
from prikup.envs.gymnasium import ENV_IDS, SeatEnv


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_check_env_passes(config: tuple[str, dict[str, Any]]) -> None:
    env = gym.make(ENV_IDS[config[0]], opponents="heuristic", **config[1])
    check_env(env.unwrapped, skip_render_check=False)


def test_gymnasium_make_each_registered_game() -> None:
    for game_id, env_id in ENV_IDS.items():
        env = gym.make(env_id)
        assert isinstance(env.unwrapped, SeatEnv) and env.unwrapped.game.id == game_id


def _episode(env: SeatEnv, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.sum() > 0
        assert env.state is not None and env.state.to_act == env.seat
        obs, reward, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(mask).tolist()))
        assert env.observation_space.contains(obs)
        total += float(reward)
        steps += 1
        done = terminated or truncated
    return total, steps


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_reward_is_the_seats_deal_change(config: tuple[str, dict[str, Any]]) -> None:
    env = SeatEnv(config[0], seat=1, opponents="random", reward_scale=10.0, **config[1])
    for seed in range(3):
        total, steps = _episode(env, seed)
        state = env.state
        assert state is not None and state.is_over and steps > 0
        changes = state.deal_value(len(state.deals) - 1)  # preferans: with the pulya and the gora
        assert changes is not None
        if env.game.id != "preferans":
            assert changes == [float(c) for c in state.deals[-1].score_changes or ()]
        sign = -1.0 if env.game.LOWER_SCORE_WINS else 1.0
        assert total == pytest.approx(sign * changes[1] / 10.0)


def test_gymnasium_learner_only_plays_cards_when_asked() -> None:
    env = SeatEnv("501", opponents=["heuristic", "random"], learner_phases=["play"])
    for seed in range(5):
        env.reset(seed=seed)
        while True:
            assert env.state is not None and env.state.phase.value == "play"
            mask = env.action_masks()
            kinds = {env.game.action_from_id(int(i)).kind.value for i in np.flatnonzero(mask)}
            assert kinds == {"play"}
            _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[0]))
            if terminated or truncated:
                break


def test_gymnasium_whole_match_reward_is_the_result() -> None:
    env = SeatEnv("five-hundred", players=3, goal=100, matches=True, opponents="random")
    total, _ = _episode(env, 2)
    assert env.state is not None and env.state.is_over
    assert total == (1.0 if 0 in env.state.winners else -1.0)


def test_gymnasium_illegal_action_changes_nothing() -> None:
    env = SeatEnv("preferans", max_illegal=2)
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    history = list(env.state.history) if env.state else []
    again, reward, terminated, truncated, info = env.step(illegal)
    assert np.array_equal(again, obs) and reward == -1.0 and not terminated and not truncated
    assert "\n" not in info["illegal"] and info["illegal"]
    assert env.state is not None and env.state.history == history
    _, _, _, truncated, _ = env.step(illegal)
    assert truncated  # max_illegal in a row


def test_gymnasium_bad_options_are_one_line_errors() -> None:
    with pytest.raises(ValueError, match="seat=3 is not a seat"):
        SeatEnv("501", seat=3)
    with pytest.raises(ValueError, match=r"genius"):
        SeatEnv("501", opponents="genius")
    with pytest.raises(ValueError, match="expected one bot name or 2 names"):
        SeatEnv("501", opponents=["random", "random", "random"])
    with pytest.raises(ValueError, match="unknown phase bidding"):
        SeatEnv("501", learner_phases=["bidding"])
    with pytest.raises(ValueError, match="reset"):
        SeatEnv("501").step(0)

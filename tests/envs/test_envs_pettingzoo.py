"""PettingZoo: the API test on every game, rewards equal to the deal's score change, matches."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from envs_configs import CONFIGS, config_id
from pettingzoo.test import api_test, seed_test

from prikup import IllegalActionError
from prikup.envs.pettingzoo import PrikupAEC, env, raw_env

# PettingZoo's api_test warns about every classic card game's {"observation", "action_mask"} dict
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_test_passes(config: tuple[str, dict[str, Any]]) -> None:
    api_test(env(config[0], **config[1]), num_cycles=200)


def test_pettingzoo_api_test_passes_for_whole_matches() -> None:
    api_test(env("pyatsot", matches=True, max_deals=3), num_cycles=300)


def test_pettingzoo_seeded_resets_repeat() -> None:
    seed_test(lambda: env("five-hundred", players=3), num_cycles=50)


def _play(e: PrikupAEC, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_reward_is_the_deals_score_change(config: tuple[str, dict[str, Any]]) -> None:
    e = raw_env(config[0], **config[1])
    for seed in range(3):
        totals = _play(e, seed)
        state = e.state
        assert state is not None and state.is_over and len(state.deals) == 1
        sign = -1.0 if e.game.LOWER_SCORE_WINS else 1.0
        changes = state.deal_value(0)  # the deal's score changes; preferans: with the pulya and the gora
        assert changes is not None
        if e.game.id != "preferans":
            assert changes == [float(c) for c in state.deals[0].score_changes or ()]
        assert [totals[a] for a in e.possible_agents] == pytest.approx([sign * c for c in changes])


def test_pettingzoo_match_reward_is_the_result() -> None:
    e = raw_env("five-hundred", players=3, goal=100, matches=True)
    totals = _play(e, 4)
    assert e.state is not None and e.state.is_over
    winners = set(e.state.winners)
    assert winners
    assert [totals[a] for a in e.possible_agents] == [1.0 if s in winners else -1.0 for s in range(3)]


def test_pettingzoo_truncates_a_match_at_max_deals() -> None:
    e = raw_env("501", matches=True, max_deals=2)
    _play(e, 1)
    assert e.state is not None and not e.state.is_over and len(e.state.deals) == 3


def test_pettingzoo_illegal_action_raises_and_changes_nothing() -> None:
    e = raw_env("preferans")
    e.reset(seed=2)
    agent = e.agent_selection
    obs = e.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    assert e.agent_selection == agent
    assert np.array_equal(e.observe(agent)["observation"], obs["observation"])


def test_pettingzoo_bad_options_are_one_line_errors() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        env("501", colour="red")
    with pytest.raises(ValueError, match="render_mode"):
        env("501", render_mode="rgb_array")

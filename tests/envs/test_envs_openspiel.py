"""OpenSpiel: every game registered as a Python game, OpenSpiel's random simulation test with
serialisation, information states that hide what a seat cannot see, and OpenSpiel's own bots
(uniform random, MCTS, ISMCTS) playing whole deals."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from envs_configs import CONFIGS, config_id
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts, random_agent
from open_spiel.python.bots.uniform_random import UniformRandomBot

from prikup.envs.openspiel import SHORT_NAMES, register

register()


def _load(config: tuple[str, dict[str, Any]]) -> Any:
    return pyspiel.load_game(SHORT_NAMES[config[0]], dict(config[1]))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_openspiel_random_sim_test_passes(config: tuple[str, dict[str, Any]]) -> None:
    pyspiel.random_sim_test(_load(config), num_sims=2, serialize=True, verbose=False)


def test_openspiel_load_game_by_name_and_parameters() -> None:
    assert set(register()) == set(SHORT_NAMES.values())  # registering again is harmless
    game = pyspiel.load_game("prikup_501")
    assert game.num_players() == 3 and game.num_distinct_actions() == 1077
    assert game.max_chance_outcomes() == 24
    four = pyspiel.load_game("prikup_preferans(players=4,pulya=10,dealer=2)")
    assert four.num_players() == 4 and four.get_parameters()["pulya"] == 10
    assert four.observation_tensor_shape() == four.information_state_tensor_shape()


def test_openspiel_bad_parameters_are_one_line_errors() -> None:
    with pytest.raises(pyspiel.SpielError, match=r"colour"):
        pyspiel.load_game("prikup_501(colour=red)")
    with pytest.raises(ValueError, match="dealer=5 is not a seat"):
        pyspiel.load_game("prikup_501(dealer=5)")


def _deal_to_play(game: Any, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        assert probs[0] == pytest.approx(1 / len(outcomes))
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_openspiel_resampled_states_look_the_same_to_the_seat(config: tuple[str, dict[str, Any]]) -> None:
    game = _load(config)
    rng = random.Random(2)
    for seed in range(4):
        state = _deal_to_play(game, seed)
        for _ in range(rng.randrange(25)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player()
        other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert other.legal_actions() == state.legal_actions()


def test_openspiel_information_state_hides_other_hands() -> None:
    game = pyspiel.load_game("prikup_preferans")
    state = _deal_to_play(game, 1)
    seat = state.current_player()
    text = state.information_state_string(seat)
    prikup_state = state.state
    assert prikup_state is not None
    log = prikup_state.deals[-1]
    active = prikup_state.active_seats(log.dealer)
    mine = set(dict(zip(active, log.hands, strict=True))[seat])
    others = [c for s, h in zip(active, log.hands, strict=True) if s != seat for c in h]
    assert all(f'"{c}"' in text for c in mine)
    assert not any(f'"{c}"' in text for c in others)


def _whole_deal(game: Any, bot: Any, seed: int) -> list[float]:
    rng = np.random.RandomState(seed)
    others = [UniformRandomBot(s, rng) for s in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            player = state.current_player()
            state.apply_action((bot if player == 0 else others[player]).step(state))
    return list(state.returns())


@pytest.mark.parametrize("name", sorted(SHORT_NAMES.values()))
def test_openspiel_bots_play_a_whole_deal(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(3)
    rollout = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        UniformRandomBot(0, rng),
        mcts.MCTSBot(game, 2.0, 8, rollout, random_state=rng),
        ismcts.ISMCTSBot(game, rollout, 2.0, 8, max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES, random_state=rng),
    ]
    for bot in bots:
        returns = _whole_deal(game, bot, 5)
        assert len(returns) == game.num_players() and any(r != 0 for r in returns)
        if name == "prikup_preferans":
            assert sum(returns) == pytest.approx(0.0)  # whists balance: zero-sum


def test_openspiel_rl_environment_plays_a_deal() -> None:
    env = rl_environment.Environment("prikup_five_hundred", players=3)
    actions = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(env.num_players)]
    step = env.reset()
    size = len(step.observations["info_state"][0])
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == size
        step = env.step([agents[player].step(step).action])
    assert len(step.rewards) == 3 and any(r != 0 for r in step.rewards)

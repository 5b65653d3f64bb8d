"""PettingZoo (AEC) environments for every game: ``env("501")``, ``env("five-hundred", players=3)``.

Agents are ``player_0`` … ``player_{N-1}`` (the game's seats).  Each agent's observation is
PettingZoo's classic card-game pair ``{"observation": float32 tensor, "action_mask": int8}``
(the tensor of :mod:`prikup.envs.tensors`; the mask is all zero except for the agent to act),
and its action is a stable action id of ``game.all_actions()``.

An episode is one deal (the first deal of ``game.new_match(seed)``); each agent's reward at
its end is its score change, signed so that higher is better (501, which counts down, gives
the negated change; preferans the change in the balances the match would settle at, its pulya and
gora counted: :attr:`~prikup.core.game.State.settled_scores`).  With ``matches=True`` an
episode is a whole match and the reward comes at its end: +1 for each winner, -1 for every
other seat; ``max_deals`` truncates a match that has not ended.  An illegal id raises
:class:`prikup.IllegalActionError` (a one-line message naming the rule) and changes nothing.

.. code-block:: python

    from prikup.envs.pettingzoo import env

    e = env("preferans")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        mask = obs["action_mask"]
        e.step(None if terminated or truncated else int(mask.nonzero()[0][0]))
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from prikup.core.game import Game, State
from prikup.envs.common import game_of, match_rewards, new_seed, reward_sign, score_floats, seeded_deal
from prikup.envs.tensors import encoder_for

__all__ = ["PrikupAEC", "env", "raw_env"]


class PrikupAEC(AECEnv):  # type: ignore[misc]
    """One game configuration as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention: a class attribute
        "render_modes": ["ansi", "human"],
        "name": "prikup_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game = "501",
        *,
        matches: bool = False,
        max_deals: int = 200,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not offered; choose ansi, human or None")
        if max_deals < 1:
            raise ValueError(f"max_deals must be at least 1, got {max_deals}")
        self.game = game_of(game, options)
        self.encoder = encoder_for(self.game)
        self.matches = matches
        self.max_deals = max_deals
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"prikup_{self.game.id}_v0"}
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = list(self.possible_agents)
        box = spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32)
        mask = spaces.Box(0, 1, (self.encoder.num_actions,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.agents}
        self.action_spaces = {a: spaces.Discrete(self.encoder.num_actions) for a in self.agents}
        self._sign = reward_sign(self.game)
        self._rng = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space: the tensor and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: the game's action ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new deal (or match) from ``seed``; a random one when ``None``."""
        if seed is not None:
            self._rng.seed(seed)
        deal_seed = new_seed(self._rng) if seed is None else seed
        self.state = self.game.new_match(deal_seed) if self.matches else seeded_deal(self.game, deal_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        seat = self.state.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            self.agent_selection = next((a for a in self.agents), self.possible_agents[0])

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's tensor and its action mask (all zero unless it is to act)."""
        state = self._require()
        seat = self.possible_agents.index(agent)
        mask = self.encoder.mask(state) if state.to_act == seat else np.zeros(self.encoder.num_actions, np.int8)
        return {"observation": self.encoder.encode(state.observation(seat, with_legal=False)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action id (``None`` for an agent whose episode ended)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._require()
        if action is None:
            raise ValueError(f"{agent} is to act: give an action id 0..{self.encoder.num_actions - 1}, not None")
        before = score_floats(state)
        deals = len(state.deals)
        state.apply_id(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.matches:
            if state.is_over:
                for a, r in zip(self.possible_agents, match_rewards(state), strict=True):
                    self.rewards[a] = r
        elif state.is_over:
            after = score_floats(state)
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = self._sign * (after[i] - before[i])
        if state.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.matches and len(state.deals) > deals and len(state.deals) > self.max_deals:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str:
        """The last action and the scores, as a line of text."""
        state = self._require()
        history = state.history
        last = f"seat {history[-1][1]}: {history[-1][2]}" if history else "dealt"
        return f"{self.game.id} deal {len(state.deals)} {state.phase}: {last}; scores {list(state.scores)}"

    def close(self) -> None:
        """Nothing to release."""

    def _require(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


def raw_env(game: str | Game = "501", **options: Any) -> PrikupAEC:
    """The environment without PettingZoo's checking wrappers."""
    return PrikupAEC(game, **options)


def env(game: str | Game = "501", **options: Any) -> Any:
    """A PettingZoo AEC environment of ``game`` with its options (``players=3``, ``matches=True``,
    ``max_deals=…``, any game option), wrapped as PettingZoo's classic games are (actions in
    range, reset before step)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(PrikupAEC(game, **options)))

"""Gymnasium: one seat of a game against prikup bots, ``gymnasium.make("prikup/501-v0")``.

The learner plays seat ``seat`` (0 by default); the other seats are bots of
:func:`prikup.bots.make_bot` (``opponents="heuristic"``, ``"random"``, ``"pimc:samples=4"``, or
one name per other seat).  ``learner_phases`` limits the learner to some phases (e.g.
``("play",)`` to learn the card play); the seat's other decisions are then taken by the
``assistant`` bot.  Observations are the seat's tensor (:mod:`prikup.envs.tensors`), actions
the game's stable action ids; ``action_masks()`` gives the legal ids (sb3-contrib's
``MaskablePPO`` convention) and ``info["action_mask"]`` the same.

An episode is one deal (from the episode's seed); the reward at its end is the seat's score
change, signed so that higher is better (501 counts down; preferans: the change in the balances
the match would settle at, with its pulya and gora) and divided by ``reward_scale``.
With ``matches=True`` an episode is a whole match, rewarded +1 (won) or -1 at its end.  A deal
in which the learner has nothing to decide is played out by the bots and the next one dealt.
An illegal id changes nothing: the step returns the same observation, ``illegal_reward`` and
``info["illegal"]`` (the rule it breaks, in one line); ``max_illegal`` illegal steps in a row
truncate the episode.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from prikup.bots import Bot, make_bot
from prikup.core.errors import PrikupError
from prikup.core.game import Game, Phase, State
from prikup.envs.common import EnvOptionError, bot_list, game_of, match_rewards, reward_sign, score_floats, seeded_deal
from prikup.envs.tensors import FloatArray, MaskArray, encoder_for

__all__ = ["ENV_IDS", "SeatEnv", "register_envs"]

#: Gymnasium's id of every game's environment.
ENV_IDS: dict[str, str] = {
    "501": "prikup/501-v0",
    "five-hundred": "prikup/five-hundred-v0",
    "pyatsot": "prikup/pyatsot-v0",
    "preferans": "prikup/preferans-v0",
}


class SeatEnv(gym.Env[FloatArray, np.int64]):
    """One seat of a game configuration against bots (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        game: str | Game = "501",
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        learner_phases: Sequence[str] | None = None,
        assistant: str = "heuristic",
        matches: bool = False,
        max_deals: int = 200,
        reward_scale: float = 1.0,
        illegal_reward: float = -1.0,
        max_illegal: int = 100,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        self.game = game_of(game, options)
        n = self.game.players
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise EnvOptionError(f"seat={seat!r} is not a seat of {self.game.id}: expected 0..{n - 1}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvOptionError(f"render_mode {render_mode!r} is not offered; choose 'ansi' or None")
        if reward_scale <= 0:
            raise EnvOptionError(f"reward_scale must be positive, got {reward_scale}")
        phases = {p.value for p in Phase}
        if learner_phases is not None:
            unknown = [p for p in learner_phases if p not in phases]
            if unknown:
                raise EnvOptionError(f"unknown phase {', '.join(unknown)}; phases: {', '.join(sorted(phases))}")
        self.seat = seat
        self.learner_phases = None if learner_phases is None else frozenset(learner_phases)
        self.opponent_names = bot_list(opponents, n - 1)
        self.assistant_name = assistant
        for name in {*self.opponent_names, assistant}:
            make_bot(name, self.game)  # an unknown bot or option fails here, in one line
        self.matches = matches
        self.max_deals = max_deals
        self.reward_scale = reward_scale
        self.illegal_reward = illegal_reward
        self.max_illegal = max_illegal
        self.render_mode = render_mode
        self.encoder = encoder_for(self.game)
        self.observation_space = spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self._sign = reward_sign(self.game)
        self.state: State | None = None
        self._bots: dict[int, Bot] = {}
        self._illegal = 0

    # -- Gymnasium's API ---------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """Deal a new episode from ``seed`` (the generator's next seed when ``None``)."""
        super().reset(seed=seed)
        self._illegal = 0
        for _ in range(1000):
            episode = int(self.np_random.integers(2**31))
            self._start(episode)
            self._advance()
            if self._learner_decides(self._state()):
                return self._obs(), self._info()
        phases = ", ".join(sorted(self.learner_phases or ()))
        raise EnvOptionError(f"seat {self.seat} had no decision in the phases {phases} in 1000 deals")

    def step(self, action: np.int64 | int) -> tuple[FloatArray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the learner's action id, then let the bots play to the learner's next decision."""
        state = self._state()
        if state.is_over:
            raise EnvOptionError("the episode is over: call reset()")
        try:
            state.apply_id(int(action))
        except PrikupError as err:
            self._illegal += 1
            info = self._info()
            info["illegal"] = str(err)
            return self._obs(), self.illegal_reward, False, self._illegal >= self.max_illegal, info
        self._illegal = 0
        before = self._before
        self._advance()
        state = self._state()
        terminated = state.is_over
        truncated = self.matches and not terminated and len(state.deals) > self.max_deals
        if self.matches:
            reward = match_rewards(state)[self.seat] if terminated else 0.0
        else:
            reward = self._sign * (score_floats(state)[self.seat] - before) / self.reward_scale if terminated else 0.0
        return self._obs(), reward, terminated, truncated, self._info()

    def action_masks(self) -> MaskArray:
        """The legal ids of the learner (all zero once the episode is over)."""
        state = self._state()
        if state.is_over or state.to_act != self.seat:
            return np.zeros(self.encoder.num_actions, np.int8)
        return self.encoder.mask(state)

    def render(self) -> str | None:
        """The seat's view in one line (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        state = self._state()
        obs = state.observation(self.seat, with_legal=False)
        hand = " ".join(str(c) for c in obs.hand or ())
        return f"{self.game.id} seat {self.seat} {state.phase}: hand {hand}; scores {list(state.scores)}"

    # -- inside --------------------------------------------------------------------------------
    def _state(self) -> State:
        if self.state is None:
            raise EnvOptionError("call reset() before step()")
        return self.state

    def _start(self, episode: int) -> None:
        game = self.game
        self.state = game.new_match(episode) if self.matches else seeded_deal(game, episode)
        rng = random.Random(episode)
        others = iter(self.opponent_names)
        self._bots = {
            s: make_bot(next(others), game, rng.randrange(2**31)) for s in range(game.players) if s != self.seat
        }
        self._bots[self.seat] = make_bot(self.assistant_name, game, rng.randrange(2**31))
        self._before = score_floats(self.state)[self.seat]

    def _learner_decides(self, state: State) -> bool:
        return state.to_act == self.seat and (self.learner_phases is None or state.phase.value in self.learner_phases)

    def _advance(self) -> None:
        state = self._state()
        while not state.is_over and not self._learner_decides(state):
            if self.matches and len(state.deals) > self.max_deals:
                return
            seat = state.to_act
            assert seat is not None
            state.apply(self._bots[seat].act(state, seat))

    def _obs(self) -> FloatArray:
        return self.encoder.encode(self._state().observation(self.seat, with_legal=False))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "phase": self._state().phase.value}


def register_envs() -> list[str]:
    """Register every game's environment with Gymnasium (again is harmless); returns the ids."""
    for game_id, env_id in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(env_id, entry_point="prikup.envs.gymnasium:SeatEnv", kwargs={"game": game_id})
    return list(ENV_IDS.values())

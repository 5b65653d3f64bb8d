"""OpenSpiel: every game as a Python game of ``pyspiel``.

``register()`` registers ``prikup_501``, ``prikup_five_hundred``, ``prikup_pyatsot`` and
``prikup_preferans``; then ``pyspiel.load_game("prikup_preferans(players=4)")`` works, with every
game option a game parameter (same names, same defaults) and ``dealer`` (the dealing seat, 0 by
default).  A game is one deal:

* the cards are dealt at chance nodes, one card per node, uniformly from the cards left: first
  a card to each active seat in turn from the dealer's left until every hand is full, then the
  talon (chance outcome ``i`` is the ``i``-th card of ``game.deck()``);
* the players' actions are the stable action ids of ``game.all_actions()``;
* at the end each player's return is his score change, signed so that higher is better (501
  counts down: its change is negated);
* the observation string is the seat's observation as JSON (``observation(seat).to_json()``);
  the information-state string adds every action so far as the seat saw it (a card given face
  down is hidden) — perfect recall;
* both tensors are :mod:`prikup.envs.tensors`' vector (all zero while dealing).  The tensor
  keeps each seat's last call, not the whole auction, so the information-state *tensor* is not
  of perfect recall; its string is;
* ``state.resample_from_infostate(player, sampler)`` draws the hidden cards again consistently
  with what the player has seen, so OpenSpiel's Python ISMCTS can search these games.

Being a Python game, it is far slower than OpenSpiel's C++ games (see ``bench/bench_envs.py``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from prikup.core.cards import Card
from prikup.core.game import Game, State
from prikup.core.resample import resample
from prikup.envs.common import reward_sign, score_floats
from prikup.envs.tensors import TensorEncoder, encoder_for
from prikup.games import GAMES, make_game

__all__ = ["SHORT_NAMES", "PrikupSpielGame", "PrikupSpielState", "register"]

#: OpenSpiel's short name of every game.
SHORT_NAMES: dict[str, str] = {
    "501": "prikup_501",
    "five-hundred": "prikup_five_hundred",
    "pyatsot": "prikup_pyatsot",
    "preferans": "prikup_preferans",
}
#: A bound on one deal's score change (OpenSpiel's utility bounds; generous: random play's
#: largest over 300 deals of each game is 440 in 501, 520 in Five Hundred, 305 in Пятьсот and
#: 400 in preferans).  501's grows with ``max_bid`` (a dark contract's failure is doubled).
_UTILITY_BOUND = {"501": 2000.0, "five-hundred": 2000.0, "pyatsot": 2000.0, "preferans": 2000.0}
_ZERO_SUM = {"preferans"}


def _game_type(game_id: str) -> pyspiel.GameType:
    cls = GAMES[game_id]
    players = next(o for o in cls.OPTIONS if o.name == "players")
    choices = tuple(int(c) for c in (players.choices or (players.default,)))
    spec: dict[str, Any] = {o.name: o.default for o in cls.OPTIONS}
    spec["dealer"] = 0
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game_id],
        long_name=f"prikup {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if game_id in _ZERO_SUM else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(choices),
        min_num_players=min(choices),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class PrikupSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A prikup game configuration as an OpenSpiel game (one deal)."""

    GAME_ID = "501"

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        values = dict(params or {})
        dealer = int(values.pop("dealer", 0))
        self.prikup: Game = make_game(self.GAME_ID, **values)
        game = self.prikup
        if not 0 <= dealer < game.players:
            raise ValueError(f"dealer={dealer} is not a seat: expected 0..{game.players - 1}")
        self.dealer = dealer
        probe = game.new_match(0)
        log = probe.deals[0]
        self.hand_sizes = [len(h) for h in log.hands]
        self.talon_size = len(log.talon)
        self.active = probe.active_seats(dealer)
        self.deck: tuple[Card, ...] = tuple(game.deck())
        self.encoder: TensorEncoder = encoder_for(game)
        self.sign = reward_sign(game)
        bound = max(_UTILITY_BOUND[game.id], 4.0 * float(game.options.get("max_bid", 0)))
        length = len(self.encoder.call_ids) + len(self.deck) + 8 * game.players + 16
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.num_actions,
            max_chance_outcomes=len(self.deck),
            num_players=game.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if game.id in _ZERO_SUM else None,
            max_game_length=length,
        )
        spec_params = {**{o.name: o.default for o in type(game).OPTIONS}, **dict(game.options), "dealer": dealer}
        super().__init__(_game_type(self.GAME_ID), info, spec_params)

    def new_initial_state(self) -> PrikupSpielState:
        """A state at the first chance node of the deal."""
        return PrikupSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> PrikupObserver:
        """The observer OpenSpiel reads tensors and strings through."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        return PrikupObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class _Held:
    """A prikup state whose deep copy is ``State.copy()`` (fast; pickling stays the default)."""

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(None if self.state is None else self.state.copy())


class PrikupSpielState(pyspiel.State):  # type: ignore[misc]
    """One deal: chance nodes deal the cards, then the prikup state plays it out."""

    def __init__(self, game: PrikupSpielGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a Python state by deep-copying each attribute and serialises it by
        # pickling them: so no reference to the game here, and the prikup state in a holder
        # whose deep copy is the state's own cheap copy().
        self.dealt: list[int] = []
        self.held = _Held(None)
        self.start_scores: list[float] = []
        #: every seat's view of each action, taken as the action is applied (``action_view``
        #: describes an action just taken: a face-down card is shown to its giver and receiver)
        self.views: list[list[str]] = [[] for _ in range(game.num_players())]

    @property
    def spiel_game(self) -> PrikupSpielGame:
        """The OpenSpiel game of this state."""
        game: PrikupSpielGame = self.get_game()
        return game

    @property
    def state(self) -> State | None:
        """The prikup state once the cards are dealt."""
        return self.held.state

    # -- dealing ---------------------------------------------------------------------------------
    def _owner(self, i: int) -> int | None:
        """The seat the ``i``-th dealt card goes to (``None``: the talon)."""
        g = self.spiel_game
        k = len(g.active)
        return g.active[i % k] if i < k * g.hand_sizes[0] else None

    def _cards_of(self, seat: int) -> list[Card]:
        return [self.spiel_game.deck[c] for i, c in enumerate(self.dealt) if self._owner(i) == seat]

    def _finish_dealing(self) -> None:
        g = self.spiel_game
        hands = {seat: self._cards_of(seat) for seat in g.active}
        talon = [g.deck[c] for i, c in enumerate(self.dealt) if self._owner(i) is None]
        state = g.prikup.new_replay(g.dealer, single_deal=True)
        self.start_scores = score_floats(state)
        state.deal(hands, talon)
        self.held = _Held(state)

    # -- OpenSpiel's API ---------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, or chance while dealing, or terminal."""
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.state.to_act
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None and player == self.state.to_act
        return sorted(self.state.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each equally likely."""
        left = sorted(set(range(len(self.spiel_game.deck))) - set(self.dealt))
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.dealt.append(int(action))
            if len(self.dealt) == len(self.spiel_game.deck):
                self._finish_dealing()
        else:
            seat = self.state.to_act
            assert seat is not None
            done = self.state.apply_id(int(action))
            for viewer, seen in enumerate(self.views):
                seen.append(f"{seat}:{self.state.action_view(seat, done, viewer)}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.spiel_game.deck[action]}"
        return self.spiel_game.encoder.game.action_texts()[action]

    def is_terminal(self) -> bool:
        """True once the deal is scored."""
        return self.state is not None and self.state.is_over

    def returns(self) -> list[float]:
        """Each seat's signed score change (0 before the end)."""
        n = self.spiel_game.prikup.players
        if self.state is None or not self.state.is_over:
            return [0.0] * n
        after = score_floats(self.state)
        return [self.spiel_game.sign * (after[i] - self.start_scores[i]) for i in range(n)]

    def __str__(self) -> str:
        if self.state is None:
            return "dealing: " + " ".join(str(self.spiel_game.deck[c]) for c in self.dealt)
        return json.dumps(self.state.observation(None).to_json(), ensure_ascii=False)

    # -- what a seat knows (the observer uses these) -----------------------------------------
    def seen_history(self, seat: int) -> list[str]:
        """Every action so far as ``seat`` saw it."""
        return self.views[seat]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> PrikupSpielState:
        """A state ``player_id`` cannot tell from this one, the hidden cards drawn again
        consistently with everything he has seen (``prikup.core.resample``); what OpenSpiel's
        ISMCTS calls.  ``probability_sampler`` (OpenSpiel's, a callable giving floats in [0, 1))
        seeds the draw."""
        if self.state is None:
            raise ValueError("resample_from_infostate needs the cards dealt: call it at a player's turn")
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        log = resample(self.state, player_id, random.Random(seed)).deals[-1]
        game = self.spiel_game
        hands = dict(zip(game.active, log.hands, strict=True))
        order = [game.active[i % len(game.active)] for i in range(len(game.active) * game.hand_sizes[0])]
        taken = dict.fromkeys(game.active, 0)
        dealt: list[int] = []
        for seat in order:
            dealt.append(game.deck.index(hands[seat][taken[seat]]))
            taken[seat] += 1
        dealt += [game.deck.index(c) for c in log.talon]
        new = PrikupSpielState(game)
        for card in dealt:  # deal and replay: every seat's views are those of the drawn deal
            new.apply_action(card)
        for _, action in log.actions:
            new.apply_action(game.prikup.action_id(action))
        return new


class PrikupObserver:
    """OpenSpiel's ``PyObserver``: ``tensor`` and ``dict`` are filled by :meth:`set_from`."""

    def __init__(self, game: PrikupSpielGame, iig_obs_type: pyspiel.IIGObservationType) -> None:
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("prikup games give a seat's own view only (private info of a single player, public info)")
        self.game = game
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {name: self.tensor[start : start + size] for name, start, size, _ in game.encoder.layout()}

    def set_from(self, state: PrikupSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        enc = self.game.encoder
        if state.state is None:
            self.tensor.fill(0.0)  # while dealing: nothing (501's dark seats never look at their cards)
            return
        self.tensor[:] = enc.encode(state.state.observation(player, with_legal=False))

    def string_from(self, state: PrikupSpielState, player: int) -> str:
        """``player``'s observation as JSON, with the actions as he saw them under perfect recall."""
        if state.state is None:
            return f"seat {player}: dealing, {len(state.dealt)} of {len(self.game.deck)} cards dealt"
        obs = json.dumps(state.state.observation(player).to_json(), ensure_ascii=False, separators=(",", ":"))
        if not self.perfect_recall:
            return obs
        return f"seat {player} | " + " ".join(state.seen_history(player)) + " | " + obs


def _game_class(game_id: str) -> type[PrikupSpielGame]:
    return type(f"PrikupSpiel_{SHORT_NAMES[game_id]}", (PrikupSpielGame,), {"GAME_ID": game_id})


_CLASSES = {game_id: _game_class(game_id) for game_id in SHORT_NAMES}


def register() -> list[str]:
    """Register every game with ``pyspiel`` (again is harmless); returns their short names."""
    known = set(pyspiel.registered_names())
    for game_id, cls in _CLASSES.items():
        if SHORT_NAMES[game_id] not in known:
            pyspiel.register_game(_game_type(game_id), cls)
    return list(SHORT_NAMES.values())

"""The cheap views bots act on (prikup.bots.views) are exactly the public API's values."""

from __future__ import annotations

import random

import pytest

from prikup.bots.views import LazyLegal, quiet_observation
from prikup.core.actions import Action, ActionKind
from prikup.games import GAMES


@pytest.mark.parametrize("gid", sorted(GAMES))
@pytest.mark.parametrize("players", [3, 4])
def test_quiet_observation_and_lazy_legal_are_the_public_values(gid: str, players: int) -> None:
    """At every step of random play, for every seat: the observation without its legal actions,
    and the legal actions read as a list or asked one by one, as the public API gives them."""
    game = GAMES[gid](players=players)
    for seed in range(3):
        state = game.new_match(seed)
        rng = random.Random(seed)
        for _ in range(80):
            if state.is_over or state.to_act is None:
                break
            legal = state.legal_actions()
            for seat in range(game.players):
                public = state.observation(seat).to_json()
                public.pop("legal_actions", None)
                assert quiet_observation(state, seat).to_json() == public
            lazy = LazyLegal(state)
            probes = [*legal[:3], Action(ActionKind.PASS), Action(ActionKind.BID, number=7)]
            assert [p in lazy for p in probes] == [p in legal for p in probes]
            assert "pass" not in lazy  # only actions are members
            assert len(lazy) == len(legal) and list(lazy) == legal and lazy[0] == legal[0]
            assert lazy == legal and lazy[-2:] == legal[-2:] and LazyLegal(state) + legal[:1] == legal + legal[:1]
            assert [p in lazy for p in probes] == [p in legal for p in probes]  # made: the list
            state.apply(rng.choice(legal))

"""pimc in the drawing form (2 players, ``form=drawing``): its sampler lays a consistent deal log
— the seat's own draws exactly, the other player's draws kept or set aside as his public
actions say (each turn's first card is the one he kept or set aside), the kitty and the stock
not yet drawn from the rest — so pimc decides the draws, the bids and the play itself."""

from __future__ import annotations

import random
from collections.abc import Iterator

from prikup import make_game
from prikup.bots import make_bot
from prikup.bots.pimc import PimcBot
from prikup.core.game import State
from prikup.core.resample import Resampler
from prikup.games.presets import PRESETS


def _match(seed: int) -> State:
    return make_game("five-hundred", **PRESETS["five-hundred"]["two_drawing"]).new_match(seed=seed)


def _positions(seed: int, every: int = 4) -> Iterator[State]:
    """Positions of the first deal of a match between heuristic bots: every ``every``-th step."""
    state = _match(seed)
    bots = [make_bot("heuristic", state.game, seed=s) for s in range(2)]
    step = 0
    while len(state.deals) == 1 and not state.is_over:
        seat = state.to_act
        assert seat is not None
        if step % every == 0:
            yield state
        state.apply(bots[seat].act(state, seat))
        step += 1


def _replayed(sample: State) -> State:
    """The sample's deal log dealt again and its actions applied (the log, not the sample's state)."""
    log = sample.deals[-1]
    game = sample.game
    active = game.new_replay(log.dealer).active_seats(log.dealer)
    state = game.new_deal(dict(zip(active, log.hands, strict=True)), log.talon, dealer=log.dealer)
    for _, action in log.actions:
        state.apply(action)
    return state


def test_drawing_samples_replay_to_the_seats_own_observation_in_every_phase() -> None:
    phases = set()
    for state in _positions(3):
        seat = state.to_act
        assert seat is not None
        sampler = Resampler(state, seat)
        real = state.observation(seat)
        for k in range(2):
            sample = sampler.sample(random.Random(k), check=False)
            assert sample.observation(seat) == real  # the seat cannot tell the sample from the deal
            assert _replayed(sample).observation(seat) == real
            assert [len(h) for h in sample.deals[-1].hands] == [20, 20]
        phases.add(state.phase.value)
    assert {"draw", "auction", "play"} <= phases


def test_drawing_samples_depend_only_on_what_the_seat_knows() -> None:
    for state in _positions(4, every=7):
        seat = state.to_act
        assert seat is not None
        twin = Resampler(state, seat).sample(random.Random(1))  # another deal the seat cannot tell apart
        a = Resampler(state, seat).sample(random.Random(9))
        b = Resampler(twin, seat).sample(random.Random(9))
        assert a.deals[-1].actions == b.deals[-1].actions
        assert a.card_places() == b.card_places()


def test_the_other_players_hidden_draws_vary_over_the_samples() -> None:
    state = next(s for s in _positions(5, every=1) if s.phase.value == "auction")
    seat = state.to_act
    assert seat is not None
    other = 1 - seat
    real = state.card_places()[f"hand {other}"]
    sampler = Resampler(state, seat)
    hands = {sampler.sample(random.Random(k)).card_places()[f"hand {other}"] for k in range(6)}
    assert len(hands) > 1 and hands != {real}


def test_pimc_decides_the_draws_the_bids_and_the_play_itself() -> None:
    state = _match(5)
    pimc = make_bot("pimc:samples=4:decision_samples=2", state.game, seed=0)
    assert isinstance(pimc, PimcBot)
    other = make_bot("heuristic", state.game, seed=1)
    while len(state.deals) == 1 and not state.is_over:
        seat = state.to_act
        assert seat is not None
        action = (pimc if seat == 0 else other).act(state, seat)
        assert state.can(action)
        state.apply(action)
    assert pimc.resample_failures == 0
    assert pimc.other_decisions >= 10  # ten draws, then its calls
    assert pimc.play_decisions >= 5

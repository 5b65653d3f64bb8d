"""The pimc and oracle bots: legal in every phase, the oracle plays the solver's best, pimc
plays sensibly, and both run in the arena."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from prikup.arena import run_arena
from prikup.bots import make_bot
from prikup.bots.pimc import PimcBot
from prikup.core.errors import OptionError
from prikup.core.game import Game, Phase, State
from prikup.games import GAMES, make_game
from prikup.solver import ADAPTERS, position_of, solve

LATE = 3  # cards in hand from which the play positions are cheap to solve


def held(state: State, seat: int) -> int:
    """Cards in ``seat``'s hand."""
    return int(state.card_places()[f"hand {seat}"].bit_count())


def decisions(game: Game, seeds: range) -> Iterator[State]:
    """Random-play positions: every non-play decision and the late play decisions."""
    for seed in seeds:
        state = game.new_match(seed)
        rng = random.Random(seed)
        for _ in range(150):
            if state.is_over or len(state.deals) > 2:
                break
            seat = state.to_act
            assert seat is not None
            if state.phase is not Phase.PLAY or held(state, seat) <= LATE:
                yield state
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("gid", sorted(GAMES))
@pytest.mark.parametrize("name", ["pimc:samples=2", "oracle:contract=0"])
def test_bots_choose_legal_actions_in_every_phase(gid: str, name: str) -> None:
    """Whatever the phase, the bot's action is one of the legal actions."""
    game = make_game(gid)
    bot = make_bot(name, game, 1)
    phases = set()
    for state in decisions(game, range(3)):
        seat = state.to_act
        assert seat is not None
        before = state.observation(None)
        assert bot.act(state, seat) in state.legal_actions()
        assert state.observation(None) == before
        phases.add(state.phase)
    assert Phase.PLAY in phases and Phase.AUCTION in phases


@pytest.mark.parametrize("gid", sorted(ADAPTERS))
def test_oracle_plays_the_solvers_best(gid: str) -> None:
    """The oracle's play has the best value of the solved position for its side."""
    game = make_game(gid)
    oracle = make_bot("oracle", game, 0)
    checked = 0
    for state in decisions(game, range(4)):
        if state.phase is not Phase.PLAY or len(state.legal_actions()) < 2:
            continue
        seat = state.to_act
        assert seat is not None
        values = solve(state)
        best = (max if position_of(state)[0].max_to_move() else min)(values.values())
        assert values[oracle.act(state, seat)] == best
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("gid", ["501", "pyatsot"])
def test_pimc_finds_the_best_play_late_in_a_deal(gid: str) -> None:
    """With few cards left pimc's play is almost always a true best play (measured on the real
    deal), and it is a best play for its side, not the opposite side's."""
    game = make_game(gid)
    bot = make_bot("pimc:samples=8", game, 0)
    right = wrong_side = total = 0
    for state in decisions(game, range(8)):
        if state.phase is not Phase.PLAY:
            continue
        values = solve(state)
        if len(set(values.values())) < 2:
            continue
        seat = state.to_act
        assert seat is not None
        maximise = position_of(state)[0].max_to_move()
        best = (max if maximise else min)(values.values())
        worst = (min if maximise else max)(values.values())
        got = values[bot.act(state, seat)]
        right += got == best
        wrong_side += got == worst
        total += 1
    assert total >= 8
    assert right >= 0.75 * total, (right, wrong_side, total)
    assert wrong_side <= 0.15 * total


def test_pimc_options_are_parsed_and_checked() -> None:
    """``pimc:samples=3:seconds=0.5`` sets the budget; unknown or bad options are refused."""
    bot = make_bot("pimc:samples=3:seconds=0.5:max_cards=4", make_game("501"), 0)
    assert isinstance(bot, PimcBot)
    assert (bot.samples, bot.seconds, bot.max_cards) == (3, 0.5, 4)
    for bad in ("pimc:depth=3", "pimc:samples=x", "pimc:samples", "pimc:samples=0", "heuristic:samples=2"):
        with pytest.raises(OptionError):
            make_bot(bad, make_game("501"), 0)


@pytest.mark.parametrize("gid", sorted(ADAPTERS))
def test_pimc_in_a_short_arena(gid: str) -> None:
    """A duplicate arena of single deals with pimc (solving from three cards in hand) runs."""
    game = make_game(gid)
    lineup = ["pimc:samples=2:max_cards=3"] + ["heuristic"] * (game.players - 1)
    result = run_arena(game, lineup, 3, seed=5, unit="deal")
    assert len(result.units) >= 3 and "pimc:samples=2:max_cards=3" in result.stats


def test_pimc_falls_back_to_the_heuristic_when_no_sample_is_found(monkeypatch):
    import random as _random

    from prikup import make_game as _make_game
    from prikup.bots import make_bot as _make_bot
    from prikup.core.resample import ResampleError, Resampler

    def fail(self, rng):  # the sampler's budget exhausted
        raise ResampleError("no consistent sample")

    monkeypatch.setattr(Resampler, "sample", fail)
    game = _make_game("501")
    state = game.new_match(seed=5)
    bot = _make_bot("pimc", game, 1)
    heuristic = _make_bot("heuristic", game, 1)
    rng = _random.Random(5)
    while state.phase.value != "play":
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    action = bot.act(state, seat)
    assert action in state.legal_actions()
    assert bot.resample_failures == 1
    assert action == heuristic.act(state, seat)

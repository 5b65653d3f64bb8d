"""pimc's play decision searches less and chooses the same: equivalent and dominated moves are
searched once, moves that can no longer win are dropped, and the racing option drops moves that
trail clearly (:mod:`prikup.bots.pimc_play`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

import pytest

from prikup.bots import make_bot
from prikup.bots.pimc import PimcBot
from prikup.bots.pimc_play import PlayRace, move_classes, value_span
from prikup.core.actions import Action
from prikup.core.game import Game, Phase, State
from prikup.games import make_game
from prikup.solver import ADAPTERS, PlayPosition, position_of, solve

LATE = 4  # cards in hand from which a position is cheap to solve


def play_positions(game: Game, seeds: range, late: int = LATE) -> Iterator[State]:
    """Random-play positions of the play phase with a choice, from ``late`` cards in hand."""
    for seed in seeds:
        state = game.new_match(seed)
        rng = random.Random(seed)
        for _ in range(200):
            if state.is_over or len(state.deals) > 2:
                break
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            if state.phase is Phase.PLAY and len(legal) > 1:
                if state.card_places()[f"hand {seat}"].bit_count() <= late:
                    yield state.copy()
            state.apply(rng.choice(legal))


@pytest.mark.parametrize("gid", sorted(ADAPTERS))
def test_equivalent_moves_have_equal_values_and_dominated_ones_are_never_better(gid: str) -> None:
    """Every legal move's exact value equals its representative's, or, for a move marked
    dominated, is never better for the side to move; on random positions some classes do
    collapse (the check is not vacuous)."""
    game = make_game(gid)
    adapter = ADAPTERS[gid]
    collapsed = positions = 0
    for state in play_positions(game, range(20)):
        pos, _ = position_of(state)
        classes = move_classes(pos)
        values = {adapter.move_of(a): v for a, v in solve(state).items()}
        assert set(classes.rep) == set(values)
        for move, rep in classes.rep.items():
            assert rep in values and classes.rep[rep] == rep
            if move in classes.dominated:
                assert pos.max_to_move() and values[move] <= values[rep]
            else:
                assert values[move] == values[rep], (state.history[-3:], move, rep)
        collapsed += len(classes.searched) < len(classes.rep)
        positions += 1
    # Пятьсот's cards of one suit all differ in points and its late declarations are rare
    assert positions >= 20 and collapsed >= (0 if gid == "pyatsot" else 2), (positions, collapsed)


@pytest.mark.parametrize("gid", sorted(ADAPTERS))
def test_the_collapsed_decision_equals_the_full_one(gid: str) -> None:
    """With the same seed pimc plays the same card whether it searches one move of each class
    (``collapse=1``, the default) or every legal move (``collapse=0``), and searches fewer where
    moves collapse (three positions where they do, from any stage of the play, and three late
    ones where they may not)."""
    game = make_game(gid)
    chosen: list[State] = []
    collapsing = plain = 0
    for state in play_positions(game, range(30), late=10):
        pos, _ = position_of(state)
        classes = move_classes(pos)
        if len(classes.searched) < len(classes.rep) and collapsing < 3:
            collapsing += 1
            chosen.append(state)
        elif len(classes.searched) == len(classes.rep) and plain < 3 and len(classes.rep) <= 4:
            plain += 1
            chosen.append(state)
    fewer = 0
    for i, state in enumerate(chosen):
        one, every = _same_choice(state, i, "pimc:samples=3:collapse=1", "pimc:samples=3:collapse=0")
        assert one.play_samples == every.play_samples
        fewer += one.play_searches < every.play_searches
    assert fewer >= min(collapsing, 2) and (collapsing >= 2 or gid == "pyatsot"), (fewer, collapsing)


def _same_choice(state: State, seed: int, spec: str, other: str) -> tuple[PimcBot, PimcBot]:
    """Two pimc bots seeded alike, having checked that they play the same card in ``state``."""
    seat = state.to_act
    assert seat is not None
    first, second = make_bot(spec, state.game, seed), make_bot(other, state.game, seed)
    assert isinstance(first, PimcBot) and isinstance(second, PimcBot)
    assert first.act(state, seat) == second.act(state, seat)
    return first, second


def _samples(bot: PimcBot, state: State, n: int) -> list[State]:
    seat = state.to_act
    assert seat is not None
    gen = bot.samples_of(state, seat)
    return [next(gen) for _ in range(n)]


def test_the_exact_stop_chooses_what_every_sample_would_and_stops_early() -> None:
    """Dropping the moves that can no longer win (and stopping when one is left) gives the
    choice of searching every move in every planned sample, in every game; late in a deal,
    where a sample can change little, it often stops before the planned samples."""
    early = checked = 0
    for gid in sorted(ADAPTERS):
        game = make_game(gid)
        for i, state in enumerate(play_positions(game, range(3), late=2)):
            if i >= 6:
                break
            legal = state.legal_actions()
            bot = make_bot("pimc:infer=0", game, i)
            assert isinstance(bot, PimcBot)
            samples = _samples(bot, state, 8)
            full = PlayRace(legal, 8, exact_stop=False)
            for s in samples:
                full.add(s)
            assert full.drawn == 8
            stop = PlayRace(legal, 8)
            for s in samples:
                stop.add(s)
                if stop.done:
                    break
            assert stop.choice() == full.choice(), (gid, state.history[-3:])
            early += stop.drawn < 8
            checked += 1
    assert checked >= 20 and early >= 3, (checked, early)


class _Pos:
    """A stand-in position for :class:`PlayRace` fed made-up values."""

    def __init__(self, upper: int) -> None:
        self._upper = upper

    def max_to_move(self) -> bool:
        return True

    def upper(self) -> int:
        return self._upper


def _race_on(values: list[tuple[int, int]], planned: int, upper: int, race: float) -> tuple[PlayRace, list[Action]]:
    """A race between the first two legal actions of a Five Hundred first lead whose samples give
    ``values`` (the first's, the second's; every other move far behind)."""
    game = make_game("five-hundred")
    state = next(play_positions(game, range(1), late=10))
    legal = state.legal_actions()
    adapter = ADAPTERS["five-hundred"]
    a, b = adapter.move_of(legal[0]), adapter.move_of(legal[1])
    draws = iter(values)

    def fake(_sample: State, moves: list[int] | None) -> tuple[dict[int, int], PlayPosition, int, int]:
        va, vb = next(draws)
        every = moves if moves is not None else [adapter.move_of(x) for x in legal]
        return {m: va if m == a else vb if m == b else -100 for m in every}, cast(PlayPosition, _Pos(upper)), 0, 1

    contest = PlayRace(legal, planned, collapse=False, race=race, raw=True, values=fake)
    for _ in values:
        contest.add(state)
        if contest.done:
            break
    return contest, legal


def test_the_exact_stop_ends_a_decision_once_the_lead_cannot_be_made_up() -> None:
    """With at most 3 tricks to swing a sample, a lead of 4 with one sample to go decides; a
    lead the remaining samples could still make up does not."""
    race, legal = _race_on([(3, 1), (3, 1), (2, 2), (0, 3)], 3, upper=3, race=0)
    assert race.done and race.drawn == 2 and race.choice() == legal[0]
    race, legal = _race_on([(3, 1), (0, 3), (0, 3)], 3, upper=3, race=0)
    assert race.drawn == 3 and race.choice() == legal[1]


def test_racing_drops_a_move_that_trails_by_more_than_race_standard_errors() -> None:
    """``race=2``: a move trailing by about 3 with little spread is dropped after the third
    sample; with ``race=0`` only the exact stop ends it: after the fifth, when the lead of 16
    exceeds the 10 one sample can swing."""
    seq = [(5, 2), (6, 3), (5, 1), (6, 3), (5, 2), (6, 3)]
    race, legal = _race_on(seq, 6, upper=10, race=2)
    assert race.done and race.drawn == 3 and race.choice() == legal[0]
    race, legal = _race_on(seq, 6, upper=10, race=0)
    assert race.done and race.drawn == 5 and race.choice() == legal[0]


def test_value_span_bounds_every_move_in_every_sample() -> None:
    """The span is never below the spread of a sample's move values (card points and
    declarations), whichever way the hidden cards lie."""
    for gid in ("501", "pyatsot", "five-hundred"):
        game = make_game(gid)
        for i, state in enumerate(play_positions(game, range(4), late=3)):
            bot = make_bot("pimc", game, i)
            assert isinstance(bot, PimcBot)
            pos, base = position_of(state)
            span = value_span(pos, None, base)
            for sample in _samples(bot, state, 3):
                values = solve(sample).values()
                assert max(values) - min(values) <= span


def test_a_racing_pimc_decides_the_same_with_the_same_seed() -> None:
    """With racing on, two bots seeded alike take the same samples and play the same card."""
    game = make_game("501")
    for i, state in enumerate(play_positions(game, range(3), late=5)):
        first, second = _same_choice(state, i, "pimc:samples=6:race=1", "pimc:samples=6:race=1")
        assert (first.play_samples, first.play_searches) == (second.play_samples, second.play_searches)


def test_the_knodes_budget_stops_sampling_once_the_searches_visited_that_many_positions() -> None:
    """``knodes=N`` draws no sample after the decision's searches have visited N thousand
    positions (at least one sample is searched); the count is the search's own (its table emptied
    before each decision), so the same seed gives the same samples, positions and card on any
    machine, and a capped decision is the uncapped one cut short."""
    game = make_game("five-hundred")
    state = next(play_positions(game, range(1), late=8))
    seat = state.to_act
    assert seat is not None

    def run(spec: str) -> tuple[Action, int, int]:
        bot = make_bot(spec, game, 3)
        assert isinstance(bot, PimcBot)
        return bot.act(state, seat), bot.play_samples, bot.play_nodes

    free = run("pimc:samples=6:knodes=0:race=0")
    assert free[1] == 6 and free[2] > 6000
    assert run("pimc:samples=6:knodes=0:race=0") == free
    capped = run("pimc:samples=6:knodes=1:race=0")
    assert capped == run("pimc:samples=6:knodes=1:race=0")
    assert capped[1] == 1 and 1000 <= capped[2] < free[2]
    half = run(f"pimc:samples=6:knodes={free[2] // 2000}:race=0")
    assert 1 <= half[1] < 6 and half[2] >= 1000 * (free[2] // 2000)

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
@pytest.mark.parametrize("name", ["pimc:samples=2", "oracle:decide=0"])
def test_bots_choose_legal_actions_in_every_phase(gid: str, name: str) -> None:
    """Whatever the phase, the bot's action is one of the legal actions."""
    game = make_game(gid)
    bot = make_bot(name, game, 1)
    phases = set()
    for state in decisions(game, range(3)):
        seat = state.to_act
        assert seat is not None
        before = state.observation(None).to_json()
        assert bot.act(state, seat) in state.legal_actions()
        assert state.observation(None).to_json() == before
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

    def fail(self, rng, *args, **kwargs):  # the sampler found no consistent draw
        raise ResampleError("no consistent sample")

    monkeypatch.setattr(Resampler, "sample", fail)
    monkeypatch.setattr(Resampler, "inferred", fail)
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


def _to_phase(game: Game, seed: int, phase: Phase) -> State | None:
    """A match's first deal driven by heuristic bots to the first decision of ``phase``."""
    state = game.new_match(seed)
    bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]
    while len(state.deals) == 1 and not state.is_over:
        if state.phase is phase and len(state.legal_actions()) > 1:
            return state
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    return None


def _decision_at(game: Game, seed: int, phase: Phase) -> tuple[State, int]:
    """The first decision of ``phase`` in seed ``seed``'s first deal (see :func:`_to_phase`) and its seat."""
    state = _to_phase(game, seed, phase)
    assert state is not None
    seat = state.to_act
    assert seat is not None
    return state, seat


def test_candidate_actions_keep_the_heuristic_choice_first_and_respect_the_limit() -> None:
    from prikup.bots.pimc import candidate_actions
    from prikup.core.actions import parse_action

    legal = [parse_action(t) for t in ["pass", "bid 100", "bid 105", "bid 110", "bid 115", "bid 120", "bid 125"]]
    first = parse_action("bid 110")
    got = candidate_actions(legal, first, 4, random.Random(0))
    assert got[0] == first and len(got) == 4 and len(set(got)) == 4
    assert parse_action("pass") in got  # a pass is always compared
    assert {parse_action("bid 105"), parse_action("bid 115")} <= set(got)  # the nearest bids
    assert candidate_actions(legal[:3], legal[1], 4, random.Random(0)) == [legal[1], legal[0], legal[2]]


@pytest.mark.parametrize("gid", sorted(ADAPTERS))
def test_rollout_finishes_the_deal_and_returns_the_engines_score_change(gid: str) -> None:
    """A rollout leaves the state alone and returns the seat's (sign-adjusted) score change of
    the deal finished by heuristic decisions and best open-hand play."""
    from prikup.bots.pimc import rollout

    game = make_game(gid)
    for seed in range(6):
        state, seat = _decision_at(game, seed, Phase.AUCTION)
        before = state.observation(None).to_json()
        for action in state.legal_actions()[:3]:
            value = rollout(state, seat, action, seed)
            assert isinstance(value, float)
            assert value == rollout(state, seat, action, seed)  # deterministic for a seed
        assert state.observation(None).to_json() == before


def test_pimc_decision_takes_the_best_mean_rollout_and_keeps_the_heuristic_on_ties(monkeypatch) -> None:
    """The non-play decision is the candidate with the best mean rollout; with every candidate
    equal it is the heuristic's choice."""
    import prikup.bots.pimc as pimc

    game = make_game("501")
    state, seat = _decision_at(game, 3, Phase.AUCTION)
    legal = state.legal_actions()
    bot = make_bot("pimc:decision_samples=2:candidates=50", game, 0)
    heuristic_choice = make_bot("heuristic", game, 7919).act(state, seat)
    target = next(a for a in legal if a != heuristic_choice)
    monkeypatch.setattr(pimc, "rollout", lambda s, who, action, seed, play="solver": 10.0 if action == target else 0.0)
    assert bot.act(state, seat) == target
    monkeypatch.setattr(pimc, "rollout", lambda s, who, action, seed, play="solver": 1.0)
    assert bot.act(state, seat) == heuristic_choice
    assert isinstance(bot, PimcBot) and bot.other_decisions == 2 and bot.other_samples == 4


@pytest.mark.parametrize("gid", sorted(ADAPTERS))
def test_oracle_decisions_are_never_worse_than_the_heuristic_on_the_true_deal(gid: str) -> None:
    """On the true deal the oracle's bid is at least as good as the heuristic's, measured by the
    same rollout (it compares the heuristic's choice among its candidates)."""
    from prikup.bots.pimc import rollout

    game = make_game(gid)
    checked = 0
    for seed in range(8):
        state, seat = _decision_at(game, seed, Phase.AUCTION)
        oracle = make_bot("oracle", game, seed)
        choice = oracle.act(state, seat)
        heuristic_choice = make_bot("heuristic", game, seed + 7919).act(state, seat)
        seed_used = oracle._rollouts  # type: ignore[attr-defined]
        mine, theirs = (rollout(state, seat, a, seed_used, "self") for a in (choice, heuristic_choice))
        assert mine >= theirs
        checked += 1
    assert checked == 8


def test_pimc_keeps_the_heuristic_choice_unless_the_gain_is_clear_of_noise() -> None:
    """The winner's curse guard: a candidate better on average but within one standard error of
    the heuristic's choice does not replace it; a consistent gain does."""
    from prikup.core.actions import parse_action

    bot = make_bot("pimc", make_game("501"), 0)
    assert isinstance(bot, PimcBot)
    first, other, third = parse_action("pass"), parse_action("bid 100"), parse_action("bid 105")
    noisy = {first: [0.0, 0.0, 0.0, 0.0], other: [40.0, -30.0, 35.0, -25.0], third: [-5.0, -5.0, -5.0, -5.0]}
    assert bot.pick(first, noisy) == first
    clear = {first: [0.0, 10.0, -10.0, 5.0], other: [6.0, 15.0, -4.0, 11.0], third: [1.0, 11.0, -9.0, 6.0]}
    assert bot.pick(first, clear) == other
    bot.confidence = 0.0
    assert bot.pick(first, noisy) == other


def test_rollout_play_by_the_heuristic_does_not_solve(monkeypatch) -> None:
    """``rollout_play=heuristic`` finishes the deal with the heuristic bots (no open-hand play);
    an unknown value is refused."""
    import prikup.bots.pimc as pimc

    game = make_game("preferans")
    state, seat = _decision_at(game, 2, Phase.AUCTION)

    def no_solver(_state):  # the open-hand play must not be used
        raise AssertionError("play_out called")

    monkeypatch.setattr(pimc, "play_out", no_solver)
    value = pimc.rollout(state, seat, state.legal_actions()[0], 3, play="heuristic")
    assert isinstance(value, float)
    with pytest.raises(AssertionError):
        pimc.rollout(state, seat, state.legal_actions()[0], 3, play="solver")
    bot = make_bot("pimc:rollout_play=heuristic", game, 0)
    assert isinstance(bot, PimcBot) and bot.rollout_play == "heuristic"
    with pytest.raises(OptionError, match="rollout_play"):
        make_bot("pimc:rollout_play=minimax", game, 0)


def test_rollout_play_self_solves_for_the_seat_alone(monkeypatch) -> None:
    """``rollout_play=self`` (the oracle's default): the seat's own cards are played by the
    solver's best action, every other seat's by the heuristic, and nobody is played out."""
    import prikup.bots.pimc as pimc
    from prikup.solver import best_action

    game = make_game("501")
    state, seat = _decision_at(game, 4, Phase.AUCTION)
    asked: list[int | None] = []

    def spy(trial: State):
        asked.append(trial.to_act)
        return best_action(trial)

    def no_play_out(_state):
        raise AssertionError("play_out called")

    monkeypatch.setattr(pimc, "best_action", spy)
    monkeypatch.setattr(pimc, "play_out", no_play_out)
    value = pimc.rollout(state, seat, state.legal_actions()[0], 5, play="self")
    assert isinstance(value, float)
    assert asked and set(asked) == {seat}
    assert make_bot("oracle", game, 0).rollout_play == "self"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="allowed: solver, heuristic, self"):
        pimc.rollout(state, seat, state.legal_actions()[0], 5, play="everyone")


def test_pimc_play_averages_what_the_values_net_in_the_score(monkeypatch) -> None:
    """``play_value=score`` (default) averages each sample's values turned by ``utility_of``
    (making the contract, not the most tricks on average); ``raw`` averages the values."""
    import prikup.bots.pimc_play as pimc_play

    game = make_game("five-hundred")
    state, seat = _decision_at(game, 1, Phase.PLAY)
    legal = state.legal_actions()
    assert len(legal) >= 2
    a, b = legal[0], legal[1]
    adapter = ADAPTERS["five-hundred"]
    ma, mb = adapter.move_of(a), adapter.move_of(b)
    draws = iter([(10, 4), (0, 4)] * 2)  # per sample: the value of a, of b

    class Max:
        def max_to_move(self) -> bool:
            return True

        def upper(self) -> int:
            return 10

    def fake_values(_sample: State, moves: list[int] | None) -> tuple[dict[int, int], Max, int, int]:
        va, vb = next(draws)
        every = moves if moves is not None else [adapter.move_of(x) for x in legal]
        return {m: va if m == ma else vb if m == mb else -99 for m in every}, Max(), 0, 1

    monkeypatch.setattr(pimc_play, "sample_values", fake_values)
    monkeypatch.setattr(pimc_play, "utility_of", lambda _s: lambda v: 1.0 if v >= 4 else 0.0)
    score = make_bot("pimc:samples=2:collapse=0", game, 0)
    assert score.act(state, seat) == b  # both samples make it with b, one with a
    raw = make_bot("pimc:samples=2:play_value=raw:collapse=0", game, 0)
    assert raw.act(state, seat) == a  # 5 tricks on average with a, 4 with b
    with pytest.raises(OptionError, match="play_value"):
        make_bot("pimc:play_value=tricks", game, 0)


def test_five_hundred_heuristic_ranks_its_bids_and_discards_and_pimc_compares_the_first() -> None:
    """Five Hundred's heuristic ranks the plausible actions (a pass, then bids by the margin of
    the trick estimate; discards from the least worth keeping, its own discard first), and pimc's
    candidates are the heuristic's choice followed by that order — not random bids."""
    from prikup.bots.pimc import candidate_actions
    from prikup.core.actions import ActionKind

    game = make_game("five-hundred")
    seen = set()
    for seed in range(10):
        state = game.new_match(seed)
        bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(4)]
        while len(state.deals) == 1 and state.phase in (Phase.AUCTION, Phase.DISCARD):
            seat = state.to_act
            assert seat is not None
            bot = bots[seat]
            choice = bot.act(state, seat)
            ranked = bot.ranked(state, seat)
            assert ranked is not None and set(ranked) <= set(state.legal_actions())
            seen.add(state.phase)
            if state.phase is Phase.DISCARD:
                assert ranked[0] == choice
                assert len(ranked) == len(state.legal_actions())
            else:
                assert ranked[0].kind is ActionKind.PASS
                calls = [a.call for a in ranked[1:]]
                levels = {c: int(c[:-2] if c.endswith("NT") else c[:-1]) for c in calls if c and c[0].isdigit()}
                for strain in ("S", "C", "D", "H", "NT"):  # within a strain: the lower level first
                    mine = [levels[c] for c in calls if c in levels and c[len(str(levels[c])) :] == strain]
                    assert mine == sorted(mine)
            got = candidate_actions(state.legal_actions(), choice, 4, random.Random(0), ranked)
            assert got[0] == choice and got[1:] == [a for a in ranked if a != choice][:3]
            state.apply(choice)
    assert seen == {Phase.AUCTION, Phase.DISCARD}
    g501 = make_game("501")
    start = g501.new_match(0)
    assert start.to_act is not None
    assert make_bot("heuristic", g501, 0).ranked(start, start.to_act) is None  # no order: the generic candidates


def test_preferans_heuristic_ranks_bids_discards_and_contracts_by_its_forecast() -> None:
    """Preferans' heuristic ranks a pass first, then bids by the margin of its forecast over the
    level (lower levels of a strain first); discards and the contract are ranked too, and every
    ranked action is legal."""
    from prikup.core.actions import ActionKind
    from prikup.games.preferans import call_level, call_strain, is_misere

    game = make_game("preferans")
    seen = set()
    for seed in range(12):
        state = game.new_match(seed)
        bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(3)]
        while len(state.deals) == 1 and state.phase in (Phase.AUCTION, Phase.TALON, Phase.DISCARD, Phase.CONTRACT):
            seat = state.to_act
            assert seat is not None
            ranked = bots[seat].ranked(state, seat)
            legal = state.legal_actions()
            if state.phase in (Phase.AUCTION, Phase.DISCARD, Phase.CONTRACT) and not (
                state.phase is Phase.DISCARD and is_misere(state.observation(seat).to_json()["bid"] or "")
            ):
                assert ranked is not None and set(ranked) <= set(legal), state.phase
                seen.add(state.phase)
                if state.phase is Phase.AUCTION:
                    assert ranked[0].kind is ActionKind.PASS
                games = [a.call for a in ranked if a.call and not is_misere(a.call) and not a.call.endswith("-WT")]
                for strain in {call_strain(c) for c in games}:
                    levels = [call_level(c) for c in games if call_strain(c) == strain]
                    assert levels == sorted(levels)  # type: ignore[type-var]
            state.apply(bots[seat].act(state, seat))
    assert seen == {Phase.AUCTION, Phase.DISCARD, Phase.CONTRACT}


def test_a_seeded_pimc_arena_is_reproducible_under_cpu_load_and_a_changed_wall_clock(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """pimc's budget is CPU time (``seconds``) and samples, never the wall clock: the same seeded
    arena run plays the same actions while another process loads the CPU and the wall clock
    jumps an hour at every reading."""
    import itertools
    import subprocess
    import sys
    import time

    game = make_game("pyatsot")
    lineup = ["pimc:samples=3:decision_samples=2:max_cards=4", "heuristic", "heuristic"]
    quiet = run_arena(game, lineup, 3, seed=11, unit="deal")
    clock = itertools.count()
    for name in ("time", "perf_counter", "monotonic"):
        monkeypatch.setattr(time, name, lambda: 3600.0 * next(clock))
    busy = subprocess.Popen(
        [sys.executable, "-c", "import time\nend = time.process_time() + 60\nwhile time.process_time() < end: pass"]
    )
    try:
        loaded = run_arena(game, lineup, 3, seed=11, unit="deal")
    finally:
        busy.kill()
        busy.wait()
    assert [u.digest for u in loaded.units] == [u.digest for u in quiet.units]


def test_a_preferans_rollout_counts_a_game_made_with_its_pulya_and_gora() -> None:
    """The first hand holds every spade and the top clubs: after his bid the auction climbs and he
    makes a ten in spades, no whist written either way.  Its worth is what it wrote into his pulya
    and off his gora (+200/3 settled), not the deal's score change in whists, which is 0."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "preferans"))
    from pf_helpers import deal3

    from prikup.bots.pimc import rollout

    state = deal3()  # seat 1 the first hand: the spades and AC KC
    bid = next(a for a in state.legal_actions() if str(a) == "bid 6S")
    value = rollout(state, 1, bid, 0)
    trial = state.copy()
    trial.apply(bid)
    for _ in range(60):
        if trial.deals[0].score_changes is not None:
            break
        seat = trial.to_act
        assert seat is not None
        trial.apply(make_bot("heuristic", state.game, seat).act(trial, seat))
    assert value > 0 and value > float((trial.deals[0].score_changes or [0, 0, 0])[1])

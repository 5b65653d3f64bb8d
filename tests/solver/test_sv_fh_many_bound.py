"""Five and six hands: where the exact search is bound.  pimc's own play, the deal analysis and the
hint, which search many samples a decision, leave the cards before seven in hand to the heuristic;
the analysis says so in its output (unsolved decisions, the par's first trick).  The oracle and
the solver's rollouts search the true deal from the first lead at five, from eight cards at six."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from prikup import make_game
from prikup.analysis import DealAnalysis, analyze_deal, hint
from prikup.bots import make_bot
from prikup.bots.pimc import (
    MANY_HANDS_MAX_CARDS,
    PIMC_MANY_HANDS_MAX_CARDS,
    PimcBot,
    fallback_bot,
    many_hands_limit,
    rollout,
    searched_later,
    unsolved_yet,
)
from prikup.cli.main import app
from prikup.core.game import Phase, State
from prikup.games.presets import PRESETS
from prikup.records import to_record
from prikup.solver import play_out, position_of, solve


def _first_lead(preset: str, seed: int) -> State:
    game = make_game("five-hundred", **PRESETS["five-hundred"][preset])
    while True:
        state = game.new_match(seed)
        bots = [make_bot("heuristic", game, seed * 10 + s) for s in range(game.players)]
        while state.phase is not Phase.PLAY and len(state.deals) == 1 and state.to_act is not None:
            state.apply(bots[state.to_act].act(state, state.to_act))
        if state.phase is Phase.PLAY and len(state.deals) == 1:
            return state
        seed += 1000


def _held(state: State, seat: int) -> int:
    return state.card_places().get(f"hand {seat}", 0).bit_count()


def test_the_exact_search_waits_for_seven_cards_in_hand_only_at_five_or_six() -> None:
    six = _first_lead("six_handed", 1)
    seat = six.to_act
    assert seat is not None and _held(six, seat) > PIMC_MANY_HANDS_MAX_CARDS == 7
    assert unsolved_yet(six, seat) and searched_later(six, seat)
    rng_bots = [make_bot("heuristic", six.game, s) for s in range(6)]
    while _held(six, six.to_act or 0) > MANY_HANDS_MAX_CARDS[6] == 8:
        six.apply(rng_bots[six.to_act or 0].act(six, six.to_act or 0))
    assert unsolved_yet(six, six.to_act or 0) and not searched_later(six, six.to_act or 0)  # eight cards
    while _held(six, six.to_act or 0) > PIMC_MANY_HANDS_MAX_CARDS:
        six.apply(rng_bots[six.to_act or 0].act(six, six.to_act or 0))
    assert not unsolved_yet(six, six.to_act or 0)
    four = _first_lead("avondale", 1)
    assert not unsolved_yet(four, four.to_act or 0)


def test_a_solver_rollout_at_six_leaves_the_cards_before_eight_in_hand_to_the_heuristic() -> None:
    """rollout(play="solver") = the heuristic bots' play (its bots, its seeds) until the seat to
    play holds eight cards, then every hand's best open-hand play."""
    state = _first_lead("six_handed", 2)
    seat = state.to_act
    assert seat is not None
    action = state.legal_actions()[0]
    got = rollout(state, seat, action, 5, "solver")
    trial = state.copy()
    trial.apply(action)
    bots = {s: fallback_bot(trial.game, 5 * 16 + s) for s in range(6)}
    while searched_later(trial, trial.to_act or 0):
        who = trial.to_act or 0
        trial.apply(bots[who].act(trial, who))
    play_out(trial)
    changes = trial.deals[0].score_changes
    assert changes is not None
    assert got == float(changes[seat])


def test_the_analysis_at_six_solves_from_seven_cards_and_says_where_it_does_not(tmp_path: Path) -> None:
    state = _first_lead("six_handed", 3)
    bots = [make_bot("heuristic", state.game, s) for s in range(6)]
    while len(state.deals) == 1 and state.to_act is not None:
        state.apply(bots[state.to_act].act(state, state.to_act))
    record = to_record(state)
    analysis = analyze_deal(record, 1, seats=[0, 3], samples=2)
    plays = [d for d in analysis.decisions if d.phase == "play"]
    unsolved = [d for d in plays if d.unsolved]
    solved = [d for d in plays if not d.unsolved]
    assert unsolved and solved
    for d in unsolved:  # the heuristic's card, no estimate, no open-hand value, no loss
        assert d.open_hand is None and d.loss_open is None and d.loss == 0.0
        assert all(v == 0.0 for _, v in d.estimates)
    for d in solved:
        assert d.open_hand is not None and d.loss_open is not None
    assert max(d.number for d in unsolved) < min(d.number for d in solved)
    assert analysis.par is not None and analysis.par.from_trick == 3  # 10 cards a hand: 7 after 3 tricks
    back = DealAnalysis.from_json(json.loads(json.dumps(analysis.to_json())))
    assert back == analysis
    path = tmp_path / "six.json"
    path.write_text(json.dumps(record))
    out = CliRunner().invoke(app, ["analyze", str(path), "--seat", "0", "--samples", "1"], terminal_width=200)
    assert out.exit_code == 0, out.output
    assert "not solved" in out.output and "from trick 4 on" in out.output


def test_the_hint_at_six_before_seven_cards_is_the_heuristics_card() -> None:
    state = _first_lead("six_handed", 4)
    seat = state.to_act
    assert seat is not None and unsolved_yet(state, seat)
    got = hint(state, seat)  # seed 0: the pimc bot of seed 0, whose fallback is the heuristic
    assert got.action == str(PimcBot(state.game, 0).fallback.act(state, seat))
    assert got.candidates == ((got.action, 0.0),)


def test_at_five_the_oracle_searches_from_the_first_lead_and_pimc_from_seven_cards() -> None:
    """Five hands are searched from the first lead on the true deal (many_hands_limit 10): the
    oracle's first card is a best one of the exact search; pimc's own play, searching many samples
    a decision, waits for seven cards in hand (searching the first tricks bought nothing
    measurable, at twice the time)."""
    state = _first_lead("five_handed", 2)
    seat = state.to_act
    assert seat is not None and _held(state, seat) == 10
    assert many_hands_limit(state.game) == 10 and not searched_later(state, seat)
    assert unsolved_yet(state, seat)
    values = solve(state)
    pos, _ = position_of(state)
    best = (max if pos.max_to_move() else min)(values.values())
    oracle = make_bot("oracle", state.game, 1)
    assert values[oracle.act(state, seat)] == best
    pimc = make_bot("pimc:samples=2", state.game, 1)
    assert pimc.act(state, seat) == PimcBot(state.game, 1).fallback.act(state, seat)
    assert pimc.play_decisions == 0  # type: ignore[attr-defined]

"""Five and six hands: where the exact search is bound as pimc bounds it (the heuristic plays the
cards before seven in hand): pimc's rollouts (so the oracle's decisions), the deal analysis and
the hint; the analysis says so in its output (unsolved decisions, the par's first trick)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from prikup import make_game
from prikup.analysis import DealAnalysis, analyze_deal, hint
from prikup.bots import make_bot
from prikup.bots.pimc import MANY_HANDS_MAX_CARDS, PimcBot, fallback_bot, rollout, unsolved_yet
from prikup.cli.main import app
from prikup.core.game import Phase, State
from prikup.games.presets import PRESETS
from prikup.records import to_record
from prikup.solver import play_out


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
    assert seat is not None and _held(six, seat) > MANY_HANDS_MAX_CARDS
    assert unsolved_yet(six, seat)
    rng_bots = [make_bot("heuristic", six.game, s) for s in range(6)]
    while _held(six, six.to_act or 0) > MANY_HANDS_MAX_CARDS:
        six.apply(rng_bots[six.to_act or 0].act(six, six.to_act or 0))
    assert not unsolved_yet(six, six.to_act or 0)
    four = _first_lead("avondale", 1)
    assert not unsolved_yet(four, four.to_act or 0)


def test_a_solver_rollout_at_six_leaves_the_cards_before_seven_in_hand_to_the_heuristic() -> None:
    """rollout(play="solver") = the heuristic bots' play (its bots, its seeds) until the seat to
    play holds seven cards, then every hand's best open-hand play."""
    state = _first_lead("six_handed", 2)
    seat = state.to_act
    assert seat is not None
    action = state.legal_actions()[0]
    got = rollout(state, seat, action, 5, "solver")
    trial = state.copy()
    trial.apply(action)
    bots = {s: fallback_bot(trial.game, 5 * 16 + s) for s in range(6)}
    while unsolved_yet(trial, trial.to_act or 0):
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

"""Records replay, the command line, and the bots of Five Hundred."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from fh_helpers import DEAL_A, KITTY_A, deal, game, run
from typer.testing import CliRunner

from prikup.arena import run_arena
from prikup.bots import make_bot
from prikup.bots.heuristic500 import Heuristic500
from prikup.cli.main import app
from prikup.cli.views import view_for
from prikup.core.actions import Action
from prikup.core.cards import Suit
from prikup.games.obs_five_hundred import ObsFiveHundred
from prikup.records import RecordError, dump, load, replay, to_record

FORMS = [{}, {"players": 3}, {"players": 4, "partnership": False}, {"no_bid": "play_nt", "joker_nt": "any_time"}]


@pytest.mark.parametrize("form", range(len(FORMS)))
def test_records_replay(form: int) -> None:
    g = game(**FORMS[form])
    state = g.new_match(11 + form)
    bots = [make_bot("heuristic" if s % 2 == 0 else "random", g, s) for s in range(g.players)]
    while not state.is_over and len(state.deals) < 40:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    record = load(dump(to_record(state, seed=11 + form)))
    again = replay(record)
    assert again.scores == state.scores and again.winners == state.winners and again.is_over == state.is_over
    assert [log.result for log in again.deals] == [log.result for log in state.deals]
    # a tampered record names the deal and the action
    bad = json.loads(json.dumps(record))
    bad["deals"][0]["actions"][0][1] = "bid 11NT"
    with pytest.raises(RecordError, match="deal 1, action 0"):
        replay(bad)


def test_single_deal_record_replays() -> None:
    s = deal(DEAL_A, KITTY_A)
    run(s, "bid 8S", "pass", "pass", "pass", "discard AH", "discard KH", "discard 5S")
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert replay(to_record(s)).scores == s.scores


def test_cli_play_auto_records_and_replays(tmp_path: Path) -> None:
    runner = CliRunner()
    rec = tmp_path / "fh.json"
    for args in (
        ["--players", "3"],
        ["--players", "4", "--option", "partnership=false"],
        ["--option", "table=original"],
    ):
        result = runner.invoke(app, ["play", "five-hundred", *args, "--auto", "--seed", "5", "--record", str(rec)])
        assert result.exit_code == 0, result.output
        assert "Match over" in result.output or "Record saved" in result.output
        result = runner.invoke(app, ["replay", str(rec)])
        assert result.exit_code == 0, result.output
        assert "every score reproduced" in result.output
    result = runner.invoke(app, ["play", "500", "--auto", "--seed", "1", "--max-deals", "1"])
    assert result.exit_code == 0, result.output


def test_view_status_and_sheet() -> None:
    s = deal(DEAL_A, KITTY_A)
    run(
        s, "pass", "pass", "pass", "bid OMIS", "discard 8S", "discard 7S", "discard 6S", "play 4H", "play AH", "play AC"
    )
    lines = view_for("five-hundred").status(s.observation(0))
    assert any("Open misère" in line for line in lines) and any("Sitting out" in line for line in lines)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    sheet = view_for("five-hundred").sheet(s)
    assert "0+2" in sheet[0] and "OMIS" in sheet[1]


# -- the heuristic bot ----------------------------------------------------------------------------


def bot_call(hand: str, *before: str, **options: object) -> str:
    s = deal({1: hand}, None, **options)
    run(s, *before)
    bot = Heuristic500(s.game, 0)
    return str(bot.choose(s.observation(1), s.legal_actions()))


def test_heuristic_opens_at_the_cheapest_level_it_can_make() -> None:
    assert bot_call("JK JS JC AS KS QS TS 9S 8S 7S", "pass") == "bid 6S"  # the strain with most to spare
    assert bot_call("JS JC AS KS QS TS 5H 6H 5C 6C", "pass") == "bid 6S"


def test_heuristic_never_bids_ten_without_the_joker_unless_sure() -> None:
    # nine top trumps, the joker missing: over 9NT it passes rather than bid ten
    assert bot_call("JS JC AS KS QS TS 9S 8S 7S 6S", "bid 9NT") == "pass"
    assert bot_call("JK JS JC AS KS QS TS 9S 8S 7S", "bid 9NT").startswith("bid 10")


def test_heuristic_passes_a_weak_hand() -> None:
    assert bot_call("5S 6S 7C 8C 5D 6D 9H 7H 6H 5H", "pass", misere=False, open_misere=False) == "pass"


def test_heuristic_defends_misere_away_from_the_bidders_voids() -> None:
    g = game()
    bot = Heuristic500(g, 0)
    start = g.new_match(seed=1).observation(0)
    assert isinstance(start, ObsFiveHundred)
    obs = dataclasses.replace(
        start,
        voids=((), (Suit.H,), (), ()),
        open_hand=None,
        trick=(),
        declarer=1,
        playing=(0, 1, 2),
    )
    layout = g.layouts[4]
    from prikup.core.cards import parse_cards

    card = bot._misere_defender(obs, parse_cards("4H 9S 7C"), layout, (1,))
    assert str(card) == "7C"  # hearts would be wasted on a bidder void in them; 7C is the lowest other


def test_heuristic_leads_trumps_holding_the_top_ones() -> None:
    s = deal({0: "JK JS JC AS 5S 9H 8H 7C 6C 5C"}, "4D 4H 5H")
    run(s, "bid 7S", "pass", "pass", "pass")
    bot = Heuristic500(s.game, 0)
    while s.phase.value == "discard":
        s.apply(bot.choose(s.observation(0), s.legal_actions()))
    assert str(bot.choose(s.observation(0), s.legal_actions())) == "play JK"


@pytest.mark.parametrize(
    ("options", "lineup", "matches", "floor"),
    [
        ({}, ["heuristic", "random", "heuristic", "random"], 30, 0.4),  # per seat: a side win is 0.5 each
        ({"players": 3}, ["heuristic", "random", "random"], 45, 0.45),
    ],
)
def test_heuristic_beats_random(options: dict[str, object], lineup: list[str], matches: int, floor: float) -> None:
    result = run_arena(game(**options), lineup, matches, seed=500)
    h = result.stats["heuristic"]
    assert h.wins / (h.seats_played / lineup.count("heuristic")) >= floor * (2 if not options else 1)
    assert result.unfinished == 0


def test_bots_only_choose_legal_actions() -> None:
    g = game(players=3, joker_nt="any_time")
    for name in ("heuristic", "random"):
        bot = make_bot(name, g, 1)
        state = g.new_match(2)
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            action = bot.act(state, seat)
            assert isinstance(action, Action) and state.can(action)
            state.apply(action)


def test_heuristic_declares_a_misdeal_on_a_hand_of_no_face_card_and_no_contract() -> None:
    s = deal({0: "9S 8S 7S 6S 5S 9C 8C 7C 6C 5C"}, misdeal=True)
    assert str(Heuristic500(s.game, 0).choose(s.observation(0), s.legal_actions())) == "misdeal"


def test_heuristic_never_inkles_in_the_american_single_round() -> None:
    s = deal(DEAL_A, KITTY_A, auction="one_round")
    action = Heuristic500(s.game, 0).choose(s.observation(0), s.legal_actions())
    assert action.call is not None and not action.call.startswith("6")


@pytest.mark.parametrize("preset", ["australian", "american", "french_canadian", "american_preferans_pairs", "ideal"])
def test_heuristic_beats_random_in_the_presets(preset: str) -> None:
    from prikup.games.presets import PRESETS

    g = game(**PRESETS["five-hundred"][preset])
    lineup = ["heuristic", "random", "heuristic", "random"]
    result = run_arena(g, lineup, 20, seed=501)
    h, r = result.stats["heuristic"], result.stats["random"]
    assert h.wins > r.wins and result.unfinished == 0

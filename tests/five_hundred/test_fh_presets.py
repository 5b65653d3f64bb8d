"""Every Five Hundred preset: played by bots from the command line, recorded and replayed, and
seeded random matches that keep the invariants (cards conserved, ten tricks, nothing hidden
shown, each deal scored by the rules page's clauses)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_fh_properties import check_cards_and_sight
from typer.testing import CliRunner

from prikup import make_game
from prikup.cli.main import app
from prikup.games.five_hundred import StateFiveHundred
from prikup.games.five_hundred_tables import MISERE_CALLS, call_level
from prikup.games.presets import PRESETS
from prikup.i18n import t

NAMES = list(PRESETS["five-hundred"])


@pytest.mark.parametrize("name", NAMES)
def test_preset_plays_records_and_replays_from_the_command_line(name: str, tmp_path: Path) -> None:
    rec = tmp_path / f"{name}.json"
    runner = CliRunner()
    played = runner.invoke(
        app, ["play", "five-hundred", "--preset", name, "--auto", "--seed", "1", "--record", str(rec)]
    )
    assert played.exit_code == 0, played.output
    replayed = runner.invoke(app, ["replay", str(rec)])
    assert replayed.exit_code == 0, replayed.output
    assert "every score reproduced" in replayed.output


@pytest.mark.parametrize("name", NAMES)
def test_preset_has_a_name_and_a_line_in_english_and_russian(name: str) -> None:
    for lang in ("en", "ru"):
        assert t(f"web.preset.five-hundred.{name}", lang) != f"web.preset.five-hundred.{name}"
        assert len(t(f"web.preset_help.five-hundred.{name}", lang)) > 20


def test_an_unknown_preset_is_one_line_naming_the_presets() -> None:
    out = CliRunner().invoke(app, ["play", "five-hundred", "--preset", "nope", "--auto"])
    assert out.exit_code != 0
    assert "no preset nope" in out.output and "french_canadian" in out.output and "Traceback" not in out.output


def test_option_overrides_the_preset() -> None:
    from prikup.cli.main import make_table_game

    g = make_table_game("five-hundred", None, ["goal=600"], "french_canadian")
    assert g.options["goal"] == 600 and g.options["table"] == "french_canadian"


def _expected_changes(state: StateFiveHundred, result: dict[str, Any]) -> list[int] | None:
    """A deal's score changes from the rules page's clauses (``None``: not a played contract)."""
    r = state.game.rules
    units = state.game.units()
    partner = result.get("partner")
    if partner is not None:  # five players: the contractor and his called partner score together
        side = (result["contractor"], partner)
        units = (side, *((s,) for s in range(state.game.players) if s not in side))
    won = result["tricks_won"]
    if "contractor" not in result:
        return None
    c, call, tricks = result["contractor"], result["contract"], result["tricks"]
    value = state.game.table.value(call)
    level = call_level(call)
    if result["outcome"] == "stopped":
        amount = 0
    elif call in MISERE_CALLS:
        amount = value if tricks == 0 else -value
    elif call == "HILO":
        amount = value if tricks == 5 else -value
    elif tricks >= (level or 0):
        amount = 250 if r.slam and tricks == 10 and value < 250 else value
    else:
        amount = -value
    against = -amount if amount < 0 and r.failed_to_other else 0
    if amount < 0 and (r.no_negative or r.failed_to_other):
        amount = 0
    if "claimed_at" in result and r.claim == "penalty":
        amount -= 100
    breaker = result.get("broken_by")
    per_trick = 10 if r.trick_points and (r.misere_trick_points or call not in MISERE_CALLS) else 0
    if partner is not None and r.partner_share == "half":
        amount //= 2
    out = [0] * state.game.players
    for u in units:
        for s in u:
            out[s] = amount if c in u else against + per_trick * sum(won[x] for x in u)
            if breaker in u:
                out[s] += 100 if (level or 0) - tricks >= 2 else -100
    return out


#: option sets beyond the presets whose random matches are checked the same way
EXTRA_FORMS: dict[str, dict[str, Any]] = {
    "extra_bids": {"blind_misere": True, "double_misere": True, "hi_lo": True, "misdeal": True},
    "decks": {"deck": "44_colour_fours", "joker_high": "jk2", "set_margin": 2, "stop_at_goal": True, "claim": "on"},
    "wilkinson": {"wilkinson": True, "misere_rank": "colour_split", "exact_goal": True},
    "claims": {"claim": "penalty", "raise_own": True, "goal_tie": "higher", "breaking": 100},
    "bidding": {"deck": "45", "bid_after_pass": True, "min_level": 7, "trick_points": False, "points_spread": True},
}


@pytest.mark.parametrize("name", NAMES + list(EXTRA_FORMS))
@pytest.mark.parametrize("seed", range(3))
def test_preset_random_matches_keep_every_invariant(name: str, seed: int) -> None:
    g = make_game("five-hundred", **PRESETS["five-hundred"].get(name, EXTRA_FORMS.get(name, {})))
    rng = random.Random(seed)
    state = g.new_match(seed)
    assert isinstance(state, StateFiveHundred)
    scored = 0
    while not state.is_over and len(state.deals) <= 8:
        check_cards_and_sight(state)
        before = len(state.deals)
        state.apply(rng.choice(state.legal_actions()))
        if len(state.deals) > before or state.is_over:
            done = state.deals[before - 1]
            assert done.score_changes is not None
            result = done.result
            expected = _expected_changes(state, result)
            if expected is None:
                continue
            scored += 1
            call = result["contract"]
            if call not in MISERE_CALLS and "stopped_after" not in result:
                assert sum(result["tricks_won"]) == 10  # ten tricks
            assert done.score_changes == expected, (result, done.score_changes, expected)
    assert scored >= 1

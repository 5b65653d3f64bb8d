"""The record format's JSON Schema (prikup/data/record.schema.json): every stored record under
tests/ and every record the tests produce conforms, and it rejects what replay rejects by shape."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import prikup.records
from prikup.arena import play_match
from prikup.games import make_game
from prikup.records import FORMAT, read, to_record

TESTS = Path(__file__).resolve().parents[1]
SCHEMA_FILE = Path(prikup.records.__file__).parent / "data" / "record.schema.json"

Check = Callable[[Any], list[str]]

#: Every form of every game, so each kind of action and score appears in some record.
FORMS: list[tuple[str, dict[str, Any]]] = [
    ("501", {}),
    ("501", {"players": 4, "exchange_order": "contract_first", "concede": "before_play"}),
    ("five-hundred", {}),
    ("five-hundred", {"players": 3}),
    ("five-hundred", {"partnership": False, "no_bid": "play_nt"}),
    ("five-hundred", {"deck": "42", "table": "ideal", "joker_nt": "any_time"}),
    ("pyatsot", {}),
    ("pyatsot", {"players": 4, "barrel": 200, "target": 300}),
    ("preferans", {}),
    ("preferans", {"players": 4, "misere_half": True, "pulya": 6, "start_gora": 3}),
]


def stored_records() -> list[Path]:
    """Every JSON file under tests/ that is a game record (its "format" says so)."""
    found = []
    for path in sorted(TESTS.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("format") == FORMAT:
            found.append(path)
    return found


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def test_every_stored_record_under_tests_conforms(record_schema_errors: Check) -> None:
    paths = stored_records()
    assert paths, "no stored record found under tests/"
    for path in paths:
        assert record_schema_errors(read(path)) == [], path


def test_records_produced_by_the_tests_are_checked_where_they_are_made() -> None:
    # conftest wraps to_record before any module imports it: the arena and the CLI use the check too
    import prikup.arena
    import prikup.cli.main

    assert getattr(prikup.arena, "to_record") is prikup.records.to_record  # noqa: B009
    assert getattr(prikup.cli.main, "to_record") is prikup.records.to_record  # noqa: B009
    assert getattr(prikup.records.to_record, "__wrapped__", None) is not None, "conftest's check is not in place"


@pytest.mark.parametrize(("game_id", "options"), FORMS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(FORMS)])
def test_random_matches_of_every_form_conform(
    game_id: str, options: dict[str, Any], record_schema_errors: Check
) -> None:
    game = make_game(game_id, **options)
    for seed in range(3):
        result = play_match(game, ["random"] * game.players, seed=seed, max_deals=12)
        record = to_record(result.state, seed=seed)
        assert record_schema_errors(record) == []
        assert record_schema_errors(json.loads(prikup.records.dump(record))) == []


@settings(max_examples=15, deadline=None)
@given(form=st.sampled_from(FORMS), seed=st.integers(0, 10**6))
def test_property_heuristic_deals_conform(form: tuple[str, dict[str, Any]], seed: int) -> None:
    from conftest import schema_errors

    game = make_game(form[0], **form[1])
    result = play_match(game, ["heuristic"] * game.players, seed=seed, max_deals=2)
    assert schema_errors(to_record(result.state, seed=seed)) == []


def test_a_record_saved_by_the_command_line_conforms(tmp_path: Path, record_schema_errors: Check) -> None:
    out = tmp_path / "m.json"
    run = subprocess.run(
        [sys.executable, "-m", "prikup", "play", "501", "--auto", "--seed", "5", "--record", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert record_schema_errors(read(out)) == []


def _seed_example() -> dict[str, Any]:
    return read(TESTS / "data" / "501_worked_example.json")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r.pop("deals"), "(top)"),
        (lambda r: r.update(format="prikup-record/2"), "format"),
        (lambda r: r.update(game="chess"), "game"),
        (lambda r: r.update(extra=1), "(top)"),
        (lambda r: r["deals"][0]["hands"]["0"].__setitem__(0, "1H"), "deals/0/hands/0/0"),
        (lambda r: r["deals"][0]["hands"]["0"].__setitem__(0, "qh"), "deals/0/hands/0/0"),
        (lambda r: r["deals"][0]["talon"].append("9H"), "deals/0/talon"),
        (lambda r: r["deals"][0]["actions"].__setitem__(0, [0, "bid eighty"]), "deals/0/actions/0/1"),
        (lambda r: r["deals"][0]["actions"].__setitem__(0, [0, "Play KS"]), "deals/0/actions/0/1"),
        (lambda r: r["deals"][0]["actions"].__setitem__(0, ["0", "pass"]), "deals/0/actions/0/0"),
        (lambda r: r["deals"][0]["actions"].__setitem__(0, [0, "play 9C marriage X"]), "deals/0/actions/0/1"),
        (lambda r: r["deals"][0].update(dealer=7), "deals/0/dealer"),
        (lambda r: r["result"].update(scores=[1.5, 2, 3]), "result/scores/0"),
        (lambda r: r["seats"][0].update(kind="robot"), "seats/0/kind"),
    ],
)
def test_the_schema_rejects_a_malformed_record(
    change: Callable[[dict[str, Any]], Any], where: str, record_schema_errors: Check
) -> None:
    record = copy.deepcopy(_seed_example())
    assert record_schema_errors(record) == []
    change(record)
    errors = record_schema_errors(record)
    assert errors and errors[0].startswith(where + ":"), errors


@pytest.mark.parametrize(("game_id", "options"), FORMS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(FORMS)])
def test_every_action_of_every_game_is_accepted_in_its_printed_form(
    game_id: str, options: dict[str, Any], record_schema_errors: Check
) -> None:
    record = _seed_example()
    actions = [str(a) for a in make_game(game_id, **options).all_actions()]
    actions += ["play 11H", "play 13D", "play JK1", "play JK2 as H"]  # the 63-card deck's ranks, two jokers
    for action in actions:
        record["deals"][0]["actions"] = [[0, action]]
        assert record_schema_errors(record) == [], action

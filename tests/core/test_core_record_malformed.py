"""A malformed record is refused with a RecordError naming what is wrong, never a Python error:
property tests that change one to three values anywhere in a recorded match of every game (delete
a key or an item, repeat an item, reverse a text, or put a value of another type in its place) and
replay the result.  Before, a card written as a number, a list or ``null`` failed with an
AttributeError inside the card parser and a deal's scores written as a number with a TypeError."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prikup import make_game
from prikup.arena import play_match
from prikup.core.cards import CardParseError, parse_card
from prikup.records import RecordError, replay, to_record

#: Values put in place of any other: every JSON type, texts near the notation, odd numbers.
ODD_VALUES: list[Any] = [
    None,
    -1,
    0,
    1,
    2,
    99,
    10**30,
    1.5,
    True,
    "",
    "x",
    "AS",
    "ZZ",
    "play AS",
    [],
    [1],
    ["AS"],
    {},
    {"a": 1},
]

FORMS: list[tuple[str, dict[str, object]]] = [
    ("501", {}),
    ("pyatsot", {}),
    ("preferans", {}),
    ("five-hundred", {}),
    ("five-hundred", {"players": 5}),
]


def recorded(game_id: str, options: dict[str, object], seed: int = 3, deals: int = 2) -> dict[str, Any]:
    """A record of ``deals`` deals played by the heuristic bots, as JSON would give it back."""
    game = make_game(game_id, **options)
    played = play_match(game, ["heuristic"] * game.players, seed, max_deals=deals)
    record: dict[str, Any] = json.loads(json.dumps(to_record(played.state, seed=seed)))
    return record


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return [recorded(g, o) for g, o in FORMS]


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a record (keys and list indices), the record's own first."""
    found = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            found += places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += places(v, (*path, i))
    return found


@st.composite
def malformed(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    """``base`` with one to three values changed (see the module)."""
    record = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = places(record)[1:]
        path = draw(st.sampled_from(paths))
        parent: Any = record
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        how = draw(st.sampled_from(["delete", "repeat", "reverse", "replace"]))
        if how == "delete":
            del parent[key]
        elif how == "repeat" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif how == "reverse" and isinstance(parent[key], str):
            parent[key] = parent[key][::-1]
        else:
            parent[key] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
    return record


def test_parse_card_refuses_a_card_that_is_not_text() -> None:
    for value in (5, None, ["AS"], {"AS": 1}, 1.5):
        with pytest.raises(CardParseError, match=r"^bad card") as refused:
            parse_card(value)  # type: ignore[arg-type]
        assert str(value) in str(refused.value)


@pytest.mark.parametrize("form", range(len(FORMS)), ids=[g + ("/5" if o else "") for g, o in FORMS])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_malformed_record_is_refused_with_a_record_error(
    records: list[dict[str, Any]], form: int, data: st.DataObject
) -> None:
    record = data.draw(malformed(records[form]))
    try:
        replay(record)
    except RecordError as exc:
        message = str(exc)
        assert message and "\n" not in message, message


def test_the_unchanged_records_replay(records: list[dict[str, Any]]) -> None:
    for record in records:
        state = replay(record)
        assert len(state.deals) == len(record["deals"])

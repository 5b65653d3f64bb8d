"""Every record a test produces is checked against the record schema that the package ships.

``prikup.records.to_record`` is wrapped here, before any test module imports it: the real function
runs, and a record that breaks ``prikup/data/record.schema.json`` fails the test that produced it.
The ``record_schema_errors`` fixture gives tests the same check.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import jsonschema
import pytest

import prikup.records

SCHEMA: dict[str, Any] = json.loads((files("prikup") / "data" / "record.schema.json").read_text(encoding="utf-8"))
_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def schema_errors(record: Any) -> list[str]:
    """Every way ``record`` breaks the schema, each as 'where: what' (empty when it conforms)."""
    return [
        f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
        for e in sorted(_VALIDATOR.iter_errors(record), key=lambda e: list(map(str, e.absolute_path)))
    ]


_real_to_record = prikup.records.to_record


@functools.wraps(_real_to_record)
def _checked_to_record(*args: Any, **kwargs: Any) -> dict[str, Any]:
    record = _real_to_record(*args, **kwargs)
    errors = schema_errors(record)
    assert not errors, f"a record the tests produced breaks record.schema.json: {errors[:3]}"
    return record


prikup.records.to_record = _checked_to_record


@pytest.fixture
def record_schema_errors() -> Callable[[Any], list[str]]:
    """The schema check: ``record_schema_errors(record)`` lists what is wrong (empty if nothing)."""
    return schema_errors

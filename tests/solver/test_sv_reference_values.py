"""The stored values of the Python reference (``reference_values.py``) are the reference's: some
entries are computed again here, live, and a position that is not the stored one is computed
live rather than answered from the file."""

from __future__ import annotations

import pytest
import reference_values
import sv_gen
import sv_tricks_gen

from prikup.core.game import State
from prikup.solver import Solver, position_of

#: Stored entries cheap enough to compute again (a few seconds each), with their positions.
SAMPLES = [
    ("fast/pyatsot/None/600/7", lambda: sv_gen.random_position("pyatsot", 600, 7, None, 0.6)),
    ("fast/preferans/3p-trump/150/10", lambda: sv_tricks_gen.random_position("preferans", "3p-trump", 150, 10)),
]


@pytest.mark.parametrize(("case", "make"), SAMPLES, ids=[c for c, _ in SAMPLES])
def test_a_stored_entry_is_the_references_values_computed_now(case: str, make) -> None:  # type: ignore[no-untyped-def]
    state: State = make()
    entry = reference_values.stored()[case]
    assert entry["position"] == reference_values.fingerprint(state)  # the stored position is this one
    live = Solver(position_of(state)[0]).values()
    assert {int(m): v for m, v in entry["values"].items()} == live
    assert reference_values.values(case, state) == live


def test_another_position_under_a_stored_name_is_computed_live(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reference_values, "_computed", {})  # a regeneration run must not store it
    case, make = SAMPLES[0]
    state = make()
    other = sv_gen.random_position("pyatsot", 601, 2, None, 0.6)  # two tricks left: quick to compute
    assert reference_values.fingerprint(other) != reference_values.fingerprint(state)
    with pytest.warns(UserWarning, match="of another position: computed live"):
        answer = reference_values.values(case, other)
    assert answer == Solver(position_of(other)[0]).values()

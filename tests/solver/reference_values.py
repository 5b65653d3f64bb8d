"""The Python reference search's values on the suite's whole deals, kept in
``tests/data/reference_values.json``.

The C search is compared with the reference on random positions of every size; on whole deals the
reference takes from seconds to a minute a position where the C search takes milliseconds, and
those comparisons made most of the suite's time. Their reference values are therefore computed
once (``python tests/solver/reference_values.py`` recomputes every entry, with the reference
alone) and read back here. Each entry is named by its case and carries a fingerprint of the
position it was computed on (its transposition key and its legal moves): a position that is no
longer the same (a changed generator, engine or adapter) is computed live with a warning, and a case
with no entry live. ``test_sv_reference_values`` recomputes some stored entries live.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any

from prikup.core.game import State
from prikup.solver import Solver, position_of

FILE = Path(__file__).resolve().parents[1] / "data" / "reference_values.json"

#: Set (to any value) by the regeneration run: every case is computed live and written back.
REGENERATE = "PRIKUP_REGENERATE_REFERENCE"

_stored: dict[str, Any] | None = None
_computed: dict[str, Any] = {}


def fingerprint(state: State) -> str:
    """The position's transposition key and legal moves, hashed: equal for the same position."""
    pos, _ = position_of(state)
    text = repr((type(pos).__name__, pos.key(), sorted(pos.legal_moves())))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def stored() -> dict[str, Any]:
    """Every stored entry: case name -> {"position": fingerprint, "values": {move: value}}."""
    global _stored
    if _stored is None:
        _stored = json.loads(FILE.read_text(encoding="utf-8")) if FILE.exists() else {}
    return _stored


def values(case: str, state: State) -> dict[int, int]:
    """The reference's value of every legal move of ``state``: stored if the case's entry was
    computed on this very position, else computed now (and kept for a regeneration run)."""
    mark = fingerprint(state)
    entry = stored().get(case)
    if entry is not None and entry["position"] == mark and not os.environ.get(REGENERATE):
        return {int(move): value for move, value in entry["values"].items()}
    if entry is not None and entry["position"] != mark and not os.environ.get(REGENERATE):
        warnings.warn(
            f"the stored reference values of {case} are of another position: computed live "
            "(regenerate them: python tests/solver/reference_values.py)",
            stacklevel=2,
        )
    got = Solver(position_of(state)[0]).values()
    _computed[case] = {"position": mark, "values": {str(m): v for m, v in sorted(got.items())}}
    return got


def write_computed() -> int:
    """Merge the entries computed in this process into the file (test workers write at the same
    time: under a lock on the data folder, replacing the file whole); returns how many."""
    import fcntl

    folder = os.open(FILE.parent, os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        table = json.loads(FILE.read_text(encoding="utf-8")) if FILE.exists() else {}
        table.update(_computed)
        fresh = FILE.with_suffix(f".{os.getpid()}.tmp")
        fresh.write_text(json.dumps(dict(sorted(table.items())), indent=1) + "\n", encoding="utf-8")
        os.replace(fresh, FILE)
    finally:
        os.close(folder)
    return len(_computed)


if os.environ.get(REGENERATE):  # a regeneration run: each test process writes what it computed as it ends
    import atexit

    atexit.register(write_computed)

if __name__ == "__main__":
    import pytest

    os.environ[REGENERATE] = "1"
    # the tests that read stored values (by default every test of this folder) compute them instead;
    # more pytest arguments (-n 2, -k ...) may follow
    args = sys.argv[1:] or [str(Path(__file__).resolve().parent)]
    code = pytest.main(["-q", "-p", "no:cacheprovider", *args])
    print(f"reference entries in {FILE}: {len(json.loads(FILE.read_text(encoding='utf-8')))}")
    sys.exit(code)

"""A long search can be stopped: the C search runs Python's signal handlers while it searches, so
Ctrl-C (a KeyboardInterrupt) stops it within milliseconds, the next search is exact, and
``prikup solve`` says it is still at it after a few seconds and that it stopped when told."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sv_tricks_gen import to_play
from test_sv_fh_many import MANY_FORMS

from prikup.core.game import Phase, State
from prikup.records import save, to_record
from prikup.solver import Solver, fast, position_of, solve

pytestmark = pytest.mark.skipif(not fast.enabled(), reason="the C search is not built")


def slow_first_lead() -> State:
    """Five Hundred for six with the 64-card deck's two jokers, 7NT (the jokers playable at any
    time), seed 1 at its first lead: two no-trump jokers take the three-hand search, without the
    partition table, and the values of the first leads take it 195 million positions (measured:
    30 s of CPU), far more than the tests wait.  (The six-hand deal used before, three pairs in
    spades, now takes 3 s: see test_sv_fh_partition.py.)"""
    state = to_play("five-hundred", MANY_FORMS, "6p-two-jokers", 1)
    assert state.phase is Phase.PLAY and len(state.deals) == 1
    assert sum(h.bit_count() for h in state.hands) == 60  # type: ignore[attr-defined]
    return state


def _interrupt(*_: object) -> None:
    raise KeyboardInterrupt


def test_a_keyboard_interrupt_stops_a_long_search_at_once_and_the_next_search_is_exact() -> None:
    state = slow_first_lead()
    old = signal.signal(signal.SIGALRM, _interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.5)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            solve(state)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert time.monotonic() - started < 5.0  # stopped, not finished a minute later
    # the search after it starts clean: a late position, the C values equal the Python reference's
    while state.phase is Phase.PLAY and sum(h.bit_count() for h in state.hands) > 12:
        state.apply(state.legal_actions()[0])
    assert state.phase is Phase.PLAY
    pos, base = position_of(state)
    got = solve(state)
    reference = Solver(pos).values()
    assert sorted(v - base for v in got.values()) == sorted(reference.values())


def test_prikup_solve_says_it_is_still_solving_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    state = slow_first_lead()
    record = tmp_path / "six.json"
    save(record, to_record(state))
    at = len(state.deals[0].actions)  # every call and discard made: the first lead is next
    run = subprocess.Popen(
        [sys.executable, "-m", "prikup", "solve", str(record), "--deal", "1", "--at", str(at)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200", "PYTHONUNBUFFERED": "1"},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # (a background job ignores it)
    )
    assert run.stdout is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "Ctrl-C stops it" not in seen and time.monotonic() < deadline and run.poll() is None:
        ready, _, _ = select.select([run.stdout], [], [], 1.0)
        if ready:
            seen += run.stdout.readline()
    assert "Still solving after 3 s" in seen and "Ctrl-C stops it" in seen, seen
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=20)
    assert run.returncode == 130, (seen, out, err)
    assert "Stopped (Ctrl-C): the position was not solved." in out, out
    assert "Traceback" not in seen + out + err

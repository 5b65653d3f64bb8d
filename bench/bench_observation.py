"""What a typed observation costs: ``observation(seat)``, its ``to_json()`` (what the server
sends every frame) and ``observation_from_json`` (a bot reading the wire), in CPU microseconds
per call in the middle of a deal (the 10th card of the play), for the seat to act and a
spectator.

Run::

    python bench/bench_observation.py [--seconds 0.2]

Figures are CPU time (``time.process_time``, robust to other load), the median of five batches.

``--instructions`` prints instead the instructions one ``observation(seat)`` of the seat to act
costs there, counted by valgrind (``apt-get install valgrind``: a figure a loaded or slower machine
does not change; see ``bench_api_instructions.py``): a process making ``--calls`` observations
less one making none, divided by the calls.  Compare two builds by running it from each
(``PYTHONPATH=<tree>/src``).
"""

from __future__ import annotations

import argparse
from functools import partial

from bench_api import GAMES, mid_deal, per_call
from bench_api_instructions import valgrind_instructions

from prikup.games import observation_from_json


def observe(row: int, calls: int) -> None:
    """Make ``calls`` observations of the seat to act mid-deal in the row's game (what valgrind
    counts; two made first, so that what the first one builds and keeps is in both processes)."""
    _, name, options, _ = GAMES[row]
    state = mid_deal(name, options)
    seat = state.to_act
    for _ in range(calls + 2):
        state.observation(seat)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.2, help="CPU seconds per figure")
    parser.add_argument("--instructions", action="store_true", help="instructions per call (valgrind)")
    parser.add_argument("--calls", type=int, default=500, help="observations counted (--instructions)")
    parser.add_argument("--observe", nargs=2, type=int, metavar=("ROW", "CALLS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.observe:
        observe(*args.observe)
        return
    if args.instructions:
        print(f"instructions per observation(seat to act), mid-deal (10th card of the play; {args.calls} calls)")
        for row, (label, *_) in enumerate(GAMES):
            counted = [valgrind_instructions([__file__, "--observe", str(row), str(n)]) for n in (0, args.calls)]
            print(f"  {label:<16} {(counted[1] - counted[0]) / args.calls:10,.0f}")
        return
    print("CPU microseconds per call, mid-deal (10th card of the play)")
    print(f"{'game':<18}{'viewer':<10}{'observation':>12}{'to_json':>10}{'both':>8}{'from_json':>11}")
    for label, name, options, _ in GAMES:
        state = mid_deal(name, options)
        for viewer, seat in (("to act", state.to_act), ("spectator", None)):
            obs = state.observation(seat)
            wire = obs.to_json()
            typed = per_call(partial(state.observation, seat), args.seconds)
            text = per_call(obs.to_json, args.seconds)
            both = per_call(lambda st=state, v=seat: st.observation(v).to_json(), args.seconds)
            back = per_call(partial(observation_from_json, wire), args.seconds)
            print(f"{label:<18}{viewer:<10}{typed:>12.2f}{text:>10.2f}{both:>8.2f}{back:>11.2f}")


if __name__ == "__main__":
    main()

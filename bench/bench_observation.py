"""What a typed observation costs: ``observation(seat)``, its ``to_json()`` (what the server
sends every frame) and ``observation_from_json`` (a bot reading the wire), in CPU microseconds
per call in the middle of a deal (the 10th card of the play), for the seat to act and a
spectator.

Run::

    python bench/bench_observation.py [--seconds 0.2]

Figures are CPU time (``time.process_time``, robust to other load), the median of five batches.
"""

from __future__ import annotations

import argparse
from functools import partial

from bench_api import GAMES, mid_deal, per_call

from prikup.games import observation_from_json


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.2, help="CPU seconds per figure")
    args = parser.parse_args()
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

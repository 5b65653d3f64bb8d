"""Calibrate the 501 heuristic: its raw hand estimate at the talon against the points it takes.

Run: python bench/calibrate501.py [--matches 80]
Prints, per band of raw estimates, the number of contracts, the mean points taken and the
standard deviation, and the calibrated forecast the bot uses (25 + 0.6 * raw).
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from prikup import make_game
from prikup.bots import make_bot
from prikup.bots.heuristic501 import _best_strain, forecast
from prikup.core.cards import cards_of
from prikup.games.five_oh_one import State501


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=80)
    args = parser.parse_args()
    game = make_game("501")
    pairs: list[tuple[int, int]] = []
    for seed in range(args.matches):
        state = game.new_match(seed)
        assert isinstance(state, State501)
        bots = [make_bot("heuristic", game, seed * 3 + i) for i in range(3)]
        estimate: int | None = None
        declarer = -1
        while not state.is_over and len(state.deals) < 40:
            seat = state.to_act
            assert seat is not None
            if state.phase.value == "talon":
                estimate = _best_strain(cards_of(state.hands[seat]))[1]
                declarer = seat
            n = len(state.deals)
            state.apply(bots[seat].act(state, seat))
            if len(state.deals) != n or state.is_over:
                result = state.deals[n - 1].result
                if result.get("outcome") in ("made", "failed") and estimate is not None:
                    pairs.append((estimate, result["points"][str(declarer)]))
                estimate = None
    bands: dict[int, list[int]] = defaultdict(list)
    for raw, points in pairs:
        bands[raw // 10 * 10].append(points)
    print("raw band  contracts  mean points  sd   forecast")
    for band in sorted(bands):
        got = bands[band]
        mean, sd = statistics.mean(got), statistics.pstdev(got)
        print(f"{band:>8}  {len(got):>9}  {mean:>11.0f}  {sd:>3.0f}  {forecast(band + 5):>8}")


if __name__ == "__main__":
    main()

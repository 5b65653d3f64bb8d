"""Instructions per decision that ends a deal (its scoring and the next deal), counted by valgrind.

Run::

    python bench/bench_deal_end.py [--deals 300] [--profile]

For each game this collects, from random matches through the integer path (seeded: the same
positions for every build), the states one decision before the end of a deal, pickled; then it
runs, under valgrind's cachegrind (``apt-get install valgrind``), a process that unpickles them
(one game object) and applies the deal-ending decision (``apply_id``, then ``legal_action_ids()``
of the next deal's first decision, as random play does) to each, and once more to the first
:data:`WARM` only (the game's lazily built tables): the difference divided by the other deals is
what one end of a deal costs, load-independent.  Compare two builds by
running it from each (``PYTHONPATH=<tree>/src``).  ``--profile`` prints cProfile's top functions
over the same deal ends instead.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pickle
import pstats
import random
import tempfile
from typing import Any

from bench_api_instructions import GAMES, valgrind_instructions

from prikup import make_game

#: The first deal ends, applied in both runs (the unpickled game builds its tables lazily).
WARM = 20


def collect(row: int, deals: int) -> list[tuple[Any, int]]:
    """``deals`` states one decision before the end of a deal, with that decision (each with a
    generator of its own: a copy sharing one would copy it at its first draw)."""
    _, game_id, options = GAMES[row]
    game = make_game(game_id, **options)
    rng = random.Random(1)
    state = game.new_match(seed=1)
    found: list[tuple[Any, int]] = []
    while len(found) < deals:
        if state.is_over or len(state.deals) > 20:
            state = game.new_match(seed=rng.randrange(1 << 30))
        action = rng.choice(state.legal_action_ids())
        after = state.copy()
        after.apply_id(action)
        if after.is_over or len(after.deals) != len(state.deals):
            kept = state.copy()
            generator = random.Random()
            generator.setstate(state._rng.getstate())
            kept._rng = generator
            found.append((kept, action))
        state.apply_id(action)
    return found


def play(path: str, count: int) -> None:
    """Unpickle the states of ``path`` (one game object); apply the deal-ending decision of the
    first ``count``."""
    with open(path, "rb") as f:
        states = pickle.load(f)
    for state, action in states[:count]:
        state.apply_id(action)
        if not state.is_over:
            state.legal_action_ids()


def instructions(path: str, count: int) -> int:
    """The instructions valgrind counts for ``play(path, count)`` in a new process."""
    env = os.environ | {"PYTHONHASHSEED": "0"}  # the same dict probes in every run (str hashes vary by a few %)
    return valgrind_instructions([__file__, "--play", path, str(count)], env)


def main() -> None:
    """Parse the arguments; print each game's instructions per deal end (or its profile)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--games", default="", help="rows to run, by label (comma-separated; all unless given)")
    parser.add_argument("--profile", action="store_true", help="cProfile's top functions instead")
    parser.add_argument("--play", nargs=2, metavar=("PATH", "APPLY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.deals <= WARM:
        parser.error(f"--deals must be more than {WARM} (the deals run first to warm up)")
    if args.play:
        play(args.play[0], int(args.play[1]))
        return
    wanted = set(args.games.split(",")) - {""}
    print(f"instructions per decision that ends a deal ({args.deals} deals a game)")
    for row, (label, _, _) in enumerate(GAMES):
        if wanted and label not in wanted:
            continue
        found = collect(row, args.deals)
        if args.profile:
            states = found[WARM:]
            profile = cProfile.Profile()
            profile.enable()
            for state, action in states:
                state.apply_id(action)
                if not state.is_over:
                    state.legal_action_ids()
            profile.disable()
            print(f"== {label}")
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)
            continue
        with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as f:
            pickle.dump(found, f)
        try:
            per = (instructions(f.name, len(found)) - instructions(f.name, WARM)) / (len(found) - WARM)
        finally:
            os.unlink(f.name)
        print(f"  {label:<16} {per:10,.0f}")


if __name__ == "__main__":
    main()

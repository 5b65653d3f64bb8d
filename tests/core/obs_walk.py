"""The observations along seeded random walks of every game and option set, as JSON text: what
``tests/data/observations.json`` pins (one digest per state; regenerate with
``python tests/core/obs_walk.py`` only when the observation is meant to change)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

from test_core_fast_api import CONFIGS, config_id, random_states

from prikup import make_game

FIXTURE = Path(__file__).parent.parent / "data" / "observations.json"
#: decisions per configuration and the walk's seed
DECISIONS = 120
SEED = 12


def observation_texts(name: str, options: dict[str, object]) -> Iterator[str]:
    """Every seat's (and a spectator's) observation at every state of the walk, as JSON text
    (key order kept: the wire's order)."""
    game = make_game(name, **options)
    for state in random_states(game, SEED, DECISIONS):
        for seat in [None, *range(game.players)]:
            obs = state.observation(seat)
            yield json.dumps(obs if isinstance(obs, dict) else obs.to_json())


def digest(name: str, options: dict[str, object]) -> list[str]:
    """One short digest per state of the walk (every view of it)."""
    out: list[str] = []
    h = hashlib.sha256()
    game = make_game(name, **options)
    per_state = game.players + 1
    for i, text in enumerate(observation_texts(name, options), 1):
        h.update(text.encode())
        if i % per_state == 0:
            out.append(h.hexdigest()[:12])
            h = hashlib.sha256()
    return out


def main() -> None:
    """Write the fixture."""
    data = {config_id(c): digest(*c) for c in CONFIGS}
    lines = ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    FIXTURE.write_text("{\n" + lines + "\n}\n")


if __name__ == "__main__":
    main()

"""The game configurations the research interfaces are tested on (every game, both table sizes)."""

from __future__ import annotations

from typing import Any

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("501", {}),
    ("501", {"players": 4}),
    ("five-hundred", {}),
    ("five-hundred", {"players": 3}),
    ("five-hundred", {"players": 4, "partnership": False, "misere": False, "no_bid": "play_nt"}),
    ("pyatsot", {}),
    ("pyatsot", {"players": 4}),
    ("preferans", {}),
    ("preferans", {"players": 4}),
]


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    """A readable test id: the game and its options."""
    game, options = config
    return game + "".join(f"-{k}={v}" for k, v in options.items())

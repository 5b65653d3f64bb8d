"""``python -m prikup.envs GAME [option=value …]``: the tensor layout of a game configuration."""

from __future__ import annotations

import sys

from prikup.core.errors import PrikupError
from prikup.envs.tensors import TensorEncoder
from prikup.games import make_game


def _value(text: str) -> object:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def main(argv: list[str] | None = None) -> int:
    """Print the layout; a bad game or option is one line on stderr and exit status 2."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        args = ["501"]
    name, *pairs = args
    if any("=" not in p for p in pairs):
        print(f"error: options are option=value, got {' '.join(p for p in pairs if '=' not in p)}", file=sys.stderr)
        return 2
    options = {k: _value(v) for k, _, v in (p.partition("=") for p in pairs)}
    try:
        print(TensorEncoder(make_game(name, **options)).describe())
    except PrikupError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m prikup``: the same as the ``prikup`` command."""

from prikup.cli.main import main

main()

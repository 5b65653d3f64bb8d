"""Research interfaces (the ``research`` extra): tensors, PettingZoo, OpenSpiel and Gymnasium.

* :mod:`prikup.envs.tensors` — a seat's observation as a fixed-size float32 vector with a
  documented layout, and the legal-action mask;
* :mod:`prikup.envs.pettingzoo` — ``env(game, **options)``: a PettingZoo AEC environment;
* :mod:`prikup.envs.openspiel` — ``register()``: every game as an OpenSpiel Python game;
* :mod:`prikup.envs.gymnasium` — one seat against prikup bots; importing this package
  registers ``prikup/501-v0``, ``prikup/five-hundred-v0``, ``prikup/pyatsot-v0`` and
  ``prikup/preferans-v0`` with Gymnasium when it is installed.

The rules core imports none of this.
"""

from __future__ import annotations

import importlib.util

__all__: list[str] = []

if importlib.util.find_spec("gymnasium") is not None:  # registered when the research extra is installed
    from prikup.envs.gymnasium import register_envs

    register_envs()

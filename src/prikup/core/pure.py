"""The switch of the C fast path: ``PRIKUP_PURE=1`` in the environment turns it off.

Read once, here, by every module that has a C path (the trick loop in :mod:`prikup.core.game`,
the cards of a bitmask in :mod:`prikup.core.cards`): each then runs its Python reference alone.
"""

from __future__ import annotations

import os

__all__ = ["PURE"]

#: True when ``PRIKUP_PURE`` is set (to anything but ``0``): every C path is off.
PURE = os.environ.get("PRIKUP_PURE", "") not in ("", "0")

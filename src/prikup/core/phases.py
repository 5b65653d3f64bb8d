"""Phases of a deal: the core names the four every trick game has; each game declares its own.

A :class:`Phase` is an interned value with a name (``PLAY``), the text observations and records
carry (``"play"``) and a small integer ``code`` (dispatch tables index by it).  The core
declares :data:`DEAL`, :data:`AUCTION`, :data:`PLAY` and :data:`MATCH_OVER`; a game declares the
rest of its state machine next to its rules (``TALON = Phase.declare("TALON", "talon")``), and
from then on ``Phase.TALON`` and ``Phase("talon")`` find it.  Two games that declare the same
phase share one value.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from prikup.core.declared import Declared

__all__ = ["AUCTION", "DEAL", "MATCH_OVER", "PLAY", "Phase"]


class _Declared(type):
    """Reads a declared phase as a class attribute (``Phase.TALON``; each is set as one when
    declared, this names the known ones when a phase is not declared); iterating over
    :class:`Phase` gives every phase declared so far, in the order of declaration."""

    def __iter__(cls) -> Iterator[Phase]:
        return iter(tuple(Phase._by_name.values()))

    def __len__(cls) -> int:
        return len(Phase._by_name)

    def __getattr__(cls, name: str) -> Phase:
        found = Phase._by_name.get(name)
        if found is None:
            raise AttributeError(f"no phase {name!r} is declared (known: {', '.join(Phase._by_name)})")
        return found


class Phase(Declared, metaclass=_Declared):
    """One phase of a game's state machine: compared by identity, printed as its text."""

    __slots__ = ("code", "name", "value")
    _by_name: ClassVar[dict[str, Phase]] = {}
    _by_value: ClassVar[dict[str, Phase]] = {}

    name: str
    value: str
    code: int

    def __new__(cls, value: str) -> Phase:
        """The declared phase whose text is ``value`` (``ValueError`` if none is)."""
        found = cls._by_value.get(value)
        if found is None:
            raise ValueError(f"{value!r} is not a declared phase (known: {', '.join(cls._by_value)})")
        return found

    @classmethod
    def declare(cls, name: str, value: str) -> Phase:
        """The phase ``name`` with text ``value``, created on its first declaration."""
        found = cls._by_name.get(name)
        if found is not None:
            if found.value != value:
                raise ValueError(f"phase {name} is already declared as {found.value!r}")
            return found
        phase = object.__new__(cls)
        object.__setattr__(phase, "name", name)
        object.__setattr__(phase, "value", value)
        object.__setattr__(phase, "code", len(cls._by_name))
        cls._by_name[name] = cls._by_value[value] = phase
        type.__setattr__(cls, name, phase)  # read as a class attribute, not by ``__getattr__``
        return phase


#: Waiting for the cards of the next deal.
DEAL = Phase.declare("DEAL", "deal")
#: The bidding.
AUCTION = Phase.declare("AUCTION", "auction")
#: The tricks.
PLAY = Phase.declare("PLAY", "play")
#: The match has ended.
MATCH_OVER = Phase.declare("MATCH_OVER", "match over")

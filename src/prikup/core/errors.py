"""The precise errors of the rules core; every one is a ``ValueError``."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "ActionParseError",
    "CardParseError",
    "DealError",
    "IllegalActionError",
    "OptionError",
    "PrikupError",
]


class PrikupError(ValueError):
    """Base class of every error raised for bad input to the rules core."""


class CardParseError(PrikupError):
    """A card token that is not in the card notation."""


class ActionParseError(PrikupError):
    """An action text that is not in the action notation."""


class OptionError(PrikupError):
    """An unknown game, an unknown option, or an option value that is not allowed."""


class DealError(PrikupError):
    """Explicit hands and talon that do not form a valid deal for the game."""


class IllegalActionError(PrikupError):
    """An action that the rules do not allow in the current state.

    ``rule`` names the rule the action breaks; ``legal`` lists the legal actions' texts.
    The state is left unchanged.
    """

    def __init__(self, action: object, rule: str, legal: Iterable[object] = ()) -> None:
        self.action = str(action)
        self.rule = rule
        self.legal = [str(a) for a in legal]
        shown = ", ".join(self.legal[:40])
        if len(self.legal) > 40:
            shown += f", … ({len(self.legal)} in all)"
        super().__init__(f"illegal action {self.action!r}: {rule}" + (f". Legal now: {shown}" if self.legal else ""))

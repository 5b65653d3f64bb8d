"""The precise errors of the rules core; every one is a ``ValueError``.

Each carries a :class:`~prikup.core.refusals.Refusal`: ``err.rule`` is its stable id
(``follow_suit``, ``unknown_option``, ``record_bad_card`` …), ``err.fields`` the values it names,
and ``str(err)`` the English sentence.  Front ends translate by ``rule``, never by the text.
"""

from __future__ import annotations

from collections.abc import Iterable

from prikup.core.refusals import FieldValue, Refusal, refusal

__all__ = [
    "ActionParseError",
    "CardParseError",
    "DealError",
    "IllegalActionError",
    "OptionError",
    "PrikupError",
]


class PrikupError(ValueError):
    """Base class of every error raised for bad input to the rules core.

    Given a :class:`Refusal`, the error is that refusal; given a plain message (text from outside
    the rules), its refusal is ``text`` with the message as its one field.
    """

    refusal: Refusal

    def __init__(self, why: Refusal | str) -> None:
        self.refusal = why if isinstance(why, Refusal) else refusal("text", text=why)
        super().__init__(str(self.refusal))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle with the refusal and every attribute (errors cross process pools)."""
        return (_restore, (type(self), self.args, self.__dict__))

    @property
    def rule(self) -> str:
        """The stable id of the rule or check that refused (see :data:`prikup.core.refusals.ENGLISH`)."""
        return self.refusal.rule

    @property
    def fields(self) -> dict[str, FieldValue]:
        """The values the refusal names (a suit, a card, the allowed values …)."""
        return self.refusal.field_map


def _restore(cls: type[PrikupError], args: tuple[object, ...], state: dict[str, object]) -> PrikupError:
    err = cls.__new__(cls)
    ValueError.__init__(err, *args)
    err.__dict__.update(state)
    return err


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

    ``rule`` is the id of the rule the action breaks and ``fields`` its values; ``legal`` lists
    the legal actions' texts.  The state is left unchanged.
    """

    def __init__(self, action: object, why: Refusal, legal: Iterable[object] = ()) -> None:
        self.action = str(action)
        self.legal = [str(a) for a in legal]
        self.refusal = why
        shown = ", ".join(self.legal[:40])
        if len(self.legal) > 40:
            shown += f", … ({len(self.legal)} in all)"
        ValueError.__init__(
            self, f"illegal action {self.action!r}: {why}" + (f". Legal now: {shown}" if self.legal else "")
        )

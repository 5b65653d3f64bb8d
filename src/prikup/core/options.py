"""Declared game options: every [table choice] of a rules page is one, with its default."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, TypeVar

from prikup.core.errors import OptionError
from prikup.core.refusals import FieldValue, refusal

__all__ = ["Option", "OptionValue", "Rules", "parse_option_text", "read_rules", "validate_options"]

OptionValue = int | bool | str


@dataclass(frozen=True)
class Option:
    """One declared option of a game.

    ``choices`` lists the allowed values of a string or integer option; ``minimum`` and
    ``maximum`` bound an integer option.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> type:
        """The option's value type (``bool``, ``int`` or ``str``)."""
        return type(self.default)

    def allowed(self) -> str:
        """A short description of the allowed values."""
        if self.choices is not None:
            return " | ".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true | false"
        if self.kind is int:
            if self.minimum is not None and self.maximum is not None:
                return f"an integer {self.minimum}..{self.maximum}"
            if self.minimum is not None:
                return f"an integer >= {self.minimum}"
            if self.maximum is not None:
                return f"an integer <= {self.maximum}"
            return "an integer"
        return "a string"

    @staticmethod
    def format(value: OptionValue) -> str:
        """A value as it is typed on a command line (``true``, ``80``, ``gifts_first``)."""
        return str(value).lower() if isinstance(value, bool) else str(value)

    def coerce(self, value: object) -> OptionValue:
        """Check ``value`` (a value or its text) and return it in the option's type."""
        kind = self.kind
        result: OptionValue
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                    raise self._bad(value)
                result = text in ("true", "1", "yes", "on")
            else:
                try:
                    result = int(text)
                except ValueError:
                    raise self._bad(value) from None
        elif kind is bool:
            if not isinstance(value, bool):
                raise self._bad(value)
            result = value
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._bad(value)
            result = value
        else:
            if not isinstance(value, str):
                raise self._bad(value)
            result = value
        if self.choices is not None and result not in self.choices:
            raise self._bad(value)
        if isinstance(result, int) and not isinstance(result, bool):
            if (self.minimum is not None and result < self.minimum) or (
                self.maximum is not None and result > self.maximum
            ):
                raise self._bad(value)
        return result

    def bounds(self) -> dict[str, FieldValue]:
        """The allowed values as fields: ``choices`` (``a | b``), or ``kind`` and ``low``/``high``."""
        if self.choices is not None:
            return {"choices": " | ".join(str(c) for c in self.choices)}
        out: dict[str, FieldValue] = {"kind": self.kind.__name__}
        if self.minimum is not None:
            out["low"] = self.minimum
        if self.maximum is not None:
            out["high"] = self.maximum
        return out

    def _bad(self, value: object) -> OptionError:
        shown = value if isinstance(value, str | int | float | bool) else repr(value)
        return OptionError(
            refusal("option_value", option=self.name, value=shown, allowed=self.allowed(), **self.bounds())
        )


def validate_options(game_id: str, declared: tuple[Option, ...], given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every declared option's value: the given ones checked, the rest their defaults."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(refusal("unknown_option", option=unknown[0], game=game_id, known=", ".join(by_name)))
    return {o.name: (o.coerce(given[o.name]) if o.name in given else o.default) for o in declared}


def parse_option_text(text: str) -> tuple[str, str]:
    """Split ``name=value`` as given on a command line."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise OptionError(refusal("option_form", text=text))
    return name.strip(), value.strip()


@dataclass(frozen=True, slots=True)
class Rules:
    """A game's options read once into typed fields (each game subclasses it with a field per
    declared option, of the same name): ``int`` and ``bool`` options as they are, a choice of
    words as a :class:`~enum.StrEnum` whose values are the declared choices."""

    players: int

    def as_options(self) -> dict[str, OptionValue]:
        """The options as plain values, in the fields' order."""
        out: dict[str, OptionValue] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out


R = TypeVar("R", bound=Rules)
_HINTS: dict[type[Rules], dict[str, object]] = {}


def read_rules(cls: type[R], values: Mapping[str, OptionValue]) -> R:
    """The typed options of validated option values (every field of ``cls`` an option)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = dict(typing.get_type_hints(cls))
    given: dict[str, Any] = {}
    for f in fields(cls):
        kind, value = hints[f.name], values[f.name]
        if isinstance(kind, type) and issubclass(kind, StrEnum):
            try:
                given[f.name] = kind(str(value))
            except ValueError:
                allowed = " | ".join(m.value for m in kind)
                raise OptionError(refusal("option_value", option=f.name, value=value, allowed=allowed)) from None
        elif isinstance(kind, type) and isinstance(value, kind):
            given[f.name] = value
        else:
            allowed = getattr(kind, "__name__", str(kind))
            raise OptionError(refusal("option_value", option=f.name, value=value, allowed=allowed))
    return cls(**given)

"""Bot options as data: each bot declares its options with their types and allowed ranges.

``make_bot("pimc:samples=16:seconds=2", game)`` reads the ``key=value`` settings after the bot's
name; :func:`parse_settings` checks every one against the bot's :data:`OPTIONS
<prikup.bots.base.Bot.OPTIONS>` declaration and refuses, with one line naming the option and what
it allows, an unknown key, a value of the wrong type, a value outside the range, and any
non-finite number (``inf``, ``nan``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from prikup.core.errors import OptionError
from prikup.core.refusals import FieldValue, refusal

__all__ = ["BotOption", "BotOptionValue", "parse_settings"]

#: The value of a bot option.
BotOptionValue = int | float | str


@dataclass(frozen=True)
class BotOption:
    """One declared bot option: its type (``int``, ``float`` or ``str``), the inclusive range
    ``low``..``high`` of a number, or the ``choices`` of a text, and a one-line ``help``."""

    kind: type
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def allowed(self) -> str:
        """What the option allows, in words."""
        if self.choices:
            return " | ".join(self.choices)
        noun = "an integer" if self.kind is int else "a number"
        return f"{noun} {self.low:g}..{self.high:g}"

    def bounds(self) -> dict[str, FieldValue]:
        """What the option allows as a refusal's fields: ``choices``, or ``kind`` and ``low``..``high``."""
        if self.choices:
            return {"choices": " | ".join(self.choices)}
        return {"kind": self.kind.__name__, "low": self.low, "high": self.high}

    def parse(self, bot: str, key: str, text: str) -> BotOptionValue:
        """The value of ``text`` for this option of ``bot``; :class:`OptionError` (one line naming
        the option and what it allows) if it is not allowed."""
        value: BotOptionValue
        try:
            value = self.kind(text)
        except ValueError:
            raise OptionError(
                refusal("bot_option_value", bot=bot, setting=key, value=text, allowed=self.allowed(), **self.bounds())
            ) from None
        if isinstance(value, str):
            if self.choices and value not in self.choices:
                raise OptionError(
                    refusal(
                        "bot_option_value", bot=bot, setting=key, value=text, allowed=self.allowed(), **self.bounds()
                    )
                )
            return value
        if (
            not math.isfinite(value)
            or (self.low is not None and value < self.low)
            or (self.high is not None and value > self.high)
        ):
            raise OptionError(
                refusal("bot_option_range", bot=bot, setting=key, value=text, allowed=self.allowed(), **self.bounds())
            )
        return value


def parse_settings(
    bot: str, declared: Mapping[str, BotOption], settings: Mapping[str, str]
) -> dict[str, BotOptionValue]:
    """Every setting of ``bot`` (``name=text``) parsed and checked against ``declared``."""
    if settings and not declared:
        raise OptionError(refusal("bot_no_options", bot=bot, given=", ".join(settings)))
    out: dict[str, BotOptionValue] = {}
    for key, text in settings.items():
        option = declared.get(key)
        if option is None:
            raise OptionError(refusal("bot_unknown_option", bot=bot, setting=key, known=", ".join(declared)))
        out[key] = option.parse(bot, key, text)
    return out

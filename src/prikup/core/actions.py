"""Actions: immutable values that print as one line of notation and parse back.

Grammar (one action per line, case-insensitive on input, canonical on output)::

    action   := keyword                      pass | look | concede | whist | half-whist | invite | ...
              | "look" number                look 3 (preferans: the 4-player dealer looks at seat 3's hand)
              | "pulya" number               pulya 3 (preferans misère half: 3 into the pulya, the rest off the gora)
              | "bid" (number | call)        bid 80 | bid 7H | bid 6NT | bid MIS
              | "contract" number [strain]   contract 100 H | contract 90 NT (501) | contract 120 (Пятьсот)
              | "contract" call              contract 8S                           (Five Hundred)
              | cardverb card [modifier]     give QS | discard 9C | keep AH | play KS
    modifier := "marriage" suit | "as" suit | "declare" word
    call     := [level] strain | word        7H | 10NT | H | NT | MIS | OMIS
              | level strain "-" word        9H-WT (preferans: a game without the talon)
    strain   := S | C | D | H | NT

Which actions exist, and what they mean, is each game's business; this module only defines the
values and their text form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from prikup.core.cards import Card, Suit, parse_card
from prikup.core.errors import ActionParseError, CardParseError
from prikup.core.refusals import FieldValue, Refusal, refusal

__all__ = ["MODIFIERS", "Action", "ActionKind", "normalize_call", "parse_action"]


class ActionKind(Enum):
    """Every kind of action in the project, with its keyword."""

    PASS = "pass"
    LOOK = "look"
    CONCEDE = "concede"
    WHIST = "whist"
    HALF_WHIST = "half-whist"
    OPEN = "open"
    CLOSED = "closed"
    TAKE = "take"
    SETTLE = "settle"
    INVITE = "invite"
    PULYA = "pulya"
    BID = "bid"
    CONTRACT = "contract"
    GIVE = "give"
    KEEP = "keep"
    DISCARD = "discard"
    PLAY = "play"

    def __str__(self) -> str:
        return self.value


_BARE = {
    ActionKind.PASS,
    ActionKind.LOOK,
    ActionKind.CONCEDE,
    ActionKind.WHIST,
    ActionKind.HALF_WHIST,
    ActionKind.OPEN,
    ActionKind.CLOSED,
    ActionKind.TAKE,
    ActionKind.SETTLE,
    ActionKind.INVITE,
}
#: Keywords followed by a number: required (True) or optional (False).
_NUMBERED = {ActionKind.LOOK: False, ActionKind.PULYA: True}
_CARD_KINDS = {ActionKind.GIVE, ActionKind.KEEP, ActionKind.DISCARD, ActionKind.PLAY}
_KIND_BY_WORD = {k.value: k for k in ActionKind}

#: Modifiers a ``play`` may carry, and whether their argument is a suit.
MODIFIERS: dict[str, bool] = {"marriage": True, "as": True, "declare": False}

_STRAIN_RE = re.compile(r"^(\d+)?(S|C|D|H|NT|♠|♣|♦|♥)(-[A-Z][A-Z0-9]*)?$")
_WORD_RE = re.compile(r"^[A-Z][A-Z0-9-]*$")


def normalize_call(text: str) -> str:
    """Canonical text of a call or strain token (``7h`` → ``7H``, ``10♥`` → ``10H``)."""
    key = text.strip().upper()
    m = _STRAIN_RE.match(key)
    if m:
        level, strain, suffix = m.groups()
        if strain not in ("S", "C", "D", "H", "NT"):
            strain = Suit.parse(strain).name
        return (str(int(level)) if level else "") + strain + (suffix or "")
    if _WORD_RE.match(key):
        return key
    raise ActionParseError(refusal("action_bad_call", text=text))


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a game, printed in the action notation."""

    kind: ActionKind
    card: Card | None = None
    number: int | None = None
    call: str | None = None
    modifier: str | None = None
    argument: str | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse one action; see :func:`parse_action`."""
        return parse_action(text)

    @property
    def suit_argument(self) -> Suit | None:
        """The modifier's argument as a suit (``marriage H``, ``as D``), if it is one."""
        if self.argument is None or self.modifier is None or not MODIFIERS[self.modifier]:
            return None
        return Suit[self.argument]

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.card is not None:
            parts.append(str(self.card))
        if self.number is not None:
            parts.append(str(self.number))
        if self.call is not None:
            parts.append(self.call)
        if self.modifier is not None:
            parts.append(self.modifier)
            if self.argument is not None:
                parts.append(self.argument)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _fail(text: str, rule: str, cause: Refusal | None = None, **fields: FieldValue) -> ActionParseError:
    return ActionParseError(refusal(rule, cause, text=text, **fields))


def parse_action(text: str) -> Action:
    """Parse the text of one action.

    Raises :class:`ActionParseError` (a ``ValueError``) naming what is wrong; whether the
    action is legal is for the game to decide.
    """
    if not isinstance(text, str):
        raise ActionParseError(refusal("action_not_text", type=type(text).__name__))
    tokens = text.split()
    if not tokens:
        raise _fail(text, "action_empty")
    kind = _KIND_BY_WORD.get(tokens[0].lower())
    if kind is None:
        raise _fail(text, "action_unknown_keyword", word=tokens[0], known=", ".join(_KIND_BY_WORD))
    rest = tokens[1:]
    if kind in _NUMBERED and (rest or _NUMBERED[kind]):
        if len(rest) != 1 or not rest[0].isdigit():
            rule = "action_one_number" if _NUMBERED[kind] else "action_number_or_nothing"
            raise _fail(text, rule, verb=kind.value)
        return Action(kind, number=int(rest[0]))
    if kind in _BARE:
        if rest:
            raise _fail(text, "action_no_argument", verb=kind.value)
        return Action(kind)
    if kind in (ActionKind.BID, ActionKind.CONTRACT):
        if not rest or len(rest) > 2:
            raise _fail(text, "action_bid_form", verb=kind.value)
        number: int | None = None
        call: str | None = None
        if rest[0].isdigit():  # a bid or contract in points (contract 120: Пятьсот has no strain)
            number = int(rest[0])
            rest = rest[1:]
        if rest:
            try:
                call = normalize_call(rest[0])
            except ActionParseError as exc:
                raise _fail(text, "action_bad_part", exc.refusal) from None
        if number is None and call is None:
            raise _fail(text, "action_missing_bid")
        return Action(kind, number=number, call=call)
    # a card verb
    if not rest:
        raise _fail(text, "action_needs_card", verb=kind.value)
    try:
        card = parse_card(rest[0])
    except CardParseError as exc:
        raise _fail(text, "action_bad_part", exc.refusal) from None
    modifier: str | None = None
    argument: str | None = None
    if len(rest) > 1:
        if kind is not ActionKind.PLAY or len(rest) != 3:
            raise _fail(text, "action_extras")
        modifier = rest[1].lower()
        if modifier not in MODIFIERS:
            raise _fail(text, "action_unknown_modifier", modifier=rest[1], known=", ".join(MODIFIERS))
        if MODIFIERS[modifier]:
            try:
                argument = Suit.parse(rest[2]).name
            except CardParseError as exc:
                raise _fail(text, "action_bad_part", exc.refusal) from None
        else:
            argument = rest[2].upper()
    return Action(kind, card=card, modifier=modifier, argument=argument)


def as_action(action: Action | str) -> Action:
    """An action given as a value or as its text."""
    return action if isinstance(action, Action) else parse_action(action)

"""Actions: immutable values that print as one line of notation and parse back.

Grammar (one action per line, case-insensitive on input, canonical on output); the shape of
what follows a keyword is declared with its kind (:class:`Takes`)::

    action   := keyword                      NOTHING:            pass | whist | concede
              | keyword number               NUMBER:             pulya 3
              | keyword [number]             NUMBER_OR_NOTHING:  look | look 3
              | keyword (number | call)      CALL:               bid 80 | bid 7H | bid 6NT | bid MIS
              | keyword number [strain]                          contract 100 H | contract 120
              | keyword card [modifier]      CARD:               give QS | discard 9C | play KS
    modifier := word (suit | word)           (``play`` only, declared by the games: marriage H)
    call     := [level] strain | word        7H | 10NT | H | NT | MIS | OMIS
              | level strain "-" word        9H-WT (preferans: a game without the talon)
    strain   := S | C | D | H | NT

The core declares the keywords every game of the family has (``pass``, ``bid``, ``contract``,
``play``); each game declares its own words next to its rules (:meth:`ActionKind.declare`).
Which actions exist, and what they mean, is each game's business; this module only defines the
values and their text form.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from prikup.core.cards import Card, Suit, parse_card
from prikup.core.declared import Declared
from prikup.core.errors import ActionParseError, CardParseError
from prikup.core.refusals import FieldValue, Refusal, refusal

__all__ = [
    "BID",
    "CONTRACT",
    "MODIFIERS",
    "PASS",
    "PLAY",
    "Action",
    "ActionKind",
    "Takes",
    "as_action",
    "declare_modifier",
    "normalize_call",
    "parse_action",
]


class Takes(Enum):
    """What follows an action's keyword: the shape of its text, which the parser reads."""

    #: the keyword alone (``pass``)
    NOTHING = "nothing"
    #: a number, required (``pulya 3``)
    NUMBER = "number"
    #: the keyword alone or with a number (``look``, ``look 3``)
    NUMBER_OR_NOTHING = "number or nothing"
    #: a bid: points, a call, or points and a strain (``bid 80``, ``bid 7H``, ``contract 100 H``)
    CALL = "call"
    #: a card, then for ``play`` perhaps a modifier (``give QS``, ``play 9S marriage H``)
    CARD = "card"


class _Declared(type):
    """Reads a declared kind as a class attribute (``ActionKind.WHIST``; each is set as one when
    declared, this names the known ones when a kind is not declared); iterating over
    :class:`ActionKind` gives every kind declared so far, in the order of the known words."""

    def __iter__(cls) -> Iterator[ActionKind]:
        return iter(ActionKind._ordered)

    def __len__(cls) -> int:
        return len(ActionKind._ordered)

    def __getattr__(cls, name: str) -> ActionKind:
        found = ActionKind._by_name.get(name)
        if found is None:
            known = ", ".join(k.name for k in ActionKind._ordered)
            raise AttributeError(f"no action kind {name!r} is declared (known: {known})")
        return found


class ActionKind(Declared, metaclass=_Declared):
    """The kind of an action: its keyword (``value``), the shape of what follows it (``takes``)
    and its place (``order``) in the list of known words a refusal prints.

    The core declares the kinds every game of the family has — :data:`PASS`, :data:`BID`,
    :data:`CONTRACT` and :data:`PLAY`; a game declares its own words next to its rules
    (``WHIST = ActionKind.declare("WHIST", "whist", Takes.NOTHING, order=3)``), and from then on
    ``ActionKind.WHIST`` and ``ActionKind("whist")`` find it.  Two games that declare the same
    word share one value.  Kinds are compared by identity and print as their keyword.
    """

    __slots__ = ("name", "order", "takes", "value")
    _by_name: ClassVar[dict[str, ActionKind]] = {}
    _by_value: ClassVar[dict[str, ActionKind]] = {}
    #: every declared kind, sorted by ``order``
    _ordered: ClassVar[tuple[ActionKind, ...]] = ()

    name: str
    value: str
    takes: Takes
    order: int

    def __new__(cls, value: str) -> ActionKind:
        """The declared kind whose keyword is ``value`` (``ValueError`` if none is)."""
        found = cls._by_value.get(value)
        if found is None:
            known = ", ".join(k.value for k in cls._ordered)
            raise ValueError(f"{value!r} is not a declared action kind (known: {known})")
        return found

    @classmethod
    def declare(cls, name: str, value: str, takes: Takes, *, order: int) -> ActionKind:
        """The kind ``name`` with keyword ``value``, created on its first declaration.

        ``order`` places the word in the list of known words (``pass, look, …, play``): two
        kinds may not share a place, and a second declaration must repeat the first.
        """
        found = cls._by_name.get(name)
        if found is not None:
            if (found.value, found.takes, found.order) != (value, takes, order):
                raise ValueError(f"action kind {name} is already declared as {found.value!r} ({found.takes.value})")
            return found
        if value in cls._by_value:
            raise ValueError(f"the keyword {value!r} is already declared by {cls._by_value[value].name}")
        clash = next((k for k in cls._ordered if k.order == order), None)
        if clash is not None:
            raise ValueError(f"the place {order} among the known words is {clash.value!r}'s")
        kind = object.__new__(cls)
        for field, val in (("name", name), ("value", value), ("takes", takes), ("order", order)):
            object.__setattr__(kind, field, val)
        cls._by_name[name] = cls._by_value[value] = kind
        cls._ordered = tuple(sorted((*cls._ordered, kind), key=lambda k: k.order))
        # a class attribute from now on: ``ActionKind.LOOK`` is then read without the metaclass's
        # ``__getattr__`` (which runs only after a failed lookup has built its AttributeError:
        # about a microsecond, three times in some of 501's steps)
        type.__setattr__(cls, name, kind)
        return kind


#: A call in the auction that is no bid (every game: a pass is a call).
PASS = ActionKind.declare("PASS", "pass", Takes.NOTHING, order=0)
#: A bid in the auction (in points, or a call of the game's ladder).
BID = ActionKind.declare("BID", "bid", Takes.CALL, order=11)
#: The final contract: what the declarer undertakes, and trumps.
CONTRACT = ActionKind.declare("CONTRACT", "contract", Takes.CALL, order=12)
#: A card played to a trick.
PLAY = ActionKind.declare("PLAY", "play", Takes.CARD, order=16)

#: Modifiers a ``play`` may carry, and whether their argument is a suit, in the order of the known
#: words; each game declares its own (:func:`declare_modifier`).
MODIFIERS: dict[str, bool] = {}
_MODIFIER_ORDER: dict[str, int] = {}


def declare_modifier(word: str, *, suit: bool, order: int) -> str:
    """Declare ``word`` as a modifier of ``play`` (``play 9S marriage H``), its argument a suit
    (``suit=True``) or a word, at place ``order`` in the list of known modifiers; returns ``word``.

    A second declaration must repeat the first; two modifiers may not share a place."""
    if word in MODIFIERS:
        if (MODIFIERS[word], _MODIFIER_ORDER[word]) != (suit, order):
            raise ValueError(f"the modifier {word!r} is already declared otherwise")
        return word
    if order in _MODIFIER_ORDER.values():
        raise ValueError(f"the place {order} among the known modifiers is taken")
    _MODIFIER_ORDER[word] = order
    ordered = sorted((*MODIFIERS.items(), (word, suit)), key=lambda item: _MODIFIER_ORDER[item[0]])
    MODIFIERS.clear()
    MODIFIERS.update(ordered)
    return word


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
    kind = ActionKind._by_value.get(tokens[0].lower())
    if kind is None:
        raise _fail(text, "action_unknown_keyword", word=tokens[0], known=", ".join(map(str, ActionKind)))
    rest = tokens[1:]
    takes = kind.takes
    if takes is Takes.NUMBER or (takes is Takes.NUMBER_OR_NOTHING and rest):
        if len(rest) != 1 or not rest[0].isdigit():
            rule = "action_one_number" if takes is Takes.NUMBER else "action_number_or_nothing"
            raise _fail(text, rule, verb=kind.value)
        return Action(kind, number=int(rest[0]))
    if takes is Takes.NOTHING or takes is Takes.NUMBER_OR_NOTHING:
        if rest:
            raise _fail(text, "action_no_argument", verb=kind.value)
        return Action(kind)
    if takes is Takes.CALL:
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
        if kind is not PLAY or len(rest) != 3:
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

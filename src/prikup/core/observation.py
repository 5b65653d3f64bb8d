"""What a seat may know, as a typed value: the fields every game shares.

``State.observation(seat)`` returns a frozen :class:`Observation` of the game's own subclass
(``Obs501``, ``ObsFiveHundred``, ``ObsPyatsot``, ``ObsPreferans``): cards are :class:`Card`
values, suits :class:`Suit`, the phase a :class:`Phase`.  It holds exactly what the seat may
know and nothing more; :meth:`Observation.to_json` gives the JSON the server sends, the page
reads and bots outside Python receive (the same keys in the same order for every release).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, fields
from fractions import Fraction
from typing import Any, ClassVar, Literal, NamedTuple, TypeVar

from prikup.core.actions import Action, parse_action
from prikup.core.cards import Card, Suit, parse_card
from prikup.core.options import Rules, read_rules
from prikup.core.phases import Phase

__all__ = ["NO_TRUMP", "Observation", "Played", "TrickSeen", "Trump", "cards_json", "trick_json"]

#: An observation's type (:func:`quick_init`'s argument).
_O = TypeVar("_O", bound="Observation")

#: The trump of a no-trump contract.
NO_TRUMP: Literal["NT"] = "NT"
#: A contract's trumps: a suit or no trump.
Trump = Suit | Literal["NT"]


class Played(NamedTuple):
    """One card of a trick: who played it, the card, and the suit a joker was named as."""

    seat: int
    card: Card
    named: Suit | None = None


class TrickSeen(NamedTuple):
    """A finished trick: its cards in the order played, who took it, and (Five Hundred) the suit
    it was played in."""

    cards: tuple[Played, ...]
    winner: int
    suit: Suit | None = None


def cards_json(cards: Sequence[Card] | None) -> list[str] | None:
    """Cards as their notation (``None`` stays ``None``: not seen)."""
    return None if cards is None else [str(c) for c in cards]


def trick_json(trick: Sequence[Played]) -> list[list[Any]]:
    """A trick's cards as ``[seat, card]`` (``[seat, card, suit]`` for a named joker)."""
    return [[s, str(c)] if n is None else [s, str(c), n.name] for s, c, n in trick]


def trump_json(trump: Trump | None) -> str | None:
    """Trumps as ``S C D H``, ``NT``, or ``None`` before the contract."""
    return None if trump is None else trump if isinstance(trump, str) else trump.name


def cards_from_json(data: Sequence[str] | None) -> tuple[Card, ...] | None:
    """Cards from their notation (``None`` stays ``None``)."""
    return None if data is None else tuple(parse_card(c) for c in data)


def trick_from_json(data: Sequence[Sequence[Any]]) -> tuple[Played, ...]:
    """A trick's cards from ``[seat, card]`` / ``[seat, card, suit]`` entries."""
    return tuple(Played(int(e[0]), parse_card(e[1]), Suit[e[2]] if len(e) > 2 else None) for e in data)


#: the fields that may hold cards, per observation class
_FIELDS: dict[type[Observation], tuple[str, ...]] = {}


def _trump_from_json(data: str | None) -> Trump | None:
    return None if data is None else NO_TRUMP if data == NO_TRUMP else Suit[data]


def _score_from_json(value: int | str) -> int | Fraction:
    return value if isinstance(value, int) else Fraction(value)


def _field_names(obs: Observation) -> tuple[str, ...]:
    return tuple(f.name for f in fields(obs) if f.name not in ("options", "legal_actions", "last_result"))


def _mask_in(value: object) -> int:
    """The cards held anywhere in a value made of tuples, mappings and cards."""
    if isinstance(value, Card):
        return value.mask
    mask = 0
    if isinstance(value, tuple):
        for item in value:
            if isinstance(item, Card):
                mask |= item.mask
            elif isinstance(item, tuple | Mapping):
                mask |= _mask_in(item)
    elif isinstance(value, Mapping):
        for item in value.values():
            mask |= _mask_in(item)
    return mask


def quick_init(cls: type[_O]) -> type[_O]:
    """Give the frozen slotted dataclass ``cls`` an ``__init__`` that sets each field through its
    slot's own setter, the same parameters (names, order, defaults) as the dataclass's.

    A frozen dataclass's ``__init__`` sets each field with a lookup and a call of
    ``object.__setattr__`` (it cannot assign: its ``__setattr__`` refuses); an observation has 29
    to 45 fields, made for every frame the server sends and every decision a bot weighs, and that
    was a sixth of its cost.  The slot's setter does the same store in one call.  The instances
    stay frozen (the class's ``__setattr__`` still refuses) and equal as before.

    It also gives ``cls`` a ``__hash__`` that reads a mapping field (``last_result`` at a deal's
    end, preferans's ``hands_seen``) as its sorted items: the dataclass's own hashed the fields
    as they are and raised ``TypeError`` on a dict, so the observations of preferans and of any
    game's last deal could not be hashed (a set of observations, a table keyed by them)."""
    params: list[str] = []
    lines: list[str] = []
    space: dict[str, Any] = {}
    for i, f in enumerate(fields(cls)):
        if f.default_factory is not MISSING or not f.init:  # pragma: no cover - no observation field is so
            raise TypeError(f"{cls.__name__}.{f.name}: a default factory or init=False is not supported")
        if f.default is MISSING:
            params.append(f.name)
        else:
            space[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        space[f"_set{i}"] = getattr(cls, f.name).__set__
        lines.append(f"    _set{i}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(lines) + "\n"
    exec(source, space)
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    names = tuple(f.name for f in fields(cls))

    def __hash__(self: object) -> int:
        return hash(tuple([_hashable(getattr(self, name)) for name in names]))

    __hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
    cls.__hash__ = __hash__  # type: ignore[method-assign]
    return cls


def _hashable(value: object) -> object:
    """``value`` as a hashable value equal for equal values: a mapping as the tuple of its items
    sorted by key (keys of one kind: the record's JSON), a list as a tuple, each item alike."""
    if isinstance(value, Mapping):
        return tuple(sorted(((k, _hashable(v)) for k, v in value.items()), key=lambda kv: repr(kv[0])))
    if type(value) is list or type(value) is tuple:  # a plain one: a named tuple hashes as it is
        return tuple([_hashable(v) for v in value])
    return value


@dataclass(frozen=True, slots=True)
class Observation:
    """The fields every game's observation has.

    ``options`` are the game's typed options (``game.rules``).  ``seat`` is ``None`` for a
    spectator.  ``scores`` are ints (preferans: exact whist
    balances).  ``legal_actions`` is given to the seat to act only
    (else ``None``).  ``hand`` is ``None`` where the seat does not see its own cards (a
    spectator, a seat sitting the deal out, 501's dark).  ``talon`` is what of the talon or
    kitty the seat has seen, ``None`` if nothing.  ``trump`` is ``None`` until there is a
    contract.  ``last_result`` is the last finished deal's result (the record's JSON), ``None``
    while a deal is in progress.
    """

    #: the class of the game's typed options (``from_json`` reads them with it)
    RULES: ClassVar[type[Rules]] = Rules

    game: str
    options: Rules
    seat: int | None
    phase: Phase
    deal: int
    dealer: int
    to_act: int | None
    scores: tuple[int | Fraction, ...]
    winners: tuple[int, ...]
    legal_actions: tuple[Action, ...] | None
    active: tuple[int, ...]
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    calls: tuple[tuple[int, str], ...]
    declarer: int | None
    trump: Trump | None
    talon: tuple[Card, ...] | None
    trick: tuple[Played, ...]
    tricks: tuple[TrickSeen, ...]
    tricks_won: tuple[int, ...]
    last_result: Mapping[str, Any] | None

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit, ``None`` before the contract and in a no-trump contract."""
        trump = self.trump
        return trump if isinstance(trump, Suit) else None

    def card_mask(self) -> int:
        """The bitmask of every card this observation shows (hands, talon, tricks, gifts…)."""
        return _mask_in(tuple(getattr(self, name) for name in _FIELDS.setdefault(type(self), _field_names(self))))

    @property
    def cards_played(self) -> list[Card]:
        """Every card played this deal, the finished tricks first."""
        return [p.card for t in self.tricks for p in t.cards] + [p.card for p in self.trick]

    def to_json(self) -> dict[str, Any]:
        """The observation as JSON values: the shared fields, the game's own, then the legal
        actions (to the seat to act only)."""
        out: dict[str, Any] = {
            "game": self.game,
            "options": self.options.as_options(),
            "seat": self.seat,
            "phase": self.phase.value,
            "deal": self.deal,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "scores": list(self.scores),
            "winners": list(self.winners),
        }
        self._game_json(out)
        if self.legal_actions is not None:
            out["legal_actions"] = [str(a) for a in self.legal_actions]
        return out

    def _game_json(self, out: dict[str, Any]) -> None:
        """Add the game's own keys, in the game's order."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Observation:
        """The observation :meth:`to_json` wrote (what a bot outside the server's process reads
        from the wire); ``cls`` is the game's observation class."""
        legal = data.get("legal_actions")
        tricks = tuple(
            TrickSeen(
                trick_from_json(t["cards"]),
                int(t["winner"]),
                Suit[t["suit"]] if t.get("suit") is not None else None,
            )
            for t in data["tricks"]
        )
        return cls(
            game=data["game"],
            options=read_rules(cls.RULES, data["options"]),
            seat=data["seat"],
            phase=Phase(data["phase"]),
            deal=data["deal"],
            dealer=data["dealer"],
            to_act=data["to_act"],
            scores=tuple(_score_from_json(v) for v in data["scores"]),
            winners=tuple(data["winners"]),
            legal_actions=None if legal is None else tuple(parse_action(a) for a in legal),
            active=tuple(data["active"]),
            hand=cards_from_json(data["hand"]),
            hand_sizes=tuple(data["hand_sizes"]),
            calls=tuple((int(s), str(c)) for s, c in data["calls"]),
            declarer=data["declarer"],
            trump=_trump_from_json(data["trump"]),
            talon=cards_from_json(data["talon"]),
            trick=trick_from_json(data["trick"]),
            tricks=tricks,
            tricks_won=tuple(data["tricks_won"]),
            last_result=data["last_result"],
            **cls._game_from_json(data),
        )

    @classmethod
    def _game_from_json(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        """The game's own fields from its JSON keys."""
        raise NotImplementedError

    def _tricks_json(self) -> list[dict[str, Any]]:
        return [{"cards": trick_json(t.cards), "winner": t.winner} for t in self.tricks]

"""Cards, suits, ranks and card sets.

A card is a small immutable value with a stable integer id, printed in the project's notation
(``AS``, ``TH``, ``11D``, ``JK``).  Sets of cards are plain ``int`` bitmasks in the hot paths:
bit ``card.id`` is set when the card is in the set.  Every possible card of every deck the
project knows has its own id:

* ``suit * 16 + rank`` for a suited card (16 rank slots per suit),
* 64 for ``JK`` (the single joker), 65 and 66 for ``JK1`` / ``JK2`` (two-joker decks).

The generic rank order (2 … 10, 11, 12, 13, J, Q, K, A) is only a numbering; each game
defines its own order and card points.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import IntEnum
from typing import ClassVar

from prikup.core.errors import CardParseError
from prikup.core.pure import PURE
from prikup.core.refusals import refusal

__all__ = [
    "JOKER",
    "JOKER1",
    "JOKER2",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Card",
    "Rank",
    "Suit",
    "cards_of",
    "cards_of_reference",
    "format_cards",
    "iter_ids",
    "mask_of",
    "parse_card",
    "parse_cards",
    "popcount",
    "suit_mask",
]


class Suit(IntEnum):
    """The four suits, numbered in bidding order (spades lowest, hearts highest)."""

    S = 0
    C = 1
    D = 2
    H = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠ ♣ ♦ ♥."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.D, Suit.H)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S C D H`` or a suit symbol, case-insensitively."""
        key = text.strip().upper()
        suit = _SUIT_BY_TEXT.get(key)
        if suit is None:
            raise CardParseError(refusal("card_bad_suit", text=text))
        return suit

    def __str__(self) -> str:
        return self.name


SUIT_SYMBOLS = {Suit.S: "♠", Suit.C: "♣", Suit.D: "♦", Suit.H: "♥"}
#: each suit's name, indexed by the suit (a member's ``name`` is a Python descriptor call: the
#: deal's results read it)
SUIT_NAMES: tuple[str, ...] = tuple([s.name for s in Suit])
_SUIT_BY_TEXT = {s.name: s for s in Suit} | {v: k for k, v in SUIT_SYMBOLS.items()}
_SUIT_BY_TEXT |= {"♤": Suit.S, "♧": Suit.C, "♢": Suit.D, "♡": Suit.H}


class Rank(IntEnum):
    """Rank slots, numbered in the generic order; games define their own order."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    ELEVEN = 9
    TWELVE = 10
    THIRTEEN = 11
    JACK = 12
    QUEEN = 13
    KING = 14
    ACE = 15

    @property
    def code(self) -> str:
        """The rank's notation: ``A K Q J T 9 … 2`` and ``11 12 13``."""
        return _RANK_CODES[self]

    def __str__(self) -> str:
        return self.code


_RANK_CODES = {
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.ELEVEN: "11",
    Rank.TWELVE: "12",
    Rank.THIRTEEN: "13",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_BY_TEXT = {code: rank for rank, code in _RANK_CODES.items()} | {"10": Rank.TEN}

_JOKER_IDS = {64: "JK", 65: "JK1", 66: "JK2"}
_MAX_ID = 66


#: each suit and rank by its number (an enum's call looks its member up in Python: a card's
#: ``suit`` is read at every lead a game carries out and in every observation)
_SUIT_OF: tuple[Suit, ...] = tuple(Suit)
_RANK_OF: tuple[Rank, ...] = tuple(Rank)


class Card:
    """An immutable playing card; ``Card(id)`` returns the one shared instance for that id."""

    __slots__ = ("id",)
    _cache: ClassVar[dict[int, Card]] = {}
    id: int

    def __new__(cls, card_id: int) -> Card:
        """The card with id ``card_id`` (see the module docstring)."""
        card = cls._cache.get(card_id)
        if card is not None:
            return card
        if not (0 <= card_id < 64 or card_id in _JOKER_IDS):
            raise CardParseError(refusal("card_bad_id", id=card_id))
        card = object.__new__(cls)
        object.__setattr__(card, "id", card_id)
        cls._cache[card_id] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.id,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The suited card of ``rank`` and ``suit``."""
        return cls(int(suit) * 16 + int(rank))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code; see :func:`parse_card`."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        """True for ``JK``, ``JK1`` and ``JK2``."""
        return self.id >= 64

    @property
    def suit(self) -> Suit | None:
        """The printed suit, or ``None`` for a joker."""
        return None if self.id >= 64 else _SUIT_OF[self.id >> 4]

    @property
    def rank(self) -> Rank | None:
        """The printed rank, or ``None`` for a joker."""
        return None if self.id >= 64 else _RANK_OF[self.id & 15]

    @property
    def mask(self) -> int:
        """The card as a one-card bitmask."""
        return 1 << self.id

    def pretty(self) -> str:
        """The card with a suit symbol, e.g. ``A♠`` or ``10♥``."""
        if self.id >= 64:
            return _JOKER_IDS[self.id]
        rank = Rank(self.id & 15)
        code = "10" if rank is Rank.TEN else rank.code
        return code + SUIT_SYMBOLS[Suit(self.id >> 4)]

    def __str__(self) -> str:
        return _TEXT[self.id]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __hash__(self) -> int:
        return self.id

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other.id == self.id)


#: Every card by id, and its text (``None`` for the unused ids 67..).
_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(_MAX_ID + 1))
_TEXT: tuple[str, ...] = tuple(
    _JOKER_IDS[i] if i >= 64 else _RANK_CODES[Rank(i & 15)] + Suit(i >> 4).name for i in range(_MAX_ID + 1)
)

JOKER = Card(64)
JOKER1 = Card(65)
JOKER2 = Card(66)

_CARD_BY_TEXT: dict[str, Card] = {"JK": JOKER, "JK1": JOKER1, "JK2": JOKER2}
for _suit in Suit:
    for _rank in Rank:
        _card = Card.of(_rank, _suit)
        _CARD_BY_TEXT[_rank.code + _suit.name] = _card
        if _rank is Rank.TEN:
            _CARD_BY_TEXT["10" + _suit.name] = _card


def parse_card(text: str) -> Card:
    """Parse a card code such as ``AS``, ``th``, ``10♥``, ``11D`` or ``JK``.

    Raises :class:`CardParseError` (a ``ValueError``) naming the bad token, also when ``text`` is
    not text at all (a number or a list read from a malformed record).
    """
    if not isinstance(text, str):
        raise CardParseError(refusal("card_bad", text=str(text)))
    key = text.strip().upper()
    card = _CARD_BY_TEXT.get(key)
    if card is not None:
        return card
    if len(key) >= 2 and key[-1] in _SUIT_BY_TEXT:
        card = _CARD_BY_TEXT.get(key[:-1] + _SUIT_BY_TEXT[key[-1]].name)
        if card is not None:
            return card
    raise CardParseError(refusal("card_bad", text=text))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas, or an iterable of card codes."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


def iter_ids(mask: int) -> Iterator[int]:
    """The card ids in a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of_reference(mask: int) -> list[Card]:
    """The cards in a bitmask, in id order (the Python reference of :data:`cards_of`)."""
    if mask < 0 or mask >> len(_CARDS):
        raise ValueError(f"a card mask holds ids 0..{len(_CARDS) - 1} only")
    cards = _CARDS
    out = []
    while mask:
        low = mask & -mask
        out.append(cards[low.bit_length() - 1])
        mask ^= low
    return out


#: The cards in a bitmask, in id order (a new list): in C where the extension is built and
#: ``PRIKUP_PURE`` is not set (an observation lists a hand and a trick this way), else
#: :func:`cards_of_reference`.
cards_of: Callable[[int], list[Card]] = cards_of_reference
if not PURE:
    try:  # (a tree without the built extension imports its source folder: no such names there)
        from prikup.core._fastcore import cards_of as _cards_of_c
        from prikup.core._fastcore import set_cards as _set_cards
    except ImportError:  # pragma: no cover - the extension is not built
        pass
    else:
        _set_cards(_CARDS)
        cards_of = _cards_of_c


def popcount(mask: int) -> int:
    """The number of cards in a bitmask."""
    return mask.bit_count()


def suit_mask(suit: Suit) -> int:
    """The bitmask of every printed card of ``suit`` (all 16 rank slots)."""
    return 0xFFFF << (int(suit) * 16)


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards joined by spaces, in notation or with suit symbols."""
    return " ".join(c.pretty() if pretty else str(c) for c in cards)

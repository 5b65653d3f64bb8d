"""The data of Five Hundred: decks, calls, scoring tables and the bid ladder each table implies.

Everything here is data plus small pure functions, so a variant of seed 004 (a 45- or 63-card
deck, two jokers, a table with Hi/Lo or blind misère, a different misère placement) is a new
entry, not new engine code.

Calls are numbered once for every table (:data:`CALLS`): the 25 contract calls ``6S`` … ``10NT``
(level-major, strains ``S C D H NT``), then ``MIS`` and ``OMIS``.  A table gives each call its
value and its *precedence* (its place in :meth:`ScoringTable.ladder`, higher outbids lower; the
game holds it as a :class:`~prikup.core.ladder.Ladder` in its rules value).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from prikup.core.cards import Card, Rank, Suit

__all__ = [
    "CALLS",
    "CALL_INDEX",
    "DECKS",
    "LEVELS",
    "MISERE",
    "MISERE_CALLS",
    "OPEN_MISERE",
    "STRAINS",
    "TABLES",
    "DeckSpec",
    "ScoringTable",
    "call_level",
    "call_strain",
    "deal_pattern",
]

#: Bidding strains, lowest first; ``NT`` is no-trump.
STRAINS: Final = ("S", "C", "D", "H", "NT")
#: Contract levels (tricks promised).
LEVELS: Final = (6, 7, 8, 9, 10)
MISERE: Final = "MIS"
OPEN_MISERE: Final = "OMIS"
MISERE_CALLS: Final = (MISERE, OPEN_MISERE)
#: Every call of every table, in a fixed order (their position is their id).
CALLS: tuple[str, ...] = tuple(f"{lv}{st}" for lv in LEVELS for st in STRAINS) + MISERE_CALLS
CALL_INDEX: MappingProxyType[str, int] = MappingProxyType({c: i for i, c in enumerate(CALLS)})


def call_level(call: str) -> int | None:
    """Tricks promised by a contract call (``None`` for a misère)."""
    return None if call in MISERE_CALLS else int(call[:-2] if call.endswith("NT") else call[:-1])


def call_strain(call: str) -> str | None:
    """``S C D H NT`` of a contract call (``None`` for a misère)."""
    if call in MISERE_CALLS:
        return None
    return "NT" if call.endswith("NT") else call[-1]


# -- decks ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckSpec:
    """A deck as data: the ranks kept in every suit, extra single cards, and the jokers.

    ``ranks`` are listed high to low (the plain-suit order; the generic :class:`Rank` numbering
    already orders A K Q J 13 12 11 10 … 2 the way seed 004 does).
    """

    name: str
    ranks: tuple[Rank, ...]
    extra: tuple[tuple[Rank, Suit], ...] = ()
    jokers: tuple[str, ...] = ()

    def cards(self) -> tuple[Card, ...]:
        """The deck's cards in a fixed order: suits S C D H, ranks high to low, then jokers."""
        out = [Card.of(r, s) for s in Suit for r in self.ranks]
        out += [Card.of(r, s) for r, s in self.extra]
        out.sort(key=lambda c: (int(c.suit or 0), -int(c.rank or 0)))
        out += [Card.parse(j) for j in self.jokers]
        return tuple(out)

    @property
    def size(self) -> int:
        """How many cards the deck has."""
        return len(self.ranks) * 4 + len(self.extra) + len(self.jokers)


_R = Rank
_A_TO_5 = (_R.ACE, _R.KING, _R.QUEEN, _R.JACK, _R.TEN, _R.NINE, _R.EIGHT, _R.SEVEN, _R.SIX, _R.FIVE)
_A_TO_7 = _A_TO_5[:8]
_RED_FOURS = ((_R.FOUR, Suit.D), (_R.FOUR, Suit.H))

#: Every deck the project knows, by name.  The ``deck`` option offers the four of the issue;
#: the others are here so that the seed-004 variants are data when they come.
DECKS: MappingProxyType[str, DeckSpec] = MappingProxyType(
    {
        "43": DeckSpec("43", _A_TO_5, _RED_FOURS, ("JK",)),
        "42": DeckSpec("42", _A_TO_5, _RED_FOURS),
        "33": DeckSpec("33", _A_TO_7, (), ("JK",)),
        "32": DeckSpec("32", _A_TO_7),
        # later variants (not offered by the `deck` option yet):
        "45": DeckSpec("45", (*_A_TO_5, _R.FOUR), (), ("JK",)),
        "46": DeckSpec("46", (*_A_TO_5, _R.FOUR), (), ("JK1", "JK2")),
        "63": DeckSpec(
            "63",
            (_R.ACE, _R.KING, _R.QUEEN, _R.JACK, _R.TWELVE, _R.ELEVEN, _R.TEN, *_A_TO_5[5:], _R.FOUR, _R.THREE, _R.TWO),
            ((_R.THIRTEEN, Suit.D), (_R.THIRTEEN, Suit.H)),
            ("JK",),
        ),
    }
)


def deal_pattern(hands: int, hand_size: int, kitty: int, style: str) -> list[tuple[int, int]]:
    """The packets of a deal as ``(target, count)``; target -1 is the kitty.

    ``spread`` (seed 004, 4 hands): 3 each, kitty, 4 each, kitty, 3 each, kitty, the kitty's
    cards split as evenly as possible over its three turns (1-1-1 for three cards).
    ``widow`` (seed 001, 3 hands): 3 each, the whole widow, 4 each, 3 each.
    """
    rounds = (3, 4, hand_size - 7)
    if style == "widow":
        kitty_parts = [kitty, 0, 0]
    else:
        kitty_parts = [kitty // 3 + (1 if i < kitty % 3 else 0) for i in range(3)]
    packets: list[tuple[int, int]] = []
    for size, k in zip(rounds, kitty_parts, strict=True):
        packets += [(h, size) for h in range(hands)]
        if k:
            packets.append((-1, k))
    return packets


# -- scoring tables ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoringTable:
    """A scoring table: the value of each call, and the precedence of bids it implies.

    ``contracts[level][strain]`` is a contract's value; ``misere`` and ``open_misere`` the
    misères'.  ``others`` keeps the table's values for bids the project does not offer yet
    (blind misère, Hi/Lo, ...).  Bids rank by value; ``tiebreak`` says how equal values rank:
    ``none`` (the table has no ties among contracts) or ``tricks_then_suit`` (Original).  A
    misère of the same value as a contract ranks just *below* it (Avondale: open misère 500
    below 10H 500).
    """

    name: str
    contracts: dict[int, dict[str, int]]
    misere: int
    open_misere: int
    slam: int = 250
    tiebreak: str = "none"
    others: dict[str, int] = field(default_factory=dict)

    def value(self, call: str) -> int:
        """The points a call is worth."""
        if call == MISERE:
            return self.misere
        if call == OPEN_MISERE:
            return self.open_misere
        level, strain = call_level(call), call_strain(call)
        assert level is not None and strain is not None
        return self.contracts[level][strain]

    def precedence_key(self, call: str) -> tuple[int, int, int, int]:
        """A sort key: a call outbids every call with a smaller key."""
        value = self.value(call)
        if call in MISERE_CALLS:
            return (value, 0, 0, 0)
        level, strain = call_level(call), call_strain(call)
        assert level is not None and strain is not None
        if self.tiebreak == "tricks_then_suit":
            return (value, 1, level, STRAINS.index(strain))
        return (value, 1, 0, 0)

    def ladder(self) -> tuple[str, ...]:
        """Every call, lowest bid first."""
        return tuple(sorted(CALLS, key=self.precedence_key))


def _grid(rows: dict[int, tuple[int, int, int, int, int]]) -> dict[int, dict[str, int]]:
    return {level: dict(zip(STRAINS, values, strict=True)) for level, values in rows.items()}


AVONDALE = ScoringTable(
    "avondale",
    _grid(
        {
            6: (40, 60, 80, 100, 120),
            7: (140, 160, 180, 200, 220),
            8: (240, 260, 280, 300, 320),
            9: (340, 360, 380, 400, 420),
            10: (440, 460, 480, 500, 520),
        }
    ),
    misere=250,
    open_misere=500,
    others={"blind misère": 1000},
)

ORIGINAL = ScoringTable(
    "original",
    _grid(
        {
            6: (40, 80, 120, 160, 200),
            7: (60, 120, 180, 240, 300),
            8: (80, 160, 240, 320, 400),
            9: (100, 200, 300, 400, 500),
            10: (120, 240, 360, 480, 600),
        }
    ),
    misere=250,
    open_misere=500,
    tiebreak="tricks_then_suit",
    others={"blind misère": 1000},
)

IDEAL = ScoringTable(
    "ideal",
    _grid(
        {
            6: (20, 40, 60, 80, 100),
            7: (120, 140, 160, 180, 200),
            8: (220, 240, 260, 280, 300),
            9: (320, 340, 360, 380, 400),
            10: (420, 440, 460, 480, 500),
        }
    ),
    misere=150,
    open_misere=250,
    others={"hi/lo": 350, "double misère": 450, "patastrophe": 750, "blind misère": 1000},
)

#: The tables by the name the ``table`` option takes.
TABLES: MappingProxyType[str, ScoringTable] = MappingProxyType({t.name: t for t in (AVONDALE, ORIGINAL, IDEAL)})

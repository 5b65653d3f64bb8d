"""The data of Five Hundred: decks, calls, scoring tables and the bid ladder each table implies.

Everything here is data plus small pure functions, so a variant (a 45- or 63-card
deck, two jokers, a table with Hi/Lo or blind misère, a different misère placement) is a new
entry, not new engine code.

Calls are numbered once for every table (:data:`CALLS`): the 25 contract calls ``6S`` … ``10NT``
(level-major, strains ``S C D H NT``), then ``MIS`` and ``OMIS``.  A table gives each call its
value and its *precedence* (its place in :meth:`ScoringTable.ladder`, higher outbids lower; the
game holds it as a :class:`~prikup.core.ladder.Ladder` in its rules value).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final

from prikup.core.cards import Card, Rank, Suit

__all__ = [
    "BLIND_MISERE",
    "CALLS",
    "CALL_INDEX",
    "CONTRACT_CALLS",
    "DECKS",
    "DECK_FORMS",
    "DOUBLE_MISERE",
    "DOUBLE_SHIELDS",
    "EXTRA_CALLS",
    "HI_LO",
    "LEVELS",
    "MANY_DECKS",
    "MANY_FORMS",
    "MISERE",
    "MISERE_CALLS",
    "MISERE_RANKS",
    "OPEN_MISERE",
    "OPEN_MISERE_CALLS",
    "PATASTROPHE",
    "STRAINS",
    "TABLES",
    "DeckSpec",
    "ScoringTable",
    "call_level",
    "call_strain",
    "deal_pattern",
    "six_units",
]

#: Bidding strains, lowest first; ``NT`` is no-trump.
STRAINS: Final = ("S", "C", "D", "H", "NT")
#: Contract levels (tricks promised).
LEVELS: Final = (6, 7, 8, 9, 10)
MISERE: Final = "MIS"
OPEN_MISERE: Final = "OMIS"
#: the non-standard bids, each under its option: blind misère (bid before a look at the
#: cards: here only as the bidder's first call), double misère (grand nullo: both partners play
#: and neither may take a trick) and Hi/Lo (5 and 5: exactly five tricks, in no-trump)
BLIND_MISERE: Final = "BMIS"
DOUBLE_MISERE: Final = "DMIS"
HI_LO: Final = "HILO"
#: double misère with the bidder's hand played open after the first trick (double shields) and
#: with both partners' hands open (patastrophe)
DOUBLE_SHIELDS: Final = "DSHL"
PATASTROPHE: Final = "PAT"
#: the contracts to take no trick at all
MISERE_CALLS: Final = (MISERE, OPEN_MISERE, BLIND_MISERE, DOUBLE_MISERE, DOUBLE_SHIELDS, PATASTROPHE)
#: the misères whose bidder lays his hand face up after the first trick (patastrophe: his
#: partner's too)
OPEN_MISERE_CALLS: Final = (OPEN_MISERE, DOUBLE_SHIELDS, PATASTROPHE)
#: the calls beyond the standard game's, offered only under their options
EXTRA_CALLS: Final = (BLIND_MISERE, DOUBLE_MISERE, HI_LO, DOUBLE_SHIELDS, PATASTROPHE)
#: the contract calls 6S ... 10NT
CONTRACT_CALLS: tuple[str, ...] = tuple(f"{lv}{st}" for lv in LEVELS for st in STRAINS)
#: Every call of every table, in a fixed order (their position is their id).
CALLS: tuple[str, ...] = (*CONTRACT_CALLS, MISERE, OPEN_MISERE, *EXTRA_CALLS)
CALL_INDEX: MappingProxyType[str, int] = MappingProxyType({c: i for i, c in enumerate(CALLS)})
_CONTRACTS = frozenset(CONTRACT_CALLS)
#: the level and strain of each contract call (read several times at every deal's end)
_LEVEL_OF: dict[str, int] = {f"{lv}{st}": lv for lv in LEVELS for st in STRAINS}
_STRAIN_OF: dict[str, str] = {f"{lv}{st}": st for lv in LEVELS for st in STRAINS}


def call_level(call: str) -> int | None:
    """Tricks promised by a contract call (``None`` for a misère or Hi/Lo)."""
    return _LEVEL_OF.get(call)


def call_strain(call: str) -> str | None:
    """``S C D H NT`` of a contract call (``None`` for a misère or Hi/Lo: played in no-trump)."""
    return _STRAIN_OF.get(call)


# -- decks ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckSpec:
    """A deck as data: the ranks kept in every suit, extra single cards, and the jokers.

    ``ranks`` are listed high to low (the plain-suit order; the generic :class:`Rank` numbering
    already orders A K Q J 13 12 11 10 … 2 the way the 63-card variant does).
    """

    name: str
    ranks: tuple[Rank, ...]
    extra: tuple[tuple[Rank, Suit], ...] = ()
    jokers: tuple[str, ...] = ()
    #: with 4S and 4D removed (4C and 4H kept) the 4 of the trumps' colour is a trump,
    #: so that a suit contract always has 13 trumps (14 with two jokers)
    colour_fours: bool = False

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
_CLUB_HEART_FOURS = ((_R.FOUR, Suit.C), (_R.FOUR, Suit.H))

#: Every deck the project knows, by name (the standard deck, the variants' and American preferans's):
#: the ``deck`` option
#: offers each where the player count fits (:data:`DECK_FORMS`); the 63-card deck of the
#: six-handed game is data for the forms still to come.
DECKS: MappingProxyType[str, DeckSpec] = MappingProxyType(
    {
        "43": DeckSpec("43", _A_TO_5, _RED_FOURS, ("JK",)),
        "42": DeckSpec("42", _A_TO_5, _RED_FOURS),
        "44": DeckSpec("44", _A_TO_5, _RED_FOURS, ("JK1", "JK2")),
        "43_colour_fours": DeckSpec("43_colour_fours", _A_TO_5, _CLUB_HEART_FOURS, ("JK",), colour_fours=True),
        "44_colour_fours": DeckSpec("44_colour_fours", _A_TO_5, _CLUB_HEART_FOURS, ("JK1", "JK2"), colour_fours=True),
        "33": DeckSpec("33", _A_TO_7, (), ("JK",)),
        "32": DeckSpec("32", _A_TO_7),
        "45": DeckSpec("45", (*_A_TO_5, _R.FOUR), (), ("JK",)),
        "46": DeckSpec("46", (*_A_TO_5, _R.FOUR), (), ("JK1", "JK2")),
        "63": DeckSpec(
            "63",
            (_R.ACE, _R.KING, _R.QUEEN, _R.JACK, _R.TWELVE, _R.ELEVEN, _R.TEN, *_A_TO_5[5:], _R.FOUR, _R.THREE, _R.TWO),
            ((_R.THIRTEEN, Suit.D), (_R.THIRTEEN, Suit.H)),
            ("JK",),
        ),
        # five and six players: the full pack and one joker; the 63-card deck with two jokers
        "53": DeckSpec("53", (*_A_TO_5, _R.FOUR, _R.THREE, _R.TWO), (), ("JK",)),
        "64": DeckSpec(
            "64",
            (*_A_TO_5[:4], _R.TWELVE, _R.ELEVEN, *_A_TO_5[4:], _R.FOUR, _R.THREE, _R.TWO),
            ((_R.THIRTEEN, Suit.D), (_R.THIRTEEN, Suit.H)),
            ("JK1", "JK2"),
        ),
    }
)


#: The decks each form may use: the partnership game (4 hands of 10), each-for-himself play
#: (3 hands of 10), five hands of 10 (52 cards and the joker) and six (63 or 64 cards).  The
#: kitty is what is left: 2 to 6 cards.
DECK_FORMS: MappingProxyType[str, tuple[str, ...]] = MappingProxyType(
    {
        "partnership": ("43", "42", "44", "45", "46", "43_colour_fours", "44_colour_fours"),
        "single": ("33", "32"),
        "five": ("53",),
        "six": ("63", "64"),
    }
)


#: five and six players: the form of :data:`DECK_FORMS` and the deck ``auto`` means
MANY_FORMS: MappingProxyType[int, str] = MappingProxyType({5: "five", 6: "six"})
MANY_DECKS: MappingProxyType[int, str] = MappingProxyType({5: "53", 6: "63"})


def six_units(teams: str) -> tuple[tuple[int, ...], ...]:
    """Six players' sides: two teams of three on alternate seats (``threes``), or three teams of
    two with partners opposite (``pairs``)."""
    if teams == "pairs":
        return ((0, 3), (1, 4), (2, 5))
    return ((0, 2, 4), (1, 3, 5))


def deal_pattern(hands: int, hand_size: int, kitty: int, style: str) -> list[tuple[int, int]]:
    """The packets of a deal as ``(target, count)``; target -1 is the kitty.

    ``spread`` (the standard game, 4 hands): 3 each, kitty, 4 each, kitty, 3 each, kitty, the kitty's
    cards split as evenly as possible over its three turns (1-1-1 for three cards).
    ``widow`` (American preferans, 3 hands): 3 each, the whole widow, 4 each, 3 each.
    """
    rounds = (3, 4, hand_size - 7)
    if style == "widow":
        kitty_parts = [kitty, 0, 0]
    elif kitty == 5:
        kitty_parts = [3, 2, 0]
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
    below 10H 500), unless ``placed`` puts it just above a named contract whatever its value
    (the Australian, colour-split and French-Canadian precedences).
    """

    name: str
    contracts: dict[int, dict[str, int]]
    misere: int
    open_misere: int
    slam: int = 250
    tiebreak: str = "none"
    others: dict[str, int] = field(default_factory=dict)
    placed: dict[str, str] = field(default_factory=dict)

    def value(self, call: str) -> int:
        """The points a call is worth."""
        if call == MISERE:
            return self.misere
        if call == OPEN_MISERE:
            return self.open_misere
        if call in _EXTRA_VALUES:
            key, usual = _EXTRA_VALUES[call]
            return self.others.get(key, usual)
        level, strain = call_level(call), call_strain(call)
        assert level is not None and strain is not None
        return self.contracts[level][strain]

    def precedence_key(self, call: str) -> tuple[int, int, int, int, int]:
        """A sort key: a call outbids every call with a smaller key."""
        anchor = self.placed.get(call, _EXTRA_PLACED.get(call))
        if anchor is not None:
            return (*self.precedence_key(anchor)[:4], 1)
        value = self.value(call)
        if call not in _CONTRACTS:
            return (value, 0, 0, 0, 0)
        level, strain = call_level(call), call_strain(call)
        assert level is not None and strain is not None
        if self.tiebreak == "tricks_then_suit":
            return (value, 1, level, STRAINS.index(strain), 0)
        return (value, 1, 0, 0, 0)

    def ladder(self, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The standard game's calls and the ``extra`` ones offered, lowest bid first."""
        return tuple(sorted((*CONTRACT_CALLS, MISERE, OPEN_MISERE, *extra), key=self.precedence_key))

    def ranked(self, rank: str) -> ScoringTable:
        """This table with the misère precedence ``rank`` of :data:`MISERE_RANKS` (``table``:
        itself)."""
        if rank == "table":
            return self
        placed, values = MISERE_RANKS[rank]
        return replace(
            self,
            placed={**self.placed, **placed},
            misere=values.get(MISERE, self.misere),
            open_misere=values.get(OPEN_MISERE, self.open_misere),
        )


#: the extra calls' values: the table's own (its ``others``) or the rules' usual one — Hi/Lo
#: "usually 350", double misère 450 (the Ideal table's: the only value the rules give),
#: patastrophe 1000 (the bid's own description; the Ideal table says 750), double shields 600 (the
#: seed gives none: halfway between double misère and the Ideal table's patastrophe)
_EXTRA_VALUES: dict[str, tuple[str, int]] = {
    BLIND_MISERE: ("blind misère", 1000),
    DOUBLE_MISERE: ("double misère", 450),
    HI_LO: ("hi/lo", 350),
    DOUBLE_SHIELDS: ("double shields", 600),
    PATASTROPHE: ("patastrophe", 1000),
}
#: Hi/Lo "beats 9S or 9C but not 9D or 9H" whatever its value
_EXTRA_PLACED: dict[str, str] = {HI_LO: "9C"}


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

#: French-Canadian 500: the Avondale contracts; petite misère 500, outbid only by 8NT
#: (it ranks just above 8H), grande (open) misère 1000, outbid only by 10NT.
FRENCH_CANADIAN = replace(
    AVONDALE,
    name="french_canadian",
    misere=500,
    open_misere=1000,
    others={},
    placed={MISERE: "8H", OPEN_MISERE: "10H"},
)

#: The tables by the name the ``table`` option takes.
TABLES: MappingProxyType[str, ScoringTable] = MappingProxyType(
    {t.name: t for t in (AVONDALE, ORIGINAL, IDEAL, FRENCH_CANADIAN)}
)

#: The misère precedences of the variants (option ``misere_rank``): the calls each places just above
#: a contract, and the values it changes.  ``australian``: misère beats a 7 bid but not an 8,
#: open misère 520 is the top bid; ``colour_split``: misère beats 7S/7C but not 7D/7H, open
#: misère 8S/8C but not 8D/8H; ``omis_330``: open misère worth 330, between 8NT and 9S.
MISERE_RANKS: MappingProxyType[str, tuple[dict[str, str], dict[str, int]]] = MappingProxyType(
    {
        "australian": ({MISERE: "7NT", OPEN_MISERE: "10NT"}, {OPEN_MISERE: 520}),
        "colour_split": ({MISERE: "7C", OPEN_MISERE: "8C", HI_LO: "9C", DOUBLE_MISERE: "10C"}, {}),
        "omis_330": ({OPEN_MISERE: "8NT"}, {OPEN_MISERE: 330}),
    }
)

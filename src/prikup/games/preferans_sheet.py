"""The preferans score sheet (Rostov / "Academic" convention) as an immutable value.

A :class:`Sheet` holds every player's **pulya** (points toward the agreed target), **gora**
(penalty points, starting at ``start_gora``) and the **whists** every player has written on every
other.  Every operation is a pure function returning a new sheet; nothing here knows about cards
beyond the talon premium.  The same operations also write a :class:`SheetDraft` (the sheet's
fields as lists) in place and return it: a deal's scoring writes one draft and freezes it once,
instead of building a sheet for every write (a failed six wrote seven sheets, ~1.5 us each).

Units: 1 pulya point = 1 gora point = 10 whists whenever points are converted (help, write-offs,
settlement).  Whists are exact: an ``int`` while whole, a :class:`fractions.Fraction` once a share
is not (the last gora's settlement divides by the number of players) — :data:`Amount`.  A
player's result is the whists he has written on others minus the whists written on him; the
results always sum to zero.

Phase 1 (some pulya still open): a made game's value is split in half, pulya points and gora
points; each half goes first to the scorer, then helps the others in the stated order (larger
pulya first, smaller gora first, ties from the scorer's left; a whister short this deal last),
10 whists a point; what remains is a podlet that every other player writes into his own gora.
Phase 2 (every pulya closed): the whole value writes off the scorer's gora, then helps the
others'; no podlets; an excess is written as whists on the others and ends the match.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import sub as _sub
from typing import Any, TypeVar, cast

from prikup.core.cards import Card, Rank, Suit

__all__ = [
    "GAME_VALUES",
    "HALF_WHIST_TRICKS",
    "MISERE_HALF_SPLITS",
    "MISERE_VALUE",
    "RASPASY_TRICK_WHISTS",
    "REQUIRED_TRICKS",
    "WHISTS_PER_POINT",
    "Amount",
    "Sheet",
    "SheetDraft",
    "Whists",
    "add_gora",
    "add_pulya",
    "balances",
    "can_carry_pulya",
    "can_settle_gora",
    "carry_pulya",
    "declarer_short",
    "exact_change",
    "fraction_json",
    "half_whist_whists",
    "help_order",
    "is_finished",
    "lone_whister_shortfall",
    "misere_half_tricks",
    "misere_tricks",
    "new_sheet",
    "pulyas_closed",
    "score_game",
    "score_misere_half",
    "score_raspasy",
    "score_split",
    "settle_gora",
    "settled_balances",
    "talon_premium",
    "two_whister_shortfalls",
    "whist_for_tricks",
    "whister_short",
    "write_off_gora",
    "write_premium",
    "write_whists",
]

#: The value of a game by its level (six … ten); misère is worth 10.
GAME_VALUES: Mapping[int, int] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
MISERE_VALUE = 10
#: The defenders' required tricks by level; the ten is "checked" and has no requirement.
REQUIRED_TRICKS: Mapping[int, int] = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}
#: A half-whister writes whists for this many tricks (half the requirement) on six and seven.
HALF_WHIST_TRICKS: Mapping[int, int] = {6: 2, 7: 1}
WHISTS_PER_POINT = 10
RASPASY_TRICK_WHISTS = 5
#: Whists a declarer short of his contract gets from every other player, per missing trick.
UNDERTRICK_WHISTS = 10
#: Whists on a misère declarer from every other player per trick (when that option is on).
MISERE_TRICK_WHISTS = 10
#: A misère played half with the 4-player dealer, made while pulyas are open: the inviter writes
#: 3 into his pulya and 2 off his gora, or 2 and 3 (the seed: "drugih kombinacij net"); the
#: dealer writes the rest of the 10.
MISERE_HALF_SPLITS: tuple[int, ...] = (3, 2)


#: An exact whist amount: an int while whole, else a Fraction (never a whole Fraction).
Amount = int | Fraction


def exact(value: Amount) -> Amount:
    """``value`` as an :data:`Amount`: a whole Fraction becomes its int (equal, and its arithmetic
    is integer arithmetic)."""
    if type(value) is int or value.denominator != 1:
        return value
    return value.numerator


def _share(whists: int, ways: int) -> Amount:
    """``whists`` split ``ways`` ways, exactly."""
    return whists // ways if whists % ways == 0 else Fraction(whists, ways)


def fraction_json(value: Amount) -> int | str:
    """An exact JSON value: an int when whole, else the string ``"n/d"``."""
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


class Whists(Fraction):
    """An exact, non-whole whist amount that prints as ``n/d`` and also takes a sign format
    (``f"{w:+}"`` gives ``+10/3``), so generic score displays can show it."""

    def __format__(self, spec: str) -> str:
        if spec in ("", "+", "-", " "):
            text = str(self)
            return ("+" + text if spec == "+" else " " + text if spec == " " else text) if self >= 0 else text
        return format(float(self), spec)


def exact_change(value: Amount) -> int | Whists:
    """A score change as an int when whole, else a :class:`Whists` value."""
    return int(value) if value.denominator == 1 else Whists(value)


@dataclass(frozen=True)
class Sheet:
    """The score sheet: pulyas, goras and whists between every pair of players.

    ``whists[a][b]`` is the total whists player ``a`` has written on player ``b``.
    """

    target: int
    pulya: tuple[int, ...]
    gora: tuple[int, ...]
    whists: tuple[tuple[Amount, ...], ...]

    @property
    def players(self) -> int:
        """The number of players on the sheet."""
        return len(self.pulya)

    @property
    def balances(self) -> tuple[Amount, ...]:
        """Each player's result: whists written on others minus whists written on him (sum 0);
        worked out once per sheet (a sheet never changes; kept in the instance's ``__dict__``
        by hand: ``functools.cached_property`` takes a lock on every read in Python 3.11)."""
        got: tuple[Amount, ...] | None = self.__dict__.get("_balances")
        if got is None:
            whists = self.whists
            # written by each player (his row) minus written on him (his column), in C's loops
            net = map(_sub, map(sum, whists), map(sum, zip(*whists, strict=True)))
            got = tuple(net) if _whole(whists) else tuple(map(exact, net))
            self.__dict__["_balances"] = got
        return got

    def to_json(self) -> dict[str, Any]:
        """The sheet as a JSON value (exact whists as ints or ``"n/d"`` strings)."""
        numbers: tuple[Sequence[Sequence[Amount | str]], Sequence[Amount | str]] | None
        numbers = self.__dict__.get("_json_numbers")
        if numbers is None:  # worked out once per sheet, copied out for every caller
            if _whole(self.whists):  # every whist an int (the balances too): as they are
                numbers = (self.whists, self.balances)
            else:
                numbers = (
                    [[fraction_json(w) for w in row] for row in self.whists],
                    [fraction_json(b) for b in self.balances],
                )
            self.__dict__["_json_numbers"] = numbers
        whists, balance = numbers
        return {
            "target": self.target,
            "pulya": list(self.pulya),
            "gora": list(self.gora),
            "whists": list(map(list, whists)),
            "balances": list(balance),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Sheet:
        """The sheet written by :meth:`to_json`."""
        return cls(
            target=int(data["target"]),
            pulya=tuple(int(p) for p in data["pulya"]),
            gora=tuple(int(g) for g in data["gora"]),
            whists=tuple(tuple(exact(Fraction(str(w))) for w in row) for row in data["whists"]),
        )


class SheetDraft:
    """A sheet being written: the fields of a :class:`Sheet` as lists, which every operation of
    this module given a draft changes in place (and returns); :meth:`freeze` makes the sheet."""

    __slots__ = ("gora", "pulya", "target", "whists")

    def __init__(self, sheet: Sheet) -> None:
        self.target = sheet.target
        self.pulya = list(sheet.pulya)
        self.gora = list(sheet.gora)
        self.whists = [list(row) for row in sheet.whists]

    @property
    def players(self) -> int:
        """The number of players on the sheet."""
        return len(self.pulya)

    def freeze(self) -> Sheet:
        """The sheet as written so far."""
        return Sheet(self.target, tuple(self.pulya), tuple(self.gora), tuple(map(tuple, self.whists)))


def _whole(whists: Iterable[Iterable[Amount]]) -> bool:
    """Whether every amount of ``whists`` is an int (their sum is a Fraction if one is)."""
    return type(sum(map(sum, whists))) is int


#: A sheet or a draft: an operation returns what it is given (a new sheet, or the draft written).
AnySheet = TypeVar("AnySheet", Sheet, SheetDraft)


def _open(sheet: Sheet | SheetDraft) -> SheetDraft:
    """The draft an operation writes: the given one, or a new one of a sheet."""
    return sheet if type(sheet) is SheetDraft else SheetDraft(cast(Sheet, sheet))


def _close(sheet: AnySheet, draft: SheetDraft) -> AnySheet:
    """What an operation returns: the draft it was given, else the new sheet."""
    return cast(AnySheet, draft if sheet is draft else draft.freeze())


def new_sheet(players: int, target: int = 20, start_gora: int = 10) -> Sheet:
    """A fresh sheet: empty pulyas, ``start_gora`` in every gora, no whists."""
    if players < 2:
        raise ValueError("a sheet needs at least two players")
    if target <= 0 or start_gora < 0:
        raise ValueError("the pulya target must be positive and the starting gora not negative")
    return Sheet(
        target=target,
        pulya=(0,) * players,
        gora=(start_gora,) * players,
        whists=tuple((0,) * players for _ in range(players)),
    )


def balances(sheet: Sheet) -> tuple[Amount, ...]:
    """Each player's result: whists written on others minus whists written on him (sum 0)."""
    return sheet.balances


def settled_balances(sheet: Sheet) -> tuple[Amount, ...]:
    """Each player's whist balance if the match were settled now, as its end settles it: every
    open pulya's shortfall carried into its owner's gora (:func:`carry_pulya`), then every gora
    settled as the last one is (:func:`settle_gora`: each other player writes on its owner 10
    whists a point divided by the number of players).  The balances sum to zero and equal
    :func:`balances` once the match is over; carrying a pulya or settling a gora between deals
    does not change them, and a made game's points in the pulya or off the gora count at once."""
    n = sheet.players
    load = [g + sheet.target - p for g, p in zip(sheet.gora, sheet.pulya, strict=True)]
    total = sum(load)
    return tuple(
        exact(b + _share((total - n * own) * WHISTS_PER_POINT, n)) for b, own in zip(balances(sheet), load, strict=True)
    )


def pulyas_closed(sheet: Sheet | SheetDraft) -> bool:
    """True once every pulya has reached the target (phase 2)."""
    return min(sheet.pulya) >= sheet.target


def is_finished(sheet: Sheet | SheetDraft) -> bool:
    """True when every pulya is closed and every gora written off: the match is over."""
    return pulyas_closed(sheet) and not any(sheet.gora)


def write_whists(sheet: AnySheet, writer: int, on: int, amount: Amount) -> AnySheet:
    """``writer`` writes ``amount`` whists on ``on``."""
    if writer == on:
        raise ValueError("a player does not write whists on himself")
    if amount < 0:
        raise ValueError("whists written are never negative")
    if amount == 0:
        return sheet
    # (the most frequent write: _open and _close inline for a draft)
    draft: SheetDraft = sheet if type(sheet) is SheetDraft else _open(sheet)
    row = draft.whists[writer]
    total = row[on] + amount
    row[on] = total if type(total) is int else exact(total)
    return sheet if draft is sheet else _close(sheet, draft)


def add_gora(sheet: AnySheet, seat: int, points: int) -> AnySheet:
    """``seat`` writes ``points`` into his gora (a penalty or a podlet)."""
    if points < 0:
        raise ValueError("use write_off_gora to reduce a gora")
    draft = _open(sheet)
    draft.gora[seat] += points
    return _close(sheet, draft)


def write_off_gora(sheet: AnySheet, seat: int, points: int) -> AnySheet:
    """Write ``points`` off ``seat``'s gora (never below zero)."""
    if not 0 <= points <= sheet.gora[seat]:
        raise ValueError(f"cannot write {points} off a gora of {sheet.gora[seat]}")
    draft = _open(sheet)
    draft.gora[seat] -= points
    return _close(sheet, draft)


def add_pulya(sheet: AnySheet, seat: int, points: int) -> AnySheet:
    """Write ``points`` into ``seat``'s pulya (never past the target)."""
    if not 0 <= points <= sheet.target - sheet.pulya[seat]:
        raise ValueError(f"cannot write {points} into a pulya of {sheet.pulya[seat]}/{sheet.target}")
    draft = _open(sheet)
    draft.pulya[seat] += points
    return _close(sheet, draft)


def help_order(sheet: Sheet | SheetDraft, scorer: int, kind: str, last: Iterable[int] = ()) -> list[int]:
    """The players ``scorer`` helps, in order.

    ``kind="pulya"``: the open pulyas, the larger pulya first; ``kind="gora"``: the goras not yet
    written off, the smaller gora first.  Ties go from the scorer's left; the players in ``last``
    (whisters short on this deal) come after everyone else.
    """
    n = sheet.players
    late = set(last)
    others = [(scorer + i) % n for i in range(1, n)]
    if kind == "pulya":
        pulya, target = sheet.pulya, sheet.target
        cands = [s for s in others if pulya[s] < target]
        return sorted(cands, key=lambda s: (s in late, -pulya[s], others.index(s)))
    if kind == "gora":
        gora = sheet.gora
        cands = [s for s in others if gora[s] > 0]
        return sorted(cands, key=lambda s: (s in late, gora[s], others.index(s)))
    raise ValueError(f"unknown help kind {kind!r}")


def _podlet(sheet: SheetDraft, scorer: int, points: int) -> None:
    for s in range(sheet.players):
        if s != scorer and points:
            add_gora(sheet, s, points)


def _pulya_half(sheet: SheetDraft, scorer: int, points: int, last: Iterable[int]) -> int:
    own = min(points, sheet.target - sheet.pulya[scorer])
    add_pulya(sheet, scorer, own)
    rest = points - own
    if not rest:  # nothing left to help with (help_order would list the pulyas for nothing)
        return 0
    for other in help_order(sheet, scorer, "pulya", last):
        if not rest:
            break
        give = min(rest, sheet.target - sheet.pulya[other])
        add_pulya(sheet, other, give)
        write_whists(sheet, scorer, other, give * WHISTS_PER_POINT)
        rest -= give
    return rest


def _gora_points(sheet: SheetDraft, scorer: int, points: int, last: Iterable[int]) -> int:
    own = min(points, sheet.gora[scorer])
    write_off_gora(sheet, scorer, own)
    rest = points - own
    if not rest:
        return 0
    for other in help_order(sheet, scorer, "gora", last):
        if not rest:
            break
        give = min(rest, sheet.gora[other])
        write_off_gora(sheet, other, give)
        write_whists(sheet, scorer, other, give * WHISTS_PER_POINT)
        rest -= give
    return rest


def score_game(
    sheet: AnySheet,
    scorer: int,
    value: int,
    *,
    helped_last: Iterable[int] = (),
    excess: str = "each",
) -> AnySheet:
    """``scorer`` writes a made game worth ``value``.

    Phase 1 (a pulya open): half into pulyas (own, then help), half off goras (own, then help),
    the remains of both halves together as one podlet.  Phase 2: the whole value off goras (own, then help);
    an excess is written as whists on every other player: ``excess="each"`` 10 whists a point on
    each of them, ``"divided"`` 10 whists a point divided by the number of players, ``"none"``
    not at all.
    """
    if value < 0 or value % 2:
        raise ValueError("a game's value is a non-negative even number")
    last = tuple(helped_last)
    if not pulyas_closed(sheet):
        return score_split(sheet, scorer, value // 2, value // 2, helped_last=last)
    draft = _open(sheet)
    _score_closed(draft, scorer, value, last, excess)
    return _close(sheet, draft)


def score_split(
    sheet: AnySheet, scorer: int, pulya_points: int, gora_points: int, *, helped_last: Iterable[int] = ()
) -> AnySheet:
    """Phase-1 writing of ``pulya_points`` into pulyas and ``gora_points`` off goras by ``scorer``.

    Each part goes first to the scorer, then helps the others in order; what neither part could
    place is one podlet that every other player writes into his gora.  (A made game writes half
    and half; a misère played half with the dealer writes 3 + 2 or 2 + 3.)
    """
    if pulya_points < 0 or gora_points < 0:
        raise ValueError("points written are never negative")
    last = tuple(helped_last)
    draft = _open(sheet)
    pulya_rest = _pulya_half(draft, scorer, pulya_points, last)
    gora_rest = _gora_points(draft, scorer, gora_points, last)
    # the podlet: the sum of what the pulyas and the goras could not take
    _podlet(draft, scorer, pulya_rest + gora_rest)
    return _close(sheet, draft)


def _score_closed(sheet: SheetDraft, scorer: int, value: int, last: Iterable[int], excess: str) -> None:
    """Phase 2: the value off goras (own, then help); the excess as whists by ``excess``."""
    rest = _gora_points(sheet, scorer, value, last)
    if rest and excess != "none":
        n = sheet.players
        each = _share(rest * WHISTS_PER_POINT, n if excess == "divided" else 1)
        for s in range(n):
            if s != scorer:
                write_whists(sheet, scorer, s, each)


def score_misere_half(
    sheet: AnySheet, inviter: int, dealer: int, inviter_pulya: int, *, excess: str = "each"
) -> AnySheet:
    """A misère made by ``inviter`` played half with the 4-player ``dealer``.

    While any pulya is open (judged before anything is written): the inviter writes
    ``inviter_pulya`` (3 or 2) into pulyas and the rest of his half (2 or 3) off goras, then the
    dealer writes the rest of the 10 (2 + 3 or 3 + 2), each with his own help and podlet.  Once every
    pulya is closed each writes half the value (5) off goras, with help and excess as for a game.
    """
    if inviter == dealer:
        raise ValueError("the inviter and the dealer are two players")
    half = MISERE_VALUE // 2
    if pulyas_closed(sheet):
        draft = _open(sheet)
        _score_closed(draft, inviter, half, (), excess)
        _score_closed(draft, dealer, half, (), excess)
        return _close(sheet, draft)
    if inviter_pulya not in MISERE_HALF_SPLITS:
        raise ValueError(f"the inviter writes {' or '.join(map(str, MISERE_HALF_SPLITS))} into the pulya")
    draft = _open(sheet)
    score_split(draft, inviter, inviter_pulya, half - inviter_pulya)
    score_split(draft, dealer, half - inviter_pulya, inviter_pulya)
    return _close(sheet, draft)


def declarer_short(sheet: AnySheet, declarer: int, value: int, undertricks: int) -> AnySheet:
    """A declarer short of his contract: the value per missing trick into his gora, and every
    other player writes 10 whists on him per missing trick."""
    if undertricks <= 0:
        return sheet
    draft = _open(sheet)
    add_gora(draft, declarer, value * undertricks)
    for s in range(draft.players):
        if s != declarer:
            write_whists(draft, s, declarer, UNDERTRICK_WHISTS * undertricks)
    return _close(sheet, draft)


def misere_tricks(sheet: AnySheet, declarer: int, tricks: int, *, whists: bool = True) -> AnySheet:
    """A misère declarer who took ``tricks``: 10 into his gora per trick, and (``whists``) 10
    whists on him from every other player per trick."""
    if tricks <= 0:
        return sheet
    draft = _open(sheet)
    add_gora(draft, declarer, MISERE_VALUE * tricks)
    if whists:
        for s in range(draft.players):
            if s != declarer:
                write_whists(draft, s, declarer, MISERE_TRICK_WHISTS * tricks)
    return _close(sheet, draft)


def misere_half_tricks(sheet: AnySheet, inviter: int, dealer: int, tricks: int, *, whists: bool = True) -> AnySheet:
    """A misère played half with the dealer, failed with ``tricks`` taken: the penalty is shared
    half and half, each of the pair writes 5 into his gora per trick and (``whists``) each of the
    other players writes 5 whists per trick on each of the pair."""
    if inviter == dealer:
        raise ValueError("the inviter and the dealer are two players")
    if tricks <= 0:
        return sheet
    draft = _open(sheet)
    pair = (inviter, dealer)
    for p in pair:
        add_gora(draft, p, MISERE_VALUE // 2 * tricks)
    if whists:
        for s in range(draft.players):
            if s not in pair:
                for p in pair:
                    write_whists(draft, s, p, _share(MISERE_TRICK_WHISTS * tricks, 2))
    return _close(sheet, draft)


def whist_for_tricks(sheet: AnySheet, whister: int, declarer: int, value: int, tricks: int) -> AnySheet:
    """A whister writes the game's value per trick he (or, alone, the defence) took."""
    return write_whists(sheet, whister, declarer, value * tricks)


def two_whister_shortfalls(level: int, first: int, second: int) -> tuple[int, int]:
    """The tricks each of two whisters is short, from their tricks on a game of ``level``.

    On six and seven each owes what he fell short of half the requirement, but never more than
    the pair's total shortfall; on eight and nine the second whister answers for the trick.
    """
    required = REQUIRED_TRICKS[level]
    total_short = max(0, required - first - second)
    if total_short == 0:
        return 0, 0
    if level in (8, 9):
        return 0, total_short
    half = required // 2
    return min(max(0, half - first), total_short), min(max(0, half - second), total_short)


def lone_whister_shortfall(level: int, defence_tricks: int) -> int:
    """The tricks a lone whister is short (he answers for the whole defence)."""
    return max(0, REQUIRED_TRICKS[level] - defence_tricks)


def whister_short(sheet: AnySheet, whister: int, level: int, missing: int, *, responsible: bool) -> AnySheet:
    """A whister short of ``missing`` tricks writes the game's value per trick into his gora
    (responsible whist, every pulya closed) or half of it (half-responsible, pulyas open)."""
    if missing <= 0:
        return sheet
    value = GAME_VALUES[level]
    return add_gora(sheet, whister, missing * (value if responsible else value // 2))


def half_whist_whists(level: int) -> int:
    """Whists a half-whister writes: the value for half the required tricks (six 4, seven 4)."""
    return HALF_WHIST_TRICKS[level] * GAME_VALUES[level]


def talon_premium(talon: Iterable[Card], trump: Suit | None) -> int:
    """Whists for a good talon: two aces 30; ace and king of one suit 20; an ace or the trump
    marriage 10; else 0."""
    cards = list(talon)
    aces = [c for c in cards if c.rank is Rank.ACE]
    if len(aces) >= 2:
        return 30
    for ace in aces:
        if Card.of(Rank.KING, ace.suit or Suit.S) in cards:
            return 20
    if aces:
        return 10
    if trump is not None and Card.of(Rank.KING, trump) in cards and Card.of(Rank.QUEEN, trump) in cards:
        return 10
    return 0


def write_premium(sheet: AnySheet, declarer: int, premium: int, writers: Sequence[int]) -> AnySheet:
    """The talon premium written on the declarer, shared equally by ``writers`` (the 4-player
    dealer alone, or the two others with 3 players)."""
    if premium <= 0 or not writers:
        return sheet
    share = _share(premium, len(writers))
    draft = _open(sheet)
    for w in writers:
        write_whists(draft, w, declarer, share)
    return _close(sheet, draft)


def score_raspasy(sheet: AnySheet, tricks: Mapping[int, int], *, excess: str = "each") -> AnySheet:
    """Raspasy: 5 whists a trick, no amnesty.  The winner (fewest tricks) writes on each other
    player 5 whists per trick that player took; joint winners split each loss equally.  A winner
    who took no trick at all also writes himself a six (scored as a made game, in seat order
    from the first hand, i.e. the order of ``tricks``)."""
    fewest = min(tricks.values())
    winners = [s for s, t in tricks.items() if t == fewest]
    draft = _open(sheet)
    for loser, t in tricks.items():
        if loser in winners or not t:
            continue
        share = _share(RASPASY_TRICK_WHISTS * t, len(winners))
        for w in winners:
            write_whists(draft, w, loser, share)
    if fewest == 0:
        for w in winners:
            score_game(draft, w, GAME_VALUES[6], excess=excess)
    return _close(sheet, draft)


def can_carry_pulya(sheet: Sheet | SheetDraft) -> int | None:
    """The owner of the last open pulya if at least half of it is closed (he may carry the rest
    into his gora between deals), else ``None``."""
    target = sheet.target
    seat = None
    for s, pulya in enumerate(sheet.pulya):
        if pulya < target:
            if seat is not None:
                return None  # two open (most deals: found at once)
            seat = s
    return seat if seat is not None and 2 * sheet.pulya[seat] >= target else None


def carry_pulya(sheet: AnySheet, seat: int) -> AnySheet:
    """Close ``seat``'s last open pulya, adding its shortfall to his gora."""
    if can_carry_pulya(sheet) != seat:
        raise ValueError("only the owner of the last open pulya, half closed, may carry it")
    short = sheet.target - sheet.pulya[seat]
    draft = _open(sheet)
    add_pulya(draft, seat, short)
    add_gora(draft, seat, short)
    return _close(sheet, draft)


def can_settle_gora(sheet: Sheet | SheetDraft) -> int | None:
    """The owner of the last gora not written off, once every pulya is closed, else ``None``."""
    if not pulyas_closed(sheet):
        return None
    left = [s for s in range(sheet.players) if sheet.gora[s] > 0]
    return left[0] if len(left) == 1 else None


def settle_gora(sheet: AnySheet, seat: int) -> AnySheet:
    """Settle the last gora: every other player writes on its owner whists worth the gora
    (10 a point) divided by the number of players; the gora is written off and the match ends."""
    if can_settle_gora(sheet) != seat:
        raise ValueError("only the owner of the last gora, every pulya closed, may settle it")
    gora = sheet.gora[seat]
    share = _share(gora * WHISTS_PER_POINT, sheet.players)
    draft = _open(sheet)
    for s in range(draft.players):
        if s != seat:
            write_whists(draft, s, seat, share)
    write_off_gora(draft, seat, gora)
    return _close(sheet, draft)

"""The rules of Пятьсот ("the fast Thousand", with the barrel), as the page
``prikup/docs/rules/pyatsot.md`` tells them.

24 cards (A 10 K Q J 9), 3 players (4 with the dealer sitting out and scoring the talon), scores
count up to 500.  A forced opening bid from 60 in steps of 5, capped at 120 unless the bidder
holds a marriage or a "love triangle"; players at −120 or below may not bid.  The winner keeps
one talon card and gives the other two face down, one to each opponent, then names a points
contract (``contract 120``: no strain, because trumps come only from declarations) or refuses
(``concede``).  Play starts with no trumps; a leader who has taken a trick may lead a card of a
marriage (K+Q, Q+J) or triangle (K+Q+J) and declare it (``play QH declare KQ``): its suit is
trumps from then on, and its value counts for him.  Only the maker of the current trumps may
lead a trump while holding other suits.  The declarer scores ±contract, everybody else his
points; three dashes cost 120; the barrel at 380 (three attempts at 120, two refusals, X
marks, knock-offs, a reset to 0 after the third fall); 500 wins.

Decisions of this module where the rules are silent (each an :class:`Option` where it is a real
table choice) are listed in :data:`GamePyatsot.OPTIONS` and in the docstrings below.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from operator import add as _add
from operator import sub as _sub
from typing import Any

from prikup.core.actions import Action
from prikup.core.cards import SUIT_NAMES, Card, Rank, Suit, cards_of
from prikup.core.game import Head
from prikup.core.ladder import Ladder
from prikup.core.observation import NO_TRUMP
from prikup.core.options import Option
from prikup.core.refusals import Refusal, refusal
from prikup.core.tricks import card_points, follow_mask
from prikup.games.ace_ten_deck import (
    DECK,
    DECK_POINTS,
    HAND_SIZE,
    POINTS,
    STRENGTH,
    SUIT_MASKS,
    ace_ten_trick_rules,
)
from prikup.games.obs_pyatsot import Declaration, Gift, ObsPyatsot
from prikup.games.pyatsot_actions import (
    _AUCTION,
    _BARREL,
    _CONTRACT,
    _DEAL,
    _GIFT,
    _K_BID,
    _K_CONCEDE,
    _K_CONTRACT,
    _K_GIVE,
    _K_KEEP,
    _K_PASS,
    _K_PLAY,
    _K_TAKE,
    _KEEP,
    _M_DECLARE,
    _PLAY,
    ActionsPyatsot,
    LegalPyatsot,
)
from prikup.games.table_rules import AllBarred, BidCap, RulesPyatsot

__all__ = [
    "BARREL",
    "BARREL_PENALTY",
    "COMBINATION_CARDS",
    "COMBINATION_RANKS",
    "COMBINATION_VALUES",
    "DASH_PENALTY",
    "DECK",
    "DECK_POINTS",
    "KINDS",
    "MAX_POINTS",
    "NO_COMBINATION_CAP",
    "POINTS",
    "REFUSAL_BONUS",
    "STRENGTH",
    "TARGET",
    "BarrelMarks",
    "BarrelRules",
    "GamePyatsot",
    "StatePyatsot",
    "any_combination_held",
    "best_combinations",
    "bid_cap",
    "combination_mask",
    "combination_value",
    "combinations_held",
    "play_changes",
    "refusal_changes",
    "settle_deal",
    "talon_score",
]

# -- tables -------------------------------------------------------------------------------------

#: The combinations, by their declaration name: the triangle ("ЛТ") and the two marriages.
KINDS = ("KQJ", "KQ", "QJ")
COMBINATION_RANKS: dict[str, tuple[Rank, ...]] = {
    "KQJ": (Rank.KING, Rank.QUEEN, Rank.JACK),
    "KQ": (Rank.KING, Rank.QUEEN),
    "QJ": (Rank.QUEEN, Rank.JACK),
}
#: Values by kind, then by suit in the order S C D H.
COMBINATION_VALUES: dict[str, tuple[int, int, int, int]] = {
    "KQJ": (60, 80, 100, 120),
    "KQ": (40, 60, 80, 100),
    "QJ": (20, 30, 40, 50),
}

_COMBINATION_MASKS: dict[str, tuple[int, ...]] = {
    kind: tuple(sum(1 << (int(suit) * 16 + int(r)) for r in ranks) for suit in Suit)
    for kind, ranks in COMBINATION_RANKS.items()
}
_COMBINATION_TABLE: tuple[tuple[str, Suit, int], ...] = tuple(
    (kind, suit, _COMBINATION_MASKS[kind][suit]) for suit in Suit for kind in KINDS
)
#: every card that is part of a combination
_COMBINATION_CARDS = 0
for _kind, _suit, _mask in _COMBINATION_TABLE:
    _COMBINATION_CARDS |= _mask
#: every card that is part of a combination (the cards ``combinations_held`` reads)
COMBINATION_CARDS = _COMBINATION_CARDS
#: the queens, and how far a king's and a jack's bits lie from their queen's (every combination
#: holds the queen and her king or jack: :func:`bid_cap` tests that in one mask operation)
_QUEENS = sum(1 << (int(suit) * 16 + int(Rank.QUEEN)) for suit in Suit)
_KING_TO_QUEEN = int(Rank.KING) - int(Rank.QUEEN)
_JACK_TO_QUEEN = int(Rank.QUEEN) - int(Rank.JACK)

#: The highest bid a player without a combination may make.
NO_COMBINATION_CAP = 120
#: What each opponent receives when the declarer refuses to play (120 : 2).
REFUSAL_BONUS = DECK_POINTS // 2
#: Every third dash costs this much.
DASH_PENALTY = 120
#: The barrel, its penalty for falling off, and the winning score.
BARREL = 380
BARREL_PENALTY = 120
TARGET = 500
#: A player at or below this score may not bid (he always passes).
BID_BAN = -120


def combination_mask(kind: str, suit: Suit) -> int:
    """The cards of one combination as a bitmask."""
    return _COMBINATION_MASKS[kind][suit]


def combination_value(kind: str, suit: Suit) -> int:
    """What declaring a combination is worth (hearts triangle 120 … spades Q+J 20)."""
    return COMBINATION_VALUES[kind][suit]


def combinations_held(hand: int, used: int = 0) -> list[tuple[str, Suit]]:
    """Every combination whose cards are all in ``hand`` and none in ``used``."""
    return [(kind, suit) for kind, suit, mask in _COMBINATION_TABLE if hand & mask == mask and not used & mask]


def any_combination_held(hand: int, used: int = 0) -> bool:
    """Whether ``combinations_held(hand, used)`` names any: a combination is held and unused when
    its cards are among the free ones (in ``hand``, not in ``used``), and every combination holds
    the queen with her king or her jack (the triangle both), so in one mask operation as
    :func:`bid_cap` tests a hand.  (A cache by the two masks' combination cards missed 43% of
    Пятьсот's random leads, each miss twelve masks tested.)"""
    free = hand & ~used & _COMBINATION_CARDS
    return bool(free & _QUEENS & (free >> _KING_TO_QUEEN | free << _JACK_TO_QUEEN))


def best_combinations(cards: int) -> dict[Suit, tuple[str, int]]:
    """The most valuable combination of each suit held in ``cards`` (triangle over K+Q over Q+J)."""
    best: dict[Suit, tuple[str, int]] = {}
    for kind, suit in combinations_held(cards):
        value = combination_value(kind, suit)
        if suit not in best or value > best[suit][1]:
            best[suit] = (kind, value)
    return best


def _max_combination_sum(cards: int) -> int:
    """The largest total of combination values a hand of ``cards`` cards can hold."""
    options = [((0, 0), *((len(COMBINATION_RANKS[k]), COMBINATION_VALUES[k][s]) for k in KINDS)) for s in Suit]
    return max(sum(v for _, v in choice) for choice in product(*options) if sum(size for size, _ in choice) <= cards)


#: The most points a player can make in a deal: every card point plus the best 8-card combinations.
MAX_POINTS = DECK_POINTS + _max_combination_sum(HAND_SIZE + 1)


def bid_cap(hand: int, rule: BidCap | str) -> int:
    """The highest bid (or contract) allowed with ``hand``.

    120 without a combination; with one, ``rule`` decides: ``sum`` (120 plus the values of the
    combinations held, one per suit), ``best`` (120 plus the most valuable one) or ``unlimited``
    (up to :data:`MAX_POINTS`).
    """
    cards = hand & _COMBINATION_CARDS  # the cards that make combinations decide
    if not cards & _QUEENS & (cards >> _KING_TO_QUEEN | cards << _JACK_TO_QUEEN):
        # no queen with her king or jack, so no combination (most hands): 120 without the cache's
        # call (its key hashes the rule, an enum, in Python) nor, when cold, the twelve masks
        return NO_COMBINATION_CAP
    return _bid_cap(cards, rule)


@lru_cache(maxsize=8192)
def _bid_cap(hand: int, rule: BidCap | str) -> int:
    best = best_combinations(hand)
    if not best:
        return NO_COMBINATION_CAP
    if rule == BidCap.SUM:
        return NO_COMBINATION_CAP + sum(v for _, v in best.values())
    if rule == BidCap.BEST:
        return NO_COMBINATION_CAP + max(v for _, v in best.values())
    return MAX_POINTS


def talon_score(talon: int) -> int:
    """What the sitting-out dealer of a 4-player game scores: the talon's card points plus the
    value of any combination lying in it."""
    return card_points(talon, POINTS) + sum(v for _, v in best_combinations(talon).values())


def play_changes(players: int, declarer: int, contract: int, points: Mapping[int, int], *, barrel: bool) -> list[int]:
    """Score changes of a played deal (before dashes and the barrel).

    The declarer gets +contract if his points reach it, else −contract; on the barrel a failed
    attempt changes nothing (it is marked with an X instead).  Everyone else gets his points.
    """
    changes = [0] * players
    for seat, got in points.items():
        if seat == declarer:
            if got >= contract:
                changes[seat] = contract
            else:
                changes[seat] = 0 if barrel else -contract
        else:
            changes[seat] = got
    return changes


def refusal_changes(players: int, declarer: int, bid: int, opponents: Iterable[int], *, barrel: bool) -> list[int]:
    """Score changes of a refusal: the declarer loses his bid (nothing on the barrel, where the
    refusal is marked with an X), each opponent gets 60."""
    changes = [0] * players
    changes[declarer] = 0 if barrel else -bid
    for seat in opponents:
        changes[seat] = REFUSAL_BONUS
    return changes


@dataclass(frozen=True)
class BarrelRules:
    """The numbers of the barrel and dash rules (from the game's options)."""

    barrel: int = BARREL
    target: int = TARGET
    penalty: int = BARREL_PENALTY
    attempts: int = 3
    falls_to_zero: int = 3
    dash_limit: int = 3
    dash_penalty: int = DASH_PENALTY


@dataclass(frozen=True)
class BarrelMarks:
    """What the score sheet carries from deal to deal besides the scores.

    ``seat`` is the player on the barrel (at most one), ``crosses`` his X marks and ``refusals``
    his refusals on this stay; ``falls`` and ``dashes`` count every seat's falls off the barrel
    and dashes (each count restarts after its penalty).
    """

    seat: int | None
    crosses: int
    refusals: int
    falls: tuple[int, ...]
    dashes: tuple[int, ...]

    @classmethod
    def start(cls, players: int) -> BarrelMarks:
        """The marks at the start of a match."""
        return cls(None, 0, 0, (0,) * players, (0,) * players)

    def to_json(self) -> dict[str, Any]:
        """The marks as public JSON (a new value every call)."""
        return {
            "seat": self.seat,
            "crosses": self.crosses,
            "refusals": self.refusals,
            "falls": list(self.falls),
            "dashes": list(self.dashes),
        }


def _tally(counts: tuple[int, ...], seats: Iterable[int], limit: int) -> tuple[tuple[int, ...], list[int]]:
    """One more mark for each of ``seats`` (dashes, falls): the new counts, and the seats whose
    count reached ``limit`` (their count restarts at 0), in the order given."""
    marks = list(counts)
    reached: list[int] = []
    for seat in seats:
        marks[seat] += 1
        if marks[seat] >= limit:
            marks[seat] = 0
            reached.append(seat)
    return tuple(marks), reached


def settle_deal(
    scores: Sequence[int],
    changes: Sequence[int],
    marks: BarrelMarks,
    zero_seats: Iterable[int],
    barrel_result: str | None,
    rules: BarrelRules,
) -> tuple[list[int], BarrelMarks, dict[str, Any]]:
    """Apply dashes and the barrel to a deal's score changes.

    ``changes`` are the deal's changes (:func:`play_changes`, :func:`refusal_changes`, the
    dealer's talon); ``zero_seats`` the players who made no point in the play (a dash each);
    ``barrel_result`` what the player on the barrel did this deal: ``made`` (his 120),
    ``failed``, ``refused``, or ``None`` if nobody was on the barrel.  In order:

    1. every dash is marked; a seat's third dash costs 120 and its count restarts;
    2. the player on the barrel: made → he leaves it with his 500; otherwise an X, and the third
       X costs 120 and drops him off (a fall);  a penalty that takes him below the barrel is
       also a fall;
    3. every other seat that reaches the barrel stops on it (450 counts as 380); if anyone
       arrives, the player already there falls off with −120; if several arrive together, all
       of them fall off with −120 each;
    4. each fall is counted; the third fall sets the score to 0 and the count restarts.

    Returns the final changes, the new marks and a description of what happened.
    """
    n = len(scores)
    new = list(map(_add, scores, changes))
    if not zero_seats and marks.seat is None and not marks.crosses and not marks.refusals and max(new) < rules.barrel:
        # most deals: no dash, nobody on the barrel nor reaching it -- nothing below applies
        # (the steps ran ~110 bytecodes to change nothing)
        return list(changes), marks, {}
    events: dict[str, Any] = {}
    dashes_now = marks.dashes  # the marks' own tuples are kept where nothing changes them
    dashed = sorted(set(zero_seats))
    if dashed:
        dashes_now, dash_penalties = _tally(dashes_now, dashed, rules.dash_limit)
        for seat in dash_penalties:
            new[seat] -= rules.dash_penalty
        events["dashes"] = dashed
        if dash_penalties:
            events["dash_penalties"] = dash_penalties
    on = marks.seat
    crosses, refusals = marks.crosses, marks.refusals
    fell: list[int] = []
    if on is not None:
        if barrel_result == "made":
            events["barrel_made"] = on
            on = None
        else:
            crosses += 1
            if barrel_result == "refused":
                refusals += 1
            events["cross"] = on
            if crosses >= rules.attempts:
                new[on] -= rules.penalty
                events["crosses_penalty"] = on
            if new[on] < rules.barrel:
                fell.append(on)
                on = None
    barrel = rules.barrel
    arrivals = [s for s in range(n) if s != marks.seat and new[s] >= barrel] if max(new) >= barrel else []
    if arrivals:
        for seat in arrivals:
            new[seat] = barrel
        events["arrivals"] = arrivals
        if on is not None:
            new[on] -= rules.penalty
            fell.append(on)
            events["knocked_off"] = on
            on = None
        if len(arrivals) == 1:
            on, crosses, refusals = arrivals[0], 0, 0
        else:
            for seat in arrivals:
                new[seat] -= rules.penalty
                fell.append(seat)
            events["arrived_together"] = arrivals
    if on is None:
        crosses, refusals = 0, 0
    falls_now = marks.falls
    if fell:
        falls_now, resets = _tally(falls_now, fell, rules.falls_to_zero)
        for seat in resets:
            new[seat] = 0
        events["falls"] = sorted(fell)
        if resets:
            events["reset_to_zero"] = sorted(resets)
    if (on, crosses, refusals, falls_now, dashes_now) == (
        marks.seat,
        marks.crosses,
        marks.refusals,
        marks.falls,
        marks.dashes,
    ):
        new_marks = marks  # nothing marked (a value: the same marks)
    else:
        new_marks = BarrelMarks(on, crosses, refusals, falls_now, dashes_now)
    return list(map(_sub, new, scores)), new_marks, events


# -- the game -----------------------------------------------------------------------------------
class GamePyatsot(ActionsPyatsot):
    """Пятьсот, the fast Thousand, with the barrel."""

    id = "pyatsot"
    OBSERVATION = ObsPyatsot
    RULES = RulesPyatsot
    rules: RulesPyatsot
    title = "Pyatsot (the fast Thousand)"
    title_ru = "Пятьсот"
    OPTIONS = (
        Option("players", 3, "players at the table; with 4 the dealer sits out and scores the talon", choices=(3, 4)),
        Option("min_bid", 60, "the lowest (forced) opening bid", minimum=5, maximum=NO_COMBINATION_CAP),
        Option("bid_step", 5, "bids and contracts go up in steps of this many points", minimum=1, maximum=60),
        Option(
            "bid_cap",
            "sum",
            "the cap above 120 for a player holding a combination: 120 plus the values of the combinations "
            "held, one per suit (sum), plus the best one only (best), or none (unlimited)",
            choices=("sum", "best", "unlimited"),
        ),
        Option(
            "all_barred",
            "opener",
            "when every player is at -120 or below: the player on the dealer's left must bid anyway (opener), "
            "or the deal is thrown in by his 'pass' (throw_in; a match can then stall)",
            choices=("opener", "throw_in"),
        ),
        Option(
            "dealer_talon_on_refusal",
            True,
            "with 4 players the dealer scores the talon also in a deal the declarer refuses to play",
        ),
        Option("dash_limit", 3, "this many dashes cost 120 (then the count restarts)", minimum=1, maximum=10),
        Option("barrel", BARREL, "the barrel: scores stop here; the rest must be made from it", minimum=1),
        Option("target", TARGET, "the winning score, reached only from the barrel", minimum=2),
        Option("barrel_attempts", 3, "deals on the barrel (X marks) before the player falls off", minimum=1, maximum=9),
        Option("barrel_refusals", 2, "how many times a player on the barrel may refuse to play", minimum=0, maximum=8),
        Option("falls_to_zero", 3, "the fall off the barrel that sets the score to 0", minimum=1, maximum=9),
    )

    def _validate(self) -> None:
        from prikup.core.errors import OptionError

        rules = self.rules
        if rules.barrel >= rules.target:
            raise OptionError(refusal("barrel_below_target"))
        if rules.target - rules.barrel > MAX_POINTS:
            raise OptionError(refusal("barrel_span", most=MAX_POINTS))
        if rules.barrel_refusals >= rules.barrel_attempts:
            raise OptionError(refusal("barrel_refusals_attempts"))
        #: 3 or 4 seats, three dealt in (with 4 the dealer sits out and scores the talon)
        #: and the bids: min_bid, min_bid + step, … up to MAX_POINTS
        ladder = Ladder(range(rules.min_bid, MAX_POINTS + 1, rules.bid_step))
        self.trick_rules = ace_ten_trick_rules(rules.players, 0, ladder)
        self._barrel_rules = BarrelRules(
            barrel=rules.barrel,
            target=rules.target,
            attempts=rules.barrel_attempts,
            falls_to_zero=rules.falls_to_zero,
            dash_limit=rules.dash_limit,
        )
        # what the rules' use sites read, from the typed options
        #: four at the table: the dealer sits out and scores the talon
        self.four_players: bool = rules.players == 4
        #: how combinations raise the bid cap
        self.bid_cap_rule: BidCap = rules.bid_cap
        #: every player barred from bidding: the deal is thrown in (else the first one must bid)
        self.all_barred_throw_in: bool = rules.all_barred is AllBarred.THROW_IN
        #: the sitting-out dealer scores the talon when the declarer refuses to play
        self.dealer_talon_on_refusal: bool = rules.dealer_talon_on_refusal
        #: how many times a player on the barrel may refuse
        self.barrel_refusals: int = rules.barrel_refusals

    @property
    def barrel_contract(self) -> int:
        """The contract of a deal played from the barrel (target − barrel, 120)."""
        return self.rules.target - self.rules.barrel

    @property
    def barrel_rules(self) -> BarrelRules:
        """The barrel and dash numbers of this configuration."""
        return self._barrel_rules

    def _new_state(self, rng: random.Random | None, first_dealer: int, single_deal: bool) -> StatePyatsot:
        return StatePyatsot(self, rng, first_dealer, single_deal)


class StatePyatsot(LegalPyatsot):
    """A match of Пятьсот in progress."""

    game: GamePyatsot

    def __init__(self, game: GamePyatsot, rng: random.Random | None, first_dealer: int, single_deal: bool) -> None:
        super().__init__(game, rng, first_dealer, single_deal)
        #: the barrel and dash marks carried from deal to deal
        self.marks = BarrelMarks.start(game.players)

    def _clear_deal(self) -> None:
        super()._clear_deal()
        n = self.game.players
        #: the talon as dealt (``talon`` holds what is left of it)
        self.talon_dealt = 0
        #: seats at -120 or below, who may not bid; a deal thrown in when nobody may
        self.barred: tuple[int, ...] = ()
        self.throw_in = False
        self.barrel_deal = False
        self.kept: Card | None = None
        #: who made the current trumps by a declaration; the declarations and their cards
        self.trump_maker: int | None = None
        self.declarations: list[tuple[int, str, Suit, int]] = []
        self.used = 0
        self.declared = [0] * n

    def set_score_sheet(self, scores: Sequence[int], marks: BarrelMarks | None = None) -> None:
        """Set up a position between deals: every seat's score and the barrel marks (for
        studies, puzzles and tests; a replayed match never needs it)."""
        from prikup.core.errors import DealError

        n = self.game.players
        if self.phase is not _DEAL:
            raise DealError(refusal("sheet_phase", phase=str(self.phase)))
        marks = marks if marks is not None else BarrelMarks.start(n)
        if len(scores) != n or len(marks.falls) != n or len(marks.dashes) != n:
            raise DealError(refusal("sheet_shape", seats=n))
        if marks.seat is not None and scores[marks.seat] != self.game.barrel_rules.barrel:
            raise DealError(refusal("sheet_barrel_score"))
        if any(s >= self.game.barrel_rules.barrel for i, s in enumerate(scores) if i != marks.seat):
            raise DealError(refusal("sheet_above_barrel"))
        self._scores = list(scores)
        self.marks = marks
        if n == 4 and self._next_dealer == marks.seat:
            self._next_dealer = self._dealer_after(self._next_dealer - 1)

    # -- the deal -------------------------------------------------------------------------
    def _begin_deal(self, dealer: int, active: tuple[int, ...], talon: list[Card]) -> None:
        n = self.game.players
        self.talon_dealt = self.talon
        on = self.marks.seat
        self.barrel_deal = on is not None and on in active
        if self.barrel_deal:
            assert on is not None
            self.barred = ()
            self.passed = [True] * n
            self.declarer = on
            self.phase = _BARREL
            self._turn = on
            return
        scores = self._scores
        # the seats out and the barred pass (one loop: comprehensions are calls in Python 3.11)
        passed = list(self.game.seats_out(active))
        barred: list[int] = []
        first = None
        for s in active:
            if scores[s] > BID_BAN:
                if first is None:
                    first = s
            else:
                barred.append(s)
                passed[s] = True
        if first is None:  # nobody may bid: the first seat bids anyway (or throws the deal in)
            first = active[0]
            barred.remove(first)
            passed[first] = False
            self.throw_in = self.game.all_barred_throw_in
        self.barred = tuple(barred)
        self.passed = passed
        self.phase = _AUCTION
        self._turn = first

    def _why_illegal(self, seat: int, action: Action) -> Refusal | None:
        phase = self.phase
        kind = action.kind
        if phase is _AUCTION:
            return self._why_illegal_call(seat, action)
        if phase is _BARREL:
            if kind is _K_TAKE:
                return None
            if kind is _K_CONCEDE:
                limit = self.game.barrel_refusals
                if self.marks.refusals >= limit:
                    return refusal("barrel_refusals", limit=limit)
                return None
            return refusal("barrel_decide")
        if phase is _KEEP:
            if kind is not _K_KEEP or action.card is None:
                return refusal("keep_one")
            if not self.talon >> action.card.id & 1:
                return refusal("keep_not_talon", card=str(action.card))
            return None
        if phase is _GIFT:
            if kind is not _K_GIVE or action.card is None:
                return refusal("give_talon_card")
            if not self.talon >> action.card.id & 1:
                return refusal("give_not_left", card=str(action.card))
            return None
        if phase is _CONTRACT:
            if kind is _K_CONCEDE:
                return None
            if kind is not _K_CONTRACT:
                return refusal("pt_contract_or_concede")
            return self._why_illegal_contract(seat, action)
        if phase is _PLAY:
            return self._why_illegal_play(seat, action)
        return refusal("nothing_now", phase=str(phase))

    def _why_illegal_number(self, number: int) -> Refusal | None:
        game = self.game
        if number not in game.ladder:
            low, step = game.rules.min_bid, game.rules.bid_step
            return refusal("pt_steps", low=low, second=low + step, third=low + 2 * step, step=step)
        return None

    def _why_illegal_call(self, seat: int, action: Action) -> Refusal | None:
        if self.throw_in:
            if action.kind is _K_PASS:
                return None
            return refusal("all_barred")
        if action.kind is _K_PASS:
            if self.high_bid is None:
                return refusal("opener_must_bid")
            return None
        if action.kind is not _K_BID or action.number is None or action.call is not None:
            return refusal("pt_auction_form")
        n = action.number
        why = self._why_illegal_number(n)
        if why is not None:
            return why
        if self.high_bid is not None and n <= self.high_bid:
            return refusal("bid_not_higher", bid=self.high_bid)
        cap = bid_cap(self.hands[seat], self.game.bid_cap_rule)
        if n > cap:
            if cap == NO_COMBINATION_CAP:
                return refusal("cap_no_combination", cap=NO_COMBINATION_CAP)
            return refusal("cap_combinations", cap=cap)
        return None

    def _why_illegal_contract(self, seat: int, action: Action) -> Refusal | None:
        assert self.high_bid is not None
        if action.number is None or action.call is not None:
            return refusal("pt_contract_form")
        n = action.number
        why = self._why_illegal_number(n)
        if why is not None:
            return why
        if n < self.high_bid:
            return refusal("contract_below_winning_bid", bid=self.high_bid)
        cap = bid_cap(self.hands[seat], self.game.bid_cap_rule)
        if n > cap:
            if cap == NO_COMBINATION_CAP:
                return refusal("contract_cap_no_combination", cap=NO_COMBINATION_CAP)
            return refusal("contract_cap_combinations", cap=cap)
        return None

    def _why_no_declaration(self, seat: int, card: Card, kind: str | None) -> Refusal | None:
        if kind not in COMBINATION_RANKS:
            return refusal("declare_form")
        if self.trick:
            return refusal("declare_leader_only")
        if not self.won[seat]:
            return refusal("declare_after_trick")
        assert card.suit is not None
        if card.rank not in COMBINATION_RANKS[kind]:
            ranks = "+".join(r.code for r in COMBINATION_RANKS[kind])
            return refusal("declare_led_card", ranks=ranks, suit=card.suit.name)
        mask = combination_mask(kind, card.suit)
        if self.hands[seat] & mask != mask:
            return refusal(
                "declare_must_hold", kind=kind, suit=card.suit.name, cards=" ".join(map(str, cards_of(mask)))
            )
        if self.used & mask:
            spent = " ".join(map(str, cards_of(self.used & mask)))
            return refusal("declare_spent", cards=spent)
        return None

    def _why_illegal_play(self, seat: int, action: Action) -> Refusal | None:
        if action.kind is not _K_PLAY or action.card is None:
            return refusal("pt_play_form")
        card = action.card
        hand = self.hands[seat]
        if not hand >> card.id & 1:
            return refusal("not_held", card=str(card))
        if action.modifier is not None:
            if action.modifier != _M_DECLARE:
                return refusal("no_modifier_declare", modifier=action.modifier)
            return self._why_no_declaration(seat, card, action.argument)
        if not self.trick:
            trump = self.trump
            if trump is not None and card.suit == trump and seat != self.trump_maker and hand & ~SUIT_MASKS[trump]:
                return refusal("trump_lead_maker_only", suit=trump.name)
            return None
        led = SUIT_MASKS[self.trick[0][1].id >> 4]
        if not follow_mask(hand, led, 0, must_trump=False) >> card.id & 1:
            led_suit = self.trick[0][1].suit
            assert led_suit is not None
            return refusal("follow_suit", suit=led_suit.name)
        return None

    # -- carrying out ----------------------------------------------------------------------
    def _do(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase is _PLAY:  # most decisions
            self._do_play(seat, action)
        elif phase is _AUCTION:
            self._do_call(seat, action)
        elif phase is _BARREL:
            if action.kind is _K_TAKE:
                self.contract = self.game.barrel_contract
                self._win_auction(seat)
            else:
                self._refuse(seat)
        elif phase is _KEEP:
            assert action.card is not None
            self.talon &= ~action.card.mask
            self.hands[seat] |= action.card.mask
            self.kept = action.card
            self.phase = _GIFT
        elif phase is _GIFT:
            assert action.card is not None
            self.talon &= ~action.card.mask
            self._give(action.card)
            if len(self.gifts) == 2:
                if self.barrel_deal:
                    self._start_play()
                else:
                    self.phase = _CONTRACT
        elif phase is _CONTRACT:
            if action.kind is _K_CONCEDE:
                self._refuse(seat)
            else:
                self.contract = action.number
                self._start_play()
        else:
            self._do_play(seat, action)

    def _do_call(self, seat: int, action: Action) -> None:
        if self.throw_in:
            self.calls.append((seat, "pass"))
            result = {"outcome": "thrown in", "barred": list(self.barred), "marks": self.marks.to_json()}
            self._finish_deal([0] * self.game.players, result)
            return
        if action.kind is _K_PASS:
            self._pass(seat)
        else:
            assert action.number is not None
            self._bid(seat, action.number, str(action))
        self._after_call(seat, self.declarer)  # the opener must bid: never all pass

    def _win_auction(self, seat: int) -> None:
        """The declarer takes the talon: he keeps one card and gives the others away, so its cards
        stay in ``talon`` until then."""
        self.declarer = seat
        self.talon_taken = True
        self.phase = _KEEP
        self._turn = seat

    def _start_play(self) -> None:
        self.phase = _PLAY
        assert self.declarer is not None
        self._turn = self.declarer

    def _do_play(self, seat: int, action: Action) -> None:
        card = action.card
        assert card is not None and card.suit is not None
        if action.modifier == _M_DECLARE:
            kind = action.argument
            assert kind is not None
            value = combination_value(kind, card.suit)
            self.declarations.append((seat, kind, card.suit, value))
            self.used |= combination_mask(kind, card.suit)
            self.declared[seat] += value
            self.trump = card.suit
            self.trump_maker = seat
        self._lay(seat, card)

    def points(self, seat: int) -> int:
        """A seat's points in this deal so far: card points of its tricks plus its declarations."""
        return self.card_points(seat) + self.declared[seat]

    def _dealer_talon(self, changes: list[int], result: dict[str, Any]) -> None:
        if self.game.four_players:
            dealer = self.deals[-1].dealer
            score = talon_score(self.talon_dealt)
            changes[dealer] += score
            result["talon"] = [str(c) for c in cards_of(self.talon_dealt)]
            result["talon_points"] = score

    def _refuse(self, seat: int) -> None:
        bid = self.high_bid if self.high_bid is not None else 0
        opponents = [s for s in self.active_seats() if s != seat]
        changes = refusal_changes(self.game.players, seat, bid, opponents, barrel=self.barrel_deal)
        result: dict[str, Any] = {
            "outcome": "barrel refused" if self.barrel_deal else "refused",
            "declarer": seat,
            "bid": self.high_bid,
        }
        if self.game.dealer_talon_on_refusal:
            self._dealer_talon(changes, result)
        self._settle(changes, result, zero_seats=(), barrel_result="refused" if self.barrel_deal else None)

    def _score_play(self) -> None:
        declarer, contract = self.declarer, self.contract
        assert declarer is not None and contract is not None
        # every active seat's points, by seat and as the record's text keys; who made none
        points: dict[int, int] = {}
        points_json: dict[str, int] = {}
        zero: list[int] = []
        declared = self.declared
        for seat in self._in_deal:
            got = self.card_points(seat) + declared[seat]
            points[seat] = points_json[str(seat)] = got
            if not got:
                zero.append(seat)
        made = points[declarer] >= contract
        barrel = self.barrel_deal
        changes = play_changes(self.game.trick_rules.players, declarer, contract, points, barrel=barrel)
        trump = self.trump
        result: dict[str, Any] = {
            "outcome": ("barrel " if barrel else "") + ("made" if made else "failed"),
            "declarer": declarer,
            "bid": self.high_bid,
            "contract": contract,
            "points": points_json,
            "declarations": [
                {"seat": s, "kind": k, "suit": SUIT_NAMES[su], "value": v} for s, k, su, v in self.declarations
            ],
            "trump": SUIT_NAMES[trump] if trump is not None else "NT",
        }
        if self.game.four_players:
            self._dealer_talon(changes, result)
        barrel_result = ("made" if made else "failed") if barrel else None
        self._settle(changes, result, zero_seats=zero, barrel_result=barrel_result)

    def _settle(
        self, changes: list[int], result: dict[str, Any], zero_seats: Iterable[int], barrel_result: str | None
    ) -> None:
        final, new_marks, events = settle_deal(
            self._scores, changes, self.marks, zero_seats, barrel_result, self.game.barrel_rules
        )
        result["changes_before_barrel"] = changes.copy()
        result.update(events)
        result["marks"] = new_marks.to_json()
        self.marks = new_marks
        self._finish_deal(final, result)

    def _dealer_after(self, dealer: int) -> int:
        """The next dealer to the left; with 4 players the player on the barrel does not deal."""
        n = self.game.trick_rules.players
        nxt = (dealer + 1) % n
        if n == 4 and nxt == self.marks.seat:
            nxt = (nxt + 1) % n
        return nxt

    def _winners(self) -> list[int]:
        target = self.game.barrel_rules.target
        scores = self._scores
        if max(scores) < target:  # most deals: nobody (without a comprehension's call)
            return []
        return [s for s, score in enumerate(scores) if score >= target]

    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """A gift is seen by its giver and its receiver only; a kept card by the declarer only."""
        if action.kind is _K_GIVE and viewer in [r for r, c in self.gifts if c == action.card]:
            return str(action)
        return super().action_view(seat, action, viewer)

    def _talon_left(self) -> int:
        """The talon's cards not yet kept or given (the declarer deals them out one by one)."""
        return self.talon

    # -- what a seat may know ----------------------------------------------------------------
    def _observe(self, seat: int | None, head: Head) -> ObsPyatsot:
        sees_hand = seat is not None and self.in_deal and seat in self._in_deal
        is_declarer = seat is not None and seat == self.declarer and self.talon_taken
        gifts = tuple([Gift(r, c if seat is not None and (seat == r or is_declarer) else None) for r, c in self.gifts])
        trump = self.trump
        return ObsPyatsot(
            *head,
            **self._common(seat, sees_hand),
            declarer=self.declarer if self.phase is not _AUCTION else None,
            trump=(trump if trump is not None else NO_TRUMP) if self.contract is not None else None,
            talon=tuple(cards_of(self.talon_dealt)) if is_declarer else None,
            barred=self.barred,
            high_bid=self.high_bid,
            barrel_deal=self.barrel_deal,
            talon_taken=self.talon_taken,
            kept=self.kept if is_declarer else None,
            gifts=gifts,
            received=next((c for r, c in self.gifts if r == seat), None),
            contract=self.contract,
            trump_maker=self.trump_maker,
            declarations=tuple([Declaration(*d) for d in self.declarations]),
            points=tuple([self.points(s) for s in range(self.game.players)]),
            barrel=self.marks,
            barrel_contract=self.game.barrel_contract,
        )

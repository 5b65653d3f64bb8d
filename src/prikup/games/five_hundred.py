"""The rules of Five Hundred (500), as the page ``prikup/docs/rules/five-hundred.md`` tells them.

The forms from one engine, chosen by ``players`` and ``partnership``:

* the standard game: 4 players, partners opposite (seats 0+2 against 1+3), 43 cards (A–5, the
  red 4s, the joker), 10 each and a kitty of 3, dealt 3-1-4-1-3-1;
* 3 players each for himself (American preferans): 33 or 32 cards (A–7, with or without the joker), a
  widow of 3 or 2, dealt 3-widow-4-3;
* 4 players each for himself (American preferans): as for 3, the dealer dealing to the others and sitting
  the deal out.
* 5 players (52 cards and the joker), the contractor alone or with the holder of a card he calls
  (:mod:`prikup.games.five_hundred_many`), and 6 players (63 or 64 cards) in two teams of three or
  three of two.

Auction 6S … 10NT ranked by the scoring table's values (Avondale by default), pass is final;
misère and open misère; the winner takes the kitty, discards as many cards, may raise (option),
and leads.  Follow suit (the left bower is a trump, never its printed suit), else anything.  The
joker is the top trump; in no-trump and misère it is the only trump and, led, names a suit.
Contract value made or lost, slam 250, 10 a trick to each defending side; game at ±500.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from prikup.core.actions import Action
from prikup.core.cards import Card, Rank, Suit, cards_of
from prikup.core.engine import DealPattern, TrickRules
from prikup.core.errors import OptionError
from prikup.core.game import Head
from prikup.core.ladder import Ladder
from prikup.core.observation import NO_TRUMP
from prikup.core.refusals import Refusal, refusal
from prikup.core.tricks import trick_winner
from prikup.games import five_hundred_options
from prikup.games.five_hundred_actions import (
    _AUCTION,
    _BREAK,
    _CLAIM,
    _CONTRACT,
    _DISCARD,
    _GIVE,
    _K_BID,
    _K_BREAK,
    _K_CLAIM,
    _K_CONTRACT,
    _K_DISCARD,
    _K_GIVE,
    _K_MISDEAL,
    _K_PASS,
    _K_PLAY,
    _M_AS,
    _MATCH_OVER,
    _PLAY,
    SLAM_ACTION,
    ActionsFiveHundred,
)
from prikup.games.five_hundred_end import TRICK_POINTS, EndRules, match_winners
from prikup.games.five_hundred_options import FORM_DEFAULTS
from prikup.games.five_hundred_tables import (
    BLIND_MISERE,
    CALL_INDEX,
    CALLS,
    DECK_FORMS,
    DECKS,
    DOUBLE_MISERE,
    DOUBLE_SHIELDS,
    EXTRA_CALLS,
    HI_LO,
    MANY_DECKS,
    MANY_FORMS,
    MISERE,
    MISERE_CALLS,
    OPEN_MISERE,
    OPEN_MISERE_CALLS,
    PATASTROPHE,
    TABLES,
    DeckSpec,
    ScoringTable,
    call_level,
    call_strain,
    deal_pattern,
    six_units,
)
from prikup.games.five_hundred_variants import VariantsFiveHundred
from prikup.games.obs_five_hundred import ObsFiveHundred, OpenHand

if TYPE_CHECKING:
    from prikup.games.five_hundred_forms import FormSpec
from prikup.games.table_rules import (
    Auction,
    Claim,
    GoalTie,
    JokerLead,
    JokerNT,
    MinusGoal,
    MisereFrom,
    NoBid,
    RaiseAfterKitty,
    RulesFiveHundred,
)

__all__ = [
    "HAND_SIZE",
    "TRICKS",
    "TRICK_POINTS",
    "GameFiveHundred",
    "Layout",
    "StateFiveHundred",
    "contract_score",
    "deal_changes",
    "joker_lead_suits",
    "layout_for",
    "match_winners",
]

HAND_SIZE = 10
TRICKS = 10
#: Hi/Lo: the bidder takes exactly this many tricks (and loses as many)
HILO_TRICKS = 5
#: option slam_bid: what a slam called after the kitty is worth, with trumps and in no-trump
SLAM_BID_TRUMPS = 500
SLAM_BID_NO_TRUMP = 520
#: the misères both partners play
_DOUBLE_CALLS = (DOUBLE_MISERE, DOUBLE_SHIELDS, PATASTROPHE)
#: option claim=penalty: what a claim costs the claimer's side
CLAIM_PENALTY = 100
#: option breaking: a break succeeds when the contractor's side falls this many tricks short
BREAK_MARGIN = 2
_SUIT_NAMES = tuple(s.name for s in Suit)
#: the suits of each void bitmask (bit s: suit s)
_VOID_SUITS = tuple(tuple(s for s in Suit if v >> s & 1) for v in range(16))
_NT = 4  # layout key of no-trump (and misère): the joker is the only trump
#: the joker's rank above every card; with two jokers the higher one (option ``joker_high``) 42
_JOKER_STRENGTH = 40
_RIGHT_BOWER = 31
_LEFT_BOWER = 30


# -- ranking: which cards are trumps, what counts as which suit, and their order ---------------


@dataclass(frozen=True)
class Layout:
    """The trump situation of one strain, as bitmasks over card ids.

    ``trump``: the cards that are trumps (the joker always; in a suit contract also the trump
    suit and the left bower).  ``suits[s]``: the cards that count as suit ``s`` for following
    (``suits[trump suit] == trump``; the left bower is removed from its printed suit).
    ``strength[id]`` orders cards within what they count as.
    """

    trump_suit: Suit | None
    trump: int
    suits: tuple[int, int, int, int]
    strength: tuple[int, ...]

    def suit_of(self, card_id: int, named: Suit | None = None) -> Suit:
        """The suit a card counts as when led (a joker led in no-trump: the suit named)."""
        if self.trump_suit is not None and self.trump >> card_id & 1:
            return self.trump_suit
        if card_id >= 64:
            assert named is not None, "a joker led in no-trump names a suit"
            return named
        return Suit(card_id >> 4)


def layout_for(
    deck: Sequence[Card], trump: Suit | None, *, colour_fours: bool = False, high_joker: str = "JK1"
) -> Layout:
    """The layout of ``deck`` with ``trump`` (``None``: no-trump or misère).

    ``colour_fours``: the deck lacks 4S and 4D, and the 4 of the trumps' colour is the lowest
    trump (a variant deck).  ``high_joker``: with two jokers, the one that ranks higher.
    """
    plain = [0, 0, 0, 0]
    jokers = 0
    strength = [0] * 67
    two = sum(1 for c in deck if c.is_joker) > 1
    for card in deck:
        if card.is_joker:
            jokers |= card.mask
            strength[card.id] = _JOKER_STRENGTH + (2 if two and str(card) == high_joker else 1 if two else 0)
        else:
            assert card.suit is not None and card.rank is not None
            plain[card.suit] |= card.mask
            strength[card.id] = int(card.rank) + 1
    if trump is None:
        return Layout(None, jokers, (plain[0], plain[1], plain[2], plain[3]), tuple(strength))
    right = Card.of(Rank.JACK, trump)
    left = Card.of(Rank.JACK, Suit(int(trump) ^ 1))  # S<->C, D<->H: the same colour
    suits = list(plain)
    trumps = plain[trump] | jokers
    if any(c == left for c in deck):
        suits[left.suit or 0] &= ~left.mask
        trumps |= left.mask
        strength[left.id] = _LEFT_BOWER
    if any(c == right for c in deck):
        strength[right.id] = _RIGHT_BOWER
    four = Card.of(Rank.FOUR, left.suit or trump)
    if colour_fours and any(c == four for c in deck):
        suits[left.suit or 0] &= ~four.mask
        trumps |= four.mask  # below the trumps' 5: the lowest trump
    suits[trump] = trumps
    return Layout(trump, trumps, (suits[0], suits[1], suits[2], suits[3]), tuple(strength))


def j5_layout(no_trump: Layout) -> Layout:
    """Option ``j5``: the no-trump layout with every jack above its suit's ace (the joker still
    the only trump and above all; no bowers)."""
    strength = list(no_trump.strength)
    for suit in Suit:
        jack = Card.of(Rank.JACK, suit)
        if no_trump.suits[suit] >> jack.id & 1:
            strength[jack.id] = int(Rank.ACE) + 2
    return replace(no_trump, strength=tuple(strength))


# -- scoring: pure functions -----------------------------------------------------------------


def joker_lead_suits(rule: JokerLead, voids: int, played: int, held: int, alone: bool) -> int:
    """The suits (bit s: suit s) a joker led in no-trump/misère may name under ``rule`` (option
    ``joker_lead``), from its holder's masks: ``voids`` the suits he has shown void in,
    ``played`` the suits he has played a card of in the deal (a joker led: the suit it named),
    ``held`` the suits he holds a card of (jokers aside), ``alone``: the jokers are all he holds.
    ``any``: every suit; ``first_or_last``: a suit of which the joker is his first card (none
    played) or his last (none held), possibly none (the joker may not be led now);
    ``not_void_unless_alone``: as ``not_void`` unless the jokers are his last cards (then any);
    ``not_void``: a suit not shown void (every suit when he has shown void in all four).  The
    one definition of the rule: the state and the open-hand solver's position both ask it."""
    every = 0b1111
    if rule is JokerLead.ANY or (rule is JokerLead.NOT_VOID_UNLESS_ALONE and alone):
        return every
    if rule is JokerLead.FIRST_OR_LAST:
        return (~played | ~held) & every
    return (~voids & every) or every


def slam_bid_score(call: str, tricks: int) -> int:
    """Option ``slam_bid``: a slam called on ``call`` scores 500 (520 in no-trump) for all ten
    tricks, minus as much otherwise."""
    value = SLAM_BID_NO_TRUMP if call_strain(call) == "NT" else SLAM_BID_TRUMPS
    return value if tricks == TRICKS else -value


def contract_score(table: ScoringTable, call: str, tricks: int, *, slam: bool = True) -> int:
    """What the contractor's side scores for ``call`` having taken ``tricks``.

    Made (tricks ≥ level): the table value, no overtricks; all ten on a bid worth less than the
    slam value scores the slam value (option ``slam``).  Failed: minus the value.  A misère is
    made with no trick at all.
    """
    value = table.value(call)
    if call in MISERE_CALLS:
        return value if tricks == 0 else -value
    if call == HI_LO:
        return value if tricks == HILO_TRICKS else -value
    level = call_level(call)
    assert level is not None
    if tricks < level:
        return -value
    if slam and tricks == TRICKS and value < table.slam:
        return table.slam
    return value


def deal_changes(
    players: int,
    units: Sequence[Sequence[int]],
    tricks: Sequence[int],
    contractor: int | None,
    contract: int,
    *,
    defender_tricks_score: bool = True,
    against: int = 0,
) -> list[int]:
    """Score changes per seat: the contractor's unit (side or seat) gets ``contract``; every other
    unit ``against`` (a failed contract scored to the other side) and 10 a trick it took (not if
    ``defender_tricks_score`` is false).  With no contractor (a no-bid deal played out) every unit
    scores 10 a trick.  Partners share their side's change.
    """
    changes = [0] * players
    for unit in units:
        if contractor is not None and contractor in unit:
            change = contract
        elif defender_tricks_score or contractor is None:
            change = against + TRICK_POINTS * sum(map(tricks.__getitem__, unit))
        else:
            change = against
        for seat in unit:
            changes[seat] = change
    return changes


# -- the configuration ---------------------------------------------------------------------

_TRISTATE = ("raise_after_kitty",)


class GameFiveHundred(ActionsFiveHundred):
    """Five Hundred (500), the standard partnership game and the 3/4-player forms of American preferans."""

    id = "five-hundred"
    OBSERVATION = ObsFiveHundred
    RULES = RulesFiveHundred
    rules: RulesFiveHundred
    title = "Five Hundred"
    title_ru = "Пятьсот (американский преферанс)"
    OPTIONS = five_hundred_options.OPTIONS

    def __init__(self, **options: object) -> None:
        for name in _TRISTATE:
            if isinstance(options.get(name), bool):
                options[name] = "true" if options[name] else "false"
        super().__init__(**options)

    def _validate(self) -> None:
        from prikup.games.five_hundred_forms import form_spec

        #: option ``form``: the form of 2 players, or of 3 with a dead hand (None: the player count's own)
        self.form: FormSpec | None = form_spec(self)
        # the resolved options the rules read during play, once (resolving one took ~5 us)
        self._no_bid = NoBid(self._resolved("no_bid"))
        self._raise_after_kitty = RaiseAfterKitty(self._resolved("raise_after_kitty")) is RaiseAfterKitty.TRUE
        self._misere_from = MisereFrom(self._resolved("misere_from"))
        self._play_next_of: dict[tuple[int, ...], list[int]] = {}
        deck = self._resolved("deck") if self.form is None else self.form.deck.name
        hands = self.players if self.many_hands else 4 if self.partnership_play else 3
        kitty = DECKS[deck].size - HAND_SIZE * hands if self.form is None else self.form.kitty
        form = MANY_FORMS.get(self.players) or ("partnership" if self.partnership_play else "single")
        if self.form is None and deck not in DECK_FORMS[form]:
            allowed = ", ".join(DECK_FORMS[form])
            raise OptionError(refusal(f"fh_deck_{form}", deck=deck, allowed=allowed))
        assert 2 <= kitty <= 6
        self.deck_spec: DeckSpec = DECKS[deck] if self.form is None else self.form.deck
        self.cards: tuple[Card, ...] = self.deck_spec.cards()
        self.deck_mask = sum(c.mask for c in self.cards)
        self.joker_mask = sum(c.mask for c in self.cards if c.is_joker)
        self.kitty_size = kitty
        rules = self.rules
        #: the calls beyond the standard game's that this configuration offers
        self.extra_calls: tuple[str, ...] = tuple(
            call
            for call, on in (
                (BLIND_MISERE, rules.blind_misere),
                (DOUBLE_MISERE, rules.double_misere and self.partnership_play),
                (HI_LO, rules.hi_lo),
                (DOUBLE_SHIELDS, rules.double_shields and self.partnership_play),
                (PATASTROPHE, rules.patastrophe and self.partnership_play),
            )
            if on
        )
        #: every call of this configuration, in the fixed order of :data:`CALLS`
        self.calls: tuple[str, ...] = tuple(c for c in CALLS if c not in EXTRA_CALLS or c in self.extra_calls)
        style = "spread" if self.partnership_play or self.many_hands else "widow"
        pattern = DealPattern(hands, HAND_SIZE, kitty, tuple(deal_pattern(hands, HAND_SIZE, kitty, style)))
        pattern = pattern if self.form is None else self.form.pattern
        no_trump = layout_for(self.cards, None, high_joker=rules.joker_high.upper())
        self.table: ScoringTable = TABLES[rules.table].ranked(rules.misere_rank)
        #: the rules value: 3 or 4 seats, 4 or 3 hands of 10, the kitty, ten tricks (won by the
        #: layout of the contract's strain: :meth:`StateFiveHundred._trick_winner`), the calls in
        #: the order the scoring table ranks them
        self.trick_rules = TrickRules(
            rules.players,
            self.cards,
            pattern,
            TRICKS,
            no_trump.suits,
            no_trump.strength,
            talon_place="kitty",
            ladder=Ladder(self.table.ladder(self.extra_calls)),
        )
        #: The layout of each strain: indexes 0-3 the trump suits S C D H, 4 no-trump and misère.
        fours, high = self.deck_spec.colour_fours, rules.joker_high.upper()
        self.layouts: tuple[Layout, ...] = (
            *(layout_for(self.cards, s, colour_fours=fours, high_joker=high) for s in Suit),
            no_trump,
        )
        #: option j5: the layout no-trump contracts are played in (the jacks above the aces)
        self.nt_contract_layout: Layout = j5_layout(no_trump) if rules.j5 else no_trump
        # what the rules' use sites read, from the typed options
        five_misere = rules.players != 5 or rules.five_misere
        self.misere_allowed: bool = rules.misere and five_misere
        self.open_misere_allowed: bool = rules.open_misere and five_misere
        #: in no-trump the joker may be played at any time, not only when void in the suit led
        self.joker_any_time: bool = JokerNT(self._resolved("joker_nt")) is JokerNT.ANY_TIME
        #: a joker led in no-trump may name any suit, even one its holder has shown void in
        self.joker_lead: JokerLead = JokerLead(self._resolved("joker_lead"))
        self.joker_lead_any: bool = self.joker_lead is JokerLead.ANY
        self.redeals: int = rules.redeals
        self.slam: bool = rules.slam
        #: in a misère the defenders too score 10 a trick
        self.misere_trick_points: bool = rules.misere_trick_points
        self.goal: int = rules.goal
        #: the end of a match (the defenders' trick points are per deal: see ``_winners``)
        self.end_rules = EndRules(
            rules.goal,
            win_by_bid=rules.win_by_bid,
            goal_tie_higher=rules.goal_tie is GoalTie.HIGHER,
            minus_needs_other_not_negative=rules.minus_goal is MinusGoal.IF_OTHER_NOT_NEGATIVE,
            exact_goal=rules.exact_goal,
            points_spread=rules.points_spread,
        )
        #: the end rules of a deal by whether its defenders scored their tricks (both made once)
        self.end_rules_by_trick_points: dict[bool, EndRules] = {
            points: replace(self.end_rules, defender_tricks_score=points) for points in (False, True)
        }
        self.one_round: bool = rules.auction is Auction.ONE_ROUND

    # -- resolved options ---------------------------------------------------------------------
    @property
    def partnership_play(self) -> bool:
        """True for the 4-player partnership game."""
        return self.rules.players == 4 and self.rules.partnership

    @property
    def many_hands(self) -> bool:
        """True for the five- and six-player forms (:mod:`prikup.games.five_hundred_many`)."""
        return self.rules.players >= 5

    def _resolved(self, name: str) -> str:
        value = getattr(self.rules, name)
        assert isinstance(value, str)
        if value == "auto" and name == "deck" and self.many_hands:
            return MANY_DECKS[self.players]
        if value == "auto":
            standard = self.partnership_play or self.many_hands or (self.form is not None and self.form.standard)
            return FORM_DEFAULTS[name][0 if standard else 1]
        return value

    @property
    def no_bid(self) -> NoBid:
        """What happens when everybody passes (never ``AUTO``: the form's rule)."""
        return self._no_bid

    @property
    def raise_after_kitty(self) -> bool:
        """Whether the contractor may raise after the kitty."""
        return self._raise_after_kitty

    @property
    def misere_from(self) -> MisereFrom:
        """``SEVEN`` or ``ANY`` (never ``AUTO``: the form's rule)."""
        return self._misere_from

    def play_next(self, playing: tuple[int, ...]) -> list[int]:
        """The next seat that plays after each seat when ``playing`` play the tricks (``-1``: a
        seat sitting out), made once per game and set of seats (a state never changes it in place)."""
        made = self._play_next_of.get(playing)
        if made is None:
            made = self._play_next_of[playing] = [
                playing[(playing.index(s) + 1) % len(playing)] if s in playing else -1 for s in range(self.players)
            ]
        return made

    def units(self) -> tuple[tuple[int, ...], ...]:
        """The scoring units: the two sides, or every seat on its own (made once)."""
        made: tuple[tuple[int, ...], ...] | None = self.__dict__.get("_units")
        if made is not None:
            return made
        if self.partnership_play:
            units: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
        elif self.players == 6:
            units = six_units(self.rules.six_teams)
        else:
            units = tuple((s,) for s in range(self.players))
        self.__dict__["_units"] = units
        return units

    def _new_state(self, rng: random.Random | None, first_dealer: int, single_deal: bool) -> StateFiveHundred:
        if self.players == 5:
            from prikup.games.five_hundred_many import StateFiveHundredFive

            return StateFiveHundredFive(self, rng, first_dealer, single_deal)
        if self.form is not None:
            from prikup.games.five_hundred_forms import StateFiveHundredForms

            return StateFiveHundredForms(self, rng, first_dealer, single_deal)
        return StateFiveHundred(self, rng, first_dealer, single_deal)


# -- the state machine ------------------------------------------------------------------------


#: the seat that took a finished trick (``(trick, winner, suit)``)
_WINNER = itemgetter(1)


class StateFiveHundred(VariantsFiveHundred):
    """A match of Five Hundred in progress."""

    game: GameFiveHundred

    def __init__(self, game: GameFiveHundred, rng: random.Random | None, first_dealer: int, single_deal: bool) -> None:
        super().__init__(game, rng, first_dealer, single_deal)
        #: all passed and redealt by the same dealer: how many times in a row
        self._redeals = 0
        self._same_dealer = False
        #: setting/ralphing: the seat that may not bid in the next deal
        self._barred_next: int | None = None
        self.barred: int | None = None

    def _clear_deal(self) -> None:
        super()._clear_deal()
        self.discards = 0
        #: option slam_bid: the contractor called a slam; the card his partner gave him
        self.slam_called = False
        self.given: Card | None = None
        #: option nullo_pass: the cards the double-misère bidder gave his partner
        self.nullo_given = 0
        #: option claim: the trick at which the contractor claimed the rest (None: no claim)
        self.claimed: int | None = None
        #: option breaking: the defender who broke the contract, the defenders yet to decide, and
        #: the break's points per seat in the deal's score (they never win or lose the match)
        self.breaker: int | None = None
        self._breakers: list[int] = []
        n = self.game.trick_rules.players
        self._break_points = [0] * n
        self.high: int | None = None  # the highest bid so far, as an index of CALLS
        #: option raise_own: the auction's winner has his last call
        self._final_call = False
        self.high_seat: int | None = None
        self.contract: int | None = None
        self.no_bid_play = False
        #: the misère contractor's partner sits the play out; the others play
        self.sitting_out: tuple[int, ...] = ()
        self.playing: tuple[int, ...] = ()
        self.layout: Layout = self.game.layouts[_NT]
        self.voids = [0] * n  # bit s: the seat has shown void in suit s (public knowledge)
        self._end: tuple[int | None, list[int]] | None = None

    def _begin_deal(self, dealer: int, active: tuple[int, ...], talon: list[Card]) -> None:
        self.passed = list(self.game.seats_out(active))
        #: the seat set in the last deal (option ``set_margin``) only passes in this one
        self.barred = self._barred_next
        self._barred_next = None
        self.phase = _AUCTION
        self._turn = active[0]

    @property
    def kitty(self) -> int:
        """The kitty as dealt (kept for the contractor's view)."""
        return self.talon

    @property
    def kitty_taken(self) -> bool:
        """True once the contractor has taken the kitty."""
        return self.talon_taken

    @property
    def contractor(self) -> int | None:
        """The winner of the auction, who plays the contract."""
        return self.declarer

    def units(self) -> tuple[tuple[int, ...], ...]:
        """The scoring units (sides, or single seats)."""
        return self.game.units()

    def deal_units(self) -> tuple[tuple[int, ...], ...]:
        """The units this deal is scored in: the match's, but with five players the contractor
        and his called partner together."""
        return self.game.units()

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (who sit out when he plays a misère alone)."""
        unit = next(u for u in self.game.units() if seat in u)
        return tuple(s for s in unit if s != seat)

    def _share(self, amount: int) -> int:
        """What each seat of the contractor's side scores of the contract's ``amount``."""
        return amount

    def partner(self, seat: int) -> int | None:
        """A seat's partner in the partnership game."""
        return (seat + 2) % 4 if self.game.partnership_play else None

    @property
    def contract_call(self) -> str | None:
        """The contract (or, during the auction, nothing) as call text: ``8S``, ``MIS`` …"""
        return None if self.contract is None else CALLS[self.contract]

    @property
    def is_misere(self) -> bool:
        """True when the contract is to take no trick (misère, open, blind or double)."""
        return self.contract is not None and CALLS[self.contract] in MISERE_CALLS

    @property
    def plays_alone(self) -> bool:
        """True when the contractor's partner lays his hand down: a misère (not a double one:
        double misère, double shields, patastrophe), Hi/Lo, or a called slam."""
        call = None if self.contract is None else CALLS[self.contract]
        if self.slam_called:
            return True
        return call is not None and (call in MISERE_CALLS or call == HI_LO) and call not in _DOUBLE_CALLS

    @property
    def trump(self) -> Suit | None:
        """The trump suit in play (``None``: no-trump, misère, or not decided)."""
        return self.layout.trump_suit

    def _why_illegal(self, seat: int, action: Action) -> Refusal | None:
        phase = self.phase
        if phase is _AUCTION:
            return self._why_illegal_call(seat, action)
        if phase is _GIVE:
            if action.kind is not _K_GIVE or action.card is None:
                return (
                    refusal("fh_nullo_give", n=self._discards_left()) if self.nullo_giving else refusal("fh_give_card")
                )
            if not self.hands[seat] >> action.card.id & 1:
                return refusal("not_held", card=str(action.card))
            return None
        if phase is _DISCARD:
            if action == SLAM_ACTION:
                return None if self.may_slam(seat) else refusal("fh_slam_when")
            if action.kind is not _K_DISCARD or action.card is None:
                return refusal("discard_more", n=self._discards_left())
            if not self.hands[seat] >> action.card.id & 1:
                return refusal("not_held", card=str(action.card))
            return None
        if phase is _CONTRACT:
            return self._why_illegal_contract(action)
        if phase is _CLAIM:
            return None if action.kind in (_K_CLAIM, _K_PASS) else refusal("fh_claim_or_play")
        if phase is _BREAK:
            return None if action.kind in (_K_BREAK, _K_PASS) else refusal("fh_break_or_pass")
        if phase is _PLAY:
            return self._why_illegal_play(seat, action)
        return refusal("nothing_now", phase=str(phase))

    def _call_of(self, action: Action) -> int | Refusal:
        """The call index of a bid/contract action, or why it is not a call of this game."""
        if action.number is not None or action.call is None or action.call not in CALL_INDEX:
            return refusal("fh_call_form")
        return CALL_INDEX[action.call]

    def _why_illegal_call(self, seat: int, action: Action) -> Refusal | None:
        g = self.game
        if action.kind is _K_MISDEAL:
            return None if self.may_misdeal(seat) else refusal("fh_misdeal_face_card")
        if action.kind is _K_PASS:
            others = [s for s in self.active_seats() if s != seat]
            if g.no_bid is NoBid.DEALER_MUST_BID and self.high is None and all(self.passed[s] for s in others):
                return refusal("dealer_must_bid")
            return None
        if action.kind is not _K_BID:
            return refusal("fh_auction_form")
        call = self._call_of(action)
        if isinstance(call, Refusal):
            return call
        if seat == self.barred:
            return refusal("fh_barred", margin=g.rules.set_margin)
        text = CALLS[call]
        if text in EXTRA_CALLS and text not in g.extra_calls:
            return refusal("fh_bid_off", call=text)
        if text == BLIND_MISERE and any(s == seat for s, _ in self.calls):
            return refusal("fh_blind_misere_first")
        if call_level(text) == 6 and not self.may_inkle(seat):
            return refusal("fh_inkle_only" if g.one_round else "fh_min_level", level=g.rules.min_level)
        if text == MISERE and not g.misere_allowed:
            return refusal("misere_off")
        if text == OPEN_MISERE and not g.open_misere_allowed:
            return refusal("open_misere_off")
        if self.high is not None and not g.ladder.outbids(text, CALLS[self.high]):
            return refusal("bid_outrank", call=CALLS[self.high], table=g.table.name)
        if text == MISERE and g.misere_from is MisereFrom.SEVEN and not g.rules.wilkinson:
            level = None if self.high is None else call_level(CALLS[self.high])
            if level is None or level < 7:
                return refusal("misere_from_7")
        return None

    def _why_illegal_contract(self, action: Action) -> Refusal | None:
        g = self.game
        if action.kind is not _K_CONTRACT:
            return refusal("fh_name_contract")
        call = self._call_of(action)
        if isinstance(call, Refusal):
            return call
        assert self.contract is not None
        was_misere = CALLS[self.contract] in MISERE_CALLS
        if (CALLS[call] in MISERE_CALLS) != was_misere:
            return refusal("contract_keep_kind")
        if (CALLS[call] in EXTRA_CALLS or CALLS[self.contract] in EXTRA_CALLS) and call != self.contract:
            return refusal("contract_keep_kind")
        if CALLS[call] == OPEN_MISERE and not g.open_misere_allowed:
            return refusal("open_misere_off")
        if g.ladder.outbids(CALLS[self.contract], CALLS[call]):
            return refusal("contract_raise_only", call=CALLS[self.contract])
        return None

    def led_mask(self) -> int:
        """The cards that follow the current trick's led suit (0 when leading)."""
        if not self.trick:
            return 0
        _, card, named = self.trick[0]
        return self.layout.suits[self.layout.suit_of(card.id, named)]

    def playable(self, seat: int) -> int:
        """The cards ``seat`` may play now (follow suit; the joker rule in no-trump)."""
        hand = self.hands[seat]
        if not self.trick:
            return hand
        led = self.led_mask()
        same = hand & led
        if not same:
            return hand
        if self.layout.trump_suit is None and self.game.joker_any_time:
            return same | (hand & self.game.joker_mask)
        return same

    def lead_suits_for_joker(self, seat: int) -> list[Suit]:
        """The suits a joker led in no-trump/misère may name (option ``joker_lead``, the rule of
        :func:`joker_lead_suits`); under ``first_or_last`` possibly none: the joker may not be led
        now."""
        alone = not self.hands[seat] & ~self.game.joker_mask
        rule = self.game.joker_lead
        played = self.suits_played(seat) if rule is JokerLead.FIRST_OR_LAST else 0
        allowed = joker_lead_suits(rule, self.voids[seat], played, self._suits_held(seat), alone)
        return [s for s in Suit if allowed >> s & 1]

    def suits_played(self, seat: int) -> int:
        """Bit s: ``seat`` has played a card of suit s in this deal (a joker led: the suit named)."""
        out = 0
        for played in [*(t for t, _, _ in self.tricks), self.trick]:
            for s, card, named in played:
                if s == seat and (not card.is_joker or named is not None):
                    out |= 1 << self.layout.suit_of(card.id, named)
        return out

    def _suits_held(self, seat: int) -> int:
        """Bit s: ``seat`` holds a card of suit s other than a joker (the layout's suits are the
        cards of each suit a card counts as: one mask each, not a card at a time — a joker led in
        no-trump asks this at a quarter of Five Hundred's leads)."""
        held = self.hands[seat] & ~self.game.joker_mask
        out = 0
        for s, cards in enumerate(self.layout.suits):
            if held & cards:
                out |= 1 << s
        return out

    def _why_illegal_play(self, seat: int, action: Action) -> Refusal | None:
        if action.kind is not _K_PLAY or action.card is None:
            return refusal("fh_play_form")
        card = action.card
        hand = self.hands[seat]
        if not hand >> card.id & 1:
            return refusal("not_held", card=str(card))
        no_trump = self.layout.trump_suit is None
        if action.modifier is not None:
            if action.modifier != _M_AS or not card.is_joker:
                return refusal("joker_modifier_only")
            if self.trick:
                return refusal("joker_follow_plain")
            if not no_trump:
                return refusal("joker_top_trump", trump=str(self.layout.trump_suit))
            suit = action.suit_argument
            assert suit is not None
            suits = self.lead_suits_for_joker(seat)
            if suit not in suits and self.game.joker_lead is JokerLead.FIRST_OR_LAST:
                return refusal("joker_first_or_last", suit=suit.name, suits=" ".join(s.name for s in suits) or "-")
            if suit not in suits:
                return refusal("joker_void_suit", suit=suit.name)
            return None
        if card.is_joker and no_trump and not self.trick:
            names = " ".join(s.name for s in self.lead_suits_for_joker(seat))
            return refusal("joker_names_suit", card=str(card), suits=names)
        if not self.playable(seat) >> card.id & 1:
            _, led_card, named = self.trick[0]
            led_suit = self.layout.suit_of(led_card.id, named)
            what = "trumps" if led_suit == self.layout.trump_suit else led_suit.name
            if card.is_joker:
                return refusal("joker_nt_void_only", suit=what)
            if led_suit == self.layout.trump_suit:
                return refusal("follow_trumps")
            return refusal("follow_suit", suit=led_suit.name)
        return None

    def _discards_left(self) -> int:
        if self.nullo_giving:
            return self.game.kitty_size - self.nullo_given.bit_count()
        return self.game.kitty_size + (self.given is not None) - self.discards.bit_count()

    def may_slam(self, seat: int) -> bool:
        """Option ``slam_bid``: the contractor of a suit or no-trump contract, the kitty taken and
        nothing discarded yet, may call a slam."""
        return (
            self.game.rules.slam_bid
            and self.phase is _DISCARD
            and seat == self.contractor
            and not self.slam_called
            and self.discards == 0
            and self.contract is not None
            and call_level(CALLS[self.contract]) is not None
        )

    # -- carrying out ------------------------------------------------------------------------
    def _do(self, seat: int, action: Action) -> None:
        # the phases the C path hands over most first; each phase's branch as before
        phase = self.phase
        if phase is _DISCARD:
            if action.kind is not _K_DISCARD:  # the other legal action here: the slam (SLAM_ACTION)
                self.slam_called = True
                self.calls.append((seat, str(action)))
                partner = self.partner(seat)
                if partner is not None:
                    self.phase = _GIVE
                    self._turn = partner
                return
            mask = action.card.mask  # type: ignore[union-attr]
            self.hands[seat] &= ~mask
            self.discards = discards = self.discards | mask
            if self.game.kitty_size + (self.given is not None) == discards.bit_count():  # the last one
                if self.slam_called:
                    self._start_play()  # a called slam: no raise, no break
                elif self.game.raise_after_kitty:
                    self.phase = _CONTRACT
                    self._turn = self.contractor
                else:
                    self._before_play()
        elif phase is _CONTRACT:
            assert action.call is not None
            self.contract = CALL_INDEX[action.call]
            self.calls.append((seat, str(action)))
            self._before_play()
        elif phase is _CLAIM:
            self.phase = _PLAY
            if action.kind is _K_CLAIM:
                self.claimed = len(self.tricks)
                self._play_out_claim()
        elif phase is _AUCTION:
            self._do_call(seat, action)
        elif phase is _GIVE and not self.slam_called:  # nullo_giving
            self._nullo_give(seat, action)
        elif phase is _GIVE:
            assert action.card is not None and self.contractor is not None
            self.hands[seat] &= ~action.card.mask
            self.hands[self.contractor] |= action.card.mask
            self.given = action.card
            self.calls.append((seat, "give a card"))
            self.phase = _DISCARD
            self._turn = self.contractor
        elif phase is _BREAK:
            self.calls.append((seat, str(action)))
            if action.kind is _K_BREAK:
                self.breaker = seat
                self._start_play()
            else:
                self._breakers = self._breakers[1:]
                if self._breakers:
                    self._turn = self._breakers[0]
                else:
                    self._start_play()
        else:
            self._do_play(seat, action)

    def _do_call(self, seat: int, action: Action) -> None:
        if self._final_call:
            self._final_raise(seat, action)
            return
        if action.kind is _K_MISDEAL:
            self.calls.append((seat, str(action)))
            self._throw_in("misdeal", redeal=True)
            return
        if action.kind is _K_PASS:
            self._pass(seat)
        else:
            assert action.call is not None
            before = None if self.high is None else call_strain(CALLS[self.high])
            self.high = CALL_INDEX[action.call]
            self.high_seat = seat
            self.calls.append((seat, str(action)))
            if self.game.rules.bid_after_pass and self.high is not None and before != call_strain(action.call):
                # a new strain: those who passed may bid again
                self.passed = [s not in self._in_deal for s in range(self.game.players)]
        if self.game.one_round:
            self._after_one_round_call(seat)
        else:
            self._after_call(seat, self.high_seat)

    def _all_passed(self) -> None:
        rule = self.game.no_bid
        if rule is NoBid.PLAY_NT:
            self.no_bid_play = True
            self._start_play()
            return
        redeal = rule is NoBid.REDEAL and self._redeals < self.game.redeals
        self._redeals = self._redeals + 1 if redeal else 0
        self._throw_in("redeal" if redeal else "passed out", redeal=redeal)

    def _throw_in(self, outcome: str, *, redeal: bool) -> None:
        """The deal ends unplayed (``redeal``: the same dealer deals again)."""
        self._same_dealer = redeal
        self._end = (None, [])
        self._barred_next = self.barred  # an unplayed deal does not lift the bar
        self._finish_deal([0] * self.game.players, {"outcome": outcome})

    def _dealer_after(self, dealer: int) -> int:
        if self._same_dealer:
            self._same_dealer = False
            return dealer
        self._redeals = 0
        return (dealer + 1) % self.game.players

    def _win_auction(self, winner: int) -> None:
        assert self.high is not None
        self.declarer = winner
        self.contract = self.high
        if self.game.rules.wilkinson and CALLS[self.high] == OPEN_MISERE:
            self._before_play()  # Wilkinson's open misère: no kitty
            return
        self._take_talon(winner)
        self.phase = _GIVE if self.passes_to_partner else _DISCARD
        self._turn = winner

    @property
    def passes_to_partner(self) -> bool:
        """Option ``nullo_pass``: the contract is a double misère (double shields, patastrophe
        too) whose bidder gives his partner as many cards as the kitty holds, and the partner
        discards."""
        return (
            self.game.rules.nullo_pass
            and self.contract is not None
            and CALLS[self.contract] in _DOUBLE_CALLS
            and self.contractor is not None
            and self.partner(self.contractor) is not None
        )

    @property
    def discarder(self) -> int | None:
        """Who discards into the kitty's place: the contractor, or under ``nullo_pass`` his
        partner."""
        if self.contractor is None:
            return None
        partner = self.partner(self.contractor)
        return partner if self.passes_to_partner else self.contractor

    @property
    def nullo_giving(self) -> bool:
        """The double-misère bidder is giving his partner cards (option ``nullo_pass``)."""
        return self.phase is _GIVE and not self.slam_called

    def _nullo_give(self, seat: int, action: Action) -> None:
        """A card the double-misère bidder gives his partner; the last one turns the discard
        over to the partner."""
        assert action.card is not None
        partner = self.partner(seat)
        assert partner is not None
        self.hands[seat] &= ~action.card.mask
        self.hands[partner] |= action.card.mask
        self.nullo_given |= action.card.mask
        self.calls.append((seat, "give a card"))
        if self.nullo_given.bit_count() == self.game.kitty_size:
            self.phase = _DISCARD
            self._turn = partner

    def _start_play(self) -> None:
        g = self.game
        active = self.active_seats()
        if self.no_bid_play:
            self.layout = g.layouts[_NT]
            self.playing = active
            self._turn = active[0]
        else:
            assert self.contractor is not None and self.contract is not None
            strain = call_strain(CALLS[self.contract])
            if strain == "NT":
                self.layout = g.nt_contract_layout
            else:
                self.layout = g.layouts[_NT if strain is None else int(Suit[strain])]
            if self.plays_alone:
                self.sitting_out = out = self.partners_of(self.contractor)
                self.playing = tuple(s for s in active if s not in out)
            else:
                self.sitting_out = ()
                self.playing = tuple(active)
            self._turn = self.contractor
        playing = self.playing
        self._trick_size = len(playing)
        #: the next seat that plays (the misère contractor's partner sits out)
        self._play_next = g.play_next(playing)
        self.phase = _PLAY
        # (the C path ends such tricks itself; a subclass with its own trick end never)
        self._plain_trick_end = type(self)._after_trick is StateFiveHundred._after_trick and self._trick_end_is_plain()
        self._offer_claim()

    def _do_play(self, seat: int, action: Action) -> None:
        card = action.card
        assert card is not None
        named = action.suit_argument
        if self.trick:
            _, led_card, led_named = self.trick[0]
            led_suit = self.layout.suit_of(led_card.id, led_named)
            led = self.layout.suits[led_suit]
            nt_joker = card.is_joker and self.layout.trump_suit is None
            if not led >> card.id & 1 and not (nt_joker and self.game.joker_any_time):
                self.voids[seat] |= 1 << led_suit
        self._lay(seat, card, (seat, card, named))

    def _trick_winner(self) -> int:
        """The highest trump (the joker, the bowers), else the highest card of the suit led, in
        the contract's layout."""
        layout = self.layout
        _, led_card, led_named = self.trick[0]
        led = layout.suits[layout.suit_of(led_card.id, led_named)]
        seat: int = self.trick[trick_winner([c.id for _, c, _ in self.trick], led, layout.trump, layout.strength)][0]
        return seat

    def _finished_trick(self, trick: list[Any], winner: int) -> Any:
        """A finished trick keeps the suit it was played in."""
        _, led_card, led_named = trick[0]
        return (trick, winner, self.layout.suit_of(led_card.id, led_named))

    def _after_trick(self, winner: int) -> None:
        """A misère ends at the contractor's first trick; any deal after ten; under the 1904
        rule (``stop_at_goal``) a deal ends once a defending side reaches the goal, unless the
        contractor can still make his contract and reach it."""
        side = () if self.contractor is None else next(u for u in self.deal_units() if self.contractor in u)
        if (self.is_misere and winner in side) or len(self.tricks) == TRICKS:
            self._score_deal()
            return
        elif self.game.rules.stop_at_goal and self._defenders_at_goal() and not self._contractor_can_win():
            self._score_deal(stopped=True)
        else:
            self._offer_claim()

    def _side_tricks(self) -> int:
        side = next(u for u in self.deal_units() if self.contractor in u)
        return sum(self.won[s] for s in side)

    @property
    def defenders_score_tricks(self) -> bool:
        """Whether the defenders score 10 a trick in this deal (options ``trick_points`` and
        ``misere_trick_points``)."""
        g = self.game
        return g.rules.trick_points and (g.misere_trick_points or not self.is_misere)

    def _score_deal(self, *, stopped: bool = False) -> None:
        g = self.game
        units = self.deal_units()
        points = self.defenders_score_tricks
        if self.no_bid_play:
            changes = deal_changes(g.players, units, self.won, None, 0)
            result: dict[str, Any] = {"outcome": "no bid, played in no-trump"}
        else:
            assert self.contractor is not None and self.contract is not None
            call = CALLS[self.contract]
            side_tricks = self._side_tricks()
            if self.slam_called:
                amount = slam_bid_score(call, side_tricks)
            else:
                amount = contract_score(g.table, call, side_tricks, slam=g.slam)
            level = call_level(call)
            if stopped and level is not None and side_tricks < level <= side_tricks + TRICKS - len(self.tricks):
                amount = 0  # stopped while the contract was neither made nor beaten: not scored
            made = amount > 0
            outcome = "made" if made else "stopped" if stopped and amount == 0 else "failed"
            against = 0
            if amount < 0 and g.rules.failed_to_other:
                against = -amount
            if amount < 0 and (g.rules.no_negative or g.rules.failed_to_other):
                amount = 0
            if self.claimed is not None and g.rules.claim is Claim.PENALTY:
                amount -= CLAIM_PENALTY
            broken = self.breaker is not None and level is not None and level - side_tricks >= BREAK_MARGIN
            changes = deal_changes(
                g.players,
                units,
                self.won,
                self.contractor,
                self._share(amount),
                defender_tricks_score=points,
                against=against,
            )
            if made and call not in MISERE_CALLS and amount != g.table.value(call) and not self.slam_called:
                outcome = "slam"
            margin = g.rules.set_margin
            if margin and not stopped and level is not None and level - side_tricks >= margin:
                self._barred_next = self.contractor
                result_set = True
            else:
                result_set = False
            result = {
                "outcome": outcome,
                "contractor": self.contractor,
                "contract": call,
                "tricks": side_tricks,
            }
            if (self.is_misere and side_tricks) or stopped:
                result["stopped_after"] = len(self.tricks)
            if self.breaker is not None:
                # win/lose, lose/lose: the breakers lose the value; lose/win: they gain it; the
                # one who lost the break (the breaker, or the contractor broken) may not bid next
                won_or_lost = g.rules.breaking if broken else -g.rules.breaking
                for u in units:
                    if self.breaker in u:
                        for s in u:
                            self._break_points[s] = won_or_lost
                            changes[s] += won_or_lost
                self._barred_next = self.contractor if broken else self.breaker
                result["broken_by"] = self.breaker
                result["break_points"] = won_or_lost
            if result_set:
                result["set"] = self.contractor
            if self.slam_called:
                result["slam_called"] = True
            if self.claimed is not None:
                result["claimed_at"] = self.claimed + 1
                if g.rules.claim is Claim.PENALTY:
                    result["claim_penalty"] = CLAIM_PENALTY
        result["tricks_won"] = list(self.won)
        self._end = (self.contractor, list(map(_WINNER, self.tricks)))
        self._finish_deal(changes, result)

    def _winners(self) -> list[int]:
        if self._end is None:
            return []
        contractor, takers = self._end
        g = self.game
        units = g.units()
        log = self.deals[-1]
        changes = log.score_changes or [0] * g.trick_rules.players
        # a break's points never win or lose the match
        scores, breaks = self._scores, self._break_points
        after: list[int] = []
        before: list[int] = []
        for u in units:
            seat = u[0]
            after.append(scores[seat] - breaks[seat])
            before.append(scores[seat] - changes[seat])
        end = g.end_rules_by_trick_points[self.defenders_score_tricks]
        made = bool(log.result) and log.result.get("outcome") in ("made", "slam")
        return match_winners(units, before, after, contractor, takers, made=made, rules=end)

    def _places(self) -> dict[str, int]:
        """The contractor's discards."""
        return {"discards": self.discards}

    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """A discard is seen by the one who discards only; a card given (for a slam, or by a
        double-misère bidder under ``nullo_pass``) by the contractor and his partner only."""
        if action.kind is _K_DISCARD and viewer != seat:
            return "discard a card"
        contractor = self.contractor
        side = () if contractor is None else (contractor, self.partner(contractor))
        if action.kind is _K_GIVE and viewer not in side:
            return "give a card"
        return str(action)

    # -- what a seat may know ----------------------------------------------------------------
    @property
    def open_hand_shown(self) -> bool:
        """True once an open misère bidder's hand is shown (after the first trick; with
        ``wilkinson`` the closed misère's too)."""
        open_calls = (*OPEN_MISERE_CALLS, MISERE) if self.game.rules.wilkinson else OPEN_MISERE_CALLS
        return (
            self.phase is _PLAY
            and self.contract is not None
            and CALLS[self.contract] in open_calls
            and len(self.tricks) >= 1
        )

    @property
    def kitty_shown(self) -> Card | None:
        """Option ``kitty_up``: the last card dealt to the kitty, face up for all this deal."""
        if not self.game.rules.kitty_up or not self.in_deal or not self.deals or not self.deals[-1].talon:
            return None
        return self.deals[-1].talon[-1]

    def _observe(self, seat: int | None, head: Head) -> ObsFiveHundred:
        in_deal = self.in_deal
        own = seat is not None and in_deal and seat in self._in_deal
        is_contractor = seat is not None and seat == self.contractor and in_deal
        is_discarder = seat is not None and seat == self.discarder and in_deal
        open_hand = None
        open_hands: tuple[OpenHand, ...] = ()
        if self.open_hand_shown and self.contractor is not None:
            shown = [self.contractor]
            partner = self.partner(self.contractor)
            if self.contract_call == PATASTROPHE and partner is not None:
                shown.append(partner)
            open_hands = tuple(OpenHand(s, tuple(cards_of(self.hands[s]))) for s in shown)
            open_hand = open_hands[0]
        trick_suit = None
        if self.trick:
            _, c0, n0 = self.trick[0]
            trick_suit = self.layout.suit_of(c0.id, n0)
        in_play = self.phase is _PLAY or (self.phase is _MATCH_OVER and bool(self.playing))
        trump = self.layout.trump_suit
        return ObsFiveHundred(
            *head,
            **self._common(seat, own),
            declarer=self.contractor,
            trump=(trump if trump is not None else NO_TRUMP) if in_play else None,
            talon=tuple(cards_of(self.kitty)) if is_contractor and self.kitty_taken else None,
            units=self.game.units(),
            high_bid=None if self.high is None else CALLS[self.high],
            bidder=self.high_seat,
            contract=self.contract_call,
            no_bid_play=self.no_bid_play,
            kitty_size=self.game.kitty_size,
            discards=tuple(cards_of(self.discards)) if is_discarder else None,
            discards_left=self._discards_left() if self.phase is _DISCARD or self.nullo_giving else 0,
            sitting_out=self.sitting_out,
            playing=self.playing,
            open_hand=open_hand,
            trick_suit=trick_suit,
            voids=tuple([_VOID_SUITS[v] for v in self.voids]),
            open_hands=open_hands,
            kitty_shown=self.kitty_shown,
        )

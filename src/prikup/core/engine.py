"""One trick-taking state machine for every game with a talon.

A game is a :class:`TrickGame`: its options plus a frozen :class:`TrickRules` value (seats,
deck, deal pattern, tricks per deal, the trick tables, the starting score, the bid ladder).  Its state is a
:class:`TrickState`, which plays the parts every game shares — the deal by the pattern, the
calls and passes of the auction and its winner, the talon taken into a hand, the trick loop, the
places of the cards, ``copy`` and pickling (:class:`~prikup.core.game.State`) and the shared
fields of an observation — and calls a few hooks for what is the game's own:

* ``_clear_deal()`` / ``_begin_deal(dealer, active, talon)`` — the game's fields of a fresh
  deal, then its first phase and seat to act;
* ``_trick_winner()`` — who takes the finished trick (plain suits under one trump by default);
* ``_after_trick(winner)`` — what follows a trick (the score at the last one, by default);
* ``_score_play()`` — the deal's score once its tricks are played;
* ``_places()`` — the game's own places of cards (discards) for :meth:`card_places`;
* ``_trump_suit()`` — the trump suit the default trick winner reads (``trump`` by default).

The phases a game adds to :data:`~prikup.core.phases.DEAL`, ``AUCTION``, ``PLAY`` and
``MATCH_OVER`` are declared by the game (:meth:`Phase.declare`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from prikup.core.cards import Card, Suit, cards_of
from prikup.core.dealing import deal_packets
from prikup.core.errors import DealError
from prikup.core.game import FAST, FollowRule, Game, State, follow_rule_keyed_by
from prikup.core.ladder import Ladder
from prikup.core.observation import Played, TrickSeen
from prikup.core.phases import DEAL as _DEAL_PHASE
from prikup.core.phases import PLAY as _PLAY_PHASE
from prikup.core.refusals import refusal
from prikup.core.tricks import trick_winner

__all__ = ["DealPattern", "TrickGame", "TrickRules", "TrickState"]

#: Every card id (see :mod:`prikup.core.cards`).
_CARD_IDS = frozenset([*range(64), 64, 65, 66])


def _mask_reference(cards: Sequence[Card]) -> int:
    """The bitmask of ``cards``."""
    return sum([1 << c.id for c in cards])


#: the bitmask of a list of cards (in C when it is built)
_mask: Any = _mask_reference
#: shuffle, deal and the hands' masks in one call (C, when it is built)
_deal_hands: Any = None
if FAST:
    from prikup.core._fastcore import cards_mask as _mask
    from prikup.core._fastcore import deal_hands as _deal_hands

#: The ladder of a game without an auction.
_NO_CALLS: Ladder[Any] = Ladder(())


@dataclass(frozen=True, slots=True)
class DealPattern:
    """How a deal is dealt: how many hands, their size, the talon's size and the packets.

    ``packets`` are ``(target, count)`` in dealing order; a target is a hand (0 = the first
    active seat left of the dealer) or ``-1``, the talon.
    """

    hands: int
    hand_size: int
    talon_size: int
    packets: tuple[tuple[int, int], ...]

    @classmethod
    def by_rounds(cls, hands: int, hand_size: int, per_card: int, talon: Sequence[int]) -> DealPattern:
        """``per_card`` cards at a time to each hand, round after round; after round ``r`` the
        talon gets ``talon[r]`` cards (rounds past the end of ``talon`` give it none)."""
        packets: list[tuple[int, int]] = []
        for r in range(hand_size // per_card):
            packets += [(h, per_card) for h in range(hands)]
            if r < len(talon) and talon[r]:
                packets.append((-1, talon[r]))
        return cls(hands, hand_size, sum(talon), tuple(packets))


@dataclass(frozen=True, slots=True)
class TrickRules:
    """A trick game as a value: what the engine needs to deal, play tricks and keep score.

    ``suit_masks`` are each suit's cards (card bitmasks) and ``strength`` each card's rank in
    its suit, by card id (the plain-trick tables); ``talon_place`` names the talon among the
    places of the cards (``talon``, or Five Hundred's ``kitty``); ``ladder`` is the auction's
    calls in order of precedence.
    """

    players: int
    deck: tuple[Card, ...]
    deal: DealPattern
    tricks: int
    suit_masks: tuple[int, int, int, int]
    strength: tuple[int, ...]
    start_score: int = 0
    talon_place: str = "talon"
    #: the calls of the auction, lowest first (see :class:`~prikup.core.ladder.Ladder`)
    ladder: Ladder[Any] = _NO_CALLS


#: what ``deal_hands`` deals by: the deck, its cards' ids, the hands, the packets (as bytes)
_DealArgs = tuple[tuple[Card, ...], bytes, int, bytes]


class TrickGame(Game):
    """A game played by the engine: its options give its :attr:`trick_rules`."""

    _deal_args: _DealArgs

    #: the rules value of this configuration (set by the game's ``_validate``)
    trick_rules: TrickRules
    #: the id of the plain ``play`` action of each card id (-1: the deck has no such card)
    play_ids: list[int]
    _fast_table: Any = None

    @property
    def follow_rules(self) -> dict[Any, FollowRule]:
        """The plain follow rules made so far (see ``TrickState._follow_rule``), by suit led,
        trump and duty to trump."""
        try:
            return self._follow_rules
        except AttributeError:
            self._follow_rules: dict[Any, FollowRule] = {}
            return self._follow_rules

    def deal_args(self) -> _DealArgs:
        """The deck, its cards' ids, the hands and the packets (a pair of bytes each: the target
        plus one, the count) a deal is dealt by, as ``deal_hands`` reads them (made once)."""
        try:
            return self._deal_args
        except AttributeError:
            table = self.trick_rules
            plan = bytes([n for target, count in table.deal.packets for n in (target + 1, count)])
            args: _DealArgs = (table.deck, bytes([c.id for c in table.deck]), table.deal.hands, plan)
            self._deal_args = args
            return args

    def fast_table(self) -> Any:
        """This configuration's actions as the C fast path reads them (built once): a
        ``prikup.core._fastcore.Table``, or ``None`` when the extension is not built."""
        if self._fast_table is None:
            try:
                from prikup.core._fastcore import Table
            except ImportError:  # pragma: no cover - the extension is not built
                return None
            cards = [Card(i) if i in _CARD_IDS else None for i in range(67)]
            self._fast_table = Table(self.all_actions(), self.play_ids, cards, self.action_texts())
        return self._fast_table

    @property
    def hands_dealt(self) -> int:
        """How many seats receive cards in a deal (the others, the dealer first, sit it out)."""
        return self.trick_rules.deal.hands

    def deck(self) -> list[Card]:
        """The cards of the deck, in a fixed order."""
        return list(self.trick_rules.deck)

    @property
    def ladder(self) -> Ladder[Any]:
        """The calls of the auction, lowest first (:attr:`TrickRules.ladder`)."""
        return self.trick_rules.ladder


class TrickState(State):
    """A match of a trick game in progress: the shared machinery, the game's hooks."""

    game: TrickGame
    #: each seat's cards (bitmasks), the talon's cards as dealt, whether a player has taken it
    hands: list[int]
    talon: int
    talon_taken: bool
    #: the auction: every call as ``(seat, text)``, who has passed, who declares
    calls: list[tuple[int, str]]
    passed: list[bool]
    declarer: int | None
    #: the trick in progress (``(seat, card, …)`` entries), the finished tricks with their
    #: winners, each seat's tricks and the cards it took
    trick: list[Any]
    tricks: list[Any]
    won: list[int]
    taken: list[int]

    #: how the fast path follows a trick of plain suits (see :meth:`_follow_rule`): whether a seat
    #: out of the suit led must trump; ``None``: the game's own rule, not covered
    FOLLOW_MUST_TRUMP: ClassVar[bool | None] = None
    #: the game deals as the engine does: :meth:`deal_random` deals in one C call (set per class)
    _DEALS_FAST: ClassVar[bool] = False
    #: see ``__init__`` (states pickled before it was kept read the class's value)
    _fresh = False

    def __init__(self, game: TrickGame, rng: random.Random | None, first_dealer: int, single_deal: bool) -> None:
        super().__init__(game, rng, first_dealer, single_deal)
        self._clear_deal()
        #: the deal's fields are as ``_clear_deal`` left them and nothing has acted: the first deal
        #: need not clear them again (a new match's second ``_clear_deal`` was a sixth of its
        #: bytecode: Five Hundred's random matches last a deal, so a new match follows each deal)
        self._fresh = True

    @follow_rule_keyed_by("trump")
    def _follow_rule(self) -> FollowRule | None:
        """Plain suits under one trump (:meth:`_trump_suit`), with the game's
        :attr:`FOLLOW_MUST_TRUMP`, while a trick is open in the play.  The answer depends on the
        card led and the ``trump`` field alone, while the game keeps the engine's
        :meth:`_trump_suit` (the C path checks that)."""
        must = self.FOLLOW_MUST_TRUMP
        if must is None or self.phase is not _PLAY_PHASE or not self.trick:
            return None
        trump = self._trump_suit()
        key = (self.trick[0][1].id >> 4, trump, must)
        game = self.game
        rule = game.follow_rules.get(key)
        if rule is None:  # made once per game, suit led and trump: the C path reads it once
            table = game.trick_rules
            trumps = table.suit_masks[trump] if trump is not None else 0
            rule = (game.fast_table(), table.suit_masks[key[0]], trumps, must, 0, -1, table.strength, None)
            game.follow_rules[key] = rule
        return rule

    def _clear_deal(self) -> None:
        """The shared fields of a deal before its cards."""
        table = self.game.trick_rules
        n = table.players
        self.hands = [0] * n
        self.talon = 0
        self.talon_taken = False
        self.calls = []
        self.passed = [False] * n
        self.declarer = None
        self.trick = []
        self.tricks = []
        #: the finished tricks as observations show them (see :meth:`_tricks_seen`)
        self._seen_memo: tuple[list[Any], tuple[TrickSeen, ...]] | None = None
        self.won = [0] * n
        self.taken = [0] * n
        #: true while the game's own ``_after_trick`` would do just the engine's (the C path then
        #: does that without calling it); games that override it say when
        self._plain_trick_end = False
        #: cards in a trick, and who plays after each seat to an open trick
        self._trick_size = table.deal.hands
        self._play_next: list[int] = self._after

    # -- the deal ---------------------------------------------------------------------------
    def _initial_scores(self) -> list[int]:
        return [self.game.trick_rules.start_score] * self.game.players

    def _hand_size(self) -> int:
        return self.game.trick_rules.deal.hand_size

    def _talon_size(self) -> int:
        return self.game.trick_rules.deal.talon_size

    def _deal_random_cards(self, rng: random.Random, dealer: int) -> tuple[list[list[Card]], list[Card]]:
        table = self.game.trick_rules
        return deal_packets(table.deck, rng, table.deal.hands, table.deal.packets)

    def _start_deal(self, dealer: int, hands: list[list[Card]], talon: list[Card]) -> None:
        active = self._in_deal  # the deal's active seats (``_deal_cards`` has set them)
        if len(hands) != len(active):
            raise ValueError(f"{len(hands)} hands dealt to {len(active)} seats")
        self._set_cards(dealer, [_mask(hand) for hand in hands], _mask(talon), talon)

    def _set_cards(self, dealer: int, masks: list[int], talon_mask: int, talon: list[Card]) -> None:
        """A fresh deal with each active seat's cards (``masks``, in the order of ``_in_deal``) and
        the talon's; then the game's :meth:`_begin_deal`."""
        if self._fresh:
            self._fresh = False
        else:
            self._clear_deal()
        own = self.hands
        for seat, mask in zip(self._in_deal, masks):  # noqa: B905 - one mask per active seat: zip's strict= is a keyword call
            own[seat] = mask
        self.talon = talon_mask
        self._play_next = self._after
        self._begin_deal(dealer, self._in_deal, talon)

    def deal_random(self) -> None:
        """Deal the next deal from the match's seeded generator: where the game deals as the
        engine does (its ``_deal_random_cards``, ``_deal_cards`` and ``_start_deal`` are the
        engine's), one C call shuffles, deals and makes the hands' bitmasks (the same draws and
        cards as :func:`~prikup.core.dealing.deal_packets`; the Python steps were a third of the
        next deal's bytecode, the cards' masks a C call per hand reading each card's ``id``)."""
        rng = self._generator
        if not self._DEALS_FAST or type(rng) is not random.Random or self._rng_shared:
            super().deal_random()
            return
        game = self.game
        dealer = self._next_dealer
        hands, talon, masks, talon_mask = _deal_hands(rng, *game.deal_args())
        if self.phase is not _DEAL_PHASE:
            raise DealError(refusal("deal_phase", phase=str(self.phase)))
        self._log_deal(dealer, game.active_seats(dealer), hands, talon)
        self._set_cards(dealer, masks, talon_mask, talon)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._DEALS_FAST = (
            _deal_hands is not None
            and cls._deal_random_cards is TrickState._deal_random_cards
            and cls._deal_cards is State._deal_cards
            and cls._start_deal is TrickState._start_deal
        )

    def _begin_deal(self, dealer: int, active: tuple[int, ...], talon: list[Card]) -> None:
        """The game's fields of a fresh deal, its first phase and seat to act."""
        raise NotImplementedError

    # -- the auction ------------------------------------------------------------------------
    def _pass(self, seat: int) -> None:
        """``seat`` passes, for good."""
        self.passed[seat] = True
        self.calls.append((seat, "pass"))

    def _bidding(self) -> list[int]:
        """The active seats that have not passed, from the dealer's left."""
        return [s for s in self._in_deal if not self.passed[s]]

    def _next_bidder(self, seat: int) -> int:
        """The next seat after ``seat`` that has not passed."""
        nxt = self._next_active(seat)
        while self.passed[nxt]:
            nxt = self._next_active(nxt)
        return nxt

    def _after_call(self, seat: int, high_seat: int | None) -> None:
        """After ``seat``'s call (a pass is final): if every seat has passed, the game's
        :meth:`_all_passed`; if the seat of the highest bid (``high_seat``) alone is left, he wins
        the auction (:meth:`_win_auction`); else the next seat that has not passed calls."""
        left = self._bidding()
        if not left:
            self._all_passed()
        elif len(left) == 1 and high_seat == left[0]:
            self._win_auction(left[0])
        else:
            self._turn = self._next_bidder(seat)

    def _all_passed(self) -> None:
        """Every seat has passed (a game where that can happen says what follows)."""
        raise NotImplementedError

    def _win_auction(self, winner: int) -> None:
        """``winner`` has won the auction."""
        raise NotImplementedError

    # -- the talon --------------------------------------------------------------------------
    def _take_talon(self, seat: int) -> None:
        """The talon (kitty, widow) goes into ``seat``'s hand; ``talon`` keeps what was dealt."""
        self.hands[seat] |= self.talon
        self.talon_taken = True

    # -- the tricks -------------------------------------------------------------------------
    def _lay(self, seat: int, card: Card, entry: Any = None) -> int | None:
        """``seat`` plays ``card`` from his hand to the trick (``entry``: what the trick keeps
        of it, ``(seat, card)`` unless given).  While the trick is open the next seat plays;
        its last card closes it: the game's :meth:`_trick_winner` takes it (counted in
        ``won``, its cards in ``taken``) and leads next, then :meth:`_after_trick` runs.
        Returns the seat that took the trick, or ``None`` while it is open."""
        self.hands[seat] &= ~(1 << card.id)
        trick = self.trick
        trick.append((seat, card) if entry is None else entry)
        if len(trick) < self._trick_size:
            self._turn = self._play_next[seat]
            return None
        winner = self._trick_winner()
        self.won[winner] += 1
        cards = 0
        for played in trick:
            cards |= 1 << played[1].id
        self.taken[winner] |= cards
        self.tricks.append(self._finished_trick(trick, winner))
        self.trick = []
        self._turn = winner
        self._after_trick(winner)
        return winner

    def _trick_winner(self) -> int:
        """The seat that takes the full trick: the highest trump, else the highest card of the
        suit led (the plain suits of the rules; ``trump`` names the trump suit, ``None`` none)."""
        table = self.game.trick_rules
        trick = self.trick
        trump = self._trump_suit()
        ids = [played[1].id for played in trick]
        trumps = table.suit_masks[trump] if trump is not None else 0
        seat: int = trick[trick_winner(ids, table.suit_masks[ids[0] >> 4], trumps, table.strength)][0]
        return seat

    def _trump_suit(self) -> Suit | None:
        """The trump suit now (``None``: no trumps); games that keep one in ``trump`` need not say."""
        return self.__dict__.get("trump")

    def _finished_trick(self, trick: list[Any], winner: int) -> Any:
        """What ``tricks`` keeps of a finished trick."""
        return (trick, winner)

    def _after_trick(self, winner: int) -> None:
        """After a trick: the deal is scored once every trick is played."""
        if len(self.tricks) == self.game.trick_rules.tricks:
            self._score_play()

    def _score_play(self) -> None:
        """Score the deal after its last trick."""
        raise NotImplementedError

    # -- where the cards are; what every observation shows -------------------------------------
    def _talon_left(self) -> int:
        """The talon's cards still lying in it: none once taken."""
        return 0 if self.talon_taken else self.talon

    def _places(self) -> dict[str, int]:
        """The game's own places of cards (discards…), between the talon and the trick."""
        return {}

    def card_places(self) -> dict[str, int]:
        """Hands, the talon, the game's own places, the trick in progress and each seat's tricks."""
        n = self.game.players
        places = {f"hand {s}": self.hands[s] for s in range(n)}
        places[self.game.trick_rules.talon_place] = self._talon_left()
        places |= self._places()
        trick = 0
        for played in self.trick:
            trick |= played[1].mask
        places["trick"] = trick
        places |= {f"taken {s}": self.taken[s] for s in range(n)}
        return places

    def _common(self, seat: int | None, sees_hand: bool) -> dict[str, Any]:
        """The observation fields every game fills the same way: active, hand (``sees_hand``:
        ``seat`` sees his own), hand_sizes, calls, trick, tricks, tricks_won, last_result (the
        game adds declarer, trump, talon and its own)."""
        last = self.deals[-1].result if self.deals and self.deals[-1].scores_after is not None else None
        return {
            "active": self._in_deal if self.phase is not _DEAL_PHASE and self.deals else (),
            "hand": tuple(cards_of(self.hands[seat])) if sees_hand and seat is not None else None,
            "hand_sizes": tuple(map(int.bit_count, self.hands)),
            "calls": tuple(self.calls),
            "trick": tuple([Played(*p) for p in self.trick]),
            "tricks": self._tricks_seen(),
            "tricks_won": tuple(self.won),
            "last_result": last,
        }

    def _tricks_seen(self) -> tuple[TrickSeen, ...]:
        """The finished tricks as an observation shows them, each made once: a finished trick
        never changes, so the values made for ``tricks`` are kept with that very list (a new
        deal's or a copy's list is another) and only the tricks finished since are added (they
        were a fifth of an observation's bytecode at the tenth card)."""
        tricks = self.tricks
        memo = self._seen_memo
        seen = memo[1] if memo is not None and memo[0] is tricks and len(memo[1]) <= len(tricks) else ()
        if len(seen) < len(tricks):
            seen += tuple([TrickSeen(tuple([Played(*p) for p in t[0]]), *t[1:]) for t in tricks[len(seen) :]])
            self._seen_memo = (tricks, seen)
        return seen

    @property
    def in_deal(self) -> bool:
        """True while a deal is being played (cards dealt, not yet scored)."""
        return self.phase is not _DEAL_PHASE and bool(self.deals)


if FAST:  # the C path does what the engine's own trick-end hooks do for states that keep them
    from prikup.core import _fastcore

    _fastcore.set_defaults(
        TrickState._finished_trick,
        TrickState._after_trick,
        State._after_commit,
        TrickState._follow_rule,
        TrickState._trump_suit,
    )

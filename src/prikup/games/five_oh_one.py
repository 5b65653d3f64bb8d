"""The rules of 501 (Пятьсот одно), as the page ``prikup/docs/rules/501.md`` tells them.

24 cards (A 10 K Q J 9), 3 players (4 with the dealer sitting out), scores count down from 501.
Auction from 66 with a final pass and dark play; the talon turned for all; concede, or give one
card to each opponent and name trumps (or no-trump) and a contract not below the bid; eight
tricks with follow suit / must trump; marriages 40 in trumps, 20 otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from operator import not_ as _not

from prikup.core.actions import Action, ActionKind
from prikup.core.cards import SUIT_NAMES, Card, Rank, Suit, cards_of
from prikup.core.game import Head
from prikup.core.ladder import Ladder
from prikup.core.observation import NO_TRUMP
from prikup.core.options import Option
from prikup.core.refusals import Refusal, refusal
from prikup.core.tricks import follow_mask
from prikup.games.ace_ten_deck import DECK, POINTS, STRENGTH, SUIT_MASKS, ace_ten_trick_rules
from prikup.games.five_oh_one_actions import (
    AUCTION,
    CONTRACT,
    GIFT,
    MIN_BID,
    PLAY,
    STRAINS,
    TALON,
    Actions501,
    Legal501,
)
from prikup.games.obs_501 import Gift, Marriage, Obs501
from prikup.games.table_rules import Concede, ExchangeOrder, Rules501

__all__ = [
    "CONCEDE_PENALTY",
    "DECK",
    "MIN_BID",
    "POINTS",
    "START_SCORE",
    "STRENGTH",
    "Game501",
    "State501",
    "concede_changes",
    "deal_changes",
    "marriage_value",
    "match_winners",
]


START_SCORE = 501
CONCEDE_PENALTY = 25
MARRIAGE_TRUMP = 40
MARRIAGE_PLAIN = 20


def marriage_value(suit: Suit, trump: Suit | None) -> int:
    """40 for the trump suit's marriage, 20 for any other, 20 for every marriage in no-trump."""
    return MARRIAGE_TRUMP if trump is not None and suit == trump else MARRIAGE_PLAIN


def deal_changes(
    players: int,
    declarer: int,
    contract: int,
    dark: bool,
    points: dict[int, int],
) -> list[int]:
    """Score changes of a played deal: ``points`` holds every active seat's points.

    The declarer goes down by the contract if his points reach it, else up by it (twice the
    contract if he won the auction dark); each defender goes down by his own points.
    """
    changes = [0] * players
    for seat, got in points.items():
        if seat == declarer:
            amount = contract * (2 if dark else 1)
            changes[seat] = -amount if got >= contract else amount
        else:
            changes[seat] = -got
    return changes


def concede_changes(players: int, declarer: int, bid: int, dark: bool, active: Iterable[int]) -> list[int]:
    """Score changes of a concession: the declarer up by the bid (twice if dark), each
    opponent down by 25."""
    changes = [0] * players
    for seat in active:
        changes[seat] = bid * (2 if dark else 1) if seat == declarer else -CONCEDE_PENALTY
    return changes


def match_winners(scores: list[int]) -> list[int]:
    """After a deal: nobody if every score is above 0, else the lowest score(s) at 0 or below."""
    if min(scores) > 0:
        return []
    low = min(scores)
    return [seat for seat, score in enumerate(scores) if score == low]


class Game501(Actions501):
    """501 (Пятьсот одно)."""

    id = "501"
    OBSERVATION = Obs501
    RULES = Rules501
    rules: Rules501
    title = "501"
    title_ru = "Пятьсот одно"
    LOWER_SCORE_WINS = True
    OPTIONS = (
        Option("players", 3, "players at the table; with 4 the dealer sits each deal out", choices=(3, 4)),
        Option(
            "max_bid",
            220,
            "the highest bid and contract (120 card points + 100 in marriages)",
            minimum=MIN_BID,
            maximum=1000,
        ),
        Option(
            "exchange_order",
            "gifts_first",
            "after the talon: give the two cards, then name trumps and contract (gifts_first), "
            "or name them first (contract_first)",
            choices=("gifts_first", "contract_first"),
        ),
        Option(
            "concede",
            "at_talon",
            "when the declarer may concede: only right after the talon is turned (at_talon), or at any "
            "time before the first lead (before_play)",
            choices=("at_talon", "before_play"),
        ),
    )

    def _validate(self) -> None:
        rules = self.rules
        #: 3 or 4 seats, three dealt in (with 4 the dealer sits out), the count from 501 down, the
        #: bids 66 … max_bid
        self.trick_rules = ace_ten_trick_rules(rules.players, START_SCORE, Ladder(range(MIN_BID, rules.max_bid + 1)))
        # what the rules' use sites read, from the typed options
        #: the highest bid and contract
        self.max_bid: int = rules.max_bid
        #: trumps and contract are named before the gifts
        self.contract_first: bool = rules.exchange_order is ExchangeOrder.CONTRACT_FIRST
        #: the declarer may concede until the first lead, not only at the talon
        self.concede_before_play: bool = rules.concede is Concede.BEFORE_PLAY

    def _new_state(self, rng: random.Random | None, first_dealer: int, single_deal: bool) -> State501:
        return State501(self, rng, first_dealer, single_deal)


class State501(Legal501):
    """A match of 501 in progress."""

    game: Game501

    def _clear_deal(self) -> None:
        super()._clear_deal()
        n = self.game.players
        #: who has not looked at his cards yet; the auction's winner played dark
        self.dark = [False] * n
        self.declarer_dark = False
        #: marriages announced, as ``(seat, suit)``
        self.marriages: list[tuple[int, Suit]] = []

    def _begin_deal(self, dealer: int, active: tuple[int, ...], talon: list[Card]) -> None:
        # from the game's table of the seats out (made once per seats: two comprehensions were
        # a fifth of the next deal's bytecode)
        out = self.game.seats_out(active)
        self.dark = list(map(_not, out))  # every hand starts dark
        self.passed = list(out)
        self.phase = AUCTION
        self._turn = active[0]

    # -- legality, in one place (the reference) ---------------------------------------------
    def _why_illegal(self, seat: int, action: Action) -> Refusal | None:
        kind = self.phase
        if kind is AUCTION:
            return self._why_illegal_call(seat, action)
        if kind is TALON:
            if action.kind is ActionKind.CONCEDE:
                return None
            if self.game.contract_first:
                if action.kind is not ActionKind.CONTRACT:
                    return refusal("after_talon_contract")
                return self._why_illegal_contract(action)
            if action.kind is not ActionKind.GIVE:
                return refusal("after_talon_give")
            return self._why_illegal_gift(seat, action)
        if kind in (GIFT, CONTRACT) and action.kind is ActionKind.CONCEDE:
            if self.game.concede_before_play:
                return None
            return refusal("concede_at_talon_only")
        if kind is GIFT:
            if action.kind is not ActionKind.GIVE:
                return refusal("give_other")
            return self._why_illegal_gift(seat, action)
        if kind is CONTRACT:
            if action.kind is not ActionKind.CONTRACT:
                return refusal("name_contract_501")
            return self._why_illegal_contract(action)
        if kind is PLAY:
            return self._why_illegal_play(seat, action)
        return refusal("nothing_now", phase=str(kind))

    def _why_illegal_call(self, seat: int, action: Action) -> Refusal | None:
        if action.kind is ActionKind.LOOK:
            if action.number is not None:
                return refusal("look_no_seat")
            return None if self.dark[seat] else refusal("looked_already")
        if action.kind is ActionKind.PASS:
            return None
        if action.kind is not ActionKind.BID:
            return refusal("auction_call_501")
        if action.number is None or action.call is not None:
            return refusal("bid_whole_number")
        n = action.number
        if n < MIN_BID:
            return refusal("bid_too_low", lowest=MIN_BID)
        if self.high_bid is not None and n <= self.high_bid:
            return refusal("bid_not_higher", bid=self.high_bid)
        if n > self.game.max_bid:
            return refusal("bid_above_max", max_bid=self.game.max_bid)
        return None

    def _why_illegal_gift(self, seat: int, action: Action) -> Refusal | None:
        assert action.card is not None
        if not self.hands[seat] >> action.card.id & 1:
            return refusal("not_held", card=str(action.card))
        return None

    def _why_illegal_contract(self, action: Action) -> Refusal | None:
        assert self.high_bid is not None
        if action.number is None or action.call not in STRAINS:
            return refusal("contract_form_501")
        if action.number < self.high_bid:
            return refusal("contract_below_winning_bid", bid=self.high_bid)
        if action.number > self.game.max_bid:
            return refusal("contract_above_max", max_bid=self.game.max_bid)
        return None

    def _why_no_marriage(self, seat: int, suit: Suit) -> Refusal | None:
        if self.trick:
            return refusal("marriage_before_lead")
        king, queen = Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)
        if not (self.hands[seat] >> king.id & 1 and self.hands[seat] >> queen.id & 1):
            return refusal("marriage_needs_kq", suit=suit.name)
        if any(s == suit for _, s in self.marriages):
            return refusal("marriage_already", suit=suit.name)
        return None

    def _why_illegal_play(self, seat: int, action: Action) -> Refusal | None:
        if action.kind is not ActionKind.PLAY or action.card is None:
            return refusal("play_form_501")
        card = action.card
        hand = self.hands[seat]
        if not hand >> card.id & 1:
            return refusal("not_held", card=str(card))
        if action.modifier is not None:
            if action.modifier != "marriage":
                return refusal("no_modifier_marriage", modifier=action.modifier)
            suit = action.suit_argument
            assert suit is not None
            why = self._why_no_marriage(seat, suit)
            if why is not None:
                return why
        if not self.trick:
            return None
        led = SUIT_MASKS[self.trick[0][1].id >> 4]
        trump = SUIT_MASKS[self.trump] if self.trump is not None else 0
        allowed = follow_mask(hand, led, trump, must_trump=True)
        if not allowed >> card.id & 1:
            led_suit = self.trick[0][1].suit
            assert led_suit is not None
            if hand & led:
                return refusal("follow_suit", suit=led_suit.name)
            return refusal("must_trump", suit=led_suit.name, trump=str(self.trump))
        return None

    # -- carrying out ----------------------------------------------------------------------
    def _do(self, seat: int, action: Action) -> None:
        if self.phase is PLAY:
            self._do_play(seat, action)
            return
        kind = action.kind
        if kind is ActionKind.LOOK:
            self.dark[seat] = False
            self.calls.append((seat, "look"))
        elif self.phase is AUCTION:
            self._do_call(seat, action)
        elif kind is ActionKind.CONCEDE:
            self._do_concede(seat)
        elif kind is ActionKind.GIVE:
            self._do_gift(seat, action)
        elif kind is ActionKind.CONTRACT:
            assert action.number is not None and action.call is not None
            self.contract = action.number
            self.trump = None if action.call == "NT" else Suit[action.call]
            if self.game.contract_first:
                self.phase = GIFT
            else:
                self._start_play()
        else:
            self._do_play(seat, action)

    def _do_call(self, seat: int, action: Action) -> None:
        if action.kind is ActionKind.PASS:
            self._pass(seat)
        else:
            assert action.number is not None
            self._bid(seat, action.number, str(action))
        self._after_call(seat, self.declarer)

    def _all_passed(self) -> None:
        self._finish_deal([0] * self.game.players, {"outcome": "all pass"})

    def _win_auction(self, winner: int) -> None:
        """The talon is turned for all and goes to the declarer's hand."""
        self.declarer_dark = self.dark[winner]
        self.dark = [False] * self.game.players
        self._take_talon(winner)  # turned for all to see
        self.phase = TALON
        self._turn = winner

    def _do_concede(self, seat: int) -> None:
        assert self.high_bid is not None
        changes = concede_changes(self.game.players, seat, self.high_bid, self.declarer_dark, self.active_seats())
        self._finish_deal(
            changes,
            {"outcome": "conceded", "declarer": seat, "bid": self.high_bid, "dark": self.declarer_dark},
        )

    def _do_gift(self, seat: int, action: Action) -> None:
        assert action.card is not None
        self.hands[seat] &= ~action.card.mask
        self._give(action.card)
        if len(self.gifts) == 1:
            self.phase = GIFT
        elif self.contract is None:
            self.phase = CONTRACT
        else:
            self._start_play()

    def _start_play(self) -> None:
        """The seat on the dealer's left leads the first trick."""
        self.phase = PLAY
        self._turn = self._in_deal[0]

    def _do_play(self, seat: int, action: Action) -> None:
        card = action.card
        assert card is not None
        if action.modifier is not None:  # "marriage SUIT"
            assert action.argument is not None
            self.marriages.append((seat, Suit[action.argument]))
        self._lay(seat, card)

    def points(self, seat: int) -> int:
        """A seat's points so far: card points of its tricks plus its marriages, which count
        only once he has taken a trick."""
        return self._marriage_points(seat, self.card_points(seat))

    def _marriage_points(self, seat: int, total: int) -> int:
        """``total`` card points of ``seat`` with his marriages (once he has taken a trick)."""
        if self.won[seat] and self.marriages:
            total += sum(marriage_value(s, self.trump) for who, s in self.marriages if who == seat)
        return total

    def _score_play(self) -> None:
        declarer, contract = self.declarer, self.contract
        assert declarer is not None and contract is not None
        # every active seat's card points and points, by seat and as the record's text keys
        points: dict[int, int] = {}
        cards_json: dict[str, int] = {}
        points_json: dict[str, int] = {}
        marriages = self.marriages
        for seat in self._in_deal:
            got = self.card_points(seat)
            total = self._marriage_points(seat, got) if marriages else got
            points[seat] = total
            key = str(seat)
            cards_json[key] = got
            points_json[key] = total
        changes = deal_changes(self.game.trick_rules.players, declarer, contract, self.declarer_dark, points)
        trump = self.trump
        self._finish_deal(
            changes,
            {
                "outcome": "made" if points[declarer] >= contract else "failed",
                "declarer": declarer,
                "contract": contract,
                "trump": SUIT_NAMES[trump] if trump is not None else "NT",
                "dark": self.declarer_dark,
                "card_points": cards_json,
                "points": points_json,
            },
        )

    def _winners(self) -> list[int]:
        return match_winners(self._scores)

    def position_key(self) -> Hashable:
        """What decides the rest of the play: hands, trick, turn, announced marriage suits."""
        return (
            self.phase,
            tuple(self.hands),
            tuple((s, c.id) for s, c in self.trick),
            self._turn,
            frozenset(s for _, s in self.marriages),
        )

    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """A gift is seen by its giver and its receiver only."""
        if action.kind is ActionKind.GIVE and self.gifts and viewer == self.gifts[-1][0]:
            return str(action)
        return super().action_view(seat, action, viewer)

    # -- what a seat may know ----------------------------------------------------------------
    def _observe(self, seat: int | None, head: Head) -> Obs501:
        sees_hand = seat is not None and self.in_deal and not self.dark[seat] and seat in self._in_deal
        declarer = self.declarer
        trump = self.trump
        return Obs501(
            *head,
            **self._common(seat, sees_hand),
            declarer=declarer if self.phase is not AUCTION else None,
            trump=(trump if trump is not None else NO_TRUMP) if self.contract is not None else None,
            talon=tuple(cards_of(self.talon)) if self.talon_taken else None,
            dark=tuple(self.dark),
            high_bid=self.high_bid,
            declarer_dark=self.declarer_dark,
            gifts=tuple([Gift(r, c if seat is not None and seat in (r, declarer) else None) for r, c in self.gifts]),
            contract=self.contract,
            marriages=tuple([Marriage(s, suit, marriage_value(suit, trump)) for s, suit in self.marriages]),
            points=tuple([self.points(s) for s in range(self.game.players)]),
        )

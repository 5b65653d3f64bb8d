"""501's actions: every action the game has, its stable id, and the legal ones generated directly.

The rules themselves are in :mod:`prikup.games.five_oh_one` (the reference check of every
action, ``State501._why_illegal``); this module lists the same legal actions fast, from the
game's prebuilt actions: a slice of the bid ladder, the cards of a follow-suit mask, the leads of
a hand with its marriages (tabled per hand).  A property test holds the two to the same sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from prikup.core.actions import Action, ActionKind, Takes, declare_modifier
from prikup.core.cards import Card, Rank, Suit, cards_of
from prikup.core.engine import TrickGame
from prikup.core.game import LADDER_FIELDS, AuctionRule, ChoiceRule, LadderRule, LeadRule, Legal, Phase
from prikup.core.legal import CardActions, Row, add_cards, add_one, add_range
from prikup.core.refusals import Refusal
from prikup.core.tricks import follow_mask
from prikup.games.ace_ten import CONCEDE, GIVE, AceTenState
from prikup.games.ace_ten_deck import DECK, SUIT_MASKS

if TYPE_CHECKING:
    from prikup.games.five_oh_one import Game501

__all__ = [
    "AUCTION",
    "CONTRACT",
    "GIFT",
    "MARRIAGE_MASKS",
    "MIN_BID",
    "PLAY",
    "STRAINS",
    "TALON",
    "Actions501",
    "Legal501",
]

#: The phases of 501's state machine (the core declares deal, auction, play and match over).
AUCTION = Phase.AUCTION
TALON = Phase.declare("TALON", "talon")
GIFT = Phase.declare("GIFT", "gift")
CONTRACT = Phase.declare("CONTRACT", "contract")
PLAY = Phase.PLAY
#: 501's action words (the core declares pass, bid, contract and play; give and concede are the
#: ace-ten games' own): ``look`` leaves the dark.
_K_LOOK = ActionKind.declare("LOOK", "look", Takes.NUMBER_OR_NOTHING, order=1)
#: A leader announces a marriage with his lead (``play 9S marriage H``).
_M_MARRIAGE = declare_modifier("marriage", suit=True, order=0)
_K_BID = ActionKind.BID
_K_CONCEDE = CONCEDE
_K_CONTRACT = ActionKind.CONTRACT
_K_GIVE = GIVE
_K_PASS = ActionKind.PASS
_K_PLAY = ActionKind.PLAY

#: The lowest bid.
MIN_BID = 66
#: Trumps of a contract: a suit or no-trump.
STRAINS = ("S", "C", "D", "H", "NT")
#: The king and queen of each suit.
MARRIAGE_MASKS = tuple(Card.of(Rank.KING, s).mask | Card.of(Rank.QUEEN, s).mask for s in Suit)
#: the king's and the queen's place in a suit's 16 bits, and the lowest bit of each suit
_KING = Card.of(Rank.KING, Suit(0)).id & 15
_QUEEN = Card.of(Rank.QUEEN, Suit(0)).id & 15
_SUIT_LOW_BITS = 1 | 1 << 16 | 1 << 32 | 1 << 48


class Actions501(TrickGame):
    """The actions of a 501 configuration and its tables of their ids."""

    #: the highest bid and contract
    max_bid: int

    def _enumerate_actions(self) -> list[Action]:
        actions = [Action(_K_PASS), Action(_K_LOOK), Action(_K_CONCEDE)]
        actions += [Action(_K_BID, number=n) for n in range(MIN_BID, self.max_bid + 1)]
        actions += [Action(_K_CONTRACT, number=n, call=s) for n in range(MIN_BID, self.max_bid + 1) for s in STRAINS]
        actions += [Action(_K_GIVE, card=c) for c in DECK]
        actions += [Action(_K_PLAY, card=c) for c in DECK]
        actions += [Action(_K_PLAY, card=c, modifier=_M_MARRIAGE, argument=s.name) for s in Suit for c in DECK]
        return actions

    def _prebuild(self) -> None:
        cards = range(67)
        self.pass_id = self._id(Action(_K_PASS))
        self.look_id = self._id(Action(_K_LOOK))
        self.concede_id = self._id(Action(_K_CONCEDE))
        #: the id of ``bid n`` is ``bid0 + n``; of ``contract n strain`` ``contract0 + 5 n + strain``
        self.bid0 = self._id(Action(_K_BID, number=MIN_BID)) - MIN_BID
        self.contract0 = self._id(Action(_K_CONTRACT, number=MIN_BID, call=STRAINS[0])) - 5 * MIN_BID
        self.give_ids = [self._id(Action(_K_GIVE, card=Card(i))) for i in cards]
        self.play_ids = [self._id(Action(_K_PLAY, card=Card(i))) for i in cards]
        self.plays = CardActions(self.all_actions(), self.play_ids)
        #: the legal leads by hand and marriages announced (see ``State501._legal``)
        self.leads: dict[int, Row] = {}
        self.marriage_ids = [
            [self._id(Action(_K_PLAY, card=Card(i), modifier=_M_MARRIAGE, argument=s.name)) for i in cards]
            for s in Suit
        ]
        #: the leads announcing each suit's marriage, by the hand's cards (the C fast path's
        #: leads where one may be announced: a hand is rarely met twice, its suits often)
        self.marriage_plays = [CardActions(self.all_actions(), ids) for ids in self.marriage_ids]


class Legal501(AceTenState):
    """The legal actions of a 501 state, generated directly."""

    game: Game501
    dark: list[bool]
    marriages: list[tuple[int, Suit]]
    #: follow suit, else trump (the fast path's follow rule)
    FOLLOW_MUST_TRUMP = True

    def _calls(self, seat: int) -> LadderRule:
        """The legal calls of ``seat``: look (while dark), pass, a bid above the highest."""
        g = self.game
        first = (g.look_id, g.pass_id) if self.dark[seat] else (g.pass_id,)
        low = MIN_BID if self.high_bid is None else self.high_bid + 1
        return (g.fast_table(), first, g.bid0 + low, g.bid0 + g.max_bid + 1, g.look_id, g.pass_id)

    def _auction_rule(self) -> AuctionRule | None:
        """The auction is the engine's, with look; a seat's calls change with his look and the
        highest bid alone: the answer holds (above the bids made since)."""
        if self.phase is not AUCTION:
            return None
        assert self._turn is not None
        return (*self._calls(self._turn), LADDER_FIELDS, True)

    def _choice_rule(self) -> ChoiceRule | None:
        """The talon, gift and contract choices as ``_legal`` lists them: concede (in the talon, or
        at any time before the play by the options), then a card to give or the contracts from the
        bid up."""
        phase = self.phase
        seat = self.to_act
        if seat is None or phase is PLAY or phase is AUCTION:
            return None
        g = self.game
        before = (g.concede_id,) if phase is TALON or g.concede_before_play else ()
        if phase is GIFT or (phase is TALON and not g.contract_first):
            return (g.fast_table(), before, g.give_ids, self.hands[seat], 0, 0)
        assert self.high_bid is not None
        return (g.fast_table(), before, (), 0, g.contract0 + 5 * self.high_bid, g.contract0 + 5 * (g.max_bid + 1))

    def _lead_rule(self) -> LeadRule | None:
        """Any card of the hand; where a marriage may be announced, its leads follow (as ``_legal``
        lists them: each suit's in turn, carried out by the reference).  A hand with no marriage to
        announce has none at its later leads: that answer holds."""
        if self.phase is not PLAY or self.trick:
            return None
        seat = self._turn
        assert seat is not None
        hand = self.hands[seat]
        # bit 16 s: the king and queen of suit s are both in the hand
        pairs = hand >> _KING & hand >> _QUEEN & _SUIT_LOW_BITS
        if not pairs:  # none now, none later (the hand only loses cards): it holds for the deal
            return (self.game.fast_table(), hand, 2, None, (), 0)
        announced = self._announced()
        if not pairs & ~(announced >> _KING):  # each announced already (announcing is Python's)
            return (self.game.fast_table(), hand, 2, None, (), 0)
        return (self.game.fast_table(), hand, 2, None, self._marriage_leads(hand, announced)[1])

    def _announced(self) -> int:
        """The kings and queens of the marriages announced in this deal."""
        announced = 0
        for _, said in self.marriages:
            announced |= MARRIAGE_MASKS[said]
        return announced

    def _marriage_leads(self, hand: int, announced: int) -> Row:
        """The leads of ``hand`` announcing a marriage: each suit's whose king and queen it holds,
        not announced yet, in turn (a card of the hand with each)."""
        acts: tuple[Action, ...] = ()
        ids: tuple[int, ...] = ()
        mask = 0
        for suit in range(4):
            both = MARRIAGE_MASKS[suit]
            if hand & both == both and not announced & both:
                row = self.game.marriage_plays[suit].of(hand)
                acts, ids, mask = acts + row[0], ids + row[1], mask | row[2]
        return acts, ids, mask

    def _why_no_marriage(self, seat: int, suit: Suit) -> Refusal | None:
        """Why ``seat`` may not announce the marriage of ``suit`` now (the rules' module)."""
        raise NotImplementedError

    # -- legal actions, generated directly -----------------------------------------------------
    def _legal(self, seat: int) -> Legal:
        g = self.game
        phase = self.phase
        hand = self.hands[seat]
        acts: list[Action]
        ids: list[int]
        if phase is PLAY:
            trick = self.trick
            if trick:
                led = SUIT_MASKS[trick[0][1].id >> 4]
                trump = SUIT_MASKS[self.trump] if self.trump is not None else 0
                return g.plays.of(follow_mask(hand, led, trump, True))
            announced = self._announced()
            key = hand | announced << 64  # the lead: the hand and the marriages still to announce
            row = g.leads.get(key)
            if row is None:  # the plain plays, then the marriages
                plain, marriages = g.plays.of(hand), self._marriage_leads(hand, announced)
                if len(g.leads) >= CardActions.LIMIT:
                    g.leads.clear()
                row = g.leads[key] = (plain[0] + marriages[0], plain[1] + marriages[1], plain[2] | marriages[2])
            return row
        actions = g.all_actions()
        acts = []
        ids = []
        if phase is AUCTION:
            _, first, lo, hi, _, _ = self._calls(seat)
            mask = 0
            for i in first:
                mask |= add_one(actions, i, acts, ids)
            return acts, ids, mask | add_range(actions, lo, hi, acts, ids)
        contract_first = g.contract_first
        if phase is TALON or g.concede_before_play:
            mask = add_one(actions, g.concede_id, acts, ids)
        else:
            mask = 0
        if phase is GIFT or (phase is TALON and not contract_first):
            return acts, ids, mask | add_cards(actions, hand, g.give_ids, acts, ids)
        assert self.high_bid is not None
        lo, hi = g.contract0 + 5 * self.high_bid, g.contract0 + 5 * (g.max_bid + 1)
        return acts, ids, mask | add_range(actions, lo, hi, acts, ids)

    # -- every candidate action (the reference tests each with the rules) ---------------------
    def _candidates(self, seat: int) -> Iterable[Action]:
        phase = self.phase
        max_bid = self.game.max_bid
        if phase is AUCTION:
            yield Action(_K_LOOK)
            yield Action(_K_PASS)
            low = MIN_BID if self.high_bid is None else self.high_bid + 1
            for n in range(low, max_bid + 1):
                yield Action(_K_BID, number=n)
            return
        if phase is TALON:
            yield Action(_K_CONCEDE)
            if self.game.contract_first:
                yield from self._contract_candidates()
            else:
                yield from self._gift_candidates(seat)
            return
        if phase in (GIFT, CONTRACT) and self.game.concede_before_play:
            yield Action(_K_CONCEDE)
        if phase is GIFT:
            yield from self._gift_candidates(seat)
            return
        if phase is CONTRACT:
            yield from self._contract_candidates()
            return
        if phase is PLAY:
            for card in cards_of(self.hands[seat]):
                yield Action(_K_PLAY, card=card)
            if not self.trick:
                for suit in Suit:
                    if self._why_no_marriage(seat, suit) is None:
                        for card in cards_of(self.hands[seat]):
                            yield Action(_K_PLAY, card=card, modifier=_M_MARRIAGE, argument=suit.name)

    def _gift_candidates(self, seat: int) -> Iterable[Action]:
        for card in cards_of(self.hands[seat]):
            yield Action(_K_GIVE, card=card)

    def _contract_candidates(self) -> Iterable[Action]:
        assert self.high_bid is not None
        for n in range(self.high_bid, self.game.max_bid + 1):
            for strain in STRAINS:
                yield Action(_K_CONTRACT, number=n, call=strain)

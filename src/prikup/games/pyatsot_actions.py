"""Пятьсот's actions: every action the game has, its stable id, and the legal ones generated
directly.

The rules themselves are in :mod:`prikup.games.pyatsot` (the reference check of every action,
``StatePyatsot._why_illegal``, the bid cap and the combinations); this module lists the same legal
actions fast, from the game's prebuilt actions: a slice of the bid ladder up to the hand's cap,
the cards of a follow-suit mask, the leads that declare a combination held.  A property test
holds the two to the same sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import prikup.games.pyatsot as _rules  # the rules' tables, read at call time (that module imports this one)
from prikup.core.actions import Action, ActionKind, Takes, declare_modifier
from prikup.core.cards import Card, Suit, cards_of
from prikup.core.engine import TrickGame
from prikup.core.game import LADDER_FIELDS, AuctionRule, ChoiceRule, LadderRule, LeadRule, Legal, Phase
from prikup.core.legal import CardActions, add_cards, add_one, add_range
from prikup.core.tricks import follow_mask
from prikup.games.ace_ten import CONCEDE, GIVE, AceTenState
from prikup.games.ace_ten_deck import DECK, SUIT_MASKS

if TYPE_CHECKING:
    from prikup.games.pyatsot import BarrelMarks, GamePyatsot

__all__ = ["ActionsPyatsot", "LegalPyatsot"]

#: The phases of this game's state machine (the core declares deal, auction, play and match over).
_AUCTION = Phase.AUCTION
_BARREL = Phase.declare("BARREL", "barrel")
_CONTRACT = Phase.declare("CONTRACT", "contract")
_DEAL = Phase.DEAL
_GIFT = Phase.declare("GIFT", "gift")
_KEEP = Phase.declare("KEEP", "keep")
_PLAY = Phase.PLAY
_K_BID = ActionKind.BID
_K_CONCEDE = CONCEDE
_K_CONTRACT = ActionKind.CONTRACT
_K_GIVE = GIVE
#: Пятьсот's own words: ``keep AH`` (a talon card into the hand), ``take`` (the talon, on the barrel)
_K_KEEP = ActionKind.declare("KEEP", "keep", Takes.CARD, order=14)
_K_PASS = ActionKind.PASS
_K_PLAY = ActionKind.PLAY
_K_TAKE = ActionKind.declare("TAKE", "take", Takes.NOTHING, order=7)
#: A leader declares a combination with his lead (``play QH declare KQ``).
_M_DECLARE = declare_modifier("declare", suit=False, order=2)


class ActionsPyatsot(TrickGame):
    """The actions of a Пятьсот configuration and its tables of their ids."""

    def _enumerate_actions(self) -> list[Action]:
        actions = [Action(_K_PASS), Action(_K_TAKE), Action(_K_CONCEDE)]
        actions += [Action(_K_BID, number=n) for n in self.ladder]
        actions += [Action(_K_CONTRACT, number=n) for n in self.ladder]
        actions += [Action(_K_KEEP, card=c) for c in DECK]
        actions += [Action(_K_GIVE, card=c) for c in DECK]
        actions += [Action(_K_PLAY, card=c) for c in DECK]
        actions += [
            Action(_K_PLAY, card=c, modifier=_M_DECLARE, argument=kind)
            for kind in _rules.KINDS
            for c in DECK
            if c.rank in _rules.COMBINATION_RANKS[kind]
        ]
        return actions

    def _prebuild(self) -> None:
        cards = range(67)
        self.pass_id = self._id(Action(_K_PASS))
        self.take_id = self._id(Action(_K_TAKE))
        self.concede_id = self._id(Action(_K_CONCEDE))
        #: the id of the k-th rung of the ladder is ``bid0 + k`` (a bid) or ``contract0 + k``
        self.bid0 = self._id(Action(_K_BID, number=self.ladder[0]))
        self.contract0 = self._id(Action(_K_CONTRACT, number=self.ladder[0]))
        self.keep_ids = [self._id(Action(_K_KEEP, card=Card(i))) for i in cards]
        self.give_ids = [self._id(Action(_K_GIVE, card=Card(i))) for i in cards]
        self.play_ids = [self._id(Action(_K_PLAY, card=Card(i))) for i in cards]
        self.plays = CardActions(self.all_actions(), self.play_ids)
        #: the leads that declare a combination, in the order of its ranks (K Q J)
        self.declare_ids = {
            (kind, suit): [
                self._id(Action(_K_PLAY, card=Card.of(rank, suit), modifier=_M_DECLARE, argument=kind))
                for rank in _rules.COMBINATION_RANKS[kind]
            ]
            for kind in _rules.KINDS
            for suit in Suit
        }
        #: the declaring leads of each arrangement of the combination cards held and used
        self.declare_rows: dict[int, tuple[int, ...]] = {}


class LegalPyatsot(AceTenState):
    """The legal actions of a Пятьсот state, generated directly."""

    game: GamePyatsot
    throw_in: bool
    trump_maker: int | None
    used: int
    marks: BarrelMarks
    #: follow suit, no duty to trump (the fast path's follow rule)
    FOLLOW_MUST_TRUMP = False

    def _calls(self, seat: int) -> LadderRule:
        """The legal calls of ``seat``: pass once there is a bid, a bid above the highest up to
        his hand's cap."""
        g = self.game
        ladder = g.trick_rules.ladder  # once (the game's ``ladder`` is a property)
        low = ladder[0] if self.high_bid is None else self.high_bid + 1
        rungs = ladder.between(low, _rules.bid_cap(self.hands[seat], g.bid_cap_rule))
        first = () if self.high_bid is None else (g.pass_id,)
        return (g.fast_table(), first, g.bid0 + rungs.start, g.bid0 + rungs.stop, -1, g.pass_id)

    def _auction_rule(self) -> AuctionRule | None:
        """The auction is the engine's, unless the deal is thrown in by a pass.  Once there is a
        bid, a seat's calls change with the highest bid alone (his cap is his hand's): the answer
        holds (above the bids made since)."""
        if self.phase is not _AUCTION or self.throw_in:
            return None
        assert self._turn is not None
        rule = self._calls(self._turn)
        return rule if self.high_bid is None else (*rule, LADDER_FIELDS, True)

    def _choice_rule(self) -> ChoiceRule | None:
        """The barrel's answer, the talon card kept or given, the contract, as ``_legal`` lists
        them."""
        phase = self.phase
        seat = self.to_act
        if seat is None or phase is _PLAY or phase is _AUCTION:
            return None
        g = self.game
        if phase is _BARREL:
            may_concede = self.marks.refusals < g.barrel_refusals
            return (g.fast_table(), (g.take_id, g.concede_id) if may_concede else (g.take_id,), (), 0, 0, 0)
        if phase is _KEEP or phase is _GIFT:
            return (g.fast_table(), (), g.keep_ids if phase is _KEEP else g.give_ids, self.talon, 0, 0)
        assert phase is _CONTRACT and self.high_bid is not None
        rungs = g.trick_rules.ladder.between(self.high_bid, _rules.bid_cap(self.hands[seat], g.bid_cap_rule))
        return (g.fast_table(), (g.concede_id,), (), 0, g.contract0 + rungs.start, g.contract0 + rungs.stop)

    def _lead_rule(self) -> LeadRule | None:
        """The cards ``_legal`` allows a lead; where a combination may be declared, its leads follow
        (``_legal``'s row, carried out by the reference).  A hand with no combination left has none
        at its later leads, and who may lead trumps changes with a declaration alone: that answer
        holds (:meth:`_leads` as its mask of cards led last)."""
        if self.phase is not _PLAY or self.trick:
            return None
        seat = self._turn
        assert seat is not None
        hand = self.hands[seat]
        allowed = self._leads(seat, hand)
        if self.won[seat] and _rules.any_combination_held(hand, self.used):  # and the declarations
            g = self.game
            key = hand & _rules.COMBINATION_CARDS | (self.used & _rules.COMBINATION_CARDS) << 64
            declare = g.declare_rows.get(key)
            if declare is None:  # what _legal lists after the plain leads, once per arrangement
                if len(g.declare_rows) >= CardActions.LIMIT:
                    g.declare_rows.clear()
                held = _rules.combinations_held(hand, self.used)
                declare = g.declare_rows[key] = tuple([i for h in held for i in g.declare_ids[h]])
            return (g.fast_table(), allowed, 2, None, declare)
        if _rules.any_combination_held(hand, self.used):  # one to declare once a trick is won
            return (self.game.fast_table(), allowed, 2, None)
        trump = self.trump
        last = SUIT_MASKS[trump] if trump is not None and seat != self.trump_maker else 0
        return (self.game.fast_table(), allowed, 2, None, (), last)

    def _leads(self, seat: int, hand: int) -> int:
        """The cards ``seat`` may lead: only the trump maker may lead trumps at will."""
        trump = self.trump
        if trump is not None and seat != self.trump_maker and hand & ~SUIT_MASKS[trump]:
            return hand & ~SUIT_MASKS[trump]
        return hand

    # -- legal actions, generated directly -----------------------------------------------------
    def _legal(self, seat: int) -> Legal:
        g = self.game
        phase = self.phase
        hand = self.hands[seat]
        if phase is _PLAY:
            trick = self.trick
            if trick:
                return g.plays.of(follow_mask(hand, SUIT_MASKS[trick[0][1].id >> 4], 0, False))
            allowed = self._leads(seat, hand)
            if not self.won[seat]:
                return g.plays.of(allowed)
        actions = g.all_actions()
        acts: list[Action] = []
        ids: list[int] = []
        if phase is _PLAY:
            mask = add_cards(actions, allowed, g.play_ids, acts, ids)
            for held in _rules.combinations_held(hand, self.used):
                for i in g.declare_ids[held]:
                    mask |= add_one(actions, i, acts, ids)
            return acts, ids, mask
        if phase is _AUCTION:
            if self.throw_in:
                return acts, ids, add_one(actions, g.pass_id, acts, ids)
            _, first, lo, hi, _, _ = self._calls(seat)
            mask = add_one(actions, g.pass_id, acts, ids) if first else 0
            return acts, ids, mask | add_range(actions, lo, hi, acts, ids)
        if phase is _BARREL:
            mask = add_one(actions, g.take_id, acts, ids)
            if self.marks.refusals < g.barrel_refusals:
                mask |= add_one(actions, g.concede_id, acts, ids)
            return acts, ids, mask
        if phase is _KEEP:
            return acts, ids, add_cards(actions, self.talon, g.keep_ids, acts, ids)
        if phase is _GIFT:
            return acts, ids, add_cards(actions, self.talon, g.give_ids, acts, ids)
        assert phase is _CONTRACT and self.high_bid is not None
        mask = add_one(actions, g.concede_id, acts, ids)
        rungs = g.ladder.between(self.high_bid, _rules.bid_cap(hand, g.bid_cap_rule))
        return acts, ids, mask | add_range(actions, g.contract0 + rungs.start, g.contract0 + rungs.stop, acts, ids)

    # -- legality, in one place (the reference) ---------------------------------------------
    def _candidates(self, seat: int) -> Iterable[Action]:
        phase = self.phase
        if phase is _AUCTION:
            yield Action(_K_PASS)
            low = -1 if self.high_bid is None else self.high_bid
            cap = _rules.bid_cap(self.hands[seat], self.game.bid_cap_rule)
            for n in self.game.ladder:
                if low < n <= cap:
                    yield Action(_K_BID, number=n)
        elif phase is _BARREL:
            yield Action(_K_TAKE)
            yield Action(_K_CONCEDE)
        elif phase is _KEEP:
            for card in cards_of(self.talon):
                yield Action(_K_KEEP, card=card)
        elif phase is _GIFT:
            for card in cards_of(self.talon):
                yield Action(_K_GIVE, card=card)
        elif phase is _CONTRACT:
            yield Action(_K_CONCEDE)
            cap = _rules.bid_cap(self.hands[seat], self.game.bid_cap_rule)
            for n in self.game.ladder:
                if n <= cap:
                    yield Action(_K_CONTRACT, number=n)
        elif phase is _PLAY:
            hand = self.hands[seat]
            for card in cards_of(hand):
                yield Action(_K_PLAY, card=card)
            if not self.trick and self.won[seat]:
                for kind, suit in _rules.combinations_held(hand, self.used):
                    for rank in _rules.COMBINATION_RANKS[kind]:
                        yield Action(_K_PLAY, card=Card.of(rank, suit), modifier=_M_DECLARE, argument=kind)

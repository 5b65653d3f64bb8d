"""Five Hundred's actions: every action the game has, its stable id, and the legal ones generated
directly.

The rules themselves are in :mod:`prikup.games.five_hundred` (the reference check of every
action, ``StateFiveHundred._why_illegal``); this module lists the same legal actions fast, from
the game's prebuilt actions: the cards of a follow-suit mask, the joker's named suits, and the
bids and contracts after a call, tabled once from the rule's own check.  A property test holds
the two to the same sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from prikup.core.actions import Action, ActionKind, Takes, declare_modifier
from prikup.core.cards import Card, Suit, cards_of
from prikup.core.engine import TrickGame, TrickState
from prikup.core.game import ChoiceRule, FollowRule, LeadRule, Legal, Phase, follow_rule_keyed_by
from prikup.core.legal import CardActions, add_cards, add_one
from prikup.core.refusals import Refusal

if TYPE_CHECKING:
    from prikup.games.five_hundred import GameFiveHundred, Layout
    from prikup.games.table_rules import RulesFiveHundred

__all__ = ["ALONE_ACTION", "SLAM", "SLAM_ACTION", "ActionsFiveHundred", "LegalFiveHundred"]

#: The phases of this game's state machine (the core declares deal, auction, play and match over).
_AUCTION = Phase.AUCTION
_CONTRACT = Phase.declare("CONTRACT", "contract")
_DEAL = Phase.DEAL
_DISCARD = Phase.declare("DISCARD", "discard")
_MATCH_OVER = Phase.MATCH_OVER
_PLAY = Phase.PLAY
_K_BID = ActionKind.BID
_K_CONTRACT = ActionKind.CONTRACT
#: Five Hundred's own word: ``discard 9C`` (a card into the kitty's place)
_K_DISCARD = ActionKind.declare("DISCARD", "discard", Takes.CARD, order=15)
#: Option ``misdeal``: a hand with no face card is thrown in (a variant)
_K_MISDEAL = ActionKind.declare("MISDEAL", "misdeal", Takes.NOTHING, order=17)
#: Option ``breaking``: a defender announces he will beat the contract by two tricks
_K_BREAK = ActionKind.declare("BREAK", "break", Takes.NOTHING, order=19)
#: before the play of a contract of 7 or more: each defender in turn may break (or pass)
_BREAK = Phase.declare("BREAK", "break")
#: Option ``claim``: the contractor claims the remaining tricks
_K_CLAIM = ActionKind.declare("CLAIM", "claim", Takes.NOTHING, order=18)
#: the contractor on lead, every card of his sure to win: claim, or play on (pass)
_CLAIM = Phase.declare("CLAIM", "claim")
#: after a slam call: the contractor's partner gives him one card (``give 9C``)
_K_GIVE = ActionKind.declare("GIVE", "give", Takes.CARD, order=13)  # the word 501 uses too
_GIVE = Phase.declare("GIVE", "give")
#: Option ``slam_bid``: the contractor, the kitty taken and nothing discarded, names a slam
#: (``contract SLAM``: all ten tricks alone)
SLAM = "SLAM"
SLAM_ACTION = Action(_K_CONTRACT, call=SLAM)
#: Five players: the contractor calls a partner card (``partner AH``) or goes alone (``alone``)
#: (:mod:`prikup.games.five_hundred_many`)
_K_PARTNER = ActionKind.declare("PARTNER", "partner", Takes.CARD, order=24)
_K_ALONE = ActionKind.declare("ALONE", "alone", Takes.NOTHING, order=25)
ALONE_ACTION = Action(_K_ALONE)
_PARTNER = Phase.declare("PARTNER", "partner")
#: The joker led in no trumps names its suit (``play JK as D``).
_M_AS = declare_modifier("as", suit=True, order=1)
_K_PASS = ActionKind.PASS
_K_PLAY = ActionKind.PLAY


class ActionsFiveHundred(TrickGame):
    """The actions of a Five Hundred configuration and its tables of their ids."""

    #: the cards of the deck in use
    cards: tuple[Card, ...]
    #: the calls this configuration offers
    calls: tuple[str, ...]
    rules: RulesFiveHundred

    def _enumerate_actions(self) -> list[Action]:
        actions = [Action(_K_PASS)]
        if self.rules.misdeal:
            actions.append(Action(_K_MISDEAL))
        if self.rules.claim != "off":
            actions.append(Action(_K_CLAIM))
        if self.rules.breaking:
            actions.append(Action(_K_BREAK))
        if self.rules.slam_bid:
            actions.append(SLAM_ACTION)
        if self.rules.slam_bid or self.rules.nullo_pass:
            actions += [Action(_K_GIVE, card=c) for c in self.cards]
        actions += [Action(_K_BID, call=c) for c in self.calls]
        actions += [Action(_K_CONTRACT, call=c) for c in self.calls]
        actions += [Action(_K_DISCARD, card=c) for c in self.cards]
        actions += [Action(_K_PLAY, card=c) for c in self.cards]
        jokers = [c for c in self.cards if c.is_joker]
        actions += [Action(_K_PLAY, card=c, modifier=_M_AS, argument=s.name) for c in jokers for s in Suit]
        if self.rules.players == 5:  # the partner call of the five-player form (never the joker)
            actions += [ALONE_ACTION, *(Action(_K_PARTNER, card=c) for c in self.cards if not c.is_joker)]
        from prikup.games.five_hundred_forms import form_actions

        return actions + form_actions(self)  # type: ignore[arg-type]

    def _prebuild(self) -> None:
        cards = range(67)
        self.pass_id = self._id(Action(_K_PASS))
        self.misdeal_id = self._id(Action(_K_MISDEAL)) if self.rules.misdeal else -1
        self.claim_id = self._id(Action(_K_CLAIM)) if self.rules.claim != "off" else -1
        self.break_id = self._id(Action(_K_BREAK)) if self.rules.breaking else -1
        self.slam_id = self._id(SLAM_ACTION) if self.rules.slam_bid else -1
        gives = self.rules.slam_bid or self.rules.nullo_pass
        self.give_ids = [self._id(Action(_K_GIVE, card=Card(i))) if gives else -1 for i in cards]
        self.bid_ids = [self._id(Action(_K_BID, call=c)) for c in self.calls]
        self.contract_ids = [self._id(Action(_K_CONTRACT, call=c)) for c in self.calls]
        self.discard_ids = [self._id(Action(_K_DISCARD, card=Card(i))) for i in cards]
        self.play_ids = [self._id(Action(_K_PLAY, card=Card(i))) for i in cards]
        self.plays = CardActions(self.all_actions(), self.play_ids)
        self.as_ids = [
            [self._id(Action(_K_PLAY, card=Card(i), modifier=_M_AS, argument=s.name)) for s in Suit] for i in cards
        ]
        #: the legal bids after each highest bid (key -1: none yet) for a seat that may bid at
        #: the 6 level or not, on its first call or not, and the legal contracts for each bid: each a function of that
        #: one call, tabled on first use from the rule
        self.bids_after: dict[tuple[int, bool, bool], tuple[list[int], int]] = {}
        self.contracts_for: dict[int, tuple[list[int], int]] = {}
        #: the same rows as the C fast path reads them (see ``LegalFiveHundred._choice_rule``)
        self.contract_rules: dict[int, ChoiceRule] = {}
        #: the C fast path's follow rules by layout (kept with it) and lead
        self.follow_by_layout: dict[tuple[int, int, Suit | None], tuple[Any, FollowRule]] = {}


class LegalFiveHundred(TrickState):
    """The legal actions of a Five Hundred state, generated directly."""

    game: GameFiveHundred
    high: int | None
    contract: int | None
    layout: Layout
    given: Card | None

    def _lead_rule(self) -> LeadRule | None:
        """Any card of the hand; a joker led in no-trump names its suit (those leads follow the
        plain ones, as ``_legal`` lists them, and are carried out by the reference).  A hand
        without a joker to name a suit has none at its later leads: that answer holds."""
        if self.phase is not _PLAY or self.trick:
            return None
        seat = self._turn
        assert seat is not None
        hand = self.hands[seat]
        jokers = hand & self.game.joker_mask
        if jokers and self.layout.trump_suit is None:
            if self.game.form is not None:  # the forms' lead rules read the plain part alone
                return None
            return (self.game.fast_table(), hand & ~jokers, 3, None, self._joker_leads(seat, jokers))
        return (self.game.fast_table(), hand, 3, None, (), 0)

    def _choice_rule(self) -> ChoiceRule | None:
        """(The C fast path.) A discard (then the slam, where it may be called), a card given, or
        the contract named after the kitty (``_legal``'s row for the bid, tabled), as ``_legal``
        lists them; other choices are listed by ``_legal``."""
        phase = self.phase
        if phase is _CONTRACT and self.contract is not None and self.game.form is None:
            g = self.game
            rule = g.contract_rules.get(self.contract)
            if rule is None:
                row = self._tabled(g.contracts_for, self.contract, g.contract_ids)
                rule = g.contract_rules[self.contract] = (g.fast_table(), tuple(row[0]), (), 0, 0, 0)
            return rule
        if (phase is not _DISCARD and phase is not _GIVE) or self._turn is None:
            return None
        g = self.game
        hand = self.hands[self._turn]
        if phase is _GIVE:
            return (g.fast_table(), (), g.give_ids, hand, 0, 0)
        slam = g.slam_id >= 0 and self.may_slam(self._turn)
        lo, hi = (g.slam_id, g.slam_id + 1) if slam else (0, 0)
        # a discard only moves the card from the hand to ``discards`` until the last one (the slam
        # may be called before the first alone): C carries those out (``_do``'s first branch)
        last = g.kitty_size + (self.given is not None)
        return (g.fast_table(), (), g.discard_ids, hand, lo, hi, ("discards", last))

    @follow_rule_keyed_by("layout")
    def _follow_rule(self) -> FollowRule | None:
        """The contract's layout (bowers, the joker): follow the suit led or play anything; in
        no-trump the joker at any time where the options say so; a card off the suit led shows
        a void; a finished trick keeps the suit led (``_finished_trick``).  The answer depends on
        the layout (one object per contract and game) and the card led alone."""
        if self.phase is not _PLAY or not self.trick:
            return None
        layout = self.layout
        g = self.game
        _, card, named = self.trick[0]
        key = (id(layout), card.id, named)  # made once per layout and lead (kept with the layout)
        known = g.follow_by_layout.get(key)
        if known is not None and known[0] is layout:
            return known[1]
        suit = layout.suit_of(card.id, named)
        free = g.joker_mask if layout.trump_suit is None and g.joker_any_time else 0
        rule = (g.fast_table(), layout.suits[suit], layout.trump, False, free, int(suit), layout.strength, None, suit)
        if len(g.follow_by_layout) > 4096:  # layouts of unpickled states: start over
            g.follow_by_layout.clear()
        g.follow_by_layout[key] = (layout, rule)
        return rule

    def _trick_end_is_plain(self) -> bool:
        """(The C fast path.) Whether ``_after_trick`` does nothing but score the deal after its
        tenth trick in this deal's play: not a misère (it ends at the contractor's first trick),
        without claims or the 1904 stop, in the forms of 3 to 6 hands (the forms with dummies or a
        dead hand have their own trick end)."""
        g = self.game
        rules = g.rules
        return g.form is None and rules.claim == "off" and not rules.stop_at_goal and not self.is_misere

    def _score_play(self) -> None:
        """The deal's score once its ten tricks are played (the C path's plain trick end)."""
        self._score_deal()

    if TYPE_CHECKING:  # the rules' module defines these

        @property
        def is_misere(self) -> bool:
            """True when the contract is to take no trick."""

        def _score_deal(self, *, stopped: bool = False) -> None: ...

        def playable(self, seat: int) -> int:
            """The cards ``seat`` may play to the trick in progress."""

        def lead_suits_for_joker(self, seat: int) -> list[Suit]:
            """The suits a joker led by ``seat`` may name."""

        def _why_illegal_call(self, seat: int, action: Action) -> Refusal | None: ...

        def may_misdeal(self, seat: int) -> bool:
            """Whether ``seat`` may declare a misdeal now."""

        def may_inkle(self, seat: int) -> bool:
            """Whether ``seat`` may bid at the 6 level."""

        def may_slam(self, seat: int) -> bool:
            """Whether ``seat`` may call a slam now (option ``slam_bid``)."""

        barred: int | None

    # -- legal actions, generated directly -----------------------------------------------------
    def _legal(self, seat: int) -> Legal:
        g = self.game
        phase = self.phase
        hand = self.hands[seat]
        if phase is _PLAY:
            if self.trick:
                return g.plays.of(self.playable(seat))
            jokers = hand & g.joker_mask
            if not jokers or self.layout.trump_suit is not None:
                return g.plays.of(hand)
        actions = g.all_actions()
        acts: list[Action] = []
        ids: list[int] = []
        if phase is _PLAY:
            mask = add_cards(actions, hand & ~jokers, g.play_ids, acts, ids)
            for i in self._joker_leads(seat, jokers):
                mask |= add_one(actions, i, acts, ids)
            return acts, ids, mask
        if phase is _AUCTION:
            mask = 0
            if self._why_illegal_call(seat, actions[g.pass_id]) is None:
                mask = add_one(actions, g.pass_id, acts, ids)
            if g.misdeal_id >= 0 and self.may_misdeal(seat):
                mask |= add_one(actions, g.misdeal_id, acts, ids)
            if seat == self.barred:
                return acts, ids, mask
            first = not any(s == seat for s, _ in self.calls)  # blind misère: the first call only
            key = (-1 if self.high is None else self.high, self.may_inkle(seat), first)
            bids = self._tabled(g.bids_after, key, g.bid_ids)
            acts.extend([actions[i] for i in bids[0]])
            ids.extend(bids[0])
            return acts, ids, mask | bids[1]
        if phase is _DISCARD:
            mask = add_cards(actions, hand, g.discard_ids, acts, ids)
            if g.slam_id >= 0 and self.may_slam(seat):
                mask |= add_one(actions, g.slam_id, acts, ids)
            return acts, ids, mask
        if phase is _GIVE:
            return acts, ids, add_cards(actions, hand, g.give_ids, acts, ids)
        if phase is _CLAIM or phase is _BREAK:
            mask = add_one(actions, g.pass_id, acts, ids)
            return acts, ids, mask | add_one(actions, g.claim_id if phase is _CLAIM else g.break_id, acts, ids)
        assert phase is _CONTRACT and self.contract is not None
        row = self._tabled(g.contracts_for, self.contract, g.contract_ids)
        return [actions[i] for i in row[0]], list(row[0]), row[1]

    def _joker_leads(self, seat: int, jokers: int) -> tuple[int, ...]:
        """The ids of the leads of ``seat``'s jokers (a bitmask) in no-trump, each naming a suit
        it may (the lowest joker first, the suits in order)."""
        as_ids = self.game.as_ids
        suits = self.lead_suits_for_joker(seat)
        return tuple([as_ids[card.id][suit] for card in cards_of(jokers) for suit in suits])

    def _tabled(self, table: dict[Any, tuple[list[int], int]], key: Any, call_ids: list[int]) -> tuple[list[int], int]:
        """The legal calls (bids or contracts) after the call ``key``: they depend on it alone
        (and the options), so each row is found once per game by the rule's own check."""
        row = table.get(key)
        if row is None:
            actions = self.game.all_actions()
            seat = self.to_act
            assert seat is not None
            legal = [i for i in call_ids if self._why_illegal(seat, actions[i]) is None]
            row = table[key] = (legal, sum(1 << i for i in legal))
        return row

    # -- legality, in one place (the reference) ---------------------------------------------
    def _candidates(self, seat: int) -> Iterable[Action]:
        phase = self.phase
        if phase is _AUCTION:
            yield Action(_K_PASS)
            if self.game.rules.misdeal:
                yield Action(_K_MISDEAL)
            for call in self.game.calls:
                yield Action(_K_BID, call=call)
        elif phase is _DISCARD:
            for card in cards_of(self.hands[seat]):
                yield Action(_K_DISCARD, card=card)
            if self.game.rules.slam_bid:
                yield SLAM_ACTION
        elif phase is _GIVE:
            for card in cards_of(self.hands[seat]):
                yield Action(_K_GIVE, card=card)
        elif phase is _CLAIM:
            yield Action(_K_PASS)
            yield Action(_K_CLAIM)
        elif phase is _BREAK:
            yield Action(_K_PASS)
            yield Action(_K_BREAK)
        elif phase is _CONTRACT:
            for call in self.game.calls:
                yield Action(_K_CONTRACT, call=call)
        elif phase is _PLAY:
            for card in cards_of(self.hands[seat]):
                if card.is_joker and not self.trick and self.layout.trump_suit is None:
                    for suit in Suit:
                        yield Action(_K_PLAY, card=card, modifier=_M_AS, argument=suit.name)
                else:
                    yield Action(_K_PLAY, card=card)

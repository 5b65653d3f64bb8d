"""Preferans's actions: the deck and the call ladder they are made of, every action the game has,
its stable id, and the legal ones generated directly.

The rules themselves are in :mod:`prikup.games.preferans` (the reference check of every action,
``StatePreferans._why_illegal``); this module lists the same legal actions fast, from the game's
prebuilt actions: a slice of the call ladder, the cards of a follow-suit mask.  A property test
holds the two to the same sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from prikup.core.actions import Action, ActionKind, Takes
from prikup.core.cards import Card, Rank, Suit, cards_of
from prikup.core.engine import TrickGame, TrickState
from prikup.core.game import AuctionRule, ChoiceRule, FollowRule, LeadRule, Legal, Phase
from prikup.core.legal import CardActions, Row, add_cards, add_one, add_range
from prikup.core.tricks import follow_mask, plain_suit_masks
from prikup.games.preferans_sheet import MISERE_HALF_SPLITS

if TYPE_CHECKING:
    from prikup.games.preferans import GamePreferans

__all__ = [
    "CALLS",
    "CALL_RANK",
    "CONTRACT_CALLS",
    "DECK",
    "DECK_MASK",
    "MISERE",
    "MISERE_WT",
    "RANK_ORDER",
    "STRAINS",
    "SUIT_MASKS",
    "WT",
    "ActionsPreferans",
    "LegalPreferans",
    "call_level",
    "call_strain",
    "is_misere",
    "without_talon",
]

#: The phases of this game's state machine (the core declares deal, auction, play and match over).
_AUCTION = Phase.AUCTION
_CONTRACT = Phase.declare("CONTRACT", "contract")
_DEAL = Phase.DEAL
_DISCARD = Phase.declare("DISCARD", "discard")
_MATCH_OVER = Phase.MATCH_OVER
_PLAY = Phase.PLAY
_SETTLE = Phase.declare("SETTLE", "settle")
_P_WHIST = Phase.declare("WHIST", "whist")
_K_BID = ActionKind.BID
_K_CONTRACT = ActionKind.CONTRACT
_K_PASS = ActionKind.PASS
_K_PLAY = ActionKind.PLAY
#: Preferans's own words (the core declares pass, bid, contract and play): whisting (``whist``,
#: ``half-whist``, ``pass``) and how the whisters play (``open``, ``closed``); ``discard 9C``
#: after the talon; ``look 3`` (the 4-player dealer looks at a hand); the misère half with the
#: dealer (``invite``, ``take``, ``pulya 3``); ``settle`` (the match settled on the sheet).
_K_LOOK = ActionKind.declare("LOOK", "look", Takes.NUMBER_OR_NOTHING, order=1)
_K_WHIST = ActionKind.declare("WHIST", "whist", Takes.NOTHING, order=3)
_K_HALF_WHIST = ActionKind.declare("HALF_WHIST", "half-whist", Takes.NOTHING, order=4)
_K_OPEN = ActionKind.declare("OPEN", "open", Takes.NOTHING, order=5)
_K_CLOSED = ActionKind.declare("CLOSED", "closed", Takes.NOTHING, order=6)
_K_TAKE = ActionKind.declare("TAKE", "take", Takes.NOTHING, order=7)
_K_SETTLE = ActionKind.declare("SETTLE", "settle", Takes.NOTHING, order=8)
_K_INVITE = ActionKind.declare("INVITE", "invite", Takes.NOTHING, order=9)
_K_PULYA = ActionKind.declare("PULYA", "pulya", Takes.NUMBER, order=10)
_K_DISCARD = ActionKind.declare("DISCARD", "discard", Takes.CARD, order=15)

#: Ranks high to low.
RANK_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
DECK: tuple[Card, ...] = tuple(Card.of(r, s) for s in Suit for r in RANK_ORDER)
DECK_MASK = sum(c.mask for c in DECK)
SUIT_MASKS = plain_suit_masks(DECK)
STRAINS = ("S", "C", "D", "H", "NT")
WT = "-WT"
MISERE = "MIS"
MISERE_WT = "MIS-WT"
#: a seat's last call that changes what he may bid next (see ``_legal_calls``)
_MISERE_LASTS = (f"bid {MISERE}", f"bid {MISERE_WT}")


def _ladder() -> tuple[str, ...]:
    calls: list[str] = []
    for level in range(6, 11):
        if level == 9:
            calls.append(MISERE)  # misère is outbid only by a nine
        calls += [f"{level}{s}" for s in STRAINS]
        if level == 9:
            calls.append(MISERE_WT)  # … and the nine by misère without talon
        calls += [f"{level}{s}{WT}" for s in STRAINS]
    return tuple(calls)


#: Every call of the auction, lowest first: … 8NT-WT, MIS, 9S … 9NT, MIS-WT, 9S-WT … 10NT-WT.
CALLS: tuple[str, ...] = _ladder()
CALL_RANK: Mapping[str, int] = {c: i for i, c in enumerate(CALLS)}
#: The games a declarer may name after taking the talon.
CONTRACT_CALLS: tuple[str, ...] = tuple(f"{level}{s}" for level in range(6, 11) for s in STRAINS)


def call_level(call: str) -> int | None:
    """The level (6 … 10) of a game call, ``None`` for misère."""
    try:
        return _LEVEL_OF[call]
    except KeyError:
        level = _LEVEL_OF[call] = None if call.startswith(MISERE) else int(call.removesuffix(WT).rstrip("SCDHNT"))
        return level


#: the level of each call met (read several times at every deal's end)
_LEVEL_OF: dict[str, int | None] = {}


def call_strain(call: str) -> Suit | None:
    """The trump suit of a game call (``None`` for no-trump and misère)."""
    body = call.removesuffix(WT)
    if body.startswith(MISERE) or body.endswith("NT"):
        return None
    return Suit[body[-1]]


def is_misere(call: str) -> bool:
    """True for ``MIS`` and ``MIS-WT``."""
    return call.startswith(MISERE)


def without_talon(call: str) -> bool:
    """True for a game or misère without the talon."""
    return call.endswith(WT)


class ActionsPreferans(TrickGame):
    """The actions of a preferans configuration and its tables of their ids."""

    def _enumerate_actions(self) -> list[Action]:
        actions = [Action(k) for k in (_K_PASS, _K_WHIST, _K_HALF_WHIST)]
        actions += [Action(k) for k in (_K_LOOK, _K_OPEN, _K_CLOSED, _K_SETTLE)]
        actions += [Action(_K_BID, call=c) for c in CALLS]
        actions += [Action(_K_CONTRACT, call=c) for c in CONTRACT_CALLS]
        actions += [Action(_K_DISCARD, card=c) for c in DECK]
        actions += [Action(_K_PLAY, card=c) for c in DECK]
        # appended later: the dealer naming the hand he looks at, the misère half with the dealer
        actions += [Action(_K_LOOK, number=s) for s in range(self.players)]
        actions += [Action(_K_INVITE), Action(_K_TAKE)]
        actions += [Action(_K_PULYA, number=n) for n in MISERE_HALF_SPLITS]
        return actions

    def _prebuild(self) -> None:
        cards = range(67)
        self.kind_ids = {kind: self._id(Action(kind)) for kind in ActionKind}
        #: ``bid CALLS[k]`` has id ``bid0 + k``; ``contract CONTRACT_CALLS[k]`` ``contract0 + k``
        self.bid0 = self._id(Action(_K_BID, call=CALLS[0]))
        self.contract0 = self._id(Action(_K_CONTRACT, call=CONTRACT_CALLS[0]))
        self.discard_ids = [self._id(Action(_K_DISCARD, card=Card(i))) for i in cards]
        #: the C fast path's contract choices after each bid (``LegalPreferans._choice_rule``)
        self.contract_rules: dict[str, ChoiceRule] = {}
        self.play_ids = [self._id(Action(_K_PLAY, card=Card(i))) for i in cards]
        self.plays = CardActions(self.all_actions(), self.play_ids)
        self.split_ids = [self._id(Action(_K_PULYA, number=n)) for n in MISERE_HALF_SPLITS]
        #: the legal calls of an auction by what they depend on (see ``LegalPreferans._call_row``)
        self.call_rows: dict[tuple[str | None, str | None, bool, bool], Row] = {}
        #: the same rows as the C fast path reads them, by the row's identity
        self.call_rules: dict[int, AuctionRule] = {}


#: The answers of the whisting, as the whist table writes them.
_WHIST = "whist"
_PASS = "pass"
_HALF = "half-whist"
_LOOK = "look"
_WHIST_KIND = {_WHIST: _K_WHIST, _PASS: _K_PASS, _HALF: _K_HALF_WHIST, _LOOK: _K_LOOK}
_WORD_OF_KIND = {k: w for w, k in _WHIST_KIND.items()}


#: a discard moves a card from the hand to ``discards``; the talon's second card ends the discard
_DISCARD_MOVE = ("discards", 2)


class LegalPreferans(TrickState):
    """The legal actions of a preferans state, generated directly."""

    game: GamePreferans
    _active: tuple[int, ...]
    _split_pending: bool
    _open_pending: bool
    trump: Suit | None
    high: str | None
    high_seat: int | None
    bid: str | None
    half_calls: list[tuple[int, str]]
    lone_whister: int | None
    open_play: bool | None
    #: follow suit, else trump (the fast path's follow rule)
    FOLLOW_MUST_TRUMP = True

    def _follow_rule(self) -> FollowRule | None:
        """Not while the lone whister decides between open and closed play; in open play the
        whister decides for his partner's hand."""
        if self._split_pending or self._open_pending:
            return None
        rule = super()._follow_rule()
        if rule is None or self.lone_whister is None:
            return rule
        return (*rule[:7], self._controllers())

    def _controllers(self) -> list[int] | None:
        """The seat that decides for each hand, when a lone whister plays another's."""
        if self.lone_whister is None:
            return None
        return [self.controller(s) for s in range(self.game.players)]

    def _auction_rule(self) -> AuctionRule | None:
        """The auction is the engine's: pass or a bid of the seat's row (:meth:`_call_row`); a
        bid sets ``high`` (its call) and ``high_seat``."""
        if self.phase is not _AUCTION:
            return None
        assert self._turn is not None
        row = self._call_row(self._turn)
        g = self.game
        rule = g.call_rules.get(id(row))
        if rule is None:
            rule = (g.fast_table(), row[1], 0, 0, -1, g.kind_ids[_K_PASS], ("high", "call", "high_seat"))
            g.call_rules[id(row)] = rule
        return rule

    def _choice_rule(self) -> ChoiceRule | None:
        """(The C fast path.) The declarer's discards (the first of the two only moves a card
        from his hand to ``discards``: C does it, the second ends the discard) and the contract
        named after them, as ``_legal`` lists them; the whist and the rest are listed by ``_legal``."""
        phase = self.phase
        if phase is _DISCARD:
            g, seat = self.game, self._turn
            assert seat is not None
            return (g.fast_table(), (), g.discard_ids, self.hands[seat], 0, 0, _DISCARD_MOVE)
        if phase is _CONTRACT and self.bid is not None:
            g = self.game
            rule = g.contract_rules.get(self.bid)
            if rule is None:  # the contracts that do not fall below the bid: once per game and bid
                low = next(k for k, c in enumerate(CONTRACT_CALLS) if not g.ladder.outbids(self.bid, c))
                rule = (g.fast_table(), (), (), 0, g.contract0 + low, g.contract0 + len(CONTRACT_CALLS))
                g.contract_rules[self.bid] = rule
            return rule
        return None

    def _lead_rule(self) -> LeadRule | None:
        """Any card of the hand to play; not before the lone whister's choice of open or closed
        play (the declarer's first lead asks it).  The answer holds for the deal's later leads."""
        if self.phase is not _PLAY or self.trick or self._split_pending or self._open_pending:
            return None
        if self.lone_whister is not None and self.open_play is None and not self.tricks:
            return None
        assert self._turn is not None
        return (self.game.fast_table(), self.hands[self._turn], 2, self._controllers(), (), 0)

    if TYPE_CHECKING:  # the rules' module defines these

        @property
        def is_misere(self) -> bool:
            """True when the contract is misère."""

        def defenders(self) -> tuple[int, ...]:
            """The declarer's two opponents."""

        def controller(self, hand: int) -> int:
            """The seat that plays ``hand``'s cards."""

        def _whist_options(self) -> tuple[str, ...]: ...

    # -- legal actions, generated directly -----------------------------------------------------
    def _legal(self, seat: int) -> Legal:
        g = self.game
        phase = self.phase
        if phase is _PLAY and not (self._split_pending or self._open_pending):
            assert self._turn is not None
            hand = self.hands[self._turn]
            if self.trick:
                led = SUIT_MASKS[self.trick[0][1].id >> 4]
                trump = SUIT_MASKS[self.trump] if self.trump is not None else 0
                hand = follow_mask(hand, led, trump, True)
            return g.plays.of(hand)
        actions = g.all_actions()
        acts: list[Action] = []
        ids: list[int] = []
        kind_ids = g.kind_ids
        if phase is _PLAY:
            if self._split_pending:
                return acts, ids, add_range(actions, g.split_ids[0], g.split_ids[-1] + 1, acts, ids)
            mask = add_one(actions, kind_ids[_K_OPEN], acts, ids)  # the lone whister: open or closed
            return acts, ids, mask | add_one(actions, kind_ids[_K_CLOSED], acts, ids)
        if phase is _AUCTION:
            return self._call_row(seat)
        if phase is _DISCARD:
            return acts, ids, add_cards(actions, self.hands[seat], g.discard_ids, acts, ids)
        if phase is _SETTLE:
            mask = add_one(actions, kind_ids[_K_SETTLE], acts, ids)
            return acts, ids, mask | add_one(actions, kind_ids[_K_PASS], acts, ids)
        if phase is _CONTRACT:
            assert self.bid is not None
            low = next(k for k, c in enumerate(CONTRACT_CALLS) if not g.ladder.outbids(self.bid, c))
            return acts, ids, add_range(actions, g.contract0 + low, g.contract0 + len(CONTRACT_CALLS), acts, ids)
        assert phase is _P_WHIST
        mask = 0
        for action in self._whist_actions():
            mask |= add_one(actions, g._id(action), acts, ids)
        return acts, ids, mask

    def _call_row(self, seat: int) -> Row:
        """Pass and the legal bids of ``seat``: they depend only on the highest bid, whether the
        seat has called and whether his last call was a misère (not which other call it was: the
        key held the call itself, and a random auction built rows for thousands of keys), and
        whether he is senior to the highest bidder, so each row is built once per game."""
        last = None  # the seat's own last call (the C path's auction asks this at every call)
        for s, c in reversed(self.calls):
            if s == seat:
                last = c
                break
        high = self.high
        senior = high is not None and self._active.index(seat) <= self._active.index(self.high_seat)
        key = (high, last if last in _MISERE_LASTS else None, senior, last is not None)
        g = self.game
        row = g.call_rows.get(key)
        if row is None:
            actions = g.all_actions()
            acts: list[Action] = []
            ids: list[int] = []
            mask = add_one(actions, g.kind_ids[_K_PASS], acts, ids)
            for k in self._legal_calls(seat):
                mask |= add_one(actions, g.bid0 + k, acts, ids)
            row = g.call_rows[key] = (tuple(acts), tuple(ids), mask)
        return row

    def _legal_calls(self, seat: int) -> list[int]:
        """The places on the ladder (the indices in CALLS) of the bids ``seat`` may make now
        (what it reads, :meth:`_call_row`'s key must hold)."""
        ladder = self.game.ladder
        own = [c for s, c in self.calls if s == seat]
        last = own[-1] if own else None
        if last in (f"bid {MISERE}", f"bid {MISERE_WT}"):  # a misère player: on to MIS-WT, or pass
            candidates: range | list[int] = [ladder.precedence(MISERE_WT)]
        else:
            candidates = range(0 if self.high is None else ladder.precedence(self.high), len(ladder))
        wt_allowed = self.game.games_without_talon
        out = []
        for k in candidates:
            call = ladder[k]
            if (not wt_allowed and call.endswith(WT)) or (call == MISERE and own):
                continue
            if call == MISERE_WT and own and last != f"bid {MISERE}":
                continue
            if self.high is not None and k <= ladder.precedence(self.high):
                if k < ladder.precedence(self.high) or is_misere(call) or call == "6S":
                    continue
                assert self.high_seat is not None
                if self._active.index(seat) > self._active.index(self.high_seat):
                    continue  # only a senior hand holds ("here")
            out.append(k)
        return out

    # -- legality, in one place (the reference) -------------------------------------------
    def _candidates(self, seat: int) -> Iterable[Action]:
        phase = self.phase
        if phase is _SETTLE:
            yield Action(_K_SETTLE)
            yield Action(_K_PASS)
        elif phase is _AUCTION:
            yield Action(_K_PASS)
            for call in self.game.ladder.from_call(self.high):
                yield Action(_K_BID, call=call)
        elif phase is _DISCARD:
            for card in cards_of(self.hands[seat]):
                yield Action(_K_DISCARD, card=card)
        elif phase is _CONTRACT:
            for call in CONTRACT_CALLS:
                yield Action(_K_CONTRACT, call=call)
        elif phase is _P_WHIST:
            yield from self._whist_actions()
        elif phase is _PLAY:
            if self._split_pending:
                for n in MISERE_HALF_SPLITS:
                    yield Action(_K_PULYA, number=n)
            elif self._open_pending:
                yield Action(_K_OPEN)
                yield Action(_K_CLOSED)
            else:
                assert self._turn is not None
                for card in cards_of(self.hands[self._turn]):
                    yield Action(_K_PLAY, card=card)

    def _whist_actions(self) -> list[Action]:
        """The actions open to the seat to act in the whist phase (on misère: the half invitation)."""
        if self.is_misere:
            if not self.half_calls:
                return [Action(_K_INVITE), Action(_K_PASS)]  # the declarer
            return [Action(_K_TAKE), Action(_K_PASS)]  # the dealer, invited
        out: list[Action] = []
        for word in self._whist_options():
            if word == _LOOK:
                out += [Action(_K_LOOK, number=d) for d in self.defenders()]
            else:
                out.append(Action(_WHIST_KIND[word]))
        return out

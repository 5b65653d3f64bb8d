"""Five Hundred for 2 players, and for 3 with a dead hand: the forms of option ``form``.

* ``dummies`` (2 players, the two-handed game): the standard game's 43 cards dealt to four hands
  and the kitty as for four players; each player holds one hand and plays it and the hand of his
  partner, a *dummy* dealt to the table as 5 face-down cards, each covered by a face-up card.
  Hands are numbered as the four seats of the standard game: hand 0 is player 0's, 1 player 1's,
  2 player 0's dummy, 3 player 1's dummy; partners sit opposite, so the play goes 0, 1, 2, 3.
  Only the players bid (a dummy has no voice); misère is not played; the kitty goes to the
  contractor's own hand.  A dummy plays only its face-up cards (a face-down card is unknown to
  everyone, its controller too, and does not oblige the dummy to follow suit); after each trick
  the face-down cards whose cover has been played are turned face up.  The hand that took a
  trick leads the next.
* ``dead_hand``: the three-handed game (33 cards) for 2 players, or the standard 43/45-card deck
  for 3 players, with one more hand of ten dealt face down and never played.
* ``table_cards`` (2 players): 52 cards (no joker), 10 each, a kitty of 3 and 8 face-up table
  cards; each player in turn, from the dealer's left, adds one table card to the kitty (the
  contractor takes 5, discards 5); after the contractor's discards the defender takes one of the
  six table cards left into his hand and discards one face down; the rest of the table cards and
  the 21 cards not dealt are dead.
* ``drawing`` (2 players): the 45-card deck (or 43); the kitty is set aside and the players, from
  the dealer's left, draw two cards at a turn: the first is seen and kept or set aside (``keep``
  / ``discard``), the second gets the opposite fate — ten turns each, ten cards each.

The deal log keeps every card: the hands as dealt (a dummy's first five cards are its face-down
cards, each covered by the card five places later; a drawing player's hand is his twenty draws
in order) and a talon that starts with the kitty and goes on with the dead hand, the table cards
and the undealt cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from prikup.core.actions import Action, ActionKind, Takes
from prikup.core.cards import Card, Rank, cards_of
from prikup.core.dealing import deal_packets
from prikup.core.engine import DealPattern
from prikup.core.errors import OptionError
from prikup.core.game import DealLog, Legal, Phase
from prikup.core.legal import add_cards
from prikup.core.refusals import Refusal, refusal
from prikup.games.five_hundred import StateFiveHundred
from prikup.games.five_hundred_actions import _AUCTION, _K_DISCARD, _K_GIVE, _K_PLAY, _PLAY
from prikup.games.five_hundred_tables import DECK_FORMS, DECKS, MISERE_CALLS, DeckSpec, deal_pattern
from prikup.games.obs_five_hundred import Dummy, ObsFiveHundred
from prikup.games.table_rules import PlayForm

if TYPE_CHECKING:
    from prikup.core.game import Head
    from prikup.games.five_hundred import GameFiveHundred

__all__ = ["FORM_OFF", "FormSpec", "StateFiveHundredForms", "form_actions", "form_spec"]

_K_KEEP = ActionKind.declare("KEEP", "keep", Takes.CARD, order=14)  # the word Пятьсот uses too
#: drawing: the player to draw sees his first card and keeps it or sets it aside
_DRAW = Phase.declare("DRAW", "draw")
#: table cards: each player adds a table card to the kitty (``give 9C``)
_PICK = Phase.declare("PICK", "pick")
#: table cards: the defender keeps a table card, then discards a card
_EXCHANGE = Phase.declare("EXCHANGE", "exchange")

_HAND = 10
#: a dummy: five face-down cards, each under a face-up one
_DOWN = 5
#: table cards: the face-up cards laid out, and the kitty as dealt
_TABLE = 8
_TABLE_KITTY = 3
#: drawing: cards drawn at a turn, and turns per player
_PAIR = 2
#: dummies: the seat that plays each hand (0 and 2 by seat 0, 1 and 3 by seat 1)
_CONTROLLERS = (0, 1, 0, 1)

#: the options each form does not play (their rules assume seats that bid or play alone)
FORM_OFF: dict[str, tuple[str, ...]] = {
    "dummies": (
        "blind_misere",
        "hi_lo",
        "slam_bid",
        "wilkinson",
        "claim",
        "breaking",
        "stop_at_goal",
        "bid_after_pass",
        "raise_own",
        "auction",
    ),
    "dead_hand": ("slam_bid",),
    "table_cards": ("slam_bid", "wilkinson"),
    "drawing": ("slam_bid",),
}
_DEFAULTS: dict[str, Any] = {
    "blind_misere": False,
    "hi_lo": False,
    "slam_bid": False,
    "wilkinson": False,
    "claim": "off",
    "breaking": 0,
    "stop_at_goal": False,
    "bid_after_pass": False,
    "raise_own": False,
    "auction": "standard",
}

_R = Rank
_FULL = (_R.ACE, _R.KING, _R.QUEEN, _R.JACK, _R.TEN, _R.NINE, _R.EIGHT, _R.SEVEN, _R.SIX, _R.FIVE, _R.FOUR)
#: the table-card form's deck: the 52 cards, no joker
DECK_52 = DeckSpec("52", (*_FULL, _R.THREE, _R.TWO))


@dataclass(frozen=True)
class FormSpec:
    """A form's deal: its deck, the hands played, the log's hands and talon, the packets.

    ``packets`` deal to targets ``0 … dealt-1`` (the hands of the log), ``dealt …`` (the dead
    hand, the table cards, the undealt rest, in that order) and ``-1`` (the kitty).
    """

    name: str
    deck: DeckSpec
    #: hands in play (dummies: 4), hands in the deal's log, cards of a logged hand
    hands: int
    dealt: int
    hand_size: int
    #: the kitty as dealt, and as the contractor takes it (table cards: with the two picks)
    kitty_dealt: int
    kitty: int
    #: the log's talon after the kitty: the dead hand, the table cards, the rest
    extra: tuple[int, ...]
    packets: tuple[tuple[int, int], ...]
    #: plays by the standard partnership game's defaults (``auto`` options)
    standard: bool

    @property
    def pattern(self) -> DealPattern:
        """The deal's pattern as the engine checks an injected deal: the log's hands and talon."""
        return DealPattern(self.dealt, self.hand_size, self.kitty_dealt + sum(self.extra), self.packets)


def _refuse(rule: str, **fields: str | int) -> OptionError:
    return OptionError(refusal(rule, **fields))


def _deck(game: GameFiveHundred, form: str, default: str, allowed: tuple[str, ...]) -> DeckSpec:
    deck = game.rules.deck.value
    if deck == "auto":
        deck = default
    if deck not in allowed:
        raise _refuse("fh_form_deck", form=form, deck=deck, allowed=", ".join(allowed))
    return DECKS[deck]


def form_spec(game: GameFiveHundred) -> FormSpec | None:
    """The form of ``game``'s options (``None``: 3 or 4 players in their own game), or an
    :class:`~prikup.core.errors.OptionError` naming what does not fit."""
    rules = game.rules
    players = rules.players
    form = rules.form.value
    if form == PlayForm.AUTO:
        if players != 2:
            return None
        form = PlayForm.DUMMIES.value
    fits = {"dummies": (2,), "dead_hand": (2, 3), "table_cards": (2,), "drawing": (2,)}[form]
    if players not in fits:
        raise _refuse("fh_form_players", form=form, players=players, allowed=" or ".join(map(str, fits)))
    for name in FORM_OFF[form]:
        value = getattr(rules, name)
        if (value.value if hasattr(value, "value") else value) != _DEFAULTS[name]:
            raise _refuse("fh_form_option", form=form, option=name)
    if form == "dummies":
        deck = _deck(game, form, "43", DECK_FORMS["partnership"])
        kitty = deck.size - 4 * _HAND
        packets = tuple(deal_pattern(4, _HAND, kitty, "spread"))
        return FormSpec(form, deck, 4, 4, _HAND, kitty, kitty, (), packets, True)
    if form == "dead_hand":
        if players == 2:
            deck = _deck(game, form, "33", DECK_FORMS["single"])
            style = "widow"
        else:
            deck = _deck(game, form, "43", DECK_FORMS["partnership"])
            style = "spread"
        kitty = deck.size - (players + 1) * _HAND
        packets = tuple(deal_pattern(players + 1, _HAND, kitty, style))
        return FormSpec(form, deck, players, players, _HAND, kitty, kitty, (_HAND,), packets, False)
    if form == "table_cards":
        if rules.deck.value not in ("auto", "52"):
            raise _refuse("fh_form_deck", form=form, deck=rules.deck.value, allowed="52")
        rest = DECK_52.size - 2 * _HAND - _TABLE_KITTY - _TABLE
        packets = (*deal_pattern(2, _HAND, _TABLE_KITTY, "spread"), (2, _TABLE), (3, rest))
        return FormSpec(form, DECK_52, 2, 2, _HAND, _TABLE_KITTY, _TABLE_KITTY + 2, (_TABLE, rest), packets, False)
    deck = _deck(game, form, "45", ("45", "43"))
    kitty = deck.size - 4 * _HAND
    packets = ((-1, kitty), *[(s, _PAIR) for _ in range(_HAND) for s in (0, 1)])
    return FormSpec(form, deck, 2, 2, _HAND * _PAIR, kitty, kitty, (), packets, False)


def form_actions(game: GameFiveHundred) -> list[Action]:
    """The actions a form adds to the game's list (after every other: the ids of the other
    configurations do not move): ``give`` a table card to the kitty, ``keep`` a card."""
    spec = game.form
    if spec is None or spec.name not in ("table_cards", "drawing"):
        return []
    out = [] if spec.name != "table_cards" or game.rules.slam_bid else [Action(_K_GIVE, card=c) for c in game.cards]
    return out + [Action(_K_KEEP, card=c) for c in game.cards]


def _ids(game: GameFiveHundred, kind: ActionKind) -> list[int]:
    """The id of ``kind CARD`` for every card id (-1: none), tabled once per game."""
    cache: dict[str, list[int]] = game.__dict__.setdefault("_form_ids", {})
    row = cache.get(kind.value)
    if row is None:
        row = cache[kind.value] = [game._id(Action(kind, card=Card(i))) if i < 67 else -1 for i in range(67)]
    return row


def _mask(cards: Iterable[Card]) -> int:
    return sum(c.mask for c in cards)


class StateFiveHundredForms(StateFiveHundred):
    """A match of Five Hundred in one of the forms of option ``form`` (see the module)."""

    def _spec(self) -> FormSpec:
        spec = self.game.form
        assert spec is not None
        return spec

    @property
    def has_dummies(self) -> bool:
        """True in the two-handed game with dummies."""
        return self._spec().name == "dummies"

    def controller(self, hand: int) -> int:
        """The seat that plays ``hand`` (a dummy's partner)."""
        return hand % 2 if self.has_dummies else hand

    # -- the deal ---------------------------------------------------------------------------
    def _clear_deal(self) -> None:
        super()._clear_deal()
        n = self._spec().hands
        if n != len(self.hands):
            self.hands, self.passed, self.won, self.taken = [0] * n, [False] * n, [0] * n, [0] * n
            self.voids = [0] * n
        #: dummies: each hand's face-down cards, and (cover, card under it) pairs by card id
        self.face_down = [0] * n
        self.covers: list[tuple[tuple[int, int], ...]] = [()] * n
        #: the dead hand (and, with table cards, the cards out of play); table cards face up
        self.dead = 0
        self.table = 0
        self.exchanged = False
        #: drawing: each seat's draws in order, how many turns it has drawn, what it set aside
        self.stock: dict[int, list[Card]] = {}
        self.draws = [0] * self.game.players
        self.set_aside = [0] * self.game.players

    def active_seats(self, dealer: int | None = None) -> tuple[int, ...]:
        """The hands dealt, from the dealer's left (with dummies: the four hands)."""
        if self.game.form is None or not self.has_dummies:
            return super().active_seats(dealer)
        d = self.dealer if dealer is None else dealer
        return tuple((d + i) % 4 for i in range(1, 5))

    def _deal_cards(self, dealer: int, active: tuple[int, ...], hands: list[list[Card]], talon: list[Card]) -> None:
        self._version += 1
        self.deals.append(DealLog(dealer, hands, talon))
        self._in_deal = active
        self._after = self.game.seats_after(active, self._spec().hands)
        self._start_deal(dealer, hands, talon)

    def _deal_random_cards(self, rng: random.Random, dealer: int) -> tuple[list[list[Card]], list[Card]]:
        spec = self._spec()
        out, kitty = deal_packets(self.game.cards, rng, spec.dealt + len(spec.extra), spec.packets)
        return out[: spec.dealt], kitty + [c for extra in out[spec.dealt :] for c in extra]

    def _begin_deal(self, dealer: int, active: tuple[int, ...], talon: list[Card]) -> None:
        spec = self._spec()
        log = self.deals[-1]
        self.talon = _mask(talon[: spec.kitty_dealt])
        rest = talon[spec.kitty_dealt :]
        super()._begin_deal(dealer, active, talon)
        if spec.name == "dummies":
            self.passed = [hand >= 2 for hand in range(4)]  # a dummy never bids
            self._turn = next(s for s in active if s < 2)
            for hand, cards in zip(active, log.hands, strict=True):
                if hand >= 2:
                    self.face_down[hand] = _mask(cards[:_DOWN])
                    pairs = zip(cards[:_DOWN], cards[_DOWN:], strict=True)
                    self.covers[hand] = tuple((up.id, down.id) for down, up in pairs)
        elif spec.name == "dead_hand":
            self.dead = _mask(rest)
        elif spec.name == "table_cards":
            self.table = _mask(rest[:_TABLE])
            self.dead = _mask(rest[_TABLE:])
            self.phase = _PICK
        else:
            for seat, cards in zip(active, log.hands, strict=True):
                self.stock[seat] = list(cards)
                self.hands[seat] = 0
            self.phase = _DRAW

    # -- whose turn, and which hand plays ------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act: in the play, the controller of the hand to play."""
        seat = super().to_act
        return seat if seat is None or not self.has_dummies else seat % 2

    @property
    def hand_to_play(self) -> int | None:
        """In the play, the hand whose card is played next (a dummy's, or a player's own)."""
        return self._turn if self.phase is _PLAY else None

    def _hand_for(self, seat: int) -> int:
        if self.phase is _PLAY and self.has_dummies and self._turn is not None:
            return self._turn
        return seat

    @contextmanager
    def _face_up_only(self, hand: int) -> Iterator[None]:
        """While checking a dummy's play: its face-down cards are not in its hand."""
        hidden = self.face_down[hand] & self.hands[hand]
        self.hands[hand] &= ~hidden
        try:
            yield
        finally:
            self.hands[hand] |= hidden

    def _lead_rule(self) -> Any:
        """The fast path's lead: with dummies, of the face-up cards, the hand's controller deciding."""
        rule = super()._lead_rule()
        if rule is None or not self.has_dummies:
            return rule
        turn = self._turn
        assert turn is not None
        return (rule[0], self.hands[turn] & ~self.face_down[turn], rule[2], _CONTROLLERS)

    def _follow_rule(self) -> Any:
        """The fast path's follow: with dummies, only once no dummy has a face-down card left (a
        face-down card neither follows nor shows a void: the Python rules decide; the fast path
        keeps a follow rule for the rest of the trick)."""
        rule = super()._follow_rule()
        if rule is None or not self.has_dummies:
            return rule
        if any(self.face_down[h] & self.hands[h] for h in (2, 3)):
            return None
        return (*rule[:7], _CONTROLLERS)

    # -- the rules ------------------------------------------------------------------------------
    def _why_illegal(self, seat: int, action: Action) -> Refusal | None:
        phase = self.phase
        if phase is _DRAW:
            card = self._seen()
            if action.kind not in (_K_KEEP, _K_DISCARD) or action.card != card:
                return refusal("fh_draw", card=str(card))
            return None
        if phase is _PICK:
            if action.kind is not _K_GIVE or action.card is None or not self.table >> action.card.id & 1:
                return refusal("fh_pick", cards=" ".join(map(str, cards_of(self.table))))
            return None
        if phase is _EXCHANGE:
            if not self.exchanged:
                if action.kind is not _K_KEEP or action.card is None or not self.table >> action.card.id & 1:
                    return refusal("fh_table_keep", cards=" ".join(map(str, cards_of(self.table))))
                return None
            if action.kind is not _K_DISCARD or action.card is None:
                return refusal("discard_more", n=1)
            return None if self.hands[seat] >> action.card.id & 1 else refusal("not_held", card=str(action.card))
        if phase is _AUCTION and self.has_dummies and action.call is not None and action.call in MISERE_CALLS:
            return refusal("fh_dummies_misere")
        hand = self._hand_for(seat)
        if hand == seat or action.kind is not _K_PLAY:
            return super()._why_illegal(hand, action)
        if action.card is not None and (self.face_down[hand] & self.hands[hand]) >> action.card.id & 1:
            return refusal("fh_face_down", card=str(action.card))
        with self._face_up_only(hand):
            return super()._why_illegal(hand, action)

    def _candidates(self, seat: int) -> Iterable[Action]:
        phase = self.phase
        if phase is _DRAW:
            card = self._seen()
            return [Action(_K_KEEP, card=card), Action(_K_DISCARD, card=card)]
        if phase is _PICK:
            return [Action(_K_GIVE, card=c) for c in cards_of(self.table)]
        if phase is _EXCHANGE:
            if not self.exchanged:
                return [Action(_K_KEEP, card=c) for c in cards_of(self.table)]
            return [Action(_K_DISCARD, card=c) for c in cards_of(self.hands[seat])]
        hand = self._hand_for(seat)
        with self._face_up_only(hand):
            return list(super()._candidates(hand))

    def _legal(self, seat: int) -> Legal:
        phase = self.phase
        g = self.game
        actions = g.all_actions()
        acts: list[Action] = []
        ids: list[int] = []
        if phase is _DRAW:
            card = self._seen()
            mask = add_cards(actions, card.mask, _ids(g, _K_KEEP), acts, ids)
            return acts, ids, mask | add_cards(actions, card.mask, g.discard_ids, acts, ids)
        if phase is _PICK:
            return acts, ids, add_cards(actions, self.table, _ids(g, _K_GIVE), acts, ids)
        if phase is _EXCHANGE:
            if not self.exchanged:
                return acts, ids, add_cards(actions, self.table, _ids(g, _K_KEEP), acts, ids)
            return acts, ids, add_cards(actions, self.hands[seat], g.discard_ids, acts, ids)
        hand = self._hand_for(seat)
        if hand == seat:
            return super()._legal(seat)
        with self._face_up_only(hand):
            return super()._legal(hand)

    def _seen(self) -> Card:
        """Drawing: the first card of the turn of the seat to draw."""
        seat = self._turn
        assert seat is not None
        return self.stock[seat][_PAIR * self.draws[seat]]

    def _do(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase is _DRAW:
            self._draw(seat, action)
        elif phase is _PICK:
            assert action.card is not None
            self.table &= ~action.card.mask
            self.talon |= action.card.mask
            nxt = self._next_active(seat)
            if nxt == self._in_deal[0]:
                self.phase = _AUCTION
            self._turn = nxt
        elif phase is _EXCHANGE:
            assert action.card is not None
            if not self.exchanged:
                self.exchanged = True
                self.table &= ~action.card.mask
                self.hands[seat] |= action.card.mask
            else:
                self.hands[seat] &= ~action.card.mask
                self.dead |= action.card.mask | self.table
                self.table = 0
                super()._before_play()
        elif phase is _PLAY and self.has_dummies:
            hand = self._hand_for(seat)
            voids = self.voids[hand]
            hidden = self.face_down[hand] & self.hands[hand]
            super()._do(hand, action)
            if hidden:
                self.voids[hand] = voids  # a dummy's face-down cards may hold the suit
        else:
            super()._do(seat, action)

    def _draw(self, seat: int, action: Action) -> None:
        first, second = self.stock[seat][_PAIR * self.draws[seat] : _PAIR * self.draws[seat] + _PAIR]
        kept, aside = (first, second) if action.kind is _K_KEEP else (second, first)
        self.hands[seat] |= kept.mask
        self.set_aside[seat] |= aside.mask
        self.draws[seat] += 1
        nxt = self._next_active(seat)
        if all(self.draws[s] * _PAIR == len(self.stock[s]) for s in self._in_deal):
            self.phase = _AUCTION
            self._turn = self._in_deal[0]
        else:
            self._turn = nxt if self.draws[nxt] * _PAIR < len(self.stock[nxt]) else seat

    def _before_play(self) -> None:
        """Table cards: the defender first keeps one of the table cards and discards a card."""
        if self._spec().name == "table_cards" and not self.exchanged and self.contractor is not None and self.table:
            self.phase = _EXCHANGE
            self._turn = self._next_active(self.contractor)
            return
        super()._before_play()

    def _start_play(self) -> None:
        super()._start_play()
        if self.has_dummies:
            playing = self.playing
            self._play_next = [playing[(playing.index(s) + 1) % len(playing)] if s in playing else -1 for s in range(4)]

    def _after_trick(self, winner: int) -> None:
        """Dummies: a face-down card whose cover was played turns face up; the winning hand leads."""
        if self.has_dummies:
            for hand in (2, 3):
                for up, down in self.covers[hand]:
                    if not self.hands[hand] >> up & 1:
                        self.face_down[hand] &= ~(1 << down)
        super()._after_trick(winner)

    # -- scoring: a player's side is his hand and his dummy --------------------------------------
    def _side_tricks(self) -> int:
        if not self.has_dummies:
            return super()._side_tricks()
        c = self.contractor
        assert c is not None
        return self.won[c] + (self.won[c + 2] if len(self.won) > 2 else 0)

    def _score_deal(self, *, stopped: bool = False) -> None:
        if not self.has_dummies:
            super()._score_deal(stopped=stopped)
            return
        per_hand = self.won
        self.won = [per_hand[0] + per_hand[2], per_hand[1] + per_hand[3]]
        try:
            super()._score_deal(stopped=stopped)
        finally:
            self.won = per_hand

    def _winners(self) -> list[int]:
        if self.has_dummies and self._end is not None:
            contractor, takers = self._end
            self._end = (contractor, [t % 2 for t in takers])
        return super()._winners()

    # -- a deal from where its cards lie (resampling) ------------------------------------------
    @property
    def deal_order_by_moves(self) -> bool:
        """True in the drawing form: a player's logged hand is his draws in turn, so a sample of
        the deal orders each stock by when its cards left it, the card a draw names (the first,
        seen) before the other (read by :mod:`prikup.core.resample`)."""
        return self._spec().name == "drawing"

    def deal_from_places(self, places: dict[str, list[Card]]) -> tuple[list[list[Card]], list[Card]] | None:
        """The deal's log (hands in dealing order, the talon) of a deal given as the cards of each
        place at its start (what :mod:`prikup.core.resample` draws).  In the drawing form a
        player's stock is his logged hand, in the order given (the sampler's order: the draws
        made, each pair's first card first, then the cards not yet drawn).  With dummies a card
        whose place in a dummy is public — a face-up card, a face-down card turned up — keeps
        it, the others fill the face-down places in the order given."""
        spec = self._spec()
        active = self.active_seats(self.deals[-1].dealer)
        if spec.name == "drawing":
            return [list(places.get(f"stock {s}", [])) for s in active], list(places.get("kitty", []))
        hands = [list(places.get(f"hand {s}", [])) for s in active]
        if spec.name == "dummies":
            log = self.deals[-1]
            done = {c for t, _, _ in self.tricks for _, c, _ in t}
            for i, hand in enumerate(active):
                if hand < 2:
                    continue
                real = log.hands[i]
                public = set(real[_DOWN:]) | {d for d, up in zip(real[:_DOWN], real[_DOWN:], strict=True) if up in done}
                rest = [c for c in hands[i] if c not in public]
                hands[i] = [c if c in public else rest.pop(0) for c in real]
        talon = [c for name in ("kitty", "table", "dead") for c in places.get(name, [])]
        return hands, talon

    # -- what a seat sees -----------------------------------------------------------------------
    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """Drawing: a kept or set-aside card is the drawer's alone; table cards: a table card
        given to the kitty or kept is public (it lay face up), the defender's discard his alone."""
        name = self._spec().name
        if name == "drawing" and action.kind in (_K_KEEP, _K_DISCARD) and viewer != seat:
            return f"{action.kind.value} a card"
        if name == "table_cards" and action.kind in (_K_GIVE, _K_KEEP):
            return str(action)
        return super().action_view(seat, action, viewer)

    def _places(self) -> dict[str, int]:
        places = super()._places()
        spec = self._spec()
        if spec.hands > self.game.players:
            for hand in range(self.game.players, spec.hands):
                places[f"hand {hand}"] = self.hands[hand]
                places[f"taken {hand}"] = self.taken[hand]
        if spec.name in ("dead_hand", "table_cards"):
            places["dead"] = self.dead
        if spec.name == "table_cards":
            places["table"] = self.table
        if spec.name == "drawing":
            for seat, cards in self.stock.items():
                places[f"stock {seat}"] = _mask(cards[_PAIR * self.draws[seat] :])
                places[f"set aside {seat}"] = self.set_aside[seat]
        return places

    def _observe(self, seat: int | None, head: Head) -> ObsFiveHundred:
        obs = super()._observe(seat, head)
        spec = self._spec()
        extra: dict[str, Any] = {}
        if spec.name == "dummies" and self.in_deal:
            extra["dummies"] = tuple(
                Dummy(h, h % 2, tuple(cards_of(self.hands[h] & ~down)), (self.hands[h] & down).bit_count())
                for h in (2, 3)
                for down in [self.face_down[h]]
            )
        if spec.name in ("dead_hand", "table_cards") and self.in_deal:
            extra["dead_size"] = self.dead.bit_count()
        if spec.name == "table_cards" and self.in_deal:
            extra["table_cards"] = tuple(cards_of(self.table))
        if spec.name == "drawing" and self.in_deal:
            extra["stock_size"] = sum(len(c) - _PAIR * self.draws[s] for s, c in self.stock.items())
            if self.phase is _DRAW and seat is not None and seat == self._turn:
                extra["drawn"] = self._seen()
            if seat is not None and seat in self.stock:
                extra["set_aside"] = tuple(cards_of(self.set_aside[seat]))
        return replace(obs, **extra) if extra else obs

"""The variants' moments of a Five Hundred deal (the "Variations" and "Other scoring
variants"), as a part of the state: the misdeal and the inkle, the American single round, the
auction winner raising his own bid, the breaking rule's question before the play, claiming the
remaining tricks, and the 1904 rule's stop at the goal.

Each is off unless its option is set; the state (:class:`~prikup.games.five_hundred.StateFiveHundred`)
calls these at its moments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prikup.core.actions import Action
from prikup.core.cards import Rank, Suit, cards_of
from prikup.core.game import AuctionRule
from prikup.games.five_hundred_actions import _AUCTION, _BREAK, _CLAIM, _K_PASS, _K_PLAY, _M_AS, _PLAY, LegalFiveHundred
from prikup.games.five_hundred_end import TRICK_POINTS
from prikup.games.five_hundred_tables import CALL_INDEX, CALLS, call_level, call_strain
from prikup.games.table_rules import Auction, Claim, NoBid

if TYPE_CHECKING:
    from prikup.games.five_hundred import GameFiveHundred

__all__ = ["VariantsFiveHundred"]

#: the face cards of the misdeal rule
_FACE_RANKS = (Rank.KING, Rank.QUEEN, Rank.JACK)


class VariantsFiveHundred(LegalFiveHundred):
    """The variant rules of a Five Hundred state (see the module docstring)."""

    game: GameFiveHundred
    high_seat: int | None
    no_bid_play: bool
    playing: tuple[int, ...]
    claimed: int | None
    barred: int | None
    _final_call: bool
    _breakers: list[int]

    if TYPE_CHECKING:  # the state's own

        @property
        def contractor(self) -> int | None:
            """The contractor."""

        def _win_auction(self, winner: int) -> None: ...

        def _all_passed(self) -> None: ...

        def _start_play(self) -> None: ...

        def _side_tricks(self) -> int: ...

        def deal_units(self) -> tuple[tuple[int, ...], ...]:
            """The units this deal is scored in."""

        def _do_play(self, seat: int, action: Action) -> None: ...

    # -- the auction on the C fast path ------------------------------------------------------
    def _auction_rule(self) -> AuctionRule | None:
        """(The C fast path.) The standard auction's legal calls as one row of ids — exactly
        ``_legal``'s, made once per game for each highest bid, seat's inkle right, first call,
        bar and pass right —; a bid sets ``high`` (its index of the calls) and ``high_seat``.
        ``None`` (Python decides) in the variants whose calls do more: the single round, bidding
        after a pass, raising one's own bid, a misdeal the seat may declare, the forms of 2 and
        3 players with dummies, a dead hand or drawing."""
        seat = self._turn
        if self.phase is not _AUCTION or seat is None or self._final_call:
            return None
        g = self.game
        fast = _fast_auction(g)
        if fast is None or (g.misdeal_id >= 0 and self.may_misdeal(seat)):
            return None
        pass_ok = True
        if fast[0] and self.high is None:  # the dealer must bid when all the others passed
            pass_ok = self._why_illegal_call(seat, g.all_actions()[g.pass_id]) is None
        if seat == self.barred:
            key: tuple[Any, ...] = (pass_ok,)
        else:
            first = fast[1] or not any(s == seat for s, _ in self.calls)  # matters to blind misère
            key = (pass_ok, -1 if self.high is None else self.high, self.may_inkle(seat), first)
        rules: dict[tuple[Any, ...], AuctionRule] = fast[3]
        rule = rules.get(key)
        if rule is None:  # the row of the reference's direct generation, tabled
            row = tuple(self._legal(seat)[1])
            rule = rules[key] = (g.fast_table(), row, 0, 0, -1, g.pass_id, ("high", fast[2], "high_seat"))
        return rule

    def may_misdeal(self, seat: int) -> bool:
        """Option ``misdeal``: ``seat`` holds no face card (K, Q, J) and has not called yet."""
        if not self.game.rules.misdeal or any(s == seat for s, _ in self.calls):
            return False
        return not any(c.rank in _FACE_RANKS for c in cards_of(self.hands[seat]))

    def may_inkle(self, seat: int) -> bool:
        """Whether ``seat`` may bid at the 6 level: ``min_level`` 6, or in the American single
        round only the first two players, the bid an inkle that cannot win."""
        if self.game.one_round:
            return seat in self._in_deal[:2]
        return self.game.rules.min_level <= 6

    def _before_play(self) -> None:
        """Option ``breaking``: before a contract of 7 or more is played each defender in turn,
        from the contractor's left, may break it; then the play starts."""
        level = None if self.contract is None else call_level(CALLS[self.contract])
        if not self.game.rules.breaking or level is None or level < 7 or self.contractor is None:
            self._start_play()
            return
        side = next(u for u in self.deal_units() if self.contractor in u)
        seat, order = self.contractor, []
        for _ in range(len(self._in_deal) - 1):
            seat = self._next_active(seat)
            if seat not in side:
                order.append(seat)
        self._breakers = order
        self.phase = _BREAK
        self._turn = order[0]

    def _after_one_round_call(self, seat: int) -> None:
        """The American auction: each active seat calls once; a bid of 7 or more (or a misère)
        wins, an inkle never does (then the deal is thrown in as if all passed)."""
        self.passed[seat] = True
        if not all(self.passed[s] for s in self._in_deal):
            self._turn = self._next_active(seat)
            return
        high = None if self.high is None else CALLS[self.high]
        if high is None or call_level(high) == 6:
            self._all_passed()
        else:
            assert self.high_seat is not None
            self._win_auction(self.high_seat)

    def _after_call(self, seat: int, high_seat: int | None) -> None:
        """Option ``raise_own``: before the auction's winner wins it he has one more call (pass to
        keep his bid), unless no one else has bid; a raise in a new strain reopens the auction."""
        left = self._bidding()
        final = len(left) == 1 and high_seat == left[0] and self.game.rules.raise_own
        if final and not self._final_call and any(s != high_seat for s, c in self.calls if c != "pass"):
            self._final_call = True
            self._turn = high_seat
            return
        super()._after_call(seat, high_seat)

    def _final_raise(self, seat: int, action: Action) -> None:
        """The winner's last call under ``raise_own``: keep (pass), raise in the same strain (he
        wins), or raise in another strain (the others may bid again)."""
        self._final_call = False
        assert self.high is not None
        if action.kind is _K_PASS:
            self.calls.append((seat, "pass"))
            self._win_auction(seat)
            return
        assert action.call is not None
        before = call_strain(CALLS[self.high])
        self.high = CALL_INDEX[action.call]
        self.calls.append((seat, str(action)))
        if before == call_strain(action.call):
            self._win_auction(seat)
            return
        self.passed = [s not in self._in_deal for s in range(self.game.players)]
        self._turn = self._next_bidder(seat)

    def sure_of_the_rest(self) -> bool:
        """Whether every card the contractor holds is sure to win a trick he leads: a trump no
        other hand beats, or a plain card no other hand beats while the others hold no trump."""
        layout, me = self.layout, self.contractor
        assert me is not None
        others = 0
        for s in self.playing:
            if s != me:
                others |= self.hands[s]
        for card in cards_of(self.hands[me]):
            if layout.trump >> card.id & 1:
                group = layout.trump
            elif others & layout.trump:
                return False
            else:
                group = layout.suits[layout.suit_of(card.id)]
            if any(layout.strength[o.id] > layout.strength[card.id] for o in cards_of(others & group)):
                return False
        return True

    def _offer_claim(self) -> None:
        """Option ``claim``: the contractor on lead with every card sure to win decides first
        whether to claim the rest (the phase ``claim``)."""
        rules = self.game.rules
        if rules.claim is Claim.OFF or self.claimed is not None or self.phase is not _PLAY or self.trick:
            return
        if self.no_bid_play or self.contract is None or call_level(CALLS[self.contract]) is None:
            return
        if self._turn == self.contractor and self.sure_of_the_rest():
            self.phase = _CLAIM

    def _play_out_claim(self) -> None:
        """The claimed tricks, played out: the contractor leads his trumps from the top, then the
        rest; every other seat plays its first legal card."""
        layout, me = self.layout, self.contractor
        while self.phase is _PLAY:
            seat = self._turn
            assert seat is not None
            named: Suit | None = None
            if seat == me and not self.trick:
                leads = cards_of(self.playable(me))
                if layout.trump_suit is None and not self.lead_suits_for_joker(me):
                    leads = [c for c in leads if not c.is_joker] or leads  # first_or_last: not now
                card = min(leads, key=lambda c: (not layout.trump >> c.id & 1, -layout.strength[c.id], c.id))
                if card.is_joker and layout.trump_suit is None:
                    named = self.lead_suits_for_joker(seat)[0]
            else:
                card = cards_of(self.playable(seat))[0]
            arg = None if named is None else named.name
            self._do_play(seat, Action(_K_PLAY, card=card, modifier=None if named is None else _M_AS, argument=arg))

    def _defenders_at_goal(self) -> bool:
        g = self.game
        if self.contractor is None or self.no_bid_play or not g.rules.trick_points:
            return False
        return any(
            self._scores[u[0]] + TRICK_POINTS * sum(self.won[s] for s in u) >= g.goal
            for u in g.units()
            if self.contractor not in u
        )

    def _contractor_can_win(self) -> bool:
        assert self.contractor is not None and self.contract is not None
        call = CALLS[self.contract]
        if self.game.table.value(call) + self._scores[self.contractor] < self.game.goal:
            return False
        level = call_level(call)
        return level is None or self._side_tricks() + self.game.trick_rules.tricks - len(self.tricks) >= level


def _fast_auction(game: GameFiveHundred) -> tuple[bool, bool, tuple[int | None, ...], dict[Any, Any]] | None:
    """Whether ``game``'s auction is the engine's (see ``_auction_rule``), read once from its rules:
    ``(dealer must bid, blind misère off, the call index of each action id, the rows made so far)``;
    ``None`` when a variant decides in Python."""
    try:
        return game.__dict__["_fast_auction"]  # type: ignore[no-any-return]
    except KeyError:
        pass
    rules = game.rules
    plain = game.form is None and rules.auction is Auction.STANDARD and not rules.bid_after_pass
    fast: tuple[bool, bool, tuple[int | None, ...], dict[Any, Any]] | None = None
    if plain and not rules.raise_own:
        values = tuple(CALL_INDEX.get(a.call) if a.call is not None else None for a in game.all_actions())
        fast = (game.no_bid is NoBid.DEALER_MUST_BID, not rules.blind_misere, values, {})
    game.__dict__["_fast_auction"] = fast
    return fast

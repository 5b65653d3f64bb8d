"""Five Hundred for five players: the contractor goes alone or calls a partner card.

The six-player form needs no state of its own (its teams are fixed: ``six_teams``, see
:func:`prikup.games.five_hundred_tables.six_units`); the five-player form's partnership changes
every deal, so its state adds one decision and one public fact:

* after the kitty (and a raise, where allowed) the contractor of a trick contract says ``alone``
  or calls a card, ``partner AH`` (never the joker; no trump under ``call_trumps=false``); a
  misère is always played alone;
* the card's holder is his partner for the deal.  ``partner_call=announced``: the holder is known
  at once; ``secret``: nobody knows until the card is played.  A card the contractor holds
  himself, or discarded, leaves him alone in effect;
* the partner is never stored: it is whoever holds (or played) the called card, so a world a bot
  samples for the cards it cannot see samples the secret partner with them;
* the contractor and his partner each score the contract's full value, or half
  (``partner_share``), made or lost; each of the other three scores 10 a trick; the match is
  each for himself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from prikup.core.actions import Action
from prikup.core.cards import Card, cards_of
from prikup.core.game import Head, Legal
from prikup.core.legal import add_cards, add_one
from prikup.core.refusals import Refusal, refusal
from prikup.games.five_hundred import StateFiveHundred
from prikup.games.five_hundred_actions import _K_ALONE, _K_PARTNER, _PARTNER, ALONE_ACTION
from prikup.games.five_hundred_tables import CALLS, call_strain
from prikup.games.obs_five_hundred import ObsFiveHundred
from prikup.games.table_rules import PartnerCall, PartnerShare

__all__ = ["PARTNER", "StateFiveHundredFive"]

#: the phase of the call (its actions ``partner AH`` and ``alone`` are declared with the game's)
PARTNER = _PARTNER


class StateFiveHundredFive(StateFiveHundred):
    """A five-player match: the standard game's deal and play, a partner card called each deal."""

    def _clear_deal(self) -> None:
        super()._clear_deal()
        #: the called card (``None``: not yet, or alone) and whether the call has been made
        self.called: Card | None = None
        self.partner_decided = False

    # -- the call ------------------------------------------------------------------------------
    def _before_play(self) -> None:
        if self.partner_decided or self.no_bid_play or self.is_misere or self.contractor is None:
            super()._before_play()
            return
        self.phase = PARTNER
        self._turn = self.contractor

    def _why_illegal(self, seat: int, action: Action) -> Refusal | None:
        if self.phase is not PARTNER:
            return super()._why_illegal(seat, action)
        if action.kind is _K_ALONE:
            return None
        card = action.card
        if action.kind is not _K_PARTNER or card is None:
            return refusal("fh_partner_form")
        if card.is_joker:
            return refusal("fh_partner_joker")
        if not self.game.deck_mask >> card.id & 1:
            return refusal("fh_partner_deck", card=str(card))
        if not self.game.rules.call_trumps and self._contract_trumps() >> card.id & 1:
            return refusal("fh_partner_trump", card=str(card))
        return None

    def _contract_trumps(self) -> int:
        """The trumps of the contract's strain (the joker and, in a suit, the suit and the bowers)."""
        assert self.contract is not None
        strain = call_strain(CALLS[self.contract])
        if strain is None or strain == "NT":
            return self.game.joker_mask
        return self.game.layouts["SCDH".index(strain)].trump

    def callable_cards(self) -> int:
        """The cards the contractor may call now (a mask)."""
        mask = self.game.deck_mask & ~self.game.joker_mask
        if not self.game.rules.call_trumps:
            mask &= ~self._contract_trumps()
        return mask

    def _legal(self, seat: int) -> Legal:
        if self.phase is not PARTNER:
            return super()._legal(seat)
        g = self.game
        actions = g.all_actions()
        acts: list[Action] = []
        ids: list[int] = []
        mask = add_one(actions, g._id(ALONE_ACTION), acts, ids)
        partner_ids = [g._id(Action(_K_PARTNER, card=Card(i))) if g.deck_mask >> i & 1 else -1 for i in range(67)]
        mask |= add_cards(actions, self.callable_cards(), partner_ids, acts, ids)
        return acts, ids, mask

    def _candidates(self, seat: int) -> Iterable[Action]:
        if self.phase is not PARTNER:
            yield from super()._candidates(seat)
            return
        yield ALONE_ACTION
        for card in cards_of(self.game.deck_mask):
            yield Action(_K_PARTNER, card=card)

    def _do(self, seat: int, action: Action) -> None:
        if self.phase is not PARTNER:
            super()._do(seat, action)
            return
        self.called = action.card if action.kind is _K_PARTNER else None
        self.partner_decided = True
        self.calls.append((seat, str(action)))
        super()._before_play()

    # -- the partnership -----------------------------------------------------------------------
    def partner_seat(self) -> int | None:
        """The contractor's partner: the seat that holds or played the called card (``None``:
        alone, no call yet, or the card is the contractor's own or out of play)."""
        card = self.called
        if card is None:
            return None
        holder = self._played_by(card)
        if holder is None:
            holder = next((s for s, hand in enumerate(self.hands) if hand >> card.id & 1), None)
        return None if holder == self.contractor else holder

    def _played_by(self, card: Card) -> int | None:
        """The seat that played ``card`` in this deal, if anyone did."""
        for trick in (*(t[0] for t in self.tricks), self.trick):
            for seat, played, *_ in trick:
                if played == card:
                    return int(seat)
        return None

    def known_partner(self) -> int | None:
        """The partner as everybody knows him: announced at once, or secret until the called
        card is played (``None`` while unknown, or when there is none)."""
        if self.called is None:
            return None
        if PartnerCall(self.game.rules.partner_call) is PartnerCall.ANNOUNCED:
            return self.partner_seat()
        played = self._played_by(self.called)
        return None if played is None or played == self.contractor else played

    def deal_units(self) -> tuple[tuple[int, ...], ...]:
        """Every seat on its own, but the contractor and his partner together."""
        partner = self.partner_seat()
        if partner is None or self.contractor is None:
            return self.game.units()
        side = (self.contractor, partner)
        return (side, *((s,) for s in range(self.game.players) if s not in side))

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """Nobody sits out: a misère is played alone against the four others."""
        return ()

    def _share(self, amount: int) -> int:
        if self.partner_seat() is not None and self.game.rules.partner_share is PartnerShare.HALF:
            return amount // 2
        return amount

    def _finish_deal(self, changes: list[int], result: dict[str, Any]) -> None:
        if self.called is not None:
            result["called"] = str(self.called)
            result["partner"] = self.partner_seat()
        super()._finish_deal(changes, result)

    def _winners(self) -> list[int]:
        """As each for himself; a partner who reaches the goal on a made contract wins with the
        contractor (the contract's side goes out first)."""
        winners = super()._winners()
        partner = self.partner_seat()
        log = self.deals[-1] if self.deals else None
        if partner is None or self.contractor not in winners or log is None or not log.result:
            return winners
        if log.result.get("outcome") in ("made", "slam") and self._scores[partner] >= self.game.goal:
            return sorted({*winners, partner})
        return winners

    # -- what a seat may know --------------------------------------------------------------------
    def _observe(self, seat: int | None, head: Head) -> ObsFiveHundred:
        obs = super()._observe(seat, head)
        return replace(obs, called=self.called, called_partner=self.known_partner())

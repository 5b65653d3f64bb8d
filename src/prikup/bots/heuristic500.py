"""A rule-of-thumb Five Hundred player for every form (partnership, 3 and 4 each for himself,
5 with a called partner, 6 in teams).

It bids by counting the tricks its hand should take in each strain (the joker, the bowers, top
trumps, long trumps, side aces; a partner and the kitty are worth a little), never bids ten
without the joker unless its own cards already count ten, bids misère on a hand of low cards;
discards to keep trumps and aces and to void short suits; leads trumps while it holds the top
ones and the enemy may still hold some; wins tricks cheaply, ducks under a winning partner; as
misère bidder plays the highest card that loses; as misère defender leads low in the suits the
bidder has not shown void in (and, after the first trick of an open misère, where his cards are
higher than ours).  With five players the contractor calls the highest trump he lacks (else
the highest plain ace he lacks) and plays with the partner once known (a secret partner knows
himself by the called card in his hand): the called card counts as the side's own, the
contractor leads to his partner's called plain card, a partner never trumps the contractor's
winning plain card, and the defenders play together against the two (option ``partner=0``:
as if the call were secret, for measuring what the knowledge is worth).  At six the side's
forecast counts the opponents beyond two.  The non-standard bids a table may allow (Hi/Lo,
blind misère, double misère, double shields, patastrophe) follow
:mod:`prikup.bots.heuristic500_bids`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from prikup.bots.base import Bot
from prikup.bots.heuristic500_bids import blind_misere_wanted, double_misere_call, hilo_margin, misere_danger
from prikup.bots.options import BotOption
from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Rank, Suit
from prikup.core.game import Phase, State
from prikup.core.observation import Observation
from prikup.games.five_hundred import HILO_TRICKS, GameFiveHundred, Layout
from prikup.games.five_hundred_tables import (
    BLIND_MISERE,
    DOUBLE_MISERE,
    DOUBLE_SHIELDS,
    HI_LO,
    MISERE_CALLS,
    PATASTROPHE,
    call_level,
    call_strain,
)
from prikup.games.obs_five_hundred import ObsFiveHundred

__all__ = ["Heuristic500", "estimate_tricks", "sure_slam"]

_STRAIN_KEYS = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": 4}
#: six players: tricks the side's forecast loses for each opponent beyond the two of the
#: partnership game (three pairs: four opponents, 1.0; two teams of three: 0.5); measured with
#: ``bench/bench_fh_contracts.py --levels -o players=6``
SIX_PER_OPPONENT = 0.5


def _rank_key(layout: Layout, card: Card) -> tuple[int, int]:
    """Order for 'lowest / highest': trumps above every plain card, then by strength."""
    return (1 if layout.trump >> card.id & 1 else 0, layout.strength[card.id])


def estimate_tricks(hand: list[Card], layout: Layout, deck: list[Card]) -> float:
    """Tricks ``hand`` should take on its own in the strain of ``layout``."""
    ids = {c.id for c in hand}
    tricks = 0.0
    trumps_all = sorted((c for c in deck if layout.trump >> c.id & 1), key=lambda c: -layout.strength[c.id])
    held = [c for c in trumps_all if c.id in ids]
    if layout.trump_suit is None:
        tricks += len(held)  # the joker
        for suit in Suit:
            cards = sorted((c for c in deck if layout.suits[suit] >> c.id & 1), key=lambda c: -layout.strength[c.id])
            mine = [c for c in cards if c.id in ids]
            top = 0
            for c in cards:
                if c.id not in ids:
                    break
                top += 1
            tricks += top
            if not top and not (len(mine) >= 2 and cards[1].id in ids):
                tricks -= 0.5  # an unstopped suit the enemy may run
            if top >= 2 and len(mine) >= 5:
                tricks += max(0, len(mine) - max(top, 4)) * 0.8  # long cards once the top ones are out
            elif len(mine) >= 3 and cards[1].id in ids:
                tricks += 0.4
        return tricks
    missing_above = 0
    for c in trumps_all:
        if c.id in ids:
            tricks += (1.0, 0.65, 0.35)[missing_above] if missing_above < 3 else 0.0
        else:
            missing_above += 1
    tricks += max(0, len(held) - 3) * 0.8
    tricks = min(tricks, float(len(held)))
    spare = len(held) - 3
    for suit in Suit:
        if suit == layout.trump_suit:
            continue
        mine = [c for c in hand if layout.suits[suit] >> c.id & 1 and not layout.trump >> c.id & 1]
        ranks = {c.rank for c in mine}
        if Rank.ACE in ranks:
            tricks += 0.9 if len(mine) <= 5 else 0.6
            if Rank.KING in ranks:
                tricks += 0.6
        elif Rank.KING in ranks and len(mine) >= 2:
            tricks += 0.4
        if spare > 0 and len(mine) <= 1:
            tricks += min(spare, 2 - len(mine)) * 0.5
            spare -= 2 - len(mine)
    return tricks


def sure_slam(hand: list[Card], layout: Layout, deck: list[Card], gone: int) -> bool:
    """Whether ``hand`` (ten cards) takes every trick whatever the others hold: its trumps from
    the top draw all the trumps still out, and each plain card is the highest of its suit still
    out once its own higher cards have won (``gone``: the cards out of play, e.g. discards).  In
    no-trump the joker must be held or out of play."""
    mine = {c.id for c in hand}
    out = [c for c in deck if c.id not in mine and not gone >> c.id & 1]
    if layout.trump_suit is None and any(c.is_joker for c in out):
        return False
    trumps_out = [c for c in out if layout.trump >> c.id & 1]
    held = sorted((c for c in hand if layout.trump >> c.id & 1), key=lambda c: -layout.strength[c.id])
    if trumps_out:
        best_out = max(layout.strength[c.id] for c in trumps_out)
        top_run = sum(1 for c in held if layout.strength[c.id] > best_out)
        if top_run < len(trumps_out):
            return False  # an enemy trump may outlast the top ones
    for c in hand:
        if layout.trump >> c.id & 1:
            continue
        suit = layout.suits[layout.suit_of(c.id)]
        above = [o for o in out if suit >> o.id & 1 and not layout.trump >> o.id & 1]
        if any(layout.strength[o.id] > layout.strength[c.id] for o in above):
            return False
    return True


class Heuristic500(Bot):
    """Counts tricks to bid, knows bowers and the joker, defends misère by tracking voids."""

    name = "heuristic"
    game: GameFiveHundred
    OPTIONS: ClassVar[dict[str, BotOption]] = {
        "partner": BotOption(int, "five players: 1: play with the partner known; 0: as if the call were secret", 0, 1)
    }
    partner: int = 1
    #: The most misère danger (:func:`misere_danger`) a misère bid accepts: 0.3 takes only hands
    #: without a danger (no jack or higher, no lone nine or ten), the kitty's discards counting for
    #: nothing.  When a full kitty counted for 1.5, with misère open from the first call
    #: (``american_preferans_pairs``) 43% of the heuristic's contracts were misères and 39% of
    #: those were made; the hands of danger 0.5 to 1.5 made 21-33%.  Duplicate deals, this
    #: setting against that one (1,000 a form, seed 0): +32.2 points a deal [+23.4, +41.0] in
    #: ``american_preferans_pairs``, within noise in the standard game (+1.2 [-1.2, +3.7]),
    #: ``american_preferans`` (-0.1), ``australian`` (+1.0), ``ideal`` (+0.7), ``american``
    #: (+3.0, 400) and six hands (-1.3 [-3.4, +0.7]).
    MISERE_DANGER = 0.3

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        """Choose by phase."""
        assert isinstance(obs, ObsFiveHundred)
        if len(legal) == 1:
            return legal[0]
        hand = list(obs.hand or ())
        phase = obs.phase
        if phase is Phase.AUCTION:
            return self._call(obs, legal, hand)
        if phase is Phase.DISCARD:
            slam = next((a for a in legal if a.kind is ActionKind.CONTRACT), None)
            if slam is not None and self._slam_is_sure(obs, hand):
                return slam  # the slam bid: 500 (520 in no-trump) for the ten tricks this hand cannot lose
            return self._discard(obs, legal, hand)
        if phase is Phase.CONTRACT:
            return self._contract(obs, legal, hand)
        if phase.value == "give" and obs.seat == obs.declarer:  # a double misère's pass: the worst cards
            return Action(ActionKind.GIVE, card=min(hand, key=self._discard_key(obs, hand)))
        if phase.value == "give":  # a partner's slam: give him the card worth most in his strain
            layout = self._layout(obs.contract)
            return max(legal, key=lambda a: (bool(a.card and layout.trump >> a.card.id & 1), self._strength(layout, a)))
        if phase.value == "break":
            return self._break(obs, legal, hand)
        if phase.value == "partner":
            return self._partner_call(obs, legal, hand)
        if phase.value == "claim":  # every card sure to win: claim unless a claim costs points
            wanted = "pass" if self.game.rules.claim == "penalty" else "claim"
            return next(a for a in legal if a.kind.value == wanted)
        if phase.value in ("draw", "pick", "exchange"):
            return self._form_step(obs, legal, hand)
        return self._play(obs, legal, hand)

    # -- the forms of two players ---------------------------------------------------------------
    def _form_step(self, obs: ObsFiveHundred, legal: list[Action], hand: list[Card]) -> Action:
        """Drawing: keep a joker, jack, ace or king (else the next card, unseen); table cards:
        give the kitty the card worth most to a hand that should win the bidding, else the least;
        the defender keeps the table card worth most and discards the one worth least."""
        cards = [a.card for a in legal if a.card is not None]
        if obs.phase.value == "draw":
            card = cards[0]
            good = card.is_joker or card.rank in (Rank.JACK, Rank.ACE, Rank.KING)
            return next(a for a in legal if a.kind.value == ("keep" if good else "discard"))
        own = self._estimates(hand)
        strain = max(own, key=lambda k: own[k])
        layout = self._layout(obs.contract) if obs.contract else self._strain_layout(strain)
        value = self._discard_key(obs, [*hand, *cards])
        if obs.phase.value == "pick":
            strong = max(own.values()) + 0.6 >= 6.5
            card = (max if strong else min)(cards, key=value)
            return next(a for a in legal if a.card == card)
        if legal[0].kind.value == "keep":
            card = max(cards, key=lambda c: (value(c), layout.strength[c.id]))
        else:
            card = min(cards, key=value)
        return next(a for a in legal if a.card == card)

    @staticmethod
    def _strength(layout: Layout, action: Action) -> int:
        return 0 if action.card is None else layout.strength[action.card.id]

    # -- auction ------------------------------------------------------------------------------
    def _estimates(self, hand: list[Card]) -> dict[str, float]:
        deck = self.game.deck()
        return {s: estimate_tricks(hand, self._strain_layout(s), deck) for s in _STRAIN_KEYS}

    @staticmethod
    def _dummy_up(obs: ObsFiveHundred) -> list[Card]:
        """The two-handed game: the face-up cards of this seat's dummy (none otherwise)."""
        return [c for d in obs.dummies if d.controller == obs.seat for c in d.face_up]

    def _totals(self, obs: ObsFiveHundred, own: dict[str, float]) -> dict[str, float]:
        """Tricks the side should take in each strain: the hand's own (with dummies: and the
        dummy's face-up cards), the kitty's and a partner's (with dummies: the face-down cards')."""
        seat = obs.seat
        assert seat is not None
        mates = [s for s in next((u for u in obs.units if seat in u), (seat,)) if s != seat]
        partnership = bool(mates) or self.game.players == 5  # five players: a partner is called
        partner_high = obs.bidder is not None and obs.bidder in mates
        bonus = 0.6 + (1.6 if partnership else 0.0) + 0.8 * max(0, len(mates) - 1)  # the kitty, partners
        if obs.dummies:
            bonus += 0.6  # the dummy's five face-down cards
        if partner_high:
            bonus -= 0.8  # the partner already counted his own cards
        if self.game.players == 6:
            bonus -= SIX_PER_OPPONENT * (5 - len(mates) - 2)  # more opponents to ruff and over-take
        return {strain: est + bonus for strain, est in own.items()}

    def ranked(self, state: State, seat: int) -> list[Action] | None:
        """Bids: a pass first, then every bid by the margin of its strain's trick estimate over
        its level (a misère by how safe the hand looks); discards: the cards least worth
        keeping first.  Other phases: no order."""
        obs = state.observation(seat)
        assert isinstance(obs, ObsFiveHundred)
        legal = state.legal_actions()
        hand = list(obs.hand or ())
        if obs.phase is Phase.DISCARD:
            return [Action(ActionKind.DISCARD, card=c) for c in sorted(hand, key=self._discard_key(obs, hand))]
        if obs.phase is not Phase.AUCTION:
            return None
        own = self._estimates(hand + self._dummy_up(obs))
        totals = self._totals(obs, own)
        danger = misere_danger(hand, self.game.layouts[4])
        misere_margin = self.MISERE_DANGER - danger - max(0.0, max(own.values()) - 4.5)

        special = self._special_margins(obs, hand, own, {a.call for a in legal if a.call})

        def margin(a: Action) -> float:
            call = a.call or ""
            if call in special:
                return special[call]
            if call in MISERE_CALLS:
                return misere_margin
            level, strain = call_level(call), call_strain(call)
            return -99.0 if level is None or strain is None else totals[strain] - level

        bids = sorted((a for a in legal if a.kind is ActionKind.BID), key=margin, reverse=True)
        return [a for a in legal if a.kind is ActionKind.PASS] + bids

    def _call(self, obs: ObsFiveHundred, legal: list[Action], hand: list[Card]) -> Action:
        pass_ = Action(ActionKind.PASS)
        bids = {a.call: a for a in legal if a.kind is ActionKind.BID and a.call is not None}
        own = self._estimates(hand + self._dummy_up(obs))
        totals = self._totals(obs, own)
        if obs.bidder == obs.seat and pass_ in legal:
            return pass_  # the winner's last call (raise_own): the bid already counts the hand
        misdeal = next((a for a in legal if a.kind.value == "misdeal"), None)
        if misdeal is not None and max(totals.values()) < 6.5:
            return misdeal  # no face card and no contract in sight: ask for new cards
        if BLIND_MISERE in bids and blind_misere_wanted(obs, self.game):
            return bids[BLIND_MISERE]  # before looking: the score alone says the match needs it
        double = double_misere_call(obs, hand, self.game.layouts[4], set(bids))
        if double is not None:
            return bids[double]  # the partner bid a misère and this hand is low too
        has_joker = any(c.is_joker for c in hand)
        one_round = self.game.one_round  # one call each: an inkle never wins, bid the most it can make
        best: Action | None = None
        best_key = (-99.0, -1)
        for strain, est in own.items():
            total = totals[strain]
            for level in range(7 if one_round else 6, 11):
                if level > total + 0.25:
                    break
                if level == 10 and not has_joker and (self.game.joker_mask or est < 10):
                    break  # never ten without the joker (its holder takes a trick) unless the hand is sure
                call = f"{level}{strain}"
                if call in bids:
                    key = (round(total - level, 1), self.game.table.value(call))  # the safest, then the dearest
                    if one_round:
                        key = (self.game.table.value(call), 0)
                    if key > best_key:
                        best, best_key = bids[call], key
                    if not one_round:
                        break  # the cheapest level that outbids in this strain
        if HI_LO in bids and hilo_margin(hand, self.game.layouts[4], list(self.game.deck()), self.game.kitty_size) > 0:
            table = self.game.table
            if best is None or best.call is None or table.value(best.call) < table.value(HI_LO):
                return bids[HI_LO]  # five sure tricks and five sure losers: worth more than the trick bid
        if best is not None:
            return best
        max_est = max(own.values())
        danger = misere_danger(hand, self.game.layouts[4])
        if max_est < 4.5 and danger <= self.MISERE_DANGER:
            if "OMIS" in bids and danger == 0 and not has_joker:
                return bids["OMIS"]
            if "MIS" in bids:
                return bids["MIS"]
        return pass_ if pass_ in legal else legal[0]

    def _special_margins(
        self, obs: ObsFiveHundred, hand: list[Card], own: dict[str, float], calls: set[str]
    ) -> dict[str, float]:
        """The ranking margins of the non-standard bids among ``calls`` (0.5: the rule bids it)."""
        out: dict[str, float] = {}
        if HI_LO in calls:
            out[HI_LO] = hilo_margin(hand, self.game.layouts[4], list(self.game.deck()), self.game.kitty_size)
        if BLIND_MISERE in calls:
            out[BLIND_MISERE] = 0.5 if blind_misere_wanted(obs, self.game) else -99.0
        double = double_misere_call(obs, hand, self.game.layouts[4], calls)
        for call in (DOUBLE_MISERE, DOUBLE_SHIELDS, PATASTROPHE):
            if call in calls:
                out[call] = 0.5 if call == double else -99.0
        return out

    def _partner_call(self, obs: ObsFiveHundred, legal: list[Action], hand: list[Card]) -> Action:
        """Five players: call the highest trump this hand lacks (not discarded either), else the
        highest plain ace it lacks, else go alone."""
        layout = self._layout(obs.contract)
        mine = set(hand) | set(obs.discards or ())
        offered = {a.card: a for a in legal if a.card is not None}
        wanted = [c for c in offered if c not in mine]
        trumps = [c for c in wanted if layout.trump >> c.id & 1]
        if trumps:
            return offered[max(trumps, key=lambda c: layout.strength[c.id])]
        aces = [c for c in wanted if c.rank is Rank.ACE]
        if aces:
            return offered[aces[0]]
        return next(a for a in legal if a.card is None)

    def known_partner(self, obs: ObsFiveHundred) -> int | None:
        """Five players: the contractor's partner as the observation tells it (with option
        ``partner=0``, as if the call were secret: only once the called card has been played)."""
        if not self.partner and obs.called not in obs.cards_played:
            return None
        return obs.called_partner

    def sides(self, obs: ObsFiveHundred) -> tuple[tuple[int, ...], ...]:
        """The units as this seat sees them: with five players the contractor and his partner
        together once known (to the partner himself by the called card in his hand)."""
        partner = self.known_partner(obs)
        if partner is None and obs.called is not None and obs.called in (obs.hand or ()):
            partner = obs.seat
        if partner is None or obs.declarer is None or partner == obs.declarer:
            return obs.units
        side = (obs.declarer, partner)
        return (side, *(u for u in obs.units if not set(u) & set(side)))

    def _break(self, obs: ObsFiveHundred, legal: list[Action], hand: list[Card]) -> Action:
        """Break a contract only when this hand (and half a partner's share) should take two
        tricks more than the defence needs."""
        call = obs.contract
        level = None if call is None else call_level(call)
        wanted = "pass"
        if level is not None:
            partner = 1.0 if len(obs.units) == 2 else 0.0
            ours = estimate_tricks(hand, self._layout(call), self.game.deck()) + partner
            if ours >= 12 - level + 0.5:
                wanted = "break"
        return next(a for a in legal if a.kind.value == wanted)

    # -- kitty --------------------------------------------------------------------------------
    def _layout(self, call: str | None) -> Layout:
        strain = None if call is None else call_strain(call)
        if call in MISERE_CALLS or call == HI_LO:
            return self.game.layouts[4]
        return self._strain_layout(strain or "NT")

    def _strain_layout(self, strain: str) -> Layout:
        if strain == "NT":
            return self.game.nt_contract_layout  # option j5: the jacks above the aces
        return self.game.layouts[_STRAIN_KEYS[strain]]

    def _slam_is_sure(self, obs: ObsFiveHundred, hand: list[Card]) -> bool:
        """Whether the best ten of the hand and the kitty (by the discard order) take every trick
        for sure, and the slam is worth more than the contract."""
        call = obs.contract
        if call is None or call_strain(call) is None:
            return False
        best = sorted(hand, key=self._discard_key(obs, hand), reverse=True)[:10]
        if self.game.table.value(call) >= 500:
            return False
        layout = self._layout(call)
        gone = sum(c.mask for c in hand if c not in best)  # the cards it will discard
        return sure_slam(best, layout, list(self.game.deck()), gone)

    def _discard(self, obs: ObsFiveHundred, legal: list[Action], hand: list[Card]) -> Action:
        return Action(ActionKind.DISCARD, card=min(hand, key=self._discard_key(obs, hand)))

    def _discard_key(self, obs: ObsFiveHundred, hand: list[Card]) -> Callable[[Card], float]:
        """How much a card of ``hand`` is worth keeping (the lowest is discarded)."""
        call = obs.contract
        layout = self._layout(call)
        if call in MISERE_CALLS:
            return lambda c: -(100.0 if c.is_joker else 0.0) - self._misere_risk(c, hand)
        if call == HI_LO:  # keep the five best cards and the lowest: shed the middling ones
            best = sorted(hand, key=lambda c: -layout.strength[c.id])[:HILO_TRICKS]
            return lambda c: 100.0 + layout.strength[c.id] if c in best else -self._misere_risk(c, hand)

        def keep(c: Card) -> float:
            if layout.trump >> c.id & 1:
                return 100 + layout.strength[c.id]
            suit = c.suit
            assert suit is not None
            length = sum(1 for d in hand if d.suit == suit and not layout.trump >> d.id & 1)
            value = float(layout.strength[c.id])
            if c.rank is Rank.ACE:
                value += 40
            elif c.rank is Rank.KING and length >= 2:
                value += 15
            if layout.trump_suit is None:
                value += length * 3  # long suits run in no-trump
            else:
                value -= (4 - min(length, 4)) * 3  # short side suits: void them
            return value

        return keep

    @staticmethod
    def _misere_risk(card: Card, hand: list[Card]) -> float:
        rank = card.rank or 0
        lower = sum(1 for d in hand if d.suit == card.suit and (d.rank or 0) < rank)
        return rank - 2.5 * lower

    def _contract(self, obs: ObsFiveHundred, legal: list[Action], hand: list[Card]) -> Action:
        bid = obs.contract
        assert bid is not None
        keepers = [a for a in legal if a.call == bid]
        if bid in MISERE_CALLS:
            return keepers[0] if keepers else legal[0]
        own = self._estimates(hand)
        best = keepers[0] if keepers else legal[0]
        best_value = self.game.table.value(bid)
        for a in legal:
            assert a.call is not None
            level, strain = call_level(a.call), call_strain(a.call)
            if level is None or strain is None or a.call in MISERE_CALLS:
                continue
            if level <= own[strain] - 0.3 and self.game.table.value(a.call) > best_value:
                best, best_value = a, self.game.table.value(a.call)
        return best

    # -- play ---------------------------------------------------------------------------------
    def _play(self, obs: ObsFiveHundred, legal: list[Action], hand: list[Card]) -> Action:
        trump = obs.trump_suit
        layout = (
            self._layout(obs.contract)
            if trump is None and obs.contract
            else self.game.layouts[4 if trump is None else int(trump)]
        )
        seat = obs.seat
        assert seat is not None
        contractor = obs.declarer
        misere = obs.contract in MISERE_CALLS
        playable = [a.card for a in legal if a.card is not None]
        seen = set(obs.cards_played)
        up = self._dummy_up(obs)
        me = seat + 2 if up and not set(playable) <= set(hand) else seat  # the hand to play: his dummy's?
        unseen = [c for c in self.game.deck() if c not in seen and c not in hand and c not in up]
        discards = obs.discards
        if discards:
            unseen = [c for c in unseen if c not in discards]
        side: tuple[int, ...] = ()
        units = self.sides(obs)
        if contractor is not None:
            side = next((tuple(u) for u in units if contractor in u), (contractor,))
        if len(side) == 2 and seat in side and obs.called in unseen:
            unseen = [c for c in unseen if c != obs.called]  # five players: the partner's card is ours
        if obs.contract == HI_LO and seat in side and sum(obs.tricks_won[s] for s in side) >= HILO_TRICKS:
            misere = True  # Hi/Lo made its five: now it must take no more
        if misere and seat in side:
            return self._as(self._misere_bidder(obs, playable, layout), legal, hand, layout)
        if obs.contract == HI_LO and seat in side and not obs.trick:
            joker = [c for c in playable if c.is_joker]  # take the five at once: the joker first,
            tops = [c for c in playable if self._master(c, unseen, layout)]  # then the top cards
            if joker or tops:
                return self._as((joker or tops)[0], legal, hand, layout)
        if misere:
            assert contractor is not None
            return self._as(self._misere_defender(obs, playable, layout, side), legal, hand, layout)
        partners = list(next((u for u in units if seat in u), (seat,)))
        if self.game.players == 5 and len(side) == 2 and seat not in side:
            partners = [s for s in obs.playing if s not in side]  # the partner known: the defenders together
        if obs.dummies:
            partners = [seat, seat + 2]  # his hand and his dummy's
        if me != seat:
            hand = up
        if not obs.trick:
            return self._as(self._lead(obs, playable, layout, unseen, contractor, partners), legal, hand, layout)
        return self._as(self._follow(obs, playable, layout, unseen, partners, me), legal, hand, layout)

    def _as(self, card: Card, legal: list[Action], hand: list[Card], layout: Layout) -> Action:
        options = [a for a in legal if a.card == card]
        if len(options) == 1:
            return options[0]
        # a joker led in no-trump: name our longest suit among those allowed

        def length(a: Action) -> int:
            suit = a.suit_argument
            return sum(1 for c in hand if c.suit == suit)

        return max(options, key=length)

    def _winning(self, obs: ObsFiveHundred, layout: Layout) -> tuple[int, Card, int]:
        """The seat winning the trick so far, its card, and the led suit's mask."""
        trick = obs.trick
        best_seat, first, named = trick[0]
        led = layout.suits[layout.suit_of(first.id, named)]
        best = first
        for seat, card, _ in trick[1:]:
            if self._beats(card, best, led, layout):
                best_seat, best = seat, card
        return best_seat, best, led

    @staticmethod
    def _beats(card: Card, best: Card, led: int, layout: Layout) -> bool:
        c_trump = bool(layout.trump >> card.id & 1)
        b_trump = bool(layout.trump >> best.id & 1)
        if c_trump != b_trump:
            return c_trump
        if c_trump or (led >> card.id & 1 and led >> best.id & 1):
            return layout.strength[card.id] > layout.strength[best.id]
        return False

    def _master(self, card: Card, unseen: list[Card], layout: Layout) -> bool:
        """True if no unseen card of what ``card`` counts as is higher."""
        if layout.trump >> card.id & 1:
            group = layout.trump
        else:
            assert card.suit is not None
            group = layout.suits[card.suit]
        return not any(group >> u.id & 1 and layout.strength[u.id] > layout.strength[card.id] for u in unseen)

    def _lead(
        self,
        obs: ObsFiveHundred,
        cards: list[Card],
        layout: Layout,
        unseen: list[Card],
        contractor: int | None,
        partners: list[int],
    ) -> Card:
        ours = contractor is not None and contractor in partners
        trumps = [c for c in cards if layout.trump >> c.id & 1]
        enemy_trumps = [u for u in unseen if layout.trump >> u.id & 1]
        plain = [c for c in cards if not layout.trump >> c.id & 1]
        if layout.trump_suit is not None and ours and trumps and enemy_trumps:
            top = max(trumps, key=lambda c: layout.strength[c.id])
            if self._master(top, unseen, layout) or len(trumps) >= len(enemy_trumps) + 2:
                return top  # draw the enemy's trumps while we hold the top ones
        masters = [c for c in plain if self._master(c, unseen, layout)]
        if masters:
            return max(masters, key=lambda c: layout.strength[c.id])
        toward = self._toward_partner(obs, plain, layout, partners)
        if toward is not None:
            return toward
        if layout.trump_suit is None and trumps and len(cards) <= 2:
            return trumps[0]
        pool = plain or cards

        def key(c: Card) -> tuple[int, int]:
            suit = c.suit
            length = sum(1 for d in pool if d.suit == suit)
            return (-length if ours else length, layout.strength[c.id])

        return min(pool, key=key)

    def _toward_partner(
        self, obs: ObsFiveHundred, plain: list[Card], layout: Layout, partners: list[int]
    ) -> Card | None:
        """Five players, the partner known: the contractor leads his lowest card of the called
        plain card's suit, which his partner holds and has not played (it wins the trick)."""
        called = obs.called
        if called is None or obs.seat != obs.declarer or len(partners) < 2 or layout.trump >> called.id & 1:
            return None
        if called in obs.cards_played or self.known_partner(obs) is None:
            return None
        suit = [c for c in plain if c.suit == called.suit]
        return min(suit, key=lambda c: layout.strength[c.id]) if suit else None

    def _follow(
        self,
        obs: ObsFiveHundred,
        cards: list[Card],
        layout: Layout,
        unseen: list[Card],
        partners: list[int],
        me: int | None = None,
    ) -> Card:
        win_seat, best, led = self._winning(obs, layout)
        last = len(obs.trick) == len(obs.playing) - 1
        lowest = min(cards, key=lambda c: _rank_key(layout, c))
        if win_seat in partners and win_seat != (obs.seat if me is None else me):
            if last or self._master(best, unseen, layout):
                return self._shed(cards, layout)
        winners = [c for c in cards if self._beats(c, best, led, layout)]
        if win_seat in partners and winners and all(layout.trump >> c.id & 1 for c in winners):
            if not layout.trump >> best.id & 1 and self.game.players == 5:
                return self._shed(cards, layout)  # never trump a partner's winning plain card
        if not winners:
            return self._shed(cards, layout)
        winners.sort(key=lambda c: _rank_key(layout, c))
        if last:
            return winners[0]
        safe = [c for c in winners if self._master(c, unseen, layout)]
        if safe:
            return safe[0]
        return winners[0] if not (layout.trump >> winners[0].id & 1) or len(winners) > 1 else lowest

    def _shed(self, cards: list[Card], layout: Layout) -> Card:
        plain = [c for c in cards if not layout.trump >> c.id & 1] or cards

        def key(c: Card) -> tuple[int, int]:
            length = sum(1 for d in plain if d.suit == c.suit)
            return (layout.strength[c.id] + (20 if c.rank is Rank.ACE else 0), length)

        return min(plain, key=key)

    # -- misère ---------------------------------------------------------------------------------
    def _misere_bidder(self, obs: ObsFiveHundred, cards: list[Card], layout: Layout) -> Card:
        non_joker = [c for c in cards if not c.is_joker] or cards
        if not obs.trick:
            return min(non_joker, key=lambda c: layout.strength[c.id])
        _, best, led = self._winning(obs, layout)
        losers = [c for c in non_joker if not self._beats(c, best, led, layout)]
        if losers:
            return max(losers, key=lambda c: layout.strength[c.id])
        return min(non_joker, key=lambda c: layout.strength[c.id])

    def _misere_defender(
        self, obs: ObsFiveHundred, cards: list[Card], layout: Layout, bidders: tuple[int, ...]
    ) -> Card:
        """Defend a misère (``bidders``: its bidder, or both partners of a double misère): lead
        low where no bidder has shown void, stay under a bidder winning the trick, leave room
        above while a bidder is still to play, else shed high cards."""
        voids = {suit for b in bidders for suit in obs.voids[b]}
        open_hand = list(obs.open_hand.cards) if obs.open_hand else None
        if not obs.trick:
            pool = [c for c in cards if not c.is_joker and c.suit is not None and c.suit not in voids]
            if open_hand is not None:
                # a suit where the bidder's lowest card beats our lowest: he must win it
                def trap(c: Card) -> int:
                    his = [d for d in open_hand if d.suit == c.suit and not d.is_joker]
                    if not his:
                        return 99
                    return layout.strength[c.id] - min(layout.strength[d.id] for d in his)

                pool = sorted(pool, key=trap)
                if pool and trap(pool[0]) < 0:
                    return pool[0]
            pool = pool or [c for c in cards if not c.is_joker] or cards
            return min(pool, key=lambda c: layout.strength[c.id])
        win_seat, best, led = self._winning(obs, layout)
        played = [p.seat for p in obs.trick]
        non_joker = [c for c in cards if not c.is_joker] or cards
        if win_seat in bidders:
            losers = [c for c in non_joker if not self._beats(c, best, led, layout)]
            if losers:
                return max(losers, key=lambda c: layout.strength[c.id])  # stay under him
        if any(b not in played for b in bidders if b in obs.playing):
            return min(non_joker, key=lambda c: layout.strength[c.id])  # leave room above for him
        return max(non_joker, key=lambda c: layout.strength[c.id])  # he ducked: shed high cards

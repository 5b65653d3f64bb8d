"""A rule-of-thumb preferans player (Rostov): bids by counting tricks, whists by the requirement,
ducks on raspasy and misère, cashes masters otherwise.

Everything it decides comes from its seat's observation (its hand, the hands it may see, the
talon once shown, the tricks played).
"""

from __future__ import annotations

from itertools import combinations
from typing import ClassVar

from prikup.bots.base import Bot
from prikup.bots.options import BotOption
from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Suit
from prikup.core.game import Phase, State
from prikup.core.observation import Observation
from prikup.games.obs_preferans import ObsPreferans
from prikup.games.preferans import CALL_RANK, DECK, STRENGTH, call_level, call_strain, is_misere, without_talon
from prikup.games.preferans_sheet import REQUIRED_TRICKS

__all__ = ["HeuristicPreferans", "defence_tricks", "estimate_tricks", "misere_danger"]

#: Tricks the talon and the play add to a hand's count when bidding (the option ``bid_offset``).
#: Though more than half of its deals are raspasy, bidding more loses with deals valued settled:
#: ``prikup arena preferans --bots heuristic:bid_offset=1.5,heuristic,heuristic -n 6000 --unit deal
#: --seed 1`` gives 1.5 −1.2 [−1.7, −0.6] points a deal; 2.0 −4.8 [−5.7, −4.0]; 0.5 +0.1 [−0.3, +0.6].
BID_OFFSET = 1.0
_STRAINS: tuple[Suit | None, ...] = (Suit.S, Suit.C, Suit.D, Suit.H, None)


def _by_suit(hand: list[Card]) -> dict[Suit, list[int]]:
    """Strengths (A 8 … 7 1) of the hand's cards by suit, highest first."""
    out: dict[Suit, list[int]] = {s: [] for s in Suit}
    for c in hand:
        assert c.suit is not None
        out[c.suit].append(STRENGTH[c.id])
    for s in out:
        out[s].sort(reverse=True)
    return out


def _top_tricks(strengths: list[int]) -> float:
    """Tricks from the top of one suit: A; K behind A or guarded; Q behind A K or well guarded."""
    n = len(strengths)
    tricks = 0.0
    have = set(strengths)
    if 8 in have:
        tricks += 1
    if 7 in have:
        tricks += 1 if 8 in have else (0.6 if n >= 2 else 0.1)
    if 6 in have:
        tricks += 1 if {7, 8} <= have else (0.4 if n >= 3 else 0)
    if 5 in have and {6, 7, 8} <= have:
        tricks += 1
    return tricks


def estimate_tricks(hand: list[Card], trump: Suit | None) -> float:
    """A rough forecast of the tricks ``hand`` takes as declarer with ``trump`` (``None``: NT)."""
    suits = _by_suit(hand)
    total = 0.0
    trumps = len(suits[trump]) if trump is not None else 0
    for suit, cards in suits.items():
        tops = _top_tricks(cards)
        if suit == trump:
            total += max(tops, 0) + max(0, len(cards) - max(3, round(tops) + 1)) * 0.9
        else:
            total += tops
            if trump is None and len(cards) >= 5 and tops >= 2:
                total += len(cards) - 4
            if trump is not None and len(cards) <= 1 and trumps >= 4:
                total += 0.5 * (2 - len(cards))
    return total


def defence_tricks(hand: list[Card], trump: Suit | None) -> float:
    """A rough forecast of the tricks ``hand`` takes against a declarer in ``trump``."""
    suits = _by_suit(hand)
    total = 0.0
    for suit, cards in suits.items():
        if suit == trump:
            total += _top_tricks(cards) + (0.5 if len(cards) >= 3 else 0)
        else:
            total += min(_top_tricks(cards), 2 if len(cards) >= 3 else 1)
    return total


def misere_danger(hand: list[Card]) -> int:
    """How many suits of ``hand`` could be caught on a misère (0: a clean misère hand)."""
    danger = 0
    for cards in _by_suit(hand).values():
        low_first = sorted(cards)
        if any(strength > 1 + 2 * i for i, strength in enumerate(low_first)):
            danger += 1
    return danger


class HeuristicPreferans(Bot):
    """Counts tricks to bid and whist, ducks on raspasy and misère, cashes masters otherwise."""

    name = "heuristic"
    OPTIONS: ClassVar[dict[str, BotOption]] = {
        "bid_offset": BotOption(float, "tricks the talon and the play add to its count of the hand when it bids", 0, 4)
    }
    #: tricks the talon and the play add to the hand's count when it bids
    bid_offset: float = BID_OFFSET

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        """Choose by phase."""
        assert isinstance(obs, ObsPreferans)
        phase = obs.phase
        kinds = {a.kind for a in legal}
        if phase is Phase.SETTLE:
            return Action(ActionKind.SETTLE) if ActionKind.SETTLE in kinds else legal[0]
        if ActionKind.OPEN in kinds:
            return Action(ActionKind.OPEN)
        if ActionKind.PULYA in kinds:
            return self._split(obs, legal)
        hand = list(obs.hand or ())
        if phase is Phase.AUCTION:
            return self._call(obs, legal, hand)
        if phase is Phase.DISCARD:
            return self._discard(obs, hand)
        if phase is Phase.CONTRACT:
            return self._contract(obs, legal, hand)
        if phase is Phase.WHIST and (ActionKind.INVITE in kinds or ActionKind.TAKE in kinds):
            return self._misere_half(obs, legal, hand)
        if phase is Phase.WHIST:
            return self._whist(obs, legal, hand)
        return self._play(obs, legal)

    def ranked(self, state: State, seat: int) -> list[Action] | None:
        """Bids: a pass first, then every bid by the margin of its strain's trick forecast (the
        talon's help included; without the talon, without it) over its level, a misère by how
        clean the hand is; discards: the card whose loss leaves the best forecast first; the
        contract: by the margin of the forecast over the level.  Other phases: no order."""
        obs = state.observation(seat)
        assert isinstance(obs, ObsPreferans)
        legal = state.legal_actions()
        hand = list(obs.hand or ())
        phase = obs.phase
        if phase is Phase.DISCARD and not is_misere(obs.bid or ""):
            plays = [a for a in legal if a.kind is ActionKind.DISCARD and a.card is not None]

            def left(a: Action) -> float:
                rest = [c for c in hand if c != a.card]
                return max(estimate_tricks(rest, s) for s in _STRAINS)

            return sorted(plays, key=left, reverse=True)
        if phase not in (Phase.AUCTION, Phase.CONTRACT) or not hand:
            return None
        forecast = {s: estimate_tricks(hand, s) for s in _STRAINS}
        misere_margin = 0.5 - misere_danger(hand) - max(0.0, max(forecast.values()) - 3.0)

        def margin(a: Action) -> float:
            call = a.call or ""
            if is_misere(call):
                return misere_margin
            level = call_level(call)
            assert level is not None
            bonus = self.bid_offset if phase is Phase.AUCTION and not without_talon(call) else 0.0
            return forecast[call_strain(call)] + bonus - level

        calls = sorted((a for a in legal if a.kind in (ActionKind.BID, ActionKind.CONTRACT)), key=margin, reverse=True)
        return [a for a in legal if a.kind is ActionKind.PASS] + calls

    # -- auction ------------------------------------------------------------------------------
    def _call(self, obs: ObsPreferans, legal: list[Action], hand: list[Card]) -> Action:
        seat = obs.seat
        own = [c for s, c in obs.calls if s == seat]
        mis = Action(ActionKind.BID, call="MIS")
        if not own and mis in legal and misere_danger(hand) == 0:
            return mis
        if own and own[-1] == "bid MIS":
            return Action(ActionKind.PASS)
        strain, est = max(((s, estimate_tricks(hand, s)) for s in _STRAINS), key=lambda x: x[1])
        level = min(10, int(est + self.bid_offset))  # the talon's two cards usually help a little
        if level < 6:
            return Action(ActionKind.PASS)
        top = f"{level}{strain.name if strain is not None else 'NT'}"
        bids = [a for a in legal if a.kind is ActionKind.BID and a.call and a.call[0].isdigit() and "-" not in a.call]
        bids = [a for a in bids if a.call is not None and CALL_RANK[a.call] <= CALL_RANK[top]]
        if not bids:
            return Action(ActionKind.PASS)
        return min(bids, key=lambda a: CALL_RANK[a.call or ""])

    # -- talon -------------------------------------------------------------------------------
    def _discard(self, obs: ObsPreferans, hand: list[Card]) -> Action:
        if is_misere(obs.bid or ""):
            card = max(hand, key=lambda c: (misere_danger([x for x in hand if x.suit == c.suit]), STRENGTH[c.id]))
            return Action(ActionKind.DISCARD, card=card)
        keep = 10 + (len(hand) - 12)  # 12 cards: drop two; 11: drop one
        best: tuple[float, tuple[Card, ...]] = (-1.0, tuple(hand))
        for kept in combinations(hand, keep):
            est = max(estimate_tricks(list(kept), s) for s in _STRAINS)
            if est > best[0]:
                best = (est, kept)
        dropped = [c for c in hand if c not in best[1]]
        return Action(ActionKind.DISCARD, card=dropped[0])

    def _contract(self, obs: ObsPreferans, legal: list[Action], hand: list[Card]) -> Action:
        strain, est = max(((s, estimate_tricks(hand, s)) for s in _STRAINS), key=lambda x: x[1])
        name = strain.name if strain is not None else "NT"
        choices = [a for a in legal if a.call is not None and a.call.removeprefix(a.call.rstrip("SCDHNT")) == name]
        if not choices:
            return min(legal, key=lambda a: CALL_RANK[a.call or ""])
        lowest = min(choices, key=lambda a: CALL_RANK[a.call or ""])
        wanted = f"{min(10, int(est))}{name}"
        if Action(ActionKind.CONTRACT, call=wanted) in choices:
            return Action(ActionKind.CONTRACT, call=wanted)
        return lowest

    # -- whisting ----------------------------------------------------------------------------
    def _whist(self, obs: ObsPreferans, legal: list[Action], hand: list[Card]) -> Action:
        contract = obs.contract
        assert contract is not None
        level = call_level(contract) or 6
        required = REQUIRED_TRICKS[level]
        trump = call_strain(contract)
        kinds = {a.kind for a in legal}
        looks = [a for a in legal if a.kind is ActionKind.LOOK]
        if looks:
            # look at the half-whister's hand if there is one (he has some values), else the last passer's
            passers = [s for s, w in obs.whist_calls if w == "pass"]
            wanted = obs.half_whister if obs.half_whister is not None else (passers[-1] if passers else None)
            return next((a for a in looks if a.number == wanted), looks[0])
        if obs.seat not in obs.active:  # the 4-player dealer, having looked
            looked = next(iter(obs.hands_seen.values()), ())
            est = defence_tricks(list(looked), trump)
            return Action(ActionKind.WHIST) if est >= required / 2 + 0.5 else Action(ActionKind.PASS)
        est = defence_tricks(hand, trump)
        partner_whists = any(w == "whist" for s, w in obs.whist_calls if s != obs.seat)
        need = required / 2 if partner_whists or not obs.whist_calls else required * 0.75
        if est >= need and ActionKind.WHIST in kinds:
            return Action(ActionKind.WHIST)
        if ActionKind.HALF_WHIST in kinds:
            return Action(ActionKind.HALF_WHIST)
        if ActionKind.PASS in kinds:
            return Action(ActionKind.PASS)
        return legal[0]

    # -- misère half with the dealer -----------------------------------------------------------
    def _misere_half(self, obs: ObsPreferans, legal: list[Action], hand: list[Card]) -> Action:
        """The declarer shares a misère unless every card is a nine or lower (nothing to fear); the
        dealer, who cannot see it, takes the half while his pulya is open (a bid misère is usually
        made)."""
        seat = obs.seat
        assert seat is not None
        if Action(ActionKind.INVITE) in legal:
            risky = misere_danger(hand) > 0 or any(STRENGTH[c.id] >= 4 for c in hand)  # a ten or higher
            return Action(ActionKind.INVITE) if risky else Action(ActionKind.PASS)
        sheet = obs.sheet
        take = sheet.pulya[seat] < sheet.target
        return Action(ActionKind.TAKE) if take and Action(ActionKind.TAKE) in legal else Action(ActionKind.PASS)

    @staticmethod
    def _split(obs: ObsPreferans, legal: list[Action]) -> Action:
        """Three into the pulya while it needs them, else three off the gora."""
        sheet = obs.sheet
        assert obs.seat is not None
        need = sheet.target - sheet.pulya[obs.seat]
        want = 3 if need >= 3 else 2
        return next((a for a in legal if a.number == want), legal[0])

    # -- play --------------------------------------------------------------------------------
    def _play(self, obs: ObsPreferans, legal: list[Action]) -> Action:
        cards = [a.card for a in legal if a.card is not None]
        if not cards:
            return legal[0]
        seat = obs.seat
        assert seat is not None
        hand_seat = obs.hand_to_play
        known: set[Card] = set(obs.hand or ())
        for seen in obs.hands_seen.values():
            known |= set(seen)
        played = set(obs.cards_played)
        if obs.discards:
            known |= set(obs.discards)
        unseen = [c for c in DECK if c not in known and c not in played]
        trick = [(p.seat, p.card) for p in obs.trick]
        trump = obs.trump_suit
        contract = obs.contract
        if obs.raspasy or (contract and is_misere(contract) and hand_seat == obs.declarer):
            return Action(ActionKind.PLAY, card=self._duck(cards, trick, len(obs.active)))
        if contract and is_misere(contract):
            return Action(ActionKind.PLAY, card=self._catch(cards, trick, obs))
        side = self._side(obs, hand_seat if hand_seat is not None else seat)
        return Action(ActionKind.PLAY, card=self._game_card(cards, trick, trump, unseen, obs, side))

    @staticmethod
    def _beats(card: Card, best: Card, trump: Suit | None) -> bool:
        if card.suit == best.suit:
            return STRENGTH[card.id] > STRENGTH[best.id]
        return card.suit == trump

    def _winning(self, trick: list[tuple[int, Card]], trump: Suit | None) -> tuple[int, Card]:
        best = trick[0]
        for entry in trick[1:]:
            if self._beats(entry[1], best[1], trump):
                best = entry
        return best

    def _duck(self, cards: list[Card], trick: list[tuple[int, Card]], players: int) -> Card:
        """Take as few tricks as possible (raspasy, the misère declarer)."""
        if not trick:
            return min(cards, key=lambda c: STRENGTH[c.id])
        best = self._winning(trick, None)[1]
        under = [c for c in cards if not self._beats(c, best, None)]
        if under:
            return max(under, key=lambda c: STRENGTH[c.id])
        if len(trick) == players - 1:
            return max(cards, key=lambda c: STRENGTH[c.id])
        return min(cards, key=lambda c: STRENGTH[c.id])

    def _catch(self, cards: list[Card], trick: list[tuple[int, Card]], obs: ObsPreferans) -> Card:
        """Defend a misère: lead low, and let the declarer's card win if it can."""
        decl = obs.declarer
        if not trick:
            return min(cards, key=lambda c: STRENGTH[c.id])
        best_seat, best = self._winning(trick, None)
        under = [c for c in cards if not self._beats(c, best, None)]
        if best_seat == decl and under:
            return max(under, key=lambda c: STRENGTH[c.id])
        return min(cards, key=lambda c: STRENGTH[c.id])

    @staticmethod
    def _side(obs: ObsPreferans, hand_seat: int) -> str:
        return "declarer" if hand_seat == obs.declarer else "defence"

    def _game_card(
        self,
        cards: list[Card],
        trick: list[tuple[int, Card]],
        trump: Suit | None,
        unseen: list[Card],
        obs: ObsPreferans,
        side: str,
    ) -> Card:
        def master(c: Card) -> bool:
            return all(STRENGTH[u.id] < STRENGTH[c.id] for u in unseen if u.suit == c.suit)

        low = min(cards, key=lambda c: (c.suit == trump, STRENGTH[c.id]))
        if not trick:
            masters = [c for c in cards if master(c)]
            trumps_out = any(u.suit == trump for u in unseen)
            if side == "declarer" and trump is not None and trumps_out:
                trump_masters = [c for c in masters if c.suit == trump]
                if trump_masters:
                    return trump_masters[0]
            plain = [c for c in masters if c.suit != trump or side == "declarer"]
            if plain:
                return plain[0]
            return low
        best_seat, best = self._winning(trick, trump)
        friend = (best_seat == obs.declarer) == (side == "declarer")
        last = len(trick) == len(obs.active) - 1
        winners = sorted(
            (c for c in cards if self._beats(c, best, trump)), key=lambda c: (c.suit == trump, STRENGTH[c.id])
        )
        if friend and (last or master(best)):
            return low
        if winners and (last or master(winners[-1])):
            return winners[0] if last else winners[-1]
        return low

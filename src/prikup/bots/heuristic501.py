"""A rule-of-thumb 501 player: bids what its hand should take, plays for points."""

from __future__ import annotations

from prikup.bots.base import Bot
from prikup.core.actions import Action, ActionKind
from prikup.core.cards import Card, Rank, Suit
from prikup.core.game import Phase
from prikup.core.observation import Observation
from prikup.games.five_oh_one import DECK, MIN_BID, POINTS, STRENGTH, Game501, marriage_value
from prikup.games.obs_501 import Obs501

__all__ = ["Heuristic501", "estimate_points"]

_TRICK_VALUE = 15  # a won trick brings about this many card points on average
_STRAINS: tuple[Suit | None, ...] = (Suit.S, Suit.C, Suit.D, Suit.H, None)
_TOP_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)  # the ranks that stand from the top, in order
_SHORT_TRUMP = 0.5  # tricks lost per trump short of three (the defenders ruff the side winners)


def _suit_cards(hand: list[Card], suit: Suit) -> list[Card]:
    return sorted((c for c in hand if c.id >> 4 == suit), key=lambda c: -STRENGTH[c.id])


def estimate_points(hand: list[Card], trump: Suit | None) -> int:
    """A rough forecast of the points ``hand`` takes with ``trump`` (``None``: no-trump)."""
    mask = 0
    for c in hand:
        mask |= 1 << c.id
    lengths = [(mask >> (16 * s) & 0xFFFF).bit_count() for s in range(4)]
    tricks = 0.0
    for suit in Suit:
        base = 16 * suit
        # top cards that stand from the top of the suit: A, then T behind it, then K ...
        for rank in _TOP_ORDER:
            if mask >> (base + rank) & 1:
                tricks += 1
            else:
                break
        n = lengths[suit]
        if suit == trump:
            # long trumps take tricks; short ones leave the defenders' trumps to ruff the winners
            tricks += max(0, n - 2) * 0.8 - max(0, 3 - n) * _SHORT_TRUMP
        elif trump is not None and n <= 1:
            tricks += 0.3 * (2 - n) * min(1, lengths[trump] / 3)
    marriages = sum(
        marriage_value(s, trump) for s in Suit if mask >> (16 * s + Rank.KING) & 1 and mask >> (16 * s + Rank.QUEEN) & 1
    )
    own = sum(POINTS[c.id] for c in hand)
    return int(tricks * _TRICK_VALUE + own * 0.35 + marriages)


def _best_strain(hand: list[Card]) -> tuple[Suit | None, int]:
    best = max(_STRAINS, key=lambda s: estimate_points(hand, s))
    return best, estimate_points(hand, best)


def forecast(raw: float) -> int:
    """The points a declarer takes on average for a raw estimate (calibrated on self-play:
    ``python bench/calibrate501.py``): the raw count is optimistic for strong hands."""
    return int(25 + 0.6 * raw)


class Heuristic501(Bot):
    """Bids from an estimate of its hand, chooses trumps and gifts, plays for points."""

    name = "heuristic"

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        """Choose by phase."""
        assert isinstance(obs, Obs501)
        phase = obs.phase
        if phase is Phase.AUCTION:
            return self._call(obs, legal)
        hand = list(obs.hand or ())
        if phase is Phase.TALON or phase is Phase.GIFT or phase is Phase.CONTRACT:
            return self._exchange(obs, legal, hand)
        return self._play(obs, legal, hand)

    # -- auction ------------------------------------------------------------------------
    def _call(self, obs: Obs501, legal: list[Action]) -> Action:
        seat = obs.seat
        assert seat is not None
        look = Action(ActionKind.LOOK)
        high = obs.high_bid
        if obs.dark[seat]:
            scores = obs.scores
            behind = scores[seat] - min(scores[s] for s in obs.active if s != seat)
            if high is None and behind >= 150:
                return Action(ActionKind.BID, number=MIN_BID)  # a dark gamble when far behind
            if look in legal:
                return look
        hand = list(obs.hand or ())
        _, raw = _best_strain(hand)
        estimate = forecast(raw + 15)  # the talon's three cards help
        nxt = MIN_BID if high is None else high + 1
        bid = Action(ActionKind.BID, number=nxt)
        if nxt <= estimate - 5 and bid in legal:
            return bid
        return Action(ActionKind.PASS)

    # -- talon, gifts, contract ----------------------------------------------------------
    def _exchange(self, obs: Obs501, legal: list[Action], hand: list[Card]) -> Action:
        bid = obs.high_bid
        assert bid is not None
        trump, raw = _best_strain(hand)
        estimate = forecast(raw)
        if obs.contract is not None:
            trump = obs.trump_suit
        concede = Action(ActionKind.CONCEDE)
        if estimate < bid - 20 and concede in legal:
            return concede
        # a card is given in the gift phase, and right after the talon unless the contract comes first
        if obs.phase is Phase.GIFT or (obs.phase is Phase.TALON and not self._contract_first()):
            return Action(ActionKind.GIVE, card=self._gift(hand, trump))
        # raising pays only when the hand is clearly stronger than the bid: made and failed
        # contracts move the score by the same amount
        contract = max(bid, min(estimate - 10, bid + 30))
        action = Action(ActionKind.CONTRACT, number=contract, call="NT" if trump is None else trump.name)
        return action if action in legal else Action(ActionKind.CONTRACT, number=bid, call=action.call)

    def _contract_first(self) -> bool:
        return isinstance(self.game, Game501) and self.game.contract_first

    def _gift(self, hand: list[Card], trump: Suit | None) -> Card:
        def keep_value(card: Card) -> float:
            suit = card.suit
            assert suit is not None
            value = POINTS[card.id] + STRENGTH[card.id]
            if suit == trump:
                value += 30
            if card.rank in (Rank.KING, Rank.QUEEN) and {Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)} <= set(
                hand
            ):
                value += 25
            if card.rank is Rank.ACE:
                value += 20
            value += len(_suit_cards(hand, suit))  # prefer making a short suit void
            return value

        return min(hand, key=keep_value)

    # -- play -------------------------------------------------------------------------------
    def _play(self, obs: Obs501, legal: list[Action], hand: list[Card]) -> Action:
        seat = obs.seat
        assert seat is not None
        trump = obs.trump_suit
        seen = set(obs.cards_played)
        unseen = [c for c in DECK if c not in seen and c not in hand]
        marriage = [a for a in legal if a.modifier == "marriage"]
        if marriage:
            # announce the most valuable marriage, leading a card outside it if possible
            suits = list(dict.fromkeys(a.argument for a in marriage))  # ordered: no hash-seed dependence
            suit = max(suits, key=lambda s: marriage_value(Suit[s or "S"], trump))
            options = [a for a in marriage if a.argument == suit]
            card = self._lead(hand, unseen, trump, seat, obs, avoid_suit=Suit[suit or "S"])
            for a in options:
                if a.card == card:
                    return a
            return options[0]
        cards = [a.card for a in legal if a.card is not None and a.modifier is None]
        if not obs.trick:
            return Action(ActionKind.PLAY, card=self._lead(cards, unseen, trump, seat, obs))
        return Action(ActionKind.PLAY, card=self._follow(cards, unseen, trump, obs))

    @staticmethod
    def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
        if card.suit == best.suit:
            return STRENGTH[card.id] > STRENGTH[best.id]
        return card.suit == trump

    def _lead(
        self,
        cards: list[Card],
        unseen: list[Card],
        trump: Suit | None,
        seat: int,
        obs: Obs501,
        avoid_suit: Suit | None = None,
    ) -> Card:
        pool = [c for c in cards if c.suit != avoid_suit] or cards
        # a card that is the highest left in its suit takes the trick unless it is trumped
        masters = [c for c in pool if all(STRENGTH[u.id] < STRENGTH[c.id] for u in unseen if u.suit == c.suit)]
        trumps_out = [u for u in unseen if u.suit == trump]
        if masters:
            if obs.declarer == seat and trump is not None and trumps_out:
                trump_masters = [c for c in masters if c.suit == trump]
                if trump_masters:
                    return trump_masters[0]
            safe = [c for c in masters if c.suit == trump or not trumps_out or self._suit_left(unseen, c.suit) >= 2]
            if safe:
                return max(safe, key=lambda c: POINTS[c.id])
        non_trump = [c for c in pool if c.suit != trump] or pool
        return min(non_trump, key=lambda c: (POINTS[c.id], STRENGTH[c.id]))

    @staticmethod
    def _suit_left(unseen: list[Card], suit: Suit | None) -> int:
        return sum(1 for u in unseen if u.suit == suit)

    def _follow(self, cards: list[Card], unseen: list[Card], trump: Suit | None, obs: Obs501) -> Card:
        trick = [p.card for p in obs.trick]
        led = trick[0].suit
        assert led is not None
        best = trick[0]
        for c in trick[1:]:
            if self._beats(c, best, led, trump):
                best = c
        last = len(trick) == len(obs.active) - 1
        winners = [c for c in cards if self._beats(c, best, led, trump)]
        at_stake = sum(POINTS[c.id] for c in trick)
        if winners:
            winners.sort(key=lambda c: STRENGTH[c.id] + (10 if c.suit == trump else 0))
            if last:
                return winners[0] if at_stake + POINTS[winners[0].id] > 0 else min(cards, key=lambda c: POINTS[c.id])
            # second hand: win with a card nobody left can beat
            for c in sorted(winners, key=lambda c: -POINTS[c.id]):
                higher = [u for u in unseen if u.suit == c.suit and STRENGTH[u.id] > STRENGTH[c.id]]
                if not higher and (c.suit == trump or c.suit == led):
                    return c
        return min(cards, key=lambda c: (POINTS[c.id], STRENGTH[c.id] + (10 if c.suit == trump else 0)))

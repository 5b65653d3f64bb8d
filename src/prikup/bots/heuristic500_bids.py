"""The Five Hundred heuristic's rules for the non-standard bids a table may allow: blind misère,
Hi/Lo, double misère (grand nullo), double shields and patastrophe.

* **Blind misère** is bid before looking at the cards, so the rule reads the score only, never
  the hand: the bot bids it (as its first call, the only time it may) when the match is all but
  lost — another side needs one made contract to reach the goal, its own side is far behind, and
  making the blind misère would take it to the goal.
* **Hi/Lo** (exactly five tricks in no-trump, the partner out) on a hand with both extremes:
  five or six tricks it takes for certain in no-trump (the joker, the top cards of a suit) and
  five cards low enough to lose every trick once it has its five.
* **Double misère** on the partner's and its own low hands: the partner has bid a misère (the
  only call that shows a low hand) and this hand has no card an opponent could force a trick
  with (safe even laid open: so **double shields**, the bidder's hand open, when the table has
  it); **patastrophe** (both hands open) when the partner's misère was the open one.
"""

from __future__ import annotations

from prikup.core.cards import Card, Rank, Suit
from prikup.games.five_hundred import HILO_TRICKS, GameFiveHundred, Layout
from prikup.games.five_hundred_tables import (
    BLIND_MISERE,
    DOUBLE_MISERE,
    DOUBLE_SHIELDS,
    MISERE,
    OPEN_MISERE,
    PATASTROPHE,
)
from prikup.games.obs_five_hundred import ObsFiveHundred

__all__ = ["blind_misere_wanted", "double_misere_call", "hilo_margin", "misere_danger", "sure_tricks"]

#: blind misère: another side this close to the goal (one made contract ends the match) …
BLIND_THREAT = 100
#: … and this seat's side at least this far behind it
BLIND_BEHIND = 300


def misere_danger(hand: list[Card], layout: Layout) -> float:
    """How likely ``hand`` is to take a trick it cannot avoid (0 = a fine misère).  A jack or
    higher is a danger, a nine or ten without a lower card of its suit half one; in a deck with
    the 11s, 12s and 13s (six players) those and the ten count as high cards too."""
    many = bool(layout.suits[Suit.S] >> Card.of(Rank.ELEVEN, Suit.S).id & 1)
    high, middle = (Rank.TEN, Rank.EIGHT) if many else (Rank.JACK, Rank.NINE)
    danger = 0.0
    for c in hand:
        if c.is_joker:
            danger += 3
            continue
        rank = c.rank
        assert rank is not None and c.suit is not None
        lower_held = sum(1 for d in hand if d.suit == c.suit and not d.is_joker and (d.rank or 0) < rank)
        if rank >= high:
            danger += 1.0 if lower_held < 2 else 0.4
        elif rank >= middle and lower_held == 0:
            danger += 0.5
    return danger


def blind_misere_wanted(obs: ObsFiveHundred, game: GameFiveHundred) -> bool:
    """Whether to bid blind misère: from the scores alone (the bid is made before looking)."""
    seat = obs.seat
    if seat is None or BLIND_MISERE not in game.extra_calls:
        return False
    own = int(obs.scores[seat])
    others = [int(obs.scores[u[0]]) for u in obs.units if seat not in u]
    if not others:
        return False
    goal = game.goal
    threat = max(others)
    value = game.table.value(BLIND_MISERE)
    return threat >= goal - BLIND_THREAT and own <= threat - BLIND_BEHIND and own + value >= goal


def sure_tricks(hand: list[Card], nt: Layout, deck: list[Card]) -> int:
    """The tricks ``hand`` takes for certain in no-trump: the joker, and in each suit the run of
    cards from its top (an ace; an ace and king …)."""
    ids = {c.id for c in hand}
    sure = sum(1 for c in hand if c.is_joker)
    for group in nt.suits:
        for c in sorted((c for c in deck if group >> c.id & 1 and not c.is_joker), key=lambda c: -nt.strength[c.id]):
            if c.id not in ids:
                break
            sure += 1
    return sure


def hilo_margin(hand: list[Card], nt: Layout, deck: list[Card], kitty: int) -> float:
    """How well ``hand`` suits Hi/Lo (above 0: bid it): five tricks it takes for certain
    (:func:`sure_tricks`, one less without the joker, which may take one of them), and its five
    lowest cards safe to lose with (a misère's danger, less the kitty's help, under 0.25)."""
    sure = float(sure_tricks(hand, nt, deck))
    if not any(c.is_joker for c in hand):
        sure -= 1  # the joker out may take one of them
    low = sorted((c for c in hand if not c.is_joker), key=lambda c: nt.strength[c.id])[: len(hand) - HILO_TRICKS]
    danger = misere_danger(low, nt) - (0.5 if kitty >= 3 else 0.0)
    return min(sure - (HILO_TRICKS - 0.5), HILO_TRICKS + 0.5 - sure, 0.25 - danger)


def _partner_misere(obs: ObsFiveHundred) -> str | None:
    """The misère this seat's partner has bid (his latest call), if any."""
    seat = obs.seat
    mates = [s for s in next((u for u in obs.units if seat in u), ()) if s != seat]
    for who, call in reversed(obs.calls):
        if who in mates:
            word = call.split()[-1]
            return word if word in (MISERE, OPEN_MISERE, BLIND_MISERE) else None
    return None


def double_misere_call(obs: ObsFiveHundred, hand: list[Card], nt: Layout, bids: set[str]) -> str | None:
    """The double misère to bid (patastrophe, double shields or double misère, the dearest that
    fits and is legal), or ``None``: the partner bid a misère and this hand has no card an
    opponent could force a trick with (safe even laid open)."""
    partner = _partner_misere(obs)
    if partner is None or any(c.is_joker for c in hand):
        return None
    if misere_danger(hand, nt) > 0:
        return None  # a misère made alone is about an even chance; two at once need sure hands
    wanted = [PATASTROPHE] if partner == OPEN_MISERE else []
    wanted += [DOUBLE_SHIELDS, DOUBLE_MISERE]
    return next((call for call in wanted if call in bids), None)

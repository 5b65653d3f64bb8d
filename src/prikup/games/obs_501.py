"""What a seat may know in 501: :class:`Obs501`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from prikup.core.cards import Card, Suit, parse_card
from prikup.core.observation import Observation, cards_json, quick_init, trick_json, trump_json
from prikup.games.table_rules import Rules501

__all__ = ["Gift", "Marriage", "Obs501", "gifts_from_json"]


class Gift(NamedTuple):
    """A card given face down: to whom, and the card (``None`` to those who may not see it)."""

    to: int
    card: Card | None


class Marriage(NamedTuple):
    """A marriage announced: by whom, its suit, and what it is worth under the current trumps."""

    seat: int
    suit: Suit
    value: int


def gifts_from_json(data: Sequence[Mapping[str, Any]]) -> tuple[Gift, ...]:
    """Gifts from their JSON entries."""
    return tuple(Gift(int(g["to"]), None if g["card"] is None else parse_card(g["card"])) for g in data)


@quick_init
@dataclass(frozen=True, slots=True)
class Obs501(Observation):
    """A 501 observation: the shared fields and 501's own.

    ``dark`` is every seat's dark flag; ``high_bid`` the auction's highest bid; ``declarer`` is
    ``None`` during the auction; ``talon`` is the talon once turned for all; ``contract`` the
    named contract; ``points`` every seat's points so far.
    """

    RULES = Rules501

    options: Rules501
    dark: tuple[bool, ...]
    high_bid: int | None
    declarer_dark: bool
    gifts: tuple[Gift, ...]
    contract: int | None
    marriages: tuple[Marriage, ...]
    points: tuple[int, ...]

    def _game_json(self, out: dict[str, Any]) -> None:
        out["active"] = list(self.active)
        out["hand"] = cards_json(self.hand)
        out["hand_sizes"] = list(self.hand_sizes)
        out["dark"] = list(self.dark)
        out["calls"] = [[s, c] for s, c in self.calls]
        out["high_bid"] = self.high_bid
        out["declarer"] = self.declarer
        out["declarer_dark"] = self.declarer_dark
        out["talon"] = cards_json(self.talon)
        out["gifts"] = [{"to": g.to, "card": None if g.card is None else str(g.card)} for g in self.gifts]
        out["trump"] = trump_json(self.trump)
        out["contract"] = self.contract
        out["trick"] = trick_json(self.trick)
        out["tricks"] = self._tricks_json()
        out["tricks_won"] = list(self.tricks_won)
        out["marriages"] = [{"seat": m.seat, "suit": m.suit.name, "value": m.value} for m in self.marriages]
        out["points"] = list(self.points)
        out["last_result"] = self.last_result

    @classmethod
    def _game_from_json(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "dark": tuple(data["dark"]),
            "high_bid": data["high_bid"],
            "declarer_dark": data["declarer_dark"],
            "gifts": gifts_from_json(data["gifts"]),
            "contract": data["contract"],
            "marriages": tuple(Marriage(m["seat"], Suit[m["suit"]], m["value"]) for m in data["marriages"]),
            "points": tuple(data["points"]),
        }

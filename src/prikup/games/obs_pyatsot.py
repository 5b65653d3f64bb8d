"""What a seat may know in Пятьсот: :class:`ObsPyatsot`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from prikup.core.cards import Card, Suit, parse_card
from prikup.core.observation import Observation, cards_json, quick_init, trick_json, trump_json
from prikup.games.obs_501 import Gift, gifts_from_json
from prikup.games.table_rules import RulesPyatsot

if TYPE_CHECKING:
    from prikup.games.pyatsot import BarrelMarks

__all__ = ["Declaration", "Gift", "ObsPyatsot"]


class Declaration(NamedTuple):
    """A declaration announced with a card: by whom, its kind (``KQ``, ``QJ``, ``KQJ``), suit and
    value."""

    seat: int
    kind: str
    suit: Suit
    value: int


@quick_init
@dataclass(frozen=True, slots=True)
class ObsPyatsot(Observation):
    """A Пятьсот observation: the shared fields and the game's own.

    ``barred`` are the seats barred from the auction (the barrel); ``talon`` is the talon as
    dealt, to the declarer once he has taken it; ``kept`` the talon card he kept (to him);
    ``received`` the card given to this seat; ``barrel`` the marks the sheet carries.
    """

    RULES = RulesPyatsot

    options: RulesPyatsot
    barred: tuple[int, ...]
    high_bid: int | None
    barrel_deal: bool
    talon_taken: bool
    kept: Card | None
    gifts: tuple[Gift, ...]
    received: Card | None
    contract: int | None
    trump_maker: int | None
    declarations: tuple[Declaration, ...]
    points: tuple[int, ...]
    barrel: BarrelMarks
    barrel_contract: int

    def _game_json(self, out: dict[str, Any]) -> None:
        out["active"] = list(self.active)
        out["hand"] = cards_json(self.hand)
        out["hand_sizes"] = list(self.hand_sizes)
        out["barred"] = list(self.barred)
        out["calls"] = [[s, c] for s, c in self.calls]
        out["high_bid"] = self.high_bid
        out["declarer"] = self.declarer
        out["barrel_deal"] = self.barrel_deal
        out["talon_taken"] = self.talon_taken
        out["talon"] = cards_json(self.talon)
        out["kept"] = None if self.kept is None else str(self.kept)
        out["gifts"] = [{"to": g.to, "card": None if g.card is None else str(g.card)} for g in self.gifts]
        out["received"] = None if self.received is None else str(self.received)
        out["contract"] = self.contract
        out["trump"] = trump_json(self.trump)
        out["trump_maker"] = self.trump_maker
        out["declarations"] = [
            {"seat": d.seat, "kind": d.kind, "suit": d.suit.name, "value": d.value} for d in self.declarations
        ]
        out["trick"] = trick_json(self.trick)
        out["tricks"] = self._tricks_json()
        out["tricks_won"] = list(self.tricks_won)
        out["points"] = list(self.points)
        out["barrel"] = self.barrel.to_json()
        out["barrel_contract"] = self.barrel_contract
        out["last_result"] = self.last_result

    @classmethod
    def _game_from_json(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        from prikup.games.pyatsot import BarrelMarks  # the game imports this module

        marks = data["barrel"]
        return {
            "barred": tuple(data["barred"]),
            "high_bid": data["high_bid"],
            "barrel_deal": data["barrel_deal"],
            "talon_taken": data["talon_taken"],
            "kept": None if data["kept"] is None else parse_card(data["kept"]),
            "gifts": gifts_from_json(data["gifts"]),
            "received": None if data["received"] is None else parse_card(data["received"]),
            "contract": data["contract"],
            "trump_maker": data["trump_maker"],
            "declarations": tuple(
                Declaration(d["seat"], d["kind"], Suit[d["suit"]], d["value"]) for d in data["declarations"]
            ),
            "points": tuple(data["points"]),
            "barrel": BarrelMarks(
                marks["seat"], marks["crosses"], marks["refusals"], tuple(marks["falls"]), tuple(marks["dashes"])
            ),
            "barrel_contract": data["barrel_contract"],
        }

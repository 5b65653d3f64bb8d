"""What a seat may know in preferans: :class:`ObsPreferans`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from prikup.core.cards import Card
from prikup.core.observation import Observation, cards_from_json, cards_json, quick_init, trick_json, trump_json
from prikup.games.preferans_sheet import Amount, Sheet, fraction_json
from prikup.games.table_rules import RulesPreferans

__all__ = ["ObsPreferans"]


@quick_init
@dataclass(frozen=True, slots=True)
class ObsPreferans(Observation):
    """A preferans observation: the shared fields and the game's own.

    ``hands_seen`` the other
    hands this seat sees (face up, or the one the dealer looked at); ``high_bid``, ``bid`` and
    ``contract`` are calls (``6S``, ``MIS``, ``9H-WT``); ``talon`` is the talon once shown,
    ``discards`` the declarer's discards (to him); ``open_play`` whether the defenders play face
    up (``None`` until decided); ``sheet`` the score sheet.
    """

    RULES = RulesPreferans

    options: RulesPreferans
    hands_seen: Mapping[int, tuple[Card, ...]]
    settle_question: str | None
    settle_calls: tuple[tuple[int, str, str], ...]
    high_bid: str | None
    bid: str | None
    discards: tuple[Card, ...] | None
    contract: str | None
    raspasy: bool
    whist_calls: tuple[tuple[int, str], ...]
    whisters: tuple[int, ...]
    lone_whister: int | None
    half_whister: int | None
    replaced: int | None
    half_calls: tuple[tuple[int, str], ...]
    half_partner: int | None
    half_split: int | None
    open_play: bool | None
    hand_to_play: int | None
    sheet: Sheet

    @property
    def balances(self) -> tuple[Amount, ...]:
        """Every player's exact whist balance (the JSON's ``scores``)."""
        return self.sheet.balances

    def _game_json(self, out: dict[str, Any]) -> None:
        out["scores"] = [fraction_json(b) for b in self.sheet.balances]
        out["active"] = list(self.active)
        out["hand"] = cards_json(self.hand)
        out["hands_seen"] = {str(s): cards_json(c) for s, c in self.hands_seen.items()}
        out["hand_sizes"] = list(self.hand_sizes)
        out["settle_question"] = self.settle_question
        out["settle_calls"] = [[s, k, w] for s, k, w in self.settle_calls]
        out["calls"] = [[s, c] for s, c in self.calls]
        out["high_bid"] = self.high_bid
        out["declarer"] = self.declarer
        out["bid"] = self.bid
        out["talon"] = cards_json(self.talon)
        out["discards"] = cards_json(self.discards)
        out["contract"] = self.contract
        out["trump"] = trump_json(self.trump)
        out["raspasy"] = self.raspasy
        out["whist_calls"] = [[s, w] for s, w in self.whist_calls]
        out["whisters"] = list(self.whisters)
        out["lone_whister"] = self.lone_whister
        out["half_whister"] = self.half_whister
        out["replaced"] = self.replaced
        out["half_calls"] = [[s, w] for s, w in self.half_calls]
        out["half_partner"] = self.half_partner
        out["half_split"] = self.half_split
        out["open"] = self.open_play
        out["hand_to_play"] = self.hand_to_play
        out["trick"] = trick_json(self.trick)
        out["tricks"] = self._tricks_json()
        out["tricks_won"] = list(self.tricks_won)
        out["sheet"] = self.sheet.to_json()
        out["last_result"] = self.last_result

    @classmethod
    def _game_from_json(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "hands_seen": {int(s): cards_from_json(c) for s, c in data["hands_seen"].items()},
            "settle_question": data["settle_question"],
            "settle_calls": tuple((s, k, w) for s, k, w in data["settle_calls"]),
            "high_bid": data["high_bid"],
            "bid": data["bid"],
            "discards": cards_from_json(data["discards"]),
            "contract": data["contract"],
            "raspasy": data["raspasy"],
            "whist_calls": tuple((s, w) for s, w in data["whist_calls"]),
            "whisters": tuple(data["whisters"]),
            "lone_whister": data["lone_whister"],
            "half_whister": data["half_whister"],
            "replaced": data["replaced"],
            "half_calls": tuple((s, w) for s, w in data["half_calls"]),
            "half_partner": data["half_partner"],
            "half_split": data["half_split"],
            "open_play": data["open"],
            "hand_to_play": data["hand_to_play"],
            "sheet": Sheet.from_json(data["sheet"]),
        }

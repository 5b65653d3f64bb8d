"""What a seat may know in Five Hundred: :class:`ObsFiveHundred`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from prikup.core.cards import Card, Suit
from prikup.core.observation import Observation, cards_from_json, cards_json, quick_init, trick_json, trump_json
from prikup.games.table_rules import RulesFiveHundred

__all__ = ["Dummy", "ObsFiveHundred", "OpenHand"]


class OpenHand(NamedTuple):
    """The open misère contractor's hand, face up on the table."""

    seat: int
    cards: tuple[Card, ...]


class Dummy(NamedTuple):
    """A dummy of the two-handed game: its face-up cards and how many lie face down."""

    hand: int
    controller: int
    face_up: tuple[Card, ...]
    face_down: int


@quick_init
@dataclass(frozen=True, slots=True)
class ObsFiveHundred(Observation):
    """A Five Hundred observation: the shared fields and the game's own.

    ``units`` are the scoring units (sides or single seats); ``high_bid`` and ``contract`` are
    calls (``7H``, ``MIS``); ``bidder`` holds the high bid; ``declarer`` is the contractor;
    ``talon`` is the kitty (to the contractor, once taken) and ``discards`` his discards (to
    him); ``trick_suit`` the suit of the trick in progress; ``voids`` the suits each seat has
    shown void in.
    """

    RULES = RulesFiveHundred

    options: RulesFiveHundred
    units: tuple[tuple[int, ...], ...]
    high_bid: str | None
    bidder: int | None
    contract: str | None
    no_bid_play: bool
    kitty_size: int
    discards: tuple[Card, ...] | None
    discards_left: int
    sitting_out: tuple[int, ...]
    playing: tuple[int, ...]
    open_hand: OpenHand | None
    trick_suit: Suit | None
    voids: tuple[tuple[Suit, ...], ...]
    #: every hand face up on the table, the contractor's first (``open_hand``); patastrophe
    #: shows his partner's too
    open_hands: tuple[OpenHand, ...] = ()
    #: five players: the card the contractor called (``None``: none yet, or he went alone) and
    #: his partner once public (announced at once, or secret until the card is played)
    called: Card | None = None
    called_partner: int | None = None

    #: the two-handed game's dummies (hands 2 and 3, played by seats 0 and 1)
    dummies: tuple[Dummy, ...] = ()
    #: a dead hand / the dead cards: how many; the face-up table cards (the table-card form)
    dead_size: int = 0
    table_cards: tuple[Card, ...] = ()
    #: drawing: the cards still to draw, the card the seat to draw sees, the seat's cards set aside
    stock_size: int = 0
    drawn: Card | None = None
    set_aside: tuple[Card, ...] | None = None
    #: option kitty_up: the kitty's card face up for all (``None``: none is)
    kitty_shown: Card | None = None

    def card_mask(self) -> int:
        """The cards this observation shows; the called partner card names a card, it does not
        show where it is (a sampler must not bind it to its place)."""
        if self.called is None:
            return super(ObsFiveHundred, self).card_mask()
        return replace(self, called=None).card_mask()

    def _game_json(self, out: dict[str, Any]) -> None:
        out["active"] = list(self.active)
        out["units"] = [list(u) for u in self.units]
        out["hand"] = cards_json(self.hand)
        out["hand_sizes"] = list(self.hand_sizes)
        out["calls"] = [[s, c] for s, c in self.calls]
        out["high_bid"] = self.high_bid
        out["bidder"] = self.bidder
        out["declarer"] = self.declarer
        out["contract"] = self.contract
        out["no_bid_play"] = self.no_bid_play
        out["trump"] = trump_json(self.trump)
        out["kitty_size"] = self.kitty_size
        out["talon"] = cards_json(self.talon)
        out["discards"] = cards_json(self.discards)
        out["discards_left"] = self.discards_left
        out["sitting_out"] = list(self.sitting_out)
        out["playing"] = list(self.playing)
        hand = self.open_hand
        out["open_hand"] = None if hand is None else {"seat": hand.seat, "cards": cards_json(hand.cards)}
        out["open_hands"] = [{"seat": h.seat, "cards": cards_json(h.cards)} for h in self.open_hands]
        if self.kitty_shown is not None:
            out["kitty_shown"] = str(self.kitty_shown)
        out["trick"] = trick_json(self.trick)
        out["trick_suit"] = None if self.trick_suit is None else self.trick_suit.name
        out["tricks"] = [
            {"cards": trick_json(t.cards), "winner": t.winner, "suit": t.suit.name if t.suit is not None else None}
            for t in self.tricks
        ]
        out["tricks_won"] = list(self.tricks_won)
        out["voids"] = [[s.name for s in v] for v in self.voids]
        out["last_result"] = self.last_result
        if self.options.players == 5:
            out["called"] = None if self.called is None else str(self.called)
            out["called_partner"] = self.called_partner
        if self.dummies:
            out["dummies"] = [
                {"hand": d.hand, "controller": d.controller, "face_up": cards_json(d.face_up), "face_down": d.face_down}
                for d in self.dummies
            ]
        if self.dead_size:
            out["dead_size"] = self.dead_size
        if self.table_cards:
            out["table_cards"] = cards_json(self.table_cards)
        if self.stock_size or self.drawn is not None or self.set_aside is not None:
            out["stock_size"] = self.stock_size
            out["drawn"] = None if self.drawn is None else str(self.drawn)
            out["set_aside"] = cards_json(self.set_aside)

    @classmethod
    def _game_from_json(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        hand = data["open_hand"]
        return {
            "units": tuple(tuple(u) for u in data["units"]),
            "high_bid": data["high_bid"],
            "bidder": data["bidder"],
            "contract": data["contract"],
            "no_bid_play": data["no_bid_play"],
            "kitty_size": data["kitty_size"],
            "discards": cards_from_json(data["discards"]),
            "discards_left": data["discards_left"],
            "sitting_out": tuple(data["sitting_out"]),
            "playing": tuple(data["playing"]),
            "open_hand": None if hand is None else OpenHand(hand["seat"], cards_from_json(hand["cards"]) or ()),
            "trick_suit": None if data["trick_suit"] is None else Suit[data["trick_suit"]],
            "voids": tuple(tuple(Suit[s] for s in v) for v in data["voids"]),
            "dummies": tuple(
                Dummy(d["hand"], d["controller"], cards_from_json(d["face_up"]) or (), d["face_down"])
                for d in data.get("dummies", ())
            ),
            "dead_size": data.get("dead_size", 0),
            "table_cards": cards_from_json(data.get("table_cards", [])) or (),
            "stock_size": data.get("stock_size", 0),
            "drawn": None if data.get("drawn") is None else Card.parse(data["drawn"]),
            "set_aside": cards_from_json(data.get("set_aside")),
            "kitty_shown": None if data.get("kitty_shown") is None else Card.parse(data["kitty_shown"]),
            "open_hands": tuple(
                OpenHand(h["seat"], cards_from_json(h["cards"]) or ()) for h in data.get("open_hands", ())
            ),
            "called": None if data.get("called") is None else Card.parse(data["called"]),
            "called_partner": data.get("called_partner"),
        }

"""Type stubs of the C extension (see src/prikup/core/_fastcore/fastcore.c)."""

from collections.abc import Sequence
from random import Random

from prikup.core.actions import Action
from prikup.core.cards import Card

class Table:
    """A game configuration's prebuilt actions and the card of each plain play action."""

    def __init__(
        self, actions: tuple[Action, ...], play_ids: Sequence[int], cards: Sequence[Card | None], texts: tuple[str, ...]
    ) -> None: ...

class Core:
    """The base of every state: the trick loop's decisions in C, the rest in Python."""

    def legal_actions(self) -> list[Action]: ...
    def legal_action_ids(self) -> list[int]: ...
    def apply(self, action: Action | str) -> Action: ...
    def apply_id(self, action_id: int) -> Action: ...
    @property
    def is_over(self) -> bool: ...
    def _copy_fields(self, other: Core) -> None:
        """Set other's fields kept in C to copies of this state's (lists, dicts, sets copied)."""
    def _hot_fields(self) -> dict[str, object]:
        """The fields kept in C that are set, by name."""

#: the names of the state's fields kept in the C struct, not the instance dict
FIELDS: tuple[str, ...]

def set_phases(play: object, auction: object, deal: object, over: object) -> None:
    """Name the play, auction, deal and match-over phases: the hooks are asked about the first two alone."""

def set_commit(commit: object) -> None:
    """Name the engine's State._commit: C records a listed choice and calls _do itself."""

def set_defaults(
    finished_trick: object,
    after_trick: object,
    after_commit: object,
    follow_rule: object = ...,
    trump_suit: object = ...,
) -> None:
    """Name the engine's _finished_trick, _after_trick and _after_commit: C does what they do; and
    its _follow_rule and _trump_suit (its key, the trump field, holds while _trump_suit is the engine's)."""

def shuffle(rng: Random, cards: list[Card]) -> None:
    """random.Random.shuffle(list), exactly, in C."""

def cards_mask(cards: Sequence[Card]) -> int:
    """The bitmask of a sequence of cards."""

def set_cards(cards: tuple[Card, ...]) -> None:
    """Give the table of every card by id that cards_of lists from."""

def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in id order (a new list)."""

def deal_packets(
    rng: Random, deck: tuple[Card, ...], hands: int, packets: tuple[tuple[int, int], ...]
) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle a copy of the deck (as shuffle) and deal it in (target, count) packets: (hands, talon)."""

def deal_hands(
    rng: Random, deck: tuple[Card, ...], ids: bytes, hands: int, plan: bytes
) -> tuple[list[list[Card]], list[Card], list[int], int]:
    """deal_packets with the masks: (rng, deck, ids bytes, hands, packets as bytes: target + 1, count) -> (hands,
    talon, hand masks, talon mask)."""

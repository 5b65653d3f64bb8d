"""The pure rules core: cards, actions, options, errors and the state machine shape.

It imports no I/O and no third-party package; everything else in prikup depends on it.
"""

from prikup.core.actions import Action, ActionKind, parse_action
from prikup.core.cards import Card, Rank, Suit, parse_card, parse_cards
from prikup.core.errors import (
    ActionParseError,
    CardParseError,
    DealError,
    IllegalActionError,
    OptionError,
    PrikupError,
)
from prikup.core.game import DealLog, Game, Phase, State
from prikup.core.options import Option

__all__ = [
    "Action",
    "ActionKind",
    "ActionParseError",
    "Card",
    "CardParseError",
    "DealError",
    "DealLog",
    "Game",
    "IllegalActionError",
    "Option",
    "OptionError",
    "Phase",
    "PrikupError",
    "Rank",
    "State",
    "Suit",
    "parse_action",
    "parse_card",
    "parse_cards",
]

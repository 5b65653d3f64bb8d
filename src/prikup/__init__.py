"""prikup: trick-taking games with a talon — 501, Five Hundred, Пятьсот and preferans."""

from prikup.core import (
    Action,
    ActionKind,
    ActionParseError,
    Card,
    CardParseError,
    DealError,
    Game,
    IllegalActionError,
    OptionError,
    Phase,
    PrikupError,
    Rank,
    State,
    Suit,
    parse_action,
    parse_card,
    parse_cards,
)
from prikup.games import GAMES, find_game, make_game

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Action",
    "ActionKind",
    "ActionParseError",
    "Card",
    "CardParseError",
    "DealError",
    "Game",
    "IllegalActionError",
    "OptionError",
    "Phase",
    "PrikupError",
    "Rank",
    "State",
    "Suit",
    "find_game",
    "make_game",
    "parse_action",
    "parse_card",
    "parse_cards",
]

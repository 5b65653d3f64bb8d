"""What the research interfaces share: the game from a name and options, seeded deals, rewards."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from prikup.core.cards import Card
from prikup.core.game import Game, State
from prikup.games import make_game

__all__ = [
    "DealCards",
    "EnvOptionError",
    "bot_list",
    "deal_cards",
    "game_of",
    "match_rewards",
    "new_seed",
    "reward_sign",
    "score_floats",
    "seeded_deal",
]


class EnvOptionError(ValueError):
    """An option of a research interface that is not allowed (the message says what is)."""


def game_of(game: str | Game, options: Mapping[str, object]) -> Game:
    """A configured game from a name and options, or the game itself (then no options)."""
    if isinstance(game, Game):
        if options:
            names = ", ".join(options)
            raise EnvOptionError(f"options {names} given with a configured game: pass the game's name instead")
        return game
    return make_game(game, **options)


@dataclass(frozen=True)
class DealCards:
    """A deal's cards: the dealer, every active seat's hand and the talon."""

    dealer: int
    hands: dict[int, tuple[Card, ...]]
    talon: tuple[Card, ...]


def deal_cards(game: Game, seed: int) -> DealCards:
    """The cards and dealer of the first deal of ``game.new_match(seed)``."""
    state = game.new_match(seed)
    log = state.deals[0]
    active = state.active_seats(log.dealer)
    return DealCards(log.dealer, {s: tuple(h) for s, h in zip(active, log.hands, strict=True)}, tuple(log.talon))


def seeded_deal(game: Game, seed: int) -> State:
    """A single deal (the state ends after it) with the cards of ``deal_cards(game, seed)``."""
    cards = deal_cards(game, seed)
    return game.new_deal({s: list(h) for s, h in cards.hands.items()}, list(cards.talon), dealer=cards.dealer)


def reward_sign(game: Game) -> float:
    """+1, or -1 where a lower score wins (501 counts down): rewards are "higher is better"."""
    return -1.0 if game.LOWER_SCORE_WINS else 1.0


def score_floats(state: State) -> list[float]:
    """Every seat's score as a float, as if the match were settled now (the rewards' measure:
    :attr:`~prikup.core.game.State.settled_scores`; in preferans a game made counts with its pulya
    and gora, not only with its whists)."""
    return list(state.settled_scores)


def match_rewards(state: State) -> list[float]:
    """A finished match's result per seat: +1 for a winner, -1 for every other seat (all 0 while
    the match is not over)."""
    n = state.game.players
    if not state.is_over:
        return [0.0] * n
    return [1.0 if s in state.winners else -1.0 for s in range(n)]


def new_seed(rng: random.Random) -> int:
    """A fresh seed for an unseeded reset."""
    return rng.randrange(2**31)


def bot_list(spec: str | Sequence[str], seats: int) -> list[str]:
    """One bot name per seat from a name or a comma list / sequence of names."""
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else [str(s).strip() for s in spec]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise EnvOptionError(f"opponents: expected one bot name or {seats} names, got {len(names)}: {', '.join(names)}")
    return names

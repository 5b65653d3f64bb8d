"""Fixed Five Hundred deals for the rule-clause tests, built from partial hands."""

from __future__ import annotations

from prikup import make_game
from prikup.core.cards import cards_of, parse_cards
from prikup.games.five_hundred import GameFiveHundred, StateFiveHundred

# Deal A (standard game, dealer 3, so seat 0 calls first): seat 0 the spades with both black
# jacks and the joker, seat 1 all the diamonds, seat 2 the clubs, seat 3 the hearts.
DEAL_A = {
    0: "JK JS JC AS KS QS TS 9S AH KH",
    1: "AD KD QD JD TD 9D 8D 7D 6D 5D",
    2: "AC KC QC TC 9C 8C 7C 6C 5C 4D",
    3: "QH JH TH 9H 8H 7H 6H 5H 4H 8S",
}
KITTY_A = "7S 6S 5S"


def game(**options: object) -> GameFiveHundred:
    g = make_game("five-hundred", **options)
    assert isinstance(g, GameFiveHundred)
    return g


def deal(hands: dict[int, str], kitty: str | None = None, *, dealer: int = 3, **options: object) -> StateFiveHundred:
    """A single deal; seats and the kitty not fully given are filled from the rest of the deck in order."""
    g = game(**options)
    probe = g.new_replay(dealer)
    active = probe.active_seats(dealer)
    given = {s: parse_cards(h) for s, h in hands.items()}
    kitty_cards = parse_cards(kitty) if kitty is not None else []
    used = {c for cs in given.values() for c in cs} | set(kitty_cards)
    assert len(used) == sum(len(cs) for cs in given.values()) + len(kitty_cards), "a card given twice"
    rest = [c for c in g.deck() if c not in used]
    full = {}
    for s in active:
        cs = list(given.get(s, []))
        while len(cs) < 10:
            cs.append(rest.pop(0))
        full[s] = cs
    while len(kitty_cards) < g.kitty_size:
        kitty_cards.append(rest.pop(0))
    assert not rest, f"cards left over: {rest}"
    state = g.new_deal(full, kitty_cards, dealer=dealer)
    assert isinstance(state, StateFiveHundred)
    return state


def match_state(
    scores: list[int], hands: dict[int, str], kitty: str | None = None, *, dealer: int = 3, **options: object
) -> StateFiveHundred:
    """A match (not a single deal) at the given scores, its next deal injected from ``hands``."""
    single = deal(hands, kitty, dealer=dealer, **options)
    g = single.game
    state = g.new_replay(dealer)
    assert isinstance(state, StateFiveHundred)
    state._scores = list(scores)
    log = single.deals[0]
    state.deal({s: h for s, h in zip(single.active_seats(dealer), log.hands, strict=True)}, log.talon)
    return state


def run(state: StateFiveHundred, *actions: str) -> StateFiveHundred:
    for a in actions:
        state.apply(a)
    return state


def hand(state: StateFiveHundred, seat: int) -> set[str]:
    return {str(c) for c in cards_of(state.hands[seat])}


def legal(state: StateFiveHundred) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def plays(state: StateFiveHundred) -> set[str]:
    return {a.removeprefix("play ") for a in legal(state)}

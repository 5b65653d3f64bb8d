"""Helpers of the forms' tests (option ``form``): fixed deals and the visibility rule of each
form, written from the rules rather than from the engine."""

from __future__ import annotations

from prikup import make_game
from prikup.core.cards import Card, parse_cards
from prikup.core.game import Phase
from prikup.games.five_hundred import GameFiveHundred, StateFiveHundred

#: a dummy's face-down cards are the first five of its dealt hand, each under the card five later
DOWN = 5


def form_game(**options: object) -> GameFiveHundred:
    g = make_game("five-hundred", **options)
    assert isinstance(g, GameFiveHundred)
    return g


def form_deal(hands: dict[int, str], talon: str = "", *, dealer: int = 1, **options: object) -> StateFiveHundred:
    """A single deal of a form; hands and the talon not fully given are filled from the rest of
    the deck in order (a logged hand has the form's size: 20 draws in the drawing form)."""
    g = form_game(**options)
    spec = g.form
    assert spec is not None
    probe = g.new_replay(dealer)
    active = probe.active_seats(dealer)
    given = {s: parse_cards(h) for s, h in hands.items()}
    talon_cards = parse_cards(talon) if talon else []
    used = {c for cs in given.values() for c in cs} | set(talon_cards)
    rest: list[Card] = [c for c in g.deck() if c not in used]
    full = {}
    for s in active:
        cs = list(given.get(s, []))
        while len(cs) < spec.hand_size:
            cs.append(rest.pop(0))
        full[s] = cs
    talon_cards += rest
    state = g.new_deal(full, talon_cards, dealer=dealer)
    assert isinstance(state, StateFiveHundred)
    return state


def finished_cards(state: StateFiveHundred) -> set[str]:
    """The cards of the finished tricks of the deal in progress."""
    return {str(c) for t, _, _ in state.tricks for _, c, _ in t}


def form_knowable(state: StateFiveHundred, seat: int | None, played: set[str]) -> set[str]:
    """What ``seat`` (``None``: a spectator) may know in a form: the cards played; his own cards
    (in the drawing form: the cards he has drawn); the kitty once he took it as contractor; with
    dummies, each dummy's face-up cards and the cards whose cover went in a finished trick; with
    table cards, the eight table cards (they lie face up).  Never a dead card, a face-down card,
    the undealt cards, the stock, the other player's hand."""
    spec = state.game.form
    assert spec is not None
    log = state.deals[-1]
    dealt = {s: [str(c) for c in h] for s, h in zip(state.active_seats(log.dealer), log.hands, strict=True)}
    talon = [str(c) for c in log.talon]
    known = set(played)
    if spec.name == "dummies":
        done = finished_cards(state)
        for hand in (2, 3):
            cards = dealt[hand]
            known |= set(cards[DOWN:])
            known |= {down for down, up in zip(cards[:DOWN], cards[DOWN:], strict=True) if up in done}
    if spec.name == "table_cards":
        known |= set(talon[spec.kitty_dealt : spec.kitty_dealt + 8])
    if seat is None:
        return known
    if spec.name == "drawing":
        n = state.draws[seat]  # type: ignore[attr-defined]
        known |= set(dealt[seat][: 2 * n])
        if state.phase is Phase.DRAW and state.to_act == seat:
            known.add(dealt[seat][2 * n])
    else:
        known |= set(dealt[seat])
    if seat == state.contractor and state.kitty_taken:
        known |= set(talon[: spec.kitty_dealt])
    return known

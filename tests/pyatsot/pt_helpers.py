"""Fixed Пятьсот deals for the rule-clause tests, and small helpers."""

from __future__ import annotations

from collections.abc import Sequence

from prikup import make_game
from prikup.core.cards import cards_of
from prikup.games.pyatsot import BarrelMarks, GamePyatsot, StatePyatsot

# Deal A (3 players, dealer 2, seat 0 opens).  Seat 0 holds the K+Q marriages of hearts and
# diamonds, seat 1 the spades triangle and the clubs K+Q, seat 2 no combination.
A = {
    0: "AS TS KH QH AC KD QD",
    1: "KS QS JS 9S TC KC QC",
    2: "AH TH JH 9H AD TD JC",
}
A_TALON = "9C JD 9D"
#: Auction and talon of deal A: seat 0 bids 60, keeps 9C, gives JD to seat 1 and 9D to seat 2.
A_START = ("bid 60", "pass", "pass", "keep 9C", "give JD", "give 9D", "contract 60")
#: The whole play of deal A (see test_pt_rules.py for what each trick shows).
A_PLAY = (
    "play AS", "play KS", "play AH",  # no trumps yet: AH (void in spades) does not win
    "play KH declare KQ", "play 9S", "play TH",  # hearts trumps; TH beats KH
    "play JC", "play 9C", "play TC",  # seat 2 may not lead a heart (trumps made by seat 0)
    "play KC declare KQ", "play 9D", "play AC",  # seat 1 makes clubs trumps
    "play QH", "play QC", "play 9H",  # hearts are plain now: QC trumps QH
    "play QS", "play JH", "play TS",
    "play KD declare KQ", "play JD", "play AD",  # seat 0 declares diamonds
    "play TD", "play QD", "play JS",
)  # fmt: skip

# Deal F (4 players, dealer 3 sits out): the talon holds the hearts K+Q marriage.
F = {
    0: "AS TS KS QS JS 9S AC",
    1: "TC KC QC JC 9C AD TD",
    2: "KD QD JD 9D AH TH JH",
}
F_TALON = "KH QH 9H"


def deal(hands: dict[int, str], talon: str, dealer: int = 2, *, players: int = 3, **options: object) -> StatePyatsot:
    """A single deal from card strings."""
    game = make_game("pyatsot", players=players, **options)
    state = game.new_deal({s: h.split() for s, h in hands.items()}, talon.split(), dealer=dealer)
    assert isinstance(state, StatePyatsot)
    return state


def position(
    hands: dict[int, str],
    talon: str,
    scores: Sequence[int],
    *,
    dealer: int = 2,
    marks: BarrelMarks | None = None,
    **options: object,
) -> StatePyatsot:
    """A deal inside a match whose score sheet is given (the match goes on afterwards)."""
    game = make_game("pyatsot", players=len(scores), **options)
    assert isinstance(game, GamePyatsot)
    state = game.new_replay(dealer)
    assert isinstance(state, StatePyatsot)
    state.set_score_sheet(scores, marks)
    state.deal({s: h.split() for s, h in hands.items()}, talon.split())
    return state


def marks(
    players: int = 3, seat: int | None = None, crosses: int = 0, refusals: int = 0, falls=None, dashes=None
) -> BarrelMarks:
    """Barrel marks with defaults."""
    return BarrelMarks(
        seat,
        crosses,
        refusals,
        tuple(falls or (0,) * players),
        tuple(dashes or (0,) * players),
    )


def run(state: StatePyatsot, *actions: str) -> StatePyatsot:
    """Apply actions in order."""
    for a in actions:
        state.apply(a)
    return state


def hand(state: StatePyatsot, seat: int) -> set[str]:
    """A seat's hand as card codes."""
    return {str(c) for c in cards_of(state.hands[seat])}


def legal(state: StatePyatsot) -> set[str]:
    """The legal actions' texts."""
    return {str(a) for a in state.legal_actions()}

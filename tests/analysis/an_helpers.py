"""Constructed deals of the analysis tests, each with a decision whose right answer is known."""

from __future__ import annotations

from typing import Any

from prikup import make_game
from prikup.bots import make_bot
from prikup.core.game import State
from prikup.games.preferans import GamePreferans
from prikup.records import to_record


def preferans(hands: tuple[str, str, str], talon: str, actions: list[str]) -> State:
    """A 3-player preferans deal, dealer 0 (``hands`` for seats 1, 2, 0), actions applied."""
    game = GamePreferans()
    state = game.new_deal_on(game.new_sheet(), [h.split() for h in hands], talon.split(), dealer=0, single_deal=True)
    for a in actions:
        state.apply(a)
    return state


def pyatsot(hands: dict[int, str], talon: str, actions: list[str]) -> State:
    """A 3-player Пятьсот deal, dealer 2 (seat 0 calls first), actions applied."""
    state = make_game("pyatsot").new_deal({s: h.split() for s, h in hands.items()}, talon.split(), dealer=2)
    for a in actions:
        state.apply(a)
    return state


def finish(state: State) -> State:
    """The deal finished by heuristic bots (seeded: always the same play)."""
    bots = [make_bot("heuristic", state.game, s) for s in range(state.game.players)]
    while state.deals[-1].score_changes is None:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    return state


def record(state: State) -> dict[str, Any]:
    """The state's record."""
    return to_record(state)


# Preferans, 10♠ by seat 1 (the first hand, who leads): four top trumps and six top hearts.  The
# defenders hold T9 8 7 of spades (all with seat 2, void in hearts) and two small hearts (seat 0).
# Drawing trumps first makes all ten tricks whatever the lie; a heart first is ruffed by seat 2.
COLD_TEN = ("AS KS QS JS AH KH QH JH TH 9H", "TS 9S 8S 7S AC KC QC JC TC 9C", "8H 7H AD KD QD JD TD 9D 8D 7D")
COLD_TEN_TALON = "7C 8C"
COLD_TEN_START = ["bid 6S", "pass", "pass", "discard 7C", "discard 8C", "contract 10S"]

# Preferans, 6♠ by seat 1 with four small trumps against seat 2's four top ones and his aces and
# kings: whoever whists sets it by several tricks; if both defenders pass it is written as made.
SURE_SET = ("TS 9S 8S 7S JH TH 9H QC JC KD", "AS KS QS JS AH KH QH AC KC AD", "8H 7H TC 9C 8C 7C QD JD TD 9D")
SURE_SET_TALON = "7D 8D"
SURE_SET_START = ["bid 6S", "pass", "pass", "discard 7D", "discard 8D", "contract 6S"]

# Пятьсот, seat 0 declares at 60.  The talon holds the Q♥; the K♥ and J♥ are with seat 1 (on his
# left), so keeping the 9♣ and giving the Q♥ away hands him the hearts triangle (K+Q+J, 120).
TRIANGLE = {0: "TS KS QS AC TC KD JD", 1: "KH JH 9H AS 9S QC QD", 2: "AH TH KC JC AD TD JS"}
TRIANGLE_TALON = "QH 9C 9D"
TRIANGLE_START = ["bid 60", "pass", "pass", "keep 9C", "give QH", "give 9D", "contract 60"]

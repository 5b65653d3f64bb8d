"""Random play positions of Five Hundred and preferans in every form (public engine API), and a
plain exhaustive minimax over a position's legal moves for checking the solver (shared with
sv_gen)."""

from __future__ import annotations

import random

from sv_gen import minimax as minimax  # re-exported for the trick-game tests
from sv_gen import root_values_by_minimax as root_values_by_minimax

from prikup import make_game
from prikup.core.actions import Action, ActionKind
from prikup.core.game import Phase, State
from prikup.solver import ADAPTERS

#: Five Hundred forms: name -> (options, the calls bid in turn by whoever is to bid, then passes).
FH_FORMS: dict[str, tuple[dict[str, object], list[list[str]]]] = {
    "4p": ({}, [["6S"], ["pass", "6H"], ["6C"], ["pass", "pass", "7D"], ["6NT"]]),
    "4p-nt-any-time": ({"joker_nt": "any_time"}, [["6NT"], ["7NT"]]),
    "4p-nt-lead-any": ({"joker_lead": "any"}, [["6NT"]]),
    "4p-misere": ({}, [["7S", "MIS"], ["7H", "MIS"]]),
    "4p-open-misere": ({}, [["OMIS"]]),
    "4p-no-joker": ({"deck": "42"}, [["6NT"], ["6D"]]),
    "3p": ({"players": 3}, [["6S"], ["pass", "6H"], ["6NT"], ["pass", "pass", "7C"]]),
    "3p-misere": ({"players": 3, "joker_nt": "any_time"}, [["MIS"], ["OMIS"]]),
    "3p-no-bid": ({"players": 3}, [[]]),
    "3p-no-bid-32": ({"players": 3, "deck": "32", "joker_lead": "any"}, [[]]),
    "4p-each": ({"players": 4, "partnership": False}, [["6S"], ["6NT"], ["MIS"]]),
    "4p-each-no-bid": ({"players": 4, "partnership": False, "joker_nt": "any_time"}, [[]]),
}

#: Preferans forms: name -> (options, the calls bid in turn, then passes).
PF_FORMS: dict[str, tuple[dict[str, object], list[list[str]]]] = {
    "3p-trump": ({}, [["6S"], ["pass", "6H"], ["7C"], ["pass", "pass", "6D"]]),
    "3p-nt": ({}, [["6NT"], ["pass", "7NT"]]),
    "3p-misere": ({}, [["MIS"], ["pass", "MIS"]]),
    "3p-misere-stop": ({"misere_play_out": False}, [["MIS"]]),
    "3p-raspasy": ({}, [[]]),
    "4p-trump": ({"players": 4}, [["6S"], ["pass", "7H"], ["pass", "pass", "6NT"]]),
    "4p-misere": ({"players": 4}, [["MIS"]]),
    "4p-raspasy": ({"players": 4}, [[]]),
}


def _drive(state: State, rng: random.Random, calls: list[str]) -> bool:
    """Drive ``state`` to its first play: the ``calls`` bid in turn, passes, random discards and
    whisting, the contract = the bid.  False if the deal ended before the play."""
    todo = list(calls)
    deal = len(state.deals)
    bid: str | None = None
    while state.phase is not Phase.PLAY:
        if len(state.deals) != deal or state.phase in (Phase.DEAL, Phase.MATCH_OVER):
            return False
        legal = state.legal_actions()
        phase = state.phase
        if phase is Phase.AUCTION:
            action = Action(ActionKind.PASS)
            if todo and todo[0] == "pass":
                todo.pop(0)
            elif todo:
                want = Action.parse(f"bid {todo[0]}")
                if want in legal:
                    action = want
                    bid = todo.pop(0)
            state.apply(action)
        elif phase is Phase.CONTRACT:
            want = Action.parse(f"contract {bid}")
            state.apply(want if want in legal else legal[0])
        elif phase is Phase.SETTLE:
            state.apply(Action(ActionKind.PASS))
        else:
            state.apply(rng.choice(legal))
    return len(state.deals) == deal


def to_play(game_id: str, forms: dict[str, tuple[dict[str, object], list[list[str]]]], form: str, seed: int) -> State:
    """A seeded deal of ``form`` at its first play (seeds whose deal ends before the play are
    skipped, deterministically)."""
    options, scripts = forms[form]
    game = make_game(game_id, **options)
    while True:
        rng = random.Random(seed)
        state = game.new_match(seed)
        if _drive(state, rng, rng.choice(scripts)):
            return state
        seed += 100003


def fh_play(form: str, seed: int) -> State:
    """A Five Hundred deal of ``form`` at its first lead."""
    return to_play("five-hundred", FH_FORMS, form, seed)


def pf_play(form: str, seed: int) -> State:
    """A preferans deal of ``form`` at its first play (or the open/closed choice)."""
    return to_play("preferans", PF_FORMS, form, seed)


def _in_hands(state: State) -> int:
    """Cards still to play to this deal's tricks (a sitting-out misère partner's not counted)."""
    seats = state.active_seats() if state.game.id == "preferans" else state.playing  # type: ignore[attr-defined]
    return sum(state.hands[s].bit_count() for s in seats) + len(state.trick)  # type: ignore[attr-defined]


def plain_random_position(
    forms: dict[str, tuple[dict[str, object], list[list[str]]]], form: str, seed: int, tricks_left: int
) -> State:
    """A Five Hundred play state of ``form`` (named in ``forms``) with about ``tricks_left``
    tricks to go, by plain random play; seeds whose deal ends first are skipped."""
    while True:
        state = to_play("five-hundred", forms, form, seed)
        rng = random.Random(seed * 7 + 1)
        n = len(state.playing)  # type: ignore[attr-defined]
        target = n * tricks_left - rng.randrange(n)
        deal = len(state.deals)
        while state.phase is Phase.PLAY and len(state.deals) == deal and _in_hands(state) > target:
            state.apply(rng.choice(state.legal_actions()))
        if state.phase is Phase.PLAY and len(state.deals) == deal:
            return state
        seed += 100003


def random_position(
    game_id: str,
    form: str,
    seed: int,
    tricks_left: int,
    forms: dict[str, tuple[dict[str, object], list[list[str]]]] | None = None,
) -> State:
    """A state in its play phase with about ``tricks_left`` tricks to go (the last possibly
    begun), reached by random play; seeds whose deal ends first are skipped deterministically.
    ``forms``: where ``form`` is named (default: :data:`FH_FORMS` or :data:`PF_FORMS`)."""
    if forms is None:
        forms = FH_FORMS if game_id == "five-hundred" else PF_FORMS
    while True:
        state = to_play(game_id, forms, form, seed)
        rng = random.Random(seed * 7 + 1)
        players = len(state.playing) if game_id == "five-hundred" else 3  # type: ignore[attr-defined]
        target = players * tricks_left - rng.randrange(players)
        deal = len(state.deals)
        while state.phase is Phase.PLAY and len(state.deals) == deal and _in_hands(state) > target:
            legal = state.legal_actions()
            rng.shuffle(legal)
            adapter = ADAPTERS[game_id]
            pos, _ = adapter.position(state)
            for action in legal:  # a random action that keeps a misère unbroken, if there is one
                pos.play(adapter.move_of(action))
                broken = pos.over()
                pos.undo()
                if not broken:
                    break
            state.apply(action)
        if state.phase is Phase.PLAY and len(state.deals) == deal and any(state.hands):  # type: ignore[attr-defined]
            return state
        seed += 100003

"""Property tests over many seeded random Пятьсот matches: cards conserved, points accounted for,
legality consistent, observations leak nothing, action ids stable."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from prikup import IllegalActionError, make_game
from prikup.core.actions import Action, ActionKind
from prikup.core.game import Phase
from prikup.games.pyatsot import DECK, StatePyatsot

CARD_RE = re.compile(r"^(?:A|T|K|Q|J|9)[SCDH]$")
DECK_CODES = {str(c) for c in DECK}

CONFIGS = [
    ({"players": 3}, range(0, 8)),
    ({"players": 4}, range(100, 106)),
    # a low barrel, so that the barrel's every path is walked by random play
    ({"players": 3, "barrel": 100, "target": 220}, range(200, 210)),
    ({"players": 4, "barrel": 100, "target": 220, "bid_cap": "unlimited"}, range(300, 306)),
]
MAX_DEALS = 12


def card_tokens(value: Any) -> set[str]:
    """Every card code mentioned anywhere in a JSON value (strings split on spaces)."""
    found: set[str] = set()
    if isinstance(value, str):
        found |= {t.upper() for t in value.split() if CARD_RE.match(t.upper())}
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= card_tokens(k) | card_tokens(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= card_tokens(v)
    return found


def allowed_cards(state: StatePyatsot, seat: int | None) -> set[str]:
    """What ``seat`` may know in the current deal, derived from the deal log (not the engine's
    observation code): its dealt hand, the cards it received, the cards played, and the whole
    talon if it took it."""
    log = state.deals[-1]
    active = state.active_seats(log.dealer)
    known: set[str] = set()
    for _, action in log.actions:
        if action.kind is ActionKind.PLAY:
            known.add(str(action.card))
    if seat is None:
        return known
    if seat in active:
        known |= {str(c) for c in log.hands[active.index(seat)]}
    takers = {s for s, a in log.actions if a.kind in (ActionKind.KEEP, ActionKind.TAKE)}
    if seat in takers or (state.phase is Phase.KEEP and state.to_act == seat):
        known |= {str(c) for c in log.talon}
    # a gift goes to the next opponent: the receiver learns it
    gifts = [a for s, a in log.actions if a.kind is ActionKind.GIVE]
    if gifts:
        giver = next(s for s, a in log.actions if a.kind is ActionKind.GIVE)
        i = active.index(giver)
        receivers = [active[(i + 1) % 3], active[(i + 2) % 3]]
        for receiver, gift in zip(receivers, gifts, strict=False):
            if receiver == seat:
                known.add(str(gift.card))
    return known


def check_observations(state: StatePyatsot) -> None:
    if not state.deals or state.phase is Phase.DEAL:
        return
    for seat in [None, *range(state.game.players)]:
        obs = state.observation(seat).to_json()
        shown = card_tokens({k: v for k, v in obs.items() if k not in ("last_result", "options")})
        leaked = shown - allowed_cards(state, seat)
        assert not leaked, f"seat {seat} sees {leaked} in phase {state.phase}"
        if seat is not None and obs["hand"] is not None:
            assert set(obs["hand"]) == {str(c) for c in _cards(state.hands[seat])}


def _cards(mask: int) -> list[Any]:
    from prikup.core.cards import cards_of

    return cards_of(mask)


def check_places(state: StatePyatsot) -> None:
    places = state.card_places()
    union = 0
    for mask in places.values():
        assert union & mask == 0, "a card is in two places"
        union |= mask
    assert union == sum(c.mask for c in DECK), "a card is missing"
    if state.phase is Phase.PLAY:
        sizes = {state.hands[s].bit_count() for s in state.active_seats()}
        assert len(sizes) <= 2  # within a trick, hands differ by at most one card


def check_rejections(state: StatePyatsot, rng: random.Random) -> None:
    legal = set(state.legal_actions())
    game = state.game
    before = (state.observation(None).to_json(), list(state.hands), state.phase, state.to_act, state.scores)
    for action in rng.sample(game.all_actions(), 6):
        if action in legal:
            continue
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert (state.observation(None).to_json(), list(state.hands), state.phase, state.to_act, state.scores) == before


def check_finished_deal(state: StatePyatsot, index: int, scores_before: tuple[int, ...]) -> None:
    log = state.deals[index]
    result = log.result
    assert log.score_changes is not None
    assert [b + c for b, c in zip(scores_before, log.score_changes, strict=True)] == log.scores_after
    if "points" in result:  # a played deal: every card point taken exactly once
        declared = sum(d["value"] for d in result["declarations"])
        assert sum(result["points"].values()) - declared == 120
        played = [a.card for _, a in log.actions if a.kind is ActionKind.PLAY]
        assert len(played) == 24 and len(set(played)) == 24
    barrel = state.game.barrel_rules.barrel
    on = result["marks"]["seat"]
    for seat, score in enumerate(log.scores_after):
        if seat != on and score < state.game.barrel_rules.target:
            assert score < barrel or seat == on
    if on is not None:
        assert log.scores_after[on] == barrel


@pytest.mark.parametrize(("options", "seeds"), CONFIGS, ids=[str(c[0]) for c in CONFIGS])
def test_random_matches_keep_every_invariant(options, seeds):
    game = make_game("pyatsot", **options)
    ids = set(game.all_actions())
    assert len(ids) == len(game.all_actions())
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_match(seed)
        assert isinstance(state, StatePyatsot)
        scores = state.scores
        finished = 0
        while not state.is_over and len(state.deals) <= MAX_DEALS:
            check_places(state)
            check_observations(state)
            legal = state.legal_actions()
            assert legal and set(legal) <= ids
            assert all(game.action_from_id(game.action_id(a)) == a for a in legal)
            if rng.random() < 0.25:
                check_rejections(state, rng)
            state.apply(rng.choice(legal))
            done = sum(1 for d in state.deals if d.scores_after is not None)
            if done > finished:
                check_finished_deal(state, done - 1, scores)
                scores = tuple(state.deals[done - 1].scores_after)
                finished = done


def test_barrel_paths_are_walked_by_the_random_property_run():
    """The low-barrel configurations above reach the barrel's rules (so their checks are not empty)."""
    seen: set[str] = set()
    for options, seeds in CONFIGS[2:]:
        game = make_game("pyatsot", **options)
        for seed in seeds:
            rng = random.Random(seed)
            state = game.new_match(seed)
            while not state.is_over and len(state.deals) <= MAX_DEALS:
                state.apply(rng.choice(state.legal_actions()))
            for log in state.deals:
                seen |= set(log.result) | {log.result.get("outcome", "")}
    assert {"arrivals", "cross", "barrel refused", "barrel failed", "falls", "dashes"} <= seen


def test_every_action_prints_and_parses_back():
    game = make_game("pyatsot", players=4)
    for action in game.all_actions():
        assert Action.parse(str(action)) == action


def test_action_ids_are_stable_across_configurations_of_the_same_options():
    a = make_game("pyatsot").all_actions()
    b = make_game("pyatsot").all_actions()
    assert a == b
    assert make_game("pyatsot").action_id("play QH declare KQ") == a.index(Action.parse("play QH declare KQ"))


def test_kept_card_and_gifts_are_hidden_from_the_others():
    from pt_helpers import A_START, A_TALON, A, deal, run

    s = run(deal(A, A_TALON), *A_START)
    assert s.observation(0).to_json()["kept"] == "9C"
    assert set(s.observation(0).to_json()["talon"]) == {"9C", "JD", "9D"}
    assert s.observation(1).to_json()["kept"] is None and s.observation(1).to_json()["talon"] is None
    assert s.observation(1).to_json()["gifts"] == [{"to": 1, "card": "JD"}, {"to": 2, "card": None}]
    assert s.observation(2).to_json()["gifts"] == [{"to": 1, "card": None}, {"to": 2, "card": "9D"}]
    assert s.observation(None).to_json()["gifts"] == [{"to": 1, "card": None}, {"to": 2, "card": None}]
    assert "JD" not in card_tokens(s.observation(2).to_json()) and "9C" not in card_tokens(s.observation(1).to_json())
    assert s.action_view(0, Action.parse("give JD"), 2) == "give a card"
    assert s.action_view(0, Action.parse("keep 9C"), 1) == "keep a card"
    assert s.action_view(0, Action.parse("give JD"), 1) == "give JD"
    assert s.action_view(0, Action.parse("give 9D"), 2) == "give 9D"

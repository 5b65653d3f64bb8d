"""Property tests of invariants over seeded random 501 matches."""

from __future__ import annotations

import json
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prikup import IllegalActionError, make_game
from prikup.core.actions import ActionKind
from prikup.core.cards import mask_of
from prikup.core.tricks import card_points
from prikup.games.ace_ten_deck import DECK, DECK_MASK, POINTS
from prikup.games.five_oh_one import State501
from prikup.records import dump, load, replay, to_record

CARD_RE = re.compile(r"^(?:[AKQJT98765432]|1[0123])[SCDH]$|^JK[12]?$")
MAX_DEALS = 8


def _card_tokens(value: object) -> set[str]:
    """Every string in a JSON value that is a card code, including inside action texts."""
    found: set[str] = set()
    if isinstance(value, dict):
        for v in value.values():
            found |= _card_tokens(v)
    elif isinstance(value, list):
        for v in value:
            found |= _card_tokens(v)
    elif isinstance(value, str):
        found |= {tok for tok in value.split() if CARD_RE.match(tok)}
    return found


def _may_know(state: State501, seat: int | None) -> set[str]:
    """The cards a seat may know, from the deal log alone (independent of the engine's views)."""
    if not state.deals:
        return set()
    log = state.deals[-1]
    active = state.active_seats(log.dealer)
    known: set[str] = set()
    looked = {s for s, a in log.actions if a.kind is ActionKind.LOOK}
    auction_over = any(a.kind not in (ActionKind.LOOK, ActionKind.PASS, ActionKind.BID) for _, a in log.actions)
    bids = [s for s, a in log.actions if a.kind is ActionKind.BID]
    passes = [s for s, a in log.actions if a.kind is ActionKind.PASS]
    auction_over = auction_over or (len(passes) >= 2 and bids) or len(passes) == 3
    if seat is not None and seat in active and (seat in looked or auction_over):
        known |= {str(c) for c in log.hands[active.index(seat)]}
    if auction_over and bids:
        known |= {str(c) for c in log.talon}  # turned for everyone
    declarer = bids[-1] if bids else None
    gifts = [a for s, a in log.actions if a.kind is ActionKind.GIVE]
    if declarer is not None:
        i = active.index(declarer)
        receivers = [active[(i + 1) % 3], active[(i + 2) % 3]]
        for receiver, gift in zip(receivers, gifts, strict=False):
            if seat in (declarer, receiver):
                known.add(str(gift.card))
    known |= {str(a.card) for _, a in log.actions if a.kind is ActionKind.PLAY}
    return known


def _check_places(state: State501) -> None:
    places = state.card_places()
    seen = 0
    for mask in places.values():
        assert seen & mask == 0, "a card is in two places"
        seen |= mask
    assert seen == DECK_MASK, "a card is missing"


def _snapshot(state: State501) -> str:
    return json.dumps([state.observation(s).to_json() for s in [None, *range(state.game.players)]], sort_keys=True)


def _random_match(seed: int, players: int = 3) -> State501:
    game = make_game("501", players=players)
    state = game.new_match(seed)
    assert isinstance(state, State501)
    rng = random.Random(seed)
    all_actions = game.all_actions()
    while not state.is_over and len(state.deals) <= MAX_DEALS:
        _check_places(state)
        for seat in [None, *range(players)]:
            obs = state.observation(seat).to_json()
            json.dumps(obs)  # JSON-serialisable
            leaked = _card_tokens(obs) - _may_know(state, seat)
            assert not leaked, f"seat {seat} sees {leaked} in phase {state.phase}"
        legal = state.legal_actions()
        assert legal, "a seat to act always has a legal action"
        # every legal action applies; a random other action is rejected and changes nothing
        for action in rng.sample(legal, min(2, len(legal))):
            state.copy().apply(action)
        before = _snapshot(state)
        for action in rng.sample(all_actions, 5):
            if action not in legal:
                try:
                    state.apply(action)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{action} applied but was not legal")
        assert _snapshot(state) == before
        deals_before = len(state.deals)
        state.apply(rng.choice(legal))
        if len(state.deals) != deals_before or state.is_over:
            _check_scored_deal(
                state, state.deals[deals_before - 1] if len(state.deals) != deals_before else state.deals[-1]
            )
    return state


RANKS = ["9", "J", "Q", "K", "T", "A"]  # low to high, written out independently of the engine


def _check_scored_deal(state: State501, log: object) -> None:
    """Recompute a played deal's tricks from the log alone: all 120 card points are scored."""
    result = log.result  # type: ignore[attr-defined]
    if result.get("outcome") not in ("made", "failed"):
        return
    actions = log.actions  # type: ignore[attr-defined]
    contract = next(a for _, a in actions if a.kind is ActionKind.CONTRACT)
    trump = None if contract.call == "NT" else contract.call
    plays = [(s, str(a.card)) for s, a in actions if a.kind is ActionKind.PLAY]
    assert len(plays) == 24
    value = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    got = {s: 0 for s in state.active_seats(log.dealer)}  # type: ignore[attr-defined]
    for i in range(0, 24, 3):
        trick = plays[i : i + 3]
        led = trick[0][1][1]

        def power(card: str, led: str = led) -> int:
            if card[1] == trump:
                return 100 + RANKS.index(card[0])
            return RANKS.index(card[0]) if card[1] == led else -1

        winner = max(trick, key=lambda sc: power(sc[1]))[0]
        got[winner] += sum(value[c[0]] for _, c in trick)
    assert sum(got.values()) == 120
    assert {int(s): p for s, p in result["card_points"].items()} == got


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_random_matches_keep_every_invariant(seed):
    _random_match(seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_random_four_player_matches_keep_every_invariant(seed):
    _random_match(seed, players=4)


def test_record_replay_reproduces_random_matches():
    for seed in range(5):
        state = _random_match(seed)
        text = dump(to_record(state, seed=seed))
        again = replay(load(text))
        assert again.scores == state.scores
        assert again.history == state.history
        assert again.is_over == state.is_over


def test_deck_points_total():
    assert card_points(mask_of(DECK), POINTS) == 120

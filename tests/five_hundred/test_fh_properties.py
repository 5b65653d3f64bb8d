"""Property tests over seeded random matches of every form: cards conserved, tricks accounted
for, legality consistent, observations leak nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fh_forms import form_knowable
from fh_helpers import game

from prikup import IllegalActionError
from prikup.core.cards import parse_card
from prikup.core.game import Phase
from prikup.games.five_hundred import StateFiveHundred

FORMS: list[dict[str, Any]] = [
    {},
    {"deck": "42", "table": "original", "joker_nt": "any_time"},
    {"no_bid": "play_nt", "table": "ideal", "joker_lead": "any"},
    {"players": 3},
    {"players": 3, "deck": "32", "misere_from": "seven"},
    {"players": 4, "partnership": False},
    {"players": 4, "partnership": False, "no_bid": "dealer_must_bid", "raise_after_kitty": False},
]
# Keys whose strings are calls (8S would read as a card) or configuration, not cards.
NON_CARD_KEYS = {
    "options",
    "contract",
    "high_bid",
    "calls",
    "last_result",
    "legal_actions",
    "suit",
    "trick_suit",
    "trump",
    "phase",
    "game",
    "voids",
    "called",  # five players: the called partner card is public, not where it is
}


def strings(value: Any, key: str | None = None) -> list[str]:
    if key in NON_CARD_KEYS:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v, key)]
    return []


def cards_in(obs: dict[str, Any], deck: set[str]) -> set[str]:
    out = set()
    for text in strings(obs):
        try:
            code = str(parse_card(text))
        except ValueError:
            continue
        if code in deck:
            out.add(code)
    return out


def knowable(
    state: StateFiveHundred, seat: int | None, dealt: dict[int, set[str]], kitty: set[str], played: set[str]
) -> set[str]:
    """The visibility rule, written from the rules page rather than the engine: a seat knows
    its own cards (what it was dealt, the kitty if it took it, the card a slam partner gave
    it, the cards a double-misère partner gave it), every card played to a trick, and once the
    first trick is over the hands played open —
    the bidder's at an open misère or double shields (and at any misère with Wilkinson's), both
    partners' at patastrophe.  The forms of 2 players and the dead hand: :func:`form_knowable`."""
    if state.game.form is not None:
        known = form_knowable(state, seat, played)
    else:
        known = set(played)
    if state.kitty_shown is not None:
        known.add(str(state.kitty_shown))  # option kitty_up: the kitty's last card, face up for all
    if seat is not None and state.game.form is None:
        known |= dealt.get(seat, set())
        if seat == state.contractor and state.kitty_taken:
            known |= kitty
        if seat == state.contractor and state.given is not None:
            known.add(str(state.given))
        if state.contractor is not None and seat == (state.contractor + 2) % 4:
            known |= {str(c) for c in state.game.deck() if c.mask & state.nullo_given}  # a double misère's pass
    open_calls = {"OMIS", "DSHL", "PAT"} | ({"MIS"} if state.game.rules.wilkinson else set())
    if state.phase is Phase.PLAY and len(state.tricks) >= 1 and state.contract_call in open_calls:
        assert state.contractor is not None
        shown = [state.contractor] + ([(state.contractor + 2) % 4] if state.contract_call == "PAT" else [])
        known |= {str(c) for o in shown for c in state.game.deck() if c.mask & state.hands[o]}
    return known


def check_cards_and_sight(state: StateFiveHundred) -> None:
    """Cards conserved (the places are disjoint and hold the whole deck) and no observation of
    any seat or a spectator shows a card :func:`knowable` does not allow."""
    g = state.game
    union = 0
    for mask in state.card_places().values():
        assert union & mask == 0
        union |= mask
    assert union == sum(c.mask for c in g.deck())
    deck = {str(c) for c in g.deck()}
    log = state.deals[-1]
    dealt = {s: {str(c) for c in h} for s, h in zip(state.active_seats(log.dealer), log.hands, strict=True)}
    kitty = {str(c) for c in log.talon}
    played = {str(c) for t, _, _ in state.tricks for _, c, _ in t} | {str(c) for _, c, _ in state.trick}
    for seat in [None, *range(g.players)]:
        leaked = cards_in(state.observation(seat).to_json(), deck) - knowable(state, seat, dealt, kitty, played)
        assert not leaked, f"seat {seat} sees {leaked}"


def fingerprint(state: StateFiveHundred) -> Any:
    return (
        state.to_act,
        state.phase,
        state.card_places(),
        state.scores,
        repr(state.observation(None).to_json()),
        repr(state.observation(state.to_act).to_json()),
        len(state.deals[-1].actions),
    )


def check_deal_end(state: StateFiveHundred, log_index: int) -> None:
    log = state.deals[log_index]
    result = log.result
    assert log.score_changes is not None
    outcome = result["outcome"]
    if outcome in ("redeal", "passed out"):
        assert log.score_changes == [0] * state.game.players
        return
    won = result["tricks_won"]
    units = state.game.units()
    if outcome.startswith("no bid"):
        assert sum(won) == 10
        for u in units:
            assert all(log.score_changes[s] == 10 * sum(won[x] for x in u) for s in u)
        return
    c = result["contractor"]
    call = result["contract"]
    side = next(u for u in units if c in u)
    value = state.game.table.value(call)
    if call in ("MIS", "OMIS"):
        assert sum(won) <= 10
        assert (result["tricks"] == 0) == (outcome == "made")
        if outcome == "failed":
            assert result["tricks"] == 1  # play stopped at the first trick the bidder took
        assert log.score_changes[c] == (value if outcome == "made" else -value)
    else:
        assert sum(won) == 10
        expected = value if result["tricks"] >= int(call[:-2] if call.endswith("NT") else call[:-1]) else -value
        if expected > 0 and result["tricks"] == 10 and value < 250:
            expected = 250
        assert log.score_changes[c] == expected
    for u in units:
        if u is side:
            continue
        assert all(log.score_changes[s] == 10 * sum(won[x] for x in u) for s in u)
    for s in side:
        assert log.score_changes[s] == log.score_changes[c]


@pytest.mark.parametrize("form", range(len(FORMS)))
@pytest.mark.parametrize("seed", range(6))
def test_random_matches_keep_every_invariant(form: int, seed: int) -> None:
    g = game(**FORMS[form])
    all_actions = set(g.all_actions())
    rng = random.Random(seed * 100 + form)
    state = g.new_match(seed)
    assert isinstance(state, StateFiveHundred)
    checked_deals = 0
    steps = 0
    while not state.is_over and len(state.deals) <= 6:
        check_cards_and_sight(state)
        # legality: the legal list is exact, every legal action is in the id table
        legal = state.legal_actions()
        assert legal and set(legal) <= all_actions
        for a in legal:
            assert g.action_from_id(g.action_id(a)) == a
        if steps % 3 == 0:
            before = fingerprint(state)
            for other in rng.sample(sorted(all_actions - set(legal), key=str), 5):
                with pytest.raises(IllegalActionError):
                    state.apply(other)
                assert fingerprint(state) == before
        if steps % 5 == 0:
            before = fingerprint(state)
            twin = state.copy()
            twin.apply(rng.choice(legal))
            assert fingerprint(state) == before  # a copy is independent
        deals_before = len(state.deals)
        state.apply(rng.choice(legal))
        steps += 1
        if len(state.deals) > deals_before or state.is_over:
            check_deal_end(state, deals_before - 1)
            checked_deals += 1
    assert checked_deals >= 1


def test_every_configuration_lists_joker_leads_discards_and_raises() -> None:
    g = game()
    texts = {str(a) for a in g.all_actions()}
    assert {
        "play JK as S",
        "play JK as C",
        "play JK as D",
        "play JK as H",
        "discard 4D",
        "contract 8S",
        "bid OMIS",
        "bid 10NT",
        "pass",
    } <= texts
    assert len(texts) == len(g.all_actions())
    assert [str(a) for a in game().all_actions()] == [str(a) for a in g.all_actions()]  # stable
    g32 = game(players=3, deck="32")
    assert not any("JK" in str(a) for a in g32.all_actions())

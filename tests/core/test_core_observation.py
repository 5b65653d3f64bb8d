"""Typed observations: ``observation(seat).to_json()`` is exactly the JSON of before (digests
pinned in ``tests/data/observations.json``, made from the dict-building code), in every game
and option set, and the typed value holds no card its JSON does not show."""

from __future__ import annotations

import dataclasses
import inspect
import json
import pickle
import random
from collections.abc import Mapping
from typing import Any

import pytest
from obs_walk import DECISIONS, FIXTURE, SEED, digest
from test_core_fast_api import CONFIGS, config_id, random_states

from prikup import make_game
from prikup.core.cards import Card, Suit, parse_card
from prikup.core.errors import CardParseError, OptionError
from prikup.core.game import Phase
from prikup.core.observation import NO_TRUMP, Observation
from prikup.games import observation_from_json

PINNED: dict[str, list[str]] = json.loads(FIXTURE.read_text())


def test_the_fixture_covers_every_configuration() -> None:
    assert set(PINNED) == {config_id(c) for c in CONFIGS}


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_to_json_is_the_pinned_json_at_every_state(config: tuple[str, dict[str, object]]) -> None:
    got = digest(*config)
    pinned = PINNED[config_id(config)]
    assert len(got) == len(pinned) == DECISIONS
    first = next((i for i, (a, b) in enumerate(zip(got, pinned, strict=True)) if a != b), None)
    assert first is None, f"the observation JSON differs from the pinned one first at decision {first}"


def _cards_in(value: Any) -> set[Card]:
    """Every card held anywhere in a typed value."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Observation):
        return set().union(*(_cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return set().union(set(), *(_cards_in(v) for v in value.values()))
    if isinstance(value, (tuple, list)):
        return set().union(set(), *(_cards_in(v) for v in value))
    return set()


def _card_texts(value: Any) -> set[str]:
    """Every string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(_card_texts(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_card_texts(v) for v in value))
    return set()


#: the JSON keys whose strings are calls, not cards (``6S`` is a bid there)
_NOT_CARDS = frozenset({"contract", "high_bid", "bid", "calls", "legal_actions", "options", "scores", "game"})


def _named_cards(value: Any) -> int:
    """The cards named anywhere in observation JSON (how pimc's resampler read it before)."""
    if isinstance(value, str):
        try:
            return parse_card(value).mask if 2 <= len(value) <= 3 else 0
        except CardParseError:
            return 0
    if isinstance(value, dict):
        return sum_masks(_named_cards(v) for k, v in value.items() if k not in _NOT_CARDS and k != "last_result")
    if isinstance(value, list):
        return sum_masks(_named_cards(v) for v in value)
    return 0


def sum_masks(masks: Any) -> int:
    """The union of bitmasks."""
    out = 0
    for m in masks:
        out |= m
    return out


@pytest.mark.parametrize("name", ["501", "five-hundred", "pyatsot", "preferans"])
def test_the_typed_value_holds_no_card_its_json_hides(name: str) -> None:
    game = make_game(name)
    states = 0
    for state in random_states(game, SEED + 1, 200):
        for seat in [None, *range(game.players)]:
            obs = state.observation(seat)
            shown = _card_texts(obs.to_json())
            held = {str(c) for c in _cards_in(obs)}
            assert held <= shown, f"seat {seat} holds {sorted(held - shown)} that its JSON does not show"
            assert obs.card_mask() == _named_cards(obs.to_json()), "card_mask() is every card the JSON names"
        states += 1
    assert states == 200


@pytest.mark.parametrize("name", ["501", "five-hundred", "pyatsot", "preferans"])
def test_observations_are_typed_values(name: str) -> None:
    game = make_game(name)
    for state in random_states(game, SEED + 2, 150):
        seat = state.to_act
        obs = state.observation(seat)
        assert isinstance(obs.phase, Phase)
        assert obs.hand is None or all(isinstance(c, Card) for c in obs.hand)
        assert obs.trump is None or obs.trump == NO_TRUMP or isinstance(obs.trump, Suit)
        assert all(isinstance(p.card, Card) for p in obs.trick)
        if seat is not None:
            assert obs.legal_actions == tuple(state.legal_actions())
            assert state.observation(seat, with_legal=False).legal_actions is None
        with pytest.raises(dataclasses.FrozenInstanceError):
            obs.seat = 0  # type: ignore[misc]
        wire = json.loads(json.dumps(obs.to_json()))  # JSON values only
        assert observation_from_json(wire) == obs
        assert pickle.loads(pickle.dumps(obs)) == obs  # process pools, saved positions


@pytest.mark.parametrize("name", ["501", "five-hundred", "pyatsot", "preferans"])
def test_the_quick_init_takes_the_dataclass_parameters_and_keeps_the_value_frozen(name: str) -> None:
    # quick_init replaces the frozen dataclass's __init__ (its calls of object.__setattr__ were a
    # sixth of an observation's cost): the same parameters in the same order with the same defaults
    state = next(iter(random_states(make_game(name), SEED + 3, 60)))
    obs = state.observation(state.to_act)
    cls = type(obs)
    assert "_set0" in cls.__init__.__code__.co_names  # quick_init's, not the dataclass's own
    params = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in params] == [f.name for f in dataclasses.fields(cls)]
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params)
    for p, f in zip(params, dataclasses.fields(cls), strict=True):
        assert p.default == (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default), f.name
    values = {f.name: getattr(obs, f.name) for f in dataclasses.fields(cls)}
    again = cls(**values)
    assert again == obs and type(again) is cls
    assert cls(*values.values()) == obs
    assert dataclasses.replace(obs, seat=None).seat is None and obs.seat == state.to_act
    with pytest.raises(TypeError, match="hand_sizes"):
        cls(**{k: v for k, v in values.items() if k != "hand_sizes"})
    with pytest.raises(TypeError, match="colour"):
        cls(**values, colour=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        again.deal = 2  # type: ignore[misc]


def test_a_malformed_observation_is_refused_in_one_line() -> None:
    state = make_game("501").new_match(seed=1)
    wire = state.observation(0).to_json()
    del wire["gifts"]
    with pytest.raises(OptionError, match="malformed observation: 501: KeyError 'gifts'") as err:
        observation_from_json(wire)
    assert err.value.rule == "observation_malformed"
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        observation_from_json({"game": "chess"})
    with pytest.raises(OptionError, match="malformed observation"):
        observation_from_json([])  # type: ignore[arg-type]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_finished_tricks_shown_are_those_of_the_state_even_across_copies_and_deals(
    config: tuple[str, dict[str, object]],
) -> None:
    """The finished tricks an observation shows are made once per trick and kept with the state's
    list of tricks: observing before and after tricks, deals and copies always shows exactly the
    state's own tricks."""
    import random

    from prikup.core.observation import Played, TrickSeen

    name, options = config
    rng = random.Random(3)
    state = make_game(name, **options).new_match(seed=3)
    twin = state.copy()
    for _ in range(150):
        if state.is_over:
            break
        for s in (state, twin):
            want = tuple(TrickSeen(tuple(Played(*p) for p in t[0]), *t[1:]) for t in s.tricks)
            assert s.observation(None).tricks == want
        if rng.random() < 0.1:
            twin = state.copy()  # a copy observed as it goes on apart from the original
        for s in (state, twin):
            if not s.is_over:
                s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("name", ["501", "five-hundred", "pyatsot", "preferans"])
def test_every_observation_hashes_and_equal_observations_hash_alike(name: str) -> None:
    # preferans's hands_seen and any game's last_result at a deal's end are mappings: the
    # dataclass's own hash raised TypeError on them
    game = make_game(name)
    seen: set[Observation] = set()
    for state in random_states(game, 5, 300):
        for seat in (state.to_act, None):
            obs, twin = state.observation(seat), state.copy().observation(seat)
            assert obs == twin and hash(obs) == hash(twin)
            seen.add(obs)
    assert len(seen) > 100
    # a single deal played out: its end shows the deal's result, a mapping
    rng = random.Random(3)
    state = game.new_match(seed=3)
    hands = [[str(c) for c in d] for d in state.deals[0].hands]
    deal = game.new_deal(hands, [str(c) for c in state.deals[0].talon], dealer=state.deals[0].dealer)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    end = deal.observation(0)
    assert isinstance(end.last_result, Mapping) and end.last_result
    assert hash(end) == hash(deal.copy().observation(0)) and end in {end}
    changed = dict(end.last_result) | {"outcome": "something else"}
    assert hash(dataclasses.replace(end, last_result=changed)) != hash(end)  # the mapping is hashed, not skipped

"""Observation tensors: fixed size, documented layout, and nothing a seat may not know.

The no-leak test builds two deals that differ only in cards the observing seat cannot see
(two such cards swapped between hands or the talon), replays the same actions on both and
compares the seat's tensors; a swap that involves a card the seat sees must change them.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from envs_configs import CONFIGS, config_id

from prikup import Card, make_game
from prikup.core.game import Game, State
from prikup.envs.common import DealCards, deal_cards
from prikup.envs.tensors import TensorEncoder, encoder_for


def _place_of(cards: DealCards) -> dict[Card, int]:
    """Each card's place in the deal: its seat, or -1 for the talon."""
    place = {c: s for s, hand in cards.hands.items() for c in hand}
    place.update({c: -1 for c in cards.talon})
    return place


def _swapped(cards: DealCards, x: Card, y: Card) -> DealCards:
    def swap(c: Card) -> Card:
        return y if c == x else x if c == y else c

    hands = {s: tuple(swap(c) for c in h) for s, h in cards.hands.items()}
    return DealCards(cards.dealer, hands, tuple(swap(c) for c in cards.talon))


def _replay(game: Game, cards: DealCards, texts: list[str]) -> State | None:
    state = game.new_deal({s: list(h) for s, h in cards.hands.items()}, list(cards.talon), dealer=cards.dealer)
    try:
        for text in texts:
            state.apply(text)
    except ValueError:
        return None  # the swap made an earlier action illegal (a card another seat could follow with…)
    return state


def _random_prefix(game: Game, cards: DealCards, rng: random.Random) -> tuple[list[str], list[Card]]:
    """The texts of a random prefix of a random deal, and every card its actions name."""
    state = game.new_deal({s: list(h) for s, h in cards.hands.items()}, list(cards.talon), dealer=cards.dealer)
    texts: list[str] = []
    named: list[Card] = []
    stop = rng.randrange(60)
    while not state.is_over and len(texts) < stop:
        action = game.action_from_id(rng.choice(state.legal_action_ids()))
        state.apply(action)
        texts.append(str(action))
        if action.card is not None:
            named.append(action.card)
    return texts, named


def _pairs(
    cards: DealCards, seat: int, seen: int, named: set[Card], rng: random.Random, own: bool
) -> list[tuple[Card, Card]]:
    """Pairs of cards in different places: both unseen by ``seat`` (``own=False``), or one card
    of the seat's own visible hand with an unseen card (``own=True``)."""
    place = _place_of(cards)
    hidden = [c for c in place if not c.mask & seen and c not in named]
    if own:
        firsts = [c for c in cards.hands.get(seat, ()) if c.mask & seen and c not in named]
    else:
        firsts = hidden
    pairs = [(x, y) for x in firsts for y in hidden if place[x] != place[y]]
    rng.shuffle(pairs)
    return pairs[:40]


def _states(config: tuple[str, dict[str, Any]], own: bool, want: int = 12) -> list[tuple[Any, ...]]:
    """(encoder, seat, state, twin) cases: ``twin`` is the same history on the swapped deal."""
    game = make_game(config[0], **config[1])
    enc = encoder_for(game)
    rng = random.Random(7)
    cases: list[tuple[Any, ...]] = []
    for seed in range(200):
        if len(cases) >= want:
            break
        cards = deal_cards(game, seed)
        texts, named = _random_prefix(game, cards, rng)
        state = _replay(game, cards, texts)
        assert state is not None
        seat = rng.choice([s for s in range(game.players)])
        seen = state.observation(seat).card_mask()
        for x, y in _pairs(cards, seat, seen, set(named), rng, own):
            twin = _replay(game, _swapped(cards, x, y), texts)
            if twin is not None:
                cases.append((enc, seat, state, twin, f"seed {seed} seat {seat} swap {x} {y} after {len(texts)}"))
                break
    assert len(cases) >= want // 2, f"too few swaps found for {config}"
    return cases


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_tensor_hides_cards_the_seat_cannot_see(config: tuple[str, dict[str, Any]]) -> None:
    for enc, seat, state, twin, why in _states(config, own=False):
        assert state.observation(seat).card_mask() == twin.observation(seat).card_mask(), why
        a, b = enc.encode(state.observation(seat)), enc.encode(twin.observation(seat))
        assert np.array_equal(a, b), why
        if state.to_act == seat:
            assert np.array_equal(enc.mask(state), enc.mask(twin)), why


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_tensor_shows_the_seats_own_cards(config: tuple[str, dict[str, Any]]) -> None:
    for enc, seat, state, twin, why in _states(config, own=True, want=8):
        a, b = enc.encode(state.observation(seat)), enc.encode(twin.observation(seat))
        assert not np.array_equal(a, b), why
        assert not np.array_equal(enc.block(a, "hand"), enc.block(b, "hand")), why


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_tensor_size_and_range_over_random_play(config: tuple[str, dict[str, Any]]) -> None:
    game = make_game(config[0], **config[1])
    enc = TensorEncoder(game)
    assert enc.size == sum(size for _, _, size, _ in enc.layout())
    starts = [start for _, start, _, _ in enc.layout()]
    assert starts == sorted(starts) and starts[0] == 0
    rng = random.Random(3)
    state = game.new_match(3)
    for _ in range(150):
        if state.is_over:
            break
        for seat in range(game.players):
            v = enc.encode(state.observation(seat))
            assert v.dtype == np.float32 and v.shape == (enc.size,)
            assert -1.0 <= v.min() and v.max() <= 1.0
            assert v[: len(enc.block(v, "phase"))].sum() == 1.0
        mask = enc.mask(state)
        assert mask.dtype == np.int8 and mask.shape == (len(game.all_actions()),)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(state.legal_action_ids())
        state.apply_id(rng.choice(state.legal_action_ids()))


def test_tensor_blocks_read_back_what_the_seat_sees() -> None:
    game = make_game("preferans")
    enc = encoder_for(game)
    state = game.new_match(5)
    seat = state.to_act
    assert seat is not None
    obs = state.observation(seat)
    v = enc.encode(obs)
    deck = game.deck()
    assert {deck[i] for i in np.flatnonzero(enc.block(v, "hand"))} == set(obs.hand or ())
    assert enc.block(v, "to_act")[0] == 1.0  # relative seats: the observer is 0
    assert enc.block(v, "dealer")[(obs.dealer - seat) % game.players] == 1.0
    assert enc.block(v, "trump")[5] == 1.0  # no trumps yet


def test_tensor_refuses_a_spectator_in_one_line() -> None:
    game = make_game("501")
    with pytest.raises(ValueError, match="spectator"):
        encoder_for(game).encode(game.new_match(1).observation(None))


def test_layout_is_described() -> None:
    text = encoder_for(make_game("pyatsot")).describe()
    assert "barrel_seat" in text and text.splitlines()[0].startswith("pyatsot")
    with pytest.raises(KeyError, match="no block 'nope'"):
        encoder_for(make_game("pyatsot")).block(np.zeros(1, np.float32), "nope")


def test_layout_command_prints_a_table_and_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    from prikup.envs.__main__ import main

    assert main(["preferans", "players=4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("preferans {'players': 4}: 912 floats") and "hands_seen" in out
    assert main(["chess"]) == 2
    assert main(["501", "colour=red"]) == 2
    assert main(["501", "x"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("error: unknown game 'chess'") and "unknown option 'colour'" in err[1]
    assert err[2] == "error: options are option=value, got x"

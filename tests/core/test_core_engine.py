"""The shared trick engine: declared phases, deal patterns, the rules value of every game, and the
engine's bookkeeping checked at every step of random play of every game."""

from __future__ import annotations

import pickle
import random

import pytest

import prikup.core.phases as core_phases
from prikup import make_game
from prikup.core.cards import mask_of
from prikup.core.engine import DealPattern, TrickGame, TrickState
from prikup.core.game import Phase
from prikup.games import GAMES

#: Configurations that change the deal: seats, sitting out, Five Hundred's decks and kitty.
CONFIGS = [
    ("501", {}),
    ("501", {"players": 4}),
    ("pyatsot", {}),
    ("pyatsot", {"players": 4}),
    ("preferans", {}),
    ("preferans", {"players": 4}),
    ("five-hundred", {}),
    ("five-hundred", {"deck": "42"}),
    ("five-hundred", {"players": 3}),
    ("five-hundred", {"players": 3, "deck": "32"}),
    ("five-hundred", {"players": 4, "partnership": False}),
]


def test_core_declares_only_the_shared_phases() -> None:
    declared = {v.name for v in vars(core_phases).values() if isinstance(v, Phase)}
    assert declared == {"DEAL", "AUCTION", "PLAY", "MATCH_OVER"}


def test_a_game_declares_its_phases_and_they_are_found_by_name_and_text() -> None:
    assert Phase.TALON is Phase("talon") and Phase.BARREL is Phase("barrel") and Phase.WHIST is Phase("whist")
    assert str(Phase.MATCH_OVER) == "match over" and repr(Phase.SETTLE) == "Phase.SETTLE"
    assert Phase.declare("TALON", "talon") is Phase.TALON  # declared again by another game: the same value


def test_phase_declared_twice_with_another_text_is_refused() -> None:
    with pytest.raises(ValueError, match="already declared as 'talon'"):
        Phase.declare("TALON", "the talon")


def test_unknown_phase_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"not a declared phase .*auction"):
        Phase("kitty time")
    with pytest.raises(AttributeError, match="no phase 'NOPE'"):
        _ = Phase.NOPE


def test_phase_is_immutable_and_pickles_to_itself() -> None:
    assert pickle.loads(pickle.dumps(Phase.GIFT)) is Phase.GIFT
    with pytest.raises(AttributeError):
        Phase.PLAY.value = "x"


def test_phase_codes_are_small_distinct_ints() -> None:
    phases = [Phase(v) for v in ("deal", "auction", "play", "match over", "talon", "gift", "whist", "settle")]
    codes = [p.code for p in phases]
    assert len(set(codes)) == len(codes) and all(0 <= c < 32 for c in codes)


def test_deal_pattern_by_rounds() -> None:
    pattern = DealPattern.by_rounds(3, 7, 1, (1, 1, 1))
    assert pattern.talon_size == 3 and pattern.hand_size == 7
    assert pattern.packets[:8] == ((0, 1), (1, 1), (2, 1), (-1, 1), (0, 1), (1, 1), (2, 1), (-1, 1))
    assert sum(n for _, n in pattern.packets) == 24
    twos = DealPattern.by_rounds(3, 10, 2, (2,))
    assert twos.packets[:4] == ((0, 2), (1, 2), (2, 2), (-1, 2)) and len(twos.packets) == 16


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}{o}" for n, o in CONFIGS])
def test_every_game_is_a_rules_value_whose_deal_deals_the_deck(name: str, options: dict[str, object]) -> None:
    game = make_game(name, **options)
    assert isinstance(game, TrickGame)
    rules = game.trick_rules
    deal = rules.deal
    assert rules.players == game.players and deal.hands == game.hands_dealt
    assert deal.hands * deal.hand_size + deal.talon_size == len(rules.deck) == len(game.deck())
    assert sum(n for _, n in deal.packets) == len(rules.deck)
    for hand in range(deal.hands):
        assert sum(n for h, n in deal.packets if h == hand) == deal.hand_size
    with pytest.raises(AttributeError):
        rules.tricks = 1  # type: ignore[misc]


def _check_engine(state: TrickState) -> None:
    """What the engine keeps must agree with itself at every step."""
    deck = mask_of(state.game.deck())
    places = state.card_places()
    seen = 0
    for mask in places.values():
        assert not seen & mask
        seen |= mask
    assert seen == deck
    if state.in_deal:
        active = state.active_seats()
        assert [state._after[s] for s in active] == [*active[1:], active[0]]
        assert sum(state.won) == len(state.tricks)
        assert len(state.trick) < state._trick_size
        for seat in range(state.game.players):
            assert places[f"hand {seat}"] == state.hands[seat]
        obs = state.observation(None)
        assert obs.tricks_won == tuple(state.won)
        assert obs.hand_sizes == tuple(h.bit_count() for h in state.hands)
        assert [p.card for p in obs.trick] == [e[1] for e in state.trick]
        assert [t.winner for t in obs.tricks] == [t[1] for t in state.tricks]
        if state.phase is Phase.PLAY and not state.trick and state.tricks:
            assert state._turn == state.tricks[-1][1]  # who took the last trick leads the next


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}{o}" for n, o in CONFIGS])
def test_engine_bookkeeping_over_random_play(name: str, options: dict[str, object]) -> None:
    rng = random.Random(12)
    for seed in range(4):
        state = make_game(name, **options).new_match(seed)
        assert isinstance(state, TrickState)
        for _ in range(400):
            if state.is_over:
                break
            _check_engine(state)
            state.apply(rng.choice(state.legal_actions()))
        _check_engine(state)


def test_point_planes_sum_to_the_card_points_of_any_set_of_cards() -> None:
    from prikup.core.tricks import card_points, point_planes
    from prikup.games.ace_ten_deck import DECK_MASK, POINTS

    planes = point_planes(POINTS, 4)
    rng = random.Random(5)
    for mask in [0, DECK_MASK, *(rng.getrandbits(64) & DECK_MASK for _ in range(300))]:
        assert sum((mask & plane).bit_count() << b for b, plane in enumerate(planes)) == card_points(mask, POINTS)
    with pytest.raises(ValueError):
        point_planes(POINTS, 3)  # the ace's 11 needs four bits


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}{o}" for n, o in CONFIGS])
def test_the_seats_of_a_deal_are_made_once_per_game(name: str, options: dict[str, object]) -> None:
    game = make_game(name, **options)
    n = game.players
    for dealer in range(n):
        active = game.active_seats(dealer)
        after = game.seats_after(active)
        assert after is game.seats_after(active)  # made once, shared (never changed in place)
        assert [after[s] for s in active] == [*active[1:], active[0]]
        assert all(after[s] == -1 for s in range(n) if s not in active)
        assert game.seats_out(active) == tuple(s not in active for s in range(n))
    assert make_game(name, **options).seats_after((1, 0), 3) == [1, 0, -1]


def test_registry_holds_only_engine_games() -> None:
    assert all(issubclass(cls, TrickGame) for cls in GAMES.values())


def test_iterating_over_phase_gives_every_declared_phase_once_in_declaration_order() -> None:
    import prikup.games  # noqa: F401 - every game declares its phases on import

    phases = list(Phase)
    assert len(phases) == len(Phase) == len({p.value for p in phases})
    assert [p.code for p in phases] == list(range(len(phases)))
    assert {"deal", "auction", "play", "match over", "talon", "whist", "barrel"} <= {p.value for p in phases}

"""Cards and actions print as their notation and parse back; bad tokens raise precise errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prikup import (
    Action,
    ActionParseError,
    Card,
    CardParseError,
    OptionError,
    Rank,
    Suit,
    make_game,
    parse_action,
    parse_card,
    parse_cards,
)
from prikup.core.cards import cards_of, mask_of

ALL_CARDS = [Card(i) for i in range(64)] + [Card(64), Card(65), Card(66)]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("AS", "AS"),
        ("th", "TH"),
        ("10H", "TH"),
        ("10♥", "TH"),
        ("q♠", "QS"),
        ("11D", "11D"),
        ("13h", "13H"),
        ("jk", "JK"),
        ("JK1", "JK1"),
        ("JK2", "JK2"),
        ("9c", "9C"),
        ("4♦", "4D"),
    ],
)
def test_card_notation(text, code):
    assert str(parse_card(text)) == code


@pytest.mark.parametrize("bad", ["", "A", "1S", "ZS", "AX", "JK3", "10", "A S", "KK"])
def test_bad_card_names_the_token(bad):
    with pytest.raises(CardParseError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value) and isinstance(info.value, ValueError)


def test_every_card_round_trips_and_is_one_shared_value():
    for card in ALL_CARDS:
        assert parse_card(str(card)) is card
        assert eval(repr(card), {"Card": Card}) is card
    assert Card.of(Rank.TEN, Suit.H).pretty() == "10♥"


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        parse_card("AS").id = 3  # type: ignore[misc]


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_bitmask_round_trip(cards):
    assert set(cards_of(mask_of(cards))) == cards


def test_parse_cards():
    assert [str(c) for c in parse_cards("AS, 10h  9C")] == ["AS", "TH", "9C"]


ACTIONS = [
    "pass",
    "look",
    "concede",
    "whist",
    "half-whist",
    "bid 80",
    "bid 7H",
    "bid 6NT",
    "bid MIS",
    "bid OMIS",
    "contract 100 H",
    "contract 90 NT",
    "contract 8S",
    "give QS",
    "keep AH",
    "discard 9C",
    "play KS",
    "play 9S marriage H",
    "play JK as D",
    "play QH declare KQ",
    "bid 10NT",
]


@pytest.mark.parametrize("text", ACTIONS)
def test_action_round_trip(text):
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action
    assert eval(repr(action), {"Action": Action}) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("PASS", "pass"),
        ("bid 7h", "bid 7H"),
        ("play 10♥", "play TH"),
        ("play 9s marriage ♥", "play 9S marriage H"),
        ("contract 100 nt", "contract 100 NT"),
        ("  bid   80 ", "bid 80"),
    ],
)
def test_action_input_is_case_insensitive(text, canonical):
    assert str(parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("", "empty"),
        ("jump", "unknown keyword 'jump'"),
        ("pass now", "takes no argument"),
        ("play", "needs a card"),
        ("play ZZ", "bad card 'ZZ'"),
        ("bid", "takes a number"),
        ("play KS marriage X", "unknown suit"),
        ("play KS with H", "unknown modifier"),
        ("bid 7Q", "bad call"),
        ("give KS marriage H", "only 'play"),
    ],
)
def test_bad_action_says_what_is_wrong(bad, why):
    with pytest.raises(ActionParseError, match=why):
        parse_action(bad)


def test_options_are_validated_and_named():
    with pytest.raises(OptionError, match="unknown option 'speed' for 501; known options: players, max_bid"):
        make_game("501", speed=3)
    with pytest.raises(OptionError, match=r"players=5.*3 \| 4"):
        make_game("501", players=5)
    with pytest.raises(OptionError, match="exchange_order"):
        make_game("501", exchange_order="sideways")
    assert make_game("501", players="4").players == 4
    assert make_game("501") == make_game("501", players=3)
    assert repr(make_game("501", max_bid=300)) == "find_game('501')(max_bid=300)"


def test_games_are_immutable():
    game = make_game("501")
    with pytest.raises(TypeError):
        game.options["players"] = 4  # type: ignore[index]


def test_action_ids_are_stable_and_complete():
    game = make_game("501")
    actions = game.all_actions()
    assert len(set(actions)) == len(actions)
    assert game.action_from_id(game.action_id("play 9S marriage H")) == parse_action("play 9S marriage H")
    assert game.action_id("pass") == 0
    # every legal action of random play has an id
    import random

    state = game.new_match(seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if state.is_over:
            break
        legal = state.legal_actions()
        for a in legal:
            game.action_id(a)
        state.apply(rng.choice(legal))
    with pytest.raises(OptionError):
        game.action_from_id(len(actions))


def test_option_allowed_values_are_described():
    from prikup.core.options import Option

    assert Option("a", 1, "h", minimum=1).allowed() == "an integer >= 1"
    assert Option("a", 1, "h", maximum=9).allowed() == "an integer <= 9"
    assert Option("a", 1, "h", minimum=1, maximum=9).allowed() == "an integer 1..9"
    assert Option("b", True, "h").allowed() == "true | false"
    assert Option.format(True) == "true"

"""What a typed line means: a bare card is play and nothing else, card keywords in the gift,
discard and keep phases, several discards in one line, the current phase's keywords only."""

from __future__ import annotations

import pytest

from prikup import make_game
from prikup.bots import make_bot
from prikup.cli.keywords import InputError, keywords, normalise, read_line, summarise
from prikup.cli.terminal import check_line
from prikup.core.game import State


def to_phase(gid: str, phase: str, seed: int = 1, **options: object) -> State:
    """A match played by heuristic bots until ``phase`` is reached."""
    game = make_game(gid, **options)
    state = game.new_match(seed=seed)
    bots = {s: make_bot("heuristic", game, s) for s in range(game.players)}
    for _ in range(2000):
        if str(state.phase) == phase:
            return state
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    raise AssertionError(f"{gid} never reached {phase}")


def test_a_bare_card_in_the_gift_phase_does_not_give_it() -> None:
    state = to_phase("501", "talon")
    card = str(state.legal_actions()[-1].card)
    with pytest.raises(InputError, match=f"a card alone means play; now write give {card}"):
        read_line(card, state.legal_actions())
    assert [str(a) for a in read_line(f"give {card}", state.legal_actions())] == [f"give {card}"]


def test_a_bare_card_in_the_auction_is_not_a_bid() -> None:
    state = make_game("five-hundred").new_match(seed=1)
    with pytest.raises(InputError, match="a card alone means play, and nobody plays now: pass, bid"):
        read_line("7H", state.legal_actions())
    with pytest.raises(InputError, match="nobody plays now"):
        read_line("7♥", state.legal_actions())
    assert [str(a) for a in read_line("bid 7H", state.legal_actions())] == ["bid 7H"]


def test_a_bare_card_in_the_play_is_play() -> None:
    state = to_phase("501", "play")
    card = str(state.legal_actions()[0].card)
    assert [str(a) for a in read_line(card, state.legal_actions())] == [f"play {card}"]


def test_several_discards_in_one_line_are_taken_whole() -> None:
    state = to_phase("five-hundred", "discard")
    cards = [str(a.card) for a in state.legal_actions()][:3]
    line = "discard " + " ".join(cards)
    actions = check_line(state, line, "en")
    assert [str(a) for a in actions] == [f"discard {c}" for c in cards]
    for a in actions:
        state.apply(a)
    assert str(state.phase) != "discard"


def test_a_bad_card_among_several_discards_changes_nothing() -> None:
    state = to_phase("five-hundred", "discard")
    held = [str(a.card) for a in state.legal_actions()]
    before = len(state.history)
    foreign = next(c for c in ("AS", "KS", "QS", "JS", "TS", "9S", "AH", "KH") if c not in held)
    with pytest.raises(InputError, match=f"you do not hold {foreign[0]}"):
        check_line(state, f"discard {held[0]} {foreign}", "en")
    assert len(state.history) == before


def test_the_keywords_named_are_the_current_phase_only() -> None:
    state = make_game("501").new_match(seed=1)
    assert keywords(state.legal_actions()) == ["look", "pass", "bid"]
    with pytest.raises(InputError) as caught:
        read_line("whist", state.legal_actions())
    assert str(caught.value) == "'whist' is not possible now; now: look, pass, bid"
    with pytest.raises(InputError, match="unknown word 'hello'; now: look, pass, bid"):
        read_line("hello", state.legal_actions())
    with pytest.raises(InputError, match="«вист» сейчас нельзя; сейчас: смотреть, пас, заказ"):
        read_line("whist", state.legal_actions(), "ru")


def test_help_is_short() -> None:
    state = make_game("501").new_match(seed=1)
    assert summarise(state.legal_actions()) == ["look", "pass", "bid 66..220"]
    pf = make_game("preferans").new_match(seed=1)
    shown = summarise(pf.legal_actions())
    assert len(shown) <= 3 and any("…" in s for s in shown)


def test_shortcuts_number_and_pass() -> None:
    state = make_game("501").new_match(seed=1)
    assert [str(a) for a in read_line("80", state.legal_actions())] == ["bid 80"]
    assert [str(a) for a in read_line("p", state.legal_actions())] == ["pass"]
    assert [str(a) for a in read_line("пас", state.legal_actions())] == ["pass"]


# -- Russian words and a Russian deck's letters ---------------------------------------------------


def test_a_russian_line_means_the_same_action_as_the_notation() -> None:
    """Every keyword has its Russian word, and a card its Russian letters: В Д К Т and п т б ч."""
    state = to_phase("501", "play")
    legal = state.legal_actions()
    plain = [a for a in legal if a.modifier is None]
    for action in plain:
        assert action.card is not None
        rank, suit = str(action.card)[:-1], str(action.card)[-1]
        ru_rank = {"J": "В", "Q": "Д", "K": "К", "A": "Т", "T": "10"}.get(rank, rank)
        ru_suit = {"S": "п", "C": "т", "D": "б", "H": "ч"}[suit]
        for line in (f"ход {ru_rank}{ru_suit}", f"ХОД {ru_rank.lower()}{ru_suit.upper()}", f"{ru_rank}{ru_suit}"):
            assert read_line(line, legal, "ru") == [action], line
    assert read_line("пас", make_game("501").new_match(seed=1).legal_actions(), "ru")[0].kind.value == "pass"


def test_russian_keywords_are_read_in_every_phase_and_either_language() -> None:
    state = make_game("501").new_match(seed=1)
    legal = state.legal_actions()
    assert [str(a) for a in read_line("смотреть", legal, "ru")] == ["look"]
    assert [str(a) for a in read_line("заказ 100", legal, "ru")] == ["bid 100"]
    assert [str(a) for a in read_line("ставка 100", legal, "en")] == ["bid 100"]  # a Russian word at an English table
    assert [str(a) for a in read_line("bid 100", legal, "ru")] == ["bid 100"]  # the notation at a Russian table
    talon = to_phase("501", "talon")
    card = talon.legal_actions()[-1].card
    assert card is not None
    letters = {"J": "В", "Q": "Д", "K": "К", "A": "Т", "T": "10"}
    typed = letters.get(str(card)[:-1], str(card)[:-1]) + {"S": "п", "C": "т", "D": "б", "H": "ч"}[str(card)[-1]]
    assert [str(a) for a in read_line(f"отдать {typed}", talon.legal_actions(), "ru")] == [f"give {card}"]
    discard = to_phase("five-hundred", "discard")
    cards = [a.card for a in discard.legal_actions()][:2]
    line = "снести " + " ".join(c.pretty().replace("10", "T") for c in cards if c is not None)
    assert [str(a) for a in read_line(line, discard.legal_actions(), "ru")] == [f"discard {c}" for c in cards]


def test_a_marriage_lead_and_a_501_contract_are_typed_in_russian() -> None:
    """``ход Дп марьяж п`` leads the queen declaring the marriage; ``игра 150 т`` names clubs."""
    assert normalise("ход Дп марьяж п") == "play QS marriage S"
    assert normalise("игра 150 т") == "contract 150 C"
    assert normalise("игра 120 бк") == "contract 120 NT"
    assert normalise("ход Тч") == "play AH"  # Cyrillic Т is the ace (туз); the Latin T is the ten
    assert normalise("play TH") == "play TH"
    assert normalise("привет мир") == "привет мир"  # a word of neither kind is left as typed
    assert normalise("заказ 7ч") == "bid 7H" and normalise("заказ 6бк") == "bid 6NT"  # Five Hundred's calls
    assert normalise("заказ мизер") == "bid MIS"
    assert normalise("ход джокер как б") == "play JK as D" and normalise("ход дж") == "play JK"


def test_a_five_hundred_call_typed_in_russian_is_the_bid() -> None:
    state = make_game("five-hundred").new_match(seed=1)
    legal = state.legal_actions()
    wanted = {str(a) for a in legal}
    for typed, notation in (("заказ 7ч", "bid 7H"), ("заказ 6бк", "bid 6NT"), ("пас", "pass")):
        assert notation in wanted
        assert [str(a) for a in read_line(typed, legal, "ru")] == [notation]


def test_an_unknown_russian_word_is_named_as_typed_with_the_russian_keywords() -> None:
    state = make_game("pyatsot").new_match(seed=3)
    while state.to_act != 0:
        state.apply(state.legal_actions()[0])
    with pytest.raises(InputError) as caught:
        read_line("привет", state.legal_actions(), "ru")
    assert str(caught.value) == "непонятное слово «привет»; сейчас: пас, заказ"


def test_help_in_russian_lists_russian_keywords_and_cards() -> None:
    state = to_phase("501", "play")
    shown = summarise(state.legal_actions(), "ru")
    assert shown[0].startswith("ход ")
    assert not any(letter in shown[0] for letter in "JQKA")  # the deck's letters: В Д К Т
    started = make_game("501").new_match(seed=1)
    assert summarise(started.legal_actions(), "ru")[:2] == ["смотреть", "пас"]

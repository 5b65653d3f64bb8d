"""What a typed line means: a bare card is play and nothing else, card keywords in the gift,
discard and keep phases, several discards in one line, the current phase's keywords only."""

from __future__ import annotations

import pytest

from prikup import make_game
from prikup.bots import make_bot
from prikup.cli.keywords import InputError, keywords, read_line, summarise
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
    with pytest.raises(InputError, match="«whist» сейчас нельзя; сейчас: look, pass, bid"):
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

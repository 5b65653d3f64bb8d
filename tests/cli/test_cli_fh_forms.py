"""Five Hundred's forms for two at the terminal: the drawing form's draws told in their own words
(the drawer's card and what became of it; the opponent's draw hides both cards), in English and
Russian; the draw's keyword typed alone takes the card drawn."""

from __future__ import annotations

import pytest
from rich.console import Console

from prikup import make_game
from prikup.bots import make_bot
from prikup.cli.keywords import InputError, read_line
from prikup.cli.terminal import TerminalTable
from prikup.records import Seat

DRAWING = {"players": 2, "form": "drawing"}


def _drawing_table(lang: str, answers: list[str]) -> str:
    """The terminal's story of a drawing-form deal: the person answers ``answers`` in turn (then
    the heuristic bot's choices), the other seat is the heuristic bot."""
    game = make_game("five-hundred", **DRAWING)
    state = game.new_match(seed=3)
    helper = make_bot("heuristic", game, 77)
    queue = list(answers)

    def read(_: object) -> str:
        return queue.pop(0) if queue else str(helper.act(state, 0))

    console = Console(record=True, width=200)
    table = TerminalTable(
        state,
        [Seat("you", "human"), Seat("heuristic")],
        {1: make_bot("heuristic", game, 1)},
        console=console,
        read=read,
        lang=lang,
    )
    table.run(max_deals=1)
    return console.export_text()


@pytest.mark.parametrize(
    ("lang", "keep", "aside", "hidden", "wrong"),
    [
        (
            "en",
            "and keep it (the next card is set aside)",
            "and set it aside (keep the next card)",
            "draws two cards and keeps one",
            ": a card face down",
        ),
        (
            "ru",
            "и оставляете её (следующая — в сброс)",
            "и сбрасываете её (следующую оставляете)",
            "тянет две карты, одну оставляет",
            ": карта рубашкой вверх",
        ),
    ],
)
def test_a_draw_is_told_as_a_draw(lang: str, keep: str, aside: str, hidden: str, wrong: str) -> None:
    said = _drawing_table(lang, ["keep", "discard"])  # the keyword alone: the card drawn
    lines = said.splitlines()
    # the person's own draws, said to him ("you: draw", "вы: тянете")
    mine = [line for line in lines if line.startswith(("you: draw ", "вы: тянете "))]
    assert len(mine) == 10 and keep in mine[0] and aside in mine[1], mine[:2]
    assert sum(line.endswith(hidden) for line in lines) == 10  # the bot's ten draws, no card named
    assert wrong not in said  # neither a draw nor a discard is "Ivan: a card face down"


def test_the_draw_keyword_alone_takes_the_card_drawn_and_a_card_still_needs_one_legal() -> None:
    state = make_game("five-hundred", **DRAWING).new_match(seed=3)
    while state.to_act != 0:
        seat = state.to_act
        assert seat is not None
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    drawn = str(state.observation(0).drawn)  # type: ignore[attr-defined]
    assert [str(a) for a in read_line("keep", legal)] == [f"keep {drawn}"]
    assert [str(a) for a in read_line("discard", legal)] == [f"discard {drawn}"]
    with pytest.raises(InputError):
        read_line("give", legal)  # not a keyword of this phase: refused, nothing taken


def _table_story(options: dict[str, object], seed: int, lang: str) -> str:
    """A deal's story at the terminal, the person's choices the heuristic bot's."""
    game = make_game("five-hundred", **options)
    state = game.new_match(seed=seed)
    helper = make_bot("heuristic", game, 77)
    console = Console(record=True, width=200)
    seats = [Seat("you", "human")] + [Seat("heuristic")] * (game.players - 1)
    bots = {s: make_bot("heuristic", game, s) for s in range(1, game.players)}
    table = TerminalTable(state, seats, bots, console=console, read=lambda _: str(helper.act(state, 0)), lang=lang)
    table.run(max_deals=1)
    return console.export_text()


@pytest.mark.parametrize(("lang", "call"), [("en", "calls J♦ as partner"), ("ru", "называет партнёром В♦")])
def test_a_five_handed_partner_call_is_said_in_words(lang: str, call: str) -> None:
    said = _table_story({"players": 5}, 3, lang)
    assert f"Oleg: {call}" in said or f"Олег: {call}" in said
    assert "cli." not in said  # no catalogue key left unsaid


@pytest.mark.parametrize(("lang", "line"), [("en", "You discard 3 more card(s)"), ("ru", "Вам снести ещё карт: 3")])
def test_your_discards_left_are_said_to_you(lang: str, line: str) -> None:
    said = _table_story({"players": 2, "form": "dummies"}, 2, lang)
    assert line in said
    assert "you discards" not in said and "вы сносит" not in said


@pytest.mark.parametrize(
    ("lang", "prompt", "kitty"),
    [("en", "Call a partner card (partner AH", "Kitty: "), ("ru", "Назовите карту партнёра (партнёр Тч", "Прикуп: ")],
)
def test_the_partner_call_has_its_prompt_and_the_kitty_its_name(lang: str, prompt: str, kitty: str) -> None:
    # seed 8: the person wins the five-handed auction and calls the partner card
    said = _table_story({"players": 5, "partner_call": "secret"}, 8, lang)
    lines = said.splitlines()
    call = next(i for i, line in enumerate(lines) if line.startswith(("you: call", "you: go", "вы: назыв", "вы: игра")))
    assert any(line.startswith(prompt) for line in lines[call - 4 : call]), lines[call - 6 : call]
    assert any(line.startswith(kitty) for line in lines) and not any(line.startswith(("Talon:",)) for line in lines)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_card_forms_moments_have_their_prompts(lang: str) -> None:
    # seed 10: the person gives a table card to the kitty, defends, keeps a table card and discards
    said = _table_story({"players": 2, "form": "table_cards"}, 10, lang)
    lines = said.splitlines()
    words = {
        "en": (
            "Add one of the table cards to the kitty: give",
            "Take one of the table cards into your hand: keep",
            "Discard a card face down: discard",
            "you: add ",
        ),
        "ru": (
            "Положите в прикуп одну из карт на столе: отдать",
            "Возьмите себе одну из карт на столе: оставить",
            "Снесите карту в закрытую: снести",
            "вы: кладёте ",
        ),
    }[lang]
    for prompt in words[:3]:
        assert any(line.startswith(prompt) for line in lines), prompt
    assert any(line.startswith(words[3]) and line.endswith(("to the kitty", "в прикуп")) for line in lines)
    assert "Kitty: 4 cards" in said or "В прикупе карт: 4" in said  # three dealt and the other's table card


@pytest.mark.parametrize(
    ("options", "lang", "line"),
    [
        ({"players": 6}, "en", "your partners: Peter, Oleg"),  # teams of three on alternate seats
        ({"players": 6}, "ru", "ваши партнёры: Пётр, Олег"),
        ({"players": 6, "six_teams": "pairs"}, "en", "your partner: Simon"),  # pairs sitting opposite
    ],
)
def test_six_handed_partners_are_all_named(options: dict[str, object], lang: str, line: str) -> None:
    assert line in _table_story(options, 2, lang).splitlines()

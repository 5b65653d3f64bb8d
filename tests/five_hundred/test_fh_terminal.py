"""The terminal's words for Five Hundred's variant moments, in English and Russian: a break and
a claim narrated with their outcomes, the questions asked at the break and the claim, both open
hands of patastrophe (double shields' one) drawn in the status lines, the double misère's pass
(who gives, who discards), the new bids named in words — never a catalogue key."""

from __future__ import annotations

import pytest
from fh_helpers import deal, run
from test_fh_bids import _open_after_first_trick
from test_fh_nullo_pass import LOW as LOW_HANDS
from test_fh_nullo_pass import _won
from test_fh_rules import DEAL_D, KITTY_D, PLAY_D
from test_fh_variants import _claim_ready

from prikup.cli.narrate import Narrator
from prikup.cli.view_five_hundred import VIEW
from prikup.cli.words import Names, action_words, call_words, cards, sort_cards
from prikup.core.cards import cards_of
from prikup.games.five_hundred import StateFiveHundred

LANGS = ("en", "ru")


def _story(s: StateFiveHundred, lang: str, actions: list[str]) -> list[str]:
    narrator = Narrator(s, Names(4, [0], ["heuristic"] * 4, lang), 0, lang)
    lines: list[str] = []
    for a in actions:
        seat = s.to_act
        assert seat is not None
        s.apply(a)
        for event in narrator.after(seat, s.deals[-1].actions[-1][1]):
            lines += [event.text, *event.extra]
    return lines


def _no_keys(lines: list[str]) -> None:
    assert not [x for x in lines if "cli." in x or "fh_" in x], lines


@pytest.mark.parametrize(
    ("lang", "said", "outcome"),
    [
        ("en", "breaks the contract", "Break (Ivan): beaten by two, +100 to the breakers"),
        ("ru", "объявляет срыв контракта", "Срыв (Иван): контракт сорван на две взятки, +100 сорвавшим"),
    ],
)
def test_terminal_narrates_a_break_and_its_outcome(lang: str, said: str, outcome: str) -> None:
    s = deal(DEAL_D, KITTY_D, breaking=100)
    lines = _story(
        s, lang, ["bid 8S", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D", "break", *PLAY_D]
    )
    _no_keys(lines)
    assert any(said in x for x in lines)
    assert any(outcome in x for x in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_narrates_a_lost_break(lang: str) -> None:
    from fh_helpers import DEAL_A, KITTY_A

    s = deal(DEAL_A, KITTY_A, breaking=100)
    run(s, "bid 7S", "pass", "pass", "pass", "discard AH", "discard KH", "discard 5S", "pass")
    narrator = Narrator(s, Names(4, [0], ["heuristic"] * 4, lang), 0, lang)
    narrator.after(3, s.deals[-1].actions[-1][1])
    lines: list[str] = []
    s.apply("break")
    while s.deals[-1].score_changes is None:
        seat = s.to_act
        assert seat is not None
        s.apply(s.legal_actions()[0])
        for event in narrator.after(seat, s.deals[-1].actions[-1][1]):
            lines += [event.text, *event.extra]
    _no_keys(lines)
    want = "not beaten by two, -100 to the breakers" if lang == "en" else "на две взятки не сорван, -100 сорвавшим"
    assert any(want in x for x in lines), lines


@pytest.mark.parametrize(
    ("lang", "ask", "said", "outcome"),
    [
        (
            "en",
            "Claim the remaining tricks? you: claim, or pass to play on",
            "you: claim the remaining tricks",  # the person's own claim, said to him
            "Remaining tricks claimed at trick 2 (you): 100 off for the claim.",
        ),
        (
            "ru",
            "Забрать остальные взятки? вы: «забрать» или «пас» — играть дальше",
            "вы: забираете остальные взятки",
            "Остальные взятки забраны на 2-й взятке (вы): минус 100 за это.",
        ),
    ],
)
def test_terminal_asks_for_a_claim_and_narrates_it_with_its_penalty(
    lang: str, ask: str, said: str, outcome: str
) -> None:
    s = _claim_ready(claim="penalty")
    narrator = Narrator(s, Names(4, [0], ["heuristic"] * 4, lang), 0, lang)
    assert ask in narrator.table_lines(0)
    lines = _story(s, lang, ["claim"])
    _no_keys(lines)
    assert any(said in x for x in lines) and any(outcome in x for x in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_asks_each_defender_whether_to_break(lang: str) -> None:
    s = deal(DEAL_D, KITTY_D, breaking=100)
    run(s, "bid 8S", "pass", "pass", "pass", "discard 4H", "discard 4D", "discard 5D")
    lines = Narrator(s, Names(4, [1], ["heuristic"] * 4, lang), 1, lang).table_lines(1)
    want = "Break the contract (beat it by two tricks)?" if lang == "en" else "Срыв контракта (сорвать на две взятки)?"
    assert any(x.startswith(want) for x in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_draws_both_open_hands_of_patastrophe(lang: str) -> None:
    s = _open_after_first_trick("PAT")
    names = Names(4, [1], ["heuristic"] * 4, lang)
    lines = VIEW.status(s.observation(1), names.__getitem__, lang)
    for seat in (0, 2):
        shown = cards(sort_cards(cards_of(s.hands[seat])), lang)
        assert any(names[seat] in x and shown in x for x in lines), (seat, lines)


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_draws_the_one_open_hand_of_double_shields(lang: str) -> None:
    s = _open_after_first_trick("DSHL")
    names = Names(4, [1], ["heuristic"] * 4, lang)
    lines = VIEW.status(s.observation(1), names.__getitem__, lang)
    open_lines = [x for x in lines if cards(sort_cards(cards_of(s.hands[0])), lang) in x]
    assert len(open_lines) == 1
    assert not any(cards(sort_cards(cards_of(s.hands[2])), lang) in x for x in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_shows_who_gives_and_who_discards_in_the_double_misere_pass(lang: str) -> None:
    s = _won()
    names = Names(4, [0], ["heuristic"] * 4, lang)
    giving = VIEW.status(s.observation(0), names.__getitem__, lang)
    assert any(
        ("Cards to give the partner: 3 more" if lang == "en" else "Отдать партнёру ещё карт: 3") in x for x in giving
    )
    run(s, "give 8C", "give 8S", "give 7D")
    discarding = VIEW.status(s.observation(2), names.__getitem__, lang)
    assert any(names[2] in x and "3" in x for x in discarding)
    lines = _story(s, lang, ["discard AH"])
    _no_keys(lines)


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_names_the_new_bids_in_words(lang: str) -> None:
    for call in ("BMIS", "DMIS", "HILO", "DSHL", "PAT", "SLAM"):
        said = call_words(call, lang)
        assert said != call and "cli." not in said
    assert "cli." not in action_words("misdeal", lang) and "cli." not in action_words("claim", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_double_misere_pass_is_played_from_the_terminal(lang: str) -> None:
    from io import StringIO

    from rich.console import Console

    from prikup.bots import make_bot
    from prikup.cli.terminal import TerminalTable
    from prikup.records import Seat

    # patastrophe (1000), a double misère nobody outbids here, passes the cards the same way
    s = deal(LOW_HANDS, "4D 6D 7D", patastrophe=True, nullo_pass=True)
    typed = iter(["bid PAT", "give 8C", "give 8S", "give 7D", "quit"])  # a give a line
    out = StringIO()
    seats = [Seat("Ivan", "human"), *(Seat("heuristic") for _ in range(3))]
    bots = {seat: make_bot("heuristic", s.game, seed=seat) for seat in (1, 2, 3)}
    table = TerminalTable(s, seats, bots, console=Console(file=out, width=200), lang=lang, read=lambda _p: next(typed))
    with pytest.raises(KeyboardInterrupt):  # "quit" once the play has begun
        table.run()
    text = out.getvalue()
    assert not any(w in text.lower() for w in ("illegal", "not allowed", "нельзя")), text
    assert (
        s.contract_call == "PAT"
        and len(s.tricks) == 0
        and {"8C", "8S", "7D"} <= {str(c) for c in cards_of(s.hands[2])} | {str(c) for c in cards_of(s.discards)}
    )
    gives = "Cards to give the partner: 3 more" if lang == "en" else "Отдать партнёру ещё карт: 3"
    assert gives in text, text
    _no_keys(text.splitlines())

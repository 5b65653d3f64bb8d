"""Everything said in words: numbers as players write them, every deal's result a sentence in
both languages, no Python data anywhere, Russian complete, every catalogue key the terminal uses
defined."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from importlib import resources

import pytest
from rich.console import Console

from prikup import make_game
from prikup.bots import make_bot
from prikup.cli.narrate import Narrator, standings
from prikup.cli.terminal import TerminalTable
from prikup.cli.views import view_for
from prikup.cli.words import Names, action_words, number, signed
from prikup.i18n import catalogue
from prikup.records import Seat

FORMS = [
    ("501", {}),
    ("501", {"players": 4}),
    ("five-hundred", {}),
    ("five-hundred", {"players": 3}),
    ("pyatsot", {}),
    ("pyatsot", {"players": 4}),
    ("preferans", {}),
    ("preferans", {"players": 4}),
]
PYTHON_DATA = re.compile(r"[{}\[\]]|'|\bNone\b|\bTrue\b|\bFalse\b|Fraction\(")


def test_numbers_as_players_write_them() -> None:
    assert number(Fraction(844, 3)) == "281⅓"
    assert number(Fraction(-938, 3)) == "-312⅔"
    assert number(Fraction(7, 2)) == "3½"
    assert number(Fraction(1, 3)) == "⅓"
    assert number(Fraction(12, 7)) == "1 5/7"
    assert number(140) == "140"
    assert signed(Fraction(94, 3)) == "+31⅓" and signed(-25) == "-25" and signed(0) == "0"


def test_calls_in_words() -> None:
    assert action_words("bid 7H", "en") == "7♥"
    assert action_words("bid MIS-WT", "ru") == "мизер без прикупа"
    assert action_words("pass", "ru") == "пас"
    assert action_words("whist", "ru") == "вист"
    assert action_words("contract 100 H", "ru") == "игра 100 ♥"
    assert action_words("give a card", "en") == "a card face down"
    assert action_words("play QH marriage H", "en") == "Q♥ with the ♥ marriage"


@pytest.mark.parametrize(("gid", "options"), FORMS)
def test_every_deal_is_a_sentence_in_both_languages(gid: str, options: dict[str, object]) -> None:
    game = make_game(gid, **options)
    state = game.new_match(seed=5)
    bots = {s: make_bot("heuristic", game, s) for s in range(game.players)}
    lines = {"en": [], "ru": []}  # type: dict[str, list[str]]
    narrators = {
        lang: Narrator(state, Names(game.players, [0], ["you"] + ["heuristic"] * (game.players - 1), lang), 0, lang)
        for lang in lines
    }
    while not state.is_over and len(state.deals) <= 6:
        seat = state.to_act
        assert seat is not None
        action = bots[seat].act(state, seat)
        state.apply(action)
        for lang, narrator in narrators.items():
            for event in narrator.after(seat, action):
                lines[lang] += [event.text, *event.extra]
            if seat == 0 or state.to_act == 0:
                lines[lang] += narrator.table_lines(state.to_act if state.to_act is not None else 0)
    for lang, said in lines.items():
        results = [line for line in said if line.startswith(("Result — ", "Итог — "))]
        assert len(results) >= 5, said[-5:]
        for line in said:
            assert not PYTHON_DATA.search(line.replace("'look'", "")), line
        if lang == "ru":
            text = "\n".join(said)
            leftovers = set(re.findall(r"\b[a-z]{3,}\b", text))  # the keywords too are said in Russian
            assert not leftovers, leftovers
            latin = re.findall(r"(?<!\w)[JQKA][♠♣♦♥]", text)  # a Russian deck's letters: В Д К Т
            assert not latin, latin
    for lang, narrator in narrators.items():
        board = standings(state, narrator.names, lang)
        assert board[0].startswith("1. ") and len(board) == game.players


def test_trick_winners_gifts_dealer_and_partner_are_said() -> None:
    said: dict[str, str] = {}
    for gid, options in (("501", {"players": 4}), ("five-hundred", {})):
        game = make_game(gid, **options)
        state = game.new_match(seed=3)
        bots = {s: make_bot("heuristic", game, s) for s in range(1, game.players)}
        console = Console(record=True, width=200)
        seats = [Seat("you", "human")] + [Seat("heuristic")] * (game.players - 1)
        helper = make_bot("heuristic", game, 77)
        table = TerminalTable(state, seats, bots, console=console, read=lambda _, h=helper, s=state: str(h.act(s, 0)))
        table.run(max_deals=3)
        said[gid] = console.export_text()
    assert re.search(r"Trick \d+ to (you|Ivan|Peter|Simon)", said["501"])
    assert "deals and sits this deal out" in said["501"] or "you deal and sit this deal out" in said["501"]
    assert re.search(r"you gave \S+ to (Ivan|Peter|Simon)|(Ivan|Peter|Simon) gave you \S+", said["501"])
    assert "your partner: Peter" in said["five-hundred"]


def test_preferans_standings_keep_their_fractions() -> None:
    game = make_game("preferans", players=3)
    state = game.new_match(seed=1)
    bots = {s: make_bot("heuristic", game, s) for s in range(3)}
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].act(state, seat))
    names = Names(3, [], ["heuristic"] * 3, "en")
    board = standings(state, names, "en")
    scores = sorted((Fraction(v) for v in state.scores), reverse=True)
    assert [line.split()[-1] for line in board] == [number(v) for v in scores]


def test_every_catalogue_key_the_terminal_uses_is_defined() -> None:
    keys = catalogue()
    folder = resources.files("prikup") / "cli"
    used: set[str] = set()
    for path in [*folder.iterdir(), *(folder / "tui").iterdir()]:
        if path.name.endswith(".py"):
            used |= set(re.findall(r'\bt\w*\(\s*"([a-z_]+(?:\.[a-z0-9_]+)?)"', path.read_text(encoding="utf-8")))
    assert len(used) > 60
    missing = sorted(k for k in used if k not in keys and not k.endswith("_"))
    assert not missing
    for key, pair in keys.items():
        if key.startswith(("cli.", "rules.")):
            assert pair.get("en") and pair.get("ru"), key


def test_replay_speaks_russian(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "m.json"
    run = subprocess.run(
        [sys.executable, "-m", "prikup", "play", "preferans", "--auto", "--seed", "2", "--record", str(record)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    run = subprocess.run(
        [sys.executable, "-m", "prikup", "replay", str(record), "--lang", "ru"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "Итог партии: 1. место" in run.stdout and "пуля" in run.stdout
    view = view_for("preferans")
    assert view.describe({"outcome": "raspasy", "tricks": {"0": 2, "1": 3, "2": 5}}, "ru").startswith("Распасы")


@pytest.mark.parametrize(("gid", "options"), FORMS)
def test_the_sheet_is_drawn_before_any_deal_is_scored(gid: str, options: dict[str, object]) -> None:
    state = make_game(gid, **options).new_match(seed=1)
    for lang in ("en", "ru"):
        names = Names(state.game.players, [0], ["you"] + ["heuristic"] * (state.game.players - 1), lang)
        sheet = view_for(gid).sheet(state, names.__getitem__, lang)
        assert sheet and names[1] in sheet[0]


@pytest.mark.parametrize(
    ("lang", "yours", "theirs"),
    [("en", "you: look at the cards", "looks at the cards"), ("ru", "вы: смотрите карты", "смотрит карты")],
)
def test_the_players_own_actions_take_the_form_for_you(lang: str, yours: str, theirs: str) -> None:
    # seed 3: both bots pass, the person (the dealer) looks at his cards, bids, gives two cards
    game = make_game("501")
    state = game.new_match(seed=3)
    helper = make_bot("heuristic", game, 7)
    console = Console(record=True, width=200)
    seats = [Seat("you", "human"), Seat("heuristic"), Seat("heuristic")]
    bots = {s: make_bot("heuristic", game, 3000 + s) for s in (1, 2)}
    TerminalTable(state, seats, bots, console=console, read=lambda _: str(helper.act(state, 0)), lang=lang).run(
        max_deals=1
    )
    said = console.export_text()
    assert yours in said.splitlines()  # his own look, in the second person
    assert any(line.endswith(theirs) and not line.startswith(("you", "вы")) for line in said.splitlines())
    # his gifts in the order of the sentence, the receiver named in the nominative
    gift = {"en": r"^you gave \S+ to (Ivan|Peter)$", "ru": r"^(Иван|Пётр) получает от вас \S+$"}[lang]
    assert any(re.match(gift, line) for line in said.splitlines()), said
    lines = said.splitlines()
    assert "you: looks at the cards" not in lines and "вы: смотрит карты" not in lines and "вы отдали" not in said


def test_every_verb_of_an_action_has_its_form_for_you() -> None:
    words = catalogue()
    nouns = {"cli.act_pass", "cli.act_whist", "cli.act_half_whist", "cli.act_pulya"}  # "пас", "вист": no person
    verbs = [k for k in words if re.fullmatch(r"cli\.act_\w+", k) and not k.endswith("_you") and k not in nouns]
    assert len(verbs) >= 15 and all(f"{k}_you" in words for k in verbs), [k for k in verbs if f"{k}_you" not in words]
    same_in_russian = {"open", "closed"}  # "в светлую", "в тёмную": no verb
    for game_id in ("501", "five-hundred", "pyatsot", "preferans"):
        for players in (3, 4):
            for action in make_game(game_id, players=players).all_actions():
                text = str(action)
                kind = text.split()[0].replace("-", "_")
                if f"cli.act_{kind}" not in verbs:
                    continue
                for lang in ("en", "ru"):
                    if lang == "ru" and kind in same_in_russian:
                        continue
                    assert action_words(text, lang, you=True) != action_words(text, lang), (lang, text)

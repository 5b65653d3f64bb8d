"""Every refusal id has its words in both languages, and every command speaks Russian with
``--lang ru`` (or ``PRIKUP_LANG=ru``): its help, its usage errors and every refusal, one line each."""

from __future__ import annotations

import json
import os
import re
import string
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import typer.main

from prikup.cli.localize import help_key, localize, only_lang, pick_lang
from prikup.cli.main import app
from prikup.cli.teach import describe, explain_refusal
from prikup.core.errors import OptionError
from prikup.core.refusals import ENGLISH, Refusal, refusal
from prikup.i18n import catalogue

#: A sample value for each field name a refusal uses (the notation's own values).
SAMPLE: dict[str, str | int] = {
    "suit": "S",
    "trump": "H",
    "card": "KS",
    "cards": "KS QS",
    "suits": "S C",
    "call": "7H",
    "bid": 80,
    "seat": 1,
    "phase": "auction",
    "errno": 2,
}
LEGAL = ["pass", "bid 67", "bid 68", "bid 70"]
#: The games' own words in English: none may be left in a Russian message (the notation's keywords, such as
#: "marriage" in "play KH marriage H", are what the player types and stay).
GAME_WORDS = [
    "trump",
    "trumps",
    "talon",
    "misère",
    "misere",
    "whists",
    "gora",
    "raspasy",
    "kitty",
    "joker",
    "bower",
    "dealer",
    "declarer",
    "barrel",
    "trick",
    "tricks",
    "points",
    "partner",
    "no-trump",
]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def sample(rule: str) -> Refusal:
    """The refusal ``rule`` with every field its sentences name filled in."""
    pair = catalogue()[f"rules.{rule}"]
    names = _fields(ENGLISH[rule]) | _fields(pair["en"]) | _fields(pair["ru"])
    names.discard("cause")
    if "allowed" not in _fields(ENGLISH[rule]):
        names.discard("allowed")
    cause = refusal("not_held", card="KS") if "cause" in _fields(ENGLISH[rule]) else None
    return refusal(
        rule, cause, **{n: SAMPLE.get(n, 3 if n in ("n", "low", "high", "limit", "cap") else "x") for n in names}
    )


@pytest.mark.parametrize("rule", list(ENGLISH))
def test_every_refusal_id_is_said_in_both_languages(rule: str) -> None:
    why = sample(rule)
    english = str(why)
    assert "{" not in english and english.strip(), english
    for lang in ("en", "ru"):
        for legal in ([], LEGAL):
            text = explain_refusal(why, lang, legal)
            assert text.strip() and "{" not in text and "}" not in text and "\n" not in text, (lang, text)
            if lang == "ru" and rule != "text":  # "text": a foreign library's message, kept as it is
                assert re.search("[а-яё]", text, re.IGNORECASE), text
                words = re.sub("«[^»]*»", "", text)  # what the player types is quoted: «barrel=…»
                left = [w for w in GAME_WORDS if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", words, re.I)]
                assert not left, f"{rule}: Latin game words {left} in {text!r}"


def test_the_ids_are_documented_with_their_fields() -> None:
    page = (resources.files("prikup") / "docs" / "api.md").read_text(encoding="utf-8")
    for rule, template in ENGLISH.items():
        row = next((line for line in page.splitlines() if line.startswith(f"| `{rule}` ")), None)
        assert row is not None, f"{rule} is not in the refusal table of api.md"
        for name in _fields(template):
            assert f"`{name}`" in row, f"{rule}: field {name} not documented"


def test_an_error_of_the_core_carries_its_id_and_fields() -> None:
    from prikup import make_game

    with pytest.raises(OptionError) as caught:
        make_game("501", max_bid=5)
    err = caught.value
    assert err.rule == "option_value" and err.fields["option"] == "max_bid" and err.fields["value"] == 5
    assert str(err) == "option max_bid=5 is not allowed: expected an integer 66..1000"
    assert describe(err, "ru") == "настройка max_bid=5 недопустима: нужно целое число 66..1000"


def test_the_language_is_picked_before_the_command_line_is_built() -> None:
    assert pick_lang(["play", "--lang", "ru"], {}) == "ru"
    assert pick_lang(["--lang=ru", "play"], {"PRIKUP_LANG": "en"}) == "ru"
    assert pick_lang(["play"], {"PRIKUP_LANG": "ru"}) == "ru"
    assert pick_lang(["play", "--lang", "de"], {"PRIKUP_LANG": "ru"}) == "en"
    assert only_lang(["--lang", "ru"]) and not only_lang(["--lang", "ru", "games"])


def test_every_command_and_option_has_help_in_both_languages() -> None:
    group: Any = typer.main.get_command(app)
    localize(group, "ru")
    keys = [help_key(None)] + [f"cli.help.root.{p.name}" for p in group.params]
    for name, command in group.commands.items():
        keys.append(help_key(name))
        assert re.search("[а-я]", command.help), name
        for param in command.params:
            keys.append(help_key(name, param.name))
            assert re.search("[а-я]", param.help or ""), (name, param.name)
    for key in keys:
        pair = catalogue()[key]
        assert pair["en"] and pair["ru"], key
    localize(group, "en")
    assert group.commands["play"].params[0].help.startswith("the game")


def prikup(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, COLUMNS="200", **(env or {}))
    full.pop("PRIKUP_LANG", None) if env is None else None
    return subprocess.run(
        [sys.executable, "-m", "prikup", *args], capture_output=True, text=True, timeout=120, env=full
    )


def test_help_in_russian() -> None:
    run = prikup("--lang", "ru", "play", "--help")
    assert run.returncode == 0, run.stderr
    for words in ("Запуск: prikup play", "Параметры", "Аргументы", "число игроков", "Показать эту справку"):
        assert words in run.stdout, run.stdout
    assert "[по умолчанию: ru]" in run.stdout  # --lang ru is the default of the command's own --lang
    run = prikup("solve", "--help", env={"PRIKUP_LANG": "ru"})
    assert "Решить позицию" in run.stdout and "номер сдачи" in run.stdout, run.stdout
    top = prikup("--lang", "ru")
    assert top.returncode == 0 and "Команды" in top.stdout and "Карточные игры" in top.stdout


def test_help_shows_what_each_option_takes_and_nothing_for_a_flag() -> None:
    # typer alone shows a flag as "<bool>" (as if it took a value) and the types by their Python names
    for lang, words in (("en", ("<integer>", "<text> …", "<path>")), ("ru", ("<целое>", "<текст> …", "<путь>"))):
        run = prikup("--lang", lang, "play", "--help")
        assert run.returncode == 0, run.stderr
        assert "<bool>" not in run.stdout and "<int>" not in run.stdout and "<str>" not in run.stdout, run.stdout
        for word in words:
            assert word in run.stdout, (word, run.stdout)
        auto = next(line for line in run.stdout.splitlines() if "--auto" in line)
        assert "<" not in auto, auto  # a flag takes no value
    top = prikup("--help")
    assert "<bool>" not in top.stdout and "<text>" in top.stdout, top.stdout


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("ru")
    (folder / "notjson.json").write_text("{ not json")
    bad = {"format": "prikup-record/1", "game": "501", "deals": [{"dealer": 0, "hands": {"1": ["KS"]}}]}
    (folder / "seats.json").write_text(json.dumps(bad))
    return {"folder": folder, "notjson": folder / "notjson.json", "seats": folder / "seats.json"}


RU_BAD = [
    (["play", "whist"], "неизвестная игра «whist»"),
    (["play", "501", "--players", "x"], "неверное значение --players"),
    (["play", "501", "--option", "colour=red"], "нет настройки «colour»"),
    (["play", "501", "--option", "max_bid=5"], "нужно целое число 66..1000"),
    (["play", "501", "--option", "nonsense"], "пишите имя=значение"),
    (["play", "501", "--bots", "nobot"], "неизвестный бот «nobot»"),
    (["play", "501", "--bots", "pimc:samples=x"], "недопустимо: целое число 1..1000"),
    (["play", "501", "--bots", "pimc:colour=red"], "нет настройки «colour»"),
    (["play", "501", "--seat", "9"], "9"),
    (["play", "501", "--record", "/no/such/folder/m.json"], "/no/such/folder"),
    (["play", "501", "--nosuch"], "нет параметра --nosuch"),
    (["play", "501", "extra"], "лишние аргументы: extra"),
    (["nosuchcommand"], "нет команды «nosuchcommand»"),
    (["replay", "{folder}/missing.json"], "нет такого файла"),
    (["replay", "{notjson}"], "это не JSON"),
    (["replay", "{seats}"], "сдача 1: неверные карты: руки даны для мест [1]"),
    (["rules", "chess"], "неизвестная игра «chess»"),
    (["solve", "{folder}/missing.json", "--deal", "1", "--trick", "1"], "нет такого файла"),
    (["solve", "{notjson}", "--deal", "1"], "укажите"),
    (["arena", "501", "--bots", "nobot,random,random"], "неизвестный бот «nobot»"),
    (["serve", "--port", "99999"], "--port 99999"),
    (["serve", "--workers", "0"], "не меньше 1"),
]


@pytest.mark.parametrize(("args", "expected"), RU_BAD, ids=[" ".join(a) for a, _ in RU_BAD])
def test_bad_arguments_give_one_russian_line(args: list[str], expected: str, records: dict[str, Path]) -> None:
    filled = [a.format(**{k: str(v) for k, v in records.items()}) for a in args]
    run = prikup(*filled, "--lang", "ru")
    assert run.returncode != 0, run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    line = lines[0]
    assert line.startswith("ошибка: ") and re.search("[а-яё]", line.removeprefix("ошибка: ")), line
    assert expected in line, line


def test_the_environment_picks_russian_too() -> None:
    run = prikup("play", "whist", env={"PRIKUP_LANG": "ru"})
    assert run.returncode == 1 and run.stderr.strip().startswith("ошибка: неизвестная игра «whist»"), run.stderr


def test_the_prompt_refuses_in_russian() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "prikup", "play", "501", "--seed", "1", "--lang", "ru", "--plain"],
        input="bid 5\nlook 3\nbid 7H\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, COLUMNS="200"),
    )
    assert "Нельзя: заказать сейчас можно 67..220 или пас" in run.stdout, run.stdout
    said = " ".join(run.stdout.split())
    assert "Нельзя: в 501 «смотреть» пишут без номера места" in said, said
    assert "Нельзя: заказ в 501 — целое число очков" in said, said


def test_games_lists_every_option_in_russian() -> None:
    from prikup.games import GAMES

    run = prikup("games", "--lang", "ru")
    assert run.returncode == 0, run.stderr
    said = " ".join(run.stdout.split())
    for gid, cls in GAMES.items():
        for option in cls.OPTIONS:
            pair = catalogue()[f"cli.opt.{gid}.{option.name}"]
            assert pair["en"] == option.help, f"{gid} {option.name}: the catalogue's English is not the option's help"
            assert " ".join(pair["ru"].split()) in said, (gid, option.name)
    assert "целое число 66..1000" in said and "an integer" not in said


def test_errors_keep_their_refusal_through_pickle() -> None:
    import pickle

    from prikup import make_game
    from prikup.core.errors import IllegalActionError
    from prikup.records import RecordError, replay

    state = make_game("501").new_match(seed=1)
    with pytest.raises(IllegalActionError) as caught:
        state.apply("play AS")
    with pytest.raises(RecordError) as bad:
        replay({"format": "prikup-record/1", "game": "501", "deals": [{"dealer": 0, "hands": {"1": ["KS"]}}]})
    for err in (caught.value, bad.value):
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and str(back) == str(err)
        assert back.rule == err.rule and back.fields == err.fields and back.refusal == err.refusal
    assert bad.value.rule == "record_bad_card" and bad.value.refusal.cause is not None
    assert bad.value.refusal.cause.rule == "deal_seats" and pickle.loads(pickle.dumps(bad.value)).deal == 1


#: The refusals that list what the notation reads (ranks, jokers, suits, calls): their words in
#: both languages name every one the core's own sentence names.
LISTING = ["card_bad", "action_bad_call", "fh_auction_form", "pf_no_call"]
#: Capitals in the core's sentences that stand for a value, not notation.
PLACEHOLDERS = {"CALL", "SUIT", "GAME", "CARD"}


def _notation(sentence: str) -> set[str]:
    found = re.findall(r"(?<![\w{])(?:[A-Z][A-Z0-9]*|[0-9]+[A-Z][A-Z0-9-]*|1[0-3]|JK[12]?)(?![\w}])", sentence)
    return set(found) - PLACEHOLDERS


@pytest.mark.parametrize("rule", LISTING)
def test_the_catalogue_lists_every_card_and_call_the_core_reads(rule: str) -> None:
    pair = catalogue()[f"rules.{rule}"]
    wanted = _notation(ENGLISH[rule])
    assert wanted, rule
    for lang in ("en", "ru"):
        missing = sorted(t for t in wanted if t not in pair[lang])
        assert not missing, f"{rule} in {lang} leaves out {missing}: {pair[lang]}"

"""The page's words and presets: every key the page uses is in the catalogue in both languages,
every option, choice, preset and bot level of every game has words, each preset builds a valid
game, and the server serves the catalogue and the presets (a real server over a real socket)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from web_driver import ServerProcess

from prikup.bots import bot_names
from prikup.games import GAMES, make_game
from prikup.games.presets import PRESETS, presets_for
from prikup.i18n import catalogue, words

STATIC = Path(__file__).resolve().parents[2] / "src" / "prikup" / "server" / "static"
FIELD = re.compile(r"\{(\w+)\}")


def page_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in [*STATIC.glob("js/*.js"), STATIC / "index.html"])


def test_every_key_the_page_names_is_in_the_catalogue_in_both_languages() -> None:
    text = page_sources()
    keys = set(re.findall(r"\bt\(\"([\w.-]+)\"", text)) | set(re.findall(r'data-t(?:-label)?="([\w.-]+)"', text))
    assert len(keys) > 100
    keys = {k for k in keys if not k.endswith((".", "_"))}  # "web.rank." + rank: the dynamic ones are checked below
    missing = sorted(k for k in keys if k not in catalogue())
    assert missing == []
    for key in keys:
        pair = catalogue()[key]
        assert pair.get("en") and pair.get("ru"), key


def test_both_languages_fill_the_same_fields() -> None:
    for key, pair in catalogue().items():
        if key.startswith("web."):
            assert set(FIELD.findall(pair["en"])) == set(FIELD.findall(pair["ru"])), key


def test_every_game_option_choice_preset_and_bot_has_words() -> None:
    cat = catalogue()
    for gid, cls in GAMES.items():
        assert f"web.game.{gid}" in cat and f"web.game_help.{gid}" in cat
        for o in cls.OPTIONS:
            assert f"web.opt.{gid}.{o.name}" in cat, (gid, o.name)
            assert f"web.opt_help.{gid}.{o.name}" in cat, (gid, o.name)
            for c in o.choices or ():
                if isinstance(c, int):  # numbers (3 or 4 players) are shown as they are
                    continue
                assert f"web.choice.{gid}.{o.name}.{c}" in cat or f"web.choice.{c}" in cat, (gid, o.name, c)
        for pid in PRESETS[gid]:
            assert f"web.preset.{gid}.{pid}" in cat and f"web.preset_help.{gid}.{pid}" in cat, (gid, pid)
        for level in bot_names(cls()):
            if level != "oracle":  # the all-seeing bot is never offered as an opponent
                assert f"web.bot.{level}" in cat and f"web.bot_help.{level}" in cat, level
        assert f"web.do.take_{gid}" in cat
    for r in "23456789TJQKA":
        assert f"web.rank.{r}" in cat
    for s in "SCDH":
        assert f"web.suit_of.{s}" in cat


def test_every_refusal_code_of_the_server_has_words() -> None:
    server_src = "\n".join(p.read_text(encoding="utf-8") for p in (STATIC.parent).glob("*.py"))
    codes = set(re.findall(r'ProtocolError\(\s*"(\w+)"', server_src))
    assert {"not_your_turn", "bad_token", "seat_taken"} <= codes
    quiet = {
        "unknown_type",
        "no_hello",
        "already_seated",
        "wrong_seat",
        "conflict",
        "bad_seat",
        "broken_table",
        "bad_options",
        "unknown_language",
    }  # the page never sends what would earn these
    for code in codes - quiet:
        assert f"web.err.{code}" in catalogue(), code


def test_every_preset_builds_a_valid_game_and_changes_something_or_is_the_default() -> None:
    for gid, presets in PRESETS.items():
        assert gid in GAMES
        defaults = [pid for pid, opts in presets.items() if not opts]
        assert len(defaults) == 1, gid  # one preset is the game as it comes
        for pid, opts in presets.items():
            game = make_game(gid, **opts)
            for name, value in opts.items():
                assert game.options[name] == value, (gid, pid, name)
    assert presets_for("no-such-game") == []


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("words")
    proc = ServerProcess(f"sqlite:///{folder / 'w.sqlite3'}").start()
    yield proc
    proc.stop()


def test_the_server_serves_the_catalogue_and_the_presets(server: ServerProcess) -> None:
    for lang in ("en", "ru"):
        r = httpx.get(f"{server.base}/api/words/{lang}", timeout=10)
        assert r.status_code == 200 and r.json() == words(lang)
    r = httpx.get(f"{server.base}/api/words/de", timeout=10)
    assert r.status_code == 404
    assert list(r.json()) == ["detail"] and "en, ru" in r.json()["detail"]  # the protocol's error body
    games = httpx.get(f"{server.base}/api/games", timeout=10).json()
    for g in games:
        assert [p["id"] for p in g["presets"]] == list(PRESETS[g["id"]])

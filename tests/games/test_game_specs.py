"""Each game is registered once (``prikup.games.spec.SPECS``); every registry reads that entry."""

from __future__ import annotations

import pytest

from prikup.bots import BOTS, make_bot
from prikup.cli.views import view_for
from prikup.core.errors import OptionError
from prikup.games import ALIASES, GAMES, SPECS, find_game, make_game
from prikup.games.presets import PRESETS
from prikup.games.spec import load
from prikup.solver import ADAPTERS


def test_the_games_are_the_specs_in_order() -> None:
    assert list(GAMES) == list(SPECS) == ["501", "five-hundred", "pyatsot", "preferans"]
    assert all(GAMES[gid] is spec.game for gid, spec in SPECS.items())


@pytest.mark.parametrize("gid", list(SPECS))
def test_every_alias_finds_its_game(gid: str) -> None:
    for alias in SPECS[gid].aliases:
        assert ALIASES[alias] == gid
        assert find_game(alias.upper()) is SPECS[gid].game


@pytest.mark.parametrize("gid", list(SPECS))
def test_heuristic_bot_is_the_specs(gid: str) -> None:
    spec = SPECS[gid]
    cls = load(spec.heuristic)
    assert BOTS["heuristic"][gid] is cls
    assert type(make_bot("heuristic", make_game(gid), 1)) is cls


@pytest.mark.parametrize("gid", list(SPECS))
def test_solver_adapter_and_view_are_the_specs(gid: str) -> None:
    spec = SPECS[gid]
    assert ADAPTERS[gid] is load(spec.solver)
    assert view_for(gid) is load(spec.view)


@pytest.mark.parametrize("gid", list(SPECS))
def test_observation_class_and_presets_come_with_the_spec(gid: str) -> None:
    spec = SPECS[gid]
    assert spec.observation is spec.game.OBSERVATION
    assert dict(spec.presets) == PRESETS[gid]
    state = make_game(gid).new_match(3)
    assert type(state.observation(0)) is spec.observation
    for options in spec.presets.values():
        make_game(gid, **options)


def test_a_reference_to_nothing_fails_plainly() -> None:
    with pytest.raises(AttributeError):
        load("prikup.games.spec:NO_SUCH_THING")


def test_make_game_gives_the_same_configured_game_for_the_same_options() -> None:
    # a game is an immutable value: the same options give the same (prebuilt) object
    assert make_game("five-hundred", players=3) is make_game("Five-Hundred", players=3)
    assert make_game("five-hundred", players=3) is not make_game("five-hundred", players=4)
    assert make_game("preferans", pulya=10).options["pulya"] == 10
    # a value is keyed with its type (True is not 1) and checked as given: True is no player count
    with pytest.raises(OptionError, match="players"):
        make_game("501", players=True)


@pytest.mark.parametrize("value", [[3], {"n": 3}, "three"])
def test_make_game_refuses_a_bad_option_every_time_in_one_line(value: object) -> None:
    for _ in range(2):  # a refusal is not kept: asked again, it is refused again
        with pytest.raises(OptionError) as info:
            make_game("501", players=value)
        assert "\n" not in str(info.value) and "players" in str(info.value)

"""Typed options: each game's options are read once into ``game.rules``, a frozen value with a
field per declared option (a choice of words as an enum of exactly the declared choices)."""

from __future__ import annotations

import dataclasses
import typing
from enum import StrEnum

import pytest
from test_core_fast_api import CONFIGS, config_id

from prikup import make_game
from prikup.core.errors import OptionError
from prikup.core.options import read_rules
from prikup.games import GAMES
from prikup.games.table_rules import (
    BidCap,
    Concede,
    Excess,
    ExchangeOrder,
    JokerNT,
    MisereFrom,
    NoBid,
    Rules501,
    RulesPyatsot,
)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_declared_option_is_a_typed_field_of_the_same_name(name: str) -> None:
    cls = GAMES[name]
    hints = typing.get_type_hints(cls.RULES)
    assert [f.name for f in dataclasses.fields(cls.RULES)] == [o.name for o in cls.OPTIONS]
    for option in cls.OPTIONS:
        kind = hints[option.name]
        if isinstance(kind, type) and issubclass(kind, StrEnum):
            assert option.choices is not None
            assert [m.value for m in kind] == list(option.choices), f"{option.name}: the enum is the choices"
        else:
            assert kind is type(option.default), option.name


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_rules_hold_every_option_value(config: tuple[str, dict[str, object]]) -> None:
    game = make_game(*config[:1], **config[1])
    assert game.rules.as_options() == dict(game.options)
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.rules.players = 5  # type: ignore[misc]


def test_enum_fields_are_members_not_strings() -> None:
    g = make_game("501", concede="before_play", exchange_order="contract_first")
    assert isinstance(g.rules, Rules501)
    assert g.rules.concede is Concede.BEFORE_PLAY and g.rules.exchange_order is ExchangeOrder.CONTRACT_FIRST
    assert g.concede_before_play and g.contract_first
    assert make_game("501").rules.concede is Concede.AT_TALON
    assert make_game("preferans", excess="none").rules.excess is Excess.NONE
    p = make_game("pyatsot", bid_cap="best", barrel=100, target=220)
    assert isinstance(p.rules, RulesPyatsot) and p.rules.bid_cap is BidCap.BEST and p.rules.target == 220
    assert make_game("five-hundred", joker_nt="any_time").rules.joker_nt is JokerNT.ANY_TIME


def test_five_hundred_auto_options_resolve_to_the_forms_rule() -> None:
    four, three = make_game("five-hundred"), make_game("five-hundred", players=3)
    assert four.rules.no_bid is NoBid.AUTO and four.no_bid is NoBid.REDEAL  # type: ignore[attr-defined]
    assert three.no_bid is NoBid.PLAY_NT  # type: ignore[attr-defined]
    assert four.misere_from is MisereFrom.SEVEN and three.misere_from is MisereFrom.ANY  # type: ignore[attr-defined]
    assert make_game("five-hundred", no_bid="pass_deal").no_bid is NoBid.PASS_DEAL  # type: ignore[attr-defined]


def test_a_value_of_the_wrong_type_is_refused_in_one_line() -> None:
    with pytest.raises(OptionError, match=r"option max_bid='high' is not allowed"):
        read_rules(Rules501, {"players": 3, "max_bid": "high", "exchange_order": "gifts_first", "concede": "at_talon"})
    with pytest.raises(OptionError, match=r"option concede='now' is not allowed: expected at_talon \| before_play$"):
        read_rules(Rules501, {"players": 3, "max_bid": 220, "exchange_order": "gifts_first", "concede": "now"})

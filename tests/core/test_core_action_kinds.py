"""Action words: the core declares the four every game has, each game declares its own next to
its rules, and the parser reads the shape of each word from its declaration."""

from __future__ import annotations

import copy
import pickle

import pytest

import prikup.core.actions as core_actions
import prikup.games.ace_ten as ace_ten
import prikup.games.five_hundred_actions as five_hundred_actions
import prikup.games.five_oh_one_actions as five_oh_one_actions
import prikup.games.preferans_actions as preferans_actions
import prikup.games.pyatsot_actions as pyatsot_actions
from prikup import ActionParseError, make_game, parse_action
from prikup.core.actions import MODIFIERS, Action, ActionKind, Takes, declare_modifier

#: The refusal of an unknown word lists the known ones in this order (pinned: the text of a
#: refusal is part of what a user sees).
KNOWN = (
    "pass, look, concede, whist, half-whist, open, closed, take, settle, invite, pulya, "
    "bid, contract, give, keep, discard, play, misdeal, claim, break, partner, alone"
)


def _declared_in(module: object) -> set[str]:
    return {v.value for v in vars(module).values() if isinstance(v, ActionKind)}


def test_core_declares_only_the_words_every_game_has() -> None:
    assert _declared_in(core_actions) == {"pass", "bid", "contract", "play"}


@pytest.mark.parametrize(
    ("module", "words"),
    [
        (ace_ten, {"give", "concede"}),
        (five_oh_one_actions, {"look", "give", "concede"}),
        (pyatsot_actions, {"give", "concede", "keep", "take"}),
        (five_hundred_actions, {"discard", "misdeal", "claim", "break", "give", "partner", "alone"}),
        (
            preferans_actions,
            {"look", "whist", "half-whist", "open", "closed", "take", "settle", "invite", "pulya", "discard"},
        ),
    ],
)
def test_each_game_declares_its_own_words(module: object, words: set[str]) -> None:
    assert _declared_in(module) - {"pass", "bid", "contract", "play"} == words


def test_every_word_an_action_of_a_game_uses_is_declared() -> None:
    for gid, options in [("501", {}), ("pyatsot", {}), ("five-hundred", {}), ("preferans", {"players": 4})]:
        for action in make_game(gid, **options).all_actions():
            assert ActionKind(action.kind.value) is action.kind


def test_the_unknown_word_refusal_lists_the_known_words_in_their_order() -> None:
    assert ", ".join(str(k) for k in ActionKind) == KNOWN
    assert [k.order for k in ActionKind] == sorted(k.order for k in ActionKind)
    with pytest.raises(ActionParseError) as caught:
        parse_action("jump")
    assert str(caught.value) == f"bad action 'jump': unknown keyword 'jump'; known: {KNOWN}"


def test_the_unknown_modifier_refusal_lists_the_known_modifiers_in_their_order() -> None:
    assert list(MODIFIERS) == ["marriage", "as", "declare"]
    with pytest.raises(ActionParseError, match=r"known: marriage, as, declare$"):
        parse_action("play KS with H")


def test_a_declared_kind_is_found_by_attribute_and_by_keyword() -> None:
    assert ActionKind.WHIST is ActionKind("whist") is preferans_actions._K_WHIST
    assert ActionKind.HALF_WHIST.value == "half-whist" and repr(ActionKind.HALF_WHIST) == "ActionKind.HALF_WHIST"
    assert str(ActionKind.TAKE) == "take" and ActionKind.PULYA.takes is Takes.NUMBER
    assert ActionKind.LOOK is five_oh_one_actions._K_LOOK is preferans_actions._K_LOOK  # two games, one value


def test_a_declared_kind_and_phase_are_plain_class_attributes() -> None:
    """Read as class attributes, not through the metaclass's ``__getattr__`` (which runs after a
    failed lookup has built its AttributeError: a microsecond in a hot step such as 501's ``_do``)."""
    from prikup.core.phases import Phase

    for kind in ActionKind:
        assert vars(ActionKind)[kind.name] is kind
    for phase in Phase:
        assert vars(Phase)[phase.name] is phase


def test_an_undeclared_kind_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"'jump' is not a declared action kind \(known: pass, look"):
        ActionKind("jump")
    with pytest.raises(AttributeError, match=r"no action kind 'JUMP'.*PASS, LOOK"):
        _ = ActionKind.JUMP


def test_a_second_declaration_must_repeat_the_first() -> None:
    assert ActionKind.declare("TAKE", "take", Takes.NOTHING, order=7) is ActionKind.TAKE
    with pytest.raises(ValueError, match="already declared as 'take'"):
        ActionKind.declare("TAKE", "take", Takes.CARD, order=7)
    with pytest.raises(ValueError, match="keyword 'whist' is already declared by WHIST"):
        ActionKind.declare("WHIST2", "whist", Takes.NOTHING, order=99)
    with pytest.raises(ValueError, match="place 3 among the known words is 'whist'"):
        ActionKind.declare("DOUBLE", "double", Takes.NOTHING, order=3)
    assert declare_modifier("as", suit=True, order=1) == "as"
    with pytest.raises(ValueError, match="'as' is already declared otherwise"):
        declare_modifier("as", suit=False, order=1)
    with pytest.raises(ValueError, match="place 0 among the known modifiers"):
        declare_modifier("with", suit=True, order=0)
    assert "DOUBLE" not in {k.name for k in ActionKind} and "with" not in MODIFIERS


def test_a_game_declaring_a_word_makes_it_parse_with_its_shape() -> None:
    # a game of the future declares "redouble": bare, and "raise N" with a required number
    names = {k.name for k in ActionKind}
    try:
        redouble = ActionKind.declare("REDOUBLE", "redouble", Takes.NOTHING, order=1000)
        raise_ = ActionKind.declare("RAISE", "raise", Takes.NUMBER, order=1001)
        assert parse_action("REDOUBLE") == Action(redouble)
        assert parse_action("raise 2") == Action(raise_, number=2)
        assert list(ActionKind)[-2:] == [redouble, raise_]
        with pytest.raises(ActionParseError, match="redouble"):
            parse_action("redouble 2")
        with pytest.raises(ActionParseError, match="raise"):
            parse_action("raise")
    finally:  # leave the registry as the project declares it
        for name in ("REDOUBLE", "RAISE"):
            kind = ActionKind._by_name.pop(name, None)
            if kind is not None:
                del ActionKind._by_value[kind.value]
        ActionKind._ordered = tuple(k for k in ActionKind._ordered if k.name in names)
    assert ", ".join(map(str, ActionKind)) == KNOWN


@pytest.mark.parametrize(
    ("text", "takes"),
    [
        ("pass", Takes.NOTHING),
        ("look", Takes.NUMBER_OR_NOTHING),
        ("look 3", Takes.NUMBER_OR_NOTHING),
        ("pulya 3", Takes.NUMBER),
        ("bid 80", Takes.CALL),
        ("contract 100 H", Takes.CALL),
        ("keep AH", Takes.CARD),
        ("play 9S marriage H", Takes.CARD),
    ],
)
def test_the_shape_of_each_word_is_its_declaration(text: str, takes: Takes) -> None:
    action = parse_action(text)
    assert action.kind.takes is takes and str(action) == text


@pytest.mark.parametrize("text", ["pulya", "pulya x", "look x", "whist 2", "keep", "bid"])
def test_a_word_without_its_declared_shape_is_refused(text: str) -> None:
    with pytest.raises(ActionParseError, match=f"'{text}'"):
        parse_action(text)


def test_an_action_kind_is_immutable_and_copies_and_pickles_to_itself() -> None:
    for kind in ActionKind:
        assert pickle.loads(pickle.dumps(kind)) is kind
        assert copy.copy(kind) is kind and copy.deepcopy(kind) is kind
    action = parse_action("half-whist")
    assert pickle.loads(pickle.dumps(action)) == action
    with pytest.raises(AttributeError, match="immutable"):
        ActionKind.PLAY.value = "x"

"""The fast public API of every game: legal actions generated directly agree with the reference
(generate-and-test), ``apply`` of a prebuilt legal action, the integer path, ``copy()`` and
pickling."""

from __future__ import annotations

import pickle
import random
import zlib
from collections.abc import Iterator
from typing import Any

import pytest

from prikup import IllegalActionError, make_game
from prikup.core.errors import OptionError
from prikup.core.game import DealLog, Game, State
from prikup.games import GAMES
from prikup.games.preferans_sheet import Sheet, new_sheet


def option_sets(name: str) -> Iterator[dict[str, object]]:
    """The defaults, then every choice and flipped flag of every option, one at a time (with
    4 players too where the game seats 4)."""
    cls = GAMES[name]
    yield {}
    for option in cls.OPTIONS:
        values: tuple[object, ...] = ()
        if option.choices is not None:
            values = tuple(v for v in option.choices if v != option.default)
        elif isinstance(option.default, bool):
            values = (not option.default,)
        for value in values:
            for extra in ({}, {"players": 4}):
                options = {**extra, option.name: value}
                try:
                    cls(**options)
                except OptionError:
                    continue
                yield options


#: Short matches, so that a random walk reaches the barrel.
SHORT = {"pyatsot": [{"barrel": 100, "target": 220}]}
CONFIGS = [(name, options) for name in GAMES for options in [*option_sets(name), *SHORT.get(name, [])]]


def config_id(config: tuple[str, dict[str, object]]) -> str:
    """A configuration as text: the game and its changed options."""
    name, options = config
    return name + "".join(f",{k}={v}" for k, v in options.items())


def settle_start(game: Game, seed: int) -> State:
    """A preferans match whose next deal starts with the last pulya's owner asked to carry it."""
    sheet = Sheet(target=20, pulya=(20, 12, 20), gora=(0, 3, 0), whists=new_sheet(3).whists)
    cards = list(game.deck())
    random.Random(seed).shuffle(cards)
    state = game.new_deal_on(sheet, [cards[0:10], cards[10:20], cards[20:30]], cards[30:], single_deal=False)  # type: ignore[attr-defined]
    state._rng = random.Random(seed)  # it deals on by itself
    return state


def random_states(game: Game, seed: int, decisions: int) -> Iterator[State]:
    """Every state along a random walk (several matches) of ``decisions`` decisions.

    Each step takes one of ``legal_actions()``: the reference's own list, same actions in the same
    order (``test_direct_legal_actions_equal_the_reference`` checks it at every state before the
    step; a walk that left it would also change the pinned observations), without the reference's
    generate-and-test run a second time for every state (it was half of that test's time)."""
    rng = random.Random(seed)
    state = settle_start(game, seed) if game.id == "preferans" and game.players == 3 else game.new_match(seed=seed)
    for _ in range(decisions):
        if state.is_over:
            state = game.new_match(seed=rng.randrange(1 << 30))
        yield state
        state.apply(rng.choice(state.legal_actions()))


#: The phases each game's property test must have visited (all but dealing and the end).
PHASES = {
    "501": {"auction", "talon", "gift", "contract", "play"},
    "five-hundred": {"auction", "discard", "contract", "play"},
    "pyatsot": {"auction", "barrel", "keep", "gift", "contract", "play"},
    "preferans": {"auction", "discard", "contract", "whist", "play", "settle"},
}


#: Decisions walked per option set (the phases of ``PHASES`` are all reached in each game):
#: Five Hundred has 135 option sets, so fewer a set (54,000 states, against 7,000 to 16,000).
WALK = {"five-hundred": 400}


@pytest.mark.parametrize("name", list(GAMES))
def test_direct_legal_actions_equal_the_reference(name: str) -> None:
    # over random states of every option set: the same actions in the same order, the
    # prebuilt objects, and their ids
    seen: set[str] = set()
    for game_name, options in CONFIGS:
        if game_name != name:
            continue
        game = make_game(name, **options)
        actions = game.all_actions()
        for state in random_states(
            game, seed=zlib.crc32(config_id((name, options)).encode()), decisions=WALK.get(name, 1000)
        ):
            seen.add(state.phase.value)
            fast = state.legal_actions()
            assert [str(a) for a in fast] == [str(a) for a in state.legal_actions_reference()], state.phase
            ids = state.legal_action_ids()
            assert ids == [game.action_id(a) for a in fast]
            assert all(actions[i] is a for i, a in zip(ids, fast, strict=True))  # the prebuilt objects
    assert seen >= PHASES[name]


@pytest.mark.parametrize("name", list(GAMES))
def test_integer_path_plays_the_same_match_as_the_public_path(name: str) -> None:
    game = make_game(name)
    by_action, by_id = game.new_match(seed=5), game.new_match(seed=5)
    rng = random.Random(5)
    for _ in range(300):
        if by_action.is_over:
            break
        ids = by_id.legal_action_ids()
        k = rng.randrange(len(ids))
        by_action.apply(by_action.legal_actions()[k])
        by_id.apply_id(ids[k])
        assert by_action.observation(None).to_json() == by_id.observation(None).to_json()
    assert by_action.history == by_id.history


@pytest.mark.parametrize("name", list(GAMES))
def test_apply_id_of_an_illegal_id_names_the_rule_and_changes_nothing(name: str) -> None:
    game = make_game(name)
    state = game.new_match(seed=3)
    legal = set(state.legal_action_ids())
    illegal = next(i for i in range(len(game.all_actions())) if i not in legal)
    before = state.observation(None).to_json()
    with pytest.raises(IllegalActionError):
        state.apply_id(illegal)
    with pytest.raises(OptionError, match="out of range"):
        state.apply_id(len(game.all_actions()))
    assert state.observation(None).to_json() == before and state.history == []


@pytest.mark.parametrize("name", list(GAMES))
def test_a_stale_legal_action_is_checked_again(name: str) -> None:
    # an action from an earlier legal_actions() is not trusted once the state has changed
    game = make_game(name)
    state = game.new_match(seed=11)
    rng = random.Random(11)
    stale: list[Any] = []
    for _ in range(200):
        legal = state.legal_actions()
        old = [a for a in stale if a not in legal]
        if old:
            with pytest.raises(IllegalActionError):
                state.apply(old[0])
        stale = legal
        state.apply(rng.choice(legal))
        if state.is_over:
            break


def mutate(value: object) -> bool:
    """Mutate a container in place; True if it was one."""
    if isinstance(value, list):
        value.append(object())
        if len(value) > 1:
            value[0] = object()
        return True
    if isinstance(value, set):
        value.add(object())
        return True
    if isinstance(value, dict):
        value[object()] = object()
        return True
    return False


def snapshot(state: State) -> dict[str, Any]:
    """Every field of a state as a comparable value (the generator by its state)."""
    fields = state.fields()  # the instance dict's and the C base's
    del fields["_rng_shared"]  # bookkeeping of the shared generator, set by copy() itself
    generator = fields.pop("_generator")
    fields["_generator"] = None if generator is None else generator.getstate()
    fields["deals"] = [(d.dealer, d.hands, d.talon, list(d.actions), d.score_changes, d.result) for d in state.deals]
    return pickle.loads(pickle.dumps(fields))


def mid_deal_states(name: str) -> Iterator[State]:
    for g in (make_game(name), make_game(name, players=4)):
        rng = random.Random(7)
        state = g.new_match(seed=7)
        for step in range(60):
            if state.is_over:
                break
            if step % 15 == 14:
                yield state.copy()  # the consumer may play it on
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", list(GAMES))
def test_copy_is_independent_field_by_field(name: str) -> None:
    for state in mid_deal_states(name):
        before = snapshot(state)
        new = state.copy()
        assert snapshot(new) == before
        mutate(new.deals[-1].actions)  # the current deal's log (finished deals are shared records)
        for field_name, value in new.fields().items():
            if not mutate(value):
                setattr(new, field_name, object())
        assert snapshot(state) == before, "a change to a copy reached the original"


@pytest.mark.parametrize("name", list(GAMES))
def test_copy_and_original_play_on_independently_and_identically(name: str) -> None:
    game = make_game(name)
    state = game.new_match(seed=21)
    rng = random.Random(21)
    while len(state.deals) < 2 and not state.is_over:  # into the second deal: the generator drawn
        state.apply(rng.choice(state.legal_actions()))
    twin = state.copy()
    original = snapshot(state)
    a_rng, b_rng = random.Random(1), random.Random(1)
    for _ in range(400):
        if twin.is_over:
            break
        twin.apply(b_rng.choice(twin.legal_actions()))
    assert snapshot(state) == original  # the copy drew from its own generator
    for _ in range(400):
        if state.is_over:
            break
        state.apply(a_rng.choice(state.legal_actions()))
    assert state.history == twin.history and state.scores == twin.scores


@pytest.mark.parametrize("name", list(GAMES))
def test_pickle_round_trip_is_equal_and_plays_on_identically(name: str) -> None:
    for state in mid_deal_states(name):
        back = pickle.loads(pickle.dumps(state))
        assert type(back) is type(state) and back.game == state.game
        assert snapshot(back) == snapshot(state)
        a_rng, b_rng = random.Random(2), random.Random(2)
        for _ in range(150):
            if state.is_over:
                break
            state.apply(a_rng.choice(state.legal_actions()))
            back.apply_id(b_rng.choice(back.legal_action_ids()))
        assert back.history == state.history and back.scores == state.scores
        assert back.observation(None).to_json() == state.observation(None).to_json()


def test_deal_log_is_a_plain_record() -> None:
    log = DealLog(0, [], [])
    assert log.actions == [] and log.result == {}

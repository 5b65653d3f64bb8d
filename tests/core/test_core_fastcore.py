"""The C fast path of the trick loop (``prikup.core._fastcore``) against the Python reference.

Two states of the same seeded match are played side by side with the same random choices: one
through the public methods (C where it covers the decision), the other through the reference
(``State._ref_*``, the pure-Python path).  At every decision they must offer the same legal ids
and actions, and after every action hold the same fields, records, observations and card
places; the fast state is copied and pickled on the way.  ``PRIKUP_PURE=1`` turns the C path off
for a whole process (a subset of the suite runs that way below).
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_core_fast_api import CONFIGS, config_id

from prikup import IllegalActionError, make_game
from prikup.core.cards import Card
from prikup.core.engine import TrickState
from prikup.core.game import FAST, Game, State
from prikup.core.phases import AUCTION, MATCH_OVER, PLAY
from prikup.games.five_hundred_variants import _fast_auction

pytestmark = pytest.mark.skipif(not FAST, reason="the C extension is not built, or PRIKUP_PURE is set")

#: Fields the two paths may keep differently: the reference's memo of its last legal set, the
#: observations' memo of the finished tricks (kept with the list it was made for: the values it
#: gives are compared with the observations), and the generator objects (compared by their state).
_OWN = {"_legal_at", "_legal_mask", "_legal_seat", "_seen_memo", "_generator", "_rng_shared"}


def fields(state: State) -> dict[str, Any]:
    """The state's fields the rest of the code reads, with the generator's state."""
    out = {k: v for k, v in state.fields().items() if k not in _OWN}
    rng = state.__dict__.get("_generator")
    out["rng"] = rng.getstate() if rng is not None else None
    return out


def same(fast: State, ref: State, where: str) -> None:
    """Everything the two states show is equal."""
    assert fields(fast) == fields(ref), where
    assert fast.card_places() == ref.card_places(), where
    for seat in [None, *range(fast.game.players)]:
        assert fast.observation(seat, with_legal=False) == ref.observation(seat, with_legal=False), where


def walk(game: Game, seed: int, decisions: int) -> tuple[int, int, int, int]:
    """Play a match both ways for ``decisions`` decisions; returns how many follows, leads,
    auction calls and other choices (talon, gift, discard, contract…) the C path decided."""
    rng = random.Random(seed)
    fast = game.new_match(seed=seed)
    ref = game.new_match(seed=seed)
    follows = leads = calls = choices = 0
    for step in range(decisions):
        if fast.is_over:
            break
        where = f"{game!r} seed {seed} step {step} phase {fast.phase}"
        ids = fast.legal_action_ids()
        assert ids == ref._ref_legal_action_ids(), where
        actions = fast.legal_actions()
        assert actions == ref._ref_legal_actions(), where
        assert isinstance(fast, TrickState)
        if fast.phase is PLAY:
            follows += bool(fast.trick) and fast._follow_rule() is not None
            leads += not fast.trick and fast._lead_rule() is not None
        calls += fast._auction_rule() is not None
        choices += fast._choice_rule() is not None
        k = rng.randrange(len(ids))
        if step % 2:
            assert fast.apply_id(ids[k]) == ref._ref_apply_id(ids[k]), where
        else:
            assert fast.apply(actions[k]) == ref._ref_apply(ref._ref_legal_actions()[k]), where
        same(fast, ref, where)
        assert fast.is_over is (ref.phase is MATCH_OVER), where  # the C property
        if step % 37 == 5:
            fast = fast.copy()
        elif step % 53 == 7:
            fast = pickle.loads(pickle.dumps(fast))
    assert fast.deals == ref.deals
    return follows, leads, calls, choices


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_c_path_equals_reference_over_random_play(config: tuple[str, dict[str, object]]) -> None:
    name, options = config
    game = make_game(name, **options)
    ladder = name in ("501", "pyatsot", "preferans") or (name == "five-hundred" and _fast_auction(game) is not None)  # type: ignore[arg-type]
    # what the walks must have seen decided in C: follows, leads, ladder calls, choices
    wanted = (21, 6, 11 if ladder else 0, 4 if name in ("501", "pyatsot", "five-hundred") else 0)
    walks = [walk(game, seed, 300) for seed in range(2)]  # 170 option sets: 600 steps each, more if short
    seed = 2
    while any(sum(w[i] for w in walks) < wanted[i] for i in range(4)) and seed < 12:  # a misère stops at a trick
        walks.append(walk(game, seed, 300))
        seed += 1
    assert sum(w[0] for w in walks) >= wanted[0]  # the C path did decide follows
    assert sum(w[1] for w in walks) >= wanted[1]  # and leads
    assert sum(w[2] for w in walks) >= wanted[2]  # and the calls of an auction on a ladder
    assert sum(w[3] for w in walks) >= wanted[3]  # and choices of cards or contracts


@pytest.mark.parametrize("name", ["501", "pyatsot", "preferans", "five-hundred"])
def test_c_path_equals_reference_many_seeds(name: str) -> None:
    game = make_game(name)
    for seed in range(100, 120):
        walk(game, seed, 250)


def follow_position(name: str, **options: object) -> TrickState:
    """A state where a seat follows to an open trick and the C path covers it."""
    game = make_game(name, **options)
    rng = random.Random(7)
    for seed in range(200):
        state = game.new_match(seed=seed)
        while not state.is_over and len(state.deals) == 1:
            assert isinstance(state, TrickState)
            if state.phase is PLAY and state.trick and state._follow_rule() is not None:
                return state
            state.apply_id(rng.choice(state.legal_action_ids()))
    raise AssertionError(f"no follow in {name}")


@pytest.mark.parametrize("name", ["501", "pyatsot", "preferans", "five-hundred"])
def test_an_observation_lists_a_follows_legal_cards_from_the_c_path(name: str, monkeypatch: Any) -> None:
    # the observation of the seat to act takes the state's legal_actions(): at a follow, C's list,
    # not the Python generator (a fifth of an observation's instructions in Пятьсот)
    state = follow_position(name)
    expected = tuple(state.legal_actions())

    def no_python(*_args: object) -> None:
        raise AssertionError("the Python generator ran")

    monkeypatch.setattr(type(state), "_legal", no_python)
    obs = state.observation(state.to_act)
    assert obs.legal_actions == expected
    assert all(a is b for a, b in zip(obs.legal_actions or (), expected, strict=True))


@pytest.mark.parametrize("name", ["501", "pyatsot", "preferans", "five-hundred"])
def test_public_methods_are_the_c_methods(name: str) -> None:
    state = follow_position(name)
    from prikup.core._fastcore import Core

    for name in ("legal_actions", "legal_action_ids", "apply", "apply_id", "is_over"):
        assert getattr(type(state), name) is getattr(Core, name)


@pytest.mark.parametrize("name", ["501", "pyatsot", "preferans", "five-hundred"])
def test_illegal_input_on_the_c_path_is_refused_and_changes_nothing(name: str) -> None:
    state = follow_position(name)
    before = fields(state)
    legal = set(state.legal_action_ids())
    held = [i for i, a in enumerate(state.game.all_actions()) if a.card is not None and a.kind.value == "play"]
    illegal = next(i for i in held if i not in legal)
    for bad in (illegal, len(state.game.all_actions()), -1):
        with pytest.raises((IllegalActionError, ValueError)):
            state.apply_id(bad)
    with pytest.raises(IllegalActionError):
        state.apply(state.game.all_actions()[illegal])
    with pytest.raises(ValueError):
        state.apply("play ZZ")
    assert fields(state) == before


#: The subset of the suite run with the C path off, a module at a time (so that the test workers
#: share them out), with its pytest selection: the direct legal sets against generate-and-test,
#: copy and pickle; the perft vectors of every game (501's two of 24 cards, ten million
#: sequences each, are left to the C path: they took minutes in pure Python).
PURE_MODULES = [
    ("tests/core/test_core_fast_api.py", []),
    ("tests/g501/test_501_perft.py", ["-k", "not -24]"]),
    ("tests/pyatsot/test_pt_perft.py", []),
    ("tests/preferans/test_pf_perft.py", []),
    ("tests/five_hundred/test_fh_perft.py", []),
]


@pytest.mark.parametrize(("module", "selection"), PURE_MODULES, ids=[m.split("/")[-1] for m, _ in PURE_MODULES])
def test_reference_runs_alone_with_prikup_pure(module: str, selection: list[str]) -> None:
    """A subset of the suite with the C path off: the reference is still the whole engine."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PRIKUP_PURE": "1"}
    code = (
        "from prikup.core.game import FAST; assert not FAST\n"
        "from prikup.core.cards import cards_of, cards_of_reference; assert cards_of is cards_of_reference"
    )
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *selection, module],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout and " skipped" not in done.stdout, done.stdout[-500:]


@pytest.mark.parametrize("size", [0, 1, 2, 24, 32, 36, 43, 53])
def test_c_shuffle_is_random_shuffle(size: int) -> None:
    """The deal's shuffle in C draws and swaps as ``random.Random.shuffle``: seeded matches deal
    the same cards as before."""
    from prikup.core.dealing import shuffle

    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        cards = list(make_game("five-hundred").deck())[:size]
        mine, reference = list(cards), list(cards)
        shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("name", ["501", "pyatsot", "preferans", "five-hundred"])
def test_c_deal_is_the_reference_deal(name: str) -> None:
    """The deal in C (shuffle, then the packets of the game's pattern) gives the cards and leaves
    the generator exactly as the Python definition does."""
    from prikup.core.dealing import deal_packets, deal_packets_reference

    game = make_game(name)
    rules = game.trick_rules  # type: ignore[attr-defined]
    for seed in range(100):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine = deal_packets(rules.deck, ours, rules.deal.hands, rules.deal.packets)
        reference = deal_packets_reference(rules.deck, theirs, rules.deal.hands, rules.deal.packets)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()


def test_c_deal_refuses_a_pattern_that_does_not_fit() -> None:
    from prikup.core._fastcore import deal_packets

    deck = tuple(make_game("501").deck())
    with pytest.raises(AssertionError, match="deals 10 of 24"):
        deal_packets(random.Random(1), deck, 1, ((0, 10),))
    with pytest.raises(ValueError, match="names no hand"):
        deal_packets(random.Random(1), deck, 1, ((3, 10),))


@pytest.mark.parametrize("name", ["501", "pyatsot", "preferans", "five-hundred"])
def test_c_deal_hands_is_the_reference_deal_with_masks(name: str) -> None:
    """``deal_hands`` (the engine's one-call deal) gives the reference deal's cards, leaves the
    generator as it does, and each hand's and the talon's bitmask."""
    from prikup.core._fastcore import deal_hands
    from prikup.core.dealing import deal_packets_reference

    game = make_game(name)
    rules = game.trick_rules  # type: ignore[attr-defined]
    deck, ids, count, plan = game.deal_args()  # type: ignore[attr-defined]
    assert (deck, list(ids), count) == (rules.deck, [c.id for c in rules.deck], rules.deal.hands)
    assert [(plan[k] - 1, plan[k + 1]) for k in range(0, len(plan), 2)] == list(rules.deal.packets)
    for seed in range(100):
        ours, theirs = random.Random(seed), random.Random(seed)
        hands, talon, masks, talon_mask = deal_hands(ours, deck, ids, count, plan)
        assert (hands, talon) == deal_packets_reference(rules.deck, theirs, rules.deal.hands, rules.deal.packets)
        assert ours.getstate() == theirs.getstate()
        assert masks == [sum(1 << c.id for c in hand) for hand in hands]
        assert talon_mask == sum(1 << c.id for c in talon)
    with pytest.raises(AssertionError, match="deals 10 of"):
        deal_hands(random.Random(1), deck, ids, 1, bytes([1, 10]))
    with pytest.raises(ValueError, match="an id for each"):
        deal_hands(random.Random(1), deck, ids[1:], 1, bytes([1, 10]))
    with pytest.raises(ValueError, match="names no hand"):
        deal_hands(random.Random(1), deck, ids, 1, bytes([3, 10]))


def test_c_deal_hands_steps_the_generator_as_getrandbits() -> None:
    """``deal_hands`` draws through the generator's ``getrandbits``: one generator dealing a
    thousand deals deals what the reference deals and ends in the same state; a generator whose
    ``getrandbits`` is Python's own is asked through it."""
    from prikup.core._fastcore import deal_hands
    from prikup.core.dealing import deal_packets_reference

    game = make_game("preferans")
    rules = game.trick_rules  # type: ignore[attr-defined]
    args = game.deal_args()  # type: ignore[attr-defined]
    ours, theirs = random.Random(11), random.Random(11)
    for _ in range(1000):
        hands, talon, _, _ = deal_hands(ours, *args)
        assert (hands, talon) == deal_packets_reference(rules.deck, theirs, rules.deal.hands, rules.deal.packets)
    assert ours.getstate() == theirs.getstate()

    class Counted(random.Random):
        draws = 0

        def getrandbits(self, k: int) -> int:
            Counted.draws += 1
            return super().getrandbits(k)

    ours, theirs = Counted(4), Counted(4)
    hands, talon, _, _ = deal_hands(ours, *args)
    assert (hands, talon) == deal_packets_reference(rules.deck, theirs, rules.deal.hands, rules.deal.packets)
    assert Counted.draws >= 2 * (len(rules.deck) - 1)
    assert ours.getstate() == theirs.getstate()


def _deals_in_one_call(config: tuple[str, dict[str, object]]) -> bool:
    name, options = config
    return bool(type(make_game(name, **options).new_replay(0))._DEALS_FAST)  # type: ignore[attr-defined]


#: The configurations whose states deal by the engine's one C call (the others deal their own way).
ONE_CALL = [config for config in CONFIGS if _deals_in_one_call(config)]


def test_only_five_hundreds_forms_deal_their_own_way() -> None:
    """Every game deals by the engine's one C call but Five Hundred's forms with their own deal."""
    own = [config for config in CONFIGS if config not in ONE_CALL]
    assert own, "no configuration deals its own way: the next test's filter is moot"
    assert {name for name, _ in own} == {"five-hundred"}
    assert {name for name, _ in ONE_CALL} == {name for name, _ in CONFIGS}


@pytest.mark.parametrize("config", ONE_CALL, ids=config_id)
def test_one_call_deal_is_the_engine_deal(
    config: tuple[str, dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A match dealt by ``TrickState.deal_random``'s one C call holds, deal after deal, the same
    fields and log as one dealt by the Python steps (``_deal_random_cards``, ``_deal_cards``,
    ``_start_deal``)."""
    name, options = config
    game = make_game(name, **options)
    cls = type(game.new_replay(0))

    def play(fast: bool) -> list[dict[str, Any]]:
        monkeypatch.setattr(cls, "_DEALS_FAST", fast)
        rng = random.Random(5)
        state = game.new_match(seed=5)
        seen = []
        while len(seen) < 4:  # new matches (their first deal) and the deals after a deal's end
            dealt = len(state.deals)
            if state.is_over:
                state, dealt = game.new_match(seed=rng.randrange(1000)), 0
            else:
                state.apply_id(rng.choice(state.legal_action_ids()))
            if len(state.deals) != dealt:
                fields = {k: v for k, v in state.fields().items() if k not in ("_rng", "_generator", "game")}
                seen.append(fields | {"log": repr(state.deals[-1]), "draws": state._generator.getstate()})
        return seen

    fast = play(True)
    assert fast == play(False)


def test_first_deal_clears_the_deal_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new match clears the deal's fields once (in ``__init__``), not again for its first deal;
    every later deal clears them."""
    game = make_game("501")
    cls = type(game.new_replay(0))
    cleared = Counter[str]()
    clear = cls._clear_deal

    def counted(self: Any) -> None:
        cleared["n"] += 1
        clear(self)

    monkeypatch.setattr(cls, "_clear_deal", counted)
    state = game.new_match(seed=3)
    assert cleared["n"] == 1
    rng = random.Random(3)
    while len(state.deals) < 3 and not state.is_over:
        state.apply_id(rng.choice(state.legal_action_ids()))
    assert cleared["n"] == len(state.deals)


def test_c_cards_mask() -> None:
    from prikup.core._fastcore import cards_mask

    deck = make_game("five-hundred").deck()
    assert cards_mask(deck) == sum(1 << c.id for c in deck)
    assert cards_mask([]) == 0
    with pytest.raises(AttributeError):
        cards_mask([1])  # type: ignore[list-item]


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=-(1 << 70), max_value=(1 << 70)))
def test_c_cards_of_is_the_reference(mask: int) -> None:
    """The cards of a mask in C (what observations list hands and tricks with) are the reference's,
    and a mask outside the ids (negative, or past the last joker) is refused alike."""
    from prikup.core import _fastcore
    from prikup.core.cards import cards_of, cards_of_reference

    assert cards_of is _fastcore.cards_of  # the C function is the one the code calls
    try:
        expected = cards_of_reference(mask)
    except ValueError as exc:
        with pytest.raises(ValueError, match=r"ids 0\.\.66 only"):
            cards_of(mask)
        assert "ids 0..66 only" in str(exc)
        return
    got = cards_of(mask)
    assert got == expected and all(a is b for a, b in zip(got, expected, strict=True))


def test_c_cards_of_refuses_what_is_not_a_mask() -> None:
    from prikup.core.cards import cards_of

    with pytest.raises(TypeError, match="a card mask is an int, not str"):
        cards_of("5S")  # type: ignore[arg-type]
    assert cards_of(0) == [] and [str(c) for c in cards_of((1 << 64) | 1)] == ["2S", "JK"]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_active_seats_are_the_dealt_seats(config: tuple[str, dict[str, object]]) -> None:
    """``active_seats()`` (the deal's own tuple while it is played, else the next dealer's, from
    the game's table) names the seats left of the dealer that are dealt in."""
    name, options = config
    game = make_game(name, **options)
    rng = random.Random(2)
    state = game.new_match(seed=2)
    for _ in range(300):
        if state.is_over:
            break
        # the hands sit round the table: a seat each, or (two-handed with dummies) each player's
        # and his dummy's, the dummies opposite their players
        n, d = len(state.hands), state.dealer
        assert state.active_seats() == tuple((d + i) % n for i in range(1, game.hands_dealt + 1))
        for dealer in range(game.players):
            assert state.active_seats(dealer) == tuple((dealer + i) % n for i in range(1, game.hands_dealt + 1))
        state.apply_id(rng.choice(state.legal_action_ids()))


@pytest.mark.parametrize("name", ["501", "pyatsot", "five-hundred"])
def test_illegal_input_in_a_c_choice_is_refused_and_changes_nothing(name: str) -> None:
    """A talon, gift or discard choice decided in C refuses what it does not list, unchanged."""
    game = make_game(name)
    rng = random.Random(5)
    state = game.new_match(seed=5)
    while not (isinstance(state, TrickState) and state._choice_rule() is not None):
        state.apply_id(rng.choice(state.legal_action_ids()))
    before = fields(state)
    legal = set(state.legal_action_ids())
    assert state.legal_actions() == state._ref_legal_actions()
    illegal = next(i for i in range(len(game.all_actions())) if i not in legal)
    for bad in (illegal, len(game.all_actions()), -1):
        with pytest.raises((IllegalActionError, ValueError)):
            state.apply_id(bad)
    with pytest.raises(IllegalActionError):
        state.apply(game.all_actions()[illegal])
    assert fields(state) == before


def test_pyatsot_lead_rule_combination_check_is_the_reference() -> None:
    """The lead rule's "may a combination be declared" answer (one mask operation) equals the
    list of combinations held, over full and sparse hands (both answers met often)."""
    from prikup.games.pyatsot import any_combination_held, combinations_held

    rng = random.Random(3)
    answers = set()
    for i in range(20_000):
        hand = rng.getrandbits(64) if i % 2 else rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64)
        used = rng.getrandbits(64) & rng.getrandbits(64)
        held = any_combination_held(hand, used)
        assert held is bool(combinations_held(hand, used)), (hex(hand), hex(used))
        answers.add(held)
    assert answers == {True, False}


@pytest.mark.parametrize("name", ["501", "pyatsot", "five-hundred"])
def test_leads_with_a_declaration_are_listed_in_c(name: str) -> None:
    """A lead where a marriage (501) or a combination (Пятьсот) may be declared, or a joker led in
    no-trump names its suit (Five Hundred): the C path lists
    the plain plays and the declarations (the hook's extra ids) exactly as the reference, carries
    out a plain lead itself and a declaration through the reference, with the same result."""
    game = make_game(name)
    declaring = plain = declared = 0
    for seed in range(40):
        rng = random.Random(seed)
        fast, ref = game.new_match(seed=seed), game.new_match(seed=seed)
        while not fast.is_over and len(fast.deals) < 4:
            assert isinstance(fast, TrickState)
            rule = fast._lead_rule() if fast.phase is PLAY and not fast.trick else None
            ids = fast.legal_action_ids()
            assert ids == ref._ref_legal_action_ids()
            assert fast.legal_actions() == ref._ref_legal_actions()
            if rule is not None and len(rule) == 5:
                declaring += 1
                extra = rule[4]
                assert extra and ids[-len(extra) :] == list(extra)
                assert all(game.all_actions()[i].modifier is not None for i in extra)
                i = rng.choice(extra) if rng.random() < 0.3 else rng.choice(ids[: -len(extra)])
                declared += i in extra
                plain += i not in extra
            else:
                i = rng.choice(ids)
            assert fast.apply_id(i) == ref._ref_apply_id(i)
            same(fast, ref, f"{name} seed {seed}")
    assert declaring > 10 and plain > 5 and declared > 3


@pytest.mark.parametrize("players", [3, 4])
def test_five_hundred_trick_ends_in_c(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Five Hundred's trick ends are the C path's own (the finished trick with its suit led, the
    score after the tenth trick) except where its ``_after_trick`` does more (a misère); the
    reference's hooks are then never asked."""
    from prikup.games.five_hundred import StateFiveHundred

    asked: list[str] = []
    own_after, own_finished = StateFiveHundred._after_trick, StateFiveHundred._finished_trick

    def after_trick(self: StateFiveHundred, winner: int) -> None:
        asked.append("after misère" if self.is_misere else "after")
        own_after(self, winner)

    def finished_trick(self: StateFiveHundred, trick: list[Any], winner: int) -> Any:
        asked.append("finished")
        return own_finished(self, trick, winner)

    monkeypatch.setattr(StateFiveHundred, "_after_trick", after_trick)
    monkeypatch.setattr(StateFiveHundred, "_finished_trick", finished_trick)
    game = make_game("five-hundred", players=players)
    rng = random.Random(players)
    scored = tricks = 0
    for seed in range(40):  # random bids go high: a match often ends at its first deal
        state = game.new_match(seed=seed)
        while not state.is_over and len(state.deals) < 8:
            state.apply_id(rng.choice(state.legal_action_ids()))
        scored += sum(log.scores_after is not None for log in state.deals)
        tricks += sum(len(log.actions) for log in state.deals)
    assert scored > 20 and tricks > 500
    assert set(asked) <= {"after misère", "finished"}
    assert asked.count("finished") <= asked.count("after misère")  # the tricks of misère deals only


def hooks_asked(name: str, monkeypatch: pytest.MonkeyPatch, **options: object) -> tuple[Counter[str], Counter[str]]:
    """Random play of a few matches: how many times the C path asked each hook, and how many
    follows, leads and auction calls there were (read from the fields, not from the hooks)."""
    game = make_game(name, **options)
    cls = type(game.new_match(seed=0))
    asked: Counter[str] = Counter()
    for hook in ("_follow_rule", "_lead_rule", "_auction_rule"):
        original = getattr(cls, hook)

        def counted(self: TrickState, original: Any = original, hook: str = hook) -> Any:
            asked[hook] += 1
            return original(self)

        monkeypatch.setattr(cls, hook, counted)
    decided: Counter[str] = Counter()
    rng = random.Random(5)
    for seed in range(8):
        state = game.new_match(seed=seed)
        while not state.is_over and len(state.deals) < 4:
            assert isinstance(state, TrickState)
            if state.phase is PLAY:
                decided["_follow_rule" if state.trick else "_lead_rule"] += 1
            elif state.phase is AUCTION:
                decided["_auction_rule"] += 1
            state.apply_id(rng.choice(state.legal_action_ids()))
    return asked, decided


@pytest.mark.parametrize("name", ["501", "pyatsot", "preferans", "five-hundred"])
def test_hooks_are_not_asked_again_while_their_answers_hold(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the C path alone acts, it keeps the follow rule of each suit led for the deal's later
    tricks, and a seat's lead rule (and 501's and Пятьсот's auction rule) where the hook says it
    holds: the hooks are asked far less often than once per trick, lead or call."""
    asked, decided = hooks_asked(name, monkeypatch)
    assert decided["_follow_rule"] > 100 and decided["_lead_rule"] > 40
    tricks = decided["_lead_rule"]  # a trick starts with its lead
    assert asked["_follow_rule"] * 3 < tricks * 2  # at most once a suit led, not once a trick
    assert asked["_lead_rule"] * 4 < decided["_lead_rule"] * 3
    if name == "501":  # a seat's calls: his look and the highest bid
        assert decided["_auction_rule"] > 100
        assert asked["_auction_rule"] * 4 < decided["_auction_rule"] * 3
    if name == "pyatsot":  # once there is a bid (a short auction: most seats call once)
        assert decided["_auction_rule"] > 40
        assert asked["_auction_rule"] < decided["_auction_rule"]


@pytest.mark.parametrize("name", ["501", "pyatsot", "five-hundred"])
def test_a_declaration_lead_is_committed_without_the_reference_check(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lead with a declaration (the lead hook's extra ids) is known legal: the C path hands it
    to the game's ``_commit`` without the reference's ``_ref_apply_id`` (which would list the
    legal set again), with the reference's result (the walk above compares every field)."""
    game = make_game(name)
    cls = type(game.new_match(seed=0))
    checked: list[int] = []
    original = cls._ref_apply_id

    def ref_apply_id(self: State, action_id: int) -> Any:
        checked.append(action_id)
        return original(self, action_id)

    monkeypatch.setattr(cls, "_ref_apply_id", ref_apply_id)
    declared = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_match(seed=seed)
        while not state.is_over and len(state.deals) < 4:
            assert isinstance(state, TrickState)
            rule = state._lead_rule() if state.phase is PLAY and not state.trick else None
            if rule is not None and len(rule) == 5 and rng.random() < 0.5:
                state.apply_id(rng.choice(rule[4]))
                declared += 1
            else:
                state.apply_id(rng.choice(state.legal_action_ids()))
    extra = {i for i, a in enumerate(game.all_actions()) if a.kind.value == "play" and a.modifier is not None}
    assert declared > 10
    assert not extra & set(checked)


def test_five_hundred_contract_after_the_kitty_is_a_c_choice() -> None:
    """Five Hundred's contract named after the kitty (``raise_after_kitty``, the 3-player form's
    default) is listed by the choice hook — the reference's row for the bid, tabled once."""
    game = make_game("five-hundred", players=3)
    met = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_match(seed=seed)
        while not state.is_over and len(state.deals) < 3:
            assert isinstance(state, TrickState)
            if str(state.phase) == "contract":
                rule = state._choice_rule()
                assert rule is not None
                assert state.legal_action_ids() == list(rule[1]) == state._ref_legal_action_ids()
                met += 1
            state.apply_id(rng.choice(state.legal_action_ids()))
    assert met > 5


def python_calls(code: Any, run: Any) -> int:
    """How many times the Python function of ``code`` runs during ``run()`` (a profile hook)."""
    calls = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call" and frame.f_code is code:
            calls += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize("name", ["501", "pyatsot", "five-hundred"])
def test_a_listed_choice_is_recorded_in_c_without_commit(name: str) -> None:
    """A choice the choice hook lists is known legal: the C path records it and calls the game's
    ``_do`` itself, as ``State._commit`` does (which is not run), with the reference's result."""
    game = make_game(name)
    choices = 0
    for seed in range(6):
        rng = random.Random(seed)
        fast, ref = game.new_match(seed=seed), game.new_match(seed=seed)
        while not fast.is_over and len(fast.deals) < 3:
            assert isinstance(fast, TrickState)
            ids = fast.legal_action_ids()
            assert ids == ref._ref_legal_action_ids()
            i = rng.choice(ids)
            if fast._choice_rule() is not None:
                choices += 1
                assert python_calls(State._commit.__code__, lambda fast=fast, i=i: fast.apply_id(i)) == 0
            else:
                fast.apply_id(i)
            ref._ref_apply_id(i)
            same(fast, ref, f"{name} seed {seed}")
    assert choices > 5


def test_a_type_with_its_own_commit_has_it_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """A state type that overrides ``_commit`` has every choice go through it (C does not
    record the choice itself then)."""
    game = make_game("five-hundred", players=3)
    cls = type(game.new_match(seed=0))
    committed: list[str] = []

    def own_commit(self: State, action: Any, seat: int | None = None) -> Any:
        committed.append(str(self.phase))
        return State._commit(self, action, seat)

    monkeypatch.setattr(cls, "_commit", own_commit)
    rng = random.Random(2)
    state = game.new_match(seed=2)
    while not state.is_over and len(state.deals) < 3:
        state.apply_id(rng.choice(state.legal_action_ids()))
    assert committed.count("discard") >= 3  # every discard of the kitty, the last ones too


@pytest.mark.parametrize(
    ("name", "options"), [("five-hundred", {"players": 3}), ("five-hundred", {"players": 4}), ("preferans", {})]
)
def test_a_discard_into_the_kitty_is_moved_by_c(
    name: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A discard that only moves a card into the kitty's place (every one but the last) is
    carried out by C: the game's ``_do`` runs for the last alone, the choice hook is asked once
    per seat's discards (its answer kept for the next card), and everything equals the reference;
    a discard of a card not in the hand is refused as before, changing nothing."""
    game = make_game(name, **options)
    cls = type(game.new_match(seed=0))
    done: list[str] = []
    asked: list[int] = []
    own_do, own_rule = cls._do, cls._choice_rule
    watched: list[Any] = [None]  # the C path's state (the reference's runs the same methods)

    def do(self: TrickState, seat: int, action: Any) -> None:
        if self is watched[0] and str(self.phase) == "discard" and action.kind.value == "discard":
            done.append(str(action))
        own_do(self, seat, action)

    def choice_rule(self: TrickState) -> Any:
        if self is watched[0] and str(self.phase) == "discard":
            asked.append(self._version)
        return own_rule(self)

    discards = refused = 0
    for seed in range(60 if name == "five-hundred" else 300):  # (preferans: few deals have a discard)
        rng = random.Random(seed)
        fast, ref = game.new_match(seed=seed), game.new_match(seed=seed)
        watched[0] = fast
        while not fast.is_over and len(fast.deals) < 3:
            assert isinstance(fast, TrickState)
            discarding = str(fast.phase) == "discard"
            if discarding:
                monkeypatch.setattr(cls, "_do", do)
                monkeypatch.setattr(cls, "_choice_rule", choice_rule)
                if refused < 3 and fast.discards:
                    before = fields(fast)
                    hand = fast.hands[fast._turn]  # type: ignore[index]
                    outside = next(c for c in range(64) if not hand >> c & 1 and game.discard_ids[c] >= 0)  # type: ignore[attr-defined]
                    with pytest.raises(IllegalActionError):
                        fast.apply_id(game.discard_ids[outside])  # type: ignore[attr-defined]
                    assert fields(fast) == before
                    refused += 1
            ids = fast.legal_action_ids()
            assert ids == ref._ref_legal_action_ids()
            assert fast.legal_actions() == ref._ref_legal_actions()
            i = rng.choice(ids)
            discards += discarding and game.all_actions()[i].kind.value == "discard"
            assert fast.apply_id(i) == ref._ref_apply_id(i)
            monkeypatch.setattr(cls, "_do", own_do)
            monkeypatch.setattr(cls, "_choice_rule", own_rule)
            if discarding:  # (the walks above compare every other step)
                same(fast, ref, f"{name} seed {seed}")
    assert discards > 10 and refused == 3
    # the last discard of each kitty is the game's: one _do a kitty, the others C's
    per_kitty = 2 if name == "preferans" else game.kitty_size  # type: ignore[attr-defined]
    assert done and discards == len(done) * per_kitty
    assert len(asked) < discards


@pytest.mark.parametrize("name", ["501", "pyatsot", "five-hundred"])
def test_a_keyed_follow_rule_is_asked_once_per_game_a_suit_led_and_key(name: str) -> None:
    """A ``_follow_rule`` marked ``follow_rule_keyed_by(field)`` (the engine's: the trump; Five
    Hundred's: the contract's layout) depends on the suit led and that field alone: the C path keeps
    each answer in the game's table, across deals and matches, and asks the hook once per (suit led,
    field value) the game's states meet -- not once a suit led every deal."""
    game = type(make_game(name))()  # a game of its own: make_game's are shared, their tables kept
    cls = type(game.new_match(seed=0))
    field = cls._follow_rule.follow_key  # type: ignore[attr-defined]
    assert field == ("layout" if name == "five-hundred" else "trump")
    code = cls._follow_rule.__code__
    asked = 0

    def profile(frame: Any, event: str, _arg: Any) -> None:
        nonlocal asked
        if event == "call" and frame.f_code is code:
            asked += 1

    rng = random.Random(3)
    keys: set[tuple[int, int]] = set()
    follows = 0
    for seed in range(12):
        state = game.new_match(seed=seed)
        while not state.is_over and len(state.deals) <= 6:
            assert isinstance(state, TrickState)
            # a joker led naming its suit is not kept (asked every time): not counted
            plain = state.phase is PLAY and bool(state.trick) and state.trick[0][2:] in ((), (None,))
            if plain:
                follows += 1
                value = getattr(state, field, None)
                card = state.trick[0][1]
                suit = value.suit_of(card.id, None) if name == "five-hundred" else card.id >> 4  # type: ignore[union-attr]
                keys.add((id(value), int(suit)))
            before = asked
            sys.setprofile(profile)
            try:
                ids = state.legal_action_ids()
            finally:
                sys.setprofile(None)
            if not plain:
                asked = before
            state.apply_id(rng.choice(ids))
    assert follows > 300
    assert 0 < asked <= len(keys), (asked, len(keys))


@pytest.mark.parametrize("name", ["501", "pyatsot", "preferans", "five-hundred"])
def test_the_trick_loops_fields_are_kept_in_c_and_read_as_attributes(name: str) -> None:
    """The fields the C path reads and writes at every decision (``_fastcore.FIELDS``) live in the
    C base, not the instance dict: Python reads and sets them as attributes, C reads what Python
    set, ``fields()`` lists them with the dict's, and a copy or a pickle carries them."""
    from prikup.core import _fastcore

    game = make_game(name)
    state, rng = game.new_match(seed=4), random.Random(4)
    while state.phase is not PLAY or state.trick:  # to a lead
        state.apply_id(rng.choice(state.legal_action_ids()))
    hot = set(_fastcore.FIELDS) & state.fields().keys()
    assert {"hands", "trick", "tricks", "_turn", "_version", "phase", "deals", "game"} <= hot
    assert not hot & vars(state).keys()
    for twin in (state.copy(), pickle.loads(pickle.dumps(state))):
        assert twin.fields().keys() == state.fields().keys()
        assert twin.hands == state.hands and twin.legal_action_ids() == state.legal_action_ids()
    seat = state.to_act
    assert isinstance(state, TrickState) and seat is not None
    hand = state.hands[seat]
    low = hand & -hand  # the seat holds its lowest card alone, as Python sets it
    state.hands = [low if s == seat else h for s, h in enumerate(state.hands)]
    state._version += 1
    assert state.legal_action_ids() == [game.action_id(f"play {Card(low.bit_length() - 1)}")]


def test_a_hook_may_not_name_a_field_kept_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """A choice rule that has C move cards into a field kept in C (not the instance dict) is
    refused with an error naming the field, not written to the dict where nothing reads it."""
    game = make_game("preferans")
    cls = type(game.new_match(seed=0))
    own_rule = cls._choice_rule

    def choice_rule(self: TrickState) -> Any:
        rule = own_rule(self)
        return None if rule is None else (*rule[:6], ("hands", 2))

    monkeypatch.setattr(cls, "_choice_rule", choice_rule)
    for seed in range(300):
        state, rng = game.new_match(seed=seed), random.Random(seed)
        while not state.is_over and len(state.deals) < 3:
            if str(state.phase) == "discard":
                with pytest.raises(ValueError, match="'hands' is a field of the C base"):
                    state.legal_action_ids()
                return
            state.apply_id(rng.choice(state.legal_action_ids()))
    raise AssertionError("no discard met")

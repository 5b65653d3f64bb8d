"""Five Hundred's newer joker leads (``joker_lead=not_void_unless_alone``, ``first_or_last``) and
Hi/Lo (exactly five tricks, searched for that target) in the open-hand solver: the C search
equals the Python reference on random positions of each, both equal a plain minimax over the
rules engine itself (legality from the game's own ``legal_actions()``, the value from the
deal's result), the rule clauses of the position, and pimc decides these contracts itself."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from sv_gen import prikup
from sv_tricks_gen import _in_hands, minimax, random_position, to_play

from prikup import make_game
from prikup.bots.pimc import PimcBot
from prikup.core.actions import Action
from prikup.core.cards import parse_cards
from prikup.core.game import Phase, State
from prikup.games.five_hundred import HILO_TRICKS, joker_lead_suits
from prikup.games.table_rules import JokerLead
from prikup.records import dump, to_record
from prikup.solver import ADAPTERS, Solver, fast, position_of, solve, utility_of
from prikup.solver.play_tricks import JOKER_LEAD_CODES, NO_TARGET, TrickPosition, _fast_args

#: name -> (options, the calls bid in turn by whoever is to bid, then passes)
FORMS: dict[str, tuple[dict[str, object], list[list[str]]]] = {
    "hilo-4p": ({"hi_lo": True}, [["HILO"], ["pass", "HILO"]]),
    "hilo-3p": ({"players": 3, "hi_lo": True}, [["HILO"], ["pass", "HILO"]]),
    "hilo-4p-first-or-last": ({"hi_lo": True, "joker_lead": "first_or_last"}, [["HILO"]]),
    "hilo-5p": ({"players": 5, "hi_lo": True}, [["HILO"], ["pass", "HILO"]]),
    "hilo-6p": ({"players": 6, "hi_lo": True}, [["HILO"], ["pass", "HILO"]]),
    "first-or-last-6p": ({"players": 6, "joker_lead": "first_or_last"}, [["6NT"], ["7NT"]]),
    "first-or-last-4p": ({"joker_lead": "first_or_last"}, [["6NT"], ["7NT"], ["7S", "MIS"]]),
    "first-or-last-3p": ({"players": 3, "joker_lead": "first_or_last"}, [["6NT"], ["MIS"]]),
    "unless-alone-4p": ({"joker_lead": "not_void_unless_alone"}, [["6NT"], ["7H", "MIS"]]),
    "unless-alone-3p": (
        {"players": 3, "joker_lead": "not_void_unless_alone", "joker_nt": "any_time"},
        [["6NT"], ["MIS"]],
    ),
}
JOKER_FORMS = [f for f in FORMS if not f.startswith("hilo-") or "first" in f]


def _position(form: str, seed: int, tricks_left: int) -> State:
    """A position of ``form`` with about ``tricks_left`` tricks to go.  Seeds ending in 0-5:
    random play that keeps the jokers in hand while it can (so that one is still to be led,
    where the newer rules matter), else plain random play."""
    if seed % 10 > 5:
        return random_position("five-hundred", form, seed, tricks_left, FORMS)
    while True:
        state = to_play("five-hundred", FORMS, form, seed)
        rng = random.Random(seed * 7 + 1)
        players = len(state.playing)  # type: ignore[attr-defined]
        target = players * tricks_left - rng.randrange(players)
        deal = len(state.deals)
        while state.phase is Phase.PLAY and len(state.deals) == deal and _in_hands(state) > target:
            legal = state.legal_actions()
            plain = [a for a in legal if a.card is None or not a.card.is_joker]
            state.apply(rng.choice(plain or legal))
        if state.phase is Phase.PLAY and len(state.deals) == deal:
            return state
        seed += 100003


def _joker_to_lead(state: State) -> bool:
    """Whether a no-trump joker is still in a hand in play."""
    return state.layout.trump_suit is None and any(  # type: ignore[attr-defined]
        state.hands[s] & state.game.joker_mask  # type: ignore[attr-defined]
        for s in state.playing  # type: ignore[attr-defined]
    )


@pytest.mark.parametrize("form", list(FORMS))
def test_fast_search_equals_the_reference_on_random_positions(form: str) -> None:
    adapter = ADAPTERS["five-hundred"]
    assert adapter.fast is not None
    values: set[int] = set()
    jokers = 0
    for seed in range(90):
        state = _position(form, 500 + seed, (1, 2, 3, 4, 5)[seed % 5] if seed < 86 else 7)
        pos, _ = position_of(state)
        expected = Solver(pos).values()
        got, nodes = adapter.fast(position_of(state)[0])
        assert got == expected and nodes >= 0, (form, seed)
        best, _ = adapter.fast(position_of(state)[0], best=True)
        ((move, value),) = best.items()
        assert value == (max if pos.max_to_move() else min)(expected.values()) == expected[move]
        values |= set(expected.values())
        jokers += _joker_to_lead(state)
    assert len(values) >= 2
    if form in JOKER_FORMS:
        assert jokers >= 30  # a joker still to be led in many of them


def _engine_value(
    state: State, deal: int, counted: list[int], maximisers: list[int], target: int | None, seen: dict[str, int]
) -> int:
    """Plain minimax on the rules engine itself (copies and apply; the legal actions are the
    game's): the counted seats' tricks in the deal's result, or with a target 1 when the game
    scores the contract made, else 0.  ``seen`` counts the joker leads the game restricted."""
    if len(state.deals) > deal or state.phase is not Phase.PLAY:
        result = state.deals[deal - 1].result
        assert result is not None
        if target is not None:  # the game's own verdict on the contract
            assert result["outcome"] in ("made", "failed")
            return int(result["outcome"] == "made")
        return sum(result["tricks_won"][s] for s in counted)
    legal = state.legal_actions()
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]  # type: ignore[attr-defined]
    if not state.trick and hand & state.game.joker_mask and state.layout.trump_suit is None:  # type: ignore[attr-defined]
        named = {a.argument for a in legal if a.modifier == "as"}
        seen["restricted"] += len(named) < 4
        seen["not now"] += not named
    values = []
    for action in legal:
        child = state.copy()
        child.apply(action)
        values.append(_engine_value(child, deal, counted, maximisers, target, seen))
    return max(values) if seat in maximisers else min(values)


@pytest.mark.parametrize("form", list(FORMS))
def test_solver_equals_minimax_on_the_engine_itself(form: str) -> None:
    """Small endings (at most 4 cards a hand): every legal action's solver value is the minimax
    of the game's own play, so the position's joker-lead and target rules are the game's."""
    seen = {"restricted": 0, "not now": 0}
    for seed in range(16):
        many = "5p" in form or "6p" in form  # five or six hands: the engine's tree grows fast
        state = _position(form, 900 + seed, 1 + seed % 2 if many else (2, 3, 2, 4)[seed % 4] if seed % 8 else 3)
        pos, _ = position_of(state)
        playing = state.playing  # type: ignore[attr-defined]
        counted = [s for i, s in enumerate(playing) if pos.count >> i & 1]  # type: ignore[attr-defined]
        maximisers = [s for i, s in enumerate(playing) if pos.maximisers >> i & 1]  # type: ignore[attr-defined]
        hi_lo = state.contract_call == "HILO"  # type: ignore[attr-defined]
        target = HILO_TRICKS if hi_lo else None
        assert (pos.need is not None) == hi_lo  # type: ignore[attr-defined]
        deal = len(state.deals)
        for action, value in solve(state).items():
            child = state.copy()
            child.apply(action)
            assert value == _engine_value(child, deal, counted, maximisers, target, seen), (form, seed, str(action))
    if form in JOKER_FORMS and "6p" not in form:  # (six hands: endings of 1-2 tricks, rarely barred)
        assert seen["restricted"] > 0  # the rule barred a suit somewhere in these endings
    # (first_or_last bars the joker's lead altogether only from a hand holding all four suits, 5
    # cards at least: test_first_or_last_a_joker_not_to_be_led_now_in_the_game)


def test_first_or_last_a_joker_not_to_be_led_now_in_the_game() -> None:
    """The holder wins a trick in each suit and still holds each: the game lets him lead
    anything but the joker, the position too, and the C search equals the reference there."""
    g = make_game("five-hundred", joker_lead="first_or_last")
    mine = parse_cards("JK AS AC AD AH 9S 9C 9D 9H 8S")
    kitty = parse_cards("5S 5C 5D")
    rest = [c for c in g.deck() if c not in mine and c not in kitty]
    state = g.new_deal({0: mine, 1: rest[0:10], 2: rest[10:20], 3: rest[20:30]}, kitty, dealer=3)
    for text in ("bid 6NT", "pass", "pass", "pass", "discard 5S", "discard 5C", "discard 5D"):
        state.apply(Action.parse(text))
    for lead in ("AS", "AC", "AD", "AH"):
        assert state.to_act == 0
        state.apply(Action.parse(f"play {lead}"))
        while state.trick:  # type: ignore[attr-defined]
            state.apply(state.legal_actions()[0])
    assert state.to_act == 0
    legal = state.legal_actions()
    assert not any(a.card is not None and a.card.is_joker for a in legal)  # the game: not now
    pos, _ = position_of(state)
    adapter = ADAPTERS["five-hundred"]
    assert sorted(pos.legal_moves()) == sorted(adapter.move_of(a) for a in legal)
    expected = Solver(pos).values()
    assert adapter.fast is not None and adapter.fast(position_of(state)[0])[0] == expected


def _mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def _id(code: str) -> int:
    return parse_cards(code)[0].id


def _nt_position(hands: list[str], **kw: object) -> TrickPosition:
    g = make_game("five-hundred", players=3)
    nt = g.layouts[4]
    return TrickPosition(
        [_mask(h) for h in hands],
        0,
        [],
        -1,
        nt.suits,
        nt.trump,
        nt.strength,
        1,
        1,
        jokers=g.joker_mask,
        no_trump=True,
        joker_lead_any=False,
        **kw,  # type: ignore[arg-type]
    )


def _joker_names(pos: TrickPosition) -> list[int]:
    return sorted(m // 128 - 1 for m in pos.legal_moves() if m % 128 == _id("JK"))


def test_first_or_last_the_joker_names_a_suit_not_yet_played_or_no_longer_held() -> None:
    # spades played already and still held: not spades; hearts never played: hearts; clubs and
    # diamonds not held: they may be named
    pos = _nt_position(["JK AS 9H", "KS 8H QD", "QS 7H JD"], played=[0b0001, 0, 0])
    assert _joker_names(pos) == [1, 2, 3]  # S=0 C=1 D=2 H=3
    pos = _nt_position(["JK AS 9D", "KS 8H QD", "QS 7H JD"], played=[0b0101 | 0b0010, 0, 0])
    # spades and diamonds both played and held; clubs played, none held; hearts none held
    assert _joker_names(pos) == [1, 3]
    # every held suit played, and each of the others too but not held: named none, not led now
    pos = _nt_position(["JK AS 9D", "KS 8H QD", "QS 7H JD"], played=[0b1111, 0, 0])
    assert _joker_names(pos) == [1, 3]
    pos = _nt_position(["JK AS 9S", "KS 8H QD", "QS 7H JD"], played=[0b0001, 0, 0])
    assert _joker_names(pos) == [1, 2, 3]
    pos = _nt_position(["JK AS 9D", "KS 8H QD", "QS 7H JD"], played=[0b0101, 0, 0])
    assert _joker_names(pos) == [1, 3]
    # all four suits held and played: the joker may not be led now
    pos = _nt_position(["JK AS 9D 9C 9H", "KS 8H QD KC 10S", "QS 7H JD QC 10D"], played=[0b1111, 0, 0])
    assert _joker_names(pos) == [] and pos.legal_moves() and _id("JK") not in pos.legal_moves()
    # the game's one rule, the same answer
    assert joker_lead_suits(JokerLead.FIRST_OR_LAST, 0, 0b1111, 0b1111, False) == 0


def test_first_or_last_the_suits_played_are_kept_and_taken_back() -> None:
    pos = _nt_position(["JK AS 9D", "KS 8H QD", "QS 7H JD"], played=[0, 0, 0])
    assert pos.played == [0, 0, 0]
    pos.play(_id("AS"))
    assert pos.played == [1, 0, 0]
    pos.play(_id("KS"))
    pos.play(_id("QS"))
    assert pos.played == [1, 1, 1] and pos.leader == 0
    # spades played, but none held any more (the joker would be his last); diamonds held, none played
    assert _joker_names(pos) == [0, 1, 2, 3]
    pos.hands[0] |= _mask("8S")
    assert _joker_names(pos) == [1, 2, 3]  # a spade held again: spades barred
    pos.hands[0] &= ~_mask("8S")
    pos.play(_id("JK") + 128 * (3 + 1))  # led as hearts: hearts played by the holder
    assert pos.played[0] == 0b1001
    pos.undo()
    pos.undo()
    assert pos.played == [1, 1, 0]


def test_not_void_unless_alone_the_last_card_joker_names_any_suit() -> None:
    pos = _nt_position(["JK 9D", "KS 8H", "QS 7H"], joker_alone=True)
    pos.voids[0] = 0b0001  # shown void in spades
    assert _joker_names(pos) == [1, 2, 3]
    pos.hands[0] = _mask("JK")  # the joker his last card: any suit, spades too
    assert _joker_names(pos) == [0, 1, 2, 3]
    plain = _nt_position(["JK", "KS", "QS"])
    plain.voids[0] = 0b0001
    assert _joker_names(plain) == [1, 2, 3]  # not_void: still barred


def test_hi_lo_is_worth_one_only_at_exactly_the_target() -> None:
    # seat 0 (counted) wants exactly one of the two tricks left
    g = make_game("five-hundred", players=3)
    nt = g.layouts[4]
    hands = [_mask("AS 9S"), _mask("KS 10S"), _mask("QS JS")]

    def value(target: int) -> int:
        pos = TrickPosition(hands, 0, [], -1, nt.suits, nt.trump, nt.strength, 1, 1, target=target)
        assert minimax(pos) == Solver(pos).value()
        return Solver(pos).value()

    # AS wins, then the 9S is lowest: exactly one trick; the defenders cannot stop it
    assert value(1) == 1
    # two tricks: after the AS the 9S loses to the KS or 10S whatever happens
    assert value(2) == 0
    # none: the AS must win a trick when it is played
    assert value(0) == 0
    pos = TrickPosition(hands, 0, [], -1, nt.suits, nt.trump, nt.strength, 1, 1, target=0)
    assert pos.upper() == 1
    pos.play(_id("AS"))
    pos.play(_id("KS"))
    pos.play(_id("QS"))
    assert pos.over() and pos.broken  # past the target: play stops, worth 0
    pos.undo()
    assert not pos.broken and pos.need == 0


def test_hi_lo_position_and_utility_from_the_game() -> None:
    state = _position("hilo-4p", 11, 10)
    pos, base = position_of(state)
    assert base == 0 and pos.n == 3 and pos.need == HILO_TRICKS  # type: ignore[attr-defined]
    utility = utility_of(state)
    assert utility is not None and utility(1) > 0 > utility(0)
    assert set(solve(state).values()) <= {0, 1}


@pytest.mark.parametrize(("form", "seed"), [("hilo-4p", 3), ("first-or-last-4p", 5), ("unless-alone-3p", 7)])
def test_pimc_plays_these_contracts_itself(form: str, seed: int) -> None:
    """pimc used to hand these decisions to the heuristic (the solver refused them)."""
    for s in range(seed, seed + 40):
        state = _position(form, s, 6)
        if state.legal_actions()[1:] and (form.startswith("hilo") or _joker_to_lead(state)):
            break
    else:
        raise AssertionError("no position with a choice")
    bot = PimcBot(state.game, 1)
    bot.samples = 3
    seat = state.to_act
    assert seat is not None
    action = bot.act(state, seat)
    assert action in state.legal_actions()
    assert bot.play_decisions == 1  # decided by sampling and the solver, not by the heuristic


def test_prikup_solve_says_a_hi_lo_value_is_made_or_not(tmp_path: Path) -> None:
    state = _position("hilo-4p", 21, 3)
    path = tmp_path / "hilo.json"
    path.write_text(dump(to_record(state, seed=21)))
    at = len(to_record(state)["deals"][-1]["actions"])
    run = prikup("solve", str(path), "--deal", str(len(state.deals)), "--at", str(at))
    assert run.returncode == 0, run.stderr
    assert "on Hi/Lo 1 if the declarer ends with exactly five tricks and 0 if not" in " ".join(run.stdout.split())
    rows = re.findall(r"^\s+(play \S+(?: as [SCDH])?)\s+(\d+)(\s+<- best)?$", run.stdout, re.M)
    assert {str(a) for a in state.legal_actions()} == {r[0] for r in rows}
    assert {int(v) for _, v, _ in rows} == set(solve(state).values()) <= {0, 1}


def test_fast_search_rejects_a_malformed_joker_rule_or_target() -> None:
    state = _position("first-or-last-4p", 3, 3)
    pos, _ = position_of(state)
    assert isinstance(pos, TrickPosition) and pos.played is not None
    args = list(_fast_args(pos))
    at = args.index(JOKER_LEAD_CODES[JokerLead.FIRST_OR_LAST], 13)  # the joker_lead argument
    values = fast.module().values_tricks
    played = tuple(pos.played)
    assert values(*args, 0, played, NO_TARGET)[0] == Solver(pos).values()  # well formed, for contrast
    with pytest.raises(ValueError, match="joker_lead"):
        values(*args[:at], 7, *args[at + 1 :], 0, played, NO_TARGET)
    with pytest.raises(ValueError, match="played"):
        values(*args, 0)  # first_or_last without the suits played
    with pytest.raises(ValueError, match="played"):
        values(*args, 0, played[:2], NO_TARGET)
    with pytest.raises(ValueError, match="target"):
        values(*args, 0, played, 40)


def test_pimc_at_hi_lo_where_every_card_ties_plays_the_heuristics_card() -> None:
    """With every hand seen the defenders can nearly always keep a Hi/Lo contractor off exactly
    five, so early in the deal every card's value is 0 in every sample: pimc then plays the
    heuristic's card (sure tricks first), not the first legal card in the engine's order."""
    checked = 0
    for s in range(3, 60):
        state = _position("hilo-4p", s, 10)
        seat = state.to_act
        legal = state.legal_actions()
        if seat is None or len(legal) < 2:
            continue
        bot = PimcBot(state.game, 1)
        bot.samples = 3
        heuristic = bot.fallback.act(state.copy(), seat)
        if heuristic == legal[0]:
            continue  # the engine's order would give the same card: nothing told apart
        action = bot.act(state, seat)
        assert bot.play_decisions == 1
        values = set(solve(state).values())
        if values == {0}:
            assert action == heuristic
            checked += 1
        if checked >= 2:
            return
    raise AssertionError("no Hi/Lo position where every card ties and the heuristic differs")

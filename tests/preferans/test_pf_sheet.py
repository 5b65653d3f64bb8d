"""The score sheet: every operation a pure function on an immutable value, and the rules' worked cases."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prikup.core.cards import Suit, parse_cards
from prikup.games.preferans_sheet import (
    Sheet,
    SheetDraft,
    Whists,
    add_gora,
    add_pulya,
    balances,
    can_carry_pulya,
    can_settle_gora,
    carry_pulya,
    declarer_short,
    exact_change,
    fraction_json,
    half_whist_whists,
    help_order,
    is_finished,
    lone_whister_shortfall,
    misere_half_tricks,
    misere_tricks,
    new_sheet,
    pulyas_closed,
    score_game,
    score_misere_half,
    score_raspasy,
    settle_gora,
    settled_balances,
    talon_premium,
    two_whister_shortfalls,
    whist_for_tricks,
    whister_short,
    write_off_gora,
    write_premium,
    write_whists,
)


def sheet_of(pulya: list[int], gora: list[int], target: int = 20) -> Sheet:
    s = new_sheet(len(pulya), target, 0)
    return dataclasses.replace(s, pulya=tuple(pulya), gora=tuple(gora))


def w(s: Sheet, a: int, b: int) -> Fraction:
    return s.whists[a][b]


# -- basics ----------------------------------------------------------------------------------


def test_new_sheet_is_ten_twenty_by_default() -> None:
    s = new_sheet(3)
    assert s.target == 20 and s.pulya == (0, 0, 0) and s.gora == (10, 10, 10)
    assert balances(s) == (0, 0, 0)


def test_operations_do_not_change_their_argument() -> None:
    s = new_sheet(3)
    t = write_whists(s, 0, 1, 5)
    assert s.whists[0][1] == 0 and t.whists[0][1] == 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.pulya = (1, 1, 1)  # type: ignore[misc]


def test_write_whists_rules() -> None:
    s = new_sheet(3)
    with pytest.raises(ValueError):
        write_whists(s, 1, 1, 5)
    with pytest.raises(ValueError):
        write_whists(s, 0, 1, -1)
    assert write_whists(s, 0, 1, 0) is s
    t = write_whists(write_whists(s, 0, 1, 15), 2, 1, 25)
    assert balances(t) == (15, -40, 25)


def test_gora_and_pulya_bounds() -> None:
    s = new_sheet(3)
    assert add_gora(s, 1, 4).gora == (10, 14, 10)
    assert write_off_gora(s, 1, 10).gora == (10, 0, 10)
    with pytest.raises(ValueError):
        write_off_gora(s, 1, 11)
    with pytest.raises(ValueError):
        add_gora(s, 1, -1)
    assert add_pulya(s, 2, 20).pulya == (0, 0, 20)
    with pytest.raises(ValueError):
        add_pulya(s, 2, 21)


def test_fraction_json() -> None:
    assert fraction_json(Fraction(10)) == 10
    assert fraction_json(Fraction(10, 3)) == "10/3"
    assert fraction_json(Fraction(-5, 2)) == "-5/2"


def test_exact_changes_format_with_a_sign() -> None:
    assert exact_change(Fraction(10)) == 10 and isinstance(exact_change(Fraction(10)), int)
    third = exact_change(Fraction(-50, 3))
    assert isinstance(third, Whists) and third == Fraction(-50, 3)
    assert f"{third:+}" == "-50/3" and f"{exact_change(Fraction(50, 3)):+}" == "+50/3" and f"{third}" == "-50/3"
    assert f"{third:.1f}" == "-16.7"


def test_sheet_json_round_trip() -> None:
    s = settle_gora(sheet_of([20, 20, 20], [0, 1, 0]), 1)
    assert Sheet.from_json(s.to_json()) == s
    assert s.to_json()["balances"] == ["10/3", "-20/3", "10/3"]


# -- raspasy (the rules' numbers) --------------------------------------------------------------


def test_raspasy_2_3_5_winner_writes_15_and_25() -> None:
    s = score_raspasy(new_sheet(3), {0: 2, 1: 3, 2: 5})
    assert w(s, 0, 1) == 15 and w(s, 0, 2) == 25
    assert balances(s) == (40, -15, -25)
    assert s.pulya == (0, 0, 0) and s.gora == (10, 10, 10)  # raspasy goes into whists, not the gora


def test_raspasy_3_3_4_two_winners_split_the_loss_in_half() -> None:
    s = score_raspasy(new_sheet(3), {0: 3, 1: 4, 2: 3})
    assert w(s, 0, 1) == 10 and w(s, 2, 1) == 10
    assert balances(s) == (10, -20, 10)


def test_raspasy_no_amnesty_one_trick_is_always_five_whists() -> None:
    s = score_raspasy(new_sheet(3), {0: 1, 1: 1, 2: 8})
    assert w(s, 0, 2) == 20 and w(s, 1, 2) == 20


def test_raspasy_clean_winner_writes_himself_a_six() -> None:
    s = score_raspasy(new_sheet(3), {0: 0, 1: 4, 2: 6})
    assert w(s, 0, 1) == 20 and w(s, 0, 2) == 30
    assert s.pulya == (1, 0, 0) and s.gora == (9, 10, 10)  # a six: 1 into pulya, 1 off gora


# -- a made game: half split, help, podlet ----------------------------------------------------------


def test_seed_eight_with_help_and_podlet() -> None:
    # The seed: an eight (3 + 3); the player needs 2 to close his pulya and has 1 in his gora;
    # the others need plenty in their pulyas and one of them has 1 in his gora.
    s = sheet_of([18, 6, 4], [1, 1, 0])
    t = score_game(s, 0, 6)
    # 2 into his pulya + 1 help into a pulya (the larger one, seat 1)
    assert t.pulya == (20, 7, 4)
    # 1 off his own gora + 1 help off seat 1's gora + a podlet of 1 for everyone else
    assert t.gora == (0, 0 + 1, 0 + 1)
    # help is 10 whists a point: 1 pulya point and 1 gora point on seat 1
    assert w(t, 0, 1) == 20 and w(t, 0, 2) == 0
    assert balances(t) == (20, -20, 0)


def test_made_seven_is_two_plus_two() -> None:
    t = score_game(new_sheet(3), 1, 4)
    assert t.pulya == (0, 2, 0) and t.gora == (10, 8, 10)


def test_help_order_larger_pulya_smaller_gora_ties_from_the_left() -> None:
    s = sheet_of([0, 5, 5, 9], [3, 2, 2, 0])
    assert help_order(s, 0, "pulya") == [3, 1, 2]
    assert help_order(s, 0, "gora") == [1, 2]
    assert help_order(s, 2, "pulya") == [3, 1, 0]
    assert help_order(s, 2, "gora") == [1, 0]
    assert help_order(s, 3, "gora") == [1, 2, 0]  # ties from the scorer's left: 0 1 2 → 1 and 2 tie
    assert help_order(s, 0, "gora", last=[1]) == [2, 1]  # a whister short this deal is helped last
    with pytest.raises(ValueError):
        help_order(s, 0, "spoon")


def test_help_ties_go_from_the_scorers_left() -> None:
    s = sheet_of([20, 5, 5], [0, 2, 2])
    t = score_game(s, 0, 2)  # a six: 1 + 1, both help the seat on his left first
    assert t.pulya == (20, 6, 5) and t.gora == (0, 1, 2)
    t = score_game(s, 2, 2)  # scorer 2: his pulya takes 1; gora: 2 is his own
    assert t.pulya == (20, 5, 6) and t.gora == (0, 2, 1)
    s = sheet_of([20, 5, 5], [0, 2, 2])
    t = score_game(dataclasses.replace(s, pulya=(20, 20, 5), gora=(0, 2, 2)), 0, 2)
    assert t.pulya == (20, 20, 6)


def test_pulya_podlet_when_the_last_pulya_closes() -> None:
    s = sheet_of([19, 20, 20], [0, 0, 0])
    t = score_game(s, 0, 8)  # 4 + 4: 1 closes his pulya, 3 is a pulya podlet; 4 is a gora podlet
    assert t.pulya == (20, 20, 20)
    assert t.gora == (0, 3 + 4, 3 + 4)


def test_phase_two_whole_value_writes_off_goras_without_podlet() -> None:
    s = sheet_of([20, 20, 20], [2, 5, 3])
    t = score_game(s, 0, 6)
    assert t.gora == (0, 4, 0)  # own 2, then the smaller gora (3) then 1 off the larger
    assert w(t, 0, 2) == 30 and w(t, 0, 1) == 10


def test_phase_two_excess_is_written_on_the_partners_and_ends_the_match() -> None:
    s = sheet_of([20, 20, 20], [1, 0, 1])
    t = score_game(s, 0, 4)
    assert t.gora == (0, 0, 0) and is_finished(t)
    assert w(t, 0, 2) == 10 + 20 and w(t, 0, 1) == 20  # help 1 on seat 2, then excess 2 = 20 each
    d = score_game(s, 0, 4, excess="divided")
    assert w(d, 0, 1) == Fraction(20, 3)
    n = score_game(s, 0, 4, excess="none")
    assert w(n, 0, 1) == 0


def test_score_game_rejects_odd_values() -> None:
    with pytest.raises(ValueError):
        score_game(new_sheet(3), 0, 3)


# -- penalties ---------------------------------------------------------------------------------------


def test_declarer_short_value_per_trick_and_ten_whists_from_everyone() -> None:
    s = declarer_short(new_sheet(4), 1, 4, 2)  # a seven, two down, four players
    assert s.gora == (10, 18, 10, 10)
    assert [w(s, o, 1) for o in (0, 2, 3)] == [20, 20, 20]
    assert declarer_short(new_sheet(3), 0, 4, 0) == new_sheet(3)


def test_misere_ten_a_trick() -> None:
    s = misere_tricks(new_sheet(3), 2, 3)
    assert s.gora == (10, 10, 40) and w(s, 0, 2) == 30 and w(s, 1, 2) == 30
    s = misere_tricks(new_sheet(3), 2, 3, whists=False)
    assert s.gora == (10, 10, 40) and balances(s) == (0, 0, 0)


def test_whists_for_tricks_is_the_value_per_trick() -> None:
    s = whist_for_tricks(new_sheet(3), 1, 0, 4, 3)
    assert w(s, 1, 0) == 12


@pytest.mark.parametrize(
    ("level", "first", "second", "owed"),
    [
        (6, 2, 1, (0, 1)),  # the seed: 2-1 on six, the second is short 1
        (6, 0, 3, (1, 0)),  # 0-3 on six, the first is short 1
        (6, 0, 1, (2, 1)),  # 0-1 on six, the first 2 and the second 1
        (7, 1, 0, (0, 1)),  # 1-0 on seven, the second is short 1
        (6, 4, 0, (0, 0)),  # 4-0 on six is fine
        (7, 2, 0, (0, 0)),  # 2-0 on seven is fine
        (6, 1, 1, (1, 1)),
        (6, 0, 0, (2, 2)),
        (7, 0, 0, (1, 1)),
        (8, 0, 0, (0, 1)),  # on eight and nine the second whister answers
        (9, 0, 0, (0, 1)),
        (8, 1, 0, (0, 0)),
        (9, 0, 1, (0, 0)),
    ],
)
def test_two_whisters_shortfalls(level: int, first: int, second: int, owed: tuple[int, int]) -> None:
    assert two_whister_shortfalls(level, first, second) == owed


def test_lone_whister_answers_for_the_whole_requirement() -> None:
    assert lone_whister_shortfall(6, 1) == 3
    assert lone_whister_shortfall(7, 2) == 0
    assert lone_whister_shortfall(8, 0) == 1
    assert lone_whister_shortfall(10, 0) == 0


def test_responsible_and_half_responsible_whist() -> None:
    s = new_sheet(3)
    assert whister_short(s, 1, 6, 1, responsible=False).gora == (10, 11, 10)  # half of 2
    assert whister_short(s, 1, 6, 1, responsible=True).gora == (10, 12, 10)
    assert whister_short(s, 1, 8, 1, responsible=False).gora == (10, 13, 10)
    assert whister_short(s, 1, 9, 2, responsible=True).gora == (10, 26, 10)
    assert whister_short(s, 1, 9, 0, responsible=True) is s


def test_half_whist_whists() -> None:
    assert half_whist_whists(6) == 4  # 2 tricks x 2
    assert half_whist_whists(7) == 4  # 1 trick x 4
    with pytest.raises(KeyError):
        half_whist_whists(8)


@pytest.mark.parametrize(
    ("talon", "trump", "premium"),
    [
        ("AS AH", Suit.C, 30),
        ("AS KS", None, 20),
        ("AS KH", Suit.H, 10),
        ("AD 7C", Suit.C, 10),
        ("KH QH", Suit.H, 10),
        ("KH QH", Suit.S, 0),
        ("KH QH", None, 0),
        ("7C 8D", Suit.D, 0),
    ],
)
def test_talon_premium(talon: str, trump: Suit | None, premium: int) -> None:
    assert talon_premium(parse_cards(talon), trump) == premium


def test_premium_written_on_the_declarer() -> None:
    s = write_premium(new_sheet(3), 0, 10, [1, 2])
    assert w(s, 1, 0) == 5 and w(s, 2, 0) == 5
    s = write_premium(new_sheet(4), 0, 30, [3])
    assert w(s, 3, 0) == 30


# -- between deals -----------------------------------------------------------------------------------


def test_carry_the_last_pulya_once_half_closed() -> None:
    s = sheet_of([20, 12, 20], [0, 3, 0])
    assert can_carry_pulya(s) == 1
    t = carry_pulya(s, 1)
    assert t.pulya == (20, 20, 20) and t.gora == (0, 11, 0) and pulyas_closed(t)
    assert can_carry_pulya(sheet_of([20, 9, 20], [0, 3, 0])) is None  # not half closed
    assert can_carry_pulya(sheet_of([19, 12, 20], [0, 3, 0])) is None  # not the last
    with pytest.raises(ValueError):
        carry_pulya(s, 0)


def test_settle_the_last_gora_a_third_each_with_three() -> None:
    s = sheet_of([20, 20, 20], [0, 7, 0])
    assert can_settle_gora(s) == 1
    t = settle_gora(s, 1)
    assert w(t, 0, 1) == Fraction(70, 3) and w(t, 2, 1) == Fraction(70, 3)
    assert is_finished(t) and sum(balances(t)) == 0
    four = settle_gora(sheet_of([20, 20, 20, 20], [0, 0, 8, 0]), 2)
    assert [w(four, o, 2) for o in (0, 1, 3)] == [20, 20, 20]  # a quarter each with four
    assert can_settle_gora(sheet_of([20, 19, 20], [0, 7, 0])) is None
    assert can_settle_gora(sheet_of([20, 20, 20], [1, 7, 0])) is None


def test_settled_balances_count_a_made_game_at_once_with_its_pulya_and_gora() -> None:
    """A six made on a fresh sheet writes 1 into the pulya and 1 off the gora and no whist: its
    whist balances stay 0 (the deal's score change), while settled now the others would write on
    each other the two points' 20 whists a third each: +40/3 for the scorer, -20/3 each other."""
    s = score_game(new_sheet(3), 0, 2)
    assert balances(s) == (0, 0, 0)
    assert settled_balances(s) == (Fraction(40, 3), Fraction(-20, 3), Fraction(-20, 3))
    assert settled_balances(new_sheet(3)) == (0, 0, 0)  # the start: everyone alike


def test_settled_balances_are_what_carrying_the_pulya_and_settling_the_gora_give() -> None:
    s = sheet_of([20, 12, 20], [0, 3, 0])
    carried = carry_pulya(s, 1)
    assert settled_balances(carried) == settled_balances(s)
    done = settle_gora(carried, 1)
    assert is_finished(done) and settled_balances(done) == balances(done) == settled_balances(s)


# -- properties --------------------------------------------------------------------------------------

_OPS = st.one_of(
    st.tuples(st.just("game"), st.integers(0, 3), st.sampled_from([2, 4, 6, 8, 10])),
    st.tuples(st.just("short"), st.integers(0, 3), st.integers(1, 3)),
    st.tuples(st.just("raspasy"), st.integers(0, 10), st.integers(0, 10)),
    st.tuples(st.just("misere"), st.integers(0, 3), st.integers(1, 4)),
    st.tuples(st.just("carry"), st.integers(0, 3), st.integers(0, 0)),
    st.tuples(st.just("settle"), st.integers(0, 3), st.integers(0, 0)),
)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 4), st.sampled_from([(20, 10), (30, 15), (4, 2)]), st.lists(_OPS, max_size=60))
def test_balances_always_sum_to_zero_and_the_end_is_exact(
    players: int, setting: tuple[int, int], ops: list[tuple[str, int, int]]
) -> None:
    target, start = setting
    s = new_sheet(players, target, start)
    before = settled_balances(s)
    for kind, seat, x in ops:
        seat %= players
        if kind == "game":
            s = score_game(s, seat, x)
        elif kind == "short":
            s = declarer_short(s, seat, 4, x)
        elif kind == "raspasy":
            a = min(x, 10)
            b = min(10 - a, 10 - x if x <= 10 else 0)
            s = score_raspasy(s, {0: a, 1: max(0, b), 2: 10 - a - max(0, b)})
        elif kind == "misere":
            s = misere_tricks(s, seat, x)
        elif kind == "carry" and can_carry_pulya(s) is not None:
            s = carry_pulya(s, can_carry_pulya(s) or 0)
        elif kind == "settle" and can_settle_gora(s) is not None:
            s = settle_gora(s, can_settle_gora(s) or 0)
        assert sum(balances(s)) == 0
        assert all(0 <= p <= target for p in s.pulya) and all(g >= 0 for g in s.gora)
        assert is_finished(s) == (all(p == target for p in s.pulya) and all(g == 0 for g in s.gora))
        settled = settled_balances(s)
        assert sum(settled) == 0
        if is_finished(s):
            assert settled == balances(s)  # the end: nothing left to settle
        if kind in ("carry", "settle"):
            assert settled == before  # between deals: the same worth
        before = settled


def _apply(s: Sheet | SheetDraft, players: int, kind: str, seat: int, x: int) -> Sheet | SheetDraft:
    """One operation of ``_OPS`` (and a few more), on a sheet or a draft alike."""
    other = (seat + 1) % players
    if kind == "game":
        return score_game(s, seat, x, helped_last=[other] if x > 4 else ())
    if kind == "short":
        return whister_short(declarer_short(s, seat, 4, x), other, 6, x, responsible=x > 1)
    if kind == "raspasy":
        a = min(x, 10)
        return score_raspasy(s, {0: a, 1: 0 if a == 10 else 1, 2: 10 - a - (0 if a == 10 else 1)})
    if kind == "misere":
        half = misere_half_tricks(s, seat, other, x) if players == 4 else s
        return score_misere_half(misere_tricks(half, seat, x), seat, other, 2 + x % 2)
    if kind == "carry" and can_carry_pulya(s) is not None:
        return carry_pulya(s, can_carry_pulya(s) or 0)
    if kind == "settle" and can_settle_gora(s) is not None:
        return settle_gora(s, can_settle_gora(s) or 0)
    return write_premium(whist_for_tricks(s, seat, other, 2, x), seat, 20, [other])


@settings(max_examples=100, deadline=None)
@given(st.integers(3, 4), st.sampled_from([(20, 10), (4, 2)]), st.lists(_OPS, max_size=40))
def test_a_draft_written_in_place_freezes_to_the_sheets_of_the_pure_writes(
    players: int, setting: tuple[int, int], ops: list[tuple[str, int, int]]
) -> None:
    """Every operation given a draft writes it in place and returns it; frozen, the draft is the
    sheet the same operations give one after another, and the sheet it started from is unchanged."""
    start = new_sheet(players, *setting)
    pure = start
    draft = SheetDraft(start)
    for kind, seat, x in ops:
        pure = _apply(pure, players, kind, seat % players, x)
        assert _apply(draft, players, kind, seat % players, x) is draft
        frozen = draft.freeze()
        assert frozen == pure and balances(frozen) == balances(pure) and frozen.to_json() == pure.to_json()
    assert start == new_sheet(players, *setting)

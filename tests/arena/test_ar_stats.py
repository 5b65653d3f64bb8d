"""Statistics of the arena against hand-computed values."""

from __future__ import annotations

import math

import pytest

from prikup.arena import UnitResult, UnitSpec, mean_interval, paired_interval, summarise, wilson
from prikup.games import make_game
from prikup.ratings import ranks_of

Z = 1.96


def test_wilson_eight_of_ten_matches_the_textbook_interval():
    # p = 0.8, z^2 = 3.8416: centre = (0.8 + 0.19208) / 1.38416, half = 1.96 sqrt(0.016 + 0.009604) / 1.38416
    low, high = wilson(8, 10, Z)
    assert low == pytest.approx(0.490157, abs=1e-6)
    assert high == pytest.approx(0.943319, abs=1e-6)


def test_wilson_edges_stay_inside_zero_one():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 12, Z)
    assert low == 0.0 and high == pytest.approx(3.8416 / (12 + 3.8416), abs=1e-9)  # z^2 / (n + z^2)
    low, high = wilson(12, 12, Z)
    assert high == 1.0 and low == pytest.approx(12 / (12 + 3.8416), abs=1e-9)


def test_mean_interval_of_one_to_five():
    # mean 3, sample variance 10/4, standard error sqrt(0.5)
    mean, low, high = mean_interval([1, 2, 3, 4, 5], Z)
    assert mean == 3
    assert low == pytest.approx(3 - 1.96 * math.sqrt(0.5)) and high == pytest.approx(3 + 1.96 * math.sqrt(0.5))
    assert low == pytest.approx(1.614071, abs=1e-6)
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    assert mean_interval([7.0]) == (7.0, 7.0, 7.0)


def test_paired_interval_uses_per_set_differences():
    # differences 2, 4, 2: mean 8/3, sample variance 4/3, standard error 2/3
    mean, low, high = paired_interval([3, 5, 4], [1, 1, 2], Z)
    assert mean == pytest.approx(8 / 3)
    assert high - mean == pytest.approx(1.96 * 2 / 3) and mean - low == pytest.approx(1.96 * 2 / 3)
    with pytest.raises(ValueError, match="differ in length"):
        paired_interval([1], [1, 2])


def test_ranks_share_ties():
    assert ranks_of({"a": 3.0, "b": 5.0, "c": 3.0}) == {"b": 1, "a": 2, "c": 2}
    assert ranks_of({"a": (1.0, -2.0), "b": (1.0, 4.0)}) == {"b": 1, "a": 2}


def _unit(index: int, set_index: int, lineup: tuple[str, ...], changes: tuple[float, ...], deals: int, winners=()):
    return UnitResult(UnitSpec(index, set_index, 100 + set_index, lineup, index % 3), changes, deals, True, winners, "")


def test_duplicate_sets_are_paired_by_hand():
    h, r = "heuristic", "random"
    units = [
        # set 0: h per deal 5, 10, 4 -> 19/3; r per seat-deal -2, -3, 0, -10, 4, 4 -> -7/6
        _unit(0, 0, (h, r, r), (10, -4, -6), 2, (0,)),
        _unit(1, 0, (r, h, r), (0, 20, -20), 2, (1,)),
        _unit(2, 0, (r, r, h), (4, 4, 4), 1, (0, 1, 2)),
        # set 1: h 1, 1, 1 -> 1; r 0 everywhere -> 0
        _unit(3, 1, (h, r, r), (1, 0, 0), 1, (1,)),
        _unit(4, 1, (r, h, r), (0, 1, 0), 1, ()),
        _unit(5, 1, (r, r, h), (0, 0, 1), 1, ()),
    ]
    result = summarise(make_game("pyatsot"), "match", True, [h, r], units)
    hs, rs = result.stats[h], result.stats[r]
    assert hs.set_means == pytest.approx([19 / 3, 1.0]) and rs.set_means == pytest.approx([-7 / 6, 0.0])
    # win share per seat in each set: h 1 + 1 + 1/3 of 3 seats; r 1/3 + 1/3 of 6 seats; set 1: r 1 of 6
    assert hs.set_wins == pytest.approx([(7 / 3) / 3, 0.0]) and rs.set_wins == pytest.approx([(2 / 3) / 6, 1 / 6])
    assert hs.wins == pytest.approx(7 / 3) and hs.seats_played == 6 and rs.seats_played == 12
    (pair,) = result.pairs
    assert (pair.a, pair.b, pair.sets) == (h, r, 2)
    diffs = [19 / 3 + 7 / 6, 1.0]
    expected = mean_interval(diffs)
    assert pair.mean_diff == pytest.approx(expected)
    assert pair.mean_diff[0] == pytest.approx(4.25)
    assert result.sets == 2 and result.unfinished == 0

"""The scoring tables cell by cell, and the bid precedence each implies."""

from __future__ import annotations

import pytest

from prikup.games.five_hundred import contract_score
from prikup.games.five_hundred_tables import CALLS, DECKS, EXTRA_CALLS, TABLES, deal_pattern

STRAINS = ["S", "C", "D", "H", "NT"]

# The rules' tables, typed in again here (not read from the module under test).
AVONDALE = {
    6: [40, 60, 80, 100, 120],
    7: [140, 160, 180, 200, 220],
    8: [240, 260, 280, 300, 320],
    9: [340, 360, 380, 400, 420],
    10: [440, 460, 480, 500, 520],
}
ORIGINAL = {
    6: [40, 80, 120, 160, 200],
    7: [60, 120, 180, 240, 300],
    8: [80, 160, 240, 320, 400],
    9: [100, 200, 300, 400, 500],
    10: [120, 240, 360, 480, 600],
}
IDEAL = {
    6: [20, 40, 60, 80, 100],
    7: [120, 140, 160, 180, 200],
    8: [220, 240, 260, 280, 300],
    9: [320, 340, 360, 380, 400],
    10: [420, 440, 460, 480, 500],
}
CELLS = [
    (name, level, strain, grid[level][i])
    for name, grid in (("avondale", AVONDALE), ("original", ORIGINAL), ("ideal", IDEAL))
    for level in grid
    for i, strain in enumerate(STRAINS)
]


@pytest.mark.parametrize(("table", "level", "strain", "value"), CELLS)
def test_table_cell(table: str, level: int, strain: str, value: int) -> None:
    assert TABLES[table].value(f"{level}{strain}") == value


@pytest.mark.parametrize(
    ("table", "mis", "omis"), [("avondale", 250, 500), ("original", 250, 500), ("ideal", 150, 250)]
)
def test_misere_values(table: str, mis: int, omis: int) -> None:
    assert TABLES[table].value("MIS") == mis
    assert TABLES[table].value("OMIS") == omis


def test_ideal_tops_at_500_and_keeps_its_other_bids_as_data() -> None:
    ideal = TABLES["ideal"]
    assert ideal.value("10NT") == 500
    assert ideal.others == {"hi/lo": 350, "double misère": 450, "patastrophe": 750, "blind misère": 1000}


def above(table: str, high: str, low: str) -> bool:
    ladder = TABLES[table].ladder()
    return ladder.index(high) > ladder.index(low)


def test_avondale_precedence_7s_above_6nt() -> None:
    assert above("avondale", "7S", "6NT")


def test_avondale_misere_above_8s_below_8c() -> None:
    assert above("avondale", "MIS", "8S")
    assert above("avondale", "8C", "MIS")


def test_avondale_open_misere_above_10d_below_10h() -> None:
    assert above("avondale", "OMIS", "10D")
    assert above("avondale", "10H", "OMIS")


def test_avondale_ladder_is_by_value() -> None:
    ladder = TABLES["avondale"].ladder()
    values = [TABLES["avondale"].value(c) for c in ladder]
    assert values == sorted(values)
    assert ladder[0] == "6S" and ladder[-1] == "10NT"
    assert sorted(ladder) == sorted(c for c in CALLS if c not in EXTRA_CALLS)  # the extra bids: by option


def test_original_equal_values_rank_by_tricks_then_suit() -> None:
    # 7C, 6D are both 120: 7 tricks outrank 6; 8S and 6C are both 80
    assert above("original", "7C", "6D")
    assert above("original", "8S", "6C")
    assert above("original", "10C", "8D")  # 240 each
    assert above("original", "9D", "7NT")  # 300 each


def test_original_equal_tricks_rank_by_suit() -> None:
    # 240: 7H, 8D, 10C - tricks decide; no two equal values share a level, so check the suit
    # order on the key directly: same value and level would fall back to S < C < D < H < NT
    t = TABLES["original"]
    assert t.precedence_key("8D") > t.precedence_key("7H")
    assert t.precedence_key("7H")[2:4] == (7, 3)


def test_original_misere_between_240_and_300() -> None:
    ladder = TABLES["original"].ladder()
    i = ladder.index("MIS")
    assert TABLES["original"].value(ladder[i - 1]) == 240 and ladder[i - 1] == "10C"
    assert TABLES["original"].value(ladder[i + 1]) == 300


def test_misere_ranks_below_an_equal_contract() -> None:
    # Original: open misère 500 and 9NT 500
    assert above("original", "9NT", "OMIS")
    assert above("original", "OMIS", "8NT")


def test_ideal_precedence() -> None:
    assert above("ideal", "MIS", "7C") and above("ideal", "7D", "MIS")
    assert above("ideal", "OMIS", "8C") and above("ideal", "8D", "OMIS")


def test_slam_250_on_8s_taking_ten() -> None:
    assert contract_score(TABLES["avondale"], "8S", 10) == 250
    assert contract_score(TABLES["avondale"], "8S", 9) == 240
    assert contract_score(TABLES["avondale"], "8C", 10) == 260  # worth more than 250: no slam
    assert contract_score(TABLES["avondale"], "6S", 10, slam=False) == 40


def test_contract_made_or_lost_no_overtricks() -> None:
    t = TABLES["avondale"]
    assert contract_score(t, "7H", 7) == 200
    assert contract_score(t, "7H", 9) == 200
    assert contract_score(t, "7H", 6) == -200
    assert contract_score(t, "MIS", 0) == 250
    assert contract_score(t, "MIS", 1) == -250
    assert contract_score(t, "OMIS", 0) == 500


@pytest.mark.parametrize(("name", "size", "jokers"), [("43", 43, 1), ("42", 42, 0), ("33", 33, 1), ("32", 32, 0)])
def test_decks_as_data(name: str, size: int, jokers: int) -> None:
    cards = DECKS[name].cards()
    assert len(cards) == size == len(set(cards))
    assert sum(c.is_joker for c in cards) == jokers
    codes = {str(c) for c in cards}
    if size >= 42:
        assert {"4D", "4H", "5S", "5C"} <= codes and not {"4S", "4C"} & codes
    else:
        assert {"7S", "AH"} <= codes and not {"6S", "5D"} & codes


def test_later_decks_are_data_too() -> None:
    assert DECKS["45"].size == 45 and DECKS["63"].size == 63 and DECKS["46"].size == 46


def test_deal_patterns() -> None:
    assert deal_pattern(4, 10, 3, "spread") == [
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 3),
        (-1, 1),
        (0, 4),
        (1, 4),
        (2, 4),
        (3, 4),
        (-1, 1),
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 3),
        (-1, 1),
    ]
    assert deal_pattern(3, 10, 3, "widow") == [
        (0, 3),
        (1, 3),
        (2, 3),
        (-1, 3),
        (0, 4),
        (1, 4),
        (2, 4),
        (0, 3),
        (1, 3),
        (2, 3),
    ]

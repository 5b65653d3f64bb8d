"""Duplicate scheduling: every bot plays every seat of the same deals."""

from __future__ import annotations

from collections import Counter

import pytest

from prikup.arena import (
    _run,
    config_of,
    planned_units,
    play_match,
    play_unit,
    run_arena,
    schedule,
    seatings,
    seeded_deal,
)
from prikup.games import GAMES, make_game
from prikup.records import replay


def test_seatings_permute_up_to_three_seats_and_rotate_from_four():
    assert seatings(["h", "r", "r"]) == [("h", "r", "r"), ("r", "h", "r"), ("r", "r", "h")]
    assert len(seatings(["a", "b", "c"])) == 6
    assert seatings(["h", "r", "h", "r"]) == [("h", "r", "h", "r"), ("r", "h", "r", "h")]  # partners stay partners
    assert len(seatings(["a", "b", "c", "d"])) == 4
    assert len(seatings(["a", "b", "c", "d"], "permutations")) == 24
    assert seatings(["a", "b", "c"], "rotations") == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    with pytest.raises(ValueError, match="unknown seating"):
        seatings(["a"], "shuffle")


@pytest.mark.parametrize("lineup", [["a", "b", "c"], ["h", "r", "r"], ["h", "r", "r", "r"], ["a", "b", "a", "b"]])
def test_every_bot_sits_in_every_seat_equally_often_within_each_set(lineup):
    specs = schedule(lineup, 25, seed=40)
    per_set: dict[int, list] = {}
    for s in specs:
        per_set.setdefault(s.set_index, []).append(s)
    size = len(seatings(lineup))
    assert len(specs) == planned_units(lineup, 25) and len(specs) % size == 0 and len(specs) >= 25
    assert [s.index for s in specs] == list(range(len(specs)))
    for k, units in per_set.items():
        assert len(units) == size and {u.seed for u in units} == {40 + k}
        for name in set(lineup):
            per_seat = Counter(seat for u in units for seat, who in enumerate(u.lineup) if who == name)
            assert len(set(per_seat.values())) == 1 and set(per_seat) == set(range(len(lineup)))


def test_without_duplicate_each_unit_has_its_seed_and_a_rotated_lineup():
    specs = schedule(["h", "r", "x"], 4, seed=9, duplicate=False)
    assert [s.seed for s in specs] == [9, 10, 11, 12] and [s.set_index for s in specs] == [0, 1, 2, 3]
    assert [s.lineup for s in specs] == [("h", "r", "x"), ("r", "x", "h"), ("x", "h", "r"), ("h", "r", "x")]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_seeded_deal_is_the_first_deal_of_the_match(game_id):
    game = make_game(game_id)
    for seed in (0, 1, 77):
        match, deal = game.new_match(seed), seeded_deal(game, seed)
        assert deal.single_deal
        a, b = match.deals[0], deal.deals[0]
        assert (a.dealer, a.hands, a.talon) == (b.dealer, b.hands, b.talon)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_deal_set_gives_every_seat_the_same_cards_and_records_replay(game_id):
    game = make_game(game_id)
    n = game.players
    lineup = ["heuristic"] + ["random"] * (n - 1)
    config = config_of(game, "deal", records=True)
    specs = schedule(lineup, 1, seed=5)
    played = [play_unit(config, s) for s in specs]
    cards = {
        (rec["deals"][0]["dealer"], str(rec["deals"][0]["hands"]), str(rec["deals"][0]["talon"])) for _, rec in played
    }
    assert len(cards) == 1  # the same deal for every seating
    assert {u.spec.lineup.index("heuristic") for u, _ in played} == set(range(n))
    for unit, rec in played:
        assert rec is not None and rec.get("single_deal") is True
        state = replay(rec)
        assert unit.deals == 1 and unit.finished
        sign = -1 if game.LOWER_SCORE_WINS else 1
        assert unit.changes == tuple(sign * v for v in state.deal_values()[0])
        if game_id != "preferans":  # the deal's score changes, except where the score defers it
            assert unit.changes == tuple(sign * float(c) for c in state.deals[0].score_changes)


def test_501_changes_are_sign_adjusted():
    game = make_game("501")
    state = _run(seeded_deal(game, 3), ["heuristic", "random", "random"], 3, 200)
    unit, _ = play_unit(config_of(game, "deal"), schedule(["heuristic", "random", "random"], 1, seed=3)[0])
    raw = state.deals[0].score_changes
    assert raw is not None and any(raw)
    assert unit.changes == tuple(-float(c) for c in raw)


def test_a_preferans_deal_is_worth_what_it_wrote_in_the_pulya_and_off_the_gora():
    """A deal unit in preferans counts the change in what the match would settle at, not the whists
    alone: a game made is worth its points at once, a game failed its gora besides the whists."""
    game = make_game("preferans")
    seen = set()
    for seed in range(40):
        spec = schedule(["heuristic", "heuristic", "heuristic"], 1, seed=seed)[0]
        unit, _ = play_unit(config_of(game, "deal"), spec)
        state = _run(seeded_deal(game, spec.seed), spec.lineup, spec.seed, 200)
        result = state.deals[0].result
        assert unit.changes == tuple(state.deal_values()[0]) and abs(sum(unit.changes)) < 1e-9
        outcome = result.get("outcome")
        if outcome in ("made", "for his own", "failed"):
            declarer = result["declarer"]
            whists = float(state.deals[0].score_changes[declarer])
            value = unit.changes[declarer]
            # made: the pulya and the gora written off count besides the whists; failed: the gora
            assert value > whists if outcome != "failed" else value < whists, (seed, result, unit.changes)
            seen.add(outcome)
    assert {"made", "for his own", "failed"} <= seen


def test_match_units_are_play_match_and_stop_at_the_cap():
    game = make_game("501")
    spec = schedule(["heuristic", "random", "random"], 1, seed=4)[1]
    unit, _ = play_unit(config_of(game, "match", max_deals=2), spec)
    state = play_match(game, list(spec.lineup), spec.seed, max_deals=2).state
    assert unit.deals == 2 and not unit.finished and unit.winners == ()
    assert unit.changes == tuple(-float(v - 501) for v in state.deals[1].scores_after)


def test_run_arena_rejects_a_wrong_lineup_or_unit():
    game = make_game("501")
    with pytest.raises(ValueError, match="needs 3 bots"):
        run_arena(game, ["heuristic"], 3)
    with pytest.raises(ValueError, match="unknown bot"):
        run_arena(game, ["heuristic", "random", "nobody"], 3)
    with pytest.raises(ValueError, match="unknown unit"):
        run_arena(game, ["heuristic", "random", "random"], 3, unit="trick")

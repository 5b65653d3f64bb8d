"""Whole matches: invariants at every step, hidden information, reproducibility, records, CLI."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from prikup.bots import make_bot
from prikup.core.cards import parse_card
from prikup.core.errors import IllegalActionError
from prikup.games.preferans import DECK_MASK, GamePreferans, StatePreferans
from prikup.games.preferans_sheet import is_finished


def _allowed_cards(s: StatePreferans, seat: int | None) -> set[str]:
    """What ``seat`` may know, written from the rules (not from the engine's visibility code)."""
    known: set[str] = set()
    for trick, _ in s.tricks:
        known |= {str(c) for _, c in trick}
    known |= {str(c) for _, c in s.trick}
    if s.talon_shown:  # the declarer's talon is turned face up for everyone
        known |= {str(c) for c in s.talon_cards}
    if s.phase.value == "settle":
        return known
    hands: set[int] = set()
    if seat is not None and seat in s.active_seats():
        hands.add(seat)
    defenders = set(s.defenders())
    if s.contract is not None and s.contract.startswith("MIS") and s.tricks:
        hands |= defenders  # misère: the defenders open after the first trick
    if s.open_play:
        hands |= defenders  # open whist: both defending hands on the table
    words = [w for who, w in s.whist_calls if who == seat]
    if seat is not None and seat == s.dealer and s.game.players == 4:
        hands |= {int(w.split()[1]) for w in words if w.startswith("look ")}  # the hand he chose to see
    for h in hands:
        known |= {str(c) for c in _cards(s.hands[h])}
    if seat is not None and seat == s.declarer:
        known |= {str(c) for c in _cards(s.discards)}
    return known


def _cards(mask: int) -> list[Any]:
    from prikup.core.cards import cards_of

    return cards_of(mask)


def _shown_cards(obs: dict[str, Any]) -> set[str]:
    shown: set[str] = set(obs["hand"] or [])
    for cards in obs["hands_seen"].values():
        shown |= set(cards)
    shown |= set(obs["talon"] or []) | set(obs["discards"] or [])
    shown |= {c for _, c in obs["trick"]}
    for t in obs["tricks"]:
        shown |= {c for _, c in t["cards"]}
    return shown


def _check_step(s: StatePreferans) -> None:
    places = s.card_places()
    total = 0
    for mask in places.values():
        assert total & mask == 0, "a card is in two places"
        total |= mask
    if s.deals:
        assert total == DECK_MASK, "a card is missing"
    assert sum(s.scores) == 0
    for seat in [None, *range(s.game.players)]:
        obs = s.observation(seat).to_json()
        json.dumps(obs)
        leaked = _shown_cards(obs) - _allowed_cards(s, seat)
        assert not leaked, f"seat {seat} sees {leaked}"
        for c in _shown_cards(obs):
            parse_card(c)


@pytest.mark.parametrize("players", [3, 4])
def test_random_play_invariants_and_rejections(players: int) -> None:
    game = GamePreferans(players=players)
    everything = game.all_actions()
    for seed in range(6):
        s = game.new_match(seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_over and len(s.deals) <= 12:
            _check_step(s)
            legal = s.legal_actions()
            assert legal, "a seat to act always has a legal action"
            if steps % 7 == 0:
                wrong = rng.choice(everything)
                if wrong not in legal:
                    before = json.dumps(s.observation(None).to_json(), sort_keys=True)
                    with pytest.raises(IllegalActionError):
                        s.apply(wrong)
                    assert json.dumps(s.observation(None).to_json(), sort_keys=True) == before
            s.apply(rng.choice(legal))
            steps += 1


def _bot_match(players: int, seed: int, bots: str = "heuristic", cap: int = 400) -> StatePreferans:
    game = GamePreferans(players=players)
    s = game.new_match(seed)
    table = [make_bot(bots, game, seed * 10 + i) for i in range(players)]
    while not s.is_over and len(s.deals) < cap:
        seat = s.to_act
        assert seat is not None
        s.apply(table[seat].act(s, seat))
    return s


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_heuristic_matches_end_with_every_pulya_closed_and_every_gora_off(players: int, seed: int) -> None:
    s = _bot_match(players, seed)
    assert s.is_over and is_finished(s.sheet)
    assert sum(s.scores) == 0 and s.winners
    assert s.scores_json() == s.deals[-1].scores_after


def test_the_same_seed_reproduces_the_match() -> None:
    a, b = _bot_match(3, 7, cap=30), _bot_match(3, 7, cap=30)
    assert a.history == b.history and a.sheet == b.sheet


def test_records_replay_exactly() -> None:
    from prikup.records import dump, load, replay, to_record

    for players, seed in ((3, 3), (4, 4)):
        s = _bot_match(players, seed)
        record = load(dump(to_record(s, seed=seed)))
        again = replay(record)
        assert again.is_over and again.sheet == s.sheet and again.scores_json() == s.scores_json()
        assert [d.result for d in again.deals] == [d.result for d in s.deals]


def test_record_with_a_wrong_score_is_refused() -> None:
    from prikup.records import RecordError, replay, to_record

    s = _bot_match(3, 5, cap=6)
    record = to_record(s, seed=5)
    done = [d for d in record["deals"] if "scores" in d]
    done[0]["scores"] = [1, 2, 3]
    with pytest.raises(RecordError, match="scores"):
        replay(record)


def test_cli_play_auto_and_record(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from prikup.cli.main import app

    path = tmp_path / "pf.json"
    result = CliRunner().invoke(
        app, ["play", "preferans", "--players", "3", "--auto", "--seed", "3", "--record", str(path), "--max-deals", "4"]
    )
    assert result.exit_code == 0, result.output
    assert "pulya" in result.output.lower()
    again = CliRunner().invoke(app, ["replay", str(path)])
    assert again.exit_code == 0, again.output


def test_arena_runs_preferans() -> None:
    from prikup.arena import run_arena

    result = run_arena(GamePreferans(), ["heuristic", "random", "random"], 2, 0, max_deals=15)
    assert result is not None


def test_cli_auto_match_at_ten_twenty_plays_to_the_end(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from prikup.cli.main import app
    from prikup.records import read, replay

    path = tmp_path / "full.json"
    result = CliRunner().invoke(app, ["play", "preferans", "--auto", "--seed", "1", "--record", str(path)])
    assert result.exit_code == 0, result.output
    state = replay(read(path))
    assert state.is_over and is_finished(state.sheet)  # type: ignore[attr-defined]

"""Messages that teach: every rule the four games raise has its words in both languages; an
illegal card names the rule; a range error names the range in one line."""

from __future__ import annotations

import json
import random
import re
from importlib import resources

import pytest

from prikup import make_game
from prikup.bots import make_bot
from prikup.cli.teach import explain, known_rule
from prikup.core.errors import IllegalActionError
from prikup.core.game import State
from prikup.core.refusals import ENGLISH, refusal

FORMS = [
    ("501", {}),
    ("501", {"players": 4, "exchange_order": "contract_first", "concede": "before_play"}),
    ("five-hundred", {}),
    ("five-hundred", {"players": 3}),
    ("five-hundred", {"no_bid": "play_nt", "joker_nt": "any_time"}),
    ("pyatsot", {}),
    ("pyatsot", {"players": 4}),
    ("preferans", {}),
    ("preferans", {"players": 4, "misere_half": True}),
]


def illegal_errors(state: State, rng: random.Random, tries: int = 40) -> list[IllegalActionError]:
    legal = set(state.legal_actions())
    pool = [a for a in state.game.all_actions() if a not in legal]
    out = []
    for action in rng.sample(pool, min(tries, len(pool))):
        with pytest.raises(IllegalActionError) as caught:
            state.verify(action)
        out.append(caught.value)
    return out


@pytest.mark.parametrize(("gid", "options"), FORMS)
def test_every_rule_met_in_random_play_has_words(gid: str, options: dict[str, object]) -> None:
    rng = random.Random(7)
    game = make_game(gid, **options)
    seen: set[str] = set()
    for seed in range(3):
        state = game.new_match(seed=seed)
        bots = {s: make_bot("random", game, seed * 10 + s) for s in range(game.players)}
        while not state.is_over and len(state.deals) <= 3:
            for error in illegal_errors(state, rng):
                assert known_rule(error.rule), f"no words for the rule: {error.rule}"
                for lang in ("en", "ru"):
                    text = explain(error, lang)
                    assert "{" not in text and "\n" not in text and len(text) < 300, text
                    if lang == "ru":
                        assert re.search("[а-яё]", text), text
                seen.add(error.rule)
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].act(state, seat))
    assert len(seen) >= 5


def test_every_rule_entry_is_used_and_has_both_languages() -> None:
    data = json.loads((resources.files("prikup") / "locales" / "rules.json").read_text(encoding="utf-8"))
    source = (resources.files("prikup") / "cli" / "teach.py").read_text(encoding="utf-8")
    for key, pair in data.items():
        assert set(pair) == {"en", "ru"} and pair["en"] and pair["ru"], key
        used = key in ENGLISH or f'"rules.{key}"' in source or key.startswith("os_")
        assert used, f"rules.json entry {key} is neither a refusal id nor used by teach.py"
    assert len(ENGLISH) >= 150 and all(key in data for key in ENGLISH)


def _must_follow_state(gid: str) -> tuple[State, str]:
    """A state where the human (seat to act) must follow and holds a card of another suit."""
    game = make_game(gid)
    for seed in range(200):
        state = game.new_match(seed=seed)
        bots = {s: make_bot("heuristic", game, s) for s in range(game.players)}
        while not state.is_over and len(state.deals) == 1:
            plays = [a for a in state.legal_actions() if str(a).startswith("play")]
            hand = state.observation(state.to_act).to_json().get("hand") or []
            trick = state.observation(state.to_act).to_json().get("trick") or []
            if plays and trick and len(plays) < len(hand):
                led = trick[0][1][-1]
                if all(str(a.card)[-1] == led for a in plays):
                    return state, next(c for c in hand if c[-1] != led)
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].act(state, seat))
    raise AssertionError("no position to follow suit found")


@pytest.mark.parametrize("gid", ["501", "pyatsot", "preferans"])
def test_follow_suit_names_the_suit_led(gid: str) -> None:
    state, other = _must_follow_state(gid)
    led = state.observation(state.to_act).to_json()["trick"][0][1][-1]
    symbol = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}[led]
    with pytest.raises(IllegalActionError) as caught:
        state.verify(f"play {other}")
    assert explain(caught.value, "en") == f"you must follow {symbol}: you hold {symbol}"
    assert explain(caught.value, "ru") == f"нужно ходить в масть {symbol}: у вас есть {symbol}"


def test_must_trump_names_the_trump() -> None:
    error = IllegalActionError("play 9C", refusal("must_trump", suit="S", trump="H"), ["play 9H", "play AH"])
    assert error.rule == "must_trump" and error.fields == {"suit": "S", "trump": "H"}
    assert "must trump: you hold no S and must play a trump (H)" in str(error)
    assert explain(error, "en") == "you hold no ♠ and cannot follow: you must trump (♥)"
    assert explain(error, "ru") == "у вас нет ♠, в масть не сходить: нужно бить козырем (♥)"


def test_a_bid_below_the_current_one_names_the_range_not_the_first_bound() -> None:
    state = make_game("501").new_match(seed=1)
    while "bid 66" not in [c for _, c in state.observation(0).to_json()["calls"]]:
        state.apply("bid 66" if state.can("bid 66") else "pass")
    with pytest.raises(IllegalActionError) as caught:
        state.verify("bid 65")
    assert explain(caught.value) == "a bid now is 67..220, or pass"
    assert explain(caught.value, "ru") == "заказать сейчас можно 67..220 или пас"


def test_a_preferans_bid_lists_a_short_range_of_calls() -> None:
    state = make_game("preferans").new_match(seed=1)
    state.apply("bid 7H")
    with pytest.raises(IllegalActionError) as caught:
        state.verify("bid 6S")
    text = explain(caught.value)
    assert text.startswith("a bid must top 7♥: ") and "…" in text and "(" not in text

"""Bot options as data (issue 14): ``make_bot`` refuses non-finite, out-of-range and unknown
options for every bot of every game with one line naming the option and what it allows; the
named levels a server offers."""

from __future__ import annotations

import pytest

from prikup.bots import BOTS, LEVELS, bot_names, level_bot, level_names, make_bot
from prikup.bots.pimc import PimcBot
from prikup.core.errors import OptionError
from prikup.games import GAMES, make_game

BAD_VALUES = ("inf", "-inf", "nan", "-1", "99999", "1e400", "x", "")


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_declared_option_refuses_non_finite_and_out_of_range_values(gid: str) -> None:
    """Each bot's declared options: every bad value is refused, naming the option and its range."""
    game = make_game(gid)
    tried = 0
    for name in bot_names(game):
        cls = BOTS[name].get(gid, BOTS[name].get("*"))
        assert cls is not None
        for key, option in cls.OPTIONS.items():
            for text in BAD_VALUES:
                if option.choices:
                    text = text or "nonsense"
                with pytest.raises(OptionError) as err:
                    make_bot(f"{name}:{key}={text}", game, 0)
                message = str(err.value)
                assert "\n" not in message and key in message and option.allowed() in message, message
                tried += 1
    assert tried >= 80


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("pimc:seconds=inf", ["seconds", "0.001..600"]),
        ("pimc:seconds=nan", ["seconds", "0.001..600"]),
        ("pimc:seconds=-1", ["seconds", "0.001..600"]),
        ("pimc:decision_samples=99999", ["decision_samples", "1..1000"]),
        ("pimc:samples=2.5", ["samples", "an integer 1..1000"]),
        ("pimc:rollout_play=magic", ["rollout_play", "solver | heuristic | self"]),
        ("pimc:depth=3", ["no option 'depth'", "samples"]),
        ("oracle:samples=3", ["no option 'samples'", "candidates"]),
        ("heuristic:samples=2", ["takes no options"]),
        ("random:seed=2", ["takes no options"]),
        ("pimc:samples", ["name:key=value"]),
        ("pimc:=3", ["name:key=value"]),
    ],
)
def test_make_bot_refuses_bad_options_with_one_line_naming_them(spec: str, words: list[str]) -> None:
    """The issue's examples: ``seconds=inf``, ``nan``, negative, ``decision_samples=99999``,
    unknown keys, options to a bot that takes none, malformed settings."""
    with pytest.raises(OptionError) as err:
        make_bot(spec, make_game("501"), 0)
    message = str(err.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message


def test_good_options_are_set_with_their_types() -> None:
    """Allowed values are set on the bot, typed as declared; the bounds themselves are allowed."""
    bot = make_bot("pimc:samples=1000:seconds=0.25:confidence=0:rollout_play=self:infer=0", make_game("501"), 0)
    assert isinstance(bot, PimcBot)
    assert (bot.samples, bot.seconds, bot.confidence, bot.rollout_play, bot.infer) == (1000, 0.25, 0.0, "self", 0)
    assert isinstance(bot.samples, int) and isinstance(bot.seconds, float)


@pytest.mark.parametrize(
    ("gid", "default"), [("preferans", "solver"), ("pyatsot", "solver"), ("501", "self"), ("five-hundred", "self")]
)
def test_the_oracle_plays_its_rollouts_by_its_games_default_unless_told(gid: str, default: str) -> None:
    """Preferans and Пятьсот: every seat open-hand (its calls hold against any defence); 501 and
    Five Hundred: itself open-hand, the others as the heuristic; the option overrides either."""
    game = make_game(gid)
    assert make_bot("oracle", game, 0).rollout_play == default
    assert make_bot("oracle:rollout_play=heuristic", game, 0).rollout_play == "heuristic"


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_levels_name_bots_that_play_the_game_with_a_table_budget(gid: str) -> None:
    """Every level of a game makes a bot of that game; no level is the oracle (it sees every
    card); the levels are weakest first and their specs are checked options."""
    game = make_game(gid)
    names = level_names(game)
    assert names[:2] == ["random", "heuristic"] and "pimc" in names
    for level in names:
        spec = level_bot(level)
        assert spec == LEVELS[level] and not spec.startswith("oracle")
        bot = make_bot(spec, game, 0)
        assert bot.act(game.new_match(1), game.new_match(1).to_act or 0) is not None
    pimc = make_bot(level_bot("pimc"), game, 0)
    assert isinstance(pimc, PimcBot) and pimc.seconds <= 2
    with pytest.raises(OptionError, match="unknown bot level 'grandmaster'; levels: random, heuristic, pimc"):
        level_bot("grandmaster")


@pytest.mark.parametrize(
    ("gid", "bold", "careful"),
    [
        ("pyatsot", "heuristic:bid_margin=0:contract_margin=0", "heuristic:bid_margin=200:contract_margin=200"),
        ("preferans", "heuristic:bid_offset=4", "heuristic:bid_offset=0"),
    ],
)
def test_the_heuristics_bidding_margins_are_options_that_change_its_calls(gid: str, bold: str, careful: str) -> None:
    """Пятьсот's bid and contract margins and preferans's bid offset are options (the arena's A/B of
    them is one command): over the first free calls of many deals the bold setting bids where the careful
    one passes, and never the other way round."""
    game = make_game(gid)
    bolder = 0
    for seed in range(60):
        state = game.new_match(seed=seed)
        while "pass" not in map(str, state.legal_actions()):  # Пятьсот's forced opening bid
            state.apply(make_bot("heuristic", game, 0).act(state, state.to_act))
        seat = state.to_act
        assert seat is not None
        calls = [str(make_bot(spec, game, 0).act(state, seat)) for spec in (bold, careful)]
        assert not (calls[0] == "pass" and calls[1] != "pass"), (seed, calls)
        bolder += calls[0] != "pass" and calls[1] == "pass"
    assert bolder >= 5, bolder

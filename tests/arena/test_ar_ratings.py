"""openskill ratings move the right way, and their plot is a PNG."""

from __future__ import annotations

import pytest

from prikup.arena import run_arena
from prikup.games import make_game
from prikup.ratings import Ratings, plot_ratings


def test_a_bot_that_always_wins_rises_and_the_loser_falls():
    ratings = Ratings(["strong", "weak"])
    for _ in range(20):
        ratings.rate({"strong": 1.0, "weak": 0.0})
    strong, weak = ratings.current("strong"), ratings.current("weak")
    assert strong.mu > 25 > weak.mu and strong.ordinal > weak.ordinal
    assert strong.sigma < 25 / 3 and strong.games == 20 and len(ratings.history["weak"]) == 21


def test_ties_and_lone_bots_do_not_separate_ratings():
    ratings = Ratings(["a", "b"])
    ratings.rate({"a": 0.0, "b": 0.0})
    assert ratings.current("a").mu == pytest.approx(ratings.current("b").mu)
    ratings.rate({"a": 1.0})  # only one contestant: nothing to rate
    assert ratings.current("a").games == 1


@pytest.mark.parametrize(("game_id", "unit"), [("501", "deal"), ("pyatsot", "deal"), ("preferans", "deal")])
def test_heuristic_outrates_random(game_id, unit):
    result = run_arena(make_game(game_id), ["heuristic", "random", "random"], 60, seed=8, unit=unit)
    h, r = result.ratings.current("heuristic"), result.ratings.current("random")
    assert h.mu > 25 > r.mu
    assert h.games == r.games == 60
    (pair,) = result.pairs
    assert pair.mean_diff[1] > 0  # the whole interval favours the heuristic


def test_plot_is_a_png(tmp_path):
    ratings = Ratings(["x", "y", "z"])
    for i in range(10):
        ratings.rate({"x": 2.0, "y": float(i % 2), "z": 0.5})
    path = tmp_path / "r.png"
    plot_ratings(ratings.history, path, title="test")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


@pytest.mark.parametrize(("lang", "x_label"), [("en", "rated games played"), ("ru", "сыграно игр с рейтингом")])
def test_plot_is_worded_in_the_language(tmp_path, monkeypatch, lang, x_label):
    from matplotlib.figure import Figure

    ratings = Ratings(["x", "y", "z"])
    ratings.rate({"x": 2.0, "y": 1.0, "z": 0.5})
    seen: list[tuple[str, str, list[str]]] = []
    save = Figure.savefig

    def note(fig, *args, **kwargs):  # the real savefig, after noting the words drawn
        ax = fig.axes[0]
        seen.append((ax.get_xlabel(), ax.get_ylabel(), [t.get_text() for t in ax.get_legend().get_texts()]))
        return save(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", note)
    plot_ratings(ratings.history, tmp_path / "r.png", title="t", lang=lang)
    ((x, y, legend),) = seen
    assert x == x_label and ("μ" in y if lang == "ru" else "mu" in y)
    assert legend[0].startswith("x (") and (("σ" in legend[0]) == (lang == "ru"))
    assert (tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"

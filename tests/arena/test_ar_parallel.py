"""Parallel play gives exactly the results of a sequential run: local processes and Dask."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest

from prikup.arena import run_arena
from prikup.games import make_game


def _fingerprint(result):
    return (
        [(u.spec, u.changes, u.deals, u.finished, u.winners, u.digest) for u in result.units],
        {name: result.ratings.history[name] for name in result.ratings.names},
    )


def test_two_workers_equal_one_worker(tmp_path):
    game = make_game("pyatsot")
    lineup = ["heuristic", "random", "random"]
    seen: list[int] = []
    one = run_arena(game, lineup, 9, seed=21, max_deals=20, records_dir=tmp_path / "one")
    two = run_arena(
        game, lineup, 9, seed=21, max_deals=20, records_dir=tmp_path / "two", workers=2, progress=seen.append
    )
    assert _fingerprint(one) == _fingerprint(two)
    assert len({u.digest for u in one.units}) == 9  # the units really differ from one another
    assert seen[-1] == 9 and seen == sorted(seen)
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "two").iterdir()) and len(names) == 9
    for name in names:
        assert (tmp_path / "one" / name).read_text() == (tmp_path / "two" / name).read_text()


@pytest.mark.parametrize(("game_id", "options"), [("five-hundred", {"players": 3}), ("preferans", {})])
def test_deal_units_in_two_workers_equal_one_worker(game_id, options):
    game = make_game(game_id, **options)
    lineup = ["heuristic", "random", "random"]
    one = run_arena(game, lineup, 30, seed=2, unit="deal")
    two = run_arena(game, lineup, 30, seed=2, unit="deal", workers=2)
    assert _fingerprint(one) == _fingerprint(two)


@pytest.fixture
def time_limit() -> Iterator[None]:
    """Fail a test that runs past 120 s instead of hanging (a cluster that never answers)."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError("the Dask test ran past 120 s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(120)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_dask_cluster_equals_local_run(time_limit):
    distributed = pytest.importorskip("distributed")
    game = make_game("pyatsot")
    lineup = ["heuristic", "random", "random"]
    local = run_arena(game, lineup, 24, seed=11, unit="deal")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        ) as cluster,
        distributed.Client(cluster, timeout=60) as client,
    ):
        by_client = run_arena(game, lineup, 24, seed=11, unit="deal", dask=client)
        by_address = run_arena(game, lineup, 6, seed=11, unit="match", max_deals=10, dask=cluster.scheduler_address)
        workers = {w for w in client.run(lambda: 1)}
    assert len(workers) == 2
    assert _fingerprint(by_client) == _fingerprint(local)
    assert _fingerprint(by_address) == _fingerprint(run_arena(game, lineup, 6, seed=11, unit="match", max_deals=10))


_DIGESTS = """
import sys
from prikup.arena import run_arena
from prikup.games import make_game
result = run_arena(make_game(sys.argv[1], players=3), ["heuristic", "random", "random"], 300, 1, unit="deal")
print(" ".join(u.digest[:12] for u in result.units))
"""


@pytest.mark.parametrize(
    "game_id",
    [
        "501",
        "pyatsot",
        "preferans",
        "five-hundred",
    ],
)
def test_play_does_not_depend_on_the_string_hash_seed(game_id):
    # worker processes (local or Dask) each draw their own hash seed: play must not depend on it
    runs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run(
            [sys.executable, "-c", _DIGESTS, game_id], env=env, capture_output=True, text=True, timeout=120
        )
        assert out.returncode == 0, out.stderr
        runs.append(out.stdout)
    assert runs[0] == runs[1]

"""Arena units on a Dask distributed cluster.

The scheduler address (``tcp://host:8786``) or an open ``distributed.Client`` is given; every
batch of units becomes one task running :func:`prikup.arena.play_batch`, which the workers import
(``prikup`` must be installed, or on ``PYTHONPATH``, on every worker).  Batches are collected as
they finish and handed back with their position, so the arena combines them in schedule order
and the results equal a local run with the same seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["run_batches"]


def run_batches(
    dask: Any,
    config: Any,
    batches: Sequence[Sequence[Any]],
    collect: Callable[[int, Any], None],
    *,
    connect_timeout: float = 30.0,
    timeout: float | None = None,
) -> None:
    """Run ``play_batch(config, batch)`` for every batch on the cluster; ``collect(i, result)``
    is called in this process as each batch ``i`` finishes.

    ``connect_timeout`` bounds the connection to a scheduler given by address; ``timeout`` (if
    given) the whole run (``TimeoutError`` past it).
    """
    import distributed

    from prikup.arena import play_batch

    dist: Any = distributed  # distributed is not fully typed
    own = not isinstance(dask, dist.Client)
    client = dist.Client(dask, timeout=connect_timeout) if own else dask
    try:
        futures = [client.submit(play_batch, config, list(batch), pure=False) for batch in batches]
        index = {f.key: i for i, f in enumerate(futures)}
        for future in dist.as_completed(futures, timeout=timeout):
            collect(index[future.key], future.result())
    finally:
        if own:
            client.close()

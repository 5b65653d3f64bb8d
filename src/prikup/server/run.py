"""Running the server: ``prikup serve`` calls :func:`serve`.

One process by default.  ``workers > 1`` needs PostgreSQL: every worker serves any table, and
the workers tell each other of every stored action with ``LISTEN``/``NOTIFY``.  SQLite is the
one-process default (one writer, no notifications between processes); more workers on it are
refused.
"""

from __future__ import annotations

import os

from prikup.core.errors import PrikupError
from prikup.server.config import ServerConfig
from prikup.server.storage import normalise_url

__all__ = ["serve", "uvicorn_options"]


def uvicorn_options(config: ServerConfig) -> dict[str, object]:
    """uvicorn's settings that enforce the server's limits at the protocol level."""
    return {
        "ws": "websockets-sansio",
        "ws_max_size": config.max_ws_message,
        "ws_per_message_deflate": False,
        "log_level": "warning",
        "access_log": False,
        "server_header": False,
        "proxy_headers": False,
    }


def serve(host: str, port: int, db_url: str, *, workers: int = 1, bot_delay: float | None = None) -> None:
    """Run the server until interrupted."""
    import uvicorn

    from prikup.server.app import create_app
    from prikup.server.observe import setup_logging

    url = normalise_url(db_url)
    if workers < 1:
        raise PrikupError(f"--workers must be 1 or more, not {workers}")
    if workers > 1 and not url.startswith("postgresql"):
        raise PrikupError("--workers above 1 needs PostgreSQL (--db postgresql://...); SQLite serves one process")
    try:
        config = ServerConfig.from_env(bot_delay=bot_delay)
    except ValueError as exc:
        raise PrikupError(str(exc)) from None
    setup_logging()
    options = uvicorn_options(config)
    if workers == 1:
        uvicorn.run(create_app(db_url, config), host=host, port=port, **options)  # type: ignore[arg-type]
        return
    os.environ["PRIKUP_DB"] = db_url
    if bot_delay is not None:
        os.environ["PRIKUP_BOT_DELAY"] = str(bot_delay)
    uvicorn.run(
        "prikup.server.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        **options,  # type: ignore[arg-type]
    )

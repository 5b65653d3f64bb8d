"""``prikup serve``: the multiplayer table server (the ``server`` extra)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.markup import escape

from prikup.cli.checks import CliError, check_db, check_port, require_extra
from prikup.cli.main import app, console, fail
from prikup.core.errors import PrikupError

__all__ = ["serve"]


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on (1..65535)")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="a database URL (postgresql://...); default: SQLite in the user data dir")
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before acting")] = 0.4,
    workers: Annotated[int, typer.Option(help="server processes (above 1: PostgreSQL only)")] = 1,
) -> None:
    """Run the multiplayer table server (lobby, tables, WebSockets) in the browser; limits are
    set with PRIKUP_* variables (see prikup.server.config)."""
    try:
        require_extra("serve", "server")
        if bot_delay < 0:
            raise CliError(f"--bot-delay {bot_delay}: not below 0")
        check_port(host, port)
        from prikup.server.storage import default_url

        url = db or default_url()
        if workers < 1:
            raise CliError(f"--workers {workers}: at least 1")
        if workers > 1 and not url.startswith("postgresql"):
            raise CliError(f"--workers {workers} needs PostgreSQL (--db postgresql://...); SQLite serves one process")
        shown = check_db(url)
    except (PrikupError, OSError) as exc:
        raise fail(str(exc)) from None
    from prikup.server.run import serve as run_server

    console.print(
        f"prikup server: http://{host}:{port}/  (database: {escape(shown)}, workers: {workers})", soft_wrap=True
    )
    sys.stdout.flush()
    try:
        run_server(host, port, url, workers=workers, bot_delay=bot_delay)
    except PrikupError as exc:
        raise fail(str(exc)) from None

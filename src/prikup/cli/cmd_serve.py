"""``prikup serve``: the multiplayer table server (the ``server`` extra)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.markup import escape

from prikup.cli.checks import CliError, check_db, check_port, require_extra
from prikup.cli.main import app, check_lang, console, fail
from prikup.core.errors import PrikupError
from prikup.i18n import t

__all__ = ["serve"]


@app.command()
def serve(
    host: Annotated[str, typer.Option()] = "127.0.0.1",
    port: Annotated[int, typer.Option()] = 8000,
    db: Annotated[str | None, typer.Option()] = None,
    bot_delay: Annotated[float, typer.Option()] = 0.4,
    workers: Annotated[int, typer.Option()] = 1,
    lang: Annotated[str, typer.Option()] = "en",
) -> None:
    """Run the multiplayer table server (lobby, tables, WebSockets) in the browser; limits are
    set with PRIKUP_* variables (see prikup.server.config)."""
    try:
        check_lang(lang)
        require_extra("serve", "server", lang=lang)
        if bot_delay < 0:
            raise CliError(t("cli.serve_err_bot_delay", lang, value=bot_delay))
        check_port(host, port, lang)
        from prikup.server.storage import default_url

        url = db or default_url()
        if workers < 1:
            raise CliError(t("cli.serve_err_workers", lang, value=workers))
        if workers > 1 and not url.startswith("postgresql"):
            raise CliError(t("cli.serve_err_workers_pg", lang, value=workers))
        shown = check_db(url, lang)
    except (PrikupError, OSError) as exc:
        raise fail(exc if isinstance(exc, PrikupError) else str(exc), lang) from None
    from prikup.server.run import serve as run_server

    console.print(
        t("cli.serve_started", lang, url=f"http://{host}:{port}/", db=escape(shown), workers=workers), soft_wrap=True
    )
    sys.stdout.flush()
    try:
        run_server(host, port, url, workers=workers, bot_delay=bot_delay)
    except PrikupError as exc:
        raise fail(exc, lang) from None

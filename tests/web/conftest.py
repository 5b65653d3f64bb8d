"""The browser tests' shared parts: Debian's Chromium and a real server, one of each per module
(a module that needs other server settings defines its own ``server``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_driver import ServerProcess, launch_browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless."""
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server on SQLite whose bots answer at once."""
    folder: Path = tmp_path_factory.mktemp("web")
    proc = ServerProcess(f"sqlite:///{folder / 'web.sqlite3'}", bot_delay=0.0).start()
    yield proc
    proc.stop()

"""The server's settings: every limit has a sane default and can be changed (``PRIKUP_*`` variables).

``ServerConfig.from_env()`` reads them; ``prikup serve`` passes the database URL and a few of them
on its command line.  Each limit names what it protects against:

=========================  ==================================================  =========
variable                   what                                                default
=========================  ==================================================  =========
PRIKUP_MAX_BODY            HTTP request body, bytes (larger: 413)              65536
PRIKUP_MAX_WS_MESSAGE      WebSocket message, bytes (larger: closed, 1009)     4096
PRIKUP_OUTBOX              frames queued for one connection (more: closed)     64
PRIKUP_MAX_JSON_DEPTH      nesting of a JSON value (deeper: malformed)         8
PRIKUP_CREATE_PER_MINUTE   tables one client address may create per minute     10
PRIKUP_MAX_LIVE_TABLES     unfinished tables in memory (more: 503)             500
PRIKUP_MAX_SPECTATORS      spectators of one table                             50
PRIKUP_BOT_WORKERS         processes that run searching bots                   1
PRIKUP_BOT_LIMIT           hard limit of one bot decision, seconds             5
PRIKUP_AWAY_AFTER          seconds before an absent human's turn goes to a bot 60
PRIKUP_AWAY_BOT            the bot level that plays for him                    heuristic
PRIKUP_EVICT_AFTER         seconds a finished or idle table stays in memory    60
PRIKUP_TOKEN_TTL           seconds seat tokens live after the match ends       3600
PRIKUP_TABLE_TTL           seconds an unfinished table may go without an       604800
                           action before it is closed as abandoned (its
                           tokens refused, out of the lobby, replay kept)
PRIKUP_ORIGINS             allowed WebSocket origins besides the page's own    (none)
PRIKUP_OPENAPI             1: serve the OpenAPI schema at /openapi.json        0
PRIKUP_BOT_DELAY           seconds a bot waits before acting                   0.4
PRIKUP_ALLOW_SEED          1: a creator may choose the dealing seed (tests)    0
PRIKUP_HINTS_PER_MINUTE    hints one seat of a table may ask for per minute    12
PRIKUP_HINT_LIMIT          hard limit of one hint, seconds                     15
PRIKUP_ANALYSES_PER_MINUTE analysis requests per table and viewer per minute   10
PRIKUP_MAX_ANALYSES        deal analyses under way or waiting, in all          8
PRIKUP_ANALYSIS_WORKERS    processes that analyse deals (never the bots')      1
PRIKUP_ANALYSIS_LIMIT      hard limit of one deal's analysis, seconds          900
PRIKUP_ANALYSIS_SAMPLES    samples per decision (0: the analysis's default)    0
=========================  ==================================================  =========
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from typing import Any

__all__ = ["ServerConfig"]

_ENV = {
    "max_body": "PRIKUP_MAX_BODY",
    "max_ws_message": "PRIKUP_MAX_WS_MESSAGE",
    "outbox": "PRIKUP_OUTBOX",
    "max_json_depth": "PRIKUP_MAX_JSON_DEPTH",
    "create_per_minute": "PRIKUP_CREATE_PER_MINUTE",
    "max_live_tables": "PRIKUP_MAX_LIVE_TABLES",
    "max_spectators": "PRIKUP_MAX_SPECTATORS",
    "bot_workers": "PRIKUP_BOT_WORKERS",
    "bot_limit": "PRIKUP_BOT_LIMIT",
    "away_after": "PRIKUP_AWAY_AFTER",
    "away_bot": "PRIKUP_AWAY_BOT",
    "evict_after": "PRIKUP_EVICT_AFTER",
    "token_ttl": "PRIKUP_TOKEN_TTL",
    "table_ttl": "PRIKUP_TABLE_TTL",
    "origins": "PRIKUP_ORIGINS",
    "openapi": "PRIKUP_OPENAPI",
    "bot_delay": "PRIKUP_BOT_DELAY",
    "allow_seed": "PRIKUP_ALLOW_SEED",
    "hints_per_minute": "PRIKUP_HINTS_PER_MINUTE",
    "hint_limit": "PRIKUP_HINT_LIMIT",
    "analyses_per_minute": "PRIKUP_ANALYSES_PER_MINUTE",
    "max_analyses": "PRIKUP_MAX_ANALYSES",
    "analysis_workers": "PRIKUP_ANALYSIS_WORKERS",
    "analysis_limit": "PRIKUP_ANALYSIS_LIMIT",
    "analysis_samples": "PRIKUP_ANALYSIS_SAMPLES",
}


@dataclass(frozen=True)
class ServerConfig:
    """Every setting of one server process (see the module docstring for the variables)."""

    max_body: int = 65536
    max_ws_message: int = 4096
    outbox: int = 64
    max_json_depth: int = 8
    create_per_minute: int = 10
    max_live_tables: int = 500
    max_spectators: int = 50
    bot_workers: int = 1
    bot_limit: float = 5.0
    away_after: float = 60.0
    away_bot: str = "heuristic"
    evict_after: float = 60.0
    token_ttl: float = 3600.0
    table_ttl: float = 7 * 24 * 3600.0
    origins: tuple[str, ...] = ()
    openapi: bool = False
    bot_delay: float = 0.4
    allow_seed: bool = False
    hints_per_minute: int = 12
    hint_limit: float = 15.0
    analyses_per_minute: int = 10
    max_analyses: int = 8
    analysis_workers: int = 1
    analysis_limit: float = 900.0
    analysis_samples: int = 0

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: Any) -> ServerConfig:
        """The settings from ``PRIKUP_*`` variables, then ``overrides`` (None values ignored).

        A variable that does not parse raises :class:`ValueError` naming it.
        """
        source = os.environ if env is None else env
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = source.get(_ENV[f.name])
            if raw is None or raw == "":
                continue
            values[f.name] = _parse(f.name, _ENV[f.name], raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)


def _parse(name: str, var: str, raw: str) -> Any:
    default = getattr(ServerConfig(), name)
    try:
        if isinstance(default, bool):
            if raw not in ("0", "1"):
                raise ValueError(raw)
            return raw == "1"
        if isinstance(default, tuple):
            return tuple(o.strip().rstrip("/") for o in raw.split(",") if o.strip())
        if isinstance(default, int):
            value: Any = int(raw)
        elif isinstance(default, float):
            value = float(raw)
            if value != value or value in (float("inf"), float("-inf")):
                raise ValueError(raw)
        else:
            return raw
    except ValueError:
        raise ValueError(f"{var}={raw!r} is not a valid {type(default).__name__}") from None
    if value < 0:
        raise ValueError(f"{var}={raw!r} must not be negative")
    return value

"""Operations: Prometheus metrics (``prometheus-client``) and structured logs (JSON lines).

Logs never carry a token: the server does not log one, and :class:`JsonFormatter` also blanks
anything that looks like a bearer token or a ``token=`` parameter.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

__all__ = ["JsonFormatter", "Metrics", "setup_logging"]

_SECRET = re.compile(r"(?i)(bearer\s+|token[\"']?\s*[:=]\s*[\"']?|invite[=.])[A-Za-z0-9_\-.]+")

_STANDARD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}


def redact(text: str) -> str:
    """``text`` with every token-like secret blanked."""
    return _SECRET.sub(lambda m: m.group(1) + "***", text)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and any ``extra`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one JSON line."""
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value if isinstance(value, int | float | bool | type(None)) else redact(str(value))
        if record.exc_info:
            out["error"] = redact(self.formatException(record.exc_info))
        return json.dumps(out, ensure_ascii=False)


def setup_logging(level: int = logging.INFO) -> None:
    """Send the server's and uvicorn's logs to stderr as JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    for name in ("prikup", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False


class Metrics:
    """The server's Prometheus metrics, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.actions = Counter("prikup_actions", "Actions stored and applied", ["by"], registry=r)
        self.action_seconds = Histogram(
            "prikup_action_seconds",
            "Time from an action's arrival to its acknowledgement (store included)",
            buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5),
            registry=r,
        )
        self.tables = Gauge("prikup_tables_live", "Tables in memory", registry=r)
        self.tables_created = Counter("prikup_tables_created", "Tables created", registry=r)
        self.connections = Gauge("prikup_connections", "Open WebSocket connections", registry=r)
        self.frames_built = Counter(
            "prikup_state_frames_built", "State frames serialised (once per distinct viewer per change)", registry=r
        )
        self.frames_sent = Counter("prikup_frames_sent", "Frames queued to connections", registry=r)
        self.slow_readers = Counter("prikup_slow_readers_closed", "Connections closed for not reading", registry=r)
        self.bot_seconds = Histogram(
            "prikup_bot_seconds",
            "Time of one bot decision",
            ["bot"],
            buckets=(0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30),
            registry=r,
        )
        self.bot_timeouts = Counter("prikup_bot_timeouts", "Bot decisions stopped by the hard limit", registry=r)
        self.refused = Counter("prikup_refused", "Requests and messages refused, by code", ["code"], registry=r)
        self.hints = Counter("prikup_hints", "Hints computed and sent", registry=r)
        self.analyses = Counter(
            "prikup_analyses",
            "Deal analyses sent, by source (computed now, or read from storage)",
            ["source"],
            registry=r,
        )
        self.analysis_seconds = Histogram(
            "prikup_analysis_cpu_seconds",
            "CPU time of one deal's analysis in its worker",
            buckets=(0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900),
            registry=r,
        )

"""The WebSocket protocol between a table and its clients (JSON text frames).

Client → server:

- ``{"type": "hello", "seat": 2, "token": "..."}`` first, to hold a seat; ``{"type": "hello",
  "seat": null}`` to watch as a spectator.
- ``{"type": "act", "action": "play QH", "ply": 17}``: take an action.  ``ply`` (optional) is
  the number of actions the client has seen; a stale one is refused.  ``seat`` (optional) must be
  the connection's own seat.
- ``{"type": "ping"}``.

Server → client:

- ``welcome`` (the seat held and the table's public description),
- ``state`` (after every action and on joining): the seat's own observation
  (``State.observation(seat)``), the current deal's actions as that seat saw them
  (``State.action_view``), the public score sheet, the seats, and the last event,
- ``ack`` (the action was stored and applied), ``error`` (``code``, ``message``; for an
  illegal action also ``rule`` and ``legal``), ``pong``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = ["ClientMessage", "ProtocolError", "error_message", "parse_client_message"]

MAX_MESSAGE = 4096


class ProtocolError(ValueError):
    """A client message that is refused; ``code`` is a stable short name."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class ClientMessage:
    """One parsed client message."""

    type: str
    seat: int | None = None
    token: str | None = None
    action: str | None = None
    ply: int | None = None
    has_seat: bool = False


def _int_or_none(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("malformed", f"'{name}' must be an integer or null")
    return value


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Parse and check one client frame; raise :class:`ProtocolError` if malformed."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("malformed", f"message longer than {MAX_MESSAGE} bytes")
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ProtocolError("malformed", f"not valid JSON: {exc}") from None
    if not isinstance(value, dict):
        raise ProtocolError("malformed", "a message is a JSON object with a 'type'")
    kind = value.get("type")
    if kind == "hello":
        token = value.get("token")
        if token is not None and not isinstance(token, str):
            raise ProtocolError("malformed", "'token' must be a string")
        return ClientMessage("hello", seat=_int_or_none(value.get("seat"), "seat"), token=token)
    if kind == "act":
        action = value.get("action")
        if not isinstance(action, str) or not action.strip() or len(action) > 64:
            raise ProtocolError("malformed", "'action' must be an action's text, e.g. \"play QH\"")
        return ClientMessage(
            "act",
            action=action,
            ply=_int_or_none(value.get("ply"), "ply"),
            seat=_int_or_none(value.get("seat"), "seat"),
            has_seat="seat" in value,
        )
    if kind == "ping":
        return ClientMessage("ping")
    raise ProtocolError("unknown_type", f"unknown message type {kind!r}; expected hello, act or ping")


def error_message(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """An ``error`` frame."""
    return {"type": "error", "code": code, "message": message, **extra}

"""The table server's protocol: HTTP routes and the WebSocket frames (JSON), shared with the page.

**Seats and tokens.**  A seat token is a secret: it never appears in a URL.  The page keeps it in
``localStorage`` under ``prikup.seat.<table id>`` and sends it only in the WebSocket ``hello`` frame
and, over HTTP, in an ``Authorization: Bearer <token>`` header.  Tokens stop working when their seat
is released and ``PRIKUP_TOKEN_TTL`` seconds after the match ends.

**Abandoned tables.**  An unfinished table with no action for ``PRIKUP_TABLE_TTL`` seconds (7 days
by default) is closed as abandoned: every token of it, a ``hello`` (spectators too), a claim or a
release is refused with code ``abandoned`` (HTTP 410), its connections get that error and are
closed (code 4410), its bots stop and it leaves ``GET /api/tables``; ``GET /api/tables/<id>`` says
``"abandoned": true``, and its spectator replay and its record stay readable.

**HTTP** (errors: a status and ``{"detail": "<one line>", "code": "<stable name>"}``; ``code`` is
absent only for errors that are not refusals, such as an unknown route):

- ``GET /api/games``: every game with ``id``, titles, ``players``, ``options`` and ``bots`` (the
  bot *level ids* a creator may choose; the page shows words for them).
- ``POST /api/tables {"game", "options", "seats": [{"kind": "human", "name"?} | {"kind": "bot",
  "bot": "<level id>"}], "name": "<creator's name>"}`` → ``{"id", "seat", "token", "invites":
  [{"seat", "secret"}]}``.  The creator holds the first human seat (at least one seat is human);
  every other human seat gets an invitation secret.  A ``bot`` that is not a level id (e.g.
  ``pimc:seconds=40``, ``oracle``) is refused with 400.  Too many tables from one address: 429;
  too many live tables: 503.
- Invitation links are ``/table/<id>#invite=<seat>.<secret>`` (a fragment: never sent to the
  server).  ``POST /api/tables/<id>/claim {"seat", "name", "invite": "<secret>"}`` →
  ``{"seat", "token"}``; a wrong or missing secret: 403; a seat already held: 409.
- ``POST /api/tables/<id>/release {"seat"}`` with the creator's token (Bearer): frees a human seat
  (its token stops working) → ``{"seat", "secret"}``, a new invitation secret for it.
- ``GET /api/tables`` recent tables; ``GET /api/tables/<id>`` one table (public data only).
- ``GET /api/tables/<id>/replay`` (Bearer token for a seat's view; none: the spectator's view):
  the match step by step as that viewer saw it.  ``GET /api/tables/<id>/record``: the game record
  (``prikup replay`` reads it) of a finished or abandoned match.
- ``GET /api/tables/<id>/analysis/<deal>`` (``?seat=`` and a Bearer token for a seat's view, as
  the replay): the stored analysis of a finished deal as that viewer may see it (the ``analysis``
  frame below, with ``"source": "stored"``); 404 ``not_analysed`` if it was never asked for on the
  socket, 409 ``not_finished`` for a deal not over.
- ``POST /api/tables`` takes ``"hints": true | false`` too (absent: on for one human against
  bots, off when more than one seat is human); every table's public description says ``hints``.
- ``GET /health`` (200 when the database answers and takes writes, else 503), ``GET /metrics``.

**WebSocket** ``/ws/<id>`` (text frames of at most ``PRIKUP_MAX_WS_MESSAGE`` bytes; a larger one
closes the connection with 1009; a browser's ``Origin`` must be the page's own or an allowed one).

Client → server:

- ``{"type": "hello", "seat": 2, "token": "..."}`` first, to hold a seat; ``{"type": "hello",
  "seat": null}`` to watch as a spectator (at most ``PRIKUP_MAX_SPECTATORS`` per table).
- ``{"type": "act", "action": "play QH", "ply": 17}``: take an action.  ``ply`` (optional) is
  the number of actions the client has seen; a stale one is refused.  ``seat`` (optional) must be
  the connection's own seat.
- ``{"type": "hint", "ply": 17}``: the seat to act asks what the pimc bot would do in its place,
  from its own knowledge.  Refused (``hints_off``) at a table created with ``"hints": false``
  (the default when more than one seat is human) and never computed there; also refused when it
  is not the seat's turn (``not_your_turn``), for a stale ``ply`` (``stale``), past
  ``PRIKUP_HINTS_PER_MINUTE`` (``rate_limited``) and while its previous hint is being computed
  (``hint_pending``).  The hint is computed in the bots' worker processes under
  ``PRIKUP_HINT_LIMIT`` seconds (past it: ``hint_failed``).
- ``{"type": "analyse", "deal": 3}``: the analysis of a finished deal (numbered from 1).  A deal
  not yet over is refused (``not_finished``).  A stored analysis is sent at once; otherwise it is
  computed once, in the analysis worker processes, stored with the table and then sent.
- ``{"type": "ping"}``.

Server → client:

- ``welcome`` (the seat held, the table's public description and ``worker``, the random id of
  the server process that holds the connection),
- ``state`` (after every action and on joining): the seat's own observation
  (``State.observation(seat).to_json()``), the current deal's actions as that seat saw them
  (``State.action_view``) and the last deal's (``previous_log``); until the seat acts in a new
  deal (a spectator: until its first round is over) also ``previous_obs``, its observation just
  before the action that ended the last deal, so a page that did not see the deal end can sum it
  up; the public score sheet, the seats (each ``kind``, ``name``, ``bot``,
  ``claimed``, ``online``, ``away``; a human absent past ``PRIKUP_AWAY_AFTER`` seconds on his turn
  is shown ``"away": true, "bot": "<level>"`` while a bot plays for him; his return takes the seat
  back), and the last event,
- ``ack`` (the action was stored and applied), ``error`` (``{"type": "error", "code", "message"}``;
  for an illegal action (``code`` ``"illegal"``) also ``action``, ``legal`` (the legal actions'
  texts), ``rule`` (the stable id of the rule it breaks, e.g. ``follow_suit``, ``bid_too_low``:
  the refusal ids listed in the API documentation) and ``fields`` (the values the rule names, e.g.
  ``{"suit": "S"}``); the page says it with the catalogue's ``rules.<rule>`` words, never by
  reading ``message``, which is English), ``pong``,
- ``hint`` (to the seat that asked: ``{"type": "hint", "ply", "seat", "hint": Hint.to_json()}``,
  the suggestion and the top candidates' estimates; a page drops it once the table moved on),
- ``analysis_progress`` (to every connection of the table while a deal is analysed: ``{"deal",
  "done", "total"}``: decisions analysed and in all),
- ``analysis`` (to each connection that asked: ``{"deal", "source": "computed" | "stored",
  "analysis": DealAnalysis.to_json()}``).  While the match goes on the analysis is filtered for
  the connection's viewer as its replay is: a decision that names a card the viewer never saw in
  that deal (a card given face down to someone else, a discard, a hand that was never played out)
  is sent with ``"hidden": true`` and only its seat, phase, grade and losses.  Once the match is
  over (or abandoned) the whole deal is public, as in the game record.

A connection whose reader falls ``PRIKUP_OUTBOX`` frames behind is closed with code 4008.

**The page** is served with ``Content-Security-Policy: default-src 'self'`` (scripts, styles,
connections from the page's own origin only: no inline ``<script>``, no ``style`` attributes or
inline event handlers; styles set through ``element.style`` are allowed), ``frame-ancestors
'none'`` and ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "ClientMessage",
    "ProtocolError",
    "error_message",
    "parse_client_message",
    "parse_json",
]

MAX_MESSAGE = 4096
MAX_DEPTH = 8


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
    deal: int | None = None


def _depth(value: Any) -> int:
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in item)
    return deepest


def parse_json(text: str | bytes, *, max_bytes: int = MAX_MESSAGE, max_depth: int = MAX_DEPTH) -> Any:
    """Parse a JSON value no longer than ``max_bytes`` and no deeper than ``max_depth``.

    Raises :class:`ProtocolError` (``malformed``) with one line saying what was wrong.
    """
    if len(text) > max_bytes:
        raise ProtocolError("malformed", f"message longer than {max_bytes} bytes")
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ProtocolError("malformed", f"not valid JSON: {exc}") from None
    except RecursionError:
        raise ProtocolError("malformed", f"JSON nested deeper than {max_depth} levels") from None
    if _depth(value) > max_depth:
        raise ProtocolError("malformed", f"JSON nested deeper than {max_depth} levels")
    return value


def _int_or_none(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("malformed", f"'{name}' must be an integer or null")
    return value


def parse_client_message(
    text: str | bytes, *, max_bytes: int = MAX_MESSAGE, max_depth: int = MAX_DEPTH
) -> ClientMessage:
    """Parse and check one client frame; raise :class:`ProtocolError` if malformed."""
    value = parse_json(text, max_bytes=max_bytes, max_depth=max_depth)
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
    if kind == "hint":
        return ClientMessage("hint", ply=_int_or_none(value.get("ply"), "ply"))
    if kind == "analyse":
        deal = value.get("deal")
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
            raise ProtocolError("malformed", "'deal' must be a deal's number: 1, 2, …")
        return ClientMessage("analyse", deal=deal)
    shown = repr(kind)[:40]
    raise ProtocolError("unknown_type", f"unknown message type {shown}; expected hello, act, hint, analyse or ping")


def error_message(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """An ``error`` frame."""
    return {"type": "error", "code": code, "message": message, **extra}

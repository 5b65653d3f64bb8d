"""The in-memory table manager: live tables, their connections and their bots.

The rules core is the only authority.  An action is checked with ``State.verify``, applied,
stored (and committed, with the next deal's cards or the match's end in the same transaction),
and only then sent to anyone and acknowledged; if storing fails, the table is rebuilt from
storage and the client told that nothing changed.  The server deals: each deal's cards are drawn
from a fresh secret seed and stored before they are played.

Every ``state`` frame is built for one viewer (a seat, or the spectators) from its own
``State.observation`` and the action texts as ``State.action_view`` showed them to it; after an
action each distinct viewer's frame is serialised once and the same text queued to all of that
viewer's connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from prikup.core.actions import Action, as_action
from prikup.core.errors import IllegalActionError, OptionError
from prikup.core.game import Game, Phase, State
from prikup.games import find_game, make_game
from prikup.records import Seat, to_record
from prikup.server.analyses import Analyses
from prikup.server.botpool import AdviceFailed, BotRunner
from prikup.server.config import ServerConfig
from prikup.server.guards import RateLimit
from prikup.server.levels import INLINE_BOTS, bot_levels, level_bot
from prikup.server.names import clean_name
from prikup.server.notify import Announced
from prikup.server.observe import Metrics
from prikup.server.protocol import ProtocolError, error_message
from prikup.server.storage import (
    PRESENCE,
    ActionWrite,
    DealRow,
    Storage,
    StorageUnavailable,
    StoredSeat,
    StoredTable,
    hash_secret,
)
from prikup.server.writer import Writer

__all__ = [
    "ABANDONED_CLOSE",
    "PRESENCE_FRESH",
    "TABLE_ID",
    "Connection",
    "SeatInfo",
    "Table",
    "TableManager",
    "draw_deal",
    "frame_text",
    "replay_frames",
]

#: The shape of a table id; anything else is unknown without asking the database.
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{16}")

log = logging.getLogger("prikup.server")

#: Seconds a worker's presence row stays valid without its heartbeat (every third of it).
PRESENCE_FRESH = 15.0

#: The WebSocket close code of a connection to a table closed as abandoned.
ABANDONED_CLOSE = 4410


def frame_text(message: dict[str, Any]) -> str:
    """A frame as JSON text (orjson: the server serialises a frame per viewer per action)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def draw_deal(game: Game, dealer: int, rng: random.Random | None = None) -> DealRow:
    """A deal's cards, dealt by the rules' own dealing from a fresh secret seed."""
    seed = secrets.randbits(62) if rng is None else rng.getrandbits(62)
    dealt = game.new_match(seed, first_dealer=dealer)
    first = dealt.deals[0]
    active = dealt.active_seats(dealer)
    return DealRow(
        dealer,
        {str(s): [str(c) for c in hand] for s, hand in zip(active, first.hands, strict=True)},
        [str(c) for c in first.talon],
    )


def _inject(state: State, deal: DealRow) -> None:
    state.deal({int(k): v for k, v in deal.hands.items()}, deal.talon)


def replay_frames(
    game: Game, first_dealer: int, deals: list[DealRow], actions: list[tuple[int, int, str]], viewer: int | None
) -> list[dict[str, Any]]:
    """The match step by step as ``viewer`` saw it: an observation before and after every action.

    A pure function of stored data, run off the event loop.
    """
    state = game.new_replay(first_dealer)
    _inject(state, deals[0])
    frames = [{"ply": 0, "event": None, "obs": state.observation(viewer).to_json()}]
    for ply, (_deal, seat, text) in enumerate(actions):
        action = state.apply(text)
        shown = state.action_view(seat, action, viewer)
        if state.phase is Phase.DEAL:
            _inject(state, deals[len(state.deals)])
        obs = state.observation(viewer).to_json()
        frames.append({"ply": ply + 1, "event": {"seat": seat, "action": shown}, "obs": obs})
    return frames


@dataclass
class SeatInfo:
    """Who holds a seat (public), the hashes of its token and invitation (never sent), and
    whether a bot plays for its absent human."""

    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    away: bool = False

    def public(self, online: int, away_bot: str) -> dict[str, Any]:
        """The seat as every client may see it."""
        return {
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot if self.kind == "bot" else (away_bot if self.away else None),
            "claimed": self.kind == "bot" or self.token_hash is not None,
            "online": online,
            "away": self.away,
        }


@dataclass(eq=False)
class Connection:
    """One client connection: its viewer (a seat, or None for a spectator) and a bounded outbox
    of serialised frames; ``on_overflow`` is called once if the reader falls too far behind."""

    limit: int = 64
    seat: int | None = None
    authenticated: bool = False
    on_overflow: Callable[[], None] | None = None
    overflowed: bool = False
    close_code: int | None = None
    outbox: asyncio.Queue[str | None] = field(init=False)

    def __post_init__(self) -> None:
        self.outbox = asyncio.Queue(self.limit + 1)

    def send_text(self, text: str) -> None:
        """Queue a serialised frame (frames leave in order); a full outbox closes the connection."""
        if self.overflowed:
            return
        if self.outbox.qsize() >= self.limit:
            self.overflowed = True
            if self.on_overflow is not None:
                self.on_overflow()
            return
        self.outbox.put_nowait(text)

    def send(self, message: dict[str, Any]) -> None:
        """Queue a frame."""
        self.send_text(frame_text(message))

    def close(self, code: int | None = None) -> None:
        """Tell the writer to stop (after the frames queued), and to close the socket with
        ``code`` if one is given."""
        if code is not None:
            self.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)


def _json_scores(values: list[Any]) -> list[Any]:
    return [v if isinstance(v, int | str) else str(v) for v in values]


class Table:
    """One live table: the match state, its seats, bots, connections and per-viewer logs."""

    def __init__(self, stored: StoredTable, manager: TableManager, rng: random.Random | None = None) -> None:
        self.id = stored.id
        self.manager = manager
        self.config = manager.config
        self.storage = manager.storage
        self.game = make_game(stored.game, **stored.options)
        self.levels = bot_levels(self.game)
        self.rng = rng
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self._bot_task: asyncio.Task[None] | None = None
        self._away_timer: asyncio.TimerHandle | None = None
        self.touched = time.monotonic()
        self._bot_salt = int(hash_secret(self.id)[:12], 16)
        self.remote: dict[int, int] = {}  # seat -> other workers holding its human
        self._checks: set[asyncio.Task[None]] = set()
        self._hinting: set[int] = set()  # seats whose hint is being computed
        self._hint_rate = RateLimit(self.config.hints_per_minute)
        self._load(stored)

    # -- building from storage ---------------------------------------------------------------
    def _load(self, stored: StoredTable) -> None:
        self.first_dealer = stored.first_dealer
        self.creator_seat = stored.creator_seat
        self.created_at = stored.created_at
        self.finished_at = stored.finished_at
        self.abandoned_at = stored.abandoned_at
        self.active_at = stored.active_at
        self.seats = [SeatInfo(s.kind, s.name, s.bot, s.token_hash, s.invite_hash) for s in stored.seats]
        humans = sum(1 for s in stored.seats if s.kind == "human")
        #: hints on request (a table stored before the option: on for one human against bots)
        self.hints = stored.hints if stored.hints is not None else humans == 1
        self.state: State = self.game.new_replay(stored.first_dealer)
        self.deals: list[DealRow] = []
        self.actions: list[tuple[int, int, str]] = []
        n = self.game.players
        # views[v]: every action as viewer v saw it (v = n is the spectator): [seat, text], by ply;
        # deal_start[d]: the ply of deal d's first action
        self.views: list[list[list[Any]]] = [[] for _ in range(n + 1)]
        self.deal_start: list[int] = []
        self.sheet: list[dict[str, Any]] = []
        self.last: tuple[int, int] | None = None
        #: the state just before the action that closed the last deal over, or None in the first
        #: deal: what a viewer who did not see that deal end is shown its summary from
        self.deal_end: State | None = None
        self.stale = False
        self._catch_up(stored)

    def _catch_up(self, stored: StoredTable) -> None:
        """Apply what storage holds beyond what memory has (deals and actions)."""
        if not self.deals and stored.deals:
            self._inject(stored.deals[0])
        for deal, seat, text in stored.actions[self.ply - stored.first_ply :]:
            if self.state.to_act != seat or len(self.state.deals) - 1 != deal:
                raise RuntimeError(f"stored action {text!r} by seat {seat} does not follow")
            self._apply(seat, self.state.verify(text))
            if self.state.phase is Phase.DEAL:
                self._inject(stored.deals[len(self.deals) - stored.first_deal])
        for info, s in zip(self.seats, stored.seats, strict=True):
            info.token_hash, info.invite_hash, info.name = s.token_hash, s.invite_hash, s.name
        if stored.finished_at is not None:
            self.finished_at = stored.finished_at
        self.active_at = max(self.active_at, stored.active_at)
        if stored.abandoned_at is not None and self.abandoned_at is None:
            self.abandon(stored.abandoned_at)

    def _inject(self, deal: DealRow) -> None:
        _inject(self.state, deal)
        self.deals.append(deal)
        self.deal_start.append(self.ply)

    # -- the rules --------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        """The number of actions taken at this table."""
        return len(self.actions)

    @property
    def finished(self) -> bool:
        """True once the match is over."""
        return self.state.is_over

    @property
    def closed(self) -> bool:
        """True once the unfinished table is abandoned: closed by the janitor, or idle (no
        action) for longer than ``PRIKUP_TABLE_TTL`` and about to be."""
        if self.abandoned_at is not None:
            return True
        return not self.finished and time.time() - self.active_at > self.config.table_ttl

    def check_open(self) -> None:
        """Raise :class:`ProtocolError` ``abandoned`` if the table was closed as abandoned."""
        if self.closed:
            raise ProtocolError("abandoned", self._abandoned_text())

    def _abandoned_text(self) -> str:
        return (
            f"table {self.id} was closed as abandoned after {self.config.table_ttl:g} s without an action: "
            "its seats are closed; its replay and record stay readable"
        )

    def abandon(self, when: float) -> None:
        """Close the table as abandoned: its bots stop and every connection is told and closed."""
        self.abandoned_at = when
        if self._away_timer is not None:
            self._away_timer.cancel()
            self._away_timer = None
        if self._bot_task is not None:
            self._bot_task.cancel()
        for conn in list(self.connections):
            conn.send({"type": "error", "code": "abandoned", "message": self._abandoned_text()})
            conn.authenticated = False
            conn.close(ABANDONED_CLOSE)
        log.info("table %s: closed as abandoned", self.id, extra={"event": "abandoned"})

    def _apply(self, seat: int, action: Action) -> None:
        state = self.state
        deal_index = len(state.deals) - 1
        before = state.copy()
        state.apply(action)
        self.actions.append((deal_index, seat, str(action)))
        n = self.game.players
        for v in range(n + 1):
            self.views[v].append([seat, state.action_view(seat, action, v if v < n else None)])
        deal_log = state.deals[deal_index]
        if deal_log.scores_after is not None:
            self.deal_end = before
        if deal_log.scores_after is not None and len(self.sheet) <= deal_index:
            self.sheet.append(
                {
                    "deal": deal_index + 1,
                    "dealer": deal_log.dealer,
                    "changes": _json_scores(list(deal_log.score_changes or [])),
                    "scores": _json_scores(list(deal_log.scores_after)),
                }
            )
        self.last = (self.ply - 1, seat)

    # -- what a viewer is sent ----------------------------------------------------------------
    def local_online(self, seat: int) -> int:
        """How many connections of this process hold ``seat``."""
        return sum(1 for c in self.connections if c.authenticated and c.seat == seat)

    def online(self, seat: int) -> int:
        """Where ``seat``'s human is connected: this process's connections plus the other
        workers that hold him (as last announced)."""
        return self.local_online(seat) + self.remote.get(seat, 0)

    def spectators(self) -> int:
        """How many spectators watch in this process."""
        return sum(1 for c in self.connections if c.authenticated and c.seat is None)

    def public_seats(self) -> list[dict[str, Any]]:
        """Every seat as anyone may see it."""
        return [s.public(self.online(i), self.config.away_bot) for i, s in enumerate(self.seats)]

    def public_info(self) -> dict[str, Any]:
        """The table as anyone may see it (no cards, no tokens, no secrets)."""
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "title_ru": self.game.title_ru,
            "options": dict(self.game.options),
            "players": self.game.players,
            "seats": self.public_seats(),
            "ply": self.ply,
            "finished": self.finished,
            "abandoned": self.closed,
            "created_at": self.created_at,
            "hints": self.hints,
        }

    def state_message(self, viewer: int | None, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The ``state`` frame for one viewer, built from its own observation and views only."""
        n = self.game.players
        views = self.views[viewer if viewer is not None else n]
        current = len(self.state.deals) - 1
        start = self.deal_start[current]
        deal_log = views[start:]
        previous = views[self.deal_start[current - 1] : start] if current > 0 else []
        event = None
        if self.last is not None:
            s, text = views[self.last[0]]
            event = {"ply": self.last[0], "seat": s, "action": text}
        message: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "ply": self.ply,
            "viewer": viewer,
            "obs": self.state.observation(viewer).to_json(),
            "log": deal_log,
            "previous_log": previous,
            "event": event,
            "sheet": self.sheet,
            "seats": self.public_seats() if seats is None else seats,
            "finished": self.finished,
        }
        # how the last deal ended, for a page that did not see it end (it connected since, or was
        # reloaded): sent until the viewer acts in the new deal (a spectator: its first round)
        end = self.deal_end
        if end is not None and len(end.deals) == current:
            unseen = all(s != viewer for s, _ in deal_log) if viewer is not None else len(deal_log) < n
            if unseen:
                message["previous_obs"] = end.observation(viewer).to_json()
        return message

    def broadcast(self) -> None:
        """Send every connection its viewer's ``state`` frame, serialised once per viewer."""
        groups: dict[int | None, list[Connection]] = {}
        for conn in self.connections:
            if conn.authenticated:
                groups.setdefault(conn.seat, []).append(conn)
        if not groups:
            return
        seats = self.public_seats()
        sent = 0
        for viewer, conns in groups.items():
            text = frame_text(self.state_message(viewer, seats))
            for conn in conns:
                conn.send_text(text)
            sent += len(conns)
        metrics = self.manager.metrics
        metrics.frames_built.inc(len(groups))
        metrics.frames_sent.inc(sent)

    def frames_data(self) -> tuple[Game, int, list[DealRow], list[tuple[int, int, str]]]:
        """What :func:`replay_frames` needs, copied (to compute off the event loop)."""
        return self.game, self.first_dealer, list(self.deals), list(self.actions)

    def record(self) -> dict[str, Any]:
        """The match as a game record (every card: only for a finished match)."""
        return to_record(self.state, [Seat(s.name, s.kind) for s in self.seats])

    def record_through(self, deal: int) -> dict[str, Any]:
        """The game record of deals 1..``deal`` (the analysis of a finished deal reads it)."""
        record = self.record()
        record["deals"] = record["deals"][:deal]
        return record

    def check_deal_over(self, deal: int) -> None:
        """Raise :class:`ProtocolError` ``not_finished`` unless deal ``deal`` (from 1) is over."""
        played = len(self.state.deals)
        if deal > played or self.state.deals[deal - 1].scores_after is None:
            current = f"deal {played} is being played" if not self.finished else f"the match had {played} deals"
            raise ProtocolError(
                "not_finished", f"deal {deal} is not over ({current}): only a finished deal is analysed"
            )

    def advice_seed(self, salt: int) -> int:
        """The seed of a hint or an analysis at this table (reproducible, unknown to players)."""
        return (self._bot_salt * 31 + salt) % 2**62

    # -- hints --------------------------------------------------------------------------------
    async def request_hint(self, conn: Connection, ply: int | None) -> None:
        """Start computing a hint for the connection's seat (sent as a ``hint`` frame when done).

        Refused with :class:`ProtocolError` — and never computed — at a table with hints off,
        for a spectator, out of turn, at a stale ply, past the rate limit or while the seat's
        previous hint is under way.
        """
        if not conn.authenticated:
            raise ProtocolError("no_hello", "send hello (seat and token) before asking for a hint")
        if conn.seat is None:
            raise ProtocolError("not_seated", "a spectator gets no hints")
        if not self.hints:
            raise ProtocolError("hints_off", "this table was created with hints off: it gives no hints")
        self.check_open()
        if self.finished:
            raise ProtocolError("finished", "the match is over")
        seat = conn.seat
        if self.state.to_act != seat:
            raise ProtocolError("not_your_turn", f"seat {self.state.to_act} is to act, not seat {seat}")
        if ply is not None and ply != self.ply:
            raise ProtocolError("stale", f"the table is at ply {self.ply}, not {ply}: reload the state")
        if seat in self._hinting:
            raise ProtocolError("hint_pending", "your previous hint is still being computed")
        if not self._hint_rate.allow(str(seat)):
            raise ProtocolError("rate_limited", f"at most {self.config.hints_per_minute} hints a minute per seat")
        self._hinting.add(seat)
        task = asyncio.get_running_loop().create_task(self._hint(seat, self.ply, self.record()))
        self._checks.add(task)
        task.add_done_callback(self._checks.discard)

    async def _hint(self, seat: int, ply: int, record: dict[str, Any]) -> None:
        try:
            data = await self.manager.bots.hint(record, seat, self.advice_seed(ply))
        except AdviceFailed as exc:
            frame = error_message("hint_failed", f"{exc}; ask again")
        else:
            self.manager.metrics.hints.inc()
            frame = {"type": "hint", "ply": ply, "seat": seat, "hint": data}
        finally:
            self._hinting.discard(seat)
        for conn in list(self.connections):
            if conn.authenticated and conn.seat == seat:
                conn.send(frame)

    # -- seats ------------------------------------------------------------------------------
    def check_seat(self, seat: int) -> SeatInfo:
        """The seat's info; :class:`ProtocolError` if there is no such human seat."""
        if not 0 <= seat < self.game.players:
            raise ProtocolError("bad_seat", f"seat {seat} does not exist: seats are 0..{self.game.players - 1}")
        info = self.seats[seat]
        if info.kind != "human":
            raise ProtocolError("bad_seat", f"seat {seat} is played by a bot")
        return info

    def authenticate(self, seat: int | None, token: str | None) -> None:
        """Check a claim to a seat; raise :class:`ProtocolError` if refused."""
        if seat is None:
            return
        info = self.check_seat(seat)
        self.check_open()
        if info.token_hash is None or token is None or not hmac.compare_digest(info.token_hash, hash_secret(token)):
            raise ProtocolError("bad_token", f"the token does not hold seat {seat}")
        if self.finished_at is not None and time.time() > self.finished_at + self.config.token_ttl:
            raise ProtocolError("bad_token", f"the token of seat {seat} expired with the table")

    async def authenticate_fresh(self, seat: int | None, token: str | None) -> None:
        """:meth:`authenticate`, reading the seats again from storage before refusing a token
        (another process may have just given the seat)."""
        try:
            self.authenticate(seat, token)
        except ProtocolError as exc:
            if exc.code != "bad_token":
                raise
            await self.refresh(-1)
            self.authenticate(seat, token)

    def arrived(self, seat: int | None) -> None:
        """A connection now holds ``seat``: its human is back (told to the other workers)."""
        self.touched = time.monotonic()
        if seat is not None:
            self.seats[seat].away = False
            self.manager.publish_presence(self, seat)
        self.watch_turn()

    def left(self, seat: int | None) -> None:
        """A connection that held ``seat`` is gone: the other workers are told if it was the last."""
        if seat is not None:
            self.manager.publish_presence(self, seat)
        self.watch_turn()

    def others_present(self, remote: dict[int, int]) -> None:
        """The other workers' presence of this table's humans, as just read: a human back at
        another worker takes his seat back from the stand-in bot here."""
        changed = remote != self.remote  # the seats' online counts changed
        self.remote = remote
        for seat, info in enumerate(self.seats):
            if info.away and remote.get(seat, 0) > 0:
                info.away = False
                changed = True
        if changed:
            self.broadcast()
        self.watch_turn()

    # -- actions ----------------------------------------------------------------------------
    async def act(self, conn: Connection, text: str, ply: int | None, claimed_seat: int | None, has_seat: bool) -> int:
        """Take a client's action; returns the ply it was stored at.

        Raises :class:`ProtocolError` or :class:`IllegalActionError`; the state is then unchanged.
        """
        if not conn.authenticated:
            raise ProtocolError("no_hello", "send hello (seat and token) before acting")
        if conn.seat is None:
            raise ProtocolError("not_seated", "a spectator cannot act")
        if has_seat and claimed_seat != conn.seat:
            raise ProtocolError("wrong_seat", f"this connection holds seat {conn.seat}, not seat {claimed_seat}")
        self.touched = time.monotonic()
        async with self.lock:
            await self._resync_if_stale()
            state = self.state
            if state.is_over:
                raise ProtocolError("finished", "the match is over")
            self.check_open()
            if state.to_act != conn.seat:
                raise ProtocolError("not_your_turn", f"seat {state.to_act} is to act, not seat {conn.seat}")
            if ply is not None and ply != self.ply:
                raise ProtocolError("stale", f"the table is at ply {self.ply}, not {ply}: reload the state")
            try:
                action = state.verify(text)
            except IllegalActionError:
                raise
            except ValueError as exc:
                raise ProtocolError("bad_action", str(exc)) from None
            stored_ply = await asyncio.shield(self._commit(conn.seat, action, "human"))
        self.kick_bots()
        return stored_ply

    async def _commit(self, seat: int, action: Action, by: str) -> int:
        """Apply, store (with the next deal or the match's end), then broadcast; the caller
        holds the lock and has verified the action.  On a storage failure memory is rebuilt
        from storage and :class:`ProtocolError` raised: nothing changed."""
        start = time.perf_counter()
        self.touched = time.monotonic()
        ply = self.ply
        deal_index = len(self.state.deals) - 1
        self._apply(seat, action)
        next_deal = draw_deal(self.game, self.state.dealer, self.rng) if self.state.phase is Phase.DEAL else None
        try:
            ok = await self.manager.writer.append(
                ActionWrite(self.id, ply, deal_index, seat, str(action), next_deal, self.state.is_over)
            )
        except StorageUnavailable as exc:
            log.error("table %s: an action was not stored: %s", self.id, exc, extra={"event": "storage_failed"})
            self.stale = True
            await self._resync_if_stale()
            raise ProtocolError("storage_unavailable", f"the action was not stored ({exc}); nothing changed") from None
        if not ok:
            self.stale = True
            await self._resync_if_stale()
            raise ProtocolError("conflict", f"ply {ply} of this table was taken elsewhere: the state is reloaded")
        if next_deal is not None:
            self._inject(next_deal)
        if self.state.is_over:
            self.finished_at = time.time()
        self.active_at = time.time()
        metrics = self.manager.metrics
        metrics.actions.labels(by).inc()
        metrics.action_seconds.observe(time.perf_counter() - start)
        self.broadcast()
        self.watch_turn()
        return ply

    async def _resync_if_stale(self) -> None:
        """Rebuild memory from storage after a failed write (the caller holds the lock)."""
        if not self.stale:
            return
        try:
            stored = await asyncio.to_thread(self.storage.load, self.id)
        except StorageUnavailable as exc:
            raise ProtocolError("storage_unavailable", f"the table cannot be read ({exc}); nothing changed") from None
        if stored is None:
            raise ProtocolError("storage_unavailable", "the table is no longer in the database")
        away = [s.away for s in self.seats]
        self._load(stored)
        for info, was_away in zip(self.seats, away, strict=True):
            info.away = was_away
        self.broadcast()

    def follow(self, ply: int, announced: Announced) -> bool:
        """Apply an action another process stored and announced, if it is the next one here
        and nothing else is under way; False if the table must read storage instead."""
        deal, seat, text, next_deal = announced
        if self.lock.locked() or self.stale or ply != self.ply + 1:
            return ply <= self.ply  # already known: nothing to do
        if self.state.to_act != seat or len(self.state.deals) - 1 != deal:
            return False
        try:
            self._apply(seat, self.state.verify(text))
        except ValueError:
            self.stale = True
            return False
        if self.state.phase is Phase.DEAL:
            if next_deal is None:
                self.stale = True
                return False
            self._inject(next_deal)
        self.touched = time.monotonic()
        self.active_at = time.time()
        self.broadcast()
        self.watch_turn()
        return True

    async def refresh(self, ply: int) -> None:
        """Another process stored an action (ply > ours) or changed a seat (ply -1): catch up."""
        if ply != -1 and ply <= self.ply:
            return
        async with self.lock:
            if ply != -1 and ply <= self.ply:
                return  # caught up meanwhile
            try:
                # what is new: the actions from our ply on, the deals from our current one on
                since = (self.ply, len(self.deals)) if self.deals else (0, 0)
                stored = await asyncio.to_thread(self.storage.load, self.id, *since)
            except StorageUnavailable:
                self.stale = True
                return
            if stored is None:
                return
            self._catch_up(stored)
            self.broadcast()
            self.watch_turn()

    # -- bots and absent humans ----------------------------------------------------------------
    def bot_for(self, seat: int | None) -> str | None:
        """The level id of the bot playing ``seat`` now (its own, or the stand-in of an absent human)."""
        if seat is None:
            return None
        info = self.seats[seat]
        if info.kind == "bot":
            return info.bot
        return self.config.away_bot if info.away else None

    def kick_bots(self) -> None:
        """Start the bot driver if a bot is to act and none is running."""
        if self.finished or self.closed or self.bot_for(self.state.to_act) is None:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        runner = self.manager.bots
        while not self.finished and not self.closed:
            seat = self.state.to_act
            level = self.bot_for(seat)
            if seat is None or level is None:
                return
            await asyncio.sleep(self.config.bot_delay)
            ply = self.ply
            if self.state.to_act != seat or self.bot_for(seat) is None or self.stale:
                continue
            bot = self.levels.get(level) or self.levels.get("heuristic") or "random"
            seed = (self._bot_salt + ply) % 2**62
            try:
                text, seconds, timed_out = await runner.decide(
                    self.state, seat, bot, seed, inline=bot.split(":")[0] in INLINE_BOTS
                )
            except Exception:
                log.exception("table %s: the bot of seat %d failed", self.id, seat)
                return
            metrics = self.manager.metrics
            metrics.bot_seconds.labels(bot.split(":")[0]).observe(seconds)
            if timed_out:
                metrics.bot_timeouts.inc()
            async with self.lock:
                if self.ply != ply or self.state.to_act != seat or self.bot_for(seat) is None:
                    continue  # the table moved on meanwhile (another process, or the human came back)
                try:
                    await asyncio.shield(self._commit(seat, self.state.verify(as_action(text)), "bot"))
                except (ProtocolError, ValueError) as exc:
                    log.warning("table %s: the bot of seat %d could not act: %s", self.id, seat, exc)
                    if self.stale or not isinstance(exc, ProtocolError):
                        return
                    failed = exc.code == "storage_unavailable"
                else:
                    failed = False
            if failed:  # the database refused: try again later, not in a tight loop
                await asyncio.sleep(1.0)

    def watch_turn(self) -> None:
        """Start the absence clock if a human is to act with no connection while others wait."""
        if self._away_timer is not None:
            self._away_timer.cancel()
            self._away_timer = None
        seat = self.state.to_act
        if self.closed:
            return
        if self.finished or seat is None or self.seats[seat].kind != "human" or self.seats[seat].away:
            self.kick_bots()
            return
        if self.online(seat) == 0 and any(c.authenticated for c in self.connections):
            loop = asyncio.get_running_loop()
            self._away_timer = loop.call_later(self.config.away_after, self._go_away, seat, self.ply)

    def _still_absent(self, seat: int, ply: int) -> bool:
        return self.ply == ply and self.state.to_act == seat and self.online(seat) == 0 and not self.finished

    def _go_away(self, seat: int, ply: int) -> None:
        self._away_timer = None
        if not self._still_absent(seat, ply):
            return
        if self.manager.shared:  # is he at another worker?  Ask storage, not this process's memory
            task = asyncio.get_running_loop().create_task(self._go_away_unless_elsewhere(seat, ply))
            self._checks.add(task)
            task.add_done_callback(self._checks.discard)
            return
        self._mark_away(seat)

    async def _go_away_unless_elsewhere(self, seat: int, ply: int) -> None:
        try:
            remote = await self.manager.presence_of(self.id)
        except StorageUnavailable as exc:
            log.warning("table %s: presence unknown (%s): seat %d taken as absent", self.id, exc, seat)
            remote = {}
        self.remote = remote
        if self.closed or self.finished:
            return
        if remote.get(seat, 0) > 0 and self.state.to_act == seat and self.local_online(seat) == 0:
            if self._away_timer is None:  # he is at another worker: look again later (he may leave it)
                loop = asyncio.get_running_loop()
                self._away_timer = loop.call_later(self.config.away_after, self._go_away, seat, self.ply)
            return
        if self._still_absent(seat, ply):
            self._mark_away(seat)

    def _mark_away(self, seat: int) -> None:
        self.seats[seat].away = True
        log.info("table %s: seat %d is away; a bot plays for it", self.id, seat, extra={"event": "away"})
        self.broadcast()
        self.kick_bots()

    @property
    def idle(self) -> bool:
        """Nobody connected and no bot at work."""
        return not self.connections and (self._bot_task is None or self._bot_task.done())

    async def stop(self) -> None:
        """Cancel the bot driver and close every connection's outbox."""
        if self._away_timer is not None:
            self._away_timer.cancel()
        for task in list(self._checks):
            task.cancel()
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task
        for conn in list(self.connections):
            conn.close()


class TableManager:
    """Every live table, loaded from storage on demand, evicted when finished or idle."""

    def __init__(self, storage: Storage, config: ServerConfig, metrics: Metrics, bots: BotRunner) -> None:
        self.storage = storage
        self.config = config
        self.metrics = metrics
        self.bots = bots
        self.writer = Writer(storage)
        #: several workers share the tables (PostgreSQL): presence is kept in storage
        self.shared = storage.dialect == "postgresql"
        self.worker = secrets.token_hex(8)
        self._presence_lock = asyncio.Lock()
        self._presence_tasks: set[asyncio.Task[None]] = set()
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._seed_rng: dict[str, random.Random] = {}
        self.replays: OrderedDict[tuple[str, int | None], list[dict[str, Any]]] = OrderedDict()
        self.analyses = Analyses(storage, bots, config, metrics)
        self.analysis_rate = RateLimit(config.analyses_per_minute)

    async def get(self, table_id: str) -> Table | None:
        """A live table, rebuilt from storage if it is not in memory; None if unknown.

        A malformed id is unknown without a database query; loads of different tables do not
        wait for each other.
        """
        if not TABLE_ID.fullmatch(table_id):
            return None
        table = self.tables.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        future.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._loading[table_id] = future
        try:
            stored = await asyncio.to_thread(self.storage.load, table_id)
            table = None
            if stored is not None:
                try:
                    table = Table(stored, self, self._seed_rng.pop(table_id, None))
                except (ValueError, RuntimeError) as exc:
                    raise ProtocolError("broken_table", f"table {table_id} cannot be rebuilt: {exc}") from None
                if self.shared:  # its humans may be at other workers
                    with contextlib.suppress(StorageUnavailable):
                        table.remote = await self.presence_of(table_id)
                self.tables[table_id] = table
                self.metrics.tables.set(len(self.tables))
            future.set_result(table)
        except BaseException as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[table_id]
        if table is not None:
            table.kick_bots()
        return table

    # -- presence across workers -------------------------------------------------------------
    def publish_presence(self, table: Table, seat: int) -> None:
        """Store (in the background, in order) whether ``seat``'s human is connected to this
        worker, so the other workers do not take him for absent.  Nothing on SQLite."""
        if not self.shared:
            return
        task = asyncio.get_running_loop().create_task(self._publish(table, seat))
        self._presence_tasks.add(task)
        task.add_done_callback(self._presence_tasks.discard)

    async def _publish(self, table: Table, seat: int) -> None:
        async with self._presence_lock:  # one write at a time, each of the state at its turn
            here = table.local_online(seat) > 0
            try:
                await asyncio.to_thread(self.storage.set_presence, self.worker, table.id, seat, here)
            except StorageUnavailable as exc:
                log.warning("table %s: the presence of seat %d was not stored: %s", table.id, seat, exc)

    async def presence_of(self, table_id: str) -> dict[int, int]:
        """Per seat of a table, how many other workers hold its human (fresh rows only)."""
        since = time.time() - PRESENCE_FRESH
        return await asyncio.to_thread(self.storage.present_elsewhere, table_id, self.worker, since)

    async def heartbeat(self) -> None:
        """Keep this worker's presence rows fresh; forget those of workers that died."""
        if self.shared:
            forget = time.time() - 10 * PRESENCE_FRESH
            await asyncio.to_thread(self.storage.heartbeat, self.worker, forget)

    async def resume_unfinished(self) -> int:
        """Rebuild every unfinished table with a bot seat so its bots go on; returns how many."""
        ids = await asyncio.to_thread(self.storage.unfinished_ids, with_bots=True)
        loaded = 0
        for table_id in ids[: self.config.max_live_tables]:
            try:
                await self.get(table_id)
            except (ValueError, RuntimeError) as exc:  # a broken record must not stop the server
                log.error("table %s cannot be rebuilt: %s", table_id, exc)
            else:
                loaded += 1
        return loaded

    def live_unfinished(self) -> int:
        """Unfinished tables in memory (not those closed as abandoned)."""
        return sum(1 for t in self.tables.values() if not t.finished and not t.closed)

    async def abandon_idle(self) -> int:
        """Close as abandoned every unfinished table idle past ``PRIKUP_TABLE_TTL`` (in storage,
        and those in memory); returns how many this call closed."""
        ids = await asyncio.to_thread(self.storage.abandon_idle, time.time() - self.config.table_ttl)
        for table_id in ids:
            table = self.tables.get(table_id)
            if table is not None and table.abandoned_at is None:
                table.abandon(time.time())
        return len(ids)

    async def create(
        self,
        game_id: object,
        options: dict[str, Any],
        seat_specs: list[dict[str, Any]],
        creator: str | None,
        seed: int | None = None,
        hints: bool | None = None,
    ) -> tuple[Table, int, str, list[dict[str, Any]]]:
        """Create, store and load a new table; returns it, the creator's seat and token, and
        the invitations (seat and secret) of the other human seats.

        Missing seats are filled with heuristic bots; at least one seat must be human.  ``hints``
        (None: on for one human against bots, off when more than one seat is human) lets the
        seats ask for hints.
        """
        if not isinstance(game_id, str):
            raise OptionError("'game' must be a game id")
        if self.live_unfinished() >= self.config.max_live_tables:
            raise ProtocolError("busy", "the server has too many live tables; try again later")
        cls = find_game(game_id)
        game = make_game(cls.id, **options)
        n = game.players
        if len(seat_specs) > n:
            raise OptionError(f"{game.id} with these options has {n} seats, not {len(seat_specs)}")
        rows: list[StoredSeat] = []
        for i in range(n):
            s = seat_specs[i] if i < len(seat_specs) else {"kind": "bot", "bot": "heuristic"}
            kind = s.get("kind", "bot")
            if kind not in ("human", "bot"):
                raise OptionError(f"seat {i}: kind is 'human' or 'bot', not {str(kind)[:20]!r}")
            level = None
            if kind == "bot":
                level = s.get("bot") or "heuristic"
                try:
                    level_bot(game, level)
                except ValueError as exc:
                    raise OptionError(f"seat {i}: {exc}") from None
            name = clean_name(s.get("name")) or (f"{level} bot" if level else f"Player {i + 1}")
            rows.append(StoredSeat(kind, name, level))
        humans = [i for i, r in enumerate(rows) if r.kind == "human"]
        if not humans:
            raise OptionError("a table needs at least one human seat (the creator's)")
        creator_seat = humans[0]
        token = secrets.token_urlsafe(24)
        rows[creator_seat].token_hash = hash_secret(token)
        rows[creator_seat].name = clean_name(creator) or rows[creator_seat].name
        invites = []
        for i in humans[1:]:
            secret = secrets.token_urlsafe(12)
            rows[i].invite_hash = hash_secret(secret)
            invites.append({"seat": i, "secret": secret})
        rng = random.Random(seed) if seed is not None else None
        first_dealer = rng.randrange(n) if rng is not None else secrets.randbelow(n)
        table_id = secrets.token_urlsafe(12)
        first = draw_deal(game, first_dealer, rng)
        if hints is None:
            hints = len(humans) == 1
        await asyncio.to_thread(
            self.storage.create_table, table_id, game.id, dict(game.options), first, rows, creator_seat, hints
        )
        if rng is not None:
            self._seed_rng[table_id] = rng
        self.metrics.tables_created.inc()
        table = await self.get(table_id)
        assert table is not None
        return table, creator_seat, token, invites

    async def claim(self, table: Table, seat: int, invite: object, name: object) -> str:
        """Take a free human seat with its invitation secret; returns the seat's new token."""
        info = table.check_seat(seat)
        table.check_open()
        if info.token_hash is not None:
            raise ProtocolError("seat_taken", f"seat {seat} is already taken")
        if (
            not isinstance(invite, str)
            or info.invite_hash is None
            or not hmac.compare_digest(info.invite_hash, hash_secret(invite))
        ):
            raise ProtocolError("bad_invite", f"seat {seat} is taken only with its invitation link")
        token = secrets.token_urlsafe(24)
        shown = clean_name(name)
        async with table.lock:
            ok = await asyncio.to_thread(
                self.storage.claim_seat, table.id, seat, info.invite_hash, hash_secret(token), shown
            )
            if not ok:
                raise ProtocolError("seat_taken", f"seat {seat} is already taken")
            info.token_hash = hash_secret(token)
            if shown:
                info.name = shown
            table.broadcast()
        return token

    async def release(self, table: Table, seat: int, token: str | None) -> str:
        """The creator frees a human seat: its token stops working; returns a new invitation secret."""
        table.check_open()
        table.authenticate(table.creator_seat, token)
        info = table.check_seat(seat)
        if seat == table.creator_seat:
            raise ProtocolError("bad_seat", "the creator cannot release his own seat")
        secret = secrets.token_urlsafe(12)
        async with table.lock:
            ok = await asyncio.to_thread(self.storage.release_seat, table.id, seat, hash_secret(secret))
            if not ok:
                raise ProtocolError("bad_seat", f"seat {seat} cannot be released")
            info.token_hash = None
            info.invite_hash = hash_secret(secret)
            for conn in list(table.connections):
                if conn.seat == seat:
                    conn.send({"type": "error", "code": "released", "message": f"seat {seat} was released"})
                    conn.authenticated = False
                    conn.close()
            self.publish_presence(table, seat)
            table.broadcast()
            table.watch_turn()
        return secret

    async def replay(self, table: Table, viewer: int | None) -> list[dict[str, Any]]:
        """The replay frames of a viewer, computed off the event loop (cached once finished)."""
        key = (table.id, viewer)
        cached = self.replays.get(key)
        if cached is not None:
            self.replays.move_to_end(key)
            return cached
        async with table.lock:
            finished = table.finished
            data = table.frames_data()
        frames = await asyncio.to_thread(replay_frames, *data, viewer)
        if finished:
            self.replays[key] = frames
            while len(self.replays) > 64:
                self.replays.popitem(last=False)
        return frames

    async def notified(self, table_id: str, ply: int, action: Announced | None = None) -> None:
        """Another process stored something at ``table_id``: catch up if we hold it."""
        table = self.tables.get(table_id)
        if table is not None:
            if ply == PRESENCE:
                table.others_present(await self.presence_of(table_id))
                return
            if action is not None and table.follow(ply, action):
                return
            await table.refresh(ply)

    async def evict(self) -> int:
        """Drop finished or idle tables nobody is connected to; returns how many."""
        now = time.monotonic()
        gone = [
            t
            for t in self.tables.values()
            if t.idle
            and now - t.touched >= self.config.evict_after
            and (t.finished or t.closed or t.bot_for(t.state.to_act) is None)
        ]
        for table in gone:
            await table.stop()
            self.tables.pop(table.id, None)
        self.metrics.tables.set(len(self.tables))
        return len(gone)

    async def close(self) -> None:
        """Stop every table's bots and connections, then the writer; forget this worker's presence."""
        self.analyses.cancel_all()
        for table in list(self.tables.values()):
            await table.stop()
        await self.writer.close()
        for task in list(self._presence_tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.shared:
            with contextlib.suppress(StorageUnavailable):
                await asyncio.to_thread(self.storage.clear_presence, self.worker)

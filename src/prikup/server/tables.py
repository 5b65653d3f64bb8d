"""The in-memory table manager: live tables, their connections and their bots.

The rules core is the only authority.  An action is checked with ``State.verify``, stored (and
committed) in the database, and only then applied and acknowledged.  Every frame sent to a
connection is built for that connection's viewer alone: its ``State.observation(seat)`` and the
action texts as ``State.action_view`` shows them to it (computed when each action is applied,
because a view may depend on the moment).  A table that is not in memory is rebuilt from
storage by replaying its stored actions through the rules core.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from prikup.bots import Bot, make_bot
from prikup.core.actions import Action, as_action
from prikup.core.errors import IllegalActionError, OptionError
from prikup.core.game import Game, State
from prikup.games import find_game, make_game
from prikup.server.protocol import ProtocolError
from prikup.server.storage import Storage, StoredTable, hash_token

__all__ = ["Connection", "SeatInfo", "Table", "TableManager"]

MAX_SEED = 2**62

log = logging.getLogger("prikup.server")


@dataclass
class SeatInfo:
    """Who holds a seat (public), and the hash of its token (never sent)."""

    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None

    def public(self, online: int) -> dict[str, Any]:
        """The seat as every client may see it."""
        return {
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "claimed": self.kind == "bot" or self.token_hash is not None,
            "online": online,
        }


@dataclass(eq=False)
class Connection:
    """One client connection: its viewer (a seat, or None for a spectator) and its outbox."""

    seat: int | None = None
    authenticated: bool = False
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)

    def send(self, message: dict[str, Any]) -> None:
        """Queue a frame for this connection (frames leave in order)."""
        self.outbox.put_nowait(message)


def _json_scores(values: list[Any]) -> list[Any]:
    return [v if isinstance(v, int | str) else str(v) for v in values]


class Table:
    """One live table: the match state, its seats, bots, connections and per-viewer logs."""

    def __init__(self, stored: StoredTable, game: Game, storage: Storage, bot_delay: float) -> None:
        self.id = stored.id
        self.game = game
        self.seed = stored.seed
        self.storage = storage
        self.bot_delay = bot_delay
        self.created_at = stored.created_at
        self.seats = [SeatInfo(s.kind, s.name, s.bot, s.token_hash) for s in stored.seats]
        self.bots: dict[int, Bot] = {
            i: make_bot(s.bot or "random", game, (self.seed + i) % MAX_SEED)
            for i, s in enumerate(self.seats)
            if s.kind == "bot"
        }
        self.state: State = game.new_match(self.seed)
        self.actions: list[tuple[int, str]] = []
        n = game.players
        # views[v]: every action as viewer v saw it (v = n is the spectator): (deal index, seat, text)
        self.views: list[list[tuple[int, int, str]]] = [[] for _ in range(n + 1)]
        self.sheet: list[dict[str, Any]] = []
        self.last: tuple[int, int] | None = None  # (ply, seat) of the last action
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self._bot_task: asyncio.Task[None] | None = None
        self.finished_stored = stored.finished
        for seat, text in stored.actions:
            if self.state.to_act != seat:
                raise RuntimeError(f"table {self.id}: stored action {text!r} by seat {seat} out of turn")
            self._apply(seat, as_action(text))

    # -- the rules --------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        """The number of actions taken at this table."""
        return len(self.actions)

    def _apply(self, seat: int, action: Action) -> None:
        state = self.state
        deal_index = len(state.deals) - 1
        state.apply(action)
        self.actions.append((seat, str(action)))
        n = self.game.players
        for v in range(n + 1):
            self.views[v].append((deal_index, seat, state.action_view(seat, action, v if v < n else None)))
        log = state.deals[deal_index]
        if log.scores_after is not None and len(self.sheet) <= deal_index:
            self.sheet.append(
                {
                    "deal": deal_index + 1,
                    "dealer": log.dealer,
                    "changes": _json_scores(list(log.score_changes or [])),
                    "scores": _json_scores(list(log.scores_after)),
                }
            )
        self.last = (self.ply - 1, seat)

    # -- what a viewer is sent ----------------------------------------------------------------
    def online(self, seat: int) -> int:
        """How many connections hold ``seat``."""
        return sum(1 for c in self.connections if c.authenticated and c.seat == seat)

    def public_info(self) -> dict[str, Any]:
        """The table as anyone may see it (no seed, no tokens, no cards)."""
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "title_ru": self.game.title_ru,
            "options": dict(self.game.options),
            "players": self.game.players,
            "seats": [s.public(self.online(i)) for i, s in enumerate(self.seats)],
            "ply": self.ply,
            "finished": self.state.is_over,
            "created_at": self.created_at,
        }

    def state_message(self, viewer: int | None) -> dict[str, Any]:
        """The ``state`` frame for one viewer, built from its own observation and views only."""
        n = self.game.players
        views = self.views[viewer if viewer is not None else n]
        current = len(self.state.deals) - 1
        deal_log = [[s, t] for d, s, t in views if d == current]
        previous = [[s, t] for d, s, t in views if d == current - 1]
        event = None
        if self.last is not None:
            _, s, text = views[self.last[0]]
            event = {"ply": self.last[0], "seat": s, "action": text}
        return {
            "type": "state",
            "table": self.id,
            "ply": self.ply,
            "viewer": viewer,
            "obs": self.state.observation(viewer),
            "log": deal_log,
            "previous_log": previous,
            "event": event,
            "sheet": self.sheet,
            "seats": [s.public(self.online(i)) for i, s in enumerate(self.seats)],
            "finished": self.state.is_over,
        }

    def broadcast(self) -> None:
        """Send every connection its own ``state`` frame."""
        for conn in list(self.connections):
            if conn.authenticated:
                conn.send(self.state_message(conn.seat))

    def replay_frames(self, viewer: int | None) -> list[dict[str, Any]]:
        """The match step by step as ``viewer`` saw it: an observation before and after every action."""
        state = self.game.new_match(self.seed)
        n = self.game.players
        views = self.views[viewer if viewer is not None else n]
        frames = [{"ply": 0, "event": None, "obs": state.observation(viewer)}]
        for ply, (_seat, text) in enumerate(self.actions):
            state.apply(text)
            _, s, shown = views[ply]
            frames.append({"ply": ply + 1, "event": {"seat": s, "action": shown}, "obs": state.observation(viewer)})
        return frames

    # -- seats ------------------------------------------------------------------------------
    def authenticate(self, seat: int | None, token: str | None) -> None:
        """Check a connection's claim to a seat; raise :class:`ProtocolError` if refused."""
        if seat is None:
            return
        if not 0 <= seat < self.game.players:
            raise ProtocolError("bad_seat", f"seat {seat} does not exist: seats are 0..{self.game.players - 1}")
        info = self.seats[seat]
        if info.kind != "human":
            raise ProtocolError("bad_seat", f"seat {seat} is played by a bot")
        if info.token_hash is None or token is None or not hmac.compare_digest(info.token_hash, hash_token(token)):
            raise ProtocolError("bad_token", f"the token does not hold seat {seat}")

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
        async with self.lock:
            state = self.state
            if state.is_over:
                raise ProtocolError("finished", "the match is over")
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
            stored_ply = await self._commit(conn.seat, action)
        self.kick_bots()
        return stored_ply

    async def _commit(self, seat: int, action: Action) -> int:
        """Verify, store, then apply and broadcast; the caller holds the lock.

        Nothing illegal is ever stored: a stored action must replay.
        """
        self.state.verify(action)
        # shielded: once the write is under way, a cancelled caller must not leave storage and
        # memory apart (a second writer of the same ply is refused by the primary key)
        return await asyncio.shield(self._store_and_apply(seat, action))

    async def _store_and_apply(self, seat: int, action: Action) -> int:
        ply = self.ply
        ok = await asyncio.to_thread(self.storage.append_action, self.id, ply, seat, str(action))
        if not ok:
            raise ProtocolError("conflict", f"ply {ply} of this table is already stored elsewhere")
        self._apply(seat, action)
        if self.state.is_over and not self.finished_stored:
            await asyncio.to_thread(self.storage.mark_finished, self.id)
            self.finished_stored = True
        self.broadcast()
        return ply

    # -- bots -------------------------------------------------------------------------------
    def bot_to_act(self) -> bool:
        """True if a bot holds the seat to act."""
        seat = self.state.to_act
        return seat is not None and self.seats[seat].kind == "bot"

    def kick_bots(self) -> None:
        """Start the bot driver if a bot is to act and none is running."""
        if self.bot_to_act() and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while self.bot_to_act():
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                seat = self.state.to_act
                if seat is None or self.seats[seat].kind != "bot":
                    break
                try:
                    action = self.bots[seat].act(self.state, seat)
                    await self._commit(seat, action)
                except Exception:  # a bot's bug or a lost storage race must not go unnoticed
                    log.exception("table %s: the bot of seat %d failed", self.id, seat)
                    break

    async def stop(self) -> None:
        """Cancel the bot driver and close every connection's outbox."""
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task
        for conn in list(self.connections):
            conn.outbox.put_nowait(None)


class TableManager:
    """Every live table, loaded from storage on demand."""

    def __init__(self, storage: Storage, bot_delay: float = 0.4) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self._lock = asyncio.Lock()

    async def get(self, table_id: str) -> Table | None:
        """A live table, rebuilt from storage if it is not in memory; None if unknown."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            stored = await asyncio.to_thread(self.storage.load, table_id)
            if stored is None:
                return None
            try:
                game = make_game(stored.game, **stored.options)
                table = Table(stored, game, self.storage, self.bot_delay)
            except (ValueError, RuntimeError) as exc:
                raise ProtocolError("broken_table", f"table {table_id} cannot be rebuilt: {exc}") from None
            self.tables[table_id] = table
        table.kick_bots()
        return table

    async def resume_unfinished(self) -> int:
        """Rebuild every unfinished table with a bot seat so its bots go on; returns how many.

        Tables of humans only are rebuilt when someone first opens them.
        """
        ids = await asyncio.to_thread(self.storage.unfinished_ids, with_bots=True)
        loaded = 0
        for table_id in ids:
            try:
                await self.get(table_id)
            except (ValueError, RuntimeError) as exc:  # a broken record must not stop the server
                log.error("table %s cannot be rebuilt: %s", table_id, exc)
            else:
                loaded += 1
        return loaded

    async def create(
        self, game_id: str, options: dict[str, Any], seats: list[dict[str, Any]], seed: int | None = None
    ) -> Table:
        """Create, store and load a new table.  Missing seats are filled with heuristic bots."""
        cls = find_game(game_id)
        game = make_game(cls.id, **options)
        n = game.players
        if len(seats) > n:
            raise OptionError(f"{game.id} with these options has {n} seats, not {len(seats)}")
        spec: list[dict[str, Any]] = []
        for i in range(n):
            s = seats[i] if i < len(seats) else {"kind": "bot", "bot": "heuristic"}
            kind = s.get("kind", "bot")
            if kind not in ("human", "bot"):
                raise OptionError(f"seat {i}: kind is 'human' or 'bot', not {kind!r}")
            bot = None
            if kind == "bot":
                bot = str(s.get("bot") or "heuristic")
                make_bot(bot, game)  # check the name now
            name = str(s.get("name") or (f"{bot} bot" if bot else f"Player {i + 1}"))[:40]
            spec.append({"kind": kind, "bot": bot, "name": name})
        table_id = secrets.token_urlsafe(9)
        seed_value = secrets.randbelow(MAX_SEED) if seed is None else seed % MAX_SEED
        await asyncio.to_thread(self.storage.create_table, table_id, game.id, dict(game.options), seed_value, spec)
        table = await self.get(table_id)
        assert table is not None
        return table

    async def claim(self, table: Table, seat: int, name: str | None) -> str:
        """Claim an unclaimed human seat; returns its new secret token."""
        if not 0 <= seat < table.game.players:
            raise ProtocolError("bad_seat", f"seat {seat} does not exist")
        info = table.seats[seat]
        if info.kind != "human":
            raise ProtocolError("bad_seat", f"seat {seat} is played by a bot")
        token = secrets.token_urlsafe(24)
        shown = (name or info.name).strip()[:40] or info.name
        async with table.lock:
            if info.token_hash is not None:
                raise ProtocolError("seat_taken", f"seat {seat} is already taken")
            ok = await asyncio.to_thread(self.storage.claim_seat, table.id, seat, token, shown)
            if not ok:
                raise ProtocolError("seat_taken", f"seat {seat} is already taken")
            info.token_hash = hash_token(token)
            info.name = shown
            table.broadcast()
        return token

    async def close(self) -> None:
        """Stop every table's bots and connections."""
        for table in list(self.tables.values()):
            await table.stop()

"""``boardgames-tui serve``: the one process of a host that holds its tables.

It alone opens the table store, draws each table's seed (``Match.new``: ``secrets``), replays and
holds each live table's match, plays its bot seats and applies every choice through the rules.
A client gets only its seat's view (:meth:`.served.ServedTable.message`), pushed at every change.

Connections come over a Unix socket (one JSON message a line, :mod:`.wire`).  Who a client is, is
decided here (:func:`peer_player`): the peer's Unix user (``SO_PEERCRED``) when it is another
account than the server's, so on a host with an account per friend nobody can act for another;
on the server's own account the name the client's login gave (``BOARDGAMES_TUI_PLAYER``, set by
the README's login script or the web server's access link).

Everything that touches a table or the store runs on one thread (``self._tables_thread``): SQLite
and the matches are used from one thread only, and a store that is busy stalls no connection's
reading or writing.  A search bot thinks on a thread of its own, from what its seat may know.
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import pwd
import socket
import struct
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.core import IllegalMove
from ..engine.identity import IdentityError, check_player
from ..engine.session import Seat
from ..engine.table_session import StaleChoice, new_table, take_seat
from ..engine.table_store import StoreLost, TableError, TableInfo, TableStore, normal_code
from ..engine.text import one_line, printable
from . import address, wire
from .served import Follower, ServedTable

IDLE_EXIT = 300.0        # seconds: an embedded server exits this long after its last client left
BOT_DELAY = 0.6          # seconds: a bot's choice is never sooner than this after the last one
CHECK_EVERY = 1.0        # seconds: how often the store is looked at while nobody writes
MAX_BACKLOG = 32 << 20   # bytes a client may leave unread (about 500 Civilization positions)


class ServerError(Exception):
    """The server cannot start; one line."""


def peer_player(sock: socket.socket, claimed: object) -> str:
    """Who is at the other end of a Unix socket: another account is its user name; the server's
    own account is the name its login claimed (IdentityError if that is not a usable name)."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    if uid != os.getuid():
        try:
            return check_player(pwd.getpwuid(uid).pw_name)
        except KeyError:
            return f"uid{uid}"
    if not isinstance(claimed, str):
        raise IdentityError("the hello names no player")
    return check_player(claimed)


def info_json(t: TableInfo) -> dict:
    return {"code": t.code, "game": t.game, "n": t.n, "gen": t.gen, "decider": t.decider,
            "round": t.round, "created": t.created, "updated": t.updated,
            "seats": [(s.index, s.name, s.kind, s.player) for s in t.seats]}


@dataclass(eq=False)
class Conn:
    """One client's connection, whatever carries it: ``send`` a message, ``close`` it."""
    player: str = ""
    code: str | None = None
    follower: Follower | None = None
    closed: bool = False

    async def send(self, msg: dict) -> None:
        """Queue ``msg`` for the client and go on: a client that does not read holds up nobody
        else (past MAX_BACKLOG bytes unread it is dropped, and told why when it reads again)."""
        if self.closed:
            return
        try:
            self.write(wire.encode(msg))
        except (ConnectionError, RuntimeError):
            self.closed = True   # it has gone: its reader's end removes it
            return
        if self.backlog() > MAX_BACKLOG:
            self.write(wire.encode({"t": "error", "line": "this terminal fell too far behind the table; "
                                                          "join again"}))
            self.close()

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    def backlog(self) -> int:
        """Bytes written and not yet taken by the client."""
        return 0

    def close(self) -> None:
        self.closed = True


@dataclass(eq=False)
class StreamConn(Conn):
    """A connection over the Unix socket: one message a line."""
    writer: asyncio.StreamWriter | None = None

    def write(self, data: bytes) -> None:
        assert self.writer is not None
        if self.writer.is_closing():
            raise ConnectionError("closed")
        self.writer.write(data)

    def backlog(self) -> int:
        assert self.writer is not None
        return self.writer.transport.get_write_buffer_size()

    def close(self) -> None:
        super().close()
        if self.writer is not None:
            self.writer.close()


@dataclass(eq=False)
class Live:
    table: ServedTable
    conns: set[Conn] = field(default_factory=set)
    bot: asyncio.Task | None = None
    last_move: float = 0.0


class TableServer:
    def __init__(self, store: Path | None = None, sock: Path | None = None, *,
                 bot_seconds: float | None = None, bot_delay: float = BOT_DELAY,
                 idle_exit: float | None = None, shared: bool = False,
                 listen: tuple[str, int] | None = None, tokens: dict[str, str] | None = None) -> None:
        from ..bots.ismcts import THINK_SECONDS
        from ..engine.table_store import tables_path

        self.store_path = Path(store) if store is not None else tables_path()
        self.sock_path = Path(sock) if sock is not None else address.socket_path(self.store_path)
        self.bot_seconds = THINK_SECONDS if bot_seconds is None else bot_seconds
        self.bot_delay = bot_delay
        self.idle_exit = idle_exit
        self.shared = shared           # the socket open to every account (a host's shared server)
        self.listen = listen           # (host, port): also a websocket over TCP (tcp.py); port 0: any free one
        self.tokens = dict(tokens or {})   # over TCP: token -> player
        self._tcp: Any = None
        self._tables_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tables")
        self._store: TableStore | None = None
        self.live: dict[str, Live] = {}
        self.conns: set[Conn] = set()
        self.lost: str | None = None   # the store's fault, once seen: every table stops
        self._server: asyncio.AbstractServer | None = None
        self._lock_fd: int | None = None
        self._idle_since = time.monotonic()
        self._stop = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()

    # -- the tables thread ---------------------------------------------------------------------
    async def _on_tables(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._tables_thread, fn, *args)

    def store(self) -> TableStore:
        if self._store is None:
            self._store = TableStore(self.store_path)
            self._store.connect()
        return self._store

    # -- starting and stopping -----------------------------------------------------------------
    def _take_lock(self) -> None:
        path = address.prepare(self.sock_path, shared=self.shared)
        fd = os.open(address.lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise ServerError(f"a table server already serves {printable(str(path))}") from None
        self._lock_fd = fd

    async def start(self) -> None:
        """Bind the socket (ServerError if another server holds it, or the store cannot be used)."""
        self._take_lock()
        try:
            await self._on_tables(self.store)
        except TableError as e:
            raise ServerError(str(e)) from None
        path = self.sock_path
        if path.exists() or path.is_symlink():
            path.unlink()   # a dead server's: the lock says nobody serves it
        old = os.umask(0o111 if self.shared else 0o177)
        try:
            self._server = await asyncio.start_unix_server(self._client, path=str(path), limit=wire.MAX_LINE)
        finally:
            os.umask(old)
        if self.listen is not None:
            from .tcp import TcpListener
            host, port = self.listen
            self._tcp = TcpListener(self, host, port, self.tokens)
            try:
                self.listen = (host, await self._tcp.start())
            except OSError as e:
                self._tcp = None
                await self.close()
                raise ServerError(f"cannot listen on {printable(host)}:{port}: {e.strerror or e}") from None
        self._spawn(self._watch())

    async def serve(self) -> None:
        """Serve until stopped (or idle for ``idle_exit`` seconds)."""
        if self._server is None:
            await self.start()
        await self._stop.wait()
        await self.close()

    def stop(self) -> None:
        self._stop.set()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for t in list(self._tasks):
            t.cancel()
        for c in list(self.conns):
            c.close()
        if self._tcp is not None:
            tcp, self._tcp = self._tcp, None
            await tcp.close()
        try:
            self.sock_path.unlink()
        except OSError:
            pass
        if self._store is not None:
            store, self._store = self._store, None
            await self._on_tables(store.close)
        self._tables_thread.shutdown(wait=False, cancel_futures=True)
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def _spawn(self, coro) -> asyncio.Task:
        t = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(t)
        t.add_done_callback(self._task_done)
        return t

    def _task_done(self, t: asyncio.Task) -> None:
        self._tasks.discard(t)
        if not t.cancelled() and t.exception() is not None:   # a bug: said, never swallowed
            import traceback
            e = t.exception()
            print(f"boardgames-tui serve: {one_line(repr(e))}", file=sys.stderr)
            traceback.print_exception(e, file=sys.stderr)

    async def _watch(self) -> None:
        """Every second: the store still the one opened (deleted, replaced, truncated: the tables
        stop), and an idle embedded server's exit."""
        while True:
            await asyncio.sleep(CHECK_EVERY)
            if self.lost is None:
                try:
                    await self._on_tables(self._check_store)
                except TableError as e:
                    await self._store_lost(e)
            if self.conns:
                self._idle_since = time.monotonic()
            elif self.idle_exit is not None and time.monotonic() - self._idle_since >= self.idle_exit:
                self.stop()
                return

    def _check_store(self) -> None:
        self.store().check()

    async def _store_lost(self, e: Exception) -> None:
        """The store cannot be trusted any more: nothing more is recorded, every table stops and
        every client is told once.  What was recorded before stays where it was."""
        if self.lost is not None:
            return
        self.lost = f"The table store failed: {one_line(str(e))}. Nothing more is recorded; the tables stop."
        for live in self.live.values():
            if live.bot is not None:
                live.bot.cancel()
        self.live.clear()
        for c in list(self.conns):
            await c.send({"t": "stopped", "line": self.lost})
            c.code, c.follower = None, None

    # -- a connection --------------------------------------------------------------------------
    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sock = writer.get_extra_info("socket")

        async def next_line() -> bytes | None:
            try:
                return await reader.readline() or None
            except (ValueError, asyncio.LimitOverrunError):
                raise wire.WireError("a message over the size limit") from None

        await self.serve_conn(StreamConn(writer=writer), next_line,
                              lambda hello: peer_player(sock, hello.get("player")))

    async def serve_conn(self, conn: Conn, next_line: Callable[[], Any], identify: Callable[[dict], str]) -> None:
        """A connection's life, whatever carries it: the hello (``identify`` says who the client
        is from it, or raises IdentityError), then its requests until it leaves."""
        self.conns.add(conn)
        try:
            if await self._hello(conn, next_line, identify):
                while not conn.closed:
                    try:
                        line = await next_line()
                        if line is None:
                            break
                        msg = wire.decode(line)
                    except wire.WireError as e:
                        await conn.send({"t": "error", "line": f"{e}; goodbye"})
                        break
                    await self._handle(conn, msg)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            await self._drop(conn)
            conn.close()

    async def _hello(self, conn: Conn, next_line: Callable[[], Any], identify: Callable[[dict], str]) -> bool:
        try:
            line = await next_line()
            msg = wire.decode(line) if line else None
        except wire.WireError:
            msg = None
        if msg is None or msg.get("t") != "hello":
            await conn.send({"t": "error", "line": "the table server expects a hello first"})
            return False
        if msg.get("v") != wire.VERSION:
            await conn.send({"t": "error", "line": f"this table server speaks protocol {wire.VERSION}, "
                                                   f"the client {printable(str(msg.get('v')), 12)}: "
                                                   "use the same version of boardgames-tui for both"})
            return False
        try:
            conn.player = identify(msg)
        except IdentityError as e:
            await conn.send({"t": "error", "line": str(e)})
            return False
        await conn.send({"t": "welcome", "v": wire.VERSION, "player": conn.player})
        return True

    async def _handle(self, conn: Conn, msg: dict) -> None:
        kind = msg["t"]
        re = msg.get("id")
        handler = getattr(self, f"_do_{kind}", None)
        if handler is None:
            await conn.send({"t": "error", "re": re, "line": f"unknown request {printable(kind, 20)!r}"})
            return
        if self.lost is not None and kind in ("new", "join", "choose", "undo", "hint", "leave", "list"):
            await conn.send({"t": "error", "re": re, "line": self.lost})
            return
        try:
            reply = await handler(conn, msg)
        except (IllegalMove, TableError, ValueError, KeyError, TypeError) as e:
            if isinstance(e, StoreLost):
                await self._store_lost(e)
                return
            line = e.reason if isinstance(e, IllegalMove) else one_line(str(e))
            await conn.send({"t": "error", "re": re, "line": line, "stale": isinstance(e, StaleChoice)})
            if conn.code is not None and conn.code in self.live:
                await self._push(conn.code, only=conn)   # the position as it is now
            return
        if reply is not None:
            reply["re"] = re
            await conn.send(reply)

    async def _drop(self, conn: Conn) -> None:
        self.conns.discard(conn)
        if conn.code is not None and conn.code in self.live:
            self.live[conn.code].conns.discard(conn)
        conn.code, conn.follower = None, None

    # -- requests ------------------------------------------------------------------------------
    async def _do_list(self, conn: Conn, msg: dict) -> dict:
        tables = await self._on_tables(lambda: self.store().tables())
        return {"t": "tables", "player": conn.player, "tables": [info_json(t) for t in tables]}

    async def _do_new(self, conn: Conn, msg: dict) -> dict:
        seats = [Seat(str(s["name"]), str(s.get("colour", "white")), str(s.get("kind", "human")),
                      str(s.get("level", "random"))) for s in msg.get("seats", [])]
        if msg.get("seed") is not None:
            raise ValueError("a table's seed is drawn by the server; --seed is for games without "
                             "a table (play --seed)")
        game = str(msg.get("game", ""))
        options = {str(k): str(v) for k, v in (msg.get("options") or {}).items()}
        code = await self._on_tables(lambda: new_table(self.store(), game, seats, None, options))
        return {"t": "created", "code": code}

    def create_table(self, game: str, seats: list[Seat], seed: int | None = None,
                     options: dict[str, str] | None = None) -> str:
        """The server's own API (tests, benches): a table with a chosen seed.  Not on the wire."""
        return new_table(self.store(), game, seats, seed, options)

    async def _do_join(self, conn: Conn, msg: dict) -> None:
        code = normal_code(str(msg.get("code", "")))
        seat = msg.get("seat")
        watch = bool(msg.get("watch"))
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ValueError("a seat is a number")
        await self._drop(conn)
        self.conns.add(conn)
        held = await self._on_tables(self._claim, code, conn.player, seat, watch)
        live = self.live.get(code)
        if live is None:
            table = await self._on_tables(ServedTable, self.store(), code)
            live = self.live.setdefault(code, Live(table))
        conn.code = code
        conn.follower = Follower(held, watch=watch)
        live.conns.add(conn)
        await conn.send({"t": "joined", "re": msg.get("id"), "code": code, "seats": held, "watch": watch})
        await self._push(code, only=conn)
        self._bots(code)
        return None

    def _claim(self, code: str, player: str, seat: int | None, watch: bool) -> list[int]:
        """The seats a connection plays: ``seat`` (claimed if free) only; without one, the player's
        own seats at the table, else the first free one; [] for a spectator."""
        store = self.store()
        info = store.info(code)
        if watch:
            return []
        if seat is not None:
            take_seat(store, info, seat, player)
            return [seat]
        mine = info.seats_of(player)
        if mine:
            return mine
        got = store.claim_free(code, player)   # two joins at once get two seats
        if got is None:
            raise TableError(f"table {code} has no free seat; `join {code} --watch` looks on")
        return [got]

    def _live(self, conn: Conn) -> Live:
        if conn.code is None or conn.code not in self.live or conn.follower is None:
            raise IllegalMove("join a table first")
        return self.live[conn.code]

    async def _do_choose(self, conn: Conn, msg: dict) -> dict:
        """Record a choice; the answer ``chosen`` (after the new position's push) says it was this
        connection's that was recorded, not another terminal's of the same seat."""
        live = self._live(conn)
        key, n = msg.get("key"), msg.get("n")
        if not isinstance(key, str) or not isinstance(n, int) or isinstance(n, bool):
            raise ValueError("a choice needs a key and the choice count it was made at")
        assert conn.follower is not None
        await self._on_tables(live.table.choose, key, conn.follower.seats, n)
        await self._changed(conn.code)  # type: ignore[arg-type]
        return {"t": "chosen", "n": n + 1}

    async def _do_undo(self, conn: Conn, msg: dict) -> None:
        live = self._live(conn)
        assert conn.follower is not None
        await self._on_tables(live.table.undo, conn.follower.seats)
        await self._changed(conn.code)  # type: ignore[arg-type]

    async def _do_hint(self, conn: Conn, msg: dict) -> dict:
        live = self._live(conn)
        assert conn.follower is not None
        h = await self._on_tables(live.table.hint, conn.follower.seats)
        return {"t": "hint", **h}

    async def _do_leave(self, conn: Conn, msg: dict) -> dict:
        """Leave the table; with ``seat`` (0-based), give that seat up so another may claim it."""
        seat = msg.get("seat")
        code = normal_code(str(msg.get("code") or conn.code or ""))
        released = False
        if seat is not None:
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise ValueError("a seat is a number")
            released = await self._on_tables(lambda: self.store().release(code, seat, conn.player))
            if not released:
                raise TableError(f"seat {seat + 1} of table {code} is not yours to give up")
        if conn.code == code:
            await self._drop(conn)
            self.conns.add(conn)
        return {"t": "left", "code": code, "released": released}

    async def _do_record(self, conn: Conn, msg: dict) -> dict:
        live = self._live(conn)
        return {"t": "record", "save": await self._on_tables(live.table.record)}

    async def _do_ping(self, conn: Conn, msg: dict) -> dict:
        return {"t": "pong"}

    # -- pushing and bots ----------------------------------------------------------------------
    async def _changed(self, code: str) -> None:
        self.live[code].last_move = time.monotonic()
        await self._push(code)
        self._bots(code)

    async def _push(self, code: str, only: Conn | None = None) -> None:
        live = self.live.get(code)
        if live is None:
            return
        conns = [only] if only is not None else list(live.conns)
        pairs = [(c, c.follower) for c in conns if c.follower is not None and not c.closed]
        msgs = await self._on_tables(lambda: [live.table.message(f) for _, f in pairs])
        for (c, _), m in zip(pairs, msgs):
            await c.send(m)

    def _bots(self, code: str) -> None:
        live = self.live.get(code)
        if live is None or (live.bot is not None and not live.bot.done()):
            return
        if live.table.bot_seat() is not None:
            live.bot = self._spawn(self._bot_turns(code))

    async def _bot_turns(self, code: str) -> None:
        """Play the bot seats while a bot decides, at the bot's pace, with or without a client."""
        while self.lost is None and code in self.live:
            live = self.live[code]
            seat = live.table.bot_seat()
            if seat is None:
                return
            at = (len(live.table.match.history), live.table.session.gen)
            started = time.monotonic()
            bot, what, thinks = await self._on_tables(live.table.bot_task, seat, self.bot_seconds)
            key = await asyncio.to_thread(bot.decide, what) if thinks else what
            wait = self.bot_delay - (time.monotonic() - max(started, live.last_move))
            if wait > 0:
                await asyncio.sleep(wait)
            if code not in self.live or (len(live.table.match.history), live.table.session.gen) != at:
                continue   # the position moved on while it thought (its player's choice undone)
            try:
                await self._on_tables(live.table.choose_for_bot, seat, key)
            except (IllegalMove, TableError) as e:
                if isinstance(e, StoreLost):
                    await self._store_lost(e)
                    return
                print(f"boardgames-tui serve: table {code}: the bot's choice was refused: {one_line(str(e))}",
                      file=sys.stderr)
                return
            await self._changed(code)   # this task goes on while a bot decides


__all__ = ["BOT_DELAY", "IDLE_EXIT", "ServerError", "TableServer", "peer_player"]

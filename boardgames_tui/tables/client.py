"""A client of the host's table server: a connection, the hello, requests and the pushes.

:class:`Connection` is the blocking one, for the commands (``table new``, ``tables``, ``join``'s
first steps); the game screen takes its socket over with :meth:`Connection.detach` and reads the
pushes with asyncio (:class:`Stream`).  :func:`connect` finds the server at the host's socket and,
the way tmux does, starts one in the background when none answers (it exits some minutes after
its last client left).
"""
from __future__ import annotations

import asyncio
import itertools
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.identity import player_id
from . import address, wire

START_WAIT = 15.0      # seconds for a server started here to answer
_ids = itertools.count(1)


class ClientError(Exception):
    """The server refused, or cannot be reached; one line for people."""


def _connect_socket(path: Path) -> socket.socket:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(str(path))
    except OSError:
        s.close()
        raise
    return s


def start_server(path: Path) -> subprocess.Popen:
    """A server in the background for this data folder, its output in a log beside its socket."""
    address.prepare(path)
    # 0600: a server's traceback is nobody else's to read
    fd = os.open(path.with_name(path.name + ".log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    log = os.fdopen(fd, "ab")
    try:
        idle = os.environ.get("BOARDGAMES_TUI_IDLE_EXIT")   # tests: a server that leaves at once
        return subprocess.Popen([sys.executable, "-m", "boardgames_tui", "serve", "--embedded",
                                 "--socket", str(path), *(["--idle-exit", idle] if idle else [])],
                                stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                start_new_session=True, close_fds=True, env=os.environ.copy())
    finally:
        log.close()


def ours(folder: Path) -> bool:
    """``folder`` (the socket's) is this account's, or missing: a server may be started for it.
    Another account's folder is a host's shared server (README, the recommended SSH host): its
    account starts it, never a player's client."""
    try:
        return folder.stat().st_uid == os.getuid()
    except FileNotFoundError:
        return True
    except OSError:
        return False


def open_socket(path: Path | None = None, start: bool = True) -> socket.socket:
    """A socket connected to the server, one started if none answers and ``start`` (and the
    socket's folder is this account's)."""
    path = path or address.socket_path()
    try:
        return _connect_socket(path)
    except (FileNotFoundError, ConnectionRefusedError):
        if not start:
            raise ClientError("no table server answers on this host") from None
        if not ours(path.parent):
            raise ClientError(f"no table server answers at {path}: it is the host's, "
                              "and only its account starts it") from None
    except OSError as e:
        raise ClientError(f"the table server cannot be reached ({e.strerror or e})") from None
    try:
        proc = start_server(path)
    except OSError as e:
        raise ClientError(f"no table server answers, and none can be started here ({e.strerror or e})") from None
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        try:
            return _connect_socket(path)
        except OSError:
            if proc.poll() not in (None, 0):
                break
            time.sleep(0.05)
    raise ClientError(f"the table server did not start; see {path.name}.log in {path.parent}")


class Connection:
    """A blocking connection: hello at once, then :meth:`request` (pushes in between are kept)."""

    def __init__(self, sock: socket.socket, player: str | None = None, timeout: float = 30.0) -> None:
        self.sock = sock
        self.sock.settimeout(timeout)
        self._buf = b""
        self.pushed: list[dict] = []
        self._hello({"t": "hello", "v": wire.VERSION, "player": player if player is not None else player_id()})

    def _hello(self, hello: dict) -> None:
        self.send(hello)
        reply = self.read()
        if reply.get("t") != "welcome":
            self.close()
            raise ClientError(str(reply.get("line") or "the table server refused the hello"))
        self.player: str = reply["player"]

    @classmethod
    def open(cls, path: Path | None = None, start: bool = True, player: str | None = None) -> Connection:
        return cls(open_socket(path, start), player)

    def send(self, msg: dict) -> None:
        try:
            self.sock.sendall(wire.encode(msg))
        except OSError as e:
            raise ClientError(f"the table server has gone ({e.strerror or e})") from None

    def read(self) -> dict:
        while b"\n" not in self._buf:
            try:
                chunk = self.sock.recv(1 << 16)
            except OSError as e:
                raise ClientError(f"the table server has gone ({e.strerror or e})") from None
            if not chunk:
                raise ClientError("the table server closed the connection")
            self._buf += chunk
            if len(self._buf) > wire.MAX_LINE:
                raise ClientError("the table server sent a message over the size limit")
        line, _, self._buf = self._buf.partition(b"\n")
        try:
            return wire.decode(line)
        except wire.WireError as e:
            raise ClientError(f"the table server sent {e}") from None

    def request(self, msg: dict) -> dict:
        """Send ``msg`` and wait for its answer (ClientError with the server's line if refused)."""
        rid = next(_ids)
        self.send({**msg, "id": rid})
        while True:
            reply = self.read()
            if reply.get("re") == rid:
                if reply.get("t") == "error":
                    raise ClientError(str(reply.get("line")))
                return reply
            if reply.get("t") == "stopped":
                raise ClientError(str(reply.get("line")))
            self.pushed.append(reply)

    def detach(self) -> tuple[socket.socket, bytes, list[dict]]:
        """Hand the socket over (to asyncio): it, what was read past the last message, the pushes."""
        sock, buf, pushed = self.sock, self._buf, self.pushed
        sock.settimeout(None)
        self.sock, self._buf, self.pushed = None, b"", []  # type: ignore[assignment]
        return sock, buf, pushed

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None  # type: ignore[assignment]


class Stream:
    """The asyncio side of a connection taken over from :class:`Connection`."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, pending: list[dict]) -> None:
        self.reader, self.writer = reader, writer
        self.pending = list(pending)

    @classmethod
    async def take(cls, conn: Connection) -> Any:
        """The connection's asyncio side: a Stream, or a WsStream for a websocket's (same interface)."""
        from .wsclient import WsConnection, WsStream
        if isinstance(conn, WsConnection):
            return await WsStream.take(conn)
        sock, buf, pushed = conn.detach()
        reader, writer = await asyncio.open_unix_connection(sock=sock, limit=wire.MAX_LINE)
        if buf:
            reader.feed_data(buf)
        return cls(reader, writer, pushed)

    def put(self, msg: dict) -> None:
        """Send ``msg``, not awaited: it goes out in order (a failure shows as the end of :meth:`next`)."""
        self.writer.write(wire.encode(msg))

    async def next(self) -> dict | None:
        """The next message; None when the server has gone."""
        if self.pending:
            return self.pending.pop(0)
        try:
            line = await self.reader.readline()
        except (ConnectionError, ValueError, asyncio.LimitOverrunError):
            return None
        if not line:
            return None
        try:
            return wire.decode(line)
        except wire.WireError:
            return None

    def close(self) -> None:
        self.writer.close()


@dataclass
class TableLink:
    """A joined table, as ``join`` (or the menu's Tables) hands it to the app: the connection,
    what to join again after a reconnect (``seat`` 0-based, as asked: None follows the player's
    seats), and the first position; ``server`` (and its token) a table server over TCP, None the host's."""
    conn: Connection
    code: str
    seat: int | None
    watch: bool
    state: dict
    server: str | None = None
    token: str | None = field(default=None, repr=False)


SERVER_ENV, TOKEN_ENV = "BOARDGAMES_TUI_SERVER", "BOARDGAMES_TUI_TOKEN"
_remote: tuple[str, str | None] | None = None


def use_server(server: str | None, token: str | None = None) -> None:
    """Every later connection of this process goes to ``server`` over TCP (``--server``/``--token``);
    None: back to the environment's (``BOARDGAMES_TUI_SERVER``/``BOARDGAMES_TUI_TOKEN``) or the host's."""
    global _remote
    _remote = (server, token) if server else None


def remote() -> tuple[str, str | None] | None:
    """The table server over TCP connections go to (its URL, its token), or None: the host's socket."""
    if _remote is not None:
        return _remote
    server = os.environ.get(SERVER_ENV)
    return (server, None) if server else None


def open_connection(path: Path | None = None, start: bool = True, player: str | None = None,
                    server: str | None = None, token: str | None = None) -> Connection:
    """A connection: over TCP to ``server`` (else the one :func:`remote` names), else the host's socket."""
    if server is None and path is None:
        server, token = remote() or (None, token)
    if server is not None:   # the token: as given, else the link's, else BOARDGAMES_TUI_TOKEN
        from .wsclient import WsConnection, split_server
        url, token = split_server(server, token)
        return WsConnection(url, token or os.environ.get(TOKEN_ENV) or None)
    return Connection.open(path, start=start, player=player)


def join(code: str, seat: int | None, watch: bool, path: Path | None = None,
         player: str | None = None, server: str | None = None,
         token: str | None = None) -> tuple[Connection, dict, dict]:
    """Connect and join (``seat`` 0-based): the connection, the ``joined`` answer and the first
    ``state``.  ClientError with the server's one line if refused."""
    conn = open_connection(path, player=player, server=server, token=token)
    try:
        joined = conn.request({"t": "join", "code": code, "seat": seat, "watch": watch})
        while True:
            state = conn.pushed.pop(0) if conn.pushed else conn.read()
            if state.get("t") == "state":
                return conn, joined, state
    except BaseException:
        conn.close()
        raise


def request(msg: dict, path: Path | None = None, start: bool = True,
            timeout: float | None = None) -> dict[str, Any]:
    """One request on a connection of its own (``timeout``: seconds to wait for each answer, for a
    screen that asks on its own thread)."""
    conn = open_connection(path, start=start)
    if timeout is not None and isinstance(getattr(conn, "sock", None), socket.socket):
        conn.sock.settimeout(timeout)
    try:
        return conn.request(msg)
    finally:
        conn.close()


__all__ = ["ClientError", "Connection", "SERVER_ENV", "Stream", "TOKEN_ENV", "TableLink", "join", "open_connection",
           "open_socket", "ours", "remote", "request", "start_server", "use_server"]

"""The table server over TCP: a websocket at ``ws://HOST:PORT/tables`` (``serve --listen``).

The same messages as over the Unix socket (:mod:`.wire`), one a websocket text frame of at most
:data:`.wire.MAX_LINE` bytes, served by the same :meth:`.server.TableServer.serve_conn` in the
same event loop.  Who a connection is, is the player whose token its hello presents
(``{"t": "hello", "v": 1, "token": "..."}``; the ``player`` field is ignored): each
``--player NAME[=TOKEN]`` gets one, printed once at start and nowhere else.  The token travels in
the hello, never in the URL, so no proxy's or server's log of requests holds it.

A request whose ``Host`` names another server than this one gets 403 before anything else
(DNS rebinding: :func:`..web_access.host_middleware`, as for ``boardgames-tui web``).

aiohttp (textual-serve's own dependency) is imported only when listening.
"""
from __future__ import annotations

import asyncio
from collections import deque
import logging
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import web_access
from ..engine.identity import IdentityError
from . import wire
from .server import Conn

if TYPE_CHECKING:
    from aiohttp import web

    from .server import TableServer

PATH = "/tables"
HELLO_SECONDS = 30.0       # a connection that says no hello within this is closed
HEARTBEAT_SECONDS = 30.0   # pings: a peer gone without a word (a dead link) is noticed
SHUTDOWN_SECONDS = 2.0


class _OneLine(logging.Handler):
    """aiohttp's reports of a bad request: one line on stderr, never the request or a traceback."""

    def emit(self, record: logging.LogRecord) -> None:
        from ..engine.text import one_line
        exc = record.exc_info[1] if record.exc_info else None
        why = one_line(type(exc).__name__) if exc is not None else "?"
        print(f"boardgames-tui serve: a bad request over TCP ({why})", file=sys.stderr)


def _quiet_logger() -> logging.Logger:
    log = logging.getLogger("boardgames_tui.tables.tcp")
    if not log.handlers:
        log.addHandler(_OneLine())
        log.propagate = False
    return log


class ListenError(ValueError):
    """A wrong --listen or --player: one line for people."""


def parse_listen(arg: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6; port 0: any free one)."""
    host, sep, port = arg.strip().rpartition(":")
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not sep or not host or not port.isdigit() or int(port) > 65535:
        raise ListenError(f"--listen takes HOST:PORT, such as 127.0.0.1:8765, not '{arg}'")
    return host, int(port)


def make_tokens(host: str, players: list[str] | None, default_player: str) -> dict[str, str]:
    """Token -> player for ``--player NAME[=TOKEN] ...`` (a random token unless given).  Without
    any: refused on an address other machines reach; on loopback one token, ``default_player``'s
    (the server's own user)."""
    if not players:
        if not web_access.is_loopback(host):
            raise ListenError(f"--listen {host} lets other machines connect: give each player a token "
                              "with --player NAME (or NAME=TOKEN)")
        return {web_access.new_token(): default_player}
    tokens: dict[str, str] = {}
    for arg in players:
        try:
            name, fixed = web_access.parse_player(arg)
        except web_access.AccessError as e:
            raise ListenError(str(e)) from None
        if name in tokens.values():
            raise ListenError(f"--player {name} is given twice")
        token = fixed or web_access.new_token()
        if token in tokens:
            raise ListenError(f"--player {name} has the token of --player {tokens[token]}")
        tokens[token] = name
    return tokens


def url_host(host: str) -> str:
    """The host as a URL names it: the machine's name for every interface, brackets for IPv6."""
    if host in web_access.WILDCARD_HOSTS:
        import socket
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def links(host: str, port: int, tokens: dict[str, str]) -> list[str]:
    """The start-up lines, one a player: the only place a token is ever written."""
    base = f"ws://{url_host(host)}:{port}{PATH}"
    return [f"{player}: {base}?token={token}" for token, player in tokens.items()]


def identify(tokens: dict[str, str]) -> Any:
    def who(hello: dict) -> str:
        token = hello.get("token")
        player = web_access.player_for(tokens, token) if isinstance(token, str) else None
        if player is None:
            raise IdentityError("the table server needs the token it printed for you (--token, or the "
                                "link's ?token=); this one is not it")
        return player
    return who


@dataclass(eq=False)
class WsConn(Conn):
    """A connection over a websocket: one message a text frame."""
    ws: web.WebSocketResponse | None = None
    # Messages not yet sent, oldest first, and the task sending them: the server never waits
    # for one client (Conn.send), and a frame's order is kept.
    _queue: deque = field(default_factory=deque)
    _queued: int = 0
    _sender: asyncio.Task | None = None

    def write(self, data: bytes) -> None:
        assert self.ws is not None
        if self.ws.closed:
            raise ConnectionResetError("the websocket is closed")
        self._queue.append(data)
        self._queued += len(data)
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send_queued())

    async def _send_queued(self) -> None:
        assert self.ws is not None
        while self._queue:
            data = self._queue.popleft()
            self._queued -= len(data)
            try:
                await self.ws.send_str(data.decode().rstrip("\n"))
            except (ConnectionError, RuntimeError):
                self._queue.clear()
                self._queued = 0
                self.closed = True
                return

    def backlog(self) -> int:
        return self._queued

    def close(self) -> None:
        was = self.closed
        super().close()
        ws = self.ws
        if not was and ws is not None and not ws.closed:
            try:
                asyncio.get_running_loop().create_task(self._close_after_sent(ws))
            except RuntimeError:   # no loop running: the connection goes with the process
                pass

    async def _close_after_sent(self, ws: web.WebSocketResponse) -> None:
        """The last messages (a refusal's line) go out before the websocket closes."""
        await self.flushed()
        await ws.close()

    async def flushed(self) -> None:
        """Wait until every queued message went out (or the websocket failed)."""
        sender = self._sender
        if sender is not None and not sender.done():
            try:
                await sender
            except (ConnectionError, RuntimeError):
                pass


class TcpListener:
    """The websocket listener of a :class:`.server.TableServer`."""

    def __init__(self, server: TableServer, host: str, port: int, tokens: dict[str, str]) -> None:
        self.server, self.host, self.port, self.tokens = server, host, port, dict(tokens)
        self._runner: Any = None

    async def start(self) -> int:
        """Listen (OSError if the address cannot be had); the port listened on."""
        from aiohttp import web

        names, any_address = web_access.server_names(self.host, None)
        app = web.Application(middlewares=[web_access.host_middleware(names, any_address)],
                              client_max_size=1024)
        app.router.add_get(PATH, self._handle)
        # access_log None: nothing about a request is written anywhere
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=SHUTDOWN_SECONDS,
                               logger=_quiet_logger())
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        server = getattr(site, "_server", None)
        if server is not None and server.sockets:
            self.port = server.sockets[0].getsockname()[1]
        return self.port

    async def close(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import WSMsgType, web

        ws = web.WebSocketResponse(max_msg_size=wire.MAX_LINE, heartbeat=HEARTBEAT_SECONDS)
        if not ws.can_prepare(request).ok:
            raise web.HTTPBadRequest(text="boardgames-tui: the table server speaks websocket here\n")
        await ws.prepare(request)
        conn = WsConn(ws=ws)
        first = True

        async def next_line() -> bytes | None:
            nonlocal first
            try:
                if first:
                    first = False
                    msg = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
                else:
                    msg = await ws.receive()
            except TimeoutError:
                return None
            if msg.type == WSMsgType.TEXT:
                return str(msg.data).encode()
            if msg.type == WSMsgType.BINARY:
                return bytes(msg.data)
            if msg.type == WSMsgType.ERROR and getattr(msg.data, "code", None) == 1009:
                raise wire.WireError("a message over the size limit")
            return None   # closed, or a broken frame

        try:
            await self.server.serve_conn(conn, next_line, identify(self.tokens))
        except Exception as e:   # a bug: said with its traceback (no token is in it), never swallowed
            import traceback
            print(f"boardgames-tui serve: {type(e).__name__} on a TCP connection", file=sys.stderr)
            traceback.print_exception(e, file=sys.stderr)
        await conn.flushed()   # the last line (a refusal) goes out before the websocket closes
        if not ws.closed:
            await ws.close()
        return ws


__all__ = ["ListenError", "PATH", "TcpListener", "WsConn", "links", "make_tokens", "parse_listen"]

"""A client of a table server over TCP: the websocket ``serve --listen`` opens (:mod:`.tcp`).

:class:`WsConnection` has :class:`.client.Connection`'s interface (``request``, ``read``,
``send``, ``pushed``, ``player``, ``close``) and :class:`WsStream` that of :class:`.client.Stream`
(``send``, ``next``, ``close``, ``writer.write``).  The websocket itself (aiohttp's client,
textual-serve's dependency) lives on one event loop of its own, on a daemon thread started at the
first connection: the blocking calls wait for it, and the game screen's loop awaits it, so one
connection goes from ``join``'s first steps to the screen without being opened again.

The token is sent in the hello, never in the URL (``--server ws://HOST:PORT/tables?token=T``, the
link ``serve`` printed, is taken apart here: the token goes in the hello, the rest is connected to).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ..engine.text import printable
from . import wire
from .client import ClientError, Connection

T = TypeVar("T")
OPEN_SECONDS = 5.0      # the menu asks synchronously: an unreachable server must not hold it long
HEARTBEAT_SECONDS = 30.0

_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _the_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, daemon=True, name="table-websockets").start()
            _loop = loop
        return _loop


def _submit(coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
    return asyncio.run_coroutine_threadsafe(coro, _the_loop())


def _wait(coro: Coroutine[Any, Any, T], timeout: float | None) -> T:
    fut = _submit(coro)
    try:
        return fut.result(timeout)
    except concurrent.futures.TimeoutError:
        fut.cancel()
        raise ClientError("the table server did not answer in time") from None


def split_server(given: str, token: str | None = None) -> tuple[str, str | None]:
    """``--server`` as given (``ws://HOST:PORT[/tables][?token=T]``, or ``HOST:PORT``): the URL to
    connect to, without a token, and the token (``token`` if given, else the link's)."""
    text = given.strip()
    shown = printable(text.split("?", 1)[0], 60)   # a refusal never repeats a token
    if "//" not in text:
        text = "ws://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise ClientError(f"--server takes ws://HOST:PORT, not '{shown}'") from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or port is None:
        raise ClientError(f"--server takes ws://HOST:PORT (the link `serve --listen` printed), not '{shown}'")
    query = parse_qsl(parts.query)
    if token is None:
        token = next((v for k, v in query if k == "token"), None)
    rest = urlencode([(k, v) for k, v in query if k != "token"])
    path = parts.path if parts.path not in ("", "/") else "/tables"
    return urlunsplit((parts.scheme, parts.netloc, path, rest, "")), token


class WsConnection(Connection):
    """A blocking connection over a websocket: hello (with the token) at once, then requests."""

    def __init__(self, url: str, token: str | None, timeout: float = 30.0) -> None:
        self.url, self.timeout = url, timeout
        self.pushed: list[dict] = []
        self._ws: Any = None
        self._session: Any = None
        self._lock: asyncio.Lock | None = None
        _wait(self._open(), OPEN_SECONDS + 1)
        self._hello({"t": "hello", "v": wire.VERSION, "token": token or ""})

    async def _open(self) -> None:
        import aiohttp

        self._lock = asyncio.Lock()
        session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None, sock_connect=OPEN_SECONDS))
        try:
            self._ws = await session.ws_connect(self.url, max_msg_size=wire.MAX_LINE, heartbeat=HEARTBEAT_SECONDS,
                                                autoping=True)
        except aiohttp.WSServerHandshakeError as e:
            await session.close()
            what = "refused the connection (not this server's address?)" if e.status == 403 else \
                f"answered {e.status}, not a table server's websocket"
            raise ClientError(f"{self.where()} {what}") from None
        except (aiohttp.ClientError, OSError, TimeoutError) as e:
            await session.close()
            raise ClientError(f"no table server answers at {self.where()} ({one_reason(e)})") from None
        self._session = session

    def where(self) -> str:
        p = urlsplit(self.url)
        return p.netloc

    # -- on the websockets' loop ---------------------------------------------------------------
    async def _send(self, text: str) -> None:
        assert self._lock is not None
        async with self._lock:   # in the order asked
            if self._ws is None or self._ws.closed:
                raise ClientError("the table server closed the connection")
            try:
                await self._ws.send_str(text)
            except (ConnectionError, RuntimeError) as e:
                raise ClientError(f"the table server has gone ({one_reason(e)})") from None

    async def _recv(self) -> dict:
        from aiohttp import WSMsgType

        if self._ws is None:
            raise ClientError("the table server closed the connection")
        msg = await self._ws.receive()
        if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
            try:
                return wire.decode(msg.data)
            except wire.WireError as e:
                raise ClientError(f"the table server sent {e}") from None
        await self._close()   # closed, or broken: nothing more comes
        if msg.type == WSMsgType.ERROR and getattr(msg.data, "code", None) == 1009:
            raise ClientError("the table server sent a message over the size limit")
        raise ClientError("the table server closed the connection")

    async def _close(self) -> None:
        ws, session, self._ws, self._session = self._ws, self._session, None, None
        try:
            if ws is not None:
                await ws.close()
        finally:
            if session is not None:
                await session.close()

    # -- Connection's interface ------------------------------------------------------------------
    def send(self, msg: dict) -> None:
        _wait(self._send(wire.encode(msg).decode().rstrip("\n")), self.timeout)

    def read(self) -> dict:
        return _wait(self._recv(), self.timeout)

    def detach(self) -> Any:
        raise TypeError("a websocket connection is taken over whole: WsStream.take")

    def close(self) -> None:
        if self._session is not None or self._ws is not None:
            try:
                _wait(self._close(), 5.0)
            except (ClientError, OSError):
                pass


class WsStream:
    """The asyncio side of a :class:`WsConnection`, awaited from any event loop."""

    def __init__(self, conn: WsConnection) -> None:
        self.conn = conn
        self.pending, conn.pushed = list(conn.pushed), []

    @classmethod
    async def take(cls, conn: WsConnection) -> WsStream:
        return cls(conn)

    def put(self, msg: dict) -> None:
        """Send ``msg`` as :meth:`.client.Stream.put` does: in order, not awaited (a failure shows
        as the end of :meth:`next`)."""
        fut = _submit(self.conn._send(wire.encode(msg).decode().rstrip("\n")))
        fut.add_done_callback(lambda f: f.cancelled() or f.exception())

    async def next(self) -> dict | None:
        """The next message; None when the server has gone."""
        if self.pending:
            return self.pending.pop(0)
        try:
            return await asyncio.wrap_future(_submit(self.conn._recv()))
        except ClientError:
            return None

    def close(self) -> None:
        _submit(self.conn._close())


def one_reason(e: BaseException) -> str:
    from ..engine.text import one_line
    return one_line(getattr(e, "strerror", None) or str(e) or type(e).__name__)


__all__ = ["WsConnection", "WsStream", "split_server"]

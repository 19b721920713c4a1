"""How much one ``boardgames-tui web`` server lets its browsers start.

Every websocket starts an app process, so a link (or a script holding one)
could start as many as it likes.  :class:`SessionLimits` counts the live
sessions, per link and in all: at most ``--max-per-link`` (default
:data:`DEFAULT_PER_LINK`) for one link and ``--max-sessions`` (default
:data:`DEFAULT_TOTAL`) for the server.  A link is a player's token (or, with
``--no-token``, the one link there is).  The websocket over a cap is closed
at once with code 1013 (try again later) and a reason the page shows in its
"Session ended" dialog; no process is started.

The terminal size a websocket asks for (``?width=&height=`` on its address,
then its resize messages) is clamped to :data:`MIN_SIZE` .. :data:`MAX_SIZE`
(:func:`clamp_size`) before the app hears it: a huge one would make the app
draw a screen of that many cells.

Pure Python but for :func:`refuse_websocket`, which imports aiohttp when called.
"""
from __future__ import annotations

import logging
from collections import Counter
from typing import Any

DEFAULT_PER_LINK = 4
DEFAULT_TOTAL = 32
#: (width, height) in cells
MIN_SIZE = (20, 10)
MAX_SIZE = (300, 100)
DEFAULT_SIZE = (80, 24)
#: The websocket close code of a refused session: 1013, "Try Again Later" (RFC 6455's registry).
TRY_AGAIN_LATER = 1013

log = logging.getLogger("boardgames_tui.web")


def _int(value: Any, default: int) -> int:
    """A whole number from a query's text or a resize message's JSON; ``default`` for anything else."""
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and len(value) <= 12:
        try:
            return int(value.strip())
        except ValueError:
            return default
    return default


def clamp_size(width: Any, height: Any) -> tuple[int, int]:
    """A terminal size from what a browser sent: whole numbers within MIN_SIZE .. MAX_SIZE."""
    w = min(max(_int(width, DEFAULT_SIZE[0]), MIN_SIZE[0]), MAX_SIZE[0])
    h = min(max(_int(height, DEFAULT_SIZE[1]), MIN_SIZE[1]), MAX_SIZE[1])
    return w, h


class SessionLimits:
    """The live sessions of one server, per link and in all.

    :meth:`take` and :meth:`release` are called in the server's one event loop,
    :meth:`take` with no ``await`` between its check and its count: two
    websockets cannot both take the last slot."""

    def __init__(self, per_link: int = DEFAULT_PER_LINK, total: int = DEFAULT_TOTAL) -> None:
        if per_link < 1 or total < 1:
            raise ValueError("session limits must be at least 1")
        self.per_link = per_link
        self.total = total
        self._live: Counter[str] = Counter()

    def live(self, link: str | None = None) -> int:
        """The sessions open for ``link``, or in all."""
        return self._live[link] if link is not None else sum(self._live.values())

    def take(self, link: str) -> str | None:
        """Count a new session of ``link``; or, over a cap, the reason it is refused (not counted)."""
        if self._live[link] >= self.per_link:
            return (f"This link has {self.per_link} sessions open, the most it may have: "
                    "close a tab, then Restart.")
        if self.live() >= self.total:
            return (f"The server has {self.total} sessions open, the most it may have: "
                    "close a tab, then Restart.")
        self._live[link] += 1
        return None

    def release(self, link: str) -> None:
        """A session :meth:`take` counted has ended."""
        self._live[link] -= 1
        if self._live[link] <= 0:
            del self._live[link]


async def refuse_websocket(request: Any, reason: str) -> Any:
    """The answer to a websocket over a cap: opened and closed at once with ``reason``
    (a plain 429 page to a request that is no websocket)."""
    from aiohttp import web

    ws = web.WebSocketResponse()
    if not ws.can_prepare(request).ok:
        return web.Response(status=429, text=f"boardgames-tui: {reason}\n")
    await ws.prepare(request)
    await ws.close(code=TRY_AGAIN_LATER, message=reason.encode("utf-8")[:123])
    return ws

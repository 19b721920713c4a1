"""What ``boardgames-tui web`` writes to its log: never an access token.

Three ways a token would reach the server's output, each closed by :class:`Redact`,
a filter on every handler of the root logger (textual-serve's one RichHandler):

* aiohttp's access log writes each request line and its Referer (a page's files
  are asked for with ``Referer: http://…/?token=…``): every query string in an
  access-log line becomes ``?…`` (whatever its spelling: ``tok%65n=`` is a token
  to aiohttp too).
* A malformed request (a request line or header over aiohttp's 8 KB, a bad
  header) is answered 400 by aiohttp, which logs it on ``aiohttp.server`` with a
  traceback whose exception holds the raw line (and its cookie): that record
  becomes one line, who sent it and the error's kind, without the traceback.
* Any other record: ``token=…``, the token cookie and the tokens themselves are
  blanked, and a traceback whose exception's message holds one is left out.  textual-serve draws tracebacks with
  their local variables, which may hold a request's cookie: they are drawn
  without them (:func:`install`).
"""
from __future__ import annotations

import logging
import re
import traceback
from collections.abc import Iterable

_QUERY = re.compile(r"\?[^\s\"']*")
_TOKEN_PARAM = re.compile(r"token=[^&\s\"';]*", re.IGNORECASE)
_COOKIE = re.compile(r"(boardgames-tui-token-\d+)=[^;\s\"']*")


class Redact(logging.Filter):
    """Blank the ``tokens`` (and anything like one) in every record it sees; see the module."""

    def __init__(self, tokens: Iterable[str] = ()) -> None:
        super().__init__()
        self.tokens = [t for t in tokens if t]

    def scrub(self, text: str) -> str:
        text = _COOKIE.sub(r"\1=…", _TOKEN_PARAM.sub("token=…", text))
        for token in self.tokens:
            text = text.replace(token, "…")
        return text

    def _holds_secret(self, text: str) -> bool:
        return self.scrub(text) != text

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a record whose arguments do not fit its format: its text, and them
            message = f"{record.msg} {record.args!r}"
        if record.name == "aiohttp.access":
            message = _QUERY.sub("?…", message)
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and _bad_request(exc):
            message += f" ({getattr(exc, 'code', 400)}, {type(exc).__name__}: a malformed request)"
            record.exc_info, record.exc_text = None, None
        elif exc is not None:
            if self._holds_secret(_messages(exc)):
                message += f" ({type(exc).__name__}; its traceback is left out: it holds an access token)"
                record.exc_info, record.exc_text = None, None
        record.msg, record.args = self.scrub(message), ()
        return True


def _messages(exc: BaseException) -> str:
    """What a traceback says of its exceptions (not its source lines): each of the chain's messages."""
    seen: list[BaseException] = []
    e: BaseException | None = exc
    while e is not None and e not in seen and len(seen) < 20:
        seen.append(e)
        e = e.__cause__ or e.__context__
    return "".join("".join(traceback.format_exception_only(type(e), e)) for e in seen)


def _bad_request(exc: BaseException) -> bool:
    """aiohttp's parser refused what a client sent (its message holds what was sent)."""
    try:
        from aiohttp.http_exceptions import HttpProcessingError
    except ImportError:  # pragma: no cover - aiohttp comes with textual-serve
        return False
    return isinstance(exc, HttpProcessingError)


def install(tokens: Iterable[str] = ()) -> Redact:
    """Put :class:`Redact` on the root logger's handlers (after ``logging.basicConfig``), and
    have a RichHandler draw tracebacks without their local variables."""
    redact = Redact(tokens)
    for handler in logging.getLogger().handlers:
        handler.addFilter(redact)
        if hasattr(handler, "tracebacks_show_locals"):
            handler.tracebacks_show_locals = False
    return redact

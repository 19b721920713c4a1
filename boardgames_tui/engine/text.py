"""One printable line from text we did not write.

A save file, an autosave row or a typed name can hold anything: an escape
sequence that clears the terminal or sets its title, a newline that makes a
one-line refusal look like a traceback, a value of 5,000 characters.  Every
such value goes through :func:`printable` (or :func:`quoted`) before it
reaches a message, and every refusal the command line prints goes through it
once more (:func:`one_line`), so a message is always one line a terminal
shows as it is.
"""
from __future__ import annotations

FIELD_LIMIT = 40     # a value quoted inside a message
LINE_LIMIT = 300     # a whole message
ELLIPSIS = "…"

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(value: object, limit: int = FIELD_LIMIT) -> str:
    """``value`` as text with every character a terminal would act on (control
    characters, line and paragraph separators, bidi overrides: whatever
    ``str.isprintable`` refuses) escaped, ``\\n`` for a newline, and cut with
    ``…`` to at most ``limit`` characters.  An escape is never cut in half."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit and text.isprintable():
        return text                  # the common case: nothing to do
    pieces = [ch if ch.isprintable() else _escape(ch) for ch in text]
    if sum(map(len, pieces)) <= limit:
        return "".join(pieces)
    out: list[str] = []
    used = 0
    for piece in pieces:
        if used + len(piece) > limit - 1:     # keep room for the ellipsis
            break
        out.append(piece)
        used += len(piece)
    return "".join(out) + ELLIPSIS


def quoted(value: object, limit: int = FIELD_LIMIT) -> str:
    """:func:`printable` in single quotes: a value from a file, inside a message."""
    return f"'{printable(value, limit)}'"


def one_line(message: object, limit: int = LINE_LIMIT) -> str:
    """A whole message made safe to print: the last guard before a terminal."""
    return printable(message, limit)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"``; ``many`` for a plural that is not ``word + "s"``
    (``plural(n, "army", "armies")``).  One helper for every game's messages."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def cut_words(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: whole if it fits, else cut after its last whole word
    that leaves room for ``…`` ("Navigation (level 1, …", never "Navigation (level 1, 6").  A
    first word longer than the room is cut where it must be.  Counts characters (labels are plain)."""
    if len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:width]
    room = text[:width - 1]
    if text[width - 1] != " ":      # the room ends inside a word: drop that word
        cut = room.rfind(" ")
        if cut > 0:
            room = room[:cut + 1]
    return room + ELLIPSIS

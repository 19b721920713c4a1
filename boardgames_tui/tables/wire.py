"""The table protocol's messages: JSON objects, one per line, with an exact round trip.

Views are plain data, but JSON turns a tuple into a list and an int key into a string, and boards
compare targets as tuples and read dicts keyed by seat.  :func:`encode` tags both (``{"~t": [...]}``
for a tuple, ``{"~d": [[k, v], ...]}`` for a dict with a key that is not a string), so that
``decode(encode(x)) == x`` for every view a game gives (tests/tables/test_wire.py).

Every message is one line of at most :data:`MAX_LINE` bytes; a longer or malformed one ends the
connection with one line.  :data:`VERSION` is the protocol's: a client and a server of different
versions refuse each other in the hello.
"""
from __future__ import annotations

import json
from typing import Any

VERSION = 1
MAX_LINE = 8 * 1024 * 1024   # a Civilization view is about 60 KB; a whole game's record about 100 KB
_TUPLE, _DICT = "~t", "~d"


class WireError(ValueError):
    """A message that is not one: one line for people."""


def _enc(x: Any) -> Any:
    if isinstance(x, tuple):
        return {_TUPLE: [_enc(v) for v in x]}
    if isinstance(x, list):
        return [_enc(v) for v in x]
    if isinstance(x, dict):
        if all(isinstance(k, str) and k not in (_TUPLE, _DICT) for k in x):
            return {k: _enc(v) for k, v in x.items()}
        return {_DICT: [[_enc(k), _enc(v)] for k, v in x.items()]}
    if isinstance(x, (set, frozenset)):
        return [_enc(v) for v in sorted(x, key=repr)]
    return x


def _dec(x: Any) -> Any:
    if isinstance(x, list):
        return [_dec(v) for v in x]
    if isinstance(x, dict):
        if len(x) == 1 and _TUPLE in x:
            return tuple(_dec(v) for v in x[_TUPLE])
        if len(x) == 1 and _DICT in x:
            return {_key(_dec(k)): _dec(v) for k, v in x[_DICT]}
        return {k: _dec(v) for k, v in x.items()}
    return x


def _key(k: Any) -> Any:
    return tuple(k) if isinstance(k, list) else k


def encode(msg: dict) -> bytes:
    """One message as one line (ends with a newline)."""
    return (json.dumps(_enc(msg), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
            + "\n").encode()


def decode(line: bytes | str) -> dict:
    if len(line) > MAX_LINE:
        raise WireError("a message over the size limit")
    try:
        msg = _dec(json.loads(line))
    except (ValueError, RecursionError, TypeError):
        raise WireError("a message that is not JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
        raise WireError("a message without a type")
    return msg


__all__ = ["MAX_LINE", "VERSION", "WireError", "decode", "encode"]

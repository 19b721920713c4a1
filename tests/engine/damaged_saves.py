"""Damaged save files made from a good one, for the refusal tests.

Each text field gets an escape sequence (clear the screen, set the window
title, ring the bell), a newline followed by a fake traceback line, and a value
of 5,000 characters; the structure gets wrong types and truncations.  Every
one of them must be refused with one printable line.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from collections.abc import Callable, Iterator

ESCAPES = "\u001b[2J\u001b]0;pwn\u0007"
FAKE_TRACEBACK = "x\nTraceback (most recent call last):\n  File \"y\""
LONG = "a" * 5000
BAD_TEXTS = {"escapes": ESCAPES, "newlines": FAKE_TRACEBACK, "long": LONG,
             "bidi": "\u202egnp.exe", "line separator": "a\u2028b"}


def _set(path: tuple, value) -> Callable[[dict], None]:
    def put(d: dict) -> None:
        target = d
        for p in path[:-1]:
            target = target[p]
        last = path[-1]
        if callable(last):
            last = last(target)
        target[last] = value
    return put


def _text_fields(data: dict) -> dict[str, Callable[[object], Callable[[dict], None]]]:
    """Every text field of a save file: how to put a value in it."""
    fields: dict[str, Callable[[object], Callable[[dict], None]]] = {
        "format": lambda v: _set(("format",), v),
        "format_version": lambda v: _set(("format_version",), v),
        "game": lambda v: _set(("game",), v),
        "rules_version": lambda v: _set(("rules_version",), v),
        "option name": lambda v: (lambda d: d["options"].__setitem__(v if isinstance(v, str) else str(v), "x")),
        "seat name": lambda v: _set(("players", 0, "name"), v),
        "seat colour": lambda v: _set(("players", 0, "colour"), v),
        "seat kind": lambda v: _set(("players", 0, "kind"), v),
        "seat level": lambda v: _set(("players", 0, "level"), v),
        "seed": lambda v: _set(("seed",), v),
        "created": lambda v: _set(("created",), v),
        "open_info": lambda v: _set(("open_info",), v),
        "auto_forced": lambda v: _set(("auto_forced",), v),
        # A choice key early in the game and the very last one (a full replay).
        "choice key 4": lambda v: _set(("choices", 3), v[:200] if isinstance(v, str) else v),
        "last choice key": lambda v: _set(("choices", lambda c: len(c) - 1), v[:200] if isinstance(v, str) else v),
    }
    if data.get("options"):
        name = next(iter(data["options"]))
        fields["option value"] = lambda v: _set(("options", name), v)
    return fields


def damaged(base: Path) -> Iterator[tuple[str, bytes]]:
    """(what was damaged, the file's bytes) for every damage made from ``base``."""
    raw = base.read_bytes()
    data = json.loads(raw)
    for field, put in _text_fields(data).items():
        for label, value in BAD_TEXTS.items():
            d = copy.deepcopy(data)
            put(value)(d)
            yield f"{field}: {label}", json.dumps(d).encode()
        for label, value in {"a list": [ESCAPES], "an object": {"k": ESCAPES}, "null": None}.items():
            if field == "option name" or (field == "created" and value is None):
                continue            # a null 'created' is allowed: "unknown"
            d = copy.deepcopy(data)
            put(value)(d)
            yield f"{field}: {label}", json.dumps(d).encode()
    for cut in (1, len(raw) // 3, len(raw) // 2, len(raw) - 2):
        yield f"truncated at {cut}", raw[:cut]
    yield "not UTF-8", raw[:50] + b"\xff\xfe" + raw[50:]
    yield "a list at the top", json.dumps([data]).encode()
    yield "choices with an escape in a nested list", json.dumps(
        {**data, "choices": data["choices"][:3] + [[ESCAPES]]}).encode()

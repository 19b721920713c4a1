"""How a saved game is named on screen: its game's title, its date, its players.

Shared by the autosave list (``screens/saves.py``) and the Load dialog's file
list (``screens/dialogs.py``), which would otherwise import each other.
"""
from __future__ import annotations

import time

from ..engine.registry import GAMES
from ..engine.text import printable


def game_title(name: str) -> str:
    """A game's title, or its name when it is unknown or broken."""
    try:
        return GAMES[name].title
    except Exception:  # noqa: BLE001 - unknown or broken game: show its name
        return printable(name)


def when(t: float) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))
    except (OverflowError, OSError, ValueError):
        return "unknown date"


def players_text(names: list[str], budget: int) -> str:
    """The names, comma-separated, within ``budget`` cells: the names that do
    not fit become "+N more" (never a name cut in the middle)."""
    budget = max(budget, 12)
    full = ", ".join(names)
    if len(full) <= budget:
        return full
    shown: list[str] = []
    for i, n in enumerate(names):
        more = f" +{len(names) - i - 1} more" if i < len(names) - 1 else ""
        if len(", ".join(shown + [n])) + len(more) > budget:
            break
        shown.append(n)
    rest = len(names) - len(shown)
    head = ", ".join(shown)
    return f"{head} +{rest} more" if head else f"{len(names)} players"

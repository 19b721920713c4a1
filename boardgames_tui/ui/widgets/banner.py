"""The whose-turn banner: name, letter and symbol in the seat's colour."""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ..theme import colour, seat_letter


class TurnBanner(Static):
    """One line: ``● A Alice (red) decides — Round 2 · feed``.  When it is too long for the bar, the
    part before the status is cut with ``…``, so the status (the game and its round) stays whole."""

    DEFAULT_CSS = """
    TurnBanner { height: 1; width: 1fr; padding: 0 1; background: $panel; }
    """

    _shown: tuple[tuple, dict[str, Any]] | None = None

    def show_turn(self, index: int | None, name: str = "", colour_name: str = "white", *,
                  bot: bool = False, status: str = "", note: str = "") -> None:
        self._shown = ((index, name, colour_name), {"bot": bot, "status": status, "note": note})
        t = Text(no_wrap=True, overflow="ellipsis")
        if index is None:
            t.append(note or "Game over", style="bold")
        else:
            c = colour(colour_name)
            t.append(f" {c.symbol} {seat_letter(index)} {name} ",
                     style=Style(color="black", bgcolor=c.hex, bold=True))
            t.append(f" ({c.name}{', bot' if bot else ''})", style=Style(color=c.hex))
            t.append(" to decide", style="bold")
            if note:
                t.append(f" {note}", style="bold")
        if status:
            tail = Text("  │ " + status, style="dim")
            room = self.content_size.width - tail.cell_len
            if self.content_size.width and t.cell_len > room > 1:
                t.truncate(room, overflow="ellipsis")
            t.append_text(tail)
        self.update(t)

    def on_resize(self) -> None:
        if self._shown is not None:
            args, kw = self._shown
            self.show_turn(*args, **kw)

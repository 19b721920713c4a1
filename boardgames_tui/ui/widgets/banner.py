"""The whose-turn banner: name, letter and symbol in the seat's colour."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ..theme import colour, seat_letter


class TurnBanner(Static):
    """One line: ``● A Alice (red) decides — Round 2 · feed``."""

    DEFAULT_CSS = """
    TurnBanner { height: 1; width: 1fr; padding: 0 1; background: $panel; }
    """

    def show_turn(self, index: int | None, name: str = "", colour_name: str = "white", *,
                  bot: bool = False, status: str = "", note: str = "") -> None:
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
            t.append("  │ " + status, style="dim")
        self.update(t)

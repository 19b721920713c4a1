"""The hand-off curtain shown between two human players' private decisions."""
from __future__ import annotations

from rich.align import Align
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from ..theme import colour, seat_letter


class Curtain(Static):
    """Full-area notice ``Pass to <name> (<colour>) — press Enter``.

    It renders nothing about the position; the game screen does not render
    the next player's private view until Enter is pressed."""

    DEFAULT_CSS = """
    Curtain { width: 1fr; height: 1fr; content-align: center middle; background: $background; }
    """
    can_focus = True

    def show_for(self, index: int, name: str, colour_name: str, why: str = "") -> None:
        """``why``: the decision's prompt, which is public by contract
        (``engine.core.Decision``), so it may stand on the curtain."""
        c = colour(colour_name)
        t = Text(justify="center")
        t.append("Pass the keyboard to\n\n", style="bold")
        t.append(f"  {c.symbol} {seat_letter(index)}  {name}  ({c.name})  ",
                 style=Style(color="black", bgcolor=c.hex, bold=True))
        if why:
            t.append(f"\n\nNext: {why}")
        t.append("\n\nEveryone else: look away.\n\n", style="italic")
        t.append("Press Enter when ready", style="bold reverse")
        self.update(Align.center(t, vertical="middle"))

    def on_click(self) -> None:
        lift = getattr(self.screen, "lift_curtain", None)
        if lift is not None:
            lift()

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

    def show_for(self, index: int, name: str, colour_name: str, why: str = "", *,
                 holds: bool = False, undo: str = "") -> None:
        """``why``: the decision's prompt, which is public by contract
        (``engine.core.Decision``), so it may stand on the curtain.  ``holds``: the player made
        the last choice here and has the keyboard already (it was a public decision, so the screen
        showed nobody's cards): no "pass the keyboard".  ``undo``: whose last choice ``u`` takes
        back from here ("" when none may be)."""
        c = colour(colour_name)
        t = Text(justify="center")
        t.append("Your private cards come next,\n\n" if holds else "Pass the keyboard to\n\n", style="bold")
        t.append(f"  {c.symbol} {seat_letter(index)}  {name}  ({c.name})  ",
                 style=Style(color="black", bgcolor=c.hex, bold=True))
        if why:
            t.append(f"\n\nNext: {why}")
        t.append("\n\nEveryone else: look away.\n\n", style="italic")
        t.append("Press Enter when ready", style="bold reverse")
        if undo:
            t.append(f"\n\nu takes back {undo}'s last choice", style="dim")
        self.update(Align.center(t, vertical="middle"))

    def on_click(self) -> None:
        lift = getattr(self.screen, "lift_curtain", None)
        if lift is not None:
            lift()

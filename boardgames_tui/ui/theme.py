"""Seat colours, letters and symbols shared by every screen.

Meaning never rests on colour alone: every seat also has a letter (A, B, ...)
and a symbol that goes with its colour, and both are shown beside the name.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text


@dataclass(frozen=True)
class SeatColour:
    name: str
    hex: str
    symbol: str


# The fixed palette offered in the new-game form (order = default order).
PALETTE: tuple[SeatColour, ...] = (
    SeatColour("red", "#ff5f5f", "●"),
    SeatColour("blue", "#5f9fff", "■"),
    SeatColour("green", "#5fd75f", "▲"),
    SeatColour("yellow", "#ffd75f", "◆"),
    SeatColour("magenta", "#ff87ff", "★"),
    SeatColour("cyan", "#5fffff", "✚"),
    SeatColour("orange", "#ffaf5f", "♦"),
    SeatColour("white", "#e4e4e4", "○"),
)
_BY_NAME = {c.name: c for c in PALETTE}


def colour(name: str) -> SeatColour:
    """The palette entry for a colour name (unknown names fall back to white)."""
    return _BY_NAME.get(str(name).lower(), _BY_NAME["white"])


def seat_colour(seats: list, p: int) -> str:
    """The colour name of seat ``p`` (white when there is no such seat)."""
    return seats[p].colour if 0 <= p < len(seats) else "white"


def seat_letter(index: int) -> str:
    return chr(ord("A") + index) if 0 <= index < 26 else str(index + 1)


def seat_tag(index: int, name: str, colour_name: str, *, bold: bool = True) -> Text:
    """``● A Alice`` in the seat's colour: symbol, letter and name."""
    c = colour(colour_name)
    return Text(f"{c.symbol} {seat_letter(index)} {name}",
                style=Style(color=c.hex, bold=bold))


def seat_style(colour_name: str) -> Style:
    return Style(color=colour(colour_name).hex)

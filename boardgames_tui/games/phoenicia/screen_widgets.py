"""Pieces of the Phoenicia board: the spots the cursor can stand on, and the
text of the tracks, the tiles and the status lines.

Everything here reads the Phoenicia ``view`` dict (docs/phoenicia-api.md) and
the seats; nothing reads the state.  Seats are always shown by symbol and
letter (``● A``) as well as by colour.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.containers import Container
from textual.widgets import Static

from ...ui.theme import colour, seat_colour, seat_letter
from ...ui.widgets.cursor_board import Pickable
from ...ui.widgets.quiet import set_text, set_title

STEPS = {"a": "step a: auctions", "b": "step b: workers", "c": "step c: tools and wealth"}
WORKER, DISC, EMPTY = "W", "o", "·"
END_VP = 32  # the score line (rules: data.END_VP); only drawn, never decided here


# -- seats ----------------------------------------------------------------------------

def tag(seats: list[Any], p: int, name: str | None = None, *, bold: bool = True) -> Text:
    """``●A`` (or ``● A Ada`` with a name) in the seat's colour."""
    c = colour(seat_colour(seats, p))
    text = f"{c.symbol}{seat_letter(p)}" if name is None else f"{c.symbol} {seat_letter(p)} {name}"
    return Text(text, style=Style(color=c.hex, bold=bold))


def tags(seats: list[Any], players: list[int], sep: str = " ") -> Text:
    t = Text()
    for n, p in enumerate(players):
        if n:
            t.append(sep)
        t.append_text(tag(seats, p))
    return t


# -- text pieces ------------------------------------------------------------------------

def short_tile_name(name: str) -> str:
    """"Improved Hunting" -> "Hunting+", "Advanced Mining" -> "Mining++"."""
    if name.startswith("Improved "):
        return name[len("Improved "):] + "+"
    if name.startswith("Advanced "):
        return name[len("Advanced "):] + "++"
    return name


def tile_text(tile: dict) -> Text:
    """One village tile: ``Hunting+  W W o · · ·  makes 3, next free``."""
    t = Text()
    t.append(f"{short_tile_name(tile['name']):<9} ", style="bold")
    marks = {"worker": WORKER, "disc": DISC, "empty": EMPTY}
    for i, sp in enumerate(tile["spaces"]):
        t.append(" " if i else "")
        t.append(marks.get(sp, "?"), style="bold" if sp == "worker" else ("" if sp == "disc" else "dim"))
    made = sum(v for v, sp in zip(tile["production"], tile["spaces"]) if sp == "worker")
    t.append(f" makes {made}", style="bold" if made else "")
    if tile["workers"] < len(tile["spaces"]):
        nxt = "free" if tile["discs"] else str(tile["cost"])
        t.append(f", next {nxt}")
    return t


def space_values(tile: dict) -> str:
    """"1" when every space makes the same, else "1,2" (the repeating pattern)."""
    vals = tile["production"]
    if len(set(vals)) == 1:
        return str(vals[0])
    return ",".join(str(v) for v in vals[:2])


def track_text(label: str, values: list[tuple[int, int]], seats: list[Any], width: int,
               end: int | None = None, low: int = 20) -> Text:
    """A track as two lines: the bar with each player's marker, then the exact
    values.  ``values`` holds (player, value); markers that share a space show
    how many share it (the second line tells who)."""
    top = max([end or 0, low] + [v for _, v in values])
    bar_w = max(10, width - len(label) - 1)
    scale = min(1.0, (bar_w - 1) / top) if top else 1.0
    cells: dict[int, list[int]] = {}
    for p, v in values:
        cells.setdefault(int(max(0, v) * scale), []).append(p)
    end_at = int(end * scale) if end is not None else None
    ticks = {int(k * scale) for k in range(5, top + 1, 5)}  # a tick every 5 points
    t = Text(no_wrap=True, overflow="crop")
    t.append(label + " ", style="bold")
    last = int(top * scale)
    for x in range(last + 1):
        here = cells.get(x)
        if here and len(here) == 1:
            p = here[0]
            c = colour(seat_colour(seats, p))
            t.append(c.symbol, style=Style(color=c.hex, bold=True))
        elif here:
            t.append(str(min(9, len(here))), style="bold reverse")
        elif end_at is not None and x == end_at:
            t.append("│", style="bold")
        else:
            t.append("┊" if x in ticks else "·", style="dim")
    if end is not None:
        t.append(f" {end}", style="bold")
    t.append("\n" + " " * (len(label) + 1))
    for n, (p, v) in enumerate(sorted(values, key=lambda pv: (-pv[1], pv[0]))):
        if n:
            t.append("  ")
        t.append_text(tag(seats, p))
        t.append(f" {v}")
    return t


# -- widgets --------------------------------------------------------------------------

class Spot(Pickable, Static):
    """Something on the board the cursor can stand on (a card, a tile, ...).

    ``target`` is the ``Option.target`` it stands for (None: not pickable).
    The board calls :meth:`show` with the content and :meth:`mark` with the
    cursor and target marks."""

    def __init__(self, target: tuple | None, content: Text | str = "", **kw) -> None:
        super().__init__(**kw)
        self.target = target
        self.body = content
        self.marks = ""

    def on_mount(self) -> None:
        self._paint()

    def show(self, target: tuple | None, content: Text | str, title: str = "") -> None:
        self.target = target
        self.body = content
        self.heading = title
        self._paint()

    def mark(self, marks: str, *, target: bool, cursor: bool, selected: bool = False) -> None:
        self.set_class(target, "-target")
        self.set_class(cursor, "-cursor")
        self.set_class(selected, "-selected")
        if marks != self.marks:
            self.marks = marks
            self._paint(layout=False)  # the marks alone never change a spot's size

    def _paint(self, layout: bool = True) -> None:
        raise NotImplementedError


class CardSpot(Spot):
    """A bordered card: the marks and the name are the border title (a mark
    in the text could re-wrap it: a layout pass on every cursor move)."""

    DEFAULT_CSS = """
    CardSpot { width: 1fr; height: auto; border: round $panel-lighten-2; padding: 0 1; }
    CardSpot.-target { border: heavy $success; }
    CardSpot.-selected { border: double $warning; }
    CardSpot.-cursor { background: $accent 30%; border: double $accent; }
    """

    heading: str = ""

    def _paint(self, layout: bool = True) -> None:
        set_text(self, self.body)
        set_title(self, f"{self.marks} {self.heading}".strip())


class LineSpot(Spot):
    """One line of a village (a tile, the training ground): the marks are a
    two-character prefix (a change of them keeps the length).  A line too
    long for the column wraps at a word, never cut with "…"."""

    DEFAULT_CSS = """
    LineSpot { width: 1fr; height: auto; }
    LineSpot.-target { text-style: bold; }
    LineSpot.-cursor { background: $accent 40%; }
    """

    heading: str = ""

    def _paint(self, layout: bool = True) -> None:
        t = Text()
        t.append(f"{self.marks:<2}", style="bold")
        t.append_text(self.body if isinstance(self.body, Text) else Text(str(self.body)))
        set_text(self, t, layout=layout)


class SpotGrid(Container):
    """Spots in rows that wrap to the width (columns set by the board)."""

    DEFAULT_CSS = """
    SpotGrid { layout: grid; grid-size: 2; grid-gutter: 0 1; height: auto; grid-rows: auto; }
    """

    def __init__(self, cell_width: int, **kw) -> None:
        super().__init__(**kw)
        self.cell_width = cell_width
        self.columns = 2

    def fit(self, width: int) -> None:
        gutter = self.styles.grid_gutter_horizontal
        cols = max(1, (width + gutter) // (self.cell_width + gutter))
        if cols != self.columns or self.styles.grid_size_columns != cols:
            self.columns = cols
            self.styles.grid_size_columns = cols

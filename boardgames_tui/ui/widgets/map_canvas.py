"""A map drawn with Textual's line API: regions of cells, a cursor that moves
by direction, mouse picking, the decision's targets marked, and a legend.

:class:`MapCanvas` is a :class:`~textual.scroll_view.ScrollView`.  It is given
a *map description*: a list of :class:`MapRegion` (an id, the cells it owns,
a label, lines of text, the ``Option.target`` tuples that select it).  It
knows nothing of any game; a game's board builds the regions from its view.

* Lines are rendered by :meth:`MapCanvas.render_line` from a cache of full
  width :class:`~textual.strip.Strip` (one per line of the map), invalidated
  per line: a cursor move repaints the lines of the old and of the new cursor
  region only (unless the view has to scroll to follow it).
* ``set_map`` compares the new regions with the old ones and repaints only the
  lines of the regions that changed.
* Arrows move the cursor to the nearest pickable region in that
  direction (by region centres, in a cone first), so the map need not be a
  grid.  Enter/Space or a click posts :class:`BoardWidget.TargetPicked` with
  what the region stands for; a move posts :class:`BoardWidget.TargetHovered`.
* Marks never rest on colour alone: the cursor is ``▶`` (and a double border),
  a target of the current decision ``◆`` (and a heavy border), the option
  highlighted in the option list ``▷``.

:class:`MapBoard` is a :class:`BoardWidget` built around one canvas, with a
header above and a line describing the cursor's region below; a game's board
derives from it and supplies :meth:`MapBoard.build_map` and friends.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from ...engine.core import Option
from ..later import after_refresh
from .board import BoardWidget, QuietFocus

CURSOR_MARK = "▶"
TARGET_MARK = "◆"
HIGHLIGHT_MARK = "▷"

Cell = tuple[int, int]
# Box characters: (top-left, top, top-right, side, bottom-left, bottom-right)
BOX_NORMAL = ("╭", "─", "╮", "│", "╰", "╯")
BOX_TARGET = ("┏", "━", "┓", "┃", "┗", "┛")
BOX_CURSOR = ("╔", "═", "╗", "║", "╚", "╝")

DIRECTIONS: dict[str, tuple[int, int]] = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}

_CONSOLE = Console(width=1000, color_system="truecolor", legacy_windows=False, force_terminal=True)


def as_text(value: str | Text) -> Text:
    return value if isinstance(value, Text) else Text(str(value))


def cut_lines(lines: list[Text], room: int) -> Text:
    """``lines`` joined one under another, each cut to ``room`` cells with an ellipsis: a strip of
    summary lines (a player's position) that must never wrap and push the board down."""
    out = Text()
    for k, line in enumerate(lines):
        if k:
            out.append("\n")
        if line.cell_len > room:
            line = line.copy()
            line.truncate(room - 1)
            line.append("…")
        out.append_text(line)
    return out


def wrap_text(text: str | Text, width: int) -> list[Text]:
    """``text`` broken into lines of at most ``width`` cells (at spaces where it can)."""
    t = as_text(text)
    if width <= 0:
        return [t]
    out: list[Text] = []
    for line in t.split("\n", allow_blank=True):
        out.extend(line.wrap(_CONSOLE, width, overflow="fold") or [Text("")])
    for line in out:
        line.rstrip()
    return out


@dataclass(eq=True)
class MapRegion:
    """A named area of the map.

    ``cells`` are the (x, y) terminal cells it owns (for drawing and picking);
    :meth:`rect` builds a rectangle.  ``box`` draws a border round its bounding
    box with the label in the top edge; otherwise the label is its first line.
    ``text`` lines follow the label (inside the border).  ``targets`` are the
    ``Option.target`` tuples it stands for (the first is its identity when
    none is a target now).  ``pickable`` False: text only, the cursor skips it.
    ``mark`` is a mark of the board's own (e.g. ``★`` selected), shown when the
    region is neither the cursor nor a target.  ``style`` is a Rich style over
    the whole region (e.g. ``"dim"``).  ``centre`` overrides the centre used for
    directional moves (e.g. an island's title rather than its middle)."""

    id: Hashable
    cells: frozenset[Cell]
    label: str | Text = ""
    text: tuple[str | Text, ...] = ()
    targets: tuple[tuple, ...] = ()
    box: bool = False
    pickable: bool = True
    mark: str = ""
    style: str = ""
    centre: tuple[float, float] | None = None
    _bounds: Region | None = field(default=None, compare=False, repr=False)

    @classmethod
    def rect(cls, id: Hashable, x: int, y: int, width: int, height: int, **kw: Any) -> MapRegion:
        cells = frozenset((cx, cy) for cy in range(y, y + height) for cx in range(x, x + width))
        return cls(id, cells, **kw)

    @property
    def bounds(self) -> Region:
        if self._bounds is None:
            if not self.cells:
                self._bounds = Region(0, 0, 0, 0)
            else:
                xs = [c[0] for c in self.cells]
                ys = [c[1] for c in self.cells]
                self._bounds = Region(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        return self._bounds

    @property
    def center(self) -> tuple[float, float]:
        if self.centre is not None:
            return self.centre
        b = self.bounds
        return (b.x + b.width / 2, b.y + b.height / 2)


class MapCanvas(QuietFocus, ScrollView, can_focus=True):
    """The map: see the module docstring."""

    # Arrows only: the letters stay the screen's commands (``l`` the log), so
    # the footer shows the same keys whichever part has focus.
    BINDINGS = [
        Binding("left", "move('left')", "Left", show=False),
        Binding("right", "move('right')", "Right", show=False),
        Binding("up", "move('up')", "Up", show=False),
        Binding("down", "move('down')", "Down", show=False),
        Binding("enter,space", "pick_cursor", "Pick", show=False),
    ]

    COMPONENT_CLASSES = {
        "map-canvas--border",
        "map-canvas--label",
        "map-canvas--target",
        "map-canvas--cursor",
        "map-canvas--cursor-fill",
        "map-canvas--highlight",
        "map-canvas--legend",
    }

    DEFAULT_CSS = """
    MapCanvas { width: 1fr; height: 1fr; scrollbar-gutter: stable; scrollbar-size-vertical: 1;
                scrollbar-size-horizontal: 1; }
    MapCanvas > .map-canvas--border { color: $panel-lighten-3; }
    MapCanvas > .map-canvas--label { text-style: bold; }
    MapCanvas > .map-canvas--target { color: $success; text-style: bold; }
    MapCanvas > .map-canvas--cursor { color: $accent; text-style: bold; }
    MapCanvas > .map-canvas--cursor-fill { background: $accent 20%; }
    MapCanvas > .map-canvas--highlight { text-style: bold underline; }
    MapCanvas > .map-canvas--legend { color: $text-muted; }
    """

    # The canvas's own marks, first in the legend (a map without a legend has none).
    MARKS_LEGEND = ((CURSOR_MARK, "cursor"), (TARGET_MARK, "a choice now"), (HIGHLIGHT_MARK, "listed option"))
    # Directional moves: a terminal cell is about twice as tall as wide.
    ASPECT = 2.0
    # A region lies "that way" when it is within this many degrees of the direction.
    CONE_DEGREES = 50.0

    class CursorMoved(Message):
        """The cursor now stands on ``region`` (None: nowhere)."""

        def __init__(self, canvas: MapCanvas, region: MapRegion | None) -> None:
            super().__init__()
            self.canvas = canvas
            self.region = region

    class WidthChanged(Message):
        """The width the map can use without a horizontal scroll changed."""

        def __init__(self, canvas: MapCanvas, width: int) -> None:
            super().__init__()
            self.canvas = canvas
            self.width = width

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._regions: list[MapRegion] = []
        self._by_id: dict[Hashable, int] = {}
        self._by_target: dict[tuple, Hashable] = {}
        self._line_regions: dict[int, list[int]] = {}
        self._map_size = Size(0, 0)
        self._legend: list[tuple[str, str]] = []
        self._legend_lines: list[Text] = []
        self._targets: set[tuple] = set()
        self._target_ids: set[Hashable] = set()
        self._cursor: Hashable | None = None
        self._highlight: Hashable | None = None
        self._strips: dict[int, Strip] = {}
        self._last_width = -1
        self._pending_scroll: tuple[Hashable, bool] | None = None
        self._blind = False
        self._last_sizes: tuple[tuple | None, bool] = (None, False)
        self.render_count = 0  # render_line calls (measured by tests and benches)
        # The map's first lines that stay at the top of the view (a board's fixed strip, such as
        # Imperial's rondel): never scrolled; the rest of the map scrolls below them.
        self.pinned = 0
        # With ``pinned``: the map lines where a row of the map starts (ascending), so that scrolling
        # never shows a row cut in half under the pinned lines.
        self.row_starts: list[int] = []

    # -- the map description ---------------------------------------------------------------
    @property
    def regions(self) -> list[MapRegion]:
        return list(self._regions)

    @property
    def map_width(self) -> int:
        """The width the map should fit in (the viewport without the scrollbar)."""
        w = self.scrollable_content_region.width
        return w if w > 0 else 0

    def set_map(self, regions: Sequence[MapRegion], legend: Sequence[tuple[str, str]] | None = None) -> None:
        """Show ``regions`` (drawn in order: a later region covers an earlier one)
        and the legend's (symbol, meaning) pairs below the map.  Only the lines
        of the regions that changed are repainted."""
        old = {r.id: r for r in self._regions}
        old_size = self._map_size
        # Built while hidden (behind the curtain), the map was laid out for a guessed width: it is
        # laid out again when the canvas has its width back (``on_resize``).
        self._blind = self.map_width == 0
        self._regions = list(regions)
        self._by_id = {r.id: i for i, r in enumerate(self._regions)}
        self._by_target = {}
        for r in self._regions:
            for t in r.targets:
                self._by_target.setdefault(t, r.id)
        self._line_regions = {}
        right = bottom = 0
        for i, r in enumerate(self._regions):
            b = r.bounds
            right, bottom = max(right, b.right), max(bottom, b.bottom)
            for y in range(b.y, b.bottom):
                self._line_regions.setdefault(y, []).append(i)
        self._map_size = Size(right, bottom)
        if legend is not None:
            self._legend = list(legend)
        dirty: set[int] = set()
        if old_size.width != self._map_size.width:
            dirty = set(range(max(old_size.height, self._map_size.height) + 2 + len(self._legend_lines)))
        else:
            for r in self._regions:
                if old.get(r.id) != r:
                    dirty.update(range(r.bounds.y, r.bounds.bottom))
                    if r.id in old:
                        dirty.update(range(old[r.id].bounds.y, old[r.id].bounds.bottom))
            for rid, r in old.items():
                if rid not in self._by_id:
                    dirty.update(range(r.bounds.y, r.bounds.bottom))
            if old_size.height != self._map_size.height:
                # Only the lines below the shorter map move: the legend (a panel that grew below the
                # map has changed, so its lines are in already).
                low, high = sorted((old_size.height, self._map_size.height))
                dirty.update(range(low, high + 2 + len(self._legend_lines)))
        old_width = self.virtual_size.width
        self._target_ids = self._ids_for(self._targets)
        if self._cursor not in self._by_id:
            self._cursor = None
        if self._highlight not in self._by_id:
            self._highlight = None
        self._wrap_legend(dirty)
        self._update_virtual_size()
        if self.virtual_size.width != old_width:
            # every line is drawn as wide as the map and its legend
            dirty.update(range(self.virtual_size.height + 1), self._strips)
        self._invalidate(dirty)

    def _update_virtual_size(self) -> None:
        legend = len(self._legend_lines)
        height = self._map_size.height + (legend + 1 if legend else 0)
        width = max([self._map_size.width] + [t.cell_len for t in self._legend_lines])
        self.virtual_size = Size(width, height)

    def _wrap_legend(self, dirty: set[int]) -> None:
        width = self.map_width or 40
        line = Text("Key ", style="bold")
        entries = list(self.MARKS_LEGEND) + self._legend
        for i, (sym, meaning) in enumerate(entries):
            if i:
                line.append(" · ")
            line.append(sym, style="bold")
            line.append(f" {meaning}")
        lines = wrap_text(line, width) if self._legend else []
        if lines != self._legend_lines:
            top = self._map_size.height
            dirty.update(range(top, top + 1 + max(len(lines), len(self._legend_lines))))
            self._legend_lines = lines

    # -- the target index ----------------------------------------------------------------------
    def get_region(self, region_id: Hashable | None) -> MapRegion | None:
        i = self._by_id.get(region_id) if region_id is not None else None
        return self._regions[i] if i is not None else None

    def region_for_target(self, target: tuple | None) -> MapRegion | None:
        """The region that stands for ``target`` (an ``Option.target``), or None."""
        if target is None:
            return None
        return self.get_region(self._by_target.get(target))

    def region_at(self, x: int, y: int) -> MapRegion | None:
        """The topmost region owning the map cell (x, y)."""
        for i in reversed(self._line_regions.get(y, [])):
            if (x, y) in self._regions[i].cells:
                return self._regions[i]
        return None

    def target_of(self, region: MapRegion | None) -> tuple | None:
        """What picking ``region`` aims at: its first target the decision offers, else its first."""
        if region is None or not region.targets:
            return None
        return next((t for t in region.targets if t in self._targets), region.targets[0])

    def is_target(self, region: MapRegion | None) -> bool:
        return region is not None and region.id in self._target_ids

    def _ids_for(self, targets: Iterable[tuple]) -> set[Hashable]:
        return {self._by_target[t] for t in targets if t in self._by_target}

    # -- state: targets, cursor, highlight ----------------------------------------------------
    @property
    def cursor(self) -> Hashable | None:
        return self._cursor

    @property
    def cursor_region(self) -> MapRegion | None:
        return self.get_region(self._cursor)

    @property
    def highlight(self) -> Hashable | None:
        return self._highlight

    def cursor_shown(self) -> bool:
        """The cursor is drawn while there are targets or the canvas has focus."""
        return bool(self._targets) or self.has_focus

    def set_targets(self, targets: Iterable[tuple]) -> None:
        """Mark the regions of the current decision's targets (``Option.target``)."""
        new_targets = set(targets)
        new_ids = self._ids_for(new_targets)
        shown_before = self.cursor_shown()
        changed = new_ids ^ self._target_ids
        self._targets = new_targets
        self._target_ids = new_ids
        if shown_before != self.cursor_shown() and self._cursor is not None:
            changed.add(self._cursor)
        self._refresh_regions(changed)

    def place_cursor(self, highlight: tuple | None = None) -> None:
        """On the highlighted option's region; else it stays unless its region is
        gone or it is off the targets while some are on the map: then the first
        target, else the first pickable region."""
        pickable = [r.id for r in self._regions if r.pickable]
        hl = self.region_for_target(highlight)
        if hl is not None and hl.pickable:
            new = hl.id
        elif self._cursor in pickable and not (self._target_ids and self._cursor not in self._target_ids):
            new = self._cursor
        else:
            legal = [rid for rid in pickable if rid in self._target_ids]
            new = legal[0] if legal else (pickable[0] if pickable else None)
        self._set_highlight_id(hl.id if hl is not None else None)
        self.move_cursor_to(new, scroll=False, announce=False)

    def set_highlight(self, target: tuple | None) -> None:
        """The option highlighted in the option list aims at ``target``: mark its
        region and bring the cursor there."""
        r = self.region_for_target(target)
        self._set_highlight_id(r.id if r is not None else None)
        if r is not None and r.pickable and r.id != self._cursor:
            self.move_cursor_to(r.id, announce=False)

    def _set_highlight_id(self, rid: Hashable | None) -> None:
        if rid != self._highlight:
            old, self._highlight = self._highlight, rid
            # Only a region that looks different is repainted: the cursor's
            # region looks the same whether the list highlights it or not.
            self._refresh_regions({x for x in (old, rid) if x is not None
                                   and self._state(self.get_region(x)) != self._state_without(x, old, rid)})

    def _state_without(self, rid: Hashable, old: Hashable | None, new: Hashable | None) -> str:
        """The state region ``rid`` was drawn with before the highlight moved from ``old`` to ``new``."""
        saved, self._highlight = self._highlight, old
        try:
            r = self.get_region(rid)
            return self._state(r) if r is not None else ""
        finally:
            self._highlight = saved

    def move_cursor_to(self, region_id: Hashable | None, *, scroll: bool = True, announce: bool = True) -> None:
        """Put the cursor on a region: repaint its lines and the old cursor's, follow it."""
        if region_id is not None and region_id not in self._by_id:
            return
        if region_id != self._cursor:
            old, self._cursor = self._cursor, region_id
            self._refresh_regions({old, region_id})
            self.post_message(self.CursorMoved(self, self.cursor_region))
            if announce:
                self.post_message(BoardWidget.TargetHovered(self.target_of(self.cursor_region)))
        if scroll and region_id is not None:
            self.scroll_to_map_region(region_id)

    # -- directional moves ---------------------------------------------------------------------
    def neighbour(self, region_id: Hashable | None, direction: str) -> Hashable | None:
        """The nearest pickable region from ``region_id`` that way, by region centres:

        1. a region whose centre lies ahead and within the current region's
           span across the direction (its "beam": the same row of districts for
           left and right), the nearest ahead;
        2. else the nearest (a cell's height counting ``ASPECT`` widths) within
           ``CONE_DEGREES`` of the direction;
        3. else the one ahead whose sideways offset costs least.

        None when nothing lies that way."""
        start = self.get_region(region_id)
        if start is None:
            return None
        dx, dy = DIRECTIONS[direction]
        cx, cy = start.center
        sb = start.bounds
        lo, hi = (sb.y, sb.bottom) if dx else (sb.x, sb.right)
        cone = math.tan(math.radians(self.CONE_DEGREES))
        best: list[tuple[float, float, Hashable] | None] = [None, None, None]
        for r in self._regions:
            if not r.pickable or r.id == start.id:
                continue
            x, y = r.center
            vx, vy = x - cx, (y - cy) * self.ASPECT
            along = vx * dx + vy * dy
            across = abs(vx * dy - vy * dx)
            if along <= 0.25:
                continue
            if lo <= (y if dx else x) < hi:
                tier, score = 0, along
            elif across <= along * cone:
                tier, score = 1, math.hypot(vx, vy)
            else:
                tier, score = 2, along + 3 * across
            entry = (score, across, r.id)
            if best[tier] is None or entry[:2] < best[tier][:2]:  # type: ignore[index]
                best[tier] = entry
        found = next((e for e in best if e is not None), None)
        return found[2] if found else None

    def action_move(self, direction: str) -> None:
        if self._cursor is None:
            first = next((r.id for r in self._regions if r.pickable), None)
            self.move_cursor_to(first)
            return
        nxt = self.neighbour(self._cursor, direction)
        if nxt is not None:
            self.move_cursor_to(nxt)

    def action_pick_cursor(self) -> None:
        target = self.target_of(self.cursor_region)
        if target is not None:
            self.post_message(BoardWidget.TargetPicked(target))

    # -- scrolling and the mouse ----------------------------------------------------------------
    def scroll_to_map_region(self, region_id: Hashable, *, center: bool = False, animate: bool = False) -> None:
        """Scroll so that the region (its top-left first, when it is bigger than the view) is visible."""
        r = self.get_region(region_id)
        if r is None:
            return
        b = r.bounds
        view = self.scrollable_content_region
        if view.width <= 0 or view.height <= 0:
            # Not laid out (hidden behind the hand-off curtain): scrolled now it would land anywhere;
            # done when the map has its size again (``on_resize``).
            self._pending_scroll = (region_id, center)
            return
        self._pending_scroll = None
        if self.pinned:
            self._scroll_below_pinned(b, center, animate)
            return
        if Region(int(self.scroll_x), int(self.scroll_y), view.width, view.height).contains_region(b):
            return  # in view already: no scroll, so the scrollbars are not painted again
        if b.right <= view.width:
            # It fits without a sideways scroll: show the map's left edge too,
            # so that lines never start cut after a wide region was in view.
            b = Region(0, b.y, b.right, b.height)
        self.scroll_to_region(b, animate=animate, center=center, immediate=True,
                              spacing=Spacing(0, 0, 0, 0))

    def _scroll_below_pinned(self, b: Region, center: bool, animate: bool) -> None:
        """Scroll so that ``b`` shows in the part of the view under the pinned lines (a pinned region
        is always in view)."""
        p = self.pinned
        if b.bottom <= p:
            return
        view = self.scrollable_content_region
        x, y = int(self.scroll_x), int(self.scroll_y)
        h = max(1, view.height - p)                  # the scrolled part: map lines y + p .. y + view.height
        whole = not self.row_starts or y == 0 or y + p in self.row_starts or y + p >= self.row_starts[-1]
        if Region(x, y + p, view.width, h).contains_region(b) and whole:
            return
        if center:
            x = b.x + b.width // 2 - view.width // 2
            y = b.y + b.height // 2 - p - h // 2
        else:
            x = min(max(x, b.right - view.width), b.x)
            y = min(max(y, b.bottom - view.height), b.y - p)
        if b.right <= view.width:
            x = 0
        y = max(0, min(y, self.max_scroll_y))
        starts = [r - p for r in self.row_starts if 0 <= r - p <= y]
        if starts and y + p < self.row_starts[-1]:
            snapped = starts[-1]                    # the row under the pinned lines shown whole
            later = [r - p for r in self.row_starts if snapped < r - p <= b.y - p]
            if snapped + view.height < b.bottom and later:
                snapped = later[0]
            y = snapped
        self.scroll_to(max(0, x), y, animate=animate, immediate=True)

    def scroll_to_cursor(self, center: bool = False) -> None:
        if self._cursor is not None:
            self.scroll_to_map_region(self._cursor, center=center)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if offset.y < self.pinned:
            x, y = offset.x, offset.y
        else:
            x, y = offset.x + int(self.scroll_x), offset.y + int(self.scroll_y)
        r = self.region_at(x, y)
        if r is None or not r.pickable or not r.targets:
            return
        event.stop()
        self.move_cursor_to(r.id, announce=False)
        self.post_message(BoardWidget.TargetPicked(self.target_of(r)))

    def _focus_changed(self, focused: bool) -> None:
        # The cursor's region is filled while the map has focus (and without
        # targets the cursor shows only then): its lines change either way.
        if self._cursor is not None:
            self._refresh_regions({self._cursor})
        if focused:
            self.scroll_to_cursor()

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        # Textual's ScrollView repaints both scrollbars on every layout pass of
        # the screen, even when nothing about the view changed (a focus change
        # lays the footer out four times).  A scrollbar is drawn one cell at a
        # time (each cell carries its mouse offset), so at 80x24 that was 6.8 KB
        # of a 19 KB focus change on Imperial's wide map.  The same sizes give
        # the same scrollbars: skip them.
        key = (size, virtual_size, container_size, self.virtual_size, layout)
        if key == self._last_sizes[0]:
            return self._last_sizes[1]
        result = super()._size_updated(size, virtual_size, container_size, layout)
        self._last_sizes = (key, result)
        return result

    def on_resize(self, event: events.Resize) -> None:
        pending, self._pending_scroll = self._pending_scroll, None
        if pending is not None:
            after_refresh(self, self.scroll_to_map_region, pending[0], center=pending[1])
        width = self.map_width
        if width != self._last_width or (self._blind and width):
            self._blind = False
            self._last_width = width
            dirty: set[int] = set()
            self._wrap_legend(dirty)
            self._invalidate(dirty)
            self._update_virtual_size()
            self.post_message(self.WidthChanged(self, width))

    # -- painting ------------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def _invalidate(self, lines: Iterable[int]) -> None:
        """Forget the cached strips of these map lines and repaint those on screen."""
        lines = sorted(set(lines))
        for y in lines:
            self._strips.pop(y, None)
        if not self.is_mounted:
            return
        top, height = int(self.scroll_y), self.size.height
        p = self.pinned
        for y in lines:
            if y < p and y < height:
                self.refresh(Region(0, y, self.size.width, 1))
        shown = [y for y in lines if top + p <= y < top + height]
        start = 0
        for i in range(1, len(shown) + 1):  # one refresh per run of consecutive lines
            if i == len(shown) or shown[i] != shown[i - 1] + 1:
                self.refresh_lines(shown[start], i - start)
                start = i

    def _refresh_regions(self, ids: Iterable[Hashable | None]) -> None:
        lines: set[int] = set()
        for rid in ids:
            r = self.get_region(rid)
            if r is not None:
                lines.update(range(r.bounds.y, r.bounds.bottom))
        if lines:
            self._invalidate(lines)

    def render_line(self, y: int) -> Strip:
        self.render_count += 1
        scroll_x, scroll_y = self.scroll_offset
        if y < self.pinned:
            scroll_x = scroll_y = 0
        line = y + scroll_y
        width = self.size.width
        strip = self._strips.get(line)
        if strip is None:
            strip = self._strips[line] = self._render_map_line(line)
        return strip.crop_extend(scroll_x, scroll_x + width, self.rich_style)

    def _styles(self) -> dict[str, Style]:
        base = self.rich_style
        get = self.get_component_rich_style
        return {
            "base": base,
            "border": base + get("map-canvas--border", partial=True),
            "label": get("map-canvas--label", partial=True),
            "target": get("map-canvas--target", partial=True),
            "cursor": get("map-canvas--cursor", partial=True),
            "cursor-fill": get("map-canvas--cursor-fill", partial=True),
            "highlight": get("map-canvas--highlight", partial=True),
            "legend": base + get("map-canvas--legend", partial=True),
        }

    def _render_map_line(self, y: int) -> Strip:
        st = self._styles()
        base = st["base"]
        width = max(self.virtual_size.width, 1)
        cells: list[tuple[str, Style]] = [(" ", base)] * width
        if y < self._map_size.height:
            for i in self._line_regions.get(y, []):
                self._paint_region_row(cells, self._regions[i], y, st)
        else:
            k = y - self._map_size.height - 1
            if 0 <= k < len(self._legend_lines):
                self._put(cells, 0, width, self._legend_lines[k], st["legend"], None)
        segments: list[Segment] = []
        text, style = "", None
        for ch, s in cells:
            if s == style:
                text += ch
            else:
                if text:
                    segments.append(Segment(text, style))
                text, style = ch, s
        if text:
            segments.append(Segment(text, style))
        return Strip(segments, width)

    def _state(self, r: MapRegion) -> str:
        if r.id == self._cursor and r.pickable and self.cursor_shown():
            return "cursor"
        if r.id in self._target_ids:
            return "target"
        if r.id == self._highlight:
            return "highlight"
        return ""

    def _head(self, r: MapRegion, state: str) -> Text:
        """The mark (pickable regions keep a cell for it) and the label."""
        head = Text()
        if r.pickable:
            mark = {"cursor": CURSOR_MARK, "target": TARGET_MARK, "highlight": HIGHLIGHT_MARK}.get(state)
            head.append(mark or r.mark or " ", style="bold")
        head.append_text(as_text(r.label))
        return head

    def _paint_region_row(self, cells: list, r: MapRegion, y: int, st: dict[str, Style]) -> None:
        state = self._state(r)
        b = r.bounds
        region_style = Style.parse(r.style) if r.style else Style()
        fill = st["base"] + region_style
        if state == "cursor" and self.has_focus:
            fill = fill + st["cursor-fill"]
        xs = sorted(x for x in range(b.x, b.right) if (x, y) in r.cells)
        if not xs:
            return
        for x in xs:
            if 0 <= x < len(cells):
                cells[x] = (" ", fill)
        head_style = fill + st["label"]
        if state:
            head_style = head_style + st[state]
        owned = set(xs)
        if r.box and b.width >= 2 and b.height >= 2:
            box = BOX_CURSOR if state == "cursor" else BOX_TARGET if state == "target" else BOX_NORMAL
            edge = fill + (st[state] if state in ("cursor", "target") else st["border"])
            x0, x1 = b.x, b.right - 1
            if y == b.y:
                self._set(cells, x0, box[0], edge, owned)
                for x in range(x0 + 1, x1):
                    self._set(cells, x, box[1], edge, owned)
                self._set(cells, x1, box[2], edge, owned)
                self._put(cells, x0 + 1, x1, self._head(r, state), head_style, owned)
            elif y == b.bottom - 1:
                self._set(cells, x0, box[4], edge, owned)
                for x in range(x0 + 1, x1):
                    self._set(cells, x, box[1], edge, owned)
                self._set(cells, x1, box[5], edge, owned)
            else:
                self._set(cells, x0, box[3], edge, owned)
                self._set(cells, x1, box[3], edge, owned)
                k = y - b.y - 1
                if k < len(r.text):
                    self._put(cells, x0 + 1, x1, as_text(r.text[k]), fill, owned)
            return
        has_head = r.pickable or bool(as_text(r.label).plain)
        k = y - b.y
        if has_head and k == 0:
            self._put(cells, xs[0], b.right, self._head(r, state), head_style, owned)
        else:
            k -= has_head
            if 0 <= k < len(r.text):
                self._put(cells, xs[0] + (1 if r.pickable else 0), b.right, as_text(r.text[k]), fill, owned)

    @staticmethod
    def _set(cells: list, x: int, ch: str, style: Style, owned: set[int] | None) -> None:
        if 0 <= x < len(cells) and (owned is None or x in owned):
            cells[x] = (ch, style)

    @staticmethod
    def _put(cells: list, x: int, end: int, text: Text, style: Style, owned: set[int] | None) -> None:
        """Write ``text`` from column ``x`` (before ``end``) over ``style``."""
        end = min(end, len(cells))
        for seg in text.render(_CONSOLE, end=""):
            if seg.control:
                continue
            s = style + seg.style if seg.style else style
            for ch in seg.text:
                if x >= end:
                    return
                if ch == "\n":
                    return
                if owned is None or x in owned:
                    cells[x] = (ch, s)
                x += 1


class MapBoard(BoardWidget):
    """A game's board made of a header, a :class:`MapCanvas` and a line about
    the region under the cursor.  It keeps the :class:`BoardWidget` interface
    the game screen uses (``show``, ``set_highlight``, ``target_label``,
    :class:`BoardWidget.TargetPicked`/``TargetHovered`` from the canvas).

    A game supplies :meth:`build_map` (the regions for a view and a width), and
    may supply :meth:`legend`, :meth:`head_text`, :meth:`region_info` (the
    game's part of :meth:`info_text`) and :meth:`target_name`."""

    DEFAULT_CSS = """
    MapBoard { overflow: hidden hidden; }
    MapBoard > .map-head { dock: top; height: auto; background: $primary-darken-3; padding: 0 1; }
    MapBoard > .map-info { dock: bottom; height: 3; background: $primary-darken-3; padding: 0 1; }
    """
    can_focus = False
    DEFAULT_WIDTH = 46

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._view: dict | None = None
        self.last_view: dict | None = None
        self._targets: set[tuple] = set()
        self._seats: list[Any] = []
        self._choices: dict[tuple, list[Option]] = {}  # the decision's options by target
        self._list_choice: Option | None = None         # the option the list highlights

    def compose(self) -> ComposeResult:
        yield Static("", classes="map-head", id="map-head")
        yield Static("", classes="map-info", id="map-info")
        yield MapCanvas(id="map-canvas")

    @property
    def canvas(self) -> MapCanvas:
        return self.query_one(MapCanvas)

    # -- what a game supplies ---------------------------------------------------------------
    def build_map(self, view: dict | None, width: int) -> list[MapRegion]:
        raise NotImplementedError

    def legend(self) -> list[tuple[str, str]]:
        return []

    def head_text(self, view: dict | None) -> Text:
        return Text("")

    # The word before the "Tab here" hint while the cursor is hidden.
    INFO_NAME = "Board"

    def info_text(self, region: MapRegion | None) -> Text:
        """The line under the map.  It always names what Enter takes now:

        * the map has focus: the option at the cursor (or that Enter lists
          the options there, or that the cursor is not on a choice);
        * the list has focus: the option it highlights;

        then what :meth:`region_info` says about the cursor's region."""
        v = self._view or {}
        canvas = self.canvas
        t = Text()
        if canvas.has_focus:
            if region is None or not region.targets:
                return t
            if self._targets:
                options = self._choices.get(region.targets[0], []) if canvas.is_target(region) else []
                if len(options) == 1:
                    t.append(f"{TARGET_MARK} Enter picks: ", style="bold")
                    t.append(options[0].label)
                    t.append(" · ")
                elif options:
                    t.append(f"{TARGET_MARK} Enter lists the {len(options)} options here: ", style="bold")
                else:
                    t.append("Not a choice now: ", style="dim")
            self.region_info(t, v, region.targets[0])
            return t
        o = self._list_choice
        if o is None:
            return t  # no choice now (a bot's turn, a demo, the end)
        t.append("Enter picks: ", style="bold")
        t.append(o.label)
        r = canvas.region_for_target(o.target)
        if r is not None and r.targets:
            t.append(" · ")
            self.region_info(t, v, r.targets[0])
        elif self._targets:
            t.append(f" · Tab: pick on the {self.INFO_NAME.lower()} ({TARGET_MARK} = a choice)", style="dim")
        return t

    def region_info(self, t: Text, view: dict, target: tuple) -> None:
        """Append to ``t`` what the info line says about ``target`` (the
        region's first target) in ``view``."""

    def target_name(self, target: tuple) -> str:
        return "the picked target"

    # -- BoardWidget API ----------------------------------------------------------------------
    @property
    def map_width(self) -> int:
        return self.canvas.map_width or self.DEFAULT_WIDTH

    def show(self, view, targets, seats, highlight=None) -> None:
        self._view = view
        self.last_view = view
        self._targets = set(targets)
        self._seats = list(seats)
        canvas = self.canvas
        canvas.set_map(self.build_map(view, self.map_width), self.legend())
        canvas.set_targets(self._targets)
        canvas.place_cursor(highlight)
        self.query_one("#map-head", Static).update(self.head_text(view))
        self._update_info()
        if self._targets and canvas.is_target(canvas.cursor_region):
            after_refresh(self, canvas.scroll_to_cursor, True)   # a new decision: centred, with what is around it
        elif not self._targets and highlight is not None and canvas.region_for_target(highlight) is not None:
            after_refresh(self, canvas.scroll_to_cursor, True)   # nothing to pick (a demo): centred on the action

    def centre_on(self, rid: Any) -> None:
        """A decision with its place off the options (a city's action, a rondel move): the map centres
        on region ``rid``, and the cursor goes there when nothing on the map is to be picked."""
        canvas = self.canvas
        if canvas.get_region(rid) is None:
            return
        if not self._targets and canvas.cursor != rid:
            canvas.move_cursor_to(rid, scroll=False, announce=False)
        after_refresh(self, canvas.scroll_to_map_region, rid, center=True)

    def redraw(self) -> None:
        """Build the map again from the last view (e.g. after a resize)."""
        if self._view is not None:
            self.canvas.set_map(self.build_map(self._view, self.map_width), self.legend())
            self.canvas.set_targets(self._targets)
            self.query_one("#map-head", Static).update(self.head_text(self._view))
            self._update_info()

    def set_highlight(self, target: tuple | None) -> None:
        self.canvas.set_highlight(target)

    def target_label(self, target: tuple) -> str:
        return f"Options for {self.target_name(target)}"

    def set_choices(self, options: Sequence[Option], highlighted: Option | None) -> None:
        by_target: dict[tuple, list[Option]] = {}
        for o in options:
            if o.target is not None:
                by_target.setdefault(o.target, []).append(o)
        self._choices = by_target
        self._list_choice = highlighted if options else None  # the info line shows them at show()

    def set_list_choice(self, option: Option | None) -> None:
        if option is not self._list_choice:
            self._list_choice = option
            if not self.canvas.has_focus:
                self._update_info()

    def shows_target(self, target: tuple) -> bool:
        return self.canvas.region_for_target(target) is not None

    def focus(self, scroll_visible: bool = True):  # the canvas takes the keys
        return self.canvas.focus(scroll_visible)

    def _update_info(self) -> None:
        # A fixed height: a cursor move repaints the line, never lays the board out again.
        self.query_one("#map-info", Static).update(self.info_text(self.canvas.cursor_region), layout=False)

    def on_map_canvas_cursor_moved(self, event: MapCanvas.CursorMoved) -> None:
        self._update_info()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._update_info()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._update_info()

    def on_map_canvas_width_changed(self, event: MapCanvas.WidthChanged) -> None:
        self.redraw()

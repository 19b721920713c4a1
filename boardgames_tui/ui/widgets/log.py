"""The scrollable game log: the move log's lines as the viewer reads them.

A choice costs the same late in a game as early on, so nothing here walks
the whole log per choice:

* the log is append-only (an undo takes its end back): :meth:`GameLog.show_log`
  wraps only the entries it has not seen yet, and drops the ones taken back;
* each entry is wrapped once per width, both as everybody reads it and, for
  a private line, as its one reader does; the first row of every entry is
  kept for the public reading and for each player with private lines, so a
  change of viewer (the screen changing hands) is a switch of those tables,
  not a rewrite of the log;
* lines are drawn from those tables when they are on screen (the Line API).

What it draws is what Textual's ``RichLog`` drew for the same lines (wrapped
at the width of the log, at least ``MIN_WIDTH``; ``auto_scroll`` to the end).
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from rich.measure import measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...engine.core import LogEntry
from ..later import after_refresh


class GameLog(ScrollView, can_focus=True):
    """Shows the move log as ``viewer`` reads it (``LogEntry.for_viewer``)."""

    BINDINGS = [
        Binding("j", "scroll_down", "Down", show=False),
        Binding("k", "scroll_up", "Up", show=False),
    ]
    DEFAULT_CSS = """
    GameLog { background: $surface; color: $foreground; overflow-y: scroll;
              height: 1fr; border: round $primary-darken-2; border-title-color: $text-muted;
              overflow-x: hidden; scrollbar-size-vertical: 1; }
    GameLog:focus { background-tint: $foreground 5%; border: round $accent; }
    """
    MIN_WIDTH = 10  # the narrowest a line is wrapped at

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.border_title = "Log (l)"
        self._entries: list[LogEntry] = []
        self._viewer: int | None = None
        self._width = 0                           # the width the rows were wrapped at (0: none yet)
        self._rows: list[list[Strip]] = []        # each wrapped entry as everybody reads it
        self._private: list[list[Strip] | None] = []  # ... and as its private reader does
        # First row of each wrapped entry, for the public reading (None) and for
        # each player who has private lines; the height of the whole log for each.
        self._starts: dict[int | None, list[int]] = {None: []}
        self._height: dict[int | None, int] = {None: 0}
        self._widest = 0
        self.wrapped = 0  # entries wrapped since the widget was made (the tests count them)

    # -- what is shown --------------------------------------------------------------
    @property
    def shown_lines(self) -> list[str]:
        """The log's lines as the viewer reads them (for tests: walks the log)."""
        return [e.for_viewer(self._viewer) for e in self._entries]

    @property
    def viewer(self) -> int | None:
        return self._viewer

    def show_log(self, log: Sequence[LogEntry], viewer: int | None) -> None:
        """Show ``log`` as ``viewer`` reads it.  ``log`` is the match's move
        log: entries after the ones already shown are wrapped and added, entries
        no longer in it (an undo) are dropped."""
        mine = self._entries
        keep = min(len(mine), len(log))
        # The common start: the log only grows at its end, or loses its end.
        while keep and mine[keep - 1] is not log[keep - 1] and mine[keep - 1] != log[keep - 1]:
            keep -= 1
        changed = viewer != self._viewer
        if keep < len(mine):
            self._drop_from(keep)
            changed = True
        if len(log) > keep:
            mine.extend(log[keep:])
            changed = True
        self._viewer = viewer
        if changed:
            self._wrap_new()
            self._shown_changed()

    # -- wrapping ----------------------------------------------------------------------
    def _content_width(self) -> int:
        return self.scrollable_content_region.width

    def _drop_from(self, n: int) -> None:
        del self._entries[n:]
        if n < len(self._rows):
            del self._rows[n:]
            del self._private[n:]
            for who, starts in self._starts.items():
                if n < len(starts):
                    self._height[who] = starts[n]
                    del starts[n:]

    def _wrap(self, text: str, width: int) -> list[Strip]:
        """``text`` wrapped as RichLog.write wraps a line."""
        renderable = Text(text)
        renderable.expand_tabs()
        console = self.app.console
        options = console.options
        render_width = measure_renderables(console, options, [renderable]).maximum
        if render_width > width:
            render_width = width
        render_width = max(render_width, self.MIN_WIDTH)
        lines = list(Segment.split_lines(console.render(renderable, options.update_width(render_width))))
        if not lines:
            self._widest = max(self._widest, render_width)
            return [Strip.blank(render_width)]
        self._widest = max(self._widest, max(sum(s.cell_length for s in line) for line in lines))
        strips = Strip.from_lines(lines)
        for strip in strips:
            strip.adjust_cell_length(render_width)
        return strips

    def _wrap_new(self) -> None:
        """Wrap the entries not wrapped yet, at the log's width (none while the
        log has no width: hidden, or not laid out yet)."""
        width = self._content_width()
        if width <= 0:
            return
        if width != self._width:
            self._width = width
            self._rows, self._private = [], []
            self._starts, self._height = {None: []}, {None: 0}
            self._widest = 0
        rows, private, starts, height = self._rows, self._private, self._starts, self._height
        for i in range(len(rows), len(self._entries)):
            e = self._entries[i]
            pub = self._wrap(e.text, width)
            mine = self._wrap(e.private_text, width) if e.private_to is not None and e.private_text else None
            rows.append(pub)
            private.append(mine)
            self.wrapped += 1
            if mine is not None and e.private_to not in starts:
                # the reader's first private line: until here they read what everybody reads
                starts[e.private_to] = list(starts[None])
                height[e.private_to] = height[None]
            for who, first in starts.items():
                first.append(height[who])
                height[who] += len(mine) if mine is not None and who == e.private_to else len(pub)

    def _shown_changed(self) -> None:
        who = self._viewer if self._viewer in self._height else None
        self.virtual_size = Size(self._widest, self._height[who])
        self.scroll_end(animate=False, immediate=False, x_axis=False)
        self.refresh()

    def on_resize(self, event) -> None:
        # Wrapped again for the new width once the layout has it.
        after_refresh(self, self._rewrap)

    def on_show(self, event) -> None:
        # Entries added while the log was hidden (behind the curtain) are wrapped now.
        after_refresh(self, self._rewrap)

    def _rewrap(self) -> None:
        width, done = self._width, len(self._rows)
        self._wrap_new()
        if self._width != width or len(self._rows) != done:
            self._shown_changed()

    # -- drawing -----------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        row = scroll_y + y
        who = self._viewer if self._viewer in self._starts else None
        if row >= self._height[who]:
            line = Strip.blank(width, self.rich_style)
        else:
            starts = self._starts[who]
            i = bisect_right(starts, row) - 1
            strips = self._private[i] if who is not None and self._entries[i].private_to == who else None
            line = (strips or self._rows[i])[row - starts[i]]
            line = line.crop_extend(scroll_x, scroll_x + width, self.rich_style)
        return line.apply_style(self.rich_style)

"""The scrollable game log: the redacted ``view["log"]`` lines."""
from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import RichLog

from ..later import after_refresh


class GameLog(RichLog):
    """Shows the log lines of the current view (wrapped); only new lines are
    appended when the log grew, otherwise it is rewritten (undo, another viewer)."""

    BINDINGS = [
        Binding("j", "scroll_down", "Down", show=False),
        Binding("k", "scroll_up", "Up", show=False),
    ]
    DEFAULT_CSS = """
    GameLog { height: 1fr; border: round $primary-darken-2; border-title-color: $text-muted;
              overflow-x: hidden; scrollbar-size-vertical: 1; background: $surface; }
    GameLog:focus { border: round $accent; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(highlight=False, markup=False, wrap=True, auto_scroll=True, min_width=10, **kw)
        self._shown: list[str] = []
        self.border_title = "Log (l)"

    def on_resize(self, event) -> None:
        # RichLog wraps when writing: wrap again for the new width.
        width = event.size.width
        if width != getattr(self, "_wrapped_at", None):
            self._wrapped_at = width
            lines, self._shown = self._shown, []
            after_refresh(self, self.show_lines, lines)

    @property
    def shown_lines(self) -> list[str]:
        return list(self._shown)

    def show_lines(self, lines: list[str]) -> None:
        lines = [str(x) for x in lines]
        if self._shown and lines[:len(self._shown)] == self._shown:
            new = lines[len(self._shown):]
        else:
            self.clear()
            new = lines
        for line in new:
            self.write(Text(line), scroll_end=True)
        self._shown = list(lines)
        # Lines written while the log is hidden (behind the curtain) wrap at
        # min_width; remembering the width they were wrapped at makes the next
        # resize (the log shown again) wrap them anew.
        self._wrapped_at = self.size.width

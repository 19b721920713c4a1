"""The option list of every screen: Textual's OptionList with j/k as well
as the arrows, and no wrapping at the ends.  A module of its own, outside
``ui.widgets``, so that the menu imports it without the game screens' widgets
(bench/startup.py)."""
from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList


class KeyList(OptionList):
    """Up on the first item stays there: Textual's list wraps round to the last, and on the menu
    that put Quit under a held Up key (and in a game, the pass that is listed last)."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, direction: int) -> None:
        options = self.options
        i = -1 if self.highlighted is None and direction > 0 else (
            len(options) if self.highlighted is None else self.highlighted)
        i += direction
        while 0 <= i < len(options):
            if not options[i].disabled:
                self.highlighted = i
                return
            i += direction

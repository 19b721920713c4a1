"""The option list of every screen: Textual's OptionList with j/k as well
as the arrows.  A module of its own, outside ``ui.widgets``, so that the menu
imports it without the game screens' widgets (bench/startup.py)."""
from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList


class KeyList(OptionList):
    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]

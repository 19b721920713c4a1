"""The game-specific area of the game screen, and the generic fallback.

A board widget receives the viewer's ``view`` dict and the targets of the
legal options (``Option.target``); it never sees the state or the rules.  It
may let the player point at a target and posts :class:`TargetPicked` (Enter)
or :class:`TargetHovered` (cursor moved); the game screen turns a picked
target into a choice or narrows the option list to the options aimed at it.
Boards with such a cursor derive from :class:`~.cursor_board.CursorBoard`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.pretty import Pretty
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ...engine.core import Option


class QuietFocus:
    """For a board whose look on focus changes only at its cursor.

    Textual's ``Widget._on_focus``/``_on_blur`` repaint the whole widget: for
    a board that is a third of the screen sent again over SSH on every Tab.
    These handlers do what Textual's do except that repaint, then call
    :meth:`_focus_changed`, where the board repaints its cursor."""

    def _on_focus(self, event: events.Focus) -> None:
        self._quiet_focus(event, True, events.DescendantFocus)

    def _on_blur(self, event: events.Blur) -> None:
        self._quiet_focus(event, False, events.DescendantBlur)

    def _quiet_focus(self, event: events.Event, focused: bool, tell: type) -> None:
        event.prevent_default()
        self.has_focus = focused  # type: ignore[attr-defined]
        if self.parent is not None:  # type: ignore[attr-defined]
            self.parent.post_message(tell(self))  # type: ignore[attr-defined]
        self._focus_changed(focused)

    def _focus_changed(self, focused: bool) -> None:
        raise NotImplementedError


class SeatViewHelpers:
    """Helpers over a board's last view (``_view``) and seats (``_seats``),
    shared by the cursor boards and the map boards."""

    _view: dict | None
    _seats: list[Any]

    def _seat_colour(self, p: int) -> str:
        from ..theme import seat_colour
        return seat_colour(self._seats, p)

    def _player_name(self, p: int) -> str:
        players = (self._view or {}).get("players", [])
        return players[p]["name"] if p < len(players) else f"player {p + 1}"

    def _viewer_player(self) -> dict | None:
        """The viewer's own entry of the view's players (None: a public view)."""
        v = self._view or {}
        viewer, players = v.get("viewer"), v.get("players", [])
        return players[viewer] if viewer is not None and 0 <= viewer < len(players) else None


class BoardWidget(VerticalScroll):
    """Base class of every game's board.  Subclasses implement :meth:`show`."""

    DEFAULT_CSS = """
    BoardWidget { height: 1fr; width: 1fr; }
    """

    class TargetPicked(Message):
        def __init__(self, target: tuple) -> None:
            super().__init__()
            self.target = target

    class TargetHovered(Message):
        def __init__(self, target: tuple | None) -> None:
            super().__init__()
            self.target = target

    def show(self, view: dict | None, targets: set[tuple], seats: list[Any],
             highlight: tuple | None = None) -> None:
        """Render ``view`` (None: render nothing private, e.g. behind a curtain).
        ``targets`` are the targets of the current decision's options when the
        viewer decides now (empty otherwise); ``highlight`` is the target of the
        option highlighted in the list."""
        raise NotImplementedError

    def set_highlight(self, target: tuple | None) -> None:
        """The option highlighted in the list aims at ``target`` (None: at nothing here)."""

    def set_choices(self, options: Sequence[Option], highlighted: Option | None) -> None:
        """The decision's options as the screen shows them now (empty while
        the viewer does not decide), and the one the list highlights, given
        just before :meth:`show`: a board that names what Enter takes (the map
        boards' info line) reads them there."""

    def set_list_choice(self, option: Option | None) -> None:
        """The list's highlight moved to ``option``."""

    def shows_target(self, target: tuple) -> bool:
        """Whether the board can put its cursor on ``target`` (a board pick)."""
        return False

    def banner_note(self, view: dict | None) -> str:
        """What the banner adds after "to decide" (Imperial: "for France")."""
        return ""

    def target_label(self, target: tuple) -> str:
        """A short name for a target (used in the option list's hint)."""
        return " ".join(str(x) for x in target)


class GenericBoard(BoardWidget):
    """Fallback for games without a bespoke board: the view as pretty data."""

    def compose(self):
        yield Static("", id="generic-view")

    def show(self, view, targets, seats, highlight=None) -> None:
        self.last_view = view
        data = {k: v for k, v in (view or {}).items() if k != "log"}
        self.query_one("#generic-view", Static).update(Pretty(data) if data else "")

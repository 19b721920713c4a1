"""A board with a cursor over rows of places (the base of the games' boards).

A place is a cell widget (:class:`Pickable`) with a ``key``.  The board lays
the keys out in :meth:`CursorBoard.rows`; ←→ move along a row, ↑↓
between rows, Enter or Space picks what is under the cursor, a click picks a
cell.  A key is the ``Option.target`` it picks unless the board maps it
(:meth:`CursorBoard._target_at`, for a cell that stands for several targets).
Legal targets are marked :data:`TARGET_MARK`, the cursor :data:`CURSOR_MARK`.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual import events
from textual.binding import Binding

from ..later import after_refresh
from .board import BoardWidget, QuietFocus, SeatViewHelpers

TARGET_MARK = "◆"
CURSOR_MARK = "▶"


class Pickable:
    """Mixin for a widget the cursor can stand on; a click picks it.
    ``target`` None: shown but not pickable."""

    target: tuple | None = None

    @property
    def key(self) -> tuple | None:
        return self.target

    def on_click(self, event: events.Click) -> None:
        if self.key is None:
            return
        event.stop()
        board = next((a for a in self.ancestors if isinstance(a, CursorBoard)), None)  # type: ignore[attr-defined]
        if board is not None:
            board.pick_cell(self)


class CursorBoard(QuietFocus, SeatViewHelpers, BoardWidget):
    """A board supplies :meth:`rows`, :meth:`_cells`, :meth:`_render_all`
    (what each cell shows), :meth:`_mark_cells` (cursor and target marks) and
    :meth:`_scroll_to_cursor`; this class moves the cursor and picks."""

    # Arrows only: the letters stay the screen's commands (``l`` the log), so
    # the footer shows the same keys whichever part has focus.
    BINDINGS = [
        Binding("left", "move(0,-1)", "Left", show=False),
        Binding("right", "move(0,1)", "Right", show=False),
        Binding("up", "move(-1,0)", "Up", show=False),
        Binding("down", "move(1,0)", "Down", show=False),
        Binding("enter,space", "pick_cursor", "Pick", show=False),
    ]
    can_focus = True
    # No :focus background: it restyles and repaints every cell of the board
    # (a third of the screen over SSH).  The cursor shows only while the
    # board has focus, which is the cue, and costs one cell's repaint.

    DEFAULT_CSS = """
    CursorBoard { padding: 0 1 0 0; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._view: dict | None = None
        self.last_view: dict | None = None
        self._targets: set[tuple] = set()
        self._seats: list[Any] = []
        self._cursor: tuple | None = None

    # -- what a board supplies --------------------------------------------------------
    def rows(self) -> list[list[Any]]:
        """The cursor's rows of keys, top to bottom."""
        raise NotImplementedError

    def _cells(self) -> Iterable[Any]:
        """Every :class:`Pickable` of the board."""
        raise NotImplementedError

    def _render_all(self) -> None:
        raise NotImplementedError

    def _mark_cells(self) -> None:
        raise NotImplementedError

    def _scroll_to_cursor(self, deferred: bool = False) -> None:
        raise NotImplementedError

    def _target_name(self, target: tuple) -> str:
        return "the picked target"

    # -- keys, places and targets (a board whose cells stand for several targets overrides these)
    def _cursor_rows(self) -> list[list[tuple[tuple, float]]]:
        """:meth:`rows` as (key, horizontal place); an up or down move lands
        on the nearest place, here the same column or the row's last."""
        return [[(k, float(i)) for i, k in enumerate(row)] for row in self.rows()]

    def _keys(self) -> list[tuple]:
        return [k for row in self._cursor_rows() for k, _ in row]

    def _cell(self, key: tuple | None) -> Any:
        if key is None:
            return None
        return next((c for c in self._cells() if c.key == key), None)

    def _key_for_target(self, target: tuple | None, keys: list[tuple] | None = None) -> tuple | None:
        """Where the cursor stands for ``target`` (None: nowhere on the board)."""
        if target is None or target not in (self._keys() if keys is None else keys):
            return None
        return target

    def _target_at(self, key: tuple | None) -> tuple | None:
        """What picking the place ``key`` aims at."""
        return key

    def _is_target_key(self, key: tuple | None) -> bool:
        return key in self._targets

    def _cursor_shown(self, key: tuple | None) -> bool:
        """The cursor is drawn while there are targets or the board has focus."""
        return key == self._cursor and (bool(self._targets) or self.has_focus)

    def _marks(self, key: tuple | None) -> str:
        return (CURSOR_MARK if self._cursor_shown(key) else "") + (TARGET_MARK if self._is_target_key(key) else "")

    # -- BoardWidget API ----------------------------------------------------------------
    def show(self, view, targets, seats, highlight=None) -> None:
        self._view = view
        self.last_view = view
        self._targets = set(targets)
        self._seats = list(seats)
        self._render_all()
        self._place_cursor(highlight)
        self._mark_cells()
        # Each view starts at the top, where the boards put the viewer's own
        # holdings: at 80x24 the deciding player sees them with the prompt
        # without scrolling.  The cursor's place scrolls into view as soon as
        # the player moves it (or the highlighted option).
        after_refresh(self, self.scroll_home, animate=False)

    def _place_cursor(self, highlight: tuple | None) -> None:
        """On the highlighted option's place; else it stays unless its place
        is gone or it is off the targets while some are on the board: then
        the first target, else the first place."""
        keys = self._keys()
        hl = self._key_for_target(highlight, keys)
        if hl is not None:
            self._cursor = hl
        elif self._cursor not in keys or (self._targets and not self._is_target_key(self._cursor)
                                          and any(self._is_target_key(k) for k in keys)):
            legal = [k for k in keys if self._is_target_key(k)]
            self._cursor = legal[0] if legal else (keys[0] if keys else None)

    def _redraw(self) -> None:
        self._render_all()
        self._mark_cells()

    def set_highlight(self, target: tuple | None) -> None:
        key = self._key_for_target(target)
        if key is not None and key != self._cursor:
            self._cursor = key
            self._mark_cells()
            self._scroll_to_cursor()

    def target_label(self, target: tuple) -> str:
        return f"Options for {self._target_name(target)}"

    def shows_target(self, target: tuple) -> bool:
        return self._key_for_target(target) is not None

    def pick_cell(self, cell: Any) -> None:
        """A click: the cursor goes to ``cell`` and what it stands for is picked."""
        self._cursor = cell.key
        self._mark_cells()
        self.post_message(self.TargetPicked(self._target_at(cell.key)))

    # -- keys ---------------------------------------------------------------------------
    def action_move(self, drow: int, dcol: int) -> None:
        rows = self._cursor_rows()
        if not rows:
            return
        r, c = 0, 0
        for ri, row in enumerate(rows):
            for ci, (k, _) in enumerate(row):
                if k == self._cursor:
                    r, c = ri, ci
        if drow:
            x = rows[r][c][1]
            r = max(0, min(len(rows) - 1, r + drow))
            c = min(range(len(rows[r])), key=lambda i: abs(rows[r][i][1] - x))
        else:
            c = max(0, min(len(rows[r]) - 1, c + dcol))
        self._cursor = rows[r][c][0]
        self._mark_cells()
        self._scroll_to_cursor()
        self.post_message(self.TargetHovered(self._target_at(self._cursor)))

    def action_pick_cursor(self) -> None:
        target = self._target_at(self._cursor)
        if target is not None:
            self.post_message(self.TargetPicked(target))

    def _focus_changed(self, focused: bool) -> None:
        # The view stays put where it can (a click must land where it was
        # aimed, and the viewer's holdings stay in view): a cursor out of view
        # comes to the first target in view.  With no target in view the
        # board scrolls to the cursor (on a target, or the first place).
        if focused and self._cursor is not None:
            view = self.scrollable_content_region
            cell = self._cell(self._cursor)
            if cell is None or not view.overlaps(cell.region):
                shown = [c for c in self._cells() if self._is_target_key(c.key) and view.overlaps(c.region)]
                if shown:
                    self._cursor = shown[0].key
                    self.post_message(self.TargetHovered(self._target_at(shown[0].key)))
                else:
                    self._scroll_to_cursor()
        self._mark_cells()

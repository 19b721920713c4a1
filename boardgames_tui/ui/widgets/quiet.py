"""Updates that repaint only when something changed.

``Static.update`` and ``Widget.border_title`` repaint the widget (and an
update of a Static lays out its container) even when the new content equals
the old.  Boards redraw from the whole view after every choice and re-mark
their cells on every cursor move, so without these a move repainted every
card of the board over SSH.  For the same reason boards keep their widgets
from view to view (:func:`sync_children`) instead of mounting them anew."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

W = TypeVar("W", bound=Widget)
_UNSET = object()


def set_text(widget: Static, content: Text | str, *, layout: bool = True) -> None:
    """Update a Static only when its content changed.  ``layout=False`` for a
    widget whose size cannot change with its content (one fixed line): it
    saves a layout pass of the whole screen."""
    if getattr(widget, "_quiet_text", None) == content:
        return
    widget._quiet_text = content  # type: ignore[attr-defined]
    widget.update(content, layout=layout)


def set_title(widget: Widget, title: Text | str | None) -> None:
    """Set a border title only when it changed."""
    if getattr(widget, "_quiet_title", _UNSET) == title:
        return
    widget._quiet_title = title  # type: ignore[attr-defined]
    widget.border_title = title


def sync_children(container: Widget, have: Iterable[W], count: int, make: Callable[[], W]) -> list[W]:
    """Keep ``count`` widgets made by ``make`` in ``container``, reusing
    ``have`` (the ones there now): the surplus is removed, the missing ones
    are mounted in one go.  Returns them in order; the caller fills them."""
    kept = list(have)
    while len(kept) > count:
        kept.pop().remove()
    new = [make() for _ in range(count - len(kept))]
    if new:
        container.mount_all(new)
    return kept + new

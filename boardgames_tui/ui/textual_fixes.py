"""One fix to Textual's compositor, applied when the app module is imported.

The fault (Textual 8.2): after a full layout pass the compositor forgets its
map of the visible widgets (``_visible_map = None``).  The next scroll then
takes the fast path, ``reflow_visible``, which compares the new visible map
with that missing one, finds every widget "changed" and marks the whole
screen dirty.  In our games a full layout follows most choices and a scroll
follows most cursor moves (the board follows the highlighted option), so a
cursor move often sent the whole screen again: 15-17 KB instead of 6 KB on
Evolution at 80x24.

The fix compares with the full map instead, which is current whenever the
visible map is missing (a full reflow, or a recomputed full map, set them
together).  Widgets off screen in that map are clipped to nothing, so they
mark nothing; widgets whose place really changed are marked as before.
``tests/ui/test_repaint.py`` checks both the saving and that the screen
still shows what it should.
"""
from __future__ import annotations

from textual._compositor import Compositor

_original_reflow_visible = Compositor.reflow_visible


def _reflow_visible(self: Compositor, parent, size):
    if (self._visible_map is None and self._full_map and not self._full_map_invalidated
            and self.size == size):
        self._visible_map = self._full_map
    return _original_reflow_visible(self, parent, size)


def apply() -> None:
    """Install the fix once (idempotent)."""
    if Compositor.reflow_visible is not _reflow_visible:
        Compositor.reflow_visible = _reflow_visible  # type: ignore[method-assign]

"""Four fixes to Textual, applied when the app module is imported.

1. The compositor (below).  2. Keys typed into an Input in one burst are
applied in order (see :func:`_input_on_key`).  3. The command palette's
search does not fail when the palette is taken down under it (see
:func:`_gather_commands`).  4. A Select mounting before its label is there
does not fail (see :func:`_select_current_update`).

The compositor's fault (Textual 8.2): after a full layout pass the compositor forgets its
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

from textual import events, work
from textual._compositor import Compositor
from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.widgets import Input
from textual.widgets._select import SelectCurrent

from .later import alive

_original_reflow_visible = Compositor.reflow_visible


def _reflow_visible(self: Compositor, parent, size):
    if (self._visible_map is None and self._full_map and not self._full_map_invalidated
            and self.size == size):
        self._visible_map = self._full_map
    return _original_reflow_visible(self, parent, size)


_original_input_on_key = Input._on_key


async def _input_on_key(self: Input, event: events.Key) -> None:
    """Textual issue #6605 (open in 8.2): an Input inserts a printable key at
    once but leaves its bound keys (Backspace, arrows, Delete) to bubble up to
    the app, which runs the binding later.  Keys that arrive in one read, as
    they do over a slow SSH link, are then applied out of order: "2", Backspace,
    "4" typed fast gave "24" minus a character, not "4".  The Input's own
    (non-priority) bindings are run here, in order, as the app would run them;
    priority bindings were already checked before the key reached the Input."""
    if not event.is_printable:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return
    await _original_input_on_key(self, event)


_original_gather_commands = CommandPalette._gather_commands.__wrapped__  # the method under @work


@work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
async def _gather_commands(self: CommandPalette, search_value: str) -> None:
    """The palette starts its search in a worker when it mounts and at each
    letter typed; the worker looks up the palette's CommandList when it runs.
    Quitting just after Ctrl+P (or a letter) removes the palette's widgets
    first, the lookup raises NoMatches and the failed worker takes the app
    down (WorkerFailed).  A palette being torn down has nowhere to show
    results: the error is dropped then, and only then."""
    try:
        await _original_gather_commands(self, search_value)
    except NoMatches:
        if alive(self):
            raise


_original_select_current_update = SelectCurrent.update


def _select_current_update(self: SelectCurrent, label) -> None:
    """A Select sets its value when it mounts, and that writes the label into
    its SelectCurrent's ``#label``.  Under load (the key fuzz on a busy
    machine, a form opened and left in one burst) the SelectCurrent may not
    have composed its children yet, or be taken down already: the query
    raised NoMatches and took the app down.  The label (already stored on
    the widget) is written once the Static is there, or dropped with it."""
    try:
        _original_select_current_update(self, label)
    except NoMatches:
        if alive(self):
            self.call_after_refresh(_retry_select_label, self)


def _retry_select_label(widget: SelectCurrent) -> None:
    try:
        _original_select_current_update(widget, widget.label)
    except NoMatches:
        pass  # taken down meanwhile: nothing to show


def apply() -> None:
    """Install the fixes once (idempotent)."""
    if Compositor.reflow_visible is not _reflow_visible:
        Compositor.reflow_visible = _reflow_visible  # type: ignore[method-assign]
    if Input._on_key is not _input_on_key:
        Input._on_key = _input_on_key  # type: ignore[method-assign]
    if SelectCurrent.update is not _select_current_update:
        SelectCurrent.update = _select_current_update  # type: ignore[method-assign]
    if CommandPalette._gather_commands is not _gather_commands:
        CommandPalette._gather_commands = _gather_commands  # type: ignore[method-assign]

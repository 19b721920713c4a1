"""Work queued for after the next refresh, dropped if its widget is gone by then.

Textual runs a ``call_after_refresh`` callback after the *current* screen's
next refresh, whichever screen that is: a key that leaves a screen (``q y``)
may remove the widget first, and a callback that queries its children then
raises ``NoMatches``.  :func:`after_refresh` checks, when the callback is due,
that the widget (and the widget a bound-method callback belongs to) is still
mounted and in the app's DOM; a removal marks a widget and all its children at
once, so what the widget queries below itself is there too.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.dom import DOMNode


def alive(node: DOMNode) -> bool:
    """Is ``node`` mounted, linked to the app and not being removed?"""
    return (node.is_attached and node._is_mounted
            and not node._pruning and not node._closing and not node._closed)


def after_refresh(node: DOMNode, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
    """``node.call_after_refresh(callback, *args, **kwargs)``, run only if ``node``
    (and ``callback``'s own widget, for a bound method) is still :func:`alive`.
    Returns whether the call was queued."""
    owner = getattr(callback, "__self__", None)
    nodes = (node, owner) if isinstance(owner, DOMNode) and owner is not node else (node,)

    def run() -> Any:
        if all(alive(n) for n in nodes):
            return callback(*args, **kwargs)
        return None

    return node.call_after_refresh(run)


def after_delay(node: DOMNode, delay: float, callback: Callable[..., Any], *args: Any) -> Any:
    """``node.set_timer(delay, callback)`` that cannot be lost, run only if ``node`` is
    still :func:`alive`.  Textual's one-shot timer drops its only tick when it first
    wakes after its due time (``skip``: two clock readings more than ``delay`` apart
    on a busy machine), so with a delay of a few ms a bot's next move was, now and
    then, never made: the demo stopped for good.  Returns the loop's handle."""
    import asyncio

    def fire() -> None:
        if alive(node):
            node.call_later(callback, *args)

    return asyncio.get_running_loop().call_later(max(0.0, delay), fire)

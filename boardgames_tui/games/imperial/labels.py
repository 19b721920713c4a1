"""Option labels that fit one line of the option list at 80x24, and the details they leave out.

An option's label is the first of its candidate texts that fits ``LABEL_ROOM`` cells; when that is
not the first (the whole) text, the whole text is kept as the option's *detail*, which the screen
shows on the info line under the map (:func:`option_detail`).  Pure data, no Textual.
"""
from __future__ import annotations

from typing import Any

from ...engine.core import Option

LABEL_ROOM = 29     # an option's label fits one line of the option list at 80x24 (30 cells less the scrollbar's)

# The whole text of an option whose label was shortened, by the option itself (key, label, target,
# value: what the screen holds).  Options built once at import stay; those built per position (a
# factory paid partly from one's own cash, a sea route) are kept up to a bound, then forgotten (a
# label then shows without its detail, never a wrong one: the label determines the whole text).
_STATIC: dict[Option, str] = {}
_DYNAMIC: dict[Option, str] = {}
_DYNAMIC_MAX = 20000


def fit(*labels: str) -> str:
    """The first label that fits ``LABEL_ROOM``, else the last, shortest one."""
    for label in labels:
        if len(label) <= LABEL_ROOM:
            return label
    return labels[-1]


def option(key: str, labels: tuple[str, ...] | str, target: tuple | None = None, value: Any = None,
           once: bool = False) -> Option:
    """An option labelled by the first of ``labels`` that fits; the first (whole) text kept as its detail
    when it does not (``once``: an option built once, at import)."""
    if isinstance(labels, str):
        labels = (labels,)
    label = fit(*labels)
    o = Option(key, label, target, value)
    whole = labels[0]
    if whole != label:
        store = _STATIC if once else _DYNAMIC
        if store is _DYNAMIC and len(store) >= _DYNAMIC_MAX:
            store.clear()
        store[o] = whole
    return o


def option_detail(o: Option) -> str:
    """The whole text of an option whose label is shortened ("" when the label is whole)."""
    try:
        return _STATIC.get(o) or _DYNAMIC.get(o, "")
    except TypeError:       # an unhashable value: never shortened here
        return ""


def full_text(o: Option) -> str:
    """The option's whole text: its detail, else its label."""
    return option_detail(o) or o.label

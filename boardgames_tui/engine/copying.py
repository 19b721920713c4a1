"""Copying a state is the engine's job: one structural copy for every game.

The rule: a state is a tree of plain values.  Every mutable object in it
(list, dict, set, :class:`~boardgames_tui.engine.steps.PlainData`, an object
with a ``__dict__``, a ``Deck``, the ``Rng``) is reached by one path only, and
a copy shares none of them with its original.  Shared, because nothing can
change them: numbers, strings, ``None``, frozensets, enums, classes and
functions, frozen dataclasses (``LogEntry``, ``Option``), and tuples of those.
Steps may change themselves after they are pushed (an auction step records
each bid), so they are copied like everything else.

An object with fields is copied by a copier compiled for its class from the
field annotations (:mod:`~boardgames_tui.engine.copy_plans`), field by
field: what is not a field is not part of the value and is not copied; a class with a
``copy()`` of its own (``Deck``, ``Rng``, a ``PlainData`` that keeps a cache)
by that method, which must keep the rule too.  Subclasses of list, dict or
set are refused: their copy would lose what the subclass adds.

Why not pickle or ``deepcopy``: both keep a memo of every object to keep
aliasing a state must not have, and cost 1-7 ms mid-game against tens of µs
here; undo snapshots and the bots copy on every choice or iteration.
"""
from __future__ import annotations

import enum
import types
from itertools import chain
from collections.abc import Callable
from typing import Any

from .copy_plans import compile_copier

# Types whose instances are shared by a copy.  Enum classes and frozen
# dataclasses join on first sight (see _classify).
ATOMS: set[type] = {int, float, complex, bool, str, bytes, type(None), frozenset, range, type,
                    types.FunctionType, types.BuiltinFunctionType, types.ModuleType}


def copy_value(x: Any) -> Any:
    """An independent copy of ``x`` under the rule above."""
    t = type(x)
    if t in ATOMS:
        return x
    f = _COPIERS.get(t) or _classify(t)
    return f(x)


def _dict(d: dict) -> dict:
    """A copy of a dict (an object's ``__dict__``): values copied, keys shared."""
    c = _copies(d.values())
    return d.copy() if c is None else dict(zip(d, c))


def copy_object(obj: Any) -> Any:
    """A new instance of ``type(obj)`` with its attributes copied, by the
    class's compiled copier (:mod:`~boardgames_tui.engine.copy_plans`); no
    ``__init__`` and no ``__setattr__``: a copy is not a change."""
    t = type(obj)
    return (_PLANS.get(t) or _plan(t))(obj)


def copy_state(s: Any, **instead: Any) -> Any:
    """A game state's copy, with the fields named in ``instead`` set to the
    values given rather than copied (``determinize`` deals a new ``rng``).
    The cached decision (``_decision``) is shared: both copies stand at the
    same position, and ``apply`` replaces the cache rather than changing it.
    Its prompt is read first when nobody has (``Decision.prompt``): a prompt
    still to be built reads the position it was made at, which is this one
    until ``s`` moves on.  (The log is copied one level: its entries are frozen.)"""
    d = s.__dict__.get("_decision")
    if d:
        d.prompt  # noqa: B018 - built now, while the position is the decision's
    t = type(s)
    return (_PLANS.get(t) or _plan(t))(s, instead)


def _walk(obj: Any, instead: dict = {}) -> Any:  # noqa: B006 - never changed
    """The copy, with ``instead``, of an instance whose ``__dict__`` is not
    its fields: every attribute through ``copy_value``, a class's
    ``_cache_attrs`` left out."""
    leave = getattr(type(obj), "_cache_attrs", ())
    d = {}
    for k, v in obj.__dict__.items():
        if k in leave or k in instead:
            continue
        d[k] = v if type(v) in ATOMS or k == "_decision" else copy_value(v)
    d.update(instead)
    out = object.__new__(type(obj))
    out.__dict__.update(d)
    return out


def _plan(t: type) -> Callable[..., Any]:
    _COMPILING.add(t)
    try:
        f = _PLANS[t] = compile_copier(t, ATOMS, copy_value, _walk, _copier_of)
    finally:
        _COMPILING.discard(t)
    return f


def _copier_of(t: type) -> Callable[[Any], Any] | None:
    """The copier of a class named in an annotation, for a compiled copier to
    call directly; None while that class's own copier is being compiled (a
    class that holds itself) or when it cannot be copied (the generic copy
    will say why, if such a value turns up)."""
    if t in _COMPILING:
        return None
    try:
        return _COPIERS.get(t) or _classify(t)
    except TypeError:
        return None


def _copies(vals: Any) -> Any:
    """Copies of ``vals`` (a list, a dict's values) in order, or None when all
    of them are shared.  The common shapes are told apart in C: all atoms; a
    table (lists of atoms) or tuples of atoms; items of one class."""
    kinds = set(map(type, vals))
    if kinds <= ATOMS:
        return None
    if len(kinds) == 1:
        t = kinds.pop()
        if (t is list or t is tuple) and ATOMS.issuperset(map(type, _flat(vals))):
            return map(list.copy, vals) if t is list else None
        return map(_COPIERS.get(t) or _classify(t), vals)
    get = _COPIERS.get     # mixed (a step stack): each item's copier, copy_value for the rest
    return [(get(type(v)) or copy_value)(v) for v in vals]


def _list(x: list) -> list:
    c = _copies(x)
    return x[:] if c is None else list(c)


def _tuple(x: tuple) -> tuple:
    if ATOMS.issuperset(map(type, x)):
        return x
    items = [v if type(v) in ATOMS else copy_value(v) for v in x]
    if all(a is b for a, b in zip(items, x)):   # nested tuples of atoms: still immutable
        return x
    return tuple(items) if type(x) is tuple else type(x)(*items)


def _classify(t: type) -> Callable[[Any], Any]:
    """How to copy instances of ``t``, found once and kept."""
    params = getattr(t, "__dataclass_params__", None)
    if isinstance(t, enum.EnumMeta) or (params is not None and params.frozen):
        ATOMS.add(t)
        return _same
    if issubclass(t, tuple):
        f: Callable[[Any], Any] = _tuple
    elif issubclass(t, (list, dict, set)):
        raise TypeError(f"cannot copy a {t.__name__} in a state: use a plain list, dict or set")
    elif getattr(t, "copy", copy_object) is copy_object and t.__dictoffset__:
        f = _plan(t)                      # a PlainData, a state's dataclass
    elif callable(getattr(t, "copy", None)):
        f = t.copy  # type: ignore[attr-defined]  # (checked on the line above)
    else:
        raise TypeError(f"cannot copy a {t.__name__} in a state: give it a copy() method")
    _COPIERS[t] = f
    return f


_flat = chain.from_iterable


def _same(x: Any) -> Any:
    return x


_PLANS: dict[type, Callable[..., Any]] = {}
_COMPILING: set[type] = set()
_COPIERS: dict[type, Callable[[Any], Any]] = {list: _list, dict: _dict, set: set.copy, tuple: _tuple}

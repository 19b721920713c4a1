"""A class's copier, compiled once from its field annotations.

A generic copy must look at every item of every list to know whether it can
be shared, and that made it two to four times slower than the hand-written
copies it replaces.  The annotations already say it: ``armies:
list[list[int]]`` is a table of atoms, so its copy is ``[*map(list.copy,
v)]`` with no look inside.  What an annotation does not describe exactly
(``list``, ``Any``, a class, a name that does not resolve) is walked by
:func:`~boardgames_tui.engine.copying.copy_value`.  So an annotation must be
true; the conformance suite's ``check_clone_independent`` finds one that is
not (a copy that shares a list).

Compiled code, as ``PlainData``'s ``__init__`` is: one function per class,
generated from the field names.
"""
from __future__ import annotations

import enum
import sys
import types
import typing
from typing import Any, Union, get_args, get_origin
from collections.abc import Callable

# What the generated source may name.
_ORIGIN_NAMES = {list: "list", dict: "dict", set: "set"}


def compile_copier(t: type, atoms: set[type], copy_value: Callable[[Any], Any],
                   walk: Callable[..., Any]) -> Callable[..., Any]:
    """``copier(obj, instead={})``: a new ``t`` (no ``__init__``, no
    ``__setattr__``) with its attributes copied, those in ``instead`` set to
    the values given instead.  ``_decision`` (a state's cached decision) is
    shared.  An instance with other attributes than the fields goes to
    ``walk(obj, instead)``."""
    hints = _hints(t)
    lines = []
    for name, ann in hints.items():
        if name == "_decision" or (ann is not None and _atomic(ann, atoms)):
            continue                                   # shared: comes with the update
        expr = _expr(ann, "v", 0, atoms) if ann is not None else None
        if expr is None:
            code = "_cv(v)"
        else:
            code = f"{expr} if type(v) is {_ORIGIN_NAMES[get_origin(ann)]} else _cv(v)"
        lines.append((name, code))
    fast = "".join(f"    v = d[{n!r}]; nd[{n!r}] = {c}\n" for n, c in lines)
    slow = "".join(f"        if {n!r} not in instead: v = d[{n!r}]; nd[{n!r}] = {c}\n" for n, c in lines)
    src = (f"def copy(o, instead=_EMPTY):\n"
           f"    d = o.__dict__\n"
           f"    if len(d) != {len(hints)}:\n"
           f"        return _walk(o, instead)\n"
           f"    n = _new(_T)\n"
           f"    nd = n.__dict__\n"
           f"    nd.update(d)\n"
           f"    if instead:\n{slow or '        pass'}\n"
           f"        nd.update(instead)\n"
           f"        return n\n"
           f"{fast}"
           f"    return n\n")
    env = {"_T": t, "_new": object.__new__, "_cv": copy_value, "_walk": walk, "_EMPTY": {},
           "_lcopy": list.copy}
    exec(src, env)  # noqa: S102 - our own field names, as PlainData's __init__ is made
    return env["copy"]


def _hints(t: type) -> dict[str, Any]:
    """Field name -> its annotation resolved, or None where it does not resolve."""
    out: dict[str, Any] = {}
    for klass in reversed(t.__mro__):
        module = sys.modules.get(klass.__module__)
        scope = vars(module) if module is not None else {}
        for name, ann in klass.__dict__.get("__annotations__", {}).items():
            if "ClassVar" in str(ann):
                continue
            if isinstance(ann, str):
                try:
                    ann = eval(ann, scope, dict(vars(klass)))  # noqa: S307 - our own annotations
                except Exception:
                    ann = None
            out[name] = ann
    return out


def _atomic(a: Any, atoms: set[type]) -> bool:
    """Whether a value so annotated is immutable through and through."""
    if isinstance(a, type):
        params = getattr(a, "__dataclass_params__", None)
        return a in atoms or issubclass(a, enum.Enum) or (params is not None and params.frozen)
    o = get_origin(a)
    if o is Union or o is types.UnionType:
        return all(_atomic(x, atoms) for x in get_args(a))
    if o is tuple:
        args = get_args(a)
        return bool(args) and all(x is Ellipsis or _atomic(x, atoms) for x in args)
    return o is frozenset or o is typing.Literal


def _expr(a: Any, var: str, depth: int, atoms: set[type]) -> str | None:
    """Source copying ``var`` of a container annotation (lists, dicts and sets
    of atoms, and containers of those), or None for anything else."""
    o, args = get_origin(a), get_args(a)
    u = f"u{depth}"
    if o is list or o is set:
        if len(args) != 1:
            return None
        if _atomic(args[0], atoms):
            return f"{var}.copy()"
        if o is list and get_origin(args[0]) is list and len(get_args(args[0])) == 1 \
                and _atomic(get_args(args[0])[0], atoms):
            return f"[*map(_lcopy, {var})]"           # a table: rows of atoms
        inner = _expr(args[0], u, depth + 1, atoms) if o is list else None
        return None if inner is None else f"[{inner} for {u} in {var}]"
    if o is dict and len(args) == 2:
        if _atomic(args[1], atoms):
            return f"{var}.copy()"
        inner = _expr(args[1], u, depth + 1, atoms)
        return None if inner is None else f"{{k{depth}: {inner} for k{depth}, {u} in {var}.items()}}"
    return None

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
generated from the field names, with the annotated shape inlined (``players:
list[Player]`` is ``[*map(<Player's copier>, v)]``, each field read and set
as an attribute), because a clone is made per undo snapshot and per search
iteration and the hand-written clones it replaces set the bar.
"""
from __future__ import annotations

import enum
import sys
import types
import typing
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin

# What the generated source may name.
_ORIGIN_NAMES = {list: "list", dict: "dict", set: "set"}


def compile_copier(t: type, atoms: set[type], copy_value: Callable[[Any], Any],
                   walk: Callable[..., Any],
                   copier_of: Callable[[type], Callable[[Any], Any] | None]) -> Callable[..., Any]:
    """``copier(obj, instead={})``: a new ``t`` (no ``__init__``, no
    ``__setattr__`` of its class) with its fields copied, those in ``instead``
    set to the values given instead.  ``_decision`` (a state's cached
    decision) is shared, the class's ``_cache_attrs`` left out.  With
    ``instead``, an instance with other attributes than the fields goes to
    ``walk(obj, instead)``; without, only fields are copied.  An instance of
    a subclass goes to ``copy_value``.  ``copier_of(cls)`` is the copier of a
    class named in an annotation, or None (not known yet, or not to be called
    directly)."""
    hints = _hints(t)
    env: dict[str, Any] = {"_T": t, "_new": object.__new__, "_cv": copy_value, "_walk": walk, "_EMPTY": {},
           "_lcopy": list.copy, "_CACHE": frozenset(getattr(t, "_cache_attrs", ()))}
    lines = []
    for name, ann in hints.items():
        if name == "_decision" or (ann is not None and _atomic(ann, atoms)):
            continue                                   # shared: comes with the update
        lines.append((name, "_cv(v)" if ann is None else _guarded(ann, "v", 0, atoms, env, copier_of)))
    n = len(hints)
    # Whether an instance's __dict__ ``d`` holds other attributes than the
    # fields, or lacks one (then the walk copies what there is).  A cache
    # (Board's squares) may sit beside the fields: dropped.
    check = "len({d}) != {n}"
    drop = ""
    if env["_CACHE"]:
        check += " and len({d}.keys() - _CACHE) != {n}"
        drop = "".join(f"    nd.pop({a!r}, None)\n" for a in sorted(env["_CACHE"]))
    # With ``instead`` (determinize's rng), or for a class with a __setattr__
    # (Civilization's TilePlace counts edits: a copy is not a change): a copy
    # of the dict, the mutable fields replaced, set as the new object's
    # __dict__ by the descriptor itself.
    env["_setd"] = next(k.__dict__["__dict__"] for k in t.__mro__ if "__dict__" in k.__dict__).__set__
    slow = "".join(f"    if {n!r} not in instead: v = d[{n!r}]; nd[{n!r}] = {c}\n" for n, c in lines)
    src = (f"def copy_with(o, instead=_EMPTY):\n"
           f"    d = o.__dict__\n"
           f"    if {check.format(d='d', n=n)}:\n"
           f"        return _walk(o, instead)\n"
           f"    nd = d.copy()\n"
           f"{drop}"
           f"{slow}"
           f"    nd.update(instead)\n"
           f"    n = _new(_T)\n"
           f"    _setd(n, nd)\n"
           f"    return n\n")
    if t.__setattr__ is not object.__setattr__:
        src += "copy = copy_with\n"
    else:
        # Otherwise field by field, attribute to attribute: about half the
        # time of a dict copy (3.11 keeps an instance's attributes inline, and
        # writing a __dict__ turns them into a dict).  Not even o.__dict__ is
        # looked at (reading it costs as much again), so an attribute that is
        # not a field is not copied: a state's value is its fields (a cache
        # besides them is named in ``_cache_attrs`` and dropped anyway).
        copied = dict(lines)
        body = "".join(f"    v = o.{f}; n.{f} = {copied[f]}\n" if f in copied else f"    n.{f} = o.{f}\n"
                       for f in hints)
        src += (f"def copy(o, instead=_EMPTY):\n"
                f"    if instead or type(o) is not _T:\n"
                f"        return copy_with(o, instead) if type(o) is _T else _cv(o)\n"
                f"    n = _new(_T)\n"
                f"{body}"
                f"    return n\n")
    # Named for the class, so that a traceback or a profile tells the copiers apart.
    exec(compile(src, f"<copier of {t.__module__}.{t.__qualname__}>", "exec"), env)  # noqa: S102 - our own field names
    copier: Callable[..., Any] = env["copy"]
    return copier


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


def _guarded(a: Any, var: str, depth: int, atoms: set[type], env: dict,
             copier_of: Callable[[type], Any]) -> str:
    """Source copying ``var``, a value annotated ``a``: the annotation's shape
    inlined (a container comprehension, a class's copier called directly),
    behind a test of the value's type that sends anything else (None, a
    subclass) to ``_cv``, the generic copy."""
    o = get_origin(a)
    if o is Union or o is types.UnionType:            # X | None: copy as X, None goes to _cv
        rest = [x for x in get_args(a) if not _atomic(x, atoms)]
        return _guarded(rest[0], var, depth, atoms, env, copier_of) if len(rest) == 1 else f"_cv({var})"
    if o in _ORIGIN_NAMES:
        e = _expr(a, var, depth, atoms, env, copier_of)
        return f"_cv({var})" if e is None else f"({e} if type({var}) is {_ORIGIN_NAMES[o]} else _cv({var}))"
    k = _direct(a, env, copier_of, bare=a in (list, dict, tuple))
    return f"({k}({var}) if type({var}) is _t{k} else _cv({var}))" if k else f"_cv({var})"


def _direct(a: Any, env: dict, copier_of: Callable[[type], Any], bare: bool = False) -> str | None:
    """The name given in ``env`` to the copier of class ``a``, to be called
    directly, or None.  Only for a class with no subclasses (or a ``bare``
    list, dict or tuple: their generic copy): a base class (``Step``) has
    instances of many classes, and the generic copy finds each one's copier."""
    f = copier_of(a) if bare or (isinstance(a, type) and not type.__subclasses__(a)) else None
    if f is None:
        return None
    k = f"_k{len(env)}"
    env[k], env["_t" + k] = f, a
    return k


def _expr(a: Any, var: str, depth: int, atoms: set[type], env: dict,
          copier_of: Callable[[type], Any]) -> str | None:
    """Source copying ``var`` of a container annotation (lists, dicts and sets,
    of atoms or of what :func:`_guarded` copies), or None for a bare one."""
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
        if o is set:
            return None
        k = _direct(args[0], env, copier_of)
        if k:                                          # items of one class: its copier mapped, in C
            return f"[*map({k}, {var})]"
        return f"[{_guarded(args[0], u, depth + 1, atoms, env, copier_of)} for {u} in {var}]"
    if o is dict and len(args) == 2:
        if _atomic(args[1], atoms):
            return f"{var}.copy()"
        k = _direct(args[1], env, copier_of)
        if k:
            return f"dict(zip({var}, map({k}, {var}.values())))"
        inner = _guarded(args[1], u, depth + 1, atoms, env, copier_of)
        return f"{{k{depth}: {inner} for k{depth}, {u} in {var}.items()}}"
    return None

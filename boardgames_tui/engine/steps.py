"""The step stack: one pattern for multi-part and out-of-turn decisions.

Every game keeps ``state.steps``, a stack (a list, top last) of pending steps.
The top step owns the moment: it names the player who decides, builds that
decision's options and applies the one chosen.  This is TabletopGames'
``IExtendedSequence`` made small for Python:

* :class:`Step` is a decision.  A subclass declares its fields with
  annotations, as a dataclass would (plain data, so states compare equal and
  copy cheaply), and implements ``prompt``, ``options`` and ``apply``.  Its ``player`` field *is* who acts: the engine
  never reads "whose turn" from anywhere else.
* A step may change its own fields after it is pushed (an auction step keeps
  the bids so far): :meth:`StepGame.clone` copies the stack with
  :meth:`PlainData.copy`, containers in fields included (the rule of
  :mod:`~boardgames_tui.engine.copying`).
* :class:`Auto` is a procedure with no decision ("deal", "next bidder", "end of
  round").  After every choice the engine runs auto steps off the top of the
  stack until a real decision is on top, so "advance until somebody must
  decide" is engine behaviour, not a loop in each game.
* A step whose ``options`` come out empty is a step with nothing to decide:
  the engine pops it and calls its ``on_empty`` (for example "this bidder
  cannot pay, skip them").  The default raises, because an empty decision is
  usually a bug, unless the step declares ``may_be_empty = True``: then having
  no options is fine and the step is simply skipped.
* The engine pops the top step *before* calling its ``apply``.  A step that
  keeps going (a turn of several plays) pushes itself back; a step that needs a
  follow-up question pushes itself and then the follow-up on top.  "Back" in a
  follow-up is then simply: push nothing, and the step below decides again.
* The stack being empty means the game is over.

Options carry a ``value`` (any plain data: an int, a tuple) so ``apply``
never parses keys; keys are built with :func:`key` and read, where a key must
be read (``why_illegal`` for a key that is not offered), with :func:`parse_key`.

A worked example is in ``docs/engine.md``.
"""
from __future__ import annotations

from dataclasses import MISSING, Field, dataclass, field
from functools import partial
from typing import Any, ClassVar, dataclass_transform

from .copying import copy_object, copy_state
from .core import Decision, Game, IllegalMove, LogEntry, Option
from .text import quoted

KEY_SEP = ":"


def key(head: str, *parts: object) -> str:
    """Build an option key: ``key("target", 1, 2) == "target:1:2"``."""
    if not parts:
        return head
    if len(parts) == 1:  # the common case, kept fast: keys are built for every option
        return f"{head}:{parts[0]}"
    return head + KEY_SEP + KEY_SEP.join(map(str, parts))


def parse_key(k: str, *types: type) -> tuple:
    """Split a key into its head and typed parts.

    ``parse_key("target:1:2", int, int) == ("target", 1, 2)``.  Raises
    ``ValueError`` when the number of parts or a conversion does not fit, so a
    caller explaining a refused key can say "malformed"."""
    head, *parts = k.split(KEY_SEP)
    if len(parts) != len(types):
        raise ValueError(f"key {quoted(k)} has {len(parts)} parts, expected {len(types)}")
    return (head, *(t(p) for t, p in zip(types, parts)))


def key_head(k: str) -> str:
    return k.split(KEY_SEP, 1)[0]


# A dataclass to type checkers (PEP 681): they read the ``__init__`` a subclass gets from its fields.
@dataclass_transform(field_specifiers=(field,))
class PlainData:
    """Fields from annotations, with ``__init__``, ``==`` and ``repr``: what
    ``@dataclass`` gives, without its code generation per class (about 0.7 ms
    a class at import, and a game has dozens of steps: time a player waits
    when a game opens).  ``ClassVar`` annotations are not fields; a
    default may be a ``dataclasses.field(default_factory=...)``.  ``copy()``
    is an independent copy (see :mod:`~boardgames_tui.engine.copying`)."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    # Attributes besides the fields that cache what the fields imply: not
    # part of the value, left out of a copy (a subclass's copy() may share
    # them), skipped by the conformance suite's walk.
    _cache_attrs: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        fields: list[str] = []
        defaults: dict[str, Any] = {}
        for klass in reversed(cls.__mro__):
            own = klass.__dict__
            for name, ann in own.get("__annotations__", {}).items():
                if "ClassVar" in str(ann):
                    continue
                if name not in fields:
                    fields.append(name)
                if name in own:
                    defaults[name] = own[name]
        cls._fields = tuple(fields)
        cls._defaults = defaults
        if "__init__" not in cls.__dict__:
            cls.__init__ = PlainData._first_init  # type: ignore[method-assign,assignment]

    def _first_init(self, *args: Any, **kwargs: Any) -> None:
        """Compile this class's own ``__init__`` at its first use (as fast as
        a dataclass's afterwards), then run it."""
        cls = type(self)
        cls.__init__ = _compiled_init(cls) or PlainData._generic_init  # type: ignore[method-assign,assignment]
        cls.__init__(self, *args, **kwargs)

    def _generic_init(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} fields, got {len(args)}")
        d = self.__dict__
        for name, v in zip(fields, args):
            d[name] = v
        for name in fields[len(args):]:
            if name in kwargs:
                d[name] = kwargs.pop(name)
                continue
            if name not in self._defaults:
                raise TypeError(f"{type(self).__name__} is missing the field {name!r}")
            dv = self._defaults[name]
            if isinstance(dv, Field):
                dv = dv.default_factory() if dv.default_factory is not MISSING else dv.default
            d[name] = dv
        if kwargs:
            raise TypeError(f"{type(self).__name__} has no field {next(iter(kwargs))!r}")

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # mutable, like a dataclass

    # An independent copy (engine.copying: fields' containers copied too).
    copy = copy_object

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={self.__dict__.get(f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"


def _compiled_init(cls: type[PlainData]) -> Any:
    """Source-generated ``__init__`` for ``cls``'s fields; None when the
    fields cannot be written as a signature (a field without a default after
    one with a default), and the generic one is used."""
    params: list[str] = []
    body: list[str] = []
    env: dict[str, Any] = {"_MISSING": MISSING}
    seen_default = False
    for f in cls._fields:
        if f in cls._defaults:
            seen_default = True
            dv = cls._defaults[f]
            if isinstance(dv, Field) and dv.default_factory is not MISSING:
                env[f"_f_{f}"] = dv.default_factory
                params.append(f"{f}=_MISSING")
                body.append(f"    self.{f} = _f_{f}() if {f} is _MISSING else {f}")
                continue
            env[f"_d_{f}"] = dv.default if isinstance(dv, Field) else dv
            params.append(f"{f}=_d_{f}")
        elif seen_default:
            return None
        else:
            params.append(f)
        body.append(f"    self.{f} = {f}")
    src = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass")
    exec(src, env)  # noqa: S102 - our own field names, as dataclasses does
    return env["__init__"]


@dataclass
class StepState:
    """What every state of a :class:`StepGame` has: the players' ``names``
    (the first field), the step stack (top last; empty: the game is over),
    the move log and the cached decision (shared by copies).  The last three
    are keyword-only, so a game's own fields keep their places in its
    ``__init__``."""

    names: list[str]
    steps: list = field(default_factory=list, kw_only=True)
    log: list[LogEntry] = field(default_factory=list, kw_only=True)
    _decision: Any = field(default=None, compare=False, repr=False, kw_only=True)

    @property
    def n(self) -> int:
        return len(self.names)


def log(s: Any, text: str, private_to: int | None = None, private_text: str | None = None) -> None:
    """Append a line to ``s``'s move log, in the state's round; ``private_to``
    reads ``private_text`` instead (see :class:`~boardgames_tui.engine.core.LogEntry`)."""
    s.log.append(LogEntry(text, private_to, private_text, s.round))


class Step(PlainData):
    """A pending decision of ``player``."""

    player: int

    # ``kind`` (a word for the UI and bots) and ``private`` are class attributes
    # in a subclass (``kind: ClassVar[str] = "play"``), or properties where one
    # step class serves two kinds of decision: read-only properties here, so a
    # type checker accepts both.
    @property
    def kind(self) -> str:
        return "step"

    # Answering means looking at private holdings, so a hot-seat UI shows a
    # hand-off curtain first.  Public decisions (e.g. ones that only concern
    # the board) may set this False.
    @property
    def private(self) -> bool:
        return True
    # No options can be fine (the step is skipped, nothing to do): a step that
    # sets this needs no ``on_empty``; otherwise an empty decision is a bug.
    may_be_empty: ClassVar[bool] = False
    # Always at least one option (a "done" or "back" offered whatever the position): ``advance`` then
    # stops at the step without building its decision, which is built when first asked for
    # (``cached_decision``), from the position then, which is still this one: only ``apply`` moves on.
    # A replay that only applies keys (``StepGame.apply``) checks each with ``find`` instead and
    # never builds the prompt or the whole option list.
    never_empty: ClassVar[bool] = False

    def prompt(self, game: Any, s: Any) -> str:
        raise NotImplementedError

    def options(self, game: Any, s: Any) -> list[Option]:
        raise NotImplementedError

    def apply(self, game: Any, s: Any, opt: Option) -> None:
        raise NotImplementedError

    def is_private(self, game: Any, s: Any) -> bool:
        """Whether this decision shows private holdings now: ``private`` unless a step knows better
        from the state (a turn whose options name cards only while its player holds some)."""
        return self.private

    def why_illegal(self, game: Any, s: Any, k: str) -> str | None:
        """Why ``k`` is not among the options (None: the generic message)."""
        return None

    def find(self, game: Any, s: Any, k: str) -> Option | None:
        """The option with key ``k`` (None: not legal now), exactly as ``options`` would list it.  A
        step may answer common keys without building the whole list (``tests/civilization`` compares
        the two over random games); for any other key it must fall back to the list, as here."""
        for o in self.options(game, s):
            if o.key == k:
                return o
        return None

    def on_empty(self, game: Any, s: Any) -> None:
        if self.may_be_empty:
            return
        raise RuntimeError(f"{type(self).__name__} for player {self.player} offers no options")


class Auto(PlainData):
    """A procedure on the stack: runs when it reaches the top, decides nothing."""

    # Its run only pushes steps or logs (a phase begins, a player's turn is set up): ``advance`` does not
    # count it among the steps that changed the position, so a game's check after every change
    # (Civilization's 15 coins) may skip it.
    pushes_only: ClassVar[bool] = False

    def run(self, game: Any, s: Any) -> None:
        raise NotImplementedError


class StepGame(Game):
    """A :class:`Game` whose decisions come from ``state.steps``.

    A game implements ``new_game`` (build the state, push the first steps,
    then call :meth:`start`), its steps, ``view``, ``scores`` and ``winners``.
    ``decision`` and ``_apply`` come from here.
    """

    # Guards against a game whose auto steps push each other for ever.
    MAX_AUTO_RUNS = 1_000_000

    def start(self, s: Any) -> Any:
        """Run the opening auto steps; call at the end of ``new_game``."""
        self.advance(s)
        return s

    def advance(self, s: Any) -> int:
        """Run auto steps and skip empty decisions until a decision with
        options is on top (or the stack is empty: the game is over).  The
        decision found is cached on the state.  Returns how many steps ran
        or were skipped on the way (0: the decision on top was there
        already), so a game can tell a choice that only moved between its
        own menus from one that set rules going.  An auto step that is ``pushes_only`` is not counted."""
        steps = s.steps
        changed = 0
        for _ in range(self.MAX_AUTO_RUNS):
            if not steps:
                s._decision = False
                return changed
            top = steps[-1]
            if isinstance(top, Auto):
                steps.pop()
                top.run(self, s)
                if not top.pushes_only:
                    changed += 1
                continue
            if top.never_empty:          # see Step.never_empty: the decision is built when asked for
                s._decision = None
                return changed
            opts = top.options(self, s)
            if not opts:
                steps.pop()
                top.on_empty(self, s)
                changed += 1
                continue
            s._decision = Decision(top.player, partial(top.prompt, self, s), top.kind, opts, top.is_private(self, s))
            return changed
        raise RuntimeError("auto steps did not settle")  # pragma: no cover

    def decision(self, s: Any) -> Decision | None:
        if not s.steps:
            return None
        top = s.steps[-1]
        if isinstance(top, Auto):  # only reachable if a game forgot start()
            raise RuntimeError("an auto step is on top of the stack; call advance()")
        opts = top.options(self, s)
        if not opts and top.never_empty:
            raise RuntimeError(f"{type(top).__name__} is never_empty but offers no options")
        return Decision(top.player, partial(top.prompt, self, s), top.kind, opts, top.is_private(self, s))

    def apply(self, s: Any, k: str) -> None:
        """``Game.apply`` (written out here: every choice of every game passes through it); when the
        decision on top has not been built (a ``never_empty`` step nobody has asked about: a replay),
        the key is checked with the step's ``find`` instead, and a key it refuses goes the usual way
        (the whole decision, ``IllegalMove`` with its reason, nothing changed)."""
        if s._decision is None and s.steps:
            top = s.steps[-1]
            if top.never_empty:
                opt = top.find(self, s, k)
                if opt is not None:
                    # ``_apply`` reads the decision's player only: the rest is never built here
                    self._apply(s, Decision(top.player, "", top.kind, [opt], True), opt)
                    return
        super().apply(s, k)

    def current_player(self, s: Any) -> int | None:
        if s._decision is None and s.steps:
            top = s.steps[-1]
            if top.never_empty:
                return top.player
        return super().current_player(s)

    def clone(self, s: Any) -> Any:
        """The engine's copy (:func:`~boardgames_tui.engine.copying.copy_state`):
        steps, containers and the rng copied, the cached decision shared."""
        return copy_state(s)

    def top_step(self, s: Any) -> Step | None:
        return s.steps[-1] if s.steps else None

    def _apply(self, s: Any, d: Decision, opt: Option) -> None:
        step = s.steps.pop()
        step.apply(self, s, opt)
        self.advance(s)

    def why_illegal(self, s: Any, d: Decision, k: str) -> str:
        top = self.top_step(s)
        reason = None
        if top is not None:
            try:
                reason = top.why_illegal(self, s, k)
            except (ValueError, IndexError, KeyError, TypeError):
                reason = None  # a malformed key: the generic message will do
        return reason or super().why_illegal(s, d, k)


__all__ = ["Auto", "IllegalMove", "Step", "StepGame", "key", "key_head", "parse_key"]

"""Each game's playing knowledge, shared by the easy bot and the hard bot's rollouts.

A policy module (``policies/<game>.py``) provides:

``choose(game, state, decision, rng) -> str``
    the easy bot's pick among ``decision.options`` (usually :func:`dispatch`
    over a table of handlers by decision kind).  ``state`` is a *world*: a
    determinization for ``decision.player`` (see ``bots/base.py``), never the
    true state, so the policy may read it freely.  It must be fast (well under
    a millisecond): the hard bot's rollouts call it for every choice.  Ties are
    broken with ``rng``, so the bot is not predictable.

``evaluate(game, state) -> list[float]``
    each player's chance of winning as judged from the position, in [0, 1];
    the hard bot uses it where a rollout is cut off.

``HANDLED_KINDS`` and ``RANDOM_FALLBACK``
    frozensets of decision kinds: those ``choose`` has a rule of its own for
    (``frozenset`` of its handler table),
    and those it picks at random on purpose (with a comment why).  Every kind
    the game produces is in one of them (:func:`handling`, checked by the
    conformance suite over random games).

It may also provide

``candidates(game, state, decision) -> list[str] | None``
    the options a tree search should weigh (see ``bots/ismcts.py``), for
    options that only make sense one way (a bid raised by more than the
    minimum, a question whose sensible answer is "back"); None: the search's
    own choice (every option but "back").

``focus(game, state, decision) -> object | None``
    a sub-game the decision belongs to, searched on its own terms (a
    Civilization battle): an object with ``done(state)`` (the sub-game is
    over), ``horizon`` (the most choices a rollout plays to get there) and
    ``score(game, state)`` (each player's result in it, in [0, 1]); None
    for a decision of the game at large.

``horizon``, ``judge`` and ``budget_share`` (the hard bot's playouts' end, its judgement there, its
budget by decision): see ``bots/ismcts.py``.

A policy that scores its options passes them to :func:`pick`; the hard bot
reads that scoring through :func:`ranked` to search only the best few.

Reasons (the hint, ``bots/hint.py``): a score may be a :class:`Why`, a float
that names the factors it is made of in the player's terms ("your carnivore
needs 2 more food").  Arithmetic on it gives plain floats, so a policy scores
as before and wraps the total where it hands it to :func:`pick`, with
:func:`why`.  A pick made by a rule of thumb, without scores, says its reason
with :func:`because`.  Neither changes what the policy picks.

A game without a module of its own gets :mod:`.generic` (random picks, the
score ranking as the judgement).
"""
from __future__ import annotations

import importlib
import random
import threading
from types import ModuleType
from collections.abc import Callable, Iterable
from typing import Any

from ...engine.core import Decision

_watch = threading.local()   # a search thread's box for the scores of the next pick


class Why(float):
    """A score with its factors: ``(weight, text)`` pairs, the text a phrase in the player's terms."""

    __slots__ = ("factors",)
    factors: tuple[tuple[float, str], ...]

    def __new__(cls, value: float, factors: tuple[tuple[float, str], ...] = ()) -> Why:
        self = super().__new__(cls, value)
        self.factors = factors
        return self


def explaining() -> bool:
    """Is a hint asking for reasons now (:func:`explain`)?  A policy may skip building them otherwise."""
    return getattr(_watch, "reasons", None) is not None


def why(value: float, factors: Callable[[], Iterable[tuple[float, str] | None]]) -> float:
    """``value`` with the factors that matter: ``factors()`` gives ``(weight, text)`` pairs (None
    for one that does not apply; a weight of 0 is dropped).  Called only while a hint asks, so a
    bot's rollouts pay one closure and no text for reasons: outside a hint it returns ``value``."""
    if getattr(_watch, "reasons", None) is None:
        return value
    return Why(value, tuple(f for f in factors() if f is not None and f[0] != 0))


def because(text: str) -> None:
    """The reason for a pick made without scores (a rule of thumb), for a hint asking."""
    box = getattr(_watch, "reasons", None)
    if box is not None:
        box.append(text)


def pick(scored: list[tuple[float, str]], rng: random.Random, tie: float = 1e-9) -> str:
    """The best-scored key of ``(score, key)`` pairs, ties (within ``tie``) broken by ``rng``."""
    box = getattr(_watch, "box", None)
    if box is not None:
        box.append(scored)
    best = max(v for v, _ in scored)
    keys = [k for v, k in scored if v >= best - tie]
    return keys[0] if len(keys) == 1 else rng.choice(keys)


def dispatch(handlers: dict[str, Callable[..., Any]], game: Any, state: Any, decision: Decision,
             rng: random.Random, call: Callable[..., str] | None = None) -> str:
    """A policy's ``choose`` by its table of handlers by decision kind: the only option when
    there is one, a random pick for a kind without a handler (a declared ``RANDOM_FALLBACK``),
    else the handler's pick: ``handler(game, state, decision, rng)``, or ``call(handler, game,
    state, decision, rng)`` for handlers of another shape."""
    opts = decision.options
    if len(opts) == 1:
        return opts[0].key
    h = handlers.get(decision.kind)
    if h is None:
        return rng.choice(opts).key
    if call is None:
        return h(game, state, decision, rng)
    return call(h, game, state, decision, rng)


def ranked(policy: ModuleType, game: Any, state: Any, decision: Decision,
           rng: random.Random) -> tuple[str, list[str] | None]:
    """The policy's pick, and the keys it scored from best to worst (None when it
    picked without scoring, for instance by a rule of thumb)."""
    box: list[list[tuple[float, str]]] = []
    _watch.box = box
    try:
        key = policy.choose(game, state, decision, rng)
    finally:
        _watch.box = None
    if not box:
        return key, None
    scored = box[-1]    # the last pick made the choice (earlier ones weighed its parts)
    if not any(k == key for _, k in scored):
        return key, None
    order = [k for _, k in sorted(scored, key=lambda vk: -vk[0])]
    order.remove(key)
    return key, [key] + order


class Explained:
    """A policy's pick with what it weighed: the scored options of its last :func:`pick` (if
    any) and the reasons given by :func:`because`."""

    __slots__ = ("key", "scored", "notes")

    def __init__(self, key: str, scored: list[tuple[float, str]] | None, notes: list[str]) -> None:
        self.key, self.scored, self.notes = key, scored, notes

    def score_of(self, key: str) -> float | None:
        for v, k in self.scored or ():
            if k == key:
                return v
        return None


def explain(policy: ModuleType, game: Any, state: Any, decision: Decision, rng: random.Random) -> Explained:
    """The policy's pick and why: like :func:`ranked`, with the factors the scores name."""
    box: list[list[tuple[float, str]]] = []
    notes: list[str] = []
    _watch.box, _watch.reasons = box, notes
    try:
        key = policy.choose(game, state, decision, rng)
    finally:
        _watch.box = _watch.reasons = None
    scored = next((b for b in reversed(box) if any(k == key for _, k in b)), None)
    return Explained(key, scored, notes)


def handling(policy: ModuleType, kind: str) -> str | None:
    """How ``policy`` chooses in a decision of ``kind``: "rule" (a handler of its own), "random" (a
    declared random fallback) or None (undeclared: it would pick at random without saying so)."""
    if kind in getattr(policy, "HANDLED_KINDS", ()):
        return "rule"
    if kind in getattr(policy, "RANDOM_FALLBACK", ()):
        return "random"
    return None


_CACHE: dict[str, ModuleType] = {}


def policy_for(game_name: str) -> ModuleType:
    mod = _CACHE.get(game_name)
    if mod is None:
        try:
            mod = importlib.import_module(f"{__name__}.{game_name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{game_name}":
                raise
            mod = importlib.import_module(f"{__name__}.generic")
        _CACHE[game_name] = mod
    return mod

"""Each game's playing knowledge, shared by the easy bot and the hard bot's rollouts.

A policy module (``policies/<game>.py``) provides:

``choose(game, state, decision, rng) -> str``
    the easy bot's pick among ``decision.options``.  ``state`` is a *world*: a
    determinization for ``decision.player`` (see ``bots/base.py``), never the
    true state, so the policy may read it freely.  It must be fast (well under
    a millisecond): the hard bot's rollouts call it for every choice.  Ties are
    broken with ``rng``, so the bot is not predictable.

``evaluate(game, state) -> list[float]``
    each player's chance of winning as judged from the position, in [0, 1];
    the hard bot uses it where a rollout is cut off.

A game without a module of its own gets :mod:`.generic` (random picks, the
score ranking as the judgement).
"""
from __future__ import annotations

import importlib
from types import ModuleType

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

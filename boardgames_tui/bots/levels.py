"""The bot levels and the one way to make a bot of a level.

Apart from ``base.py`` because the levels' modules (``easy.py``,
``ismcts.py``) import ``base.py`` for what a bot is given: making a bot there
made the two import each other.
"""
from __future__ import annotations

from typing import Any

from ..engine.core import Game

LEVELS = ("random", "easy", "hard")


def make_bot(level: str, seed: int | None, game: Game | None = None, **kw: Any) -> Any:
    """A bot of ``level`` ("random", "easy" or "hard") for ``game``, seeded."""
    if level == "random":
        from .random_bot import RandomBot
        return RandomBot(seed)
    if game is None:
        raise ValueError(f"a {level} bot needs its game")
    if level == "easy":
        from .easy import EasyBot
        return EasyBot(game, seed)
    if level == "hard":
        from .ismcts import HardBot
        return HardBot(game, seed, **kw)
    raise ValueError(f"unknown bot level '{level}'; levels: {', '.join(LEVELS)}")

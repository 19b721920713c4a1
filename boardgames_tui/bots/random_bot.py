"""A bot that picks uniformly among the legal options: the fuzzer of every rule."""
from __future__ import annotations

import random

from ..engine.core import Decision


class RandomBot:
    name = "random"
    uses_view = False  # it looks at nothing but the options

    def __init__(self, seed: int | None = None):
        self._r = random.Random(seed)

    def choose(self, decision: Decision, view: dict | None = None) -> str:
        return self._r.choice(decision.options).key

"""A seeded random source that lives inside a game state.

It wraps :class:`random.Random` (Mersenne Twister, implemented in C, so
shuffles stay fast) and adds value equality and a count of draws, so two
states reached by the same seed and the same choices compare equal and a
replay can be checked for exactness.
"""
from __future__ import annotations

import random
from typing import Sequence, TypeVar

T = TypeVar("T")


class Rng:
    __slots__ = ("seed", "draws", "_r")

    def __init__(self, seed: int):
        self.seed = int(seed)
        self.draws = 0
        self._r = random.Random(self.seed)

    def randrange(self, n: int) -> int:
        self.draws += 1
        return self._r.randrange(n)

    def choice(self, seq: Sequence[T]) -> T:
        self.draws += 1
        return self._r.choice(seq)

    def shuffle(self, items: list) -> None:
        self.draws += 1
        self._r.shuffle(items)

    def state(self) -> tuple:
        return (self.seed, self.draws, self._r.getstate())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.state() == other.state()

    def __repr__(self) -> str:  # never print the seed into a view or a log
        return f"Rng(draws={self.draws})"

    def __deepcopy__(self, memo) -> "Rng":
        new = Rng.__new__(Rng)
        new.seed, new.draws = self.seed, self.draws
        new._r = random.Random()
        new._r.setstate(self._r.getstate())
        return new

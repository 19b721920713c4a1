"""The state's random source, which also counts reveals.

It wraps :class:`random.Random` (Mersenne Twister, implemented in C, so
shuffles stay fast) and adds value equality and two counts: ``draws``, the
random calls, and ``reveals``, the times something hidden became known (a card
drawn from a face-down :class:`~boardgames_tui.engine.hidden.Deck`, a
face-down card turned up through :meth:`Rng.reveal`).  ``mark`` is their sum:
a choice during which ``mark`` moved used randomness or revealed something,
and the undo policy refuses to take it back.  Because the deck cannot be drawn
from without the rng and shuffling is a random call, games count reveals by
construction rather than by hand.
"""
from __future__ import annotations

import random
from typing import TypeVar
from collections.abc import Sequence

T = TypeVar("T")


class Rng:
    __slots__ = ("seed", "draws", "reveals", "_r")

    def __init__(self, seed: int):
        self.seed = int(seed)
        self.draws = 0
        self.reveals = 0
        self._r = random.Random(self.seed)

    # -- randomness (each call is counted) -----------------------------------
    def randrange(self, n: int) -> int:
        self.draws += 1
        return self._r.randrange(n)

    def choice(self, seq: Sequence[T]) -> T:
        self.draws += 1
        return self._r.choice(seq)

    def shuffle(self, items: list) -> None:
        self.draws += 1
        self._r.shuffle(items)

    # -- reveals -------------------------------------------------------------
    def reveal(self, n: int = 1) -> None:
        """Something hidden became known (a face-down card turned up)."""
        self.reveals += n

    @property
    def mark(self) -> int:
        """Random calls plus reveals so far; moves whenever a choice cannot be
        taken back."""
        return self.draws + self.reveals

    # -- value semantics -----------------------------------------------------
    def state(self) -> tuple:
        return (self.seed, self.draws, self.reveals, self._r.getstate())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.state() == other.state()

    def __repr__(self) -> str:  # never print the seed into a view or a log
        return f"Rng(draws={self.draws}, reveals={self.reveals})"

    def __getstate__(self) -> tuple:
        return self.state()

    def __setstate__(self, st: tuple) -> None:
        self.seed, self.draws, self.reveals, inner = st
        self._r = random.Random()
        self._r.setstate(inner)

    def copy(self) -> Rng:
        """An exact copy, cheap enough for a search's clones: ``random.Random()``
        would first seed itself from the system, which costs more than the copy."""
        new = Rng.__new__(Rng)
        new.seed, new.draws, new.reveals = self.seed, self.draws, self.reveals
        inner = random.Random.__new__(random.Random)
        inner.setstate(self._r.getstate())
        new._r = inner
        return new

    def __deepcopy__(self, memo) -> Rng:
        return self.copy()

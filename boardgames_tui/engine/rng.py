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
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_new = object.__new__


class Rng:
    # ``_r`` is the live generator, or None in a copy that has not drawn yet;
    # ``_st`` a snapshot of the generator's state (``getstate()``, an immutable
    # tuple), or None once drawing has moved the generator past it.  At least
    # one of them is set.  Why: the Mersenne Twister's state is 625 numbers,
    # and getting it (~9 µs) then setting it (~4 µs) was most of a clone's
    # cost.  A copy takes the snapshot (once for any number of copies of an
    # unchanged rng: a search clones one position many times) and rebuilds a
    # generator from it only when it first draws.  Nothing mutable is shared:
    # the snapshot is a tuple of ints.
    __slots__ = ("seed", "draws", "reveals", "_r", "_st")

    def __init__(self, seed: int):
        self.seed = int(seed)
        self.draws = 0
        self.reveals = 0
        self._r: random.Random | None = random.Random(self.seed)
        self._st: tuple | None = None

    def _wake(self) -> random.Random:
        """The generator, rebuilt from the snapshot (a copy's first draw)."""
        r = self._r = random.Random.__new__(random.Random)
        r.setstate(self._st)  # type: ignore[arg-type]  # a copy without a generator holds a snapshot
        return r

    # -- randomness (each call is counted) -----------------------------------
    def randrange(self, n: int) -> int:
        self.draws += 1
        r = self._r or self._wake()
        self._st = None
        return r.randrange(n)

    def choice(self, seq: Sequence[T]) -> T:
        self.draws += 1
        r = self._r or self._wake()
        self._st = None
        return r.choice(seq)

    def shuffle(self, items: list) -> None:
        self.draws += 1
        r = self._r or self._wake()
        self._st = None
        r.shuffle(items)

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
        return (self.seed, self.draws, self.reveals, self._snapshot())

    def _snapshot(self) -> tuple:
        st = self._st
        if st is None:
            st = self._st = self._r.getstate()  # type: ignore[union-attr]  # no snapshot: a live generator
        return st

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.state() == other.state()

    def __repr__(self) -> str:  # never print the seed into a view or a log
        return f"Rng(draws={self.draws}, reveals={self.reveals})"

    def __getstate__(self) -> tuple:
        return self.state()

    def __setstate__(self, st: tuple) -> None:
        self.seed, self.draws, self.reveals, self._st = st
        self._r = None

    def copy(self) -> Rng:
        """An exact copy: the snapshot shared (immutable), the generator
        rebuilt at the copy's first draw (see ``__slots__``)."""
        new = _new(Rng)
        new.seed, new.draws, new.reveals, new._r = self.seed, self.draws, self.reveals, None
        new._st = self._st or self._snapshot()
        return new

    def __deepcopy__(self, memo) -> Rng:
        return self.copy()

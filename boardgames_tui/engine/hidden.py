"""Face-down piles whose draws are counted as reveals by construction.

A :class:`Deck` has no ``pop``: the only way to take a card off it is
:meth:`Deck.draw`, which needs the state's :class:`~boardgames_tui.engine.rng.Rng`
and counts a reveal on it.  Shuffling goes through the rng as well, so it is
counted as a random call.  Adding cards (face down, from known places) is not a
reveal and needs no rng.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

from .rng import Rng

T = TypeVar("T")


class Deck(Generic[T]):
    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[T] = ()):
        self._cards: list[T] = list(cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def draw(self, rng: Rng) -> T:
        """Take the top card; whoever gets it learns it (a reveal)."""
        if not self._cards:
            raise IndexError("draw from an empty deck")
        rng.reveal()
        return self._cards.pop()

    def draw_many(self, rng: Rng, n: int) -> list[T]:
        """Up to ``n`` cards from the top (fewer if the deck runs out)."""
        n = min(n, len(self._cards))
        if n <= 0:
            return []
        rng.reveal()
        out = self._cards[-n:][::-1]
        del self._cards[-n:]
        return out

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self._cards)

    def add(self, cards: Iterable[T]) -> None:
        """Put cards face down on the top."""
        self._cards.extend(cards)

    def add_bottom(self, cards: Iterable[T]) -> None:
        self._cards[:0] = list(cards)

    def take_all(self) -> list[T]:
        """Empty the deck and return its cards (e.g. to shuffle them into
        another pile); nobody sees them, so it is not a reveal."""
        out, self._cards = self._cards, []
        return out

    def copy(self) -> Deck[T]:
        """An independent deck in the same order (for a game's clone)."""
        new = Deck.__new__(Deck)
        new._cards = list(self._cards)
        return new

    def secret_contents(self) -> list[T]:
        """The cards in order, top last.  For ``determinize``, scoring at the
        end and tests only; never for a view."""
        return list(self._cards)

    def __iter__(self) -> Iterator[T]:
        raise TypeError("a face-down deck cannot be looked through; use secret_contents() in determinize")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self._cards == other._cards

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards)"

    def __getstate__(self) -> tuple:
        return (self._cards,)  # a tuple: pickle skips __setstate__ for a falsy state

    def __setstate__(self, st: tuple) -> None:
        self._cards = st[0]

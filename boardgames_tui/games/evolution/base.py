"""What Evolution's rules module and its part ``feeding`` share: the decision base class
:class:`EvoStep`, the species option keys and two small helpers.  It imports nothing of the game but
its cards (the rules' types only for the type checker), so both can import it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...engine.steps import Step, key, key_head, parse_key
from ...engine.text import quoted
from . import cards as C

if TYPE_CHECKING:
    from .rules import EvolutionGame, EvolutionState, Species

# Keys made once (bots and ``simulate`` ask for options very often).
# The keys are still built with ``key``; ``_key_i`` falls back to it beyond the table.
_SPECIES_KEYS = {head: [key(head, i) for i in range(32)] for head in ("size", "pop", "trait", "eat", "intel", "attack")}


def _key_i(head: str, i: int) -> str:
    table = _SPECIES_KEYS[head]
    return table[i] if i < len(table) else key(head, i)


def _index(row: list[Species], sp: Species) -> int:
    """The position of species ``sp`` (this very object) in ``row``, -1 if it is gone."""
    for k, x in enumerate(row):
        if x is sp:
            return k
    return -1



class EvoStep(Step):
    """An Evolution decision.  ``heads`` names the key heads it understands and
    the types of their parts, so ``why_illegal`` can read a refused key with
    ``parse_key`` and hand it to ``why``."""

    heads: ClassVar[dict[str, tuple[type, ...]]] = {}

    def why_illegal(self, g: EvolutionGame, s: EvolutionState, k: str) -> str | None:
        head = key_head(k)
        if head not in self.heads:
            return f"{quoted(k)} does not fit now: {self.prompt(g, s)}"
        _, *parts = parse_key(k, *self.heads[head])
        return self.why(g, s, head, *parts)

    def why(self, g: EvolutionGame, s: EvolutionState, head: str, *parts: Any) -> str | None:
        return None

    def selected(self, viewer: int | None) -> dict | None:
        """The view's ``selected`` entry while this step is on top."""
        return None

    def _why_card(self, s: EvolutionState, c: int) -> str | None:
        if not 0 <= c < len(C.CARDS):
            return f"there is no card {c}"
        if c not in s.players[self.player].hand:
            return "not your card: it is not in your hand"
        return None

    def _why_species(self, s: EvolutionState, i: int) -> str | None:
        row = s.players[self.player].species
        if not 0 <= i < len(row):
            return f"you have no species {i + 1} (you have {len(row)})"
        return None

"""The fallback policy: a random legal pick, and the score ranking as the judgement."""
from __future__ import annotations

import random
from typing import Any

from ...engine.core import Decision, Game


# It has no rule for any kind and declares none as a random fallback, so a game
# without a policy of its own fails the conformance check that every kind it
# produces is handled or declared (tests/conformance/checks.py).
HANDLED_KINDS: frozenset[str] = frozenset()
RANDOM_FALLBACK: frozenset[str] = frozenset()


def choose(game: Game, state: Any, decision: Decision, rng: random.Random) -> str:
    return rng.choice(decision.options).key


def rank_values(scores: list[float]) -> list[float]:
    """Each player's share of the others they are ahead of (a tie counts half):
    1 for the sole leader, 0 for the sole last."""
    n = len(scores)
    if n < 2:
        return [1.0] * n
    out = []
    for i, s in enumerate(scores):
        ahead = sum(1.0 if s > t else 0.5 if s == t else 0.0 for j, t in enumerate(scores) if j != i)
        out.append(ahead / (n - 1))
    return out


def evaluate(game: Game, state: Any) -> list[float]:
    return rank_values(list(game.scores(state)))

"""The easy bot: the game's policy (``policies/<game>.py``) applied to a world.

It reads nothing but a determinization for its player (``Knowledge.world``),
so it cannot know another player's hand; its ties are broken by its own seeded
random source, so the same seed plays the same game.  Fast: a decision is one
call of the policy, well under the 50 ms the issue allows.
"""
from __future__ import annotations

import random
from ..engine.core import Game
from .base import Knowledge
from .policies import policy_for


class EasyBot:
    name = "easy"
    uses_view = False
    uses_world = True

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.policy = policy_for(game.name)

    def decide(self, k: Knowledge) -> str:
        return self.policy.choose(k.game, k.world, k.decision, self.rng)


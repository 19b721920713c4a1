"""What a bot is given: its player's view, the decision and a *world*, never the state.

Every driver (the game screen, ``simulate``, ``demo``, the screenshot command)
asks a bot through :func:`ask`.  The bot receives a :class:`Knowledge`:

* ``view``: ``game.view(state, player)``, the player's redacted view;
* ``world``: ``game.determinize(state, player, bot.rng)``, a complete state in
  which everything the player cannot see (the others' hands, face-down cards,
  the deck order, the random source) was dealt afresh from what the player
  has not seen.  A bot may read and play out a world as it likes: what it
  holds about the others is made up.

Honest by construction: the true state never reaches the bot.  That rests on
``determinize`` depending only on what the player can see (its unseen pool is
put in a canonical order before it is shuffled); the conformance suite and
``tests/bots/test_honesty.py`` check it for every game and every level: the
same bot with the same seed makes the same choice when the other players'
hidden holdings are swapped for others consistent with its view.

A bot declares what it needs (``uses_view``, ``uses_world``) so that the
random bot, which needs neither, costs ``simulate`` nothing.  Bots with a
``decide(knowledge)`` method get the :class:`Knowledge`; the plain random
bot keeps ``choose(decision, view)``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.core import Decision, Game

class BotCancelled(Exception):
    """A bot was told to stop (the player pressed q while it thought)."""


@dataclass(frozen=True)
class Knowledge:
    game: Game
    player: int
    decision: Decision
    view: dict | None = None
    world: Any = None


class Bot(Protocol):
    name: str
    uses_view: bool

    def choose(self, decision: Decision, view: dict | None) -> str: ...


def knowledge(bot: Any, game: Game, state: Any, decision: Decision) -> Knowledge:
    """What ``bot`` may know at ``decision``: built from the state here, so that
    the bot itself (maybe in another thread) never holds the state."""
    view = game.view(state, decision.player) if getattr(bot, "uses_view", True) else None
    world = game.determinize(state, decision.player, bot.rng) if getattr(bot, "uses_world", False) else None
    return Knowledge(game, decision.player, decision, view, world)


def ask(bot: Any, game: Game, state: Any, decision: Decision) -> str:
    """The bot's choice for ``decision``, given only what its player may know."""
    decide = getattr(bot, "decide", None)
    if decide is None:
        view = game.view(state, decision.player) if getattr(bot, "uses_view", True) else None
        return bot.choose(decision, view)
    if len(decision.options) == 1:
        return decision.options[0].key  # nothing to think about
    return decide(knowledge(bot, game, state, decision))


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game seeded ``game_seed``."""
    return game_seed * 1_000 + seat + 1


def seeded(seed: int | None) -> random.Random:
    return random.Random(seed)

"""What a bot is given: its player's view and the decision, never the state.

Every driver (the game screen, ``simulate``, ``demo``, the screenshot command)
asks a bot through :func:`ask`, which builds the deciding player's redacted
view with ``game.view(state, player)``.  A bot therefore cannot read another
player's hand or the deck order: it never holds the state.  The random bot
sets ``uses_view = False`` so ``simulate`` does not pay for a view it ignores.
"""
from __future__ import annotations

from typing import Any, Protocol

from ..engine.core import Decision, Game


class Bot(Protocol):
    name: str
    uses_view: bool

    def choose(self, decision: Decision, view: dict | None) -> str: ...


def ask(bot: Bot, game: Game, state: Any, decision: Decision) -> str:
    """The bot's choice for ``decision``, given only its player's view."""
    view = game.view(state, decision.player) if getattr(bot, "uses_view", True) else None
    return bot.choose(decision, view)

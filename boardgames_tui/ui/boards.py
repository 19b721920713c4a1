"""Which board widget a game uses: read from the game's registry entry.

There is no second registry and no silent fallback: an entry without a board
gets the generic board on purpose; a board that fails to import raises, and
the test suite imports every registered board."""
from __future__ import annotations


def board_class(game_name: str) -> type:
    from ..engine.registry import game_info
    from .widgets.board import GenericBoard

    return game_info(game_name).board_class() or GenericBoard

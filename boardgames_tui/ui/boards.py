"""Which board widget each game uses.  A new game plugs in by adding a line
here (or calling :func:`register_board`); games without one get the generic
board, and the generic game screen works for them all the same."""
from __future__ import annotations

import importlib

BOARDS: dict[str, str | type] = {
    "evolution": "boardgames_tui.games.evolution.screen:EvolutionBoard",
    "phoenicia": "boardgames_tui.games.phoenicia.screen:PhoeniciaBoard",
    "utopia": "boardgames_tui.games.utopia.screen:UtopiaBoard",
}


def register_board(game_name: str, board: str | type) -> None:
    BOARDS[game_name] = board


def board_class(game_name: str) -> type:
    from .widgets.board import GenericBoard

    ref = BOARDS.get(game_name)
    if ref is None:
        return GenericBoard
    if isinstance(ref, str):
        mod, _, attr = ref.partition(":")
        try:
            return getattr(importlib.import_module(mod), attr)
        except (ImportError, AttributeError):
            return GenericBoard
    return ref

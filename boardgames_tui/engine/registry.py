"""The registry of games.  Game modules are imported lazily, so ``list`` and
the menu start fast and a game's rules load only when it is played."""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from .core import Game


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    blurb: str
    module: str  # module whose ``GAME`` attribute is the Game instance


GAMES: dict[str, GameInfo] = {
    "evolution": GameInfo(
        "evolution", "Evolution", 2, 6,
        "Species grow, adapt and eat each other at the watering hole (2-5; 6 with the 129-card deck).",
        "boardgames_tui.games.evolution.rules"),
    "phoenicia": GameInfo(
        "phoenicia", "Phoenicia", 2, 5,
        "Grow a Phoenician village: auction development cards, employ workers, race to 32 VP.",
        "boardgames_tui.games.phoenicia.rules"),
    "utopia": GameInfo(
        "utopia", "Utopia", 2, 5,
        "Place princes of five peoples on four islands, build monuments and wonders, steer prestige.",
        "boardgames_tui.games.utopia.rules"),
}


class UnknownGame(ValueError):
    pass


def game_info(name: str) -> GameInfo:
    try:
        return GAMES[name.lower()]
    except KeyError:
        raise UnknownGame(
            f"unknown game '{name}'; playable games: {', '.join(GAMES)}") from None


def get_game(name: str) -> Game:
    info = game_info(name)
    return importlib.import_module(info.module).GAME

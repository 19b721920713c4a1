"""The one registry of games: each entry names its rules and its board.

An entry holds import paths, not objects, so the engine never imports Textual
(the board is only imported by the UI, through :func:`boardgames_tui.ui.boards.board_class`).
Title, description and player counts are read from the ``Game`` class itself,
so they cannot drift from the rules.  Nothing fails silently: a rules module or
a board that cannot be imported raises, and the test suite imports every entry
(``tests/conformance/test_registry.py``).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from .core import Game


def _resolve(ref: str) -> Any:
    mod, _, attr = ref.partition(":")
    return getattr(importlib.import_module(mod), attr or "GAME")


@dataclass(frozen=True)
class GameEntry:
    name: str
    rules: str                 # "module:ATTR" of the Game instance
    board: str | None = None   # "module:Class" of the Textual board (None: the generic board)
    blurb: str = ""            # one line for the menu and `list`
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def game(self) -> Game:
        g = self._cache.get("game")
        if g is None:
            g = _resolve(self.rules)
            if not isinstance(g, Game) or g.name != self.name:
                raise TypeError(f"{self.rules} is not the Game named '{self.name}'")
            self._cache["game"] = g
        return g

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def min_players(self) -> int:
        return min(lo for lo, _ in self._ranges())

    @property
    def max_players(self) -> int:
        return max(hi for _, hi in self._ranges())

    def _ranges(self) -> list[tuple[int, int]]:
        """Player ranges over every value of every game option (Evolution's
        129-card deck allows a sixth player)."""
        g = self.game
        out = [g.player_range(g.options_with_defaults({}))]
        for opt in g.game_options:
            for choice in opt.choices:
                out.append(g.player_range(g.options_with_defaults({opt.name: choice})))
        return out

    def board_class(self) -> type | None:
        return _resolve(self.board) if self.board else None


GAMES: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    GAMES[entry.name] = entry
    return entry


register(GameEntry(
    "evolution", "boardgames_tui.games.evolution.rules:GAME",
    "boardgames_tui.games.evolution.screen:EvolutionBoard",
    "Species grow, adapt and eat each other at the watering hole (2-5; 6 with the 129-card deck)."))
register(GameEntry(
    "phoenicia", "boardgames_tui.games.phoenicia.rules:GAME",
    "boardgames_tui.games.phoenicia.screen:PhoeniciaBoard",
    "Grow a Phoenician village: auction development cards, employ workers, race to 32 VP."))
register(GameEntry(
    "utopia", "boardgames_tui.games.utopia.rules:GAME",
    "boardgames_tui.games.utopia.screen:UtopiaBoard",
    "Place princes of five peoples on four islands, build monuments and wonders, steer prestige."))


class UnknownGame(ValueError):
    pass


def game_info(name: str) -> GameEntry:
    try:
        return GAMES[str(name).lower()]
    except KeyError:
        raise UnknownGame(
            f"unknown game '{str(name)[:40]}'; playable games: {', '.join(GAMES)}") from None


def get_game(name: str) -> Game:
    return game_info(name).game

"""The one registry of games: each entry names its rules and its board.

An entry holds import paths, not objects, so the engine never imports Textual
(the board is only imported by the UI, through :func:`boardgames_tui.ui.boards.board_class`).
The menu's title and player counts are declared in the entry, so that the
menu shows every game without importing every game's rules at start-up (16 ms
of the menu's start, bench/startup.py); ``tests/conformance/test_registry.py``
checks them against the ``Game`` itself, so they cannot drift.  Nothing fails
silently: a rules module or a board that cannot be imported raises, and the
test suite imports every entry.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from .core import Game
from .text import quoted


def _resolve(ref: str) -> Any:
    mod, _, attr = ref.partition(":")
    return getattr(importlib.import_module(mod), attr or "GAME")


@dataclass(frozen=True)
class GameEntry:
    name: str
    rules: str                 # "module:ATTR" of the Game instance
    board: str | None = None   # "module:Class" of the Textual board (None: the generic board)
    blurb: str = ""            # one line for the menu and `list`
    # Declared for the menu (checked against the Game by the registry test);
    # an entry without them reads them from the Game, importing its rules.
    menu_title: str = ""
    menu_players: tuple[int, int] | None = None  # fewest and most over every option
    players_note: str = ""  # how the most players are allowed, when only an option allows them
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
        return self.menu_title or self.game.title

    @property
    def players(self) -> tuple[int, int]:
        return self.menu_players or self.rules_player_range()

    @property
    def min_players(self) -> int:
        return self.players[0]

    @property
    def max_players(self) -> int:
        return self.players[1]

    def importable(self) -> bool:
        """Whether the rules module can be found, without importing it."""
        import importlib.util
        try:
            return importlib.util.find_spec(self.rules.partition(":")[0]) is not None
        except (ImportError, ValueError):
            return False

    def rules_player_range(self) -> tuple[int, int]:
        """The player counts the Game allows over every value of every game
        option (Evolution's 129-card deck allows a sixth player)."""
        g = self.game
        out = [g.player_range(g.options_with_defaults({}))]
        for opt in g.game_options:
            for choice in opt.choices:
                out.append(g.player_range(g.options_with_defaults({opt.name: choice})))
        return min(lo for lo, _ in out), max(hi for _, hi in out)

    def players_text(self, dash: str = "–") -> str:
        """The player counts as the menu and ``list`` say them, without
        importing the rules: ``players_note`` names a count that only an
        option allows ("2–5 players, 6 with the 129-card deck")."""
        lo, hi = self.players
        if self.players_note:
            return f"{lo}{dash}{hi - 1} players, {hi} {self.players_note}"
        return f"{lo}{dash}{hi} players"

    def board_class(self) -> type | None:
        return _resolve(self.board) if self.board else None


GAMES: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    GAMES[entry.name] = entry
    return entry


register(GameEntry(
    "evolution", "boardgames_tui.games.evolution.rules:GAME",
    "boardgames_tui.games.evolution.screen:EvolutionBoard",
    "Species grow, adapt and eat each other at the watering hole (2-5; 6 with the 129-card deck).",
    "Evolution", (2, 6), "with the 129-card deck"))
register(GameEntry(
    "phoenicia", "boardgames_tui.games.phoenicia.rules:GAME",
    "boardgames_tui.games.phoenicia.screen:PhoeniciaBoard",
    "Grow a Phoenician village: auction development cards, employ workers, race to 32 VP.",
    "Phoenicia", (2, 5)))
register(GameEntry(
    "utopia", "boardgames_tui.games.utopia.rules:GAME",
    "boardgames_tui.games.utopia.screen:UtopiaBoard",
    "Place princes of five peoples on four islands, build monuments and wonders, steer prestige.",
    "Utopia", (2, 5)))
register(GameEntry(
    "imperial", "boardgames_tui.games.imperial.rules:GAME",
    "boardgames_tui.games.imperial.screen:ImperialBoard",
    "Invest in six powers of 1914 Europe and steer the ones you govern round the rondel (2-6).",
    "Imperial", (2, 6)))
register(GameEntry(
    "civilization", "boardgames_tui.games.civilization.rules:GAME",
    "boardgames_tui.games.civilization.screen:CivilizationBoard",
    "Lead a civilization from its capital to space, culture or wealth: cities, techs, wonders (2-4).",
    "Civilization", (2, 4)))


class UnknownGame(ValueError):
    pass


def game_info(name: str) -> GameEntry:
    try:
        return GAMES[str(name).lower()]
    except KeyError:
        raise UnknownGame(
            f"unknown game {quoted(name)}; playable games: {', '.join(GAMES)}") from None


def get_game(name: str) -> Game:
    return game_info(name).game

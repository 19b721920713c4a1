"""Game-agnostic rules machinery.  Nothing here may import Textual."""
from .core import Decision, Game, GameOption, IllegalMove, LogEntry, Option
from .registry import GAMES, get_game, game_info, UnknownGame

__all__ = ["Decision", "Game", "GameOption", "IllegalMove", "LogEntry", "Option",
           "GAMES", "get_game", "game_info", "UnknownGame"]

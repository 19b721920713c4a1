"""Game-agnostic rules machinery.  Nothing here may import Textual."""
from .core import Decision, Game, GameOption, IllegalMove, LogEntry, Option
from .registry import GAMES, GameEntry, get_game, game_info, register, UnknownGame

__all__ = ["Decision", "Game", "GameOption", "IllegalMove", "LogEntry", "Option",
           "GAMES", "GameEntry", "get_game", "game_info", "register", "UnknownGame"]

"""Widgets shared by every game screen (later games compose these)."""
from .banner import TurnBanner
from .board import BoardWidget, GenericBoard
from .curtain import Curtain
from .cursor_board import CursorBoard, Pickable
from .log import GameLog
from .map_canvas import MapBoard, MapCanvas, MapRegion
from .options import OptionPicker
from .scores import ScoreTable, score_table

__all__ = ["TurnBanner", "BoardWidget", "GenericBoard", "Curtain", "CursorBoard", "Pickable", "GameLog",
           "MapBoard", "MapCanvas", "MapRegion", "OptionPicker", "ScoreTable", "score_table"]

"""Sid Meier's Civilization: The Board Game (FFG 2010): tables in ``data.py``, the map in ``data_map.py``."""

"""Phoenicia (Tom Lehmann, 2007): rules in ``rules.py`` (``GAME``), tables in ``data.py``."""

"""Imperial (Mac Gerdts, 2006): rules in ``rules.py`` (``GAME``), the map and tables in ``data.py``."""

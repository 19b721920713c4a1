"""Utopia: the rules (``rules.GAME``), the board data (``data``) and the rules notes (``RULES.md``)."""

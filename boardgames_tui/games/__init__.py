"""The games: each sub-package holds one game's rules (``rules.GAME``) and data."""

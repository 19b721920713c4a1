"""Who is playing: the name a table's seat is claimed by.

``BOARDGAMES_TUI_PLAYER`` if set (the README's SSH login script sets it from
the friend's key, the browser from the access link), else the operating
system's user.  Only a plain, printable name of at most 40 characters is
taken, so a name can be shown and stored as it is.
"""
from __future__ import annotations

import getpass
import os

ENV = "BOARDGAMES_TUI_PLAYER"
MAX_PLAYER = 40


class IdentityError(ValueError):
    """The player's name cannot be used; one line."""


def check_player(name: str) -> str:
    name = name.strip()
    if not name:
        raise IdentityError(f"{ENV} is empty")
    if len(name) > MAX_PLAYER or not name.isprintable():
        raise IdentityError(f"{ENV} must be a printable name of at most {MAX_PLAYER} characters")
    return name


def player_id() -> str:
    """This session's player (IdentityError if the variable is set but unusable)."""
    name = os.environ.get(ENV)
    if name is not None:
        return check_player(name)
    try:
        return check_player(getpass.getuser())
    except (OSError, KeyError, IdentityError):
        return "player"

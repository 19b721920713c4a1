"""The menu's "Your turn at N tables": asked of the host's table server if one is running."""
from __future__ import annotations


def my_turns() -> int:
    """At how many of this host's tables it is the player's turn; 0 when no table server runs
    (the menu does not start one) or it cannot be asked (the menu never stops on it)."""
    # Imported here: the menu's start-up does not pay for the client without tables.
    from ...engine.identity import IdentityError
    from ...table_cli import list_tables
    from ...tables.client import ClientError

    try:
        me, tables = list_tables(start=False)
    except (ClientError, IdentityError):
        return 0
    return sum(1 for t in tables if t.my_turn(me))


def turns_text(n: int) -> str:
    return f"Your turn at {n} table{'s' if n != 1 else ''}"

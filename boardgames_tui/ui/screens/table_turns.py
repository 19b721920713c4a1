"""The menu's "Your turn at N tables": read at start-up without creating a table store."""
from __future__ import annotations


def my_turns() -> int:
    """At how many of this host's tables it is the player's turn; 0 when there is no table
    store yet (the menu does not create one) or it cannot be read (the menu never stops on it)."""
    # Imported here: the menu's start-up does not pay for sqlite without tables.
    from ...engine.identity import IdentityError, player_id
    from ...engine.table_store import TableError, TableStore, tables_path

    if not tables_path().exists():
        return 0
    store = TableStore()
    try:
        me = player_id()
        return sum(1 for t in store.tables() if t.my_turn(me))
    except (TableError, IdentityError):
        return 0
    finally:
        store.close()


def turns_text(n: int) -> str:
    return f"Your turn at {n} table{'s' if n != 1 else ''}"

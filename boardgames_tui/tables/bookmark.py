"""A Save at a table: a bookmark of the table and the seat, never its seed or its choices.

``resume FILE`` and the menu's Load open a bookmark as a ``join`` of that table and seat (the
server decides again whether the seat is the player's).  The file is small JSON::

    {"format": "boardgames-tui-table", "format_version": 1, "game": "evolution",
     "code": "K7QX2M", "seat": 2, "watch": false}

``seat`` is 1-based as people type it (null: the player's own seats).  A table at a server over
TCP adds its address (``"server": "ws://HOST:PORT/tables"``, never the token), and is joined again
only through a server the player names (a file must not send their token elsewhere).  Once a game
is over the screen saves the whole record instead, an ordinary save file.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine.save import BOOKMARK_FORMAT, SaveError, write_atomic
from ..engine.table_store import CODE_ALPHABET, CODE_LENGTH
from ..engine.text import printable

VERSION = 1


@dataclass(frozen=True)
class Bookmark:
    code: str
    seat: int | None     # 0-based
    watch: bool
    game: str = ""
    server: str = ""     # a table server over TCP (its address, never a token); "" the host's own

    def check_reachable(self, configured: str | None) -> None:
        """A bookmark of a table at another server is joined only through a server the player
        names (``--server`` or BOARDGAMES_TUI_SERVER): a file must never send their token elsewhere."""
        if self.server and not configured:
            raise SaveError(f"this bookmark is of table {self.code} at {self.server}: join it with "
                            f"`boardgames-tui join {self.code} --server LINK`")


def write_bookmark(path: Path, code: str, seat: int | None, watch: bool, game: str = "",
                   server: str = "") -> Path:
    import json

    data = {"format": BOOKMARK_FORMAT, "format_version": VERSION, "game": game, "code": code,
            "seat": None if seat is None else seat + 1, "watch": watch}
    if server:
        data["server"] = server
    write_atomic(path, json.dumps(data, indent=1) + "\n")
    return path


def bookmark_of(data: dict, name: str = "file") -> Bookmark:
    """The bookmark in a parsed file (SaveError with one line if it is not a sound one)."""
    code, seat, watch, game = data.get("code"), data.get("seat"), data.get("watch", False), data.get("game", "")
    server = data.get("server", "")
    if data.get("format_version") != VERSION:
        raise SaveError(f"{name}: a table bookmark of another version")
    if not (isinstance(code, str) and len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)):
        raise SaveError(f"{name}: the bookmark's table code is damaged")
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= 64):
        raise SaveError(f"{name}: the bookmark's seat is damaged")
    if not isinstance(watch, bool) or not isinstance(game, str) or not isinstance(server, str):
        raise SaveError(f"{name}: the bookmark is damaged")
    return Bookmark(code, None if seat is None else seat - 1, watch, printable(game, 20), printable(server, 120))


__all__ = ["Bookmark", "bookmark_of", "write_bookmark"]


def load_any(path: Path | str):
    """A save file's match, or a table bookmark (SaveError, OSError as ``save.load``)."""
    from ..engine.hosting import hosted
    from ..engine.save import BOOKMARK_FORMAT as BM, confine, from_json, read_json

    path = Path(path)
    if hosted():
        confine(path)
    data = read_json(path, bookmark=True)
    if data.get("format") == BM:
        return bookmark_of(data, printable(path.name, 40))
    return from_json(data, path.name)


__all__ += ["load_any"]

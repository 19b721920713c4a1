"""Autosaves: an append-only journal in SQLite.

Every choice appends one row to ``choices`` and updates its match's summary
row, in one transaction; an undo deletes the rows it took back.  The cost of a
choice is therefore the same at choice 10 and at choice 5,000, unlike
rewriting a JSON file.  SQLite (Python's own ``sqlite3``) in WAL mode is the
real component for this: a committed transaction survives ``kill -9`` (the
WAL is written before ``commit`` returns; ``synchronous=NORMAL`` only defers
the ``fsync`` to checkpoints, which matters for power loss, not for a killed
process), and a finished game is committed with ``synchronous=FULL``.  The
Continue list is a query, not a parse of every file.

Loading an autosave builds the same dictionary as a JSON save file and goes
through the same validation and replay (:func:`.save.from_json`), so a row
damaged on disk is refused like a damaged file.  A damaged row, or a damaged
database, never stops the menu: :meth:`AutosaveStore.summaries` lists it as
damaged and it can be deleted (or, for the whole database, moved aside).

Ids are random (``session.new_match_id``) and are only ever used as keys in
this database, never as file names.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .hosting import hosted, private_dir, tighten
from .save import FORMAT, FORMAT_VERSION, SaveError, data_dir, from_json
from .session import MAX_NAME, Match
from .text import printable

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches(
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    header TEXT NOT NULL,       -- JSON: rules_version, options, players, seed, open_info, auto_forced
    created REAL NOT NULL,
    saved REAL NOT NULL,
    round INTEGER NOT NULL,
    over INTEGER NOT NULL,
    n INTEGER NOT NULL          -- number of choices journalled
);
CREATE TABLE IF NOT EXISTS choices(
    match TEXT NOT NULL,
    idx INTEGER NOT NULL,
    key TEXT NOT NULL,
    PRIMARY KEY(match, idx)
) WITHOUT ROWID;
"""


def db_path() -> Path:
    return data_dir() / "autosave.db"


def legacy_dir() -> Path:
    """Where versions before the database wrote their JSON autosaves."""
    return data_dir() / "autosave"


LEGACY_PREFIX = "file:"


@dataclass
class SaveSummary:
    id: str
    game: str
    players: list[str]
    round: int
    saved: float
    over: bool
    damaged: str = ""       # why it cannot be loaded, if known without loading


class StoreError(Exception):
    """The autosave database cannot be used; one line for people."""


class AutosaveStore:
    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path is not None else db_path()
        self._con: sqlite3.Connection | None = None
        # Old JSON autosaves that could not be imported: file name -> reason.
        self.legacy_refused: dict[str, str] = {}

    # -- the connection ---------------------------------------------------------
    def connect(self) -> sqlite3.Connection:
        if self._con is not None:
            return self._con
        try:
            con = open_private_db(self.path, SCHEMA, timeout=2.0)
            con.execute("SELECT count(*) FROM matches").fetchone()
        except (sqlite3.Error, OSError) as e:
            raise StoreError(f"the autosave database {self.path.name} cannot be used ({e})") from None
        self._con = con
        return con

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    # -- writing --------------------------------------------------------------------
    def sync(self, m: Match) -> None:
        """Bring the journal of ``m`` up to date: rows taken back by undo are
        deleted, new choices appended, the summary updated; one transaction."""
        con = self.connect()
        n = len(m.history)
        start = min(m.journal_from, n)
        over = m.is_over()
        now = time.time()
        try:
            if over:
                con.execute("PRAGMA synchronous=FULL")
            con.execute("BEGIN IMMEDIATE")
            cur = con.execute("UPDATE matches SET saved=?, round=?, over=?, n=? WHERE id=?",
                              (now, m.round_number(), int(over), n, m.match_id))
            if cur.rowcount == 0:
                con.execute("INSERT INTO matches VALUES(?,?,?,?,?,?,?,?)",
                            (m.match_id, m.game.name, json.dumps(_header(m)), m.created, now,
                             m.round_number(), int(over), n))
                start = 0
                con.execute("DELETE FROM choices WHERE match=?", (m.match_id,))
            else:
                con.execute("DELETE FROM choices WHERE match=? AND idx>=?", (m.match_id, start))
            if start < n:
                con.executemany("INSERT INTO choices VALUES(?,?,?)",
                                [(m.match_id, i, m.history[i].key) for i in range(start, n)])
            con.execute("COMMIT")
        except sqlite3.Error as e:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise StoreError(f"autosave failed: {e}") from None
        finally:
            if over:
                con.execute("PRAGMA synchronous=NORMAL")
        m.journal_from = n

    def delete(self, match_id: str) -> None:
        if match_id.startswith(LEGACY_PREFIX):
            name = match_id[len(LEGACY_PREFIX):]
            if name in self.legacy_refused:  # only names listed from that folder, never a path
                (legacy_dir() / name).unlink(missing_ok=True)
                del self.legacy_refused[name]
            return
        con = self.connect()
        try:
            con.execute("BEGIN IMMEDIATE")
            con.execute("DELETE FROM choices WHERE match=?", (match_id,))
            con.execute("DELETE FROM matches WHERE id=?", (match_id,))
            con.execute("COMMIT")
        except sqlite3.Error as e:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise StoreError(f"could not delete the autosave: {e}") from None

    def move_aside(self) -> Path:
        """Rename a damaged database (with its WAL files) out of the way."""
        self.close()
        dest = self.path.with_name(f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        for suffix in ("", "-wal", "-shm"):
            p = Path(str(self.path) + suffix)
            if p.exists():
                p.replace(Path(str(dest) + suffix))
        return dest

    # -- reading ---------------------------------------------------------------------
    def summaries(self) -> list[SaveSummary]:
        """Autosaves, newest first.  Rows whose header is damaged are listed
        with the reason; a damaged database raises StoreError."""
        con = self.connect()
        try:
            rows = con.execute("SELECT id, game, header, round, saved, over FROM matches "
                               "ORDER BY saved DESC").fetchall()
        except sqlite3.Error as e:
            raise StoreError(f"the autosave database {self.path.name} is damaged ({e})") from None
        out = []
        for mid, game, header, rnd, saved, over in rows:
            damaged = ""
            players: list[str] = []
            try:
                h = json.loads(header)
                players = [printable(p["name"], MAX_NAME) for p in h["players"]]
            except (ValueError, TypeError, KeyError):
                damaged = "its record is damaged"
            # The rows are read as untrusted as a file: shown, they go through printable.
            out.append(SaveSummary(str(mid), printable(game), players, _int(rnd), _float(saved),
                                   bool(over), damaged))
        for name, why in sorted(self.legacy_refused.items()):
            p = legacy_dir() / name
            if p.is_file():
                out.append(SaveSummary(LEGACY_PREFIX + name, printable(name), [], 0, p.stat().st_mtime, False, why))
        return out

    def load(self, match_id: str) -> Match:
        """Validate and replay an autosave; SaveError (one line) if refused."""
        con = self.connect()
        try:
            row = con.execute("SELECT game, header, created FROM matches WHERE id=?",
                              (match_id,)).fetchone()
            if row is None:
                raise SaveError("that autosave no longer exists")
            keys = [k for (k,) in con.execute("SELECT key FROM choices WHERE match=? ORDER BY idx",
                                              (match_id,))]
        except sqlite3.Error as e:
            raise SaveError(f"the autosave cannot be read ({e})") from None
        game, header, created = row
        try:
            h = json.loads(header)
        except (ValueError, TypeError):
            raise SaveError("the autosave's record is damaged") from None
        if not isinstance(h, dict):
            raise SaveError("the autosave's record is damaged")
        data = {**h, "format": FORMAT, "format_version": FORMAT_VERSION, "game": game,
                "choices": keys, "created": created if isinstance(created, (int, float)) else None}
        m = from_json(data, "the autosave")
        m.match_id = match_id
        m.journal_from = len(m.history)
        return m

    def newest(self, unfinished_first: bool = True) -> SaveSummary | None:
        rows = [s for s in self.summaries() if not s.damaged]
        if unfinished_first:
            rows = [s for s in rows if not s.over] or rows
        return rows[0] if rows else None


def open_private_db(path: Path, schema: str, timeout: float) -> sqlite3.Connection:
    """A connection to the SQLite database ``path`` in WAL mode, its folder 0700 and its files 0600
    (:func:`make_private_file`), autocommit (transactions are begun by hand), ``schema`` applied.
    Raises sqlite3.Error or OSError; the caller words the refusal."""
    private_dir(path.parent)
    make_private_file(path)
    con = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=NORMAL")
    con.executescript(schema)
    return con


def make_private_file(path: Path) -> None:
    """Create the database file 0600 before SQLite does (it would make it
    0644, less the umask); SQLite gives its -wal and -shm files the mode of
    the database.  In hosted mode older, wider files of ours are tightened."""
    try:  # O_EXCL: an existing file (or link, or pipe) is never opened here
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    if hosted():
        for suffix in ("", "-wal", "-shm"):
            if os.path.islink(f"{path}{suffix}"):  # SQLite would follow it out of the folder
                raise OSError(f"{path.name}{suffix} is a link; refused")
            tighten(f"{path}{suffix}", 0o600)


def _header(m: Match) -> dict:
    return {"rules_version": m.game.rules_version, "options": m.options,
            "players": [s.to_json() for s in m.seats], "seed": m.seed, "open_info": m.open_info,
            "auto_forced": m.auto_forced}


def _int(v: object) -> int:
    return v if isinstance(v, int) else 0


def _float(v: object) -> float:
    return float(v) if isinstance(v, (int, float)) else 0.0


_default: AutosaveStore | None = None


def default_store() -> AutosaveStore:
    """The store of the current data folder (re-made when the folder changes,
    as in tests)."""
    global _default
    if _default is None or _default.path != db_path():
        if _default is not None:
            _default.close()
        _default = AutosaveStore()
        try:
            import_legacy(_default)
        except StoreError:
            pass  # the menu reports a damaged database itself
    return _default


def import_legacy(store: AutosaveStore) -> int:
    """Move format-1 JSON autosaves (the folder ``autosave/`` of earlier
    versions) into the database.  A file that loads is journalled under a new
    id and moved to ``autosave/imported/``; one that does not stays where it
    is and is listed as damaged (with the reason), so it can be deleted."""
    from .save import read_json

    folder = legacy_dir()
    if not folder.is_dir():
        return 0
    done = 0
    for p in sorted(folder.glob("*.json")):
        try:
            m = from_json(read_json(p), p.name)  # not load(): hosted mode confines it to saves/
            store.sync(m)
            dest = private_dir(folder / "imported")
            p.replace(dest / p.name)
            done += 1
        except SaveError as e:
            store.legacy_refused[p.name] = str(e)
        except (StoreError, OSError):
            continue
    return done

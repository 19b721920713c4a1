"""Tables: one game played from several terminals, its order of choices kept in SQLite.

A table is a match whose seats are claimed by players (``identity.player_id``)
and whose choices are appended by whichever session's player decides.  The
store is the one order of choices: a choice is appended only if the table's
choice count is still the one the session last saw (:meth:`TableStore.append`,
a guarded insert in one ``BEGIN IMMEDIATE`` transaction), so a stale submit
changes nothing, and two sessions of one seat choosing at once record exactly
one choice.  Every other session learns of a new choice by polling
:meth:`TableStore.changed` (SQLite's ``PRAGMA data_version``: a read of the
connection's own page cache counter, no query, so polling four times a second
costs nothing) and then reading what is new (:meth:`TableStore.read`).

The interface is small on purpose (create, claim, claim the first free seat,
release, append, take back, read, list, changed, check, the bot lease), so
that a PostgreSQL backend can replace this one when players outgrow one
machine: docs/tables.md.

Faults are seen, never played through.  The file's identity (device and inode)
is noted at the open, after ``PRAGMA quick_check`` passed; before every write,
and on :meth:`TableStore.check` and :meth:`TableStore.changed`, a stat of the
path tells a file deleted, replaced or shorter than ever seen, and a file that
changed on disk with no other connection's commit to explain it (a checkpoint)
is checked again.  Any of these, or SQLite reporting a damaged or unreadable
file, is :class:`StoreLost`: the store object is then lost for good (every
later call raises it with the same line, and it never makes a new empty file
in the old one's place).  A write lock held by another program is waited for
at most ``busy_seconds`` (short tries, then again), then :class:`StoreBusy`;
either way nothing was recorded, and nothing is recorded twice (a write is
one transaction, tried again whole, behind its guard).

Nothing here is secret from a player with a shell on the host account: the
seed is stored, since every session replays the game (README, "Play at a
table").  What protects a seat is its claim, checked by the session before it
chooses; what protects the game is that every choice goes through the rules.
"""
from __future__ import annotations

import json
import os
import random
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TypeVar

from .save import data_dir
from .session import Match
from .store import _header, open_private_db
from .text import printable

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables(
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    header TEXT NOT NULL,        -- JSON as the autosave's: rules_version, options, players, seed
    created REAL NOT NULL,
    updated REAL NOT NULL,       -- the time of the last choice (or of the creation)
    n INTEGER NOT NULL,          -- choices made
    gen INTEGER NOT NULL,        -- bumped by every take-back: a session that saw n may have seen others
    decider INTEGER NOT NULL,    -- the seat deciding now (0-based), -1 when the game is over
    round INTEGER NOT NULL,
    lease_owner TEXT,            -- the session thinking for a bot seat, until lease_until
    lease_until REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats(
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    player TEXT,                 -- who claimed it (NULL: free; bots are never claimed)
    PRIMARY KEY(code, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS choices(
    code TEXT NOT NULL,
    idx INTEGER NOT NULL,
    key TEXT NOT NULL,
    PRIMARY KEY(code, idx)
) WITHOUT ROWID;
"""

# Codes: no 0/O, 1/I/l; read case-insensitively.  31^6 (about 900 million): codes
# are not secrets (the seat claim is what protects a seat), only short and unique.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
# How long a session's claim to think for a bot lasts without being renewed: a session
# that drops mid-thought delays the bot by at most this much, then another one thinks.
BOT_LEASE_SECONDS = 15.0

T = TypeVar("T")


def tables_path() -> Path:
    """``BOARDGAMES_TUI_TABLES`` if set (the host's one shared file), else a file in the data folder."""
    override = os.environ.get("BOARDGAMES_TUI_TABLES")
    return Path(override) if override else data_dir() / "tables.db"


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes about) in its stored form."""
    return "".join(ch for ch in text.upper() if not ch.isspace() and ch != "-")


class TableError(Exception):
    """A table cannot be used or reached; one line for people."""


class StoreLost(TableError):
    """The store's file was deleted, replaced by another file, truncated, or is damaged.  The store
    object stays lost: every later call raises this again, with the same line; it never opens a
    new file in its place."""


class StoreBusy(TableError):
    """Another program held the store's write lock for longer than ``busy_seconds``: nothing was
    recorded (or read), and the same call may be tried again."""


@dataclass(frozen=True)
class SeatInfo:
    index: int           # 0-based
    name: str
    kind: str            # "human" or "bot"
    player: str | None   # who claimed it


@dataclass(frozen=True)
class TableInfo:
    code: str
    game: str
    seats: tuple[SeatInfo, ...]
    n: int
    gen: int
    decider: int         # -1: over
    round: int
    created: float
    updated: float

    @property
    def over(self) -> bool:
        return self.decider < 0

    def seats_of(self, player: str) -> list[int]:
        return [s.index for s in self.seats if s.player == player]

    def free_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == "human" and s.player is None]

    def my_turn(self, player: str) -> bool:
        return not self.over and self.decider in self.seats_of(player)


@dataclass(frozen=True)
class TableRead:
    """What :meth:`TableStore.read` found: the table's count and generation, and the keys
    from ``since`` on (all of them if the generation is not the one the reader knew)."""
    n: int
    gen: int
    start: int
    keys: list[str]


# SQLite's primary result codes the store tells apart (the low byte of an extended code).
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6
_SQLITE_IOERR, _SQLITE_CORRUPT, _SQLITE_NOTADB = 10, 11, 26
_SQLITE_READONLY_DBMOVED = 8 | (4 << 8)     # the file was unlinked or renamed under the connection
# The longest one try waits inside SQLite for another program's lock (its busy handler
# sleeps 1 to 100 ms at a time) before this module tries again, until ``busy_seconds``.
BUSY_ATTEMPT_SECONDS = 0.1
BUSY_SECONDS = 3.0


def _fault(e: sqlite3.Error) -> str | None:
    """"busy" (another connection holds a lock), "lost" (the file is damaged or unreadable), or
    None (any other error: a bug, a full disk, a missing permission)."""
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(code, int):
        if code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED):
            return "busy"
        if code & 0xFF in (_SQLITE_IOERR, _SQLITE_CORRUPT, _SQLITE_NOTADB) or code == _SQLITE_READONLY_DBMOVED:
            return "lost"
    text = str(e).lower()
    if "malformed" in text or "not a database" in text or "disk i/o error" in text:
        return "lost"
    if "database is locked" in text or "database table is locked" in text:
        return "busy"
    return None


class TableStore:
    """The SQLite table store; one connection per session (and per thread).

    Faults are seen, not played through: a file deleted, replaced, truncated or damaged under the
    store raises :class:`StoreLost` (on the next write, :meth:`check` or :meth:`changed`, or a read
    that meets the damage), and from then on every call does; a write lock held by another program
    for ``busy_seconds`` raises :class:`StoreBusy` (nothing recorded)."""

    def __init__(self, path: Path | None = None, busy_seconds: float = BUSY_SECONDS):
        self.path = Path(path) if path is not None else tables_path()
        self.busy_seconds = busy_seconds
        self._con: sqlite3.Connection | None = None
        self._version: int | None = None        # changed()'s last data_version
        self._lost: str | None = None           # the line of StoreLost, once lost
        # The file as last seen good: its identity at the open, (size, mtime, ctime) and the
        # connection's data_version at that look, and the largest size seen (it never shrinks:
        # rows deleted leave free pages, and nothing here vacuums).
        self._ident: tuple[int, int] | None = None
        self._stamp: tuple[int, int, int] | None = None
        self._seen_version: int | None = None
        self._size = 0

    # -- the connection ----------------------------------------------------------------
    def connect(self) -> sqlite3.Connection:
        """The connection, opened on first use: the file is made if missing, its identity noted and
        its pages checked (``PRAGMA quick_check``); a damaged file is :class:`StoreLost`.  Opened
        again after :meth:`close`, it must be the same file: one deleted or replaced meanwhile is
        StoreLost too, never a new empty store."""
        self._alive()
        if self._con is not None:
            return self._con
        cannot = f"the table store {printable(self.path.name)} cannot be used"
        if self._ident is not None and not os.path.exists(self.path):
            self._lose("was deleted")

        def open_() -> sqlite3.Connection:
            return open_private_db(self.path, SCHEMA, timeout=min(BUSY_ATTEMPT_SECONDS, self.busy_seconds))
        try:
            con = self._attempts(open_, cannot, writing=True)
        except OSError as e:
            raise TableError(f"{cannot} ({e})") from None
        self._con = con        # a store lost from here on keeps it, unused (see _lose)
        try:
            self._opened(con, cannot)
        except BaseException:
            if self._lost is None:
                self._con = None
                con.close()
            raise
        return con

    def _opened(self, con: sqlite3.Connection, cannot: str) -> None:
        """Note the file just opened (its identity, size, stamp) once its pages pass ``quick_check``."""
        try:
            st = os.stat(self.path)
        except OSError as e:
            raise TableError(f"{cannot} ({e})") from None
        ident = (st.st_dev, st.st_ino)
        if self._ident is not None and ident != self._ident:
            self._lose("was replaced by another file")
        if st.st_size < self._size:
            self._lose("was truncated")
        self._ident = ident
        self._attempts(lambda: self._verify(con), cannot)
        version = self._attempts(lambda: _data_version(con), cannot)
        self._stamp = (st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        self._seen_version, self._size = version, st.st_size

    def close(self) -> None:
        """Close the connection; a store not lost opens it again on its next call (the same file)."""
        if self._con is not None:
            self._con.close()
            self._con = None

    def _alive(self) -> None:
        if self._lost is not None:
            raise StoreLost(self._lost)

    def _lose(self, what: str) -> NoReturn:
        """Mark the store lost for good (``what`` happened to its file) and raise StoreLost.  The
        connection is left as it is, unused: closing it would checkpoint into the lost file and
        delete the ``-wal`` file at the path, which may no longer be this file's."""
        if self._lost is None:
            self._lost = f"the table store {printable(self.path.name)} {what}; nothing more is recorded in it"
        raise StoreLost(self._lost)

    def _attempts(self, attempt: Callable[[], T], failed: str, writing: bool = False) -> T:
        """``attempt()``, tried again while another connection holds the lock it needs (each try
        waits at most ``BUSY_ATTEMPT_SECONDS`` in SQLite), for ``busy_seconds`` in all, then
        StoreBusy.  A damaged or unreadable file is StoreLost; any other database error is
        TableError ("``failed`` (why)")."""
        deadline = time.monotonic() + self.busy_seconds
        while True:
            try:
                return attempt()
            except sqlite3.Error as e:
                fault, why = _fault(e), printable(str(e), 80)
            if fault == "lost":
                self._lose(f"is damaged ({why})")
            if fault != "busy":
                raise TableError(f"{failed} ({why})")
            if time.monotonic() >= deadline:
                name = printable(self.path.name)
                if writing:
                    raise StoreBusy(f"the table store {name} is busy: another program holds it "
                                    f"for writing; nothing was recorded")
                raise StoreBusy(f"the table store {name} is busy: another program holds it; nothing was read")
            time.sleep(random.uniform(0.002, 0.01))  # short, and out of step with the other waiters

    def _look(self, con: sqlite3.Connection) -> int:
        """The fault check, cheap (a stat and ``PRAGMA data_version``); returns the data_version.
        StoreLost if the file at the path is gone, another file, or shorter than ever seen; and,
        when it changed on disk while no other connection committed (so no checkpoint of theirs
        explains it), if its pages no longer pass ``PRAGMA quick_check``."""
        self._alive()
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            st = None
        except OSError as e:
            raise TableError(f"the table store {printable(self.path.name)} cannot be looked at "
                             f"({printable(e.strerror or str(e))})") from None
        if st is None:
            self._lose("was deleted")
        if (st.st_dev, st.st_ino) != self._ident:
            self._lose("was replaced by another file")
        if st.st_size < self._size:
            self._lose("was truncated")
        version = _data_version(con)
        stamp = (st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        if stamp != self._stamp and version == self._seen_version:
            self._verify(con)
        self._stamp, self._seen_version, self._size = stamp, version, st.st_size
        return version

    def _verify(self, con: sqlite3.Connection) -> None:
        """``PRAGMA quick_check`` of the pages on disk (the connection's cache dropped first: a
        page it holds would hide the damage); StoreLost if it is not "ok"."""
        con.execute("PRAGMA shrink_memory")
        rows = con.execute("PRAGMA quick_check").fetchall()
        if rows != [("ok",)]:
            why = str(rows[0][0]) if rows else "no answer"
            self._lose(f"is damaged ({printable(why, 80)})")

    def _noted(self, con: sqlite3.Connection) -> None:
        """After a commit: the file as this connection left it is the good one (its own
        checkpoint may have grown it).  Nothing is noted if it is not the file opened, or shorter:
        the next look raises."""
        try:
            st = os.stat(self.path)
            version = _data_version(con)
        except (OSError, sqlite3.Error):
            return
        if (st.st_dev, st.st_ino) == self._ident and st.st_size >= self._size:
            self._stamp = (st.st_size, st.st_mtime_ns, st.st_ctime_ns)
            self._seen_version, self._size = version, st.st_size

    def _write(self, body: Callable[..., T], *args: object) -> T:
        """``body(con, *args)`` in one write transaction, taken at once (``BEGIN IMMEDIATE``): a
        guarded check and its insert are never split by another session's write.  The file is
        looked at first (:meth:`_look`); the whole transaction is tried again while busy, rolled
        back on any error, so it is recorded once or not at all."""
        def attempt() -> T:
            con = self.connect()
            self._look(con)
            con.execute("BEGIN IMMEDIATE")
            try:
                out = body(con, *args)
                con.execute("COMMIT")
            except BaseException:
                _rollback(con)
                raise
            self._noted(con)
            return out
        return self._attempts(attempt, "the table store failed", writing=True)

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        self._alive()
        return self._attempts(lambda: self.connect().execute(sql, args).fetchall(),
                              "the table store cannot be read")

    # -- faults ------------------------------------------------------------------------
    def check(self) -> None:
        """Raise StoreLost if the store's file was deleted, replaced, truncated or damaged since
        the last look, even when nobody writes (the server calls it every few seconds); cheap: a
        stat and ``PRAGMA data_version``, and a ``quick_check`` only when the file changed on
        disk with no commit of another connection to explain it.  Opens the store if needed."""
        con = self.connect()
        self._attempts(lambda: self._look(con), "the table store cannot be read")

    # -- the interface -----------------------------------------------------------------
    def create(self, m: Match) -> str:
        """A new table for ``m`` (no choices made yet); returns its code."""
        header = json.dumps(_header(m))
        now = time.time()
        d = m.decision()

        def insert(con: sqlite3.Connection, code: str) -> bool:
            if con.execute("SELECT 1 FROM tables WHERE code=?", (code,)).fetchone():
                return False
            con.execute("INSERT INTO tables(code, game, header, created, updated, n, gen, decider, round)"
                        " VALUES(?,?,?,?,?,?,?,?,?)",
                        (code, m.game.name, header, now, now, len(m.history), 0,
                         d.player if d else -1, m.round_number()))
            con.executemany("INSERT INTO seats VALUES(?,?,NULL)", [(code, i) for i in range(len(m.seats))])
            con.executemany("INSERT INTO choices VALUES(?,?,?)",
                            [(code, i, r.key) for i, r in enumerate(m.history)])
            return True
        for _ in range(20):
            code = new_code()
            if self._write(insert, code):
                return code
        raise TableError("no free table code was found")  # pragma: no cover - 1 in 10^8 each

    def header(self, code: str) -> tuple[str, dict]:
        """(game, header) of a table, as written by :meth:`create`."""
        rows = self._read("SELECT game, header FROM tables WHERE code=?", (code,))
        if not rows:
            raise TableError(f"there is no table {printable(code, 12)} on this host")
        game, header = rows[0]
        try:
            h = json.loads(header)
        except (ValueError, TypeError):
            raise TableError("the table's record is damaged") from None
        if not isinstance(h, dict):
            raise TableError("the table's record is damaged")
        return str(game), h

    def _human_seats(self, code: str) -> list[int]:
        """The table's seats a player may claim: those of kind human in its header (a bot's seat
        is never claimed; the ``seats`` rows do not say which is which)."""
        _, h = self.header(code)
        players = h.get("players")
        if not isinstance(players, list):
            raise TableError("the table's record is damaged")
        return [i for i, p in enumerate(players) if isinstance(p, dict) and p.get("kind", "human") == "human"]

    def claim(self, code: str, seat: int, player: str) -> bool:
        """Claim a free human seat for ``player``; True if it is now his (also if it was already),
        False if another player holds it or it is a bot's."""
        _, h = self.header(code)
        players = h.get("players")
        if not isinstance(players, list) or not 0 <= seat < len(players):
            raise TableError(f"the table has no seat {seat + 1}")
        p = players[seat]
        if not isinstance(p, dict) or p.get("kind", "human") != "human":
            return False

        def update(con: sqlite3.Connection) -> tuple | None:
            con.execute("UPDATE seats SET player=? WHERE code=? AND seat=? AND player IS NULL",
                        (player, code, seat))
            return con.execute("SELECT player FROM seats WHERE code=? AND seat=?", (code, seat)).fetchone()
        row = self._write(update)
        return row is not None and row[0] == player

    def claim_free(self, code: str, player: str) -> int | None:
        """Claim the lowest free human seat for ``player`` and return its index (0-based), or None
        if none is free.  One ``UPDATE`` in one write transaction: two callers at once get two
        different seats.  It always claims a new seat, even if ``player`` holds one already."""
        humans = self._human_seats(code)
        if not humans:
            return None
        marks = ",".join("?" * len(humans))

        def update(con: sqlite3.Connection) -> int | None:
            row = con.execute(f"UPDATE seats SET player=? WHERE code=? AND seat=(SELECT min(seat) FROM seats "
                              f"WHERE code=? AND player IS NULL AND seat IN ({marks})) RETURNING seat",
                              (player, code, code, *humans)).fetchall()
            return int(row[0][0]) if row else None
        return self._write(update)

    def release(self, code: str, seat: int, player: str) -> bool:
        """Give up ``seat`` (0-based), held by ``player``: True if it was his and is now free (to be
        claimed again), False if he did not hold it (nothing changed)."""
        def update(con: sqlite3.Connection) -> bool:
            cur = con.execute("UPDATE seats SET player=NULL WHERE code=? AND seat=? AND player=?",
                              (code, seat, player))
            return cur.rowcount == 1
        return self._write(update)

    def append(self, code: str, expected: int, gen: int, key: str, decider: int, round_: int) -> bool:
        """Append ``key`` as choice number ``expected`` if the table still has ``expected`` choices
        in generation ``gen`` (the guarded insert); ``decider`` and ``round_`` are the position
        after it, for the listing.  False: somebody else chose first, nothing changed."""
        def insert(con: sqlite3.Connection) -> bool:
            cur = con.execute("UPDATE tables SET n=n+1, updated=?, decider=?, round=?, lease_owner=NULL, "
                              "lease_until=0 WHERE code=? AND n=? AND gen=?",
                              (time.time(), decider, round_, code, expected, gen))
            if cur.rowcount != 1:
                return False
            con.execute("INSERT INTO choices VALUES(?,?,?)", (code, expected, key))
            return True
        return self._write(insert)

    def take_back(self, code: str, expected: int, gen: int, decider: int, round_: int) -> bool:
        """Delete the last choice if the table still has ``expected`` choices in generation ``gen``;
        the generation moves on, so every session replays.  False: it changed meanwhile."""
        if expected <= 0:
            return False

        def delete(con: sqlite3.Connection) -> bool:
            cur = con.execute("UPDATE tables SET n=n-1, gen=gen+1, updated=?, decider=?, round=?, "
                              "lease_owner=NULL, lease_until=0 WHERE code=? AND n=? AND gen=?",
                              (time.time(), decider, round_, code, expected, gen))
            if cur.rowcount != 1:
                return False
            con.execute("DELETE FROM choices WHERE code=? AND idx=?", (code, expected - 1))
            return True
        return self._write(delete)

    def read(self, code: str, since: int = 0, gen: int | None = None) -> TableRead:
        """The table's keys from ``since`` on, or all of them if ``gen`` is not the table's
        generation (a take-back happened: the reader must start again)."""
        self._alive()

        def snapshot() -> tuple[tuple, int, list[str]] | None:
            # one snapshot: the count and the keys agree
            con = self.connect()
            con.execute("BEGIN")
            try:
                row = con.execute("SELECT n, gen FROM tables WHERE code=?", (code,)).fetchone()
                if row is None:
                    return None
                start = since if gen == row[1] and 0 <= since <= row[0] else 0
                keys = [k for (k,) in con.execute("SELECT key FROM choices WHERE code=? AND idx>=? ORDER BY idx",
                                                  (code, start))]
            finally:
                _rollback(con)
            return row, start, keys
        got = self._attempts(snapshot, "the table store cannot be read")
        if got is None:
            raise TableError(f"there is no table {printable(code, 12)} on this host")
        (n, g), start, keys = got
        return TableRead(int(n), int(g), start, keys)

    def info(self, code: str) -> TableInfo:
        for t in self.tables(code):
            return t
        raise TableError(f"there is no table {printable(code, 12)} on this host")

    def tables(self, code: str | None = None) -> list[TableInfo]:
        """The tables on this host, the last played first (or the one with ``code``)."""
        where, args = ("WHERE code=?", (code,)) if code is not None else ("", ())
        rows = self._read(f"SELECT code, game, header, n, gen, decider, round, created, updated FROM tables "
                          f"{where} ORDER BY updated DESC", args)
        claims: dict[tuple[str, int], str | None] = {
            (c, s): p for c, s, p in self._read(f"SELECT code, seat, player FROM seats {where}", args)}
        out = []
        for c, game, header, n, gen, decider, rnd, created, updated in rows:
            try:
                players = json.loads(header)["players"]
                seats = tuple(SeatInfo(i, printable(str(p["name"]), 24), str(p.get("kind", "human")),
                                       claims.get((c, i))) for i, p in enumerate(players))
            except (ValueError, TypeError, KeyError):
                seats = ()
            out.append(TableInfo(c, printable(game), seats, n, gen, decider, rnd, created, updated))
        return out

    def changed(self) -> bool:
        """Has any other connection committed to the store since the last call?  The first call
        answers True.  Cheap: ``PRAGMA data_version`` reads a counter, not the tables; the file is
        looked at as by :meth:`check` (StoreLost if it was deleted, replaced, truncated, damaged)."""
        con = self.connect()
        v = self._attempts(lambda: self._look(con), "the table store cannot be read")
        new = v != self._version
        self._version = v
        return new

    def lease_bot(self, code: str, expected: int, gen: int, owner: str,
                  seconds: float = BOT_LEASE_SECONDS) -> bool:
        """Take (or renew) the right to think for the bot deciding at choice ``expected``: True
        for one session at a time, until it appends, or until the lease runs out unrenewed (its
        session dropped) and another session takes it."""
        now = time.time()

        def update(con: sqlite3.Connection) -> bool:
            cur = con.execute("UPDATE tables SET lease_owner=?, lease_until=? WHERE code=? AND n=? AND gen=? "
                              "AND (lease_owner IS NULL OR lease_owner=? OR lease_until<?)",
                              (owner, now + seconds, code, expected, gen, owner, now))
            return cur.rowcount == 1
        return self._write(update)


def _data_version(con: sqlite3.Connection) -> int:
    return int(con.execute("PRAGMA data_version").fetchone()[0])


def _rollback(con: sqlite3.Connection) -> None:
    """Roll back what is open; SQLite may have rolled back already (after an I/O error), and a
    failing rollback must not hide the error that led to it."""
    if con.in_transaction:
        try:
            con.execute("ROLLBACK")
        except sqlite3.Error:
            pass


__all__ = ["BOT_LEASE_SECONDS", "BUSY_SECONDS", "CODE_ALPHABET", "SeatInfo", "StoreBusy", "StoreLost",
           "TableError", "TableInfo", "TableRead", "TableStore", "new_code", "normal_code", "tables_path"]

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

The interface is small on purpose (create, claim, append, take back, read,
list, changed, the bot lease), so that a PostgreSQL backend can replace this
one when players outgrow one machine: docs/tables.md.

Nothing here is secret from a player with a shell on the host account: the
seed is stored, since every session replays the game (README, "Play at a
table").  What protects a seat is its claim, checked by the session before it
chooses; what protects the game is that every choice goes through the rules.
"""
from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

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


class TableStore:
    """The SQLite table store; one connection per session (and per thread)."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path is not None else tables_path()
        self._con: sqlite3.Connection | None = None
        self._version: int | None = None

    # -- the connection ----------------------------------------------------------------
    def connect(self) -> sqlite3.Connection:
        if self._con is not None:
            return self._con
        try:
            con = open_private_db(self.path, SCHEMA, timeout=5.0)
        except (sqlite3.Error, OSError) as e:
            raise TableError(f"the table store {printable(self.path.name)} cannot be used ({e})") from None
        self._con = con
        return con

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    @contextmanager
    def _transaction(self, begin: str, failed: str) -> Iterator[sqlite3.Connection]:
        """One transaction, rolled back on any error; a database error becomes TableError
        ("``failed`` (why)")."""
        con = self.connect()
        try:
            con.execute(begin)
            yield con
            con.execute("COMMIT")
        except sqlite3.Error as e:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise TableError(f"{failed} ({e})") from None
        except BaseException:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``): a guarded check and its
        insert are never split by another session's write."""
        return self._transaction("BEGIN IMMEDIATE", "the table store failed")

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        try:
            return self.connect().execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise TableError(f"the table store cannot be read ({e})") from None

    # -- the interface -----------------------------------------------------------------
    def create(self, m: Match) -> str:
        """A new table for ``m`` (no choices made yet); returns its code."""
        header = json.dumps(_header(m))
        now = time.time()
        d = m.decision()
        for _ in range(20):
            code = new_code()
            with self._write() as con:
                if con.execute("SELECT 1 FROM tables WHERE code=?", (code,)).fetchone():
                    continue
                con.execute("INSERT INTO tables(code, game, header, created, updated, n, gen, decider, round)"
                            " VALUES(?,?,?,?,?,?,?,?,?)",
                            (code, m.game.name, header, now, now, len(m.history), 0,
                             d.player if d else -1, m.round_number()))
                con.executemany("INSERT INTO seats VALUES(?,?,NULL)",
                                [(code, i) for i in range(len(m.seats))])
                con.executemany("INSERT INTO choices VALUES(?,?,?)",
                                [(code, i, r.key) for i, r in enumerate(m.history)])
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
        with self._write() as con:
            con.execute("UPDATE seats SET player=? WHERE code=? AND seat=? AND player IS NULL",
                        (player, code, seat))
            row = con.execute("SELECT player FROM seats WHERE code=? AND seat=?", (code, seat)).fetchone()
        return row is not None and row[0] == player

    def append(self, code: str, expected: int, gen: int, key: str, decider: int, round_: int) -> bool:
        """Append ``key`` as choice number ``expected`` if the table still has ``expected`` choices
        in generation ``gen`` (the guarded insert); ``decider`` and ``round_`` are the position
        after it, for the listing.  False: somebody else chose first, nothing changed."""
        with self._write() as con:
            cur = con.execute("UPDATE tables SET n=n+1, updated=?, decider=?, round=?, lease_owner=NULL, "
                              "lease_until=0 WHERE code=? AND n=? AND gen=?",
                              (time.time(), decider, round_, code, expected, gen))
            if cur.rowcount != 1:
                return False
            con.execute("INSERT INTO choices VALUES(?,?,?)", (code, expected, key))
        return True

    def take_back(self, code: str, expected: int, gen: int, decider: int, round_: int) -> bool:
        """Delete the last choice if the table still has ``expected`` choices in generation ``gen``;
        the generation moves on, so every session replays.  False: it changed meanwhile."""
        if expected <= 0:
            return False
        with self._write() as con:
            cur = con.execute("UPDATE tables SET n=n-1, gen=gen+1, updated=?, decider=?, round=?, "
                              "lease_owner=NULL, lease_until=0 WHERE code=? AND n=? AND gen=?",
                              (time.time(), decider, round_, code, expected, gen))
            if cur.rowcount != 1:
                return False
            con.execute("DELETE FROM choices WHERE code=? AND idx=?", (code, expected - 1))
        return True

    def read(self, code: str, since: int = 0, gen: int | None = None) -> TableRead:
        """The table's keys from ``since`` on, or all of them if ``gen`` is not the table's
        generation (a take-back happened: the reader must start again)."""
        # one snapshot: the count and the keys agree
        with self._transaction("BEGIN", "the table store cannot be read") as con:
            row = con.execute("SELECT n, gen FROM tables WHERE code=?", (code,)).fetchone()
            if row is None:
                raise TableError(f"there is no table {printable(code, 12)} on this host")
            n, g = row
            start = since if gen == g and 0 <= since <= n else 0
            keys = [k for (k,) in con.execute("SELECT key FROM choices WHERE code=? AND idx>=? ORDER BY idx",
                                              (code, start))]
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
        answers True.  Cheap: ``PRAGMA data_version`` reads a counter, not the tables."""
        try:
            v = self.connect().execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error as e:
            raise TableError(f"the table store cannot be read ({e})") from None
        new = v != self._version
        self._version = v
        return new

    def lease_bot(self, code: str, expected: int, gen: int, owner: str,
                  seconds: float = BOT_LEASE_SECONDS) -> bool:
        """Take (or renew) the right to think for the bot deciding at choice ``expected``: True
        for one session at a time, until it appends, or until the lease runs out unrenewed (its
        session dropped) and another session takes it."""
        now = time.time()
        with self._write() as con:
            cur = con.execute("UPDATE tables SET lease_owner=?, lease_until=? WHERE code=? AND n=? AND gen=? "
                              "AND (lease_owner IS NULL OR lease_owner=? OR lease_until<?)",
                              (owner, now + seconds, code, expected, gen, owner, now))
        return cur.rowcount == 1


__all__ = ["BOT_LEASE_SECONDS", "CODE_ALPHABET", "SeatInfo", "TableError", "TableInfo", "TableRead",
           "TableStore", "new_code", "normal_code", "tables_path"]

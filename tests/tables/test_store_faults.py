"""The table store sees its faults: a write lock held by another process (StoreBusy, bounded, nothing
recorded), a file deleted, replaced, truncated or damaged under an open store (StoreLost, nothing
recorded, and lost for good); and the seat API that two processes share (claim_free, release).

Real parts only: real files in tmp_path, real second processes, faults made with the os module.
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from boardgames_tui.engine.session import BOT, Seat
from boardgames_tui.engine.table_session import new_table
from boardgames_tui.engine.table_store import StoreBusy, StoreLost, TableError, TableStore

ROOT = Path(__file__).resolve().parents[2]


def seats(n=2, bots=()):
    return [Seat(f"P{i + 1}", kind=BOT if i in bots else "human", level="easy" if i in bots else "random")
            for i in range(n)]


def python(code: str, *args: str) -> subprocess.Popen:
    """A second real process running ``code`` (the project importable), its stdin and stdout piped."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


# Holds the store's write lock (BEGIN IMMEDIATE) from "held" until a line on stdin (or 20 s).
HOLDER = """
    import select, sqlite3, sys
    con = sqlite3.connect(sys.argv[1], isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    print("held", flush=True)
    select.select([sys.stdin], [], [], 20)
    con.execute("ROLLBACK")
    print("released", flush=True)
"""


def hold_lock(path: Path) -> subprocess.Popen:
    p = python(HOLDER, str(path))
    assert p.stdout.readline().strip() == "held", p.stderr.read()
    return p


def release_lock(p: subprocess.Popen) -> None:
    p.stdin.write("go\n")
    p.stdin.flush()
    assert p.stdout.readline().strip() == "released"
    p.wait(timeout=10)


@pytest.fixture
def table(tmp_path):
    """An open store (quick to call busy), a table on it with 30 choices, all of them in the main
    file (checkpointed by another connection), and the store having looked at it since."""
    path = tmp_path / "t.db"
    store = TableStore(path, busy_seconds=0.3)
    code = new_table(store, "evolution", seats(3), seed=1)
    for i in range(30):
        assert store.append(code, i, 0, f"k{i}", 0, 0)
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    store.check()        # the file changed on disk with no commit to explain it: checked, and good
    yield store, code
    store.close()


def recorded(main: Path, wal: Path, code: str, tmp_path: Path) -> tuple[int, list[str]]:
    """The table's count and keys in a store file (and its WAL), read from copies: the files are
    not touched, whatever is at the path now."""
    d = Path(tmp_path) / f"copy{time.monotonic_ns()}"
    d.mkdir()
    shutil.copyfile(main, d / "c.db")
    if wal.exists():
        shutil.copyfile(wal, d / "c.db-wal")
    con = sqlite3.connect(d / "c.db")
    try:
        (n,), = con.execute("SELECT n FROM tables WHERE code=?", (code,)).fetchall()
        return n, [k for (k,) in con.execute("SELECT key FROM choices WHERE code=? ORDER BY idx", (code,))]
    finally:
        con.close()


# -- busy ------------------------------------------------------------------------------------

def test_a_write_lock_held_elsewhere_is_busy_within_its_bound_and_records_nothing(table):
    store, code = table
    holder = hold_lock(store.path)
    try:
        for call in (lambda: store.append(code, 30, 0, "late", 0, 0),
                     lambda: store.claim_free(code, "alice"),
                     lambda: store.take_back(code, 30, 0, 0, 0)):
            t = time.monotonic()
            with pytest.raises(StoreBusy, match="busy: another program holds it for writing; nothing was recorded"):
                call()
            took = time.monotonic() - t
            assert 0.3 <= took < 0.3 + 1.5, took        # bounded: busy_seconds, one try, and slack
        assert store.read(code).n == 30                 # reading is not blocked by a writer (WAL)
    finally:
        release_lock(holder)
    r = store.read(code)
    assert r.n == 30 and r.keys[-1] == "k29" and store.info(code).seats[0].player is None
    assert store.append(code, 30, 0, "k30", 0, 0)       # busy is not lost: the next call works


def test_a_short_lock_is_waited_for(table):
    store, code = table
    patient = TableStore(store.path, busy_seconds=5.0)
    holder = hold_lock(store.path)
    threading.Timer(0.4, release_lock, (holder,)).start()
    t = time.monotonic()
    assert patient.append(code, 30, 0, "k30", 0, 0)
    assert 0.3 < time.monotonic() - t < 4.0
    assert store.read(code).keys[-1] == "k30" and store.read(code).n == 31
    patient.close()


# -- lost --------------------------------------------------------------------------------------

def delete(path: Path, tmp_path: Path) -> None:
    path.unlink()


def replace(path: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE x(y)")
    con.commit()
    con.close()
    os.replace(other, path)


def truncate(path: Path, tmp_path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def corrupt(path: Path, tmp_path: Path) -> None:
    size = path.stat().st_size
    assert size >= 8 * 4096, size           # the middle is a page of the tables, not the header
    with open(path, "r+b") as f:
        f.seek(size // 2 - 3000)
        f.write(b"\xde\xad\xbe\xef garbage " * 600)


FAULTS = {delete: "was deleted", replace: "was replaced by another file", truncate: "was truncated",
          corrupt: "is damaged"}


def make_big(store: TableStore, code: str) -> None:
    """More tables, so that the file has pages to damage in the middle."""
    for seed in range(40):
        c = new_table(store, "evolution", seats(3), seed=seed)
        for i in range(20):
            store.append(c, i, 0, f"key-{seed}-{i}-" + "x" * 40, 0, 0)
    con = sqlite3.connect(store.path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    store.check()


@pytest.mark.parametrize("trigger", ["append", "check"])
@pytest.mark.parametrize("fault", list(FAULTS), ids=lambda f: f.__name__)
def test_a_file_lost_under_an_open_store_is_seen_and_nothing_is_recorded(table, tmp_path, fault, trigger):
    store, code = table
    make_big(store, code)
    path = store.path
    keep = tmp_path / "kept.db"
    os.link(path, keep)                      # the opened file, whatever happens at the path
    wal = Path(f"{path}-wal")
    time.sleep(0.05)                         # the fault's mtime is not the one of the last write
    fault(path, tmp_path)
    before = keep.read_bytes(), wal.read_bytes() if wal.exists() else b""
    at_path = path.read_bytes() if path.exists() else None

    with pytest.raises(StoreLost, match=FAULTS[fault]) as lost:
        if trigger == "append":
            store.append(code, 30, 0, "after the fault", 0, 0)
        else:
            store.check()
    line = str(lost.value)
    assert "\n" not in line and "t.db" in line and "nothing more is recorded" in line

    # Nothing was written: not into the opened file, its WAL, or whatever is at the path now.
    assert (keep.read_bytes(), wal.read_bytes() if wal.exists() else b"") == before
    assert (path.read_bytes() if path.exists() else None) == at_path
    if fault in (delete, replace):
        assert recorded(keep, wal, code, tmp_path) == (30, [f"k{i}" for i in range(30)])

    # Lost for good: every later call says the same line, and no new file is made.
    for call in (store.check, store.changed, lambda: store.read(code), store.tables, store.connect,
                 lambda: store.append(code, 30, 0, "again", 0, 0), lambda: store.claim_free(code, "bob"),
                 lambda: store.release(code, 0, "bob"), lambda: store.lease_bot(code, 30, 0, "me")):
        with pytest.raises(StoreLost) as again:
            call()
        assert str(again.value) == line
    store.close()
    with pytest.raises(StoreLost) as again:
        store.connect()
    assert str(again.value) == line
    assert (path.read_bytes() if path.exists() else None) == at_path


def test_a_store_closed_and_opened_again_must_be_the_same_file(tmp_path):
    path = tmp_path / "t.db"
    store = TableStore(path)
    new_table(store, "evolution", seats(), seed=1)
    store.close()
    assert store.tables()                     # the same file: opened again
    store.close()
    path.unlink()
    with pytest.raises(StoreLost, match="was deleted"):
        store.tables()
    assert not path.exists()                  # not a new empty store
    assert TableStore(path).tables() == []    # a new store object makes one


def test_a_damaged_file_is_refused_at_the_open(tmp_path):
    path = tmp_path / "t.db"
    path.write_bytes(b"this is not a database, " * 400)
    store = TableStore(path)
    with pytest.raises(StoreLost, match="is damaged") as lost:
        store.tables()
    with pytest.raises(StoreLost) as again:
        store.connect()
    assert str(again.value) == str(lost.value)
    assert path.read_bytes() == b"this is not a database, " * 400

    # damaged in the middle, found by quick_check before any use
    path2 = tmp_path / "t2.db"
    s = TableStore(path2)
    make_big(s, "")
    s.close()
    corrupt(path2, tmp_path)
    with pytest.raises(StoreLost, match="is damaged"):
        TableStore(path2).connect()


def test_another_connections_writes_and_checkpoints_are_not_faults(tmp_path):
    path = tmp_path / "t.db"
    watcher, writer = TableStore(path), TableStore(path)
    code = new_table(writer, "evolution", seats(), seed=1)
    assert watcher.changed()
    for i in range(300):
        writer.append(code, i, 0, f"key-{i}-" + "y" * 200, 0, 0)
        if i % 50 == 0:
            sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").connection.close()
        watcher.check()
    assert watcher.changed() and watcher.read(code).n == 300
    writer.close()                            # its last checkpoint, no commit: checked, still good
    watcher.check()
    assert watcher.append(code, 300, 0, "last", 0, 0)


# -- seats -------------------------------------------------------------------------------------

CLAIMER = """
    import sys, time
    from boardgames_tui.engine.table_store import TableStore
    store = TableStore(sys.argv[1])
    store.connect()
    print("ready", flush=True)
    for line in sys.stdin:
        code, at = line.split()
        while time.time() < float(at):   # both processes start at the same instant
            pass
        print(store.claim_free(code, sys.argv[2]), flush=True)
"""


def test_two_processes_claiming_at_once_get_two_seats(tmp_path):
    path = tmp_path / "t.db"
    store = TableStore(path)
    codes = [new_table(store, "evolution", seats(3), seed=i) for i in range(20)]
    procs = [python(CLAIMER, str(path), name) for name in ("alice", "bob")]
    try:
        for p in procs:
            assert p.stdout.readline().strip() == "ready", p.stderr.read()
        for code in codes:
            at = time.time() + 0.05
            for p in procs:               # both asked at once, for the same table
                p.stdin.write(f"{code} {at}\n")
                p.stdin.flush()
            got = [int(p.stdout.readline()) for p in procs]
            assert sorted(got) == [0, 1], (code, got)
            held = {s.player: s.index for s in store.info(code).seats if s.player}
            assert held == {"alice": got[0], "bob": got[1]}
    finally:
        for p in procs:
            p.stdin.close()
            p.wait(timeout=10)
    assert all(p.returncode == 0 for p in procs), [p.stderr.read() for p in procs]


def test_claim_free_skips_bots_and_taken_seats(tmp_path):
    store = TableStore(tmp_path / "t.db")
    code = new_table(store, "evolution", seats(3, bots={1}), seed=1)
    assert store.claim_free(code, "alice") == 0
    assert store.claim_free(code, "alice") == 2           # a new seat each time, even for a holder
    assert store.claim_free(code, "bob") is None          # the bot's seat is never free
    assert [s.player for s in store.info(code).seats] == ["alice", None, "alice"]
    with pytest.raises(TableError, match="no table"):
        store.claim_free("ZZZZZZ", "alice")


def test_release_then_claim_again(tmp_path):
    store = TableStore(tmp_path / "t.db")
    code = new_table(store, "evolution", seats(3, bots={2}), seed=1)
    assert store.claim_free(code, "alice") == 0
    assert store.claim_free(code, "bob") == 1
    assert not store.release(code, 0, "bob")              # only the holder gives a seat up
    assert not store.release(code, 2, "bob")              # a bot's seat is nobody's
    assert [s.player for s in store.info(code).seats] == ["alice", "bob", None]
    assert store.release(code, 0, "alice")
    assert not store.release(code, 0, "alice")            # already free
    assert store.info(code).free_seats() == [0]
    assert store.claim_free(code, "carol") == 0
    assert store.release(code, 1, "bob")
    assert store.claim(code, 1, "dave")
    assert [s.player for s in store.info(code).seats] == ["carol", "dave", None]

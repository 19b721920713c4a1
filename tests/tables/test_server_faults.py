"""Faults at the table server, with the real parts: the store deleted, replaced, truncated or damaged
under a live table, its write lock held by another program for 30 s, and the server killed with
SIGKILL mid-game and started again.  Nothing is recorded twice, no client plays on alone, every
client gets one line, and the table goes on from its last recorded choice."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgames_tui.engine.session import HUMAN, Seat
from boardgames_tui.engine.table_session import new_table
from boardgames_tui.engine.table_store import TableStore
from boardgames_tui.tables import client
from test_store_faults import corrupt, delete, make_big, python, replace, truncate

GAME = "evolution"
SEATS = [Seat("Ann", "red", HUMAN), Seat("Ben", "blue", HUMAN)]


def read_until(conn: client.Connection, kind: str, timeout: float = 15.0) -> tuple[dict, list[dict]]:
    """The first message of ``kind``, and the ones before it (ClientError past ``timeout``)."""
    conn.sock.settimeout(timeout)
    before = []
    while True:
        m = conn.pushed.pop(0) if conn.pushed else conn.read()
        if m["t"] == kind:
            return m, before
        before.append(m)


def play(conns: dict[int, tuple[client.Connection, dict]], choices: int) -> dict[int, dict]:
    """``choices`` choices, each by the seat that decides (its first option); the states after."""
    states = {seat: s for seat, (_, s) in conns.items()}
    for _ in range(choices):
        s = next(s for s in states.values() if s["decision"]["mine"])
        seat = s["viewer"]
        conn = conns[seat][0]
        conn.send({"t": "choose", "key": s["decision"]["options"][0][0], "n": s["n"]})
        for q, (c, _) in conns.items():
            while (st := read_until(c, "state")[0])["n"] < s["n"] + 1:
                pass
            states[q] = st
    return states


def join_both(code: str, sock: Path) -> dict[int, tuple[client.Connection, dict]]:
    out = {}
    for seat, who in ((0, "ann"), (1, "ben")):
        c, _, s = client.join(code, seat, False, sock, player=who)
        out[seat] = (c, s)
    return out


@pytest.mark.parametrize("fault", [delete, replace, truncate, corrupt], ids=lambda f: f.__name__)
def test_a_store_lost_under_a_live_table_stops_it_with_one_line_to_every_client(table_server, tmp_path, fault):
    path = tmp_path / "data" / "tables.db"
    code = table_server.create(GAME, SEATS, seed=5)
    if fault is corrupt:   # pages in the middle of the file to damage
        table_server.call(lambda: make_big(table_server.server.store(), code))
    conns = join_both(code, table_server.sock)
    states = play(conns, 4)
    time.sleep(0.05)        # past the file system's clock tick (see test_store_faults.corrupt)
    fault(path, tmp_path)
    lines = []
    for c, _ in conns.values():
        stopped, before = read_until(c, "stopped")
        assert all(m["t"] != "state" for m in before)     # nothing moved on meanwhile
        lines.append(stopped["line"])
    assert len(set(lines)) == 1 and "\n" not in lines[0] and "table store" in lines[0]
    assert "Nothing more is recorded" in lines[0]
    # A choice now is refused with that line; nobody plays on alone.
    s = next(s for s in states.values() if s["decision"]["mine"])
    conn = conns[s["viewer"]][0]
    with pytest.raises(client.ClientError, match="table store"):
        conn.request({"t": "choose", "key": s["decision"]["options"][0][0], "n": s["n"]})
    other = conns[1 - s["viewer"]][0]
    other.sock.settimeout(0.5)
    with pytest.raises(client.ClientError, match="timed out"):   # no state, no second line
        other.read()
    for c, _ in conns.values():
        c.close()


HOLD_30S = """
    import sqlite3, sys, time
    con = sqlite3.connect(sys.argv[1], isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    print("held", flush=True)
    time.sleep(30)
    con.execute("ROLLBACK")
"""


@pytest.mark.slow
def test_a_write_lock_held_for_30_seconds_records_nothing_and_says_so(table_server, tmp_path):
    path = tmp_path / "data" / "tables.db"
    code = table_server.create(GAME, SEATS, seed=5)
    conns = join_both(code, table_server.sock)
    states = play(conns, 2)
    s = next(s for s in states.values() if s["decision"]["mine"])
    conn, other = conns[s["viewer"]][0], conns[1 - s["viewer"]][0]
    holder = python(HOLD_30S, str(path))
    assert holder.stdout.readline().strip() == "held"
    t0 = time.monotonic()
    try:
        refusals = 0
        while time.monotonic() - t0 < 25:   # asked again and again while it is held: refused each time
            t = time.monotonic()
            with pytest.raises(client.ClientError, match="busy.*nothing was recorded"):
                conn.request({"t": "choose", "key": s["decision"]["options"][0][0], "n": s["n"]})
            assert time.monotonic() - t < 10     # bounded: about 3 s, with room for a loaded machine
            refusals += 1
        assert refusals >= 2
        assert TableStore(path).read(code).n == s["n"]   # a reader is not blocked, and sees nothing new
    finally:
        holder.wait(40)
    # Released: the same choice is recorded once, and reaches the other terminal.
    reply = conn.request({"t": "choose", "key": s["decision"]["options"][0][0], "n": s["n"]})
    assert reply["t"] == "chosen"
    while read_until(other, "state")[0]["n"] < s["n"] + 1:
        pass
    assert TableStore(path).read(code).n == s["n"] + 1
    for c in (conn, other):
        c.close()


def serve(store: Path, sock: Path) -> subprocess.Popen:
    p = subprocess.Popen([sys.executable, "-m", "boardgames_tui", "serve", "--store", str(store),
                          "--socket", str(sock), "--bot-delay", "0"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline()   # it says where it serves once it listens
    assert "serve: tables in" in line, p.stderr.read()
    return p


def test_a_server_killed_mid_game_and_started_again_goes_on_from_the_last_recorded_choice(tmp_path):
    store, sock = tmp_path / "tables.db", tmp_path / "s.sock"
    code = new_table(TableStore(store), GAME, SEATS, seed=9)
    server = serve(store, sock)
    try:
        conns = join_both(code, sock)
        play(conns, 6)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        for c, _ in conns.values():   # each client hears that its server has gone: one line
            with pytest.raises(client.ClientError, match="table server (closed|has gone)"):
                read_until(c, "state", timeout=10)
            c.close()
        recorded = TableStore(store).read(code).keys
        assert len(recorded) == 6
        server = serve(store, sock)   # the dead one's socket and lock are no obstacle
        conns = join_both(code, sock)
        assert all(s["n"] == 6 for _, s in conns.values())
        play(conns, 4)
        keys = TableStore(store).read(code).keys
        assert len(keys) == 10 and keys[:6] == recorded      # nothing twice, nothing lost
        for c, _ in conns.values():
            c.close()
    finally:
        server.kill()
        server.wait()
        for f in (server.stdout, server.stderr):
            if f:
                f.close()

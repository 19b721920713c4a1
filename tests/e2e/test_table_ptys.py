"""Terminals at one table, end to end, through the table server: 80x24 ptys (pexpect; pyte renders
them) run ``boardgames-tui join CODE --seat 1`` and ``--seat 2``.

The table is made with a chosen seed the privileged way (straight into the store file, before any
server runs: a test may, a player may not).  The terminals share the store only
(``BOARDGAMES_TUI_TABLES``), each with its own data folder; the first ``join`` finds no server at
the socket the store's path gives and starts one (the autostart, for real), the second finds it.
The test reads the store as an oracle (the whole table's truth) and never talks to the server.

Checked, two players: no curtain; each terminal shows its own hand and never the other's; a choice
made at one shows at the other within a bound (pushed: the times are printed); a terminal
SIGKILLed and joined again comes back at the same position; the server ``kill -9``-ed mid-game:
both terminals say so in one line and keep running, a choice tried meanwhile is refused, a new
server starts by itself and the table goes on from its last recorded choice, nothing recorded
twice.  One person at two terminals (the same ``BOARDGAMES_TUI_PLAYER``, ``--seat 1`` and
``--seat 2``): each shows only its own seat's hand and options at every decision.  Every server
started at the test's socket is killed at the end.
"""
from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pexpect  # the test extra

from e2e_support import PtyScreen, hand_check, kill_servers, server_pids, wait_all as e2e_wait_all, wait_until

from boardgames_tui.engine.session import Seat
from boardgames_tui.engine.table_session import load_table, new_table
from boardgames_tui.engine.table_store import TableStore
from boardgames_tui.tables import address

ROOT = Path(__file__).resolve().parents[2]   # the checkout under test
COLS, ROWS = 80, 24
STEP_TIMEOUT = 30.0
FOLLOW_LIMIT = 1.0    # seconds: a choice shows at the other terminal within this (pushed: ~0.1 s)
SEED = 5
NAMES = ("Alice", "Bob")
ENTER = "\r"
GONE = "The table server cannot be reached; reconnecting…"


def follow_limit() -> float:
    """FOLLOW_LIMIT; three times that on a machine with more runnable processes than cores, where
    the two apps' redraws wait for a core."""
    loaded = os.getloadavg()[0] > (os.cpu_count() or 1)
    return FOLLOW_LIMIT * (3 if loaded else 1)


class Terminal(PtyScreen):
    """``boardgames-tui join CODE --seat K`` in an 80x24 pty, its output rendered by pyte."""

    def __init__(self, tmp: Path, code: str, seat: int, player: str):
        super().__init__()
        self.player = player
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/root"),
               "TERM": "xterm-256color", "LANG": "C.UTF-8", "BOARDGAMES_TUI_PLAYER": player,
               "PYTHONPATH": str(ROOT),
               "BOARDGAMES_TUI_TABLES": str(tmp / "tables.db"),
               "BOARDGAMES_TUI_DATA": str(tmp / f"data-{player}-{seat}")}
        self.child = pexpect.spawn(sys.executable, ["-m", "boardgames_tui", "join", code, "--seat", str(seat)],
                                   dimensions=(ROWS, COLS), env=env, cwd=str(ROOT), timeout=STEP_TIMEOUT)

    def pump(self, seconds: float = 0.05) -> None:
        super().pump(seconds)


def quiet(terms, still: float = 0.3) -> None:
    """Pump until no terminal's screen has changed for ``still`` seconds: a frame the app writes in
    several pieces is whole (a condition may already hold on half of one)."""
    end = time.monotonic() + STEP_TIMEOUT
    while time.monotonic() < end:
        texts = [t.text() for t in terms]
        until = time.monotonic() + still
        while time.monotonic() < until:
            for t in terms:
                t.pump(0.01)
        if [t.text() for t in terms] == texts:
            return
    raise AssertionError("the terminals never stopped drawing")


def wait_all(terms, cond, what: str, timeout: float = STEP_TIMEOUT) -> float:
    return e2e_wait_all(terms, cond, what, timeout, [f"seat {i + 1}'s screen" for i in range(len(terms))])


class Table:
    """The table made the privileged way, and the test's view of its store (the oracle)."""

    def __init__(self, tmp: Path, seed: int = SEED):
        self.path = tmp / "tables.db"
        self.store = TableStore(self.path)
        self.code = new_table(self.store, "evolution", [Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], seed=seed)
        self.sock = address.socket_path(self.path)   # where a client looks for the server, given the store
        assert not server_pids(self.sock)

    def match(self):
        return load_table(self.store, self.code)

    def keys(self) -> list[str]:
        return self.store.read(self.code).keys

    def settled(self, terms, what: str):
        """Wait until every terminal shows the table's position: the deciding seat's terminal its
        options, the others "Waiting for" it; each its own hand and none of the other's.  The match."""
        m = self.match()
        d = m.decision()

        def shows() -> bool:
            ok = True
            for t, seat in zip(terms, self.seats_of(terms)):
                text = t.text()
                assert "Pass the keyboard" not in text, text   # never a curtain
                ok = hand_check(m, seat, text) and ok
                if d.player == seat:
                    ok = ok and f"Options ({len(d.options)})" in text and GONE not in text
                else:
                    ok = ok and f"Waiting for {NAMES[d.player]} (seat {d.player + 1})" in text
            return ok
        wait_all(terms, shows, what)
        return m

    @staticmethod
    def seats_of(terms) -> list[int]:
        return [t.seat for t in terms]

    def close(self) -> None:
        self.store.close()


def join(tmp: Path, table: Table, seat: int, player: str) -> Terminal:
    t = Terminal(tmp, table.code, seat + 1, player)
    t.seat = seat
    return t


def choose(table: Table, terms, chosen: list[str]) -> float | None:
    """Enter at the terminal whose turn it is: the choice is recorded once, and every terminal
    shows the position after it.  When the turn passes to another terminal, the seconds from the
    Enter until that terminal shows its options (pushed to it by the server); else None."""
    m = table.match()
    d = m.decision()
    chooser = next(t for t in terms if t.seat == d.player)
    n = len(m.history)
    chooser.child.send(ENTER)
    start = time.monotonic()
    wait_all(terms, lambda: len(table.keys()) == n + 1, "the choice in the store")
    keys = table.keys()
    assert keys[:n] == chosen and keys[n] in [o.key for o in d.options], (keys, chosen)
    chosen.append(keys[n])
    nd = table.match().decision()
    took = None
    if nd is not None and nd.player != d.player:
        nxt = next(t for t in terms if t.seat == nd.player)
        wait_all(terms, lambda: f"Options ({len(nd.options)})" in nxt.text() and "Waiting for" not in nxt.text(),
                 "the turn at the other terminal")
        took = time.monotonic() - start
    table.settled(terms, "the position after the choice")
    return took


def test_two_players_at_one_table_and_the_server_killed(tmp_path):
    t0 = time.monotonic()
    table = Table(tmp_path)
    terms: list[Terminal] = []
    try:
        terms.append(join(tmp_path, table, 0, "alice"))   # finds no server: starts one
        wait_all(terms, lambda: server_pids(table.sock), "the server the first join started")
        terms.append(join(tmp_path, table, 1, "bob"))
        table.settled(terms, "both terminals at the table")
        assert len(server_pids(table.sock)) == 1, server_pids(table.sock)
        assert [s.player for s in table.store.info(table.code).seats] == ["alice", "bob"]

        # choices, each at the terminal whose turn it is: pushed to the other
        chosen: list[str] = []
        lags = []
        while len(lags) < 2:   # until the turn passed twice (and so each terminal chose)
            took = choose(table, terms, chosen)
            if took is not None:
                lags.append(took)
        print(f"a choice showed at the other terminal after {', '.join(f'{x:.3f}' for x in lags)} s")
        assert max(lags) < follow_limit(), lags

        # SIGKILL one terminal and join again: the same position, nothing recorded
        quiet(terms)
        before = [ln.rstrip() for ln in terms[1].text().splitlines()[:2]]
        terms[1].child.kill(signal.SIGKILL)
        terms[1].close()
        terms[1] = join(tmp_path, table, 1, "bob")
        wait_all(terms, lambda: [ln.rstrip() for ln in terms[1].text().splitlines()[:2]] == before,
                 f"the rejoined terminal at the same position: {before}")
        table.settled(terms, "the rejoined terminal's position")
        assert table.keys() == chosen

        # kill -9 the server mid-game: both terminals say so in one line and keep running
        [old] = server_pids(table.sock)
        os.kill(old, signal.SIGKILL)
        wait_all(terms, lambda: all(GONE in t.text() for t in terms), "both terminals to say the server has gone")
        for t in terms:
            assert t.child.isalive()
            assert sum(GONE in ln for ln in t.text().splitlines()) == 1, t.text()
        # a choice tried while it is gone is not sent (and so never recorded twice)
        d = table.match().decision()
        next(t for t in terms if t.seat == d.player).child.send(ENTER)
        # a client starts a new server; the table goes on from its last recorded choice
        started = time.monotonic()
        m = table.settled(terms, "both terminals back at the table")
        print(f"back at the table {time.monotonic() - started:.2f} s after the server was killed")
        assert table.keys() == chosen and len(m.history) == len(chosen)
        # both terminals may have started one: the one that took the socket's lock stays
        new = wait_until(lambda: len(server_pids(table.sock)) == 1 and server_pids(table.sock), 10,
                         "one new server", detail=lambda: str(server_pids(table.sock)))
        assert old not in new, (old, new)
        for _ in range(2):
            choose(table, terms, chosen)
        assert table.keys() == chosen
        for t in terms:
            assert t.child.isalive()
        print(f"two players, the server killed: {time.monotonic() - t0:.1f} s")
    finally:
        for t in terms:
            t.close()
        kill_servers(table.sock)
        table.close()
    assert not server_pids(table.sock)


def test_one_person_at_two_terminals_sees_each_seat_apart(tmp_path):
    # One player name at two terminals, --seat 1 and --seat 2: each terminal is bound to the seat
    # it joined, and shows that seat's hand only, whichever seat decides (this was a bug).
    t0 = time.monotonic()
    table = Table(tmp_path, seed=7)
    terms: list[Terminal] = []
    try:
        terms.append(join(tmp_path, table, 0, "pat"))
        wait_all(terms, lambda: server_pids(table.sock), "the server the first join started")
        terms.append(join(tmp_path, table, 1, "pat"))
        table.settled(terms, "both terminals at the table")
        assert [s.player for s in table.store.info(table.code).seats] == ["pat", "pat"]
        chosen: list[str] = []
        deciders = set()
        for _ in range(6):
            deciders.add(table.match().decision().player)
            choose(table, terms, chosen)
        assert deciders == {0, 1}, deciders   # both seats decided at least once
        print(f"one person at two terminals, {len(chosen)} choices: {time.monotonic() - t0:.1f} s")
    finally:
        for t in terms:
            t.close()
        kill_servers(table.sock)
        table.close()
    assert not server_pids(table.sock)

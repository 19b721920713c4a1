"""Two terminals at one table, end to end: two 80x24 ptys (pexpect; pyte renders them) run
``boardgames-tui join CODE --seat 1`` and ``--seat 2`` as different players on one shared
table store, each with its own data folder.

Checked: no curtain at either; each shows its own hand and never the other's; a choice made
at one terminal shows at the other within a second (measured); a terminal SIGKILLed and
joined again comes back at the same position.
"""
from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pexpect  # the test extra

from e2e_support import PtyScreen, own_traits, wait_all as e2e_wait_all

from boardgames_tui.engine.session import Seat
from boardgames_tui.engine.table_session import TableSession, new_table
from boardgames_tui.engine.table_store import TableStore

COLS, ROWS = 80, 24
STEP_TIMEOUT = 30.0
FOLLOW_LIMIT = 1.0    # seconds: a choice shows at the other terminal within this
SEED = 5
NAMES = ("Alice", "Bob")
ENTER = "\r"


def follow_limit() -> float:
    """FOLLOW_LIMIT; twice that on a machine with more runnable processes than cores, where the
    two apps' redraws wait for a core (the poll itself is every 0.25 s)."""
    loaded = os.getloadavg()[0] > (os.cpu_count() or 1)
    return FOLLOW_LIMIT * (2 if loaded else 1)


class Terminal(PtyScreen):
    """``boardgames-tui join`` in an 80x24 pty, its output rendered by pyte."""

    def __init__(self, tmp: Path, code: str, seat: int, player: str):
        super().__init__()
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/root"),
               "TERM": "xterm-256color", "LANG": "C.UTF-8", "BOARDGAMES_TUI_PLAYER": player,
               "BOARDGAMES_TUI_TABLES": str(tmp / "tables.db"),
               "BOARDGAMES_TUI_DATA": str(tmp / f"data-{player}")}
        self.child = pexpect.spawn(sys.executable, ["-m", "boardgames_tui", "join", code, "--seat", str(seat)],
                                   dimensions=(ROWS, COLS), env=env, timeout=STEP_TIMEOUT)

    def pump(self, seconds: float = 0.05) -> None:
        super().pump(seconds)


def wait_all(terms, cond, what: str, timeout: float = STEP_TIMEOUT) -> float:
    return e2e_wait_all(terms, cond, what, timeout)


def test_two_ptys_at_one_table(tmp_path):
    store = TableStore(tmp_path / "tables.db")
    code = new_table(store, "evolution", [Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], seed=SEED)
    watcher = TableSession.spectate(TableStore(tmp_path / "tables.db"), code, "test")
    terms = [Terminal(tmp_path, code, 1, "alice"), Terminal(tmp_path, code, 2, "bob")]
    try:
        wait_all(terms, lambda: all(f"table {code}" in t.text() and "Your hand" in t.text() for t in terms),
                 "both terminals at the table")
        for i, t in enumerate(terms):
            mine, theirs = own_traits(watcher, i, 1 - i), own_traits(watcher, 1 - i, i)
            assert mine and theirs
            wait_all(terms, lambda: all(card in t.text() for card in mine), f"seat {i + 1}'s own hand")
            text = t.text()
            assert "Pass the keyboard" not in text            # no curtain
            assert not any(card in text for card in theirs), (theirs, text)
        # Two choices, one at each terminal: each shows at the other within FOLLOW_LIMIT.
        for _ in range(2):
            watcher.poll()
            d = watcher.decider()
            chooser, waiter = terms[d], terms[1 - d]
            assert f"Waiting for {NAMES[d]} (seat {d + 1})" in waiter.text()
            n = len(watcher.match.history)
            chooser.child.send(ENTER)
            took = wait_all(terms, lambda: f"Waiting for {NAMES[d]}" not in waiter.text(),
                            "the choice to show at the other terminal")
            print(f"a choice showed at the other terminal after {took:.3f} s")
            assert took < follow_limit(), took
            watcher.poll()
            assert len(watcher.match.history) == n + 1
        # SIGKILL one terminal and join again: the same position.
        wait_all(terms, lambda: "Waiting for" in terms[0].text() or "Waiting for" in terms[1].text(),
                 "a settled position")
        before = [ln.rstrip() for ln in terms[1].text().splitlines()[:2]]
        n = TableStore(tmp_path / "tables.db").info(code).n
        terms[1].child.kill(signal.SIGKILL)
        terms[1].close()
        terms[1] = Terminal(tmp_path, code, 2, "bob")
        wait_all(terms, lambda: [ln.rstrip() for ln in terms[1].text().splitlines()[:2]] == before,
                 "the rejoined terminal at the same position")
        assert TableStore(tmp_path / "tables.db").info(code).n == n
        assert "Pass the keyboard" not in terms[1].text()
    finally:
        for t in terms:
            t.close()

"""Two browser tabs at one table: ``boardgames-tui web`` with a link for alice and one for bob.

A real server (the console script, on a free loopback port) and two headless Chromiums, each
with its own profile (one browser would keep one token cookie for both links: cookies ignore
the path and the query).  The table is made in the server's shared table store; each page
joins it from the menu (Tables…, Enter on the table: your seat or the first free one), through
the table server the first tab starts, so the seat each gets is the one its link's player claims.

Checked: alice's page joins seat 1 and bob's seat 2, claimed in the store as ``alice`` and
``bob`` (the players of their links, not the OS user the server runs as); each page shows
its own hand and not the other's; a choice made in one page shows in the other within
FOLLOW_LIMIT, both ways.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from e2e_support import (free_port, kill_group, kill_marked, own_traits, require_program, wait_for_port,
                          wait_until)

from e2e_cdp import Browser  # websocket-client, from the test extra

from boardgames_tui.engine.session import Seat
from boardgames_tui.engine.table_session import TableSession, new_table
from boardgames_tui.engine.table_store import TableStore

TOKENS = {"alice": "alice-token-" + "a" * 12, "bob": "bob-token-" + "b" * 14}
NAMES = ("Alice", "Bob")
SEED = 3
STEP_TIMEOUT = 30.0
# Seconds for a choice in one page to show in the other: the table server pushes it at once;
# the rest is the redraw, the websocket and xterm.js, on a machine that may be busy.
FOLLOW_LIMIT = 5.0


@pytest.fixture
def chromium() -> str:
    return require_program("chromium", "chromium-browser", "google-chrome",
                           what="Chromium", install="apt-get install -y chromium")


def test_two_browser_tabs_at_one_table(chromium, tmp_path):
    t0 = time.monotonic()
    data = tmp_path / "data"
    tables = data / "web" / "tables.db"
    marker = f"bgt-e2e-webtable-{uuid.uuid4().hex}"
    port = free_port()
    script = Path(sys.executable).parent / "boardgames-tui"
    assert script.exists(), f"no console script at {script}"
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "BOARDGAMES_TUI_PLAYER", "BOARDGAMES_TUI_TABLES")}
    env.update(PATH="/usr/bin:/bin", BOARDGAMES_TUI_DATA=str(data), BGT_E2E_MARKER=marker,
               TERM="xterm-256color")
    server_log = tmp_path / "server.log"
    server = None
    pages: dict[str, Browser] = {}
    screens: dict[str, str] = {}

    def read(who: str) -> str:
        screens[who] = pages[who].screen()
        return screens[who]

    def wait_screen(who: str, cond, what: str, timeout: float = STEP_TIMEOUT) -> float:
        start = time.monotonic()
        wait_until(lambda: cond(read(who)), timeout, f"{who}'s page: {what}", interval=0.1,
                   detail=lambda: "\n\n".join(f"{w}'s page shows:\n{s}" for w, s in screens.items())
                   + f"\nserver log:\n{server_log.read_text(errors='replace')[-2000:]}")
        return time.monotonic() - start

    try:
        with open(server_log, "wb") as log:
            server = subprocess.Popen(
                [str(script), "web", "--host", "127.0.0.1", "--port", str(port),
                 *(f"--player={p}={t}" for p, t in TOKENS.items())],
                cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(port, 20, server, server_log)
        wait_until(lambda: f"tables to {tables}" in server_log.read_text(errors="replace"), 10,
                   "the server's start lines", detail=lambda: server_log.read_text(errors="replace"))

        # The table, made with a chosen seed in the server's shared store, as only a test may (a
        # player's --seed is refused: test_table_cli.py).  The first tab that needs the table
        # server starts it, for the web server's store, at the socket every tab is given.
        code = new_table(TableStore(tables), "evolution", [Seat(n) for n in NAMES], seed=SEED)
        store = TableStore(tables)
        watcher = TableSession.spectate(TableStore(tables), code, "test")

        for who in TOKENS:
            profile = tmp_path / f"chromium-{who}"
            profile.mkdir()
            pages[who] = Browser(chromium, profile, tmp_path / f"chromium-{who}.log")
            pages[who].open_terminal_page(f"http://127.0.0.1:{port}/?token={TOKENS[who]}")
        for who in TOKENS:
            wait_screen(who, lambda s: "New game" in s and "Tables" in s, "the main menu")

        # Each joins from the menu, alice first: the first free seat is hers, then bob's.
        for seat, who in enumerate(TOKENS):
            pages[who].press("t")
            wait_screen(who, lambda s: code in s and "New table" in s, "the Tables screen")
            pages[who].press("Enter")
            wait_screen(who, lambda s: f"table {code}" in s and "Your hand" in s, "at the table")
            claims = [s.player for s in store.info(code).seats]
            assert claims[seat] == who, claims
        assert [s.player for s in store.info(code).seats] == list(TOKENS)

        # Each page shows its own seat's hand, never the other's (no curtain: none is needed).
        for seat, who in enumerate(TOKENS):
            mine, theirs = own_traits(watcher, seat, 1 - seat), own_traits(watcher, 1 - seat, seat)
            assert mine and theirs
            wait_screen(who, lambda s: all(card in s for card in mine), f"seat {seat + 1}'s own hand")
            assert not any(card in screens[who] for card in theirs), (theirs, screens[who])
            assert "Pass the keyboard" not in screens[who]

        # One choice in each page, each seen in the other.
        for _ in range(2):
            watcher.poll()
            d = watcher.decider()
            assert d is not None
            chooser, waiter = list(TOKENS)[d], list(TOKENS)[1 - d]
            waiting = f"Waiting for {NAMES[d]} (seat {d + 1})"
            wait_screen(waiter, lambda s: waiting in s, "waiting for the other seat")
            wait_screen(chooser, lambda s: "Options (" in s and waiting not in s, "its own turn")
            n = len(watcher.match.history)
            pages[chooser].press("Enter")
            took = wait_screen(waiter, lambda s: waiting not in s, "the other page's choice")
            print(f"{chooser}'s choice showed in {waiter}'s page after {took:.2f} s")
            assert took < FOLLOW_LIMIT, took
            watcher.poll()
            assert len(watcher.match.history) == n + 1
            wait_screen(chooser, lambda s: f"Waiting for {NAMES[1 - d]} (seat {2 - d})" in s,
                        "waiting after its choice")
        assert store.info(code).n == 2
        store.close()
    finally:
        for b in pages.values():
            b.close()
        kill_group(server)
        kill_marked(marker)  # the app processes the server started
    print(f"two-tab table e2e took {time.monotonic() - t0:.1f} s")

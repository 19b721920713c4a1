"""Tables over SSH, end to end: the README's two hosts under a private sshd.

One account per friend (the recommended host; root only): the README's table server unit, its
``serve --shared`` line run as an account of its own with a store only it can read, and the
README's sshd lines that give the friends' sessions the server's socket.  Real Unix accounts
``bgt-alice`` and ``bgt-bob`` (made with useradd, removed at the end) log in with their own keys.
Alice makes a table; alice and bob join the test's seeded table in two 80x24 ptys and play
choices across them, each terminal with its own hand only; bob cannot read the store (``cat``,
``sqlite3``: permission denied) and cannot act for alice: his ``join CODE --seat 1`` is refused
with one line naming alice, with ``BOARDGAMES_TUI_PLAYER`` set to alice's name or not (the server
goes by his uid).

One shared account (the simpler host): the README's login script, sshd settings and key lines of
``test_ssh_play.py`` with the test's paths; three keys, alice, bob and carol, each the README's
key line with its own ``BGT_PLAYER``; the table server starts by itself at the first client.
Alice and bob play six choices; carol's ``join CODE --seat 1`` and ``join CODE`` are refused
with one line and exit status 2; ``tables`` marks the table as bob's turn for bob only.

Both make the table with a chosen seed the privileged way (straight into the store, before any
server runs), and read the store as the oracle.
"""
from __future__ import annotations

import subprocess
import time

import pytest

from e2e_support import hand_check, wait_all as e2e_wait_all
from test_ssh_play import DOWN, ENTER, STEP_TIMEOUT, Host, Terminal, tools  # noqa: F401 - tools: the fixture

from boardgames_tui.engine.session import Seat
from boardgames_tui.engine.table_session import TableSession, new_table
from boardgames_tui.engine.table_store import CODE_ALPHABET, TableStore
from boardgames_tui.engine.text import plural

SEED = 3
NAMES = ("Alice", "Bob")
FRIENDS = ("alice", "bob")      # the keys of seats 1 and 2
CHOICES = 7                     # seed 3, "the last option" each time: each one shows at the other


def run_ssh(ssh: str, host: Host, friend: str, *remote: str, tty: bool = False) -> subprocess.CompletedProcess:
    """One command over ssh, its output captured (``tty``: with ``-tt``, as a terminal would)."""
    args = host.ssh_args(*remote, friend=friend)
    return subprocess.run([ssh, *(args if tty else args[1:])], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)


def refused(r: subprocess.CompletedProcess, *expect: str) -> str:
    """The one line of a refusal with exit status 2 (through the pty, stderr comes on stdout)."""
    lines = [ln.strip() for ln in (r.stdout + r.stderr).splitlines() if ln.strip()]
    assert r.returncode == 2 and len(lines) == 1, (r.returncode, lines)
    assert all(e in lines[0] for e in expect), lines
    return lines[0]


def wait_all(terms, cond, what: str) -> float:
    return e2e_wait_all(terms, cond, what, STEP_TIMEOUT, [f"{f}'s screen" for f in FRIENDS])


def hole_line(m) -> str:
    v = m.view(None, log=False)
    return f"Watering hole: {v['hole']} plant · {plural(v['food_cards_down'], 'food card')} down"


def test_three_keys_one_table_over_ssh(tools, tmp_path):  # noqa: F811 - the fixture
    t_start = time.monotonic()
    sshd, ssh, keygen = tools
    root = tmp_path / "host"
    root.mkdir()
    host = Host(root, sshd, keygen)
    for friend in ("bob", "carol"):
        host.add_friend(friend)
    host.check_config(sshd)
    terms: list[Terminal] = []
    store = TableStore(host.tables)
    try:
        # the test's table, with a seed: straight into the store, before any server runs
        code = new_table(store, "evolution", [Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], seed=SEED)
        host.start(sshd)

        # alice creates a table (the server starts): no terminal needed, the code alone on the first
        # line; a seed of hers is refused
        made = run_ssh(ssh, host, "alice", "table", "new", "evolution", "--players", "2",
                       "--names", ",".join(NAMES))
        assert made.returncode == 0, made
        made_code = made.stdout.splitlines()[0].strip()
        assert len(made_code) == 6 and set(made_code) <= set(CODE_ALPHABET), made.stdout
        assert store.info(made_code).game == "evolution" and made_code != code
        refused(run_ssh(ssh, host, "alice", "table", "new", "evolution", "--seed", "3"), "seed", "drawn by")
        refused(run_ssh(ssh, host, "bob", "join", code), "use ssh -t")   # join needs a terminal

        # alice joins (the first free seat: 1), then bob (the next: 2)
        for seat, friend in enumerate(FRIENDS):
            terms.append(Terminal(ssh, host.ssh_args("join", code, friend=friend), host))
            wait_all(terms, lambda: store.info(code).seats[seat].player == friend, f"{friend}'s claim")
        assert [s.player for s in store.info(code).seats] == list(FRIENDS)

        # carol: not alice's seat, and no free one; the seats stay theirs
        refused(run_ssh(ssh, host, "carol", "join", code, "--seat", "1", tty=True), "seat 1", "taken by alice")
        refused(run_ssh(ssh, host, "carol", "join", code, tty=True), "no free seat")
        assert [s.player for s in store.info(code).seats] == list(FRIENDS)

        # the choices, each at the terminal whose turn it is; the other terminal follows
        oracle = TableSession.spectate(TableStore(host.tables), code, "test")
        chosen, lags = [], []
        for _ in range(CHOICES):
            oracle.poll()
            m = oracle.match
            d = m.decision()
            me, other = d.player, 1 - d.player
            wait_all(terms, lambda: f"Options ({len(d.options)})" in terms[me].text()
                     and f"Waiting for {NAMES[me]} (seat {me + 1})" in terms[other].text()
                     and hole_line(m) in terms[me].text()
                     and all(hand_check(m, s, terms[s].text()) for s in (0, 1)),
                     f"{FRIENDS[me]}'s turn at both terminals")
            key = d.options[-1].key
            terms[me].keys(DOWN * (len(d.options) - 1))
            terms[me].keys(ENTER, settle=0)
            t0 = time.monotonic()
            wait_all(terms, lambda: store.info(code).n == len(chosen) + 1, f"{FRIENDS[me]}'s choice in the store")
            assert store.read(code).keys[-1] == key   # the option the keys picked
            chosen.append(key)
            before = (me, hole_line(m))
            oracle.poll()
            m, nd = oracle.match, oracle.match.decision()
            assert nd is not None and (nd.player, hole_line(m)) != before   # seed 3: each choice shows
            # at the other terminal: its turn now (or still the chooser's) and the new watering hole
            turn = (f"Options ({len(nd.options)})" if nd.player == other
                    else f"Waiting for {NAMES[me]} (seat {me + 1})")
            wait_all(terms, lambda: turn in terms[other].text() and hole_line(m) in terms[other].text(),
                     f"{FRIENDS[me]}'s choice at {FRIENDS[other]}'s terminal")
            lags.append(time.monotonic() - t0)
        oracle.poll()
        wait_all(terms, lambda: all(hand_check(oracle.match, s, terms[s].text()) for s in (0, 1)),
                 "each terminal with its own hand after the last choice")

        # nothing lost, nothing doubled, the seats unchanged
        assert store.read(code).keys == chosen and store.info(code).n == CHOICES
        assert [s.player for s in store.info(code).seats] == list(FRIENDS)
        line = {f: next(ln for ln in run_ssh(ssh, host, f, "tables").stdout.splitlines() if code in ln)
                for f in FRIENDS}
        decider = store.info(code).decider
        assert line[FRIENDS[decider]].startswith("*") and not line[FRIENDS[1 - decider]].startswith("*"), line
        assert "1 alice, 2 bob" in line["alice"], line
        print(f"ssh table: {CHOICES} choices; each showed at the other terminal after "
              f"{', '.join(f'{x:.2f}' for x in lags)} s; {time.monotonic() - t_start:.1f} s in all")
    finally:
        store.close()
        for t in terms:
            t.close()
        host.stop()   # sshd, the sessions and the table server (its socket is beside the store)


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-q", "-s"])

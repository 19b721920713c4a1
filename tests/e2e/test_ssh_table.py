"""A table over SSH, end to end: two friends' keys, one table, a third key kept out.

The private sshd of ``test_ssh_play.py`` (the README's login script, sshd
settings and key line) gets three keys: alice, bob and carol, each line the
README's with its own ``BGT_PLAYER``.  The login script's shared table file is
moved into the test's folder.  Alice creates a table (``table new``), alice and
bob join it as seats 1 and 2 in two 80x24 ptys and play a few rounds, each
choice seen at the other terminal; carol can neither take their seats nor
join without one.  The store then holds exactly the choices made.
"""
from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

import pexpect
import pytest

from e2e_support import wait_until
from test_ssh_play import DOWN, ENTER, PLAYER, Host, Terminal, recipe_key_options, tools  # noqa: F401

from boardgames_tui.engine.table_store import TableStore

RECIPE_TABLES = "/home/boardgames/tables.db"
SEED = 5
ROUNDS_OF_CHOICES = 8


class TableHost(Host):
    """The README's host with one key per friend and the table file under ``root``."""

    def __init__(self, root: Path, sshd: str, keygen: str, friends: tuple[str, ...]):
        super().__init__(root, sshd, keygen)
        script = self.login.read_text()
        assert RECIPE_TABLES in script, "the README's login script should name the shared table file"
        self.tables = root / "tables.db"
        self.login.write_text(script.replace(RECIPE_TABLES, str(self.tables)))
        self.keys_of: dict[str, Path] = {PLAYER: self.client_key}
        lines = [self.keys.read_text()]
        for friend in friends:
            if friend == PLAYER:
                continue
            key = root / f"id_{friend}"
            subprocess.run([keygen, "-q", "-t", "ed25519", "-N", "", "-C", f"{friend}@test", "-f", str(key)],
                           check=True, capture_output=True, timeout=30)
            options = recipe_key_options().replace(f"BGT_PLAYER={PLAYER}", f"BGT_PLAYER={friend}")
            lines.append(f"{options} {key.with_suffix('.pub').read_text().strip()}\n")
            self.keys_of[friend] = key
        self.keys.write_text("".join(lines))

    def ssh_as(self, friend: str, *remote: str) -> list[str]:
        args = self.ssh_args(*remote)
        args[args.index("-i") + 1] = str(self.keys_of[friend])
        return args


def run_ssh(ssh: str, host: TableHost, friend: str, *remote: str) -> subprocess.CompletedProcess:
    """A command without a terminal (``ssh`` without -t)."""
    return subprocess.run([ssh, *host.ssh_as(friend, *remote)[1:]], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)


def test_two_friends_play_one_table_over_ssh(tools, tmp_path):  # noqa: F811 - the fixture
    sshd, ssh, keygen = tools
    root = tmp_path / "host"
    root.mkdir()
    host = TableHost(root, sshd, keygen, ("alice", "bob", "carol"))
    host.check_config(sshd)
    terms: dict[str, Terminal] = {}
    try:
        host.start(sshd)
        made = run_ssh(ssh, host, "alice", "table", "new", "evolution", "--players", "2", "--seed", str(SEED))
        assert made.returncode == 0, made
        code = made.stdout.splitlines()[0].strip()
        assert re.fullmatch(r"[A-Z2-9]{6}", code), made.stdout

        for seat, friend in ((1, "alice"), (2, "bob")):
            terms[friend] = Terminal(ssh, host.ssh_as(friend, "join", code, "--seat", str(seat)), host)
        store = TableStore(host.tables)
        try:
            info = wait_until(lambda: (i := store.info(code)) and all(s.player for s in i.seats) and i,
                              30, "both seats claimed")
            assert [s.player for s in info.seats] == ["alice", "bob"]

            # carol: not their seats, and no free one
            for args, why in ((("join", code, "--seat", "1"), "taken by alice"), (("join", code), "no free seat")):
                carol = Terminal(ssh, host.ssh_as("carol", *args), host)
                try:
                    carol.wait(why, what=f"carol refused: {why}")
                    carol.child.expect(pexpect.EOF, timeout=30)
                    carol.child.close()
                    assert carol.child.exitstatus == 2, carol.text()
                finally:
                    carol.close()
            assert [s.player for s in store.info(code).seats] == ["alice", "bob"]

            seen = 0
            lags = []
            for _ in range(ROUNDS_OF_CHOICES):
                info = store.info(code)
                if info.over:
                    break
                mover = "alice" if info.decider == 0 else "bob"
                waiter = "bob" if mover == "alice" else "alice"
                me = terms[mover]
                me.wait("Options (", what=f"{mover}'s options")
                assert "Pass the keyboard" not in me.text() and "Pass the keyboard" not in terms[waiter].text()
                me.keys(DOWN)
                me.keys(ENTER, settle=0)
                t0 = time.monotonic()
                wait_until(lambda: store.info(code).n == seen + 1, 20, f"{mover}'s choice in the store")
                seen += 1
                # the waiting terminal shows the new position: it has the options now, or still waits
                after = store.info(code)
                if after.decider == (0 if waiter == "alice" else 1):
                    terms[waiter].wait("Options (", what=f"{waiter}'s turn after {mover}'s choice")
                    lags.append(time.monotonic() - t0)
            assert seen >= 4, seen
            assert len(store.read(code).keys) == seen      # nothing lost, nothing doubled
            print(f"ssh table: {seen} choices; the other terminal's turn showed after "
                  f"{', '.join(f'{x:.2f}' for x in lags)} s")
        finally:
            store.close()
    finally:
        for t in terms.values():
            t.close()
        host.stop()


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-q"])

"""Tables over SSH, end to end: the README's two hosts under a private sshd.

One account per friend (the recommended host; root only): the README's table server unit, its
``serve --shared`` line run as an account of its own with a store only it can read, and the
README's sshd lines that give the friends' sessions the server's socket.  Real Unix accounts
``bgt-alice`` and ``bgt-bob`` (made with useradd, removed at the end) log in with their own keys.
Alice makes a table; alice and bob join the test's seeded table in two 80x24 ptys and play
choices across them, each terminal with its own hand only; bob cannot read the store (``cat``,
``sqlite3``: permission denied) and cannot act for alice: his ``join CODE --seat 1`` is refused
with one line naming alice, with ``BOARDGAMES_TUI_PLAYER`` set to alice's name or not (the server
goes by his uid).  The server killed: both terminals say so and wait (a friend's client starts no
server of its own at the host's socket: one line), and come back when the account starts it again.

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


# -- one account per friend: the recommended host -------------------------------------------------
UNIT = "/etc/systemd/system/boardgames-tui.service"
FRIENDS_CONF = "/etc/ssh/sshd_config.d/boardgames-tui-friends.conf"
RECIPE_APP = "/opt/boardgames-tui/.venv/bin/boardgames-tui"
RECIPE_SOCKET = "/run/boardgames-tui/tables.sock"
RECIPE_STORE = "/var/lib/boardgames-tui/tables.db"
TEST_USERS = {"server": "bgt-tables", "alice": "bgt-alice", "bob": "bgt-bob"}
MARK = "boardgames-tui e2e test account"   # the accounts' comment: a leftover of a crashed run is ours


GONE = "The table server cannot be reached; reconnecting…"


def recipe_serve_command() -> str:
    from test_ssh_play import readme_block

    unit = readme_block(f"# {UNIT}")
    for line in ("User=boardgames-tui", "RuntimeDirectoryMode=0755"):
        assert line in unit, line
    [cmd] = [ln.split("=", 1)[1] for ln in unit.splitlines() if ln.startswith("ExecStart=")]
    for word in ("serve", "--shared", f"--socket {RECIPE_SOCKET}", f"--store {RECIPE_STORE}"):
        assert word in cmd, cmd
    return cmd


def recipe_friends_conf() -> str:
    from test_ssh_play import readme_block

    conf = readme_block(f"# {FRIENDS_CONF}")
    assert "Match Group boardgames" in conf and f"SetEnv BOARDGAMES_TUI_SOCKET={RECIPE_SOCKET}" in conf, conf
    return conf


def reachable_by_all(path) -> bool:
    """Every account may run ``path``: it and each folder on the way are open to others."""
    import os
    import stat
    from pathlib import Path
    p = Path(os.path.realpath(path))
    try:
        if not p.stat().st_mode & stat.S_IXOTH:
            return False
        return all(q.stat().st_mode & stat.S_IXOTH for q in p.parents)
    except OSError:
        return False


def friends_app(path):
    """The checkout's app as a program every account may run (the recipe's /opt venv): this venv's
    Python if others may run it, else the system's Python of the same version with this venv's
    packages (a pyenv Python under /root is root's alone).  Skips if there is neither."""
    import sys
    import sysconfig
    from pathlib import Path

    from test_ssh_play import CHECKOUT, app_script
    if reachable_by_all(sys.executable):
        return app_script(path)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    system = Path("/usr/bin") / version
    site = sysconfig.get_paths()["purelib"]
    if not (reachable_by_all(system) and reachable_by_all(Path(site) / "textual")):
        pytest.skip(f"{sys.executable} is not open to other accounts, and there is no {system} to run "
                    "the app as the friends' accounts")
    path.write_text(f'#!/bin/sh\nPYTHONPATH={CHECKOUT}:{site} exec {system} -m boardgames_tui "$@"\n')
    path.chmod(0o755)
    return path


def test_the_account_per_friend_recipe_has_the_promised_lines():
    recipe_serve_command()
    recipe_friends_conf()


def _user_exists(name: str) -> str | None:
    import pwd
    try:
        return pwd.getpwnam(name).pw_gecos
    except KeyError:
        return None


def _user_pids(uid: int) -> list[int]:
    from pathlib import Path
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                status = (d / "status").read_text()
            except OSError:
                continue
            uids = next((ln.split()[1:] for ln in status.splitlines() if ln.startswith("Uid:")), [])
            if str(uid) in uids:
                out.append(int(d.name))
    return out


def remove_users(names) -> None:
    """userdel -r each of the test's accounts, after ending every process that runs as it."""
    import os
    import pwd
    import signal
    for name in names:
        try:
            uid = pwd.getpwnam(name).pw_uid
        except KeyError:
            continue
        for _ in range(50):
            pids = _user_pids(uid)
            if not pids:
                break
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.05)
        subprocess.run(["userdel", "-r", name], capture_output=True, timeout=30)
        subprocess.run(["groupdel", name], capture_output=True, timeout=30)   # if userdel left it


def make_users() -> dict[str, tuple[int, int, str]]:
    """The test's accounts: name -> (uid, gid, home).  A leftover of an earlier run (our comment)
    is removed first; an account of the same name that is not ours skips the test."""
    import pwd
    for name in TEST_USERS.values():
        gecos = _user_exists(name)
        if gecos is not None and gecos != MARK:
            pytest.skip(f"an account {name} exists and is not this test's: not touching it")
    remove_users(TEST_USERS.values())
    out = {}
    for name in TEST_USERS.values():
        subprocess.run(["useradd", "--create-home", "--shell", "/bin/sh", "--comment", MARK, name],
                       check=True, capture_output=True, timeout=30)
        # unlocked for a key login (sshd without PAM refuses a locked account), and no password
        subprocess.run(["usermod", "-p", "*", name], check=True, capture_output=True, timeout=30)
        pw = pwd.getpwnam(name)
        out[name] = (pw.pw_uid, pw.pw_gid, pw.pw_dir)
    return out


class FriendsHost(Host):
    """A private sshd for the friends' own accounts: the README's sshd lines (the Match for the
    test's accounts, SetEnv with the test's socket), each friend's key in their home.  Checked,
    started and read as the shared account's host is (``Host``); its own set-up and stop."""

    def __init__(self, root, base, sshd: str, keygen: str, users, socket_path):
        import os
        from pathlib import Path

        from e2e_support import free_port
        self.root, self.port, self.proc = root, free_port(), None
        run = lambda *a: subprocess.run(a, check=True, capture_output=True, timeout=30)  # noqa: E731
        self.host_key = root / "ssh_host_ed25519_key"
        run(keygen, "-q", "-t", "ed25519", "-N", "", "-C", "test-host", "-f", str(self.host_key))
        host_pub = (root / "ssh_host_ed25519_key.pub").read_text().split()
        self.known_hosts = root / "known_hosts"
        self.known_hosts.write_text(f"[127.0.0.1]:{self.port} {host_pub[0]} {host_pub[1]}\n")
        self.keys_of = {}
        for friend in ("alice", "bob"):
            name = TEST_USERS[friend]
            uid, gid, home = users[name]
            key = root / f"id_{friend}"
            run(keygen, "-q", "-t", "ed25519", "-N", "", "-C", f"{name}@test", "-f", str(key))
            ssh_dir = Path(home) / ".ssh"
            ssh_dir.mkdir(mode=0o700, exist_ok=True)
            (ssh_dir / "authorized_keys").write_text(key.with_suffix(".pub").read_text())
            for p in (ssh_dir, ssh_dir / "authorized_keys"):
                os.chown(p, uid, gid)
            self.keys_of[friend] = key
        names = ",".join(TEST_USERS[f] for f in ("alice", "bob"))
        recipe = (recipe_friends_conf().replace("Match Group boardgames", f"Match User {names}")
                  .replace(RECIPE_SOCKET, str(socket_path)))
        private = [f"Port {self.port}", "ListenAddress 127.0.0.1", f"HostKey {self.host_key}",
                   f"PidFile {root / 'sshd.pid'}", "UsePAM no", "StrictModes no", "PubkeyAuthentication yes",
                   "AuthenticationMethods publickey", "PasswordAuthentication no", "MaxStartups 20",
                   "LogLevel VERBOSE"]
        self.config = root / "sshd_config"
        self.config.write_text("\n".join(private) + "\n\n" + recipe)
        self.log = root / "sshd.log"

    def ssh_args(self, *remote: str, friend: str) -> list[str]:
        return ["-tt", "-F", "/dev/null", "-p", str(self.port), "-i", str(self.keys_of[friend]),
                "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
                "-o", f"UserKnownHostsFile={self.known_hosts}", "-o", "StrictHostKeyChecking=yes",
                "-o", "ConnectTimeout=10", "-o", "LogLevel=ERROR",
                f"{TEST_USERS[friend]}@127.0.0.1", *remote]

    def stop(self) -> None:
        from e2e_support import kill_group
        kill_group(self.proc)
        self.proc = None



def test_an_account_per_friend_and_a_table_server_account(tools, tmp_path):  # noqa: F811 - the fixture
    import os
    import shutil
    import signal
    import stat
    import tempfile
    from pathlib import Path

    from e2e_support import kill_group, kill_marked, kill_servers, server_pids, wait_until

    if os.getuid() != 0:
        pytest.skip("makes Unix accounts (bgt-alice, bgt-bob, bgt-tables) with useradd: run as root")
    for prog in ("useradd", "userdel", "usermod"):
        if shutil.which(prog) is None:
            pytest.skip(f"{prog} is missing (apt-get install -y passwd)")
    t_start = time.monotonic()
    sshd, ssh, keygen = tools
    cmd = recipe_serve_command()
    # what every account reaches: outside pytest's folder (0700, root's)
    base = Path(tempfile.mkdtemp(prefix="bgt-e2e-", dir="/tmp"))
    base.chmod(0o755)
    run_dir, lib, sock = base / "run", base / "lib", base / "run" / "tables.sock"
    store_path = lib / "tables.db"
    server = None
    terms: list[Terminal] = []
    oracle: TableStore | None = None
    try:
        app = friends_app(base / "boardgames-tui")
        users = make_users()
        s_uid, s_gid, s_home = users[TEST_USERS["server"]]
        # the unit's folders: the socket's 0755, the store's 0700, both the server account's
        run_dir.mkdir(mode=0o755)
        lib.mkdir(mode=0o700)
        # the test's table, with a seed: straight into the store, before any server runs
        store = TableStore(store_path)
        code = new_table(store, "evolution", [Seat(NAMES[0], "red"), Seat(NAMES[1], "blue")], seed=SEED)
        store.close()
        for p in (run_dir, lib, *lib.iterdir()):
            os.chown(p, s_uid, s_gid)
        assert stat.S_IMODE(store_path.stat().st_mode) == 0o600

        # the README's serve line, as the server's account (systemd's User=)
        args = (cmd.replace(RECIPE_APP, str(app)).replace(RECIPE_SOCKET, str(sock))
                .replace(RECIPE_STORE, str(store_path))).split()
        server_log = tmp_path / "serve.log"

        def serve() -> subprocess.Popen:
            seen = server_log.stat().st_size if server_log.exists() else 0
            with open(server_log, "ab") as log:
                proc = subprocess.Popen(args, user=s_uid, group=s_gid, extra_groups=[], cwd=s_home,
                                        env={"PATH": "/usr/bin:/bin", "HOME": s_home, "LANG": "C.UTF-8"},
                                        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
            wait_until(lambda: b" on " in server_log.read_bytes()[seen:] or proc.poll() is not None, 20,
                       "the table server's socket")
            assert proc.poll() is None, server_log.read_text()
            return proc
        server = serve()
        assert stat.S_IMODE(sock.stat().st_mode) == 0o666 and sock.stat().st_uid == s_uid

        host = FriendsHost(tmp_path, base, sshd, keygen, users, sock)
        host.check_config(sshd)
        host.start(sshd)

        def over_ssh(friend: str, *remote: str, tty: bool = False) -> subprocess.CompletedProcess:
            a = host.ssh_args(*remote, friend=friend)
            return subprocess.run([ssh, *(a if tty else a[1:])], capture_output=True, text=True, timeout=60,
                                  stdin=subprocess.DEVNULL)

        # alice makes a table (the server draws its seed); the tables list names her account
        made = over_ssh("alice", str(app), "table", "new", "evolution", "--players", "2")
        assert made.returncode == 0, (made, host.log_tail())
        assert set(made.stdout.splitlines()[0].strip()) <= set(CODE_ALPHABET), made.stdout

        # alice and bob join the seeded table, seats 1 and 2
        for seat, friend in enumerate(("alice", "bob")):
            terms.append(Terminal(ssh, host.ssh_args(str(app), "join", code, "--seat", str(seat + 1),
                                                     friend=friend), host))
        alice, bob = TEST_USERS["alice"], TEST_USERS["bob"]
        oracle = TableStore(store_path)   # root reads it: the test's truth, never the friends'
        wait_all(terms, lambda: [s.player for s in oracle.info(code).seats] == [alice, bob], "both seats claimed")

        # bob cannot act for alice: refused in one line naming her, whatever name his login claims
        for env in ((), ("env", f"BOARDGAMES_TUI_PLAYER={alice}"), ("env", "BOARDGAMES_TUI_PLAYER=alice")):
            refused(over_ssh("bob", *env, str(app), "join", code, "--seat", "1", tty=True),
                    "seat 1 (Alice)", f"taken by {alice}")
        # bob cannot read the store: not with cat, not with sqlite3
        r = over_ssh("bob", "cat", str(store_path))
        assert r.returncode != 0 and "Permission denied" in r.stderr and not r.stdout, r
        if shutil.which("sqlite3"):
            r = over_ssh("bob", "sqlite3", str(store_path), "select count(*) from sqlite_master")
            assert r.returncode != 0 and not r.stdout.strip(), r

        # choices across the two ptys, each at the terminal whose turn it is; each its own hand
        session = TableSession.spectate(oracle, code, "test")
        chosen, lags = [], []
        for _ in range(4):
            session.poll()
            m = session.match
            d = m.decision()
            me, other = d.player, 1 - d.player
            wait_all(terms, lambda: f"Options ({len(d.options)})" in terms[me].text()
                     and f"Waiting for {NAMES[me]} (seat {me + 1})" in terms[other].text()
                     and all(hand_check(m, s, terms[s].text()) for s in (0, 1)),
                     f"{NAMES[me]}'s turn at both terminals")
            terms[me].keys(DOWN * (len(d.options) - 1))
            terms[me].keys(ENTER, settle=0)
            t0 = time.monotonic()
            wait_all(terms, lambda: oracle.info(code).n == len(chosen) + 1, "the choice in the store")
            assert oracle.read(code).keys[-1] == d.options[-1].key
            chosen.append(d.options[-1].key)
            session.poll()
            nd = session.match.decision()
            turn = (f"Options ({len(nd.options)})" if nd.player == other
                    else f"Waiting for {NAMES[me]} (seat {me + 1})")
            wait_all(terms, lambda: turn in terms[other].text() and hole_line(session.match) in terms[other].text(),
                     f"the choice at {NAMES[other]}'s terminal")
            lags.append(time.monotonic() - t0)
        session.poll()
        wait_all(terms, lambda: all(hand_check(session.match, s, terms[s].text()) for s in (0, 1)),
                 "each terminal with its own hand after the last choice")
        assert oracle.read(code).keys == chosen

        # the server killed (systemd would start it again): the terminals say so in one line and
        # wait; a friend's client starts no server of its own at the host's socket
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        wait_all(terms, lambda: all(GONE in t.text() for t in terms), "both terminals to say the server has gone")
        refused(over_ssh("bob", str(app), "tables", tty=True), "no table server answers", "the host's")
        server = serve()
        session.poll()
        d = session.match.decision()
        wait_all(terms, lambda: f"Options ({len(d.options)})" in terms[d.player].text()
                 and f"Waiting for {NAMES[d.player]}" in terms[1 - d.player].text(), "both terminals back")
        assert oracle.read(code).keys == chosen
        assert [s.player for s in oracle.info(code).seats] == [alice, bob]
        print(f"an account per friend: {len(chosen)} choices; each showed at the other terminal after "
              f"{', '.join(f'{x:.2f}' for x in lags)} s; {time.monotonic() - t_start:.1f} s in all")
    finally:
        if oracle is not None:
            oracle.close()
        for t in terms:
            t.close()
        if "host" in locals():
            host.stop()
        kill_group(server)
        kill_servers(sock)
        kill_marked(str(base))   # the friends' sessions (their environment names the socket)
        remove_users(TEST_USERS.values())
        shutil.rmtree(base, ignore_errors=True)
    assert not server_pids(sock)

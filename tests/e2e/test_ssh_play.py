"""Play over SSH end to end, through the README's recipe for a host where
friends ssh in to play.

A private OpenSSH server (Debian's ``/usr/sbin/sshd``) listens on a free
loopback port with its own host key.  Its config is the README's
``boardgames-tui.conf`` (ForceCommand, no forwarding, PermitTTY, …) with only
the account name and file paths changed, plus the lines a private test server
needs (port, host key, no PAM); the ForceCommand is the README's login script
(its app, saves folder and shared tables file replaced by the test's) and the
key line is the README's, with a key made for the test (``Host.add_friend``
adds more, each with its own ``BGT_PLAYER``: ``test_ssh_table.py``).

The ``ssh`` client runs in an 80x24 pty (pexpect); pyte renders what it
receives into a screen.  The test starts Evolution with a seed, passes the
curtain, makes a choice, SIGKILLs the client, reconnects with ``resume`` and
checks that the same decision is on screen; the autosave database (read with
AutosaveStore) must hold exactly that one choice.  The login script's hosted
mode refuses ``../x`` in the Save dialog.
"""
from __future__ import annotations

import os
import pwd
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pexpect  # the test extra
import pytest

from e2e_support import (IN_CI, PtyScreen, free_port, kill_group, kill_marked, require_program, wait_for_port,
                          wait_until)

from boardgames_tui import cli
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.save import PLAIN_ONLY
from boardgames_tui.engine.store import AutosaveStore

README = Path(__file__).resolve().parents[2] / "README.md"
COLS, ROWS = 80, 24
STEP_TIMEOUT = 30.0
SEED = 5
PLAYER = "alice"

# The README recipe's names, replaced by the test's own.
RECIPE_USER = "boardgames"
RECIPE_LOGIN = "/usr/local/bin/boardgames-tui-login"
RECIPE_KEYS = "/etc/boardgames-tui/authorized_keys"
RECIPE_CONF = "/etc/ssh/sshd_config.d/boardgames-tui.conf"
RECIPE_TABLES = "/home/boardgames/tables.db"


# -- the recipe, read from the README ---------------------------------------------------
def readme_block(first_lines: str) -> str:
    """The fenced block of README.md that contains ``first_lines`` near its top."""
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)
    found = [b for b in blocks if first_lines in "\n".join(b.splitlines()[:2])]
    assert len(found) == 1, f"README.md should have one block starting with {first_lines!r}"
    return found[0]


def recipe_sshd_config() -> str:
    return readme_block(f"# {RECIPE_CONF}")


def recipe_login_script() -> str:
    return readme_block(f"# {RECIPE_LOGIN}")


def recipe_key_options() -> str:
    block = readme_block(f"# {RECIPE_KEYS}")
    line = next(ln for ln in block.splitlines() if ln.strip() and not ln.startswith("#"))
    options, sep, _key = line.partition(" ssh-ed25519 ")
    assert sep and f"BGT_PLAYER={PLAYER}" in options, line
    return options


def test_the_recipe_has_the_promised_lines():
    conf = recipe_sshd_config()
    for line in ("ForceCommand", "PermitTTY yes", "DisableForwarding yes", "AllowTcpForwarding no",
                 "X11Forwarding no", "AllowAgentForwarding no", "PermitTunnel no",
                 f"Match User {RECIPE_USER}", f"AuthorizedKeysFile {RECIPE_KEYS}"):
        assert line in conf, line
    script = recipe_login_script()
    assert script.startswith("#!/bin/sh\n") and re.search(r"^app=", script, re.M) \
        and re.search(r"^saves=", script, re.M)
    assert re.search(r"^export BOARDGAMES_TUI_HOSTED=1\b", script, re.M)  # hosted mode
    # tables: the key's player claims the seats, in one file shared by every key
    assert re.search(rf"^tables={re.escape(RECIPE_TABLES)}\b", script, re.M)
    assert re.search(r'^export BOARDGAMES_TUI_PLAYER="\$BGT_PLAYER"', script, re.M)
    assert re.search(r'^export BOARDGAMES_TUI_TABLES="\$tables"', script, re.M)
    assert script.index("set -f") < script.index("set -- $SSH_ORIGINAL_COMMAND")  # words, not patterns
    assert "restrict" in recipe_key_options()


# -- a private sshd ---------------------------------------------------------------------
CHECKOUT = README.parent


def app_script(path: Path) -> Path:
    """The app of the checkout under test, as a program at ``path`` (the recipe's
    ``/opt/boardgames-tui/.venv/bin/boardgames-tui``): this venv's Python with the checkout first
    on its path, so that a worktree tests its own code, not the venv's editable install's."""
    path.write_text(f'#!/bin/sh\nPYTHONPATH={CHECKOUT} exec {sys.executable} -m boardgames_tui "$@"\n')
    path.chmod(0o755)
    return path


class Host:
    """sshd on 127.0.0.1:port, configured from the README, all files in ``root``."""

    def __init__(self, root: Path, sshd: str, keygen: str):
        self.root = root
        self.user = pwd.getpwuid(os.getuid()).pw_name
        self.port = free_port()
        self.saves = root / "players"
        self.tables = root / "tables.db"
        self.proc: subprocess.Popen | None = None
        run = lambda *a: subprocess.run(a, check=True, capture_output=True, timeout=30)  # noqa: E731
        self.host_key = root / "ssh_host_ed25519_key"
        self.client_key = root / "id_ed25519"
        run(keygen, "-q", "-t", "ed25519", "-N", "", "-C", "test-host", "-f", str(self.host_key))
        run(keygen, "-q", "-t", "ed25519", "-N", "", "-C", f"{PLAYER}@test", "-f", str(self.client_key))
        self.known_hosts = root / "known_hosts"
        host_pub = (root / "ssh_host_ed25519_key.pub").read_text().split()
        self.known_hosts.write_text(f"[127.0.0.1]:{self.port} {host_pub[0]} {host_pub[1]}\n")

        # the README's key line, with the test's key
        self.keys = root / "authorized_keys"
        self.keys.write_text(f"{recipe_key_options()} {(root / 'id_ed25519.pub').read_text().strip()}\n")
        self.keygen = keygen
        self.keys_of = {PLAYER: self.client_key}
        # the README's login script, with this checkout's app and temporary saves and tables
        app = app_script(root / "boardgames-tui")
        script = recipe_login_script()
        script = re.sub(r"^app=.*$", f"app={app}", script, count=1, flags=re.M)
        script = re.sub(r"^saves=.*$", f"saves={self.saves}", script, count=1, flags=re.M)
        script = re.sub(r"^tables=.*$", f"tables={self.tables}", script, count=1, flags=re.M)
        self.login = root / "boardgames-tui-login"
        self.login.write_text(script)
        self.login.chmod(0o755)
        # the README's sshd lines, for this user and these files
        recipe = (recipe_sshd_config()
                  .replace(f"Match User {RECIPE_USER}", f"Match User {self.user}")
                  .replace(RECIPE_LOGIN, str(self.login))
                  .replace(RECIPE_KEYS, str(self.keys)))
        private = [
            f"Port {self.port}",
            "ListenAddress 127.0.0.1",
            f"HostKey {self.host_key}",
            f"PidFile {root / 'sshd.pid'}",
            "UsePAM no",
            "StrictModes no",          # the temporary folder is not root's alone
            "PubkeyAuthentication yes",
            "AuthenticationMethods publickey",
            "PermitRootLogin prohibit-password",
            "AcceptEnv LANG LC_*",
            "MaxStartups 20",
            "LogLevel VERBOSE",
        ]
        self.config = root / "sshd_config"
        self.config.write_text("\n".join(private) + "\n\n" + recipe)
        self.log = root / "sshd.log"

    def check_config(self, sshd: str) -> None:
        r = subprocess.run([sshd, "-t", "-f", str(self.config)], capture_output=True, text=True, timeout=30)
        assert r.returncode == 0, f"sshd -t refuses the config:\n{r.stderr}\n{self.config.read_text()}"

    def start(self, sshd: str) -> None:
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen([sshd, "-D", "-e", "-f", str(self.config)],
                                         stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        wait_for_port(self.port, 20, self.proc, self.log)

    def add_friend(self, friend: str) -> None:
        """Another friend's key: the README's key line with ``BGT_PLAYER`` set to ``friend``."""
        key = self.root / f"id_{friend}"
        subprocess.run([self.keygen, "-q", "-t", "ed25519", "-N", "", "-C", f"{friend}@test", "-f", str(key)],
                       check=True, capture_output=True, timeout=30)
        options = recipe_key_options().replace(f"BGT_PLAYER={PLAYER}", f"BGT_PLAYER={friend}")
        with self.keys.open("a") as f:
            f.write(f"{options} {key.with_suffix('.pub').read_text().strip()}\n")
        self.keys_of[friend] = key

    def ssh_args(self, *remote: str, friend: str = PLAYER) -> list[str]:
        """The client's arguments (``-tt`` first: drop it for a command without a terminal)."""
        return ["-tt", "-F", "/dev/null", "-p", str(self.port), "-i", str(self.keys_of[friend]),
                "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
                "-o", f"UserKnownHostsFile={self.known_hosts}", "-o", "StrictHostKeyChecking=yes",
                "-o", "ConnectTimeout=10", "-o", "LogLevel=ERROR",
                f"{self.user}@127.0.0.1", *remote]

    def stop(self) -> None:
        kill_group(self.proc)
        self.proc = None
        kill_marked(str(self.root))  # the sessions and the apps they ran

    def log_tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-2500:]
        except OSError:
            return ""


class Terminal(PtyScreen):
    """The ssh client in an 80x24 pty, its output rendered by pyte."""

    def __init__(self, ssh: str, args: list[str], host: Host):
        super().__init__()
        self.host = host
        env = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"),
               "TERM": "xterm-256color", "LANG": "C.UTF-8"}
        self.child = pexpect.spawn(ssh, args, dimensions=(ROWS, COLS), env=env, timeout=STEP_TIMEOUT)

    def wait(self, *texts: str, what: str) -> str:
        def ready():
            self.pump()
            t = self.text()
            return all(x in t for x in texts) and t
        return wait_until(ready, STEP_TIMEOUT, what, interval=0,
                          detail=lambda: f"screen:\n{self.text()}\nsshd log:\n{self.host.log_tail()}")

    def keys(self, data: str, settle: float = 0.3) -> None:
        self.child.send(data)
        end = time.monotonic() + settle
        while time.monotonic() < end:
            self.pump(0.05)


DOWN, ENTER, ESC, CTRL_Q = "\x1b[B", "\r", "\x1b", "\x11"
CLEAR_FIELD = "\x01\x0b"  # Ctrl+A, Ctrl+K: the Input's home and delete-to-the-end


def expected_match():
    """The match ``play evolution --seed 5`` starts (the CLI's own seats)."""
    game = get_game("evolution")
    seats = cli.make_seats(game, None, None, None, default_players=game.min_players)
    return cli.new_match("evolution", seats, SEED, {})


def saved(host: Host):
    db = host.saves / PLAYER / "autosave.db"
    if not db.exists():
        return None
    store = AutosaveStore(db)
    try:
        newest = store.newest()
        return store.load(newest.id) if newest else None
    finally:
        store.close()


def app_processes(host: Host) -> list[int]:
    """Running processes whose environment names this test's saves folder: the apps."""
    needle = str(host.saves).encode()
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if needle in (d / "environ").read_bytes():
                    stat = (d / "stat").read_text()
                    if stat.rsplit(")", 1)[1].split()[0] != "Z":
                        out.append(int(d.name))
            except OSError:
                pass
    return out


@pytest.fixture
def tools():
    sshd = require_program("/usr/sbin/sshd", what="OpenSSH server",
                           install="apt-get install -y openssh-server")
    ssh = require_program("ssh", what="OpenSSH client", install="apt-get install -y openssh-client")
    keygen = require_program("ssh-keygen", what="ssh-keygen", install="apt-get install -y openssh-client")
    privsep = Path("/run/sshd")  # sshd's privilege separation folder (systemd makes it)
    if not privsep.is_dir():
        if os.getuid() == 0:
            privsep.mkdir(mode=0o755, parents=True, exist_ok=True)
        elif IN_CI:
            pytest.fail("/run/sshd is missing and this is not root", pytrace=False)
        else:
            pytest.skip("/run/sshd is missing (sshd's privilege separation folder); run as root")
    return sshd, ssh, keygen


def test_play_over_ssh_kill_the_client_and_resume(tools, tmp_path):
    t0 = time.monotonic()
    sshd, ssh, keygen = tools
    root = tmp_path / "host"
    root.mkdir()
    host = Host(root, sshd, keygen)
    host.check_config(sshd)
    m0 = expected_match()
    d0 = m0.decision()
    terms: list[Terminal] = []
    try:
        host.start(sshd)

        # the login allows the app and nothing else
        no_shell = subprocess.run([ssh, *host.ssh_args("id")[1:]], capture_output=True, text=True,
                                  timeout=30, stdin=subprocess.DEVNULL)
        assert no_shell.returncode == 2 and "uid=" not in no_shell.stdout, no_shell
        assert "boardgames: ssh -t" in no_shell.stderr, no_shell.stderr
        listing = subprocess.run([ssh, *host.ssh_args("list")[1:]], capture_output=True, text=True,
                                 timeout=30, stdin=subprocess.DEVNULL)
        assert listing.returncode == 0 and "evolution" in listing.stdout, listing

        # 1. a new game over ssh: the curtain, then the first decision
        term = Terminal(ssh, host.ssh_args("play", "evolution", "--seed", str(SEED)), host)
        terms.append(term)
        term.wait("Pass the keyboard to", m0.seats[d0.player].name, "Press Enter when ready",
                  what="the first curtain")
        term.keys(ENTER)
        term.wait(d0.prompt, f"Options ({len(d0.options)})", *[o.label for o in d0.options],
                  what="the first decision")

        # 2. choose the second option; the game hands over to the next player
        term.keys(DOWN)
        term.keys(ENTER)
        m0.choose(d0.options[1].key)
        d1 = m0.decision()
        term.wait("Pass the keyboard to", m0.seats[d1.player].name, what="the curtain after the choice")
        m = wait_until(lambda: (s := saved(host)) is not None and len(s.history) == 1 and s,
                       10, "the autosave of the choice")
        assert m.choices == [d0.options[1].key] and m.seed == SEED

        # 3. the connection dies: SIGKILL the client; the app on the host ends too
        os.kill(term.child.pid, signal.SIGKILL)
        term.close()
        wait_until(lambda: not app_processes(host), 15, "the app on the host to end after the client died",
                   detail=lambda: f"still running: {app_processes(host)}")

        # 4. reconnect and resume: the same position, nothing lost and nothing added
        term = Terminal(ssh, host.ssh_args("resume"), host)
        terms.append(term)
        term.wait("Pass the keyboard to", m0.seats[d1.player].name, "Press Enter when ready",
                  what="the curtain of the resumed game")
        term.keys(ENTER)
        term.wait(d1.prompt, f"Options ({len(d1.options)})", *[o.label for o in d1.options],
                  what="the resumed decision")
        (tmp_path / "resumed-screen.txt").write_text(term.text())

        # hosted mode: the Save dialog takes a plain name only, and writes nothing for ../x
        term.keys("s")
        term.wait("Save the game to a file", "your saves folder", what="the Save dialog")
        term.keys(CLEAR_FIELD + "../x" + ENTER)
        term.wait(PLAIN_ONLY, what="the refusal of ../x")
        term.keys(ESC)
        term.wait(d1.prompt, what="the game after the Save dialog")
        assert not list(root.rglob("x.json")) and not list(root.rglob("x"))
        player = host.saves / PLAYER
        assert stat.S_IMODE(player.stat().st_mode) == 0o700
        assert stat.S_IMODE((player / "autosave.db").stat().st_mode) == 0o600
        resumed = saved(host)
        assert resumed.match_id == m.match_id and resumed.choices == m.choices
        assert resumed.decision().player == d1.player
        assert [o.key for o in resumed.decision().options] == [o.key for o in d1.options]

        # quit cleanly: Ctrl+Q asks once in a game going on, Ctrl+Q again ends the app and the ssh
        # session with status 0
        term.keys(CTRL_Q)
        term.wait("Quit boardgames-tui?", what="the question before quitting a game")
        term.keys(CTRL_Q, settle=0)
        term.child.expect(pexpect.EOF, timeout=STEP_TIMEOUT)
        term.child.close()
        assert term.child.exitstatus == 0, (term.child.exitstatus, term.text())
        assert saved(host).choices == m.choices
    finally:
        for t in terms:
            t.close()
        host.stop()
    print(f"ssh e2e took {time.monotonic() - t0:.1f} s")

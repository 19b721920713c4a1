"""Helpers for the end-to-end tests: free ports, finding system programs,
waiting with a deadline, and ending every process a test started."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float, proc: subprocess.Popen | None = None,
                  log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"the server exited with {proc.returncode} before listening\n"
                                 + (log.read_text(errors="replace")[-3000:] if log else ""))
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port} after {timeout} s\n"
                         + (log.read_text(errors="replace")[-3000:] if log else ""))


def require_program(*candidates: str, what: str, install: str) -> str:
    """The first of ``candidates`` (a name on PATH or an absolute path) that
    exists.  Outside CI a missing program skips the test with the reason; in
    CI (CI=true) it is a failure, since .ci/run installs it."""
    for c in candidates:
        found = shutil.which(c) if "/" not in c else (c if os.access(c, os.X_OK) else None)
        if found:
            return found
    msg = f"{what} not found (looked for {', '.join(candidates)}); install it with: {install}"
    if IN_CI:
        pytest.fail(msg + " (.ci/run should have installed it)", pytrace=False)
    pytest.skip(msg)


def kill_group(proc: subprocess.Popen | None, grace: float = 3.0) -> None:
    """End a process started with ``start_new_session=True`` and its whole
    process group: SIGTERM, then SIGKILL after ``grace`` seconds."""
    if proc is None:
        return
    try:
        pgid = os.getpgid(proc.pid)
    except ProcessLookupError:
        pgid = None
    if pgid is not None and pgid != os.getpgid(0):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(pgid, sig)
            except ProcessLookupError:
                break
            try:
                proc.wait(timeout=grace)
                break
            except subprocess.TimeoutExpired:
                continue
    if proc.poll() is None:
        proc.kill()
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass


def kill_marked(marker: str) -> list[int]:
    """SIGKILL every process (but this one) whose command line or initial
    environment contains ``marker``: the strays of a test, such as an app
    that a server started in a session of its own.  Returns their pids."""
    me = os.getpid()
    killed = []
    needle = marker.encode()
    for d in Path("/proc").iterdir():
        if not d.name.isdigit() or int(d.name) == me:
            continue
        try:
            blob = (d / "cmdline").read_bytes() + b"\0" + (d / "environ").read_bytes()
        except OSError:
            continue
        if needle in blob:
            try:
                os.kill(int(d.name), signal.SIGKILL)
                killed.append(int(d.name))
            except ProcessLookupError:
                pass
    return killed


def wait_until(predicate, timeout: float, what: str, interval: float = 0.1, detail=None):
    """Call ``predicate`` until it returns something truthy; fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            extra = detail() if detail is not None else ""
            raise AssertionError(f"timed out after {timeout} s waiting for {what}\n{extra}")
        time.sleep(interval)


def wait_all(terms, cond, what: str, timeout: float, names=None) -> float:
    """Pump every terminal (an unread pty would stall its app) until ``cond()``; the seconds it took.
    ``names``: each terminal's, for the screens shown when it times out."""
    start = time.monotonic()

    def ready():
        for t in terms:
            t.pump(0.01)
        return cond()
    names = names or [f"screen {i}" for i in range(len(terms))]
    wait_until(ready, timeout, what, interval=0,
               detail=lambda: "\n\n".join(f"{n}:\n{t.text()}" for n, t in zip(names, terms)))
    return time.monotonic() - start



class PtyScreen:
    """A program in an 80x24 pty (pexpect), what it writes rendered by pyte, answering the cursor
    and device queries a terminal would.  ``self.child`` is set by the subclass."""

    COLS, ROWS = 80, 24
    child = None   # a pexpect.spawn

    def __init__(self) -> None:
        import pyte  # the test extra

        self.screen = pyte.Screen(self.COLS, self.ROWS)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, seconds: float = 0.1) -> None:
        import pexpect  # the test extra

        try:
            data = self.child.read_nonblocking(65536, timeout=seconds)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return
        self.stream.feed(data)
        for query, answer in ((b"\x1b[6n", b"\x1b[1;1R"), (b"\x1b[c", b"\x1b[?62;22c")):
            if query in data:
                self.child.send(answer)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def close(self) -> None:
        if self.child.isalive():
            self.child.kill(signal.SIGKILL)
        self.child.close(force=True)


def own_traits(s, seat: int, other: int) -> set[str]:
    """The Evolution cards in ``seat``'s hand (as the screen shows them, "Horns +4") that the other
    seat's hand lacks, read from ``s`` (a spectator's TableSession: the whole table's truth)."""
    def hand(p):
        return {f"{c['trait']} {c['food']:+d}" for c in s.match.view(p)["players"][p]["hand"]}
    return hand(seat) - hand(other)


def hand_check(m, seat: int, screen: str) -> bool:
    """``seat``'s terminal shows its own Evolution hand (count and traits) and none of the other
    seat's cards that ``seat`` has no way to know (a trait nowhere in its own view, the log
    included): a leak fails at once, whatever else the screen shows.  ``m``: the whole table's
    match (the test's privileged oracle)."""
    import json

    mine = m.view(seat)["players"][seat]
    known = json.dumps(m.view(seat))
    other = 1 - seat
    hidden = {c["trait"] for c in m.view(other)["players"][other]["hand"] if c["trait"] not in known}
    leaked = sorted(t for t in hidden if t in screen)
    assert not leaked, f"seat {seat + 1}'s terminal shows {leaked} from the other's hand:\n{screen}"
    n = mine["hand_count"]
    return (f"Your hand ({n} card" in screen) and all(c["trait"] in screen for c in mine["hand"])


def server_pids(sock: Path | str) -> list[int]:
    """The live table servers (``boardgames-tui serve``) whose command line names ``sock``:
    the ones a client started at that socket, or a test."""
    needle = str(sock).encode()
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            cmd = (d / "cmdline").read_bytes().split(b"\0")
            state = (d / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b"serve" in cmd and needle in cmd and state != "Z":
            out.append(int(d.name))
    return out


def kill_servers(sock: Path | str) -> list[int]:
    """SIGKILL every table server at ``sock`` and wait (5 s at most) until none is left (the end of
    a test: none may outlive it).  Their pids."""
    killed: list[int] = []
    deadline = time.monotonic() + 5
    while (pids := server_pids(sock)) and time.monotonic() < deadline:
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            except ProcessLookupError:
                pass
        time.sleep(0.05)
    return sorted(set(killed))


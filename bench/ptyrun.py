"""Run a program in a real pseudo-terminal and count what it writes.

Used by the benchmarks that need the bytes a terminal (or an SSH link)
really receives: a program started on a pty of a given size, keys written to
it, and its output read until it has been quiet for a while.
"""
from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import termios
import time


class PtyApp:
    def __init__(self, argv: list[str], cols: int, rows: int, env: dict | None = None):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        e = dict(env or os.environ)
        e.setdefault("TERM", "xterm-256color")
        e.setdefault("COLORTERM", "truecolor")
        e.pop("PYTHONDONTWRITEBYTECODE", None)  # installed programs run from .pyc files
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=e,
                                     start_new_session=True, close_fds=True)
        os.close(slave)
        self.cols, self.rows = cols, rows
        self.total = 0
        self.text = bytearray()

    def read_until_quiet(self, quiet: float = 0.25, limit: float = 20.0, until: bytes | None = None) -> int:
        """Read until nothing came for ``quiet`` seconds (and ``until`` was seen,
        if given).  Returns the bytes read."""
        got = 0
        start = last = time.monotonic()
        seen = until is None
        while True:
            now = time.monotonic()
            if now - start > limit:
                break
            if seen and now - last > quiet:
                break
            r, _, _ = select.select([self.master], [], [], 0.02)
            if r:
                try:
                    b = os.read(self.master, 65536)
                except OSError:
                    break
                if not b:
                    break
                got += len(b)
                self.text += b
                if len(self.text) > 1_000_000:
                    del self.text[:-200_000]
                last = time.monotonic()
                if not seen and until in self.text:
                    seen = True
        self.total += got
        return got

    def wait_for(self, marker: bytes, limit: float = 30.0) -> float:
        """Seconds until ``marker`` appears in the output."""
        t0 = time.monotonic()
        while marker not in self.text:
            if time.monotonic() - t0 > limit:
                raise TimeoutError(f"{marker!r} did not appear")
            r, _, _ = select.select([self.master], [], [], 0.01)
            if r:
                b = os.read(self.master, 65536)
                self.text += b
                self.total += len(b)
        return time.monotonic() - t0

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def resize(self, cols: int, rows: int) -> None:
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.killpg(self.proc.pid, signal.SIGWINCH)

    def close(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)
        os.close(self.master)


KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "right": b"\x1b[C", "left": b"\x1b[D",
        "tab": b"\t", "enter": b"\r"}

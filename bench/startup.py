"""Start-up time through the real console script, against a bare Textual app.

    .venv/bin/python bench/startup.py [--runs 9] [--size 80x24]

Each run starts a program on a real pseudo-terminal and times how long it
takes until its first screen is on the terminal:

* ours: the installed ``boardgames-tui`` console script (the path users run),
  until the menu's last entry ("Quit") has been drawn;
* bare: a Textual app with a Header, a Static and a Footer
  (bench/bare_startup.py), until its Static's text has been drawn.

Runs alternate between the two and the medians are compared.  Both run from
.pyc files (the sandbox's PYTHONDONTWRITEBYTECODE is dropped: installed
programs have their bytecode).  Target: ratio <= 1.2.  A
benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from ptyrun import PtyApp  # noqa: E402

OURS = [str(Path(sys.executable).parent / "boardgames-tui")]
BARE = [sys.executable, str(HERE / "bare_startup.py")]


def one(argv: list[str], marker: bytes, size: tuple[int, int], env: dict) -> float:
    t0 = time.monotonic()
    app = PtyApp(argv, size[0], size[1], env)
    try:
        app.wait_for(marker, limit=60)
        return time.monotonic() - t0
    finally:
        app.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--size", default="80x24")
    a = ap.parse_args()
    w, h = (int(x) for x in a.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as data:
        # an empty data folder: the menu lists no autosaves, same every run
        env = dict(os.environ, BOARDGAMES_TUI_DATA=data)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        one(OURS, b"Quit", (w, h), env), one(BARE, b"bare app ready", (w, h), env)  # warm caches, .pyc
        ours, bare = [], []
        for _ in range(a.runs):
            ours.append(one(OURS, b"Quit", (w, h), env))
            bare.append(one(BARE, b"bare app ready", (w, h), env))
    mo, mb = statistics.median(ours), statistics.median(bare)
    print(f"{'':26}{'median':>9}{'min':>9}{'max':>9}   ({a.runs} runs each, {w}x{h}, time to first screen)")
    for name, xs in (("boardgames-tui (console)", ours), ("bare Header+Static+Footer", bare)):
        print(f"{name:26}{statistics.median(xs) * 1000:8.0f}ms{min(xs) * 1000:8.0f}ms{max(xs) * 1000:8.0f}ms")
    ratio = mo / mb
    print(f"ratio: {ratio:.2f} (target <= 1.2: {'met' if ratio <= 1.2 else 'NOT met'})")


if __name__ == "__main__":
    main()

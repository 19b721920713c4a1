"""Start-up time: boardgames-tui until its menu is ready, against a bare Textual
app with only a Header and a Footer.  Each run is a fresh interpreter (so
imports count), runs alternate between the two, and the medians are compared.

    .venv/bin/python bench/startup.py [--runs 9] [--size 120x40]

"Ready" is the same moment for both: ``App.run_test()`` has mounted the first
screen and processed what was pending (for us: the menu screen with the saved
games listed).  Target: ratio <= 1.3.  A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HARNESS = r"""
import time
T0 = time.perf_counter()
import asyncio, sys
WHICH, W, H = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

if WHICH == "ours":
    from boardgames_tui.ui.app import BoardgamesApp
    from boardgames_tui.ui.screens.menu import MenuScreen
    app = BoardgamesApp()
    def ready():
        return isinstance(app.screen, MenuScreen)
else:
    from textual.app import App
    from textual.widgets import Footer, Header
    class Bare(App):
        def compose(self):
            yield Header()
            yield Footer()
    app = Bare()
    def ready():
        return True

async def main():
    async with app.run_test(size=(W, H)) as pilot:
        while not ready():
            await pilot.pause()
        await pilot.pause()
        print(f"{time.perf_counter() - T0:.6f}")

asyncio.run(main())
"""


def one(which: str, size: tuple[int, int], env: dict) -> float:
    r = subprocess.run([sys.executable, "-c", HARNESS, which, str(size[0]), str(size[1])],
                       capture_output=True, text=True, env=env, timeout=120)
    if r.returncode != 0:
        sys.exit(f"{which} run failed:\n{r.stderr}")
    return float(r.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--size", default="120x40")
    a = ap.parse_args()
    w, h = (int(x) for x in a.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as data:
        # an empty data folder: the menu lists no autosaves, same every run
        env = dict(os.environ, BOARDGAMES_TUI_DATA=data)
        # Installed programs run from .pyc files; this sandbox sets
        # PYTHONDONTWRITEBYTECODE, which would make our (editable) modules
        # compile on every run while Textual's came compiled by pip.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        one("ours", (w, h), env), one("bare", (w, h), env)  # warm the disk cache and .pyc files
        ours, bare = [], []
        for _ in range(a.runs):
            ours.append(one("ours", (w, h), env))
            bare.append(one("bare", (w, h), env))
    mo, mb = statistics.median(ours), statistics.median(bare)
    print(f"{'':22}{'median':>9}{'min':>9}{'max':>9}   ({a.runs} runs each, {w}x{h}, time to ready)")
    for name, xs in (("boardgames-tui menu", ours), ("bare Header+Footer", bare)):
        print(f"{name:22}{statistics.median(xs) * 1000:8.0f}ms{min(xs) * 1000:8.0f}ms{max(xs) * 1000:8.0f}ms")
    ratio = mo / mb
    print(f"ratio: {ratio:.2f} (target <= 1.3: {'met' if ratio <= 1.3 else 'NOT met'})")


if __name__ == "__main__":
    main()

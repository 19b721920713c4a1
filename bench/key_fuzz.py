"""Random keys in bursts of four on every screen: counts the exceptions (the
target is 0) and the keys per second.  The CI test (tests/ui/test_key_fuzz.py)
sends 300 keys a screen with one seed; this sends more, with several seeds.

    .venv/bin/python bench/key_fuzz.py [--keys 2000] [--seeds 1 2 3] [--screens menu utopia ...]

Screens (all by default): menu; new:<game> (the new-game form); <game> (near
the opening); mid:<game> (300 random choices in); battle:civilization; for
each game of evolution, phoenicia, utopia, imperial, civilization.  Saves and autosaves go to a temporary folder, which is also the working
directory (the keys type paths into the save dialog).  Each
failure is printed with its seed, the last keys sent and the traceback.
Exit status 1 when anything raised.  A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "ui"))


async def main(args) -> int:
    import key_fuzz_driver as kf

    total_keys = total_failures = 0
    total_seconds = 0.0
    print(f"{'screen':<20} {'seed':>4} {'keys':>6} {'starts':>6} {'keys/s':>7} {'exceptions':>10}")
    for seed in args.seeds:
        for screen in args.screens:
            r = await kf.fuzz_screen(screen, args.keys, seed, bursts=kf.known_bursts(screen))
            total_keys += r.keys
            total_seconds += r.seconds
            total_failures += len(r.failures)
            print(f"{screen:<20} {seed:>4} {r.keys:>6} {r.starts:>6} {r.keys / r.seconds:>7.1f} "
                  f"{len(r.failures):>10}", flush=True)
            for f in r.failures:
                print(f"  {f}\n{f.detail}", flush=True)
    print(f"total: {total_keys} keys in {total_seconds:.1f} s, {total_keys / total_seconds:.1f} keys/s, "
          f"{total_failures} exceptions")
    return 1 if total_failures else 0


def parse(argv=None):
    from key_fuzz_driver import SCREENS

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=2000, help="keys a screen (default 2000)")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--screens", nargs="+", default=list(SCREENS), choices=list(SCREENS))
    return ap.parse_args(argv)


if __name__ == "__main__":
    args = parse()
    with tempfile.TemporaryDirectory() as d:
        # Never the user's data folder; and the random keys type paths into
        # the save dialog, so relative ones land in the temporary folder too.
        os.environ["BOARDGAMES_TUI_DATA"] = os.path.join(d, "data")
        os.chdir(d)
        t0 = time.perf_counter()
        rc = asyncio.run(main(args))
        print(f"wall time {time.perf_counter() - t0:.1f} s")
    sys.exit(rc)

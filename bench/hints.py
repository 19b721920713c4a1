"""What a hint costs (target: at most 50 ms) and how often its reason is the policy's own.

    .venv/bin/python bench/hints.py [--positions 60] [--seed 77]

At random positions of seeded random games of every title (``tests/bots/test_honesty.py``'s
``positions``), CPU time of ``bots.hint.hint`` (the determinization and the easy policy with its
reasons); medians, 95th percentiles and the worst (the first call pays the policy's import).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "bots"))

from test_honesty import positions  # noqa: E402

from boardgames_tui.bots.hint import hint  # noqa: E402
from boardgames_tui.engine.registry import get_game  # noqa: E402

TITLES = ("civilization", "evolution", "imperial", "phoenicia", "utopia")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=77)
    a = ap.parse_args()
    for name in TITLES:
        g = get_game(name)
        ts, named = [], 0
        for k, (st, d) in enumerate(positions(g, a.seed, a.positions)):
            t = time.process_time()
            h = hint(g, st, d, k)
            ts.append(time.process_time() - t)
            named += h.named
        ts.sort()
        print(f"{name:13} median {ts[len(ts) // 2] * 1e3:5.1f} ms  p95 {ts[int(len(ts) * .95)] * 1e3:5.1f} ms  "
              f"worst {ts[-1] * 1e3:5.1f} ms  reasons named {named}/{len(ts)}")


if __name__ == "__main__":
    main()

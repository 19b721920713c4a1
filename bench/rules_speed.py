"""Rules speed: random-play choices per CPU-second, every game, in one run.

    .venv/bin/python bench/rules_speed.py [--choices 30000] [--players 4] [--repeats 3] [--only civilization]

Each game plays seeded random games (seeds 1, 2, ..., as ``simulate``) until
``--choices`` choices are made, ``--repeats`` times; the figure is choices per CPU-second (``process_time``,
so another process on the shared machine does not count), the median over the
repeats.  Each game's figure is also given as a ratio to Evolution's in the
same run, which holds from machine to machine where the absolute figure does
not.

Targets: Civilization at least 40,000 choices per CPU-second and the other four
at 60,000 or more, on the machine where they measured 12,800-13,500 for
Civilization and 65,000-84,000 for the rest (so: Civilization at least 0.6x
Evolution here).  A benchmark, not a test; it exits 1 if a game raised an
error.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from boardgames_tui import simulate
from boardgames_tui.engine.registry import get_game

GAMES = ["civilization", "evolution", "imperial", "phoenicia", "utopia"]


def speed(game: str, players: int, choices: int) -> tuple[float, int, int]:
    """(choices per CPU-second, choices, errors) of seeded random games (seeds 1, 2, ...) until
    ``choices`` choices have been made: short games are played more often, so every figure rests on
    about as much play."""
    entry = get_game(game)
    opts = entry.options_with_defaults(None)
    names = [f"Player {i + 1}" for i in range(players)]
    done = errors = 0
    seed = 1
    t0 = time.process_time()
    while done < choices:
        r = simulate.play_one(entry, names, seed, opts, simulate.DEFAULT_MAX_CHOICES)
        done += r.choices
        errors += r.status == simulate.ERROR
        seed += 1
    return done / (time.process_time() - t0), done, errors


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--choices", type=int, default=30_000, help="choices per game and repeat")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated games (Evolution is always measured)")
    a = ap.parse_args(argv)
    names = [g for g in GAMES if not a.only or g in a.only.split(",") or g == "evolution"]
    figures: dict[str, float] = {}
    errors = 0
    for game in names:
        runs = [speed(game, a.players, a.choices) for _ in range(a.repeats)]
        figures[game] = statistics.median(r[0] for r in runs)
        errors += sum(r[2] for r in runs)
        print(f"{game:13} {figures[game]:9,.0f} choices/CPU-s  ({runs[0][1]:,} choices a run, "
              f"{', '.join(f'{r[0]:,.0f}' for r in runs)})", flush=True)
    base = figures["evolution"]
    print("ratio to Evolution: " + ", ".join(f"{g} {figures[g] / base:.2f}x" for g in names))
    if errors:
        print(f"{errors} game(s) raised an error", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

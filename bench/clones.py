"""What a clone costs, per game: ``game.clone`` against ``copy.deepcopy``.

    .venv/bin/python bench/clones.py [--games civilization,evolution] [--players 3] [--positions 24] [--cold]

Positions are spread over one seeded random game per title (the same
positions whatever the copying code, so two checkouts compare: run this file
with the other checkout's interpreter from its folder).  CPU time, medians of
per-position means, in µs.  A benchmark, not a test.

The Rng's copy shares a snapshot of the generator's state, taken once while
the rng does not draw: cloning one position again and again, as this does,
pays for the snapshot once.  ``--cold`` forgets the snapshot before each
clone, as a draw would, so every clone pays for it (the worst case; a
checkout without the snapshot has nothing to forget, cold or not).
"""
from __future__ import annotations

import argparse
import copy
import random
import statistics
import time

from boardgames_tui.engine.registry import get_game

GAMES = ("civilization", "evolution", "imperial", "phoenicia", "utopia")


def positions(game, players: int, count: int, seed: int = 7, limit: int = 6000) -> list:
    r = random.Random(seed)
    state = game.new_game([f"P{i + 1}" for i in range(players)], seed, {})
    out = []
    for _ in range(limit):
        d = game.cached_decision(state)
        if d is None:
            break
        out.append(game.clone(state))
        game.apply(state, r.choice(d.options).key)
    step = max(1, len(out) // count)
    return out[::step][:count]


def forget(rng) -> None:
    """--cold: the rng as after a draw, its snapshot gone (no-op without one)."""
    if getattr(rng, "_st", None) is not None:
        rng._r or rng._wake()
        rng._st = None


def cpu(fn, repeat: int) -> float:
    t = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - t) / repeat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--cold", action="store_true", help="every clone pays for the rng's snapshot")
    args = ap.parse_args()
    for name in args.games.split(","):
        game = get_game(name)
        pos = positions(game, args.players, args.positions)
        if args.cold:
            clone = [cpu(lambda s=s: (forget(s.rng), game.clone(s)), args.repeat) for s in pos]
        else:
            clone = [cpu(lambda s=s: game.clone(s), args.repeat) for s in pos]
        deep = [cpu(lambda s=s: copy.deepcopy(s), 5) for s in pos]
        med = statistics.median
        print(f"{name:13} {len(pos):3} positions  clone {med(clone) * 1e6:7.1f} µs  "
              f"deepcopy {med(deep) * 1e6:8.1f} µs  ({med(deep) / med(clone):4.0f}x)", flush=True)


if __name__ == "__main__":
    main()

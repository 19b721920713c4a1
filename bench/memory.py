"""Peak memory of a running game: a 4-player Evolution game with the whole UI
loaded (headless Textual), four bots playing every move to the end, each move
drawn on the screen.

    .venv/bin/python bench/memory.py [--game evolution] [--seed 1] [--players 4] [--delay 0.001]
                                     [--choices N]

``--game civilization --choices 5000``: a 5,000-choice Civilization game
(random bots; the game is stopped there if it has not ended).

Reports the process's peak resident set size (``ru_maxrss``) and, for
comparison, the same figure right after the app was ready, and Python's own
peak allocation (tracemalloc) when --tracemalloc is given (slower).
Target: peak < 80 MiB.  A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import resource
import sys
import tempfile
import time


def rss_mib() -> float:
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return kib / 1024 if sys.platform != "darwin" else kib / 1024 / 1024


async def run(game: str, seed: int, players: int, delay: float, size: tuple[int, int], timeout: float,
              choices: int | None = None) -> dict:
    from boardgames_tui.engine.session import BOT, Match, Seat
    from boardgames_tui.ui.app import BoardgamesApp

    seats = [Seat(f"Bot {i + 1}", c, BOT) for i, c in zip(range(players), ("red", "blue", "green", "yellow", "magenta", "cyan"))]
    opts = {"deck": "129"} if players > 5 and game == "evolution" else {}
    match = Match.new(game, seats, seed, opts)
    app = BoardgamesApp(match, demo=True, delay=delay)
    t0 = time.perf_counter()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        at_ready = rss_mib()
        made, since = 0, time.perf_counter()
        while not match.is_over() and (choices is None or len(match.choices) < choices):
            now = time.perf_counter()
            if now - t0 > timeout:
                raise SystemExit(f"the game did not finish within {timeout} s "
                                 f"({len(match.choices)} choices made)")
            if len(match.choices) != made:
                made, since = len(match.choices), now
            elif now - since > 60:
                screen = app.screen
                raise SystemExit(f"no bot choice for 60 s after {made} choices (screen {type(screen).__name__}, "
                                 f"size {app.size}, bot pending {getattr(screen, '_bot_pending', None)})")
            await pilot.pause(0.05)
        await pilot.pause()
        return {"ready_mib": at_ready, "choices": len(match.choices), "rounds": match.round_number(),
                "seconds": time.perf_counter() - t0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="evolution")
    ap.add_argument("--choices", type=int, default=None, help="stop after this many choices")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--delay", type=float, default=0.001, help="seconds between bot moves (>0: each move is drawn)")
    ap.add_argument("--size", default="120x40")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--tracemalloc", action="store_true")
    a = ap.parse_args()
    size = tuple(int(x) for x in a.size.lower().split("x"))
    if a.tracemalloc:
        import tracemalloc
        tracemalloc.start()
    with tempfile.TemporaryDirectory() as data:
        os.environ["BOARDGAMES_TUI_DATA"] = data
        r = asyncio.run(run(a.game, a.seed, a.players, a.delay, size, a.timeout, a.choices))
    peak = rss_mib()
    print(f"{a.players}-player {a.game}, seed {a.seed}, UI headless {size[0]}x{size[1]}: "
          f"{r['choices']} bot choices over {r['rounds']} rounds in {r['seconds']:.1f} s")
    print(f"RSS when the game screen was ready: {r['ready_mib']:.1f} MiB")
    if a.tracemalloc:
        import tracemalloc
        print(f"Python allocations, peak (tracemalloc): {tracemalloc.get_traced_memory()[1] / 2**20:.1f} MiB")
    print(f"peak RSS (ru_maxrss): {peak:.1f} MiB (target < 80 MiB: {'met' if peak < 80 else 'NOT met'})")


if __name__ == "__main__":
    main()

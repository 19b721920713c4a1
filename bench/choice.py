"""What one choice costs on the game screen, early and late in a game.

    .venv/bin/python bench/choice.py [--games evolution,phoenicia,utopia,imperial,civilization]
                                     [--at 100,1000,5000] [--choices 50] [--seeds 8]

For each game a seeded random game is played through the rules (the longest
of seeds 0..N-1, 3 players, 4 where the game needs them); its first
100, 1,000 and 5,000 choices (or as many as the game has, less the choices
timed) are replayed into a ``Match`` with human seats and open hands (no
hand-off curtains: ``play --open``), and the match is opened in the real app,
headless with Textual's Pilot, at 80x24, with the real autosave (SQLite, in a
temporary BOARDGAMES_TUI_DATA).  Then the next choices of the same random
game are made through the screen as a player makes them
(``GameScreen.choose`` and a Pilot pause: the autosave, the banner, the
option list, the board and the log repainted), after a few untimed ones (the
first choices after a screen opens pay for caches being filled), and each is
timed: CPU time of the process (the machine is shared; wall time is shown
too).  The figure is the mean CPU time per choice, the median beside it: a
cost paid on some choices only (the log rewritten when the screen changes
hands) is hidden by a median.

Target: the time per choice at choice 5,000 (or the end) is at most 1.3x
the time at choice 100, in every game; the ratio is taken within the same
run.  A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time

NAMES = ["Ann", "Bob", "Cy", "Dan", "Eve"]
COLOURS = ["red", "blue", "green", "yellow", "magenta"]
GAMES = "evolution,phoenicia,utopia,imperial,civilization"


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def players(game: str) -> int:
    from boardgames_tui.engine.registry import get_game
    g = get_game(game)
    lo, hi = g.player_range(g.options_with_defaults({}))
    return max(lo, min(3, hi))


def random_keys(game: str, seed: int, n: int, limit: int) -> list[str]:
    from boardgames_tui.engine.registry import get_game
    g = get_game(game)
    r = random.Random(seed)
    s = g.new_game(NAMES[:n], seed)
    keys: list[str] = []
    while (d := g.cached_decision(s)) is not None and len(keys) < limit:
        keys.append(r.choice(d.options).key)
        g.apply(s, keys[-1])
    return keys


def longest(game: str, seeds: int, n: int, limit: int) -> tuple[int, list[str]]:
    best: tuple[int, int, list[str]] = (-1, 0, [])
    for seed in range(seeds):
        keys = random_keys(game, seed, n, limit)
        best = max(best, (len(keys), -seed, keys))
        if len(keys) >= limit:
            break
    return -best[1], best[2]


async def time_choices(game: str, seed: int, n: int, keys: list[str], at: int, count: int,
                       warm: int, profile: str | None = None) -> dict:
    from boardgames_tui.engine.session import Match, Seat
    from boardgames_tui.engine.store import default_store
    from boardgames_tui.ui.app import BoardgamesApp
    from boardgames_tui.ui.screens.game import GameScreen

    seats = [Seat(NAMES[i], COLOURS[i]) for i in range(n)]
    m = Match.replay(game, seats, seed, {}, keys[:at - warm])
    m.open_info = True
    default_store().sync(m)  # the autosave row exists, as for a game opened from the menu
    app = BoardgamesApp(m)
    cpu: list[float] = []
    wall: list[float] = []
    prof = None
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for k in keys[at - warm:at]:
            screen.choose(k)
            await pilot.pause()
        if profile:
            import cProfile
            prof = cProfile.Profile()
            prof.enable()
        for k in keys[at:at + count]:
            c, w = time.process_time(), time.perf_counter()
            if not screen.choose(k):
                raise RuntimeError(f"{game}: the screen refused choice {len(m.history) + 1} ({k})")
            await pilot.pause()
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
        if prof is not None:
            prof.disable()
            prof.dump_stats(profile)
    return {"at": at, "cpu": statistics.mean(cpu), "cpu_med": med(cpu), "wall": statistics.mean(wall),
            "log": len(m.log())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=GAMES)
    ap.add_argument("--at", default="100,1000,5000", help="choices made before the timed ones")
    ap.add_argument("--choices", type=int, default=50, help="choices timed at each point")
    ap.add_argument("--warm", type=int, default=5, help="untimed choices before the timed ones")
    ap.add_argument("--seeds", type=int, default=8, help="seeds tried for the longest random game")
    ap.add_argument("--profile", default=None,
                    help="write cProfile stats of the timed choices to PREFIX-<game>-<at>.prof")
    a = ap.parse_args()
    points = [int(x) for x in a.at.split(",")]
    ok = True
    print(f"{'game':<13}{'seed':>5}{'length':>7}{'at':>7}{'log':>7}{'cpu ms':>9}{'median':>9}{'wall ms':>9}")
    summary = []
    with tempfile.TemporaryDirectory() as data:
        os.environ["BOARDGAMES_TUI_DATA"] = data
        for game in a.games.split(","):
            n = players(game)
            seed, keys = longest(game, a.seeds, n, max(points) + a.choices)
            rows = []
            for at in points:
                at = min(at, len(keys) - a.choices)
                if rows and rows[-1]["at"] == at:
                    continue
                prof = f"{a.profile}-{game}-{at}.prof" if a.profile else None
                r = asyncio.run(time_choices(game, seed, n, keys, at, a.choices, a.warm, prof))
                rows.append(r)
                print(f"{game:<13}{seed:>5}{len(keys):>7}{at:>7}{r['log']:>7}"
                      f"{r['cpu'] * 1000:>9.1f}{r['cpu_med'] * 1000:>9.1f}{r['wall'] * 1000:>9.1f}", flush=True)
            ratio = rows[-1]["cpu"] / rows[0]["cpu"]
            ok &= ratio <= 1.3
            summary.append((game, rows[0]["at"], rows[-1]["at"], ratio, rows[-1]["wall"] / rows[0]["wall"]))
    for game, lo, hi, ratio, wratio in summary:
        print(f"{game:<13} choice {hi} / choice {lo}: {ratio:.2f}x CPU ({wratio:.2f}x wall)")
    print("target (<= 1.3x in every game):", "met" if ok else "NOT met")


if __name__ == "__main__":
    main()

"""The bots' strength table: win rates per pairing, with 95% intervals.

    .venv/bin/python bench/strength.py [--games 100] [--jobs 2]
        [--pairings hard-random,hard-easy,easy-random] [--titles evolution,phoenicia,...]
        [--iterations I] [--rollout R] [--four N] [--paired 0|1] [--opponents search|policy]

Each pairing is a run of ``simulate GAME --bots A,B`` with two players, split
into chunks of ``--chunk`` games run in ``--jobs`` processes; the seats
alternate inside each chunk (an even chunk), so the seat cannot decide the
outcome.  ``--four N`` adds N four-player games of one hard bot against three
easy ones per title (the hard bot's seat rotated), reported as the hard
bot's win share against the 25% baseline.  The budget is the hard bot's own
(its game's ``HARD_ITERATIONS``) unless ``--iterations`` is given; so are its
search's paired rounds and its model of the others (``HARD_PAIRED``,
``HARD_OPPONENTS_BY_POLICY``) unless ``--paired`` or ``--opponents`` is given,
to measure a variant before a game adopts it.

Each finished chunk prints one line to stderr (wins so far, time), so a run
cut short still says what it measured.

Prints a markdown table: the same figures ``simulate`` prints, gathered.
A benchmark, not a test: a full run takes hours on two cores.
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from boardgames_tui.simulate import run, wilson

TITLES = ("evolution", "phoenicia", "utopia", "imperial", "civilization")
PAIRINGS = ("easy-random", "hard-random", "hard-easy")


def chunk(job: tuple) -> tuple[float, int, list[float], int]:
    """(wins of the first level, seats it played, its thinking times, errors)."""
    game, levels, games, seed, kw = job
    sim = run(game, len(levels), games, seed, 50_000, None, None, levels, kw)
    row = sim.level_totals().get(levels[0], {"wins": 0.0, "seats": 0})
    times = [t for r in sim.results for t in r.think.get(levels[0], [])]
    return row["wins"], row["seats"], times, sim.count("error")


def measure(pool, game: str, levels: list[str], games: int, size: int, kw: dict, seed: int) -> dict:
    jobs = [(game, levels, min(size, games - i), seed + i, kw) for i in range(0, games, size)]
    t = time.perf_counter()
    wins = seats = errors = 0
    times: list[float] = []
    for done, (w, n, ts, e) in enumerate(pool.map(chunk, jobs), 1):
        wins += w
        seats += n
        times += ts
        errors += e
        print(f"  {game} {'-'.join(levels)}: chunk {done}/{len(jobs)}, {wins:g} of {seats} won, "
              f"{time.perf_counter() - t:.0f} s", file=sys.stderr, flush=True)
    times.sort()
    lo, hi = wilson(wins, seats)
    return {"wins": wins, "seats": seats, "share": wins / seats if seats else 0.0, "ci": (lo, hi),
            "errors": errors, "seconds": time.perf_counter() - t,
            "median": times[len(times) // 2] if times else 0.0,
            "p95": times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--chunk", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--titles", default=",".join(TITLES))
    ap.add_argument("--pairings", default=",".join(PAIRINGS))
    ap.add_argument("--iterations", type=int)
    ap.add_argument("--rollout", type=int)
    ap.add_argument("--four", type=int, default=0, help="four-player games of one hard bot and three easy ones")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--paired", type=int, choices=(0, 1), help="the root's choices in paired rounds (1) or not (0)")
    ap.add_argument("--opponents", choices=("search", "policy"), help="the others' choices searched or the policy's")
    args = ap.parse_args()
    kw = {k: v for k, v in (("iterations", args.iterations), ("rollout", args.rollout)) if v is not None}
    if args.paired is not None:
        kw["paired"] = bool(args.paired)
    if args.opponents is not None:
        kw["opponents_by_policy"] = args.opponents == "policy"
    pairs = f"{args.games} two-player games per pairing" if args.pairings else ""
    four = f"{args.four} four-player games per title" if args.four else ""
    print(f"budget: {kw or 'each game''s own'}; " + ", ".join(x for x in (pairs, four) if x) + f"; seed {args.seed}")
    print("| Game | Pairing | Win rate (first) | 95% interval | Games | Think median / p95 | Time |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for game in args.titles.split(","):
            for pairing in filter(None, args.pairings.split(",")):
                levels = pairing.split("-")
                r = measure(pool, game, levels, args.games, args.chunk, kw, args.seed)
                err = f", {r['errors']} errors" if r["errors"] else ""
                print(f"| {game} | {levels[0]} vs {levels[1]} | {r['share']:.1%} | "
                      f"[{r['ci'][0]:.1%}, {r['ci'][1]:.1%}] | {r['seats']}{err} | "
                      f"{r['median'] * 1e3:.0f} / {r['p95'] * 1e3:.0f} ms | {r['seconds']:.0f} s |", flush=True)
            if args.four:
                r = measure(pool, game, ["hard", "easy", "easy", "easy"], args.four, 4, kw, args.seed)
                print(f"| {game} | hard vs 3 easy (4 players) | {r['share']:.1%} (baseline 25%) | "
                      f"[{r['ci'][0]:.1%}, {r['ci'][1]:.1%}] | {r['seats']} | "
                      f"{r['median'] * 1e3:.0f} / {r['p95'] * 1e3:.0f} ms | {r['seconds']:.0f} s |", flush=True)


if __name__ == "__main__":
    main()

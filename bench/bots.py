"""What the bots cost: clones, rollouts, and the hard bot's thinking time.

    .venv/bin/python bench/bots.py [--games evolution,phoenicia,utopia,imperial,civilization]
                                   [--players 2] [--positions 24]
                                   [--p95-game [--only-p95] [--decisions N] [--seconds S | --no-time-budget]
                                    [--seed 11]]

Positions are sampled from a seeded game between easy bots.  For each game:

* clone: ``game.clone`` against ``copy.deepcopy`` of the same state (the
  baseline a search would use without a game-provided clone); medians in µs.
* rollout: one choice of a rollout by the easy policy (``policy.choose`` then
  ``apply``) against one by a random choice (the random bot's cost); medians
  in µs a choice, and the cost of one rollout of the hard bot's length.
* iteration: one search iteration of the hard bot at its own rollout length
  (determinize, walk down, roll out, judge), in CPU time, and what its
  game's budget (``HARD_ITERATIONS``) makes of it.
* ``--p95-game``: a full 4-player game of one hard bot (the app's budget:
  its iterations and ``THINK_SECONDS`` of wall time, whichever ends first;
  ``--no-time-budget``: iterations only, as before the time budget) against
  three easy ones: its thinking time per decision, wall and CPU, median and
  95th percentile (the target: p95 <= 1.5 s), and the iterations its searches
  reached.  ``--decisions N`` stops after the hard bot's N-th timed decision
  (a whole Civilization game is about 500 of them).

The machine is shared: figures are medians, and the baselines run in the same
process.  A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import copy
import random
import statistics
import time

from boardgames_tui.bots.base import ask, knowledge
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.bots.ismcts import THINK_SECONDS, HardBot
from boardgames_tui.bots.policies import policy_for
from boardgames_tui.engine.registry import get_game

GAMES = ("evolution", "phoenicia", "utopia", "imperial", "civilization")


def positions(game, players: int, count: int, seed: int = 7) -> list:
    """(state, decision) pairs with a real choice, spread over one easy game."""
    state = game.new_game([f"P{i + 1}" for i in range(players)], seed, {})
    bots = [make_bot("easy", seed * 10 + i, game) for i in range(players)]
    out = []
    while (d := game.cached_decision(state)) is not None:
        if len(d.options) > 1:
            out.append((game.clone(state), d))
        game.apply(state, ask(bots[d.player], game, state, d))
    step = max(1, len(out) // count)
    return out[::step][:count]


def timed(fn, repeat: int = 1, clock=time.perf_counter) -> float:
    t = clock()
    for _ in range(repeat):
        fn()
    return (clock() - t) / repeat


def per_choice(game, state, choose, limit: int) -> float:
    """Seconds per choice of playing on from a clone of ``state`` with ``choose``."""
    world = game.clone(state)
    n = 0
    t = time.perf_counter()
    while n < limit and (d := game.cached_decision(world)) is not None:
        game.apply(world, choose(world, d))
        n += 1
    return (time.perf_counter() - t) / max(n, 1)


def bench_game(name: str, players: int, count: int) -> None:
    game = get_game(name)
    policy = policy_for(name)
    rng = random.Random(1)
    pos = positions(game, players, count)
    clone = [timed(lambda s=s: game.clone(s), 20) for s, _ in pos]
    deep = [timed(lambda s=s: copy.deepcopy(s), 5) for s, _ in pos]
    easy = [per_choice(game, s, lambda w, d: policy.choose(game, w, d, rng), 40) for s, _ in pos]
    rand = [per_choice(game, s, lambda w, d: rng.choice(d.options).key, 40) for s, _ in pos]
    hard = HardBot(game, seed=1)
    iters = []
    for s, d in pos[: max(4, count // 3)]:
        bot = HardBot(game, seed=2, iterations=40)
        k = knowledge(bot, game, s, d)
        # CPU time: what sets the app's budget, whatever else the machine runs
        iters.append(timed(lambda: bot.decide(k), clock=time.process_time) / 40)
    med = statistics.median
    us = 1e6
    print(f"{name} ({players} players, {len(pos)} positions)")
    print(f"  clone      {med(clone) * us:8.1f} µs   deepcopy {med(deep) * us:8.1f} µs   "
          f"ratio {med(deep) / med(clone):5.1f}x faster")
    print(f"  rollout    {med(easy) * us:8.1f} µs a choice (easy policy)   random {med(rand) * us:6.1f} µs   "
          f"ratio {med(easy) / med(rand):5.1f}x")
    print(f"  one rollout of {hard.rollout} choices: {med(easy) * hard.rollout * 1e3:6.2f} ms; "
          f"one iteration {med(iters) * 1e3:6.2f} ms; app budget {hard.iterations} iterations "
          f"= about {med(iters) * hard.iterations:4.2f} s a decision")


def p95_game(name: str, seed: int = 11, seconds: float | None = THINK_SECONDS,
             decisions: int | None = None) -> None:
    """One hard bot (the app's budget) and three easy bots, a full game."""
    game = get_game(name)
    state = game.new_game(["Hard", "Easy 1", "Easy 2", "Easy 3"], seed, {})
    hard = make_bot("hard", seed * 10, game, seconds=seconds)
    bots = [hard] + [make_bot("easy", seed * 10 + i, game) for i in (1, 2, 3)]
    times, cpu, iters = [], [], []
    while (d := game.cached_decision(state)) is not None:
        if decisions is not None and len(times) >= decisions:
            break
        t, c = time.perf_counter(), time.process_time()
        key = ask(bots[d.player], game, state, d)
        if d.player == 0 and len(d.options) > 1:
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            if hard.last_iterations:
                iters.append(hard.last_iterations)
        game.apply(state, key)
    won = "cut off" if d is not None else "won" if 0 in game.winners(state) else "lost"

    def p95(xs: list[float]) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(0.95 * len(xs)))]

    def p5(xs: list[int]) -> int:
        return sorted(xs)[int(0.05 * len(xs))] if xs else 0

    budget = f"{hard.iterations} iterations" + (f" or {seconds:g} s" if seconds is not None else "")
    # Wall time is what a player waits; CPU time is that wait on an idle machine
    # (the search is one thread), which a shared machine's wall time is not.
    print(f"{name}: 4 players, seed {seed}, hard bot at {budget}, {len(times)} decisions ({won}, "
          f"round {game.round_number(state)}): wall median {statistics.median(times):.2f} s, "
          f"p95 {p95(times):.2f} s, max {max(times):.2f} s; "
          f"CPU median {statistics.median(cpu):.2f} s, p95 {p95(cpu):.2f} s; "
          f"target wall p95 <= 1.5 s: {'met' if p95(times) <= 1.5 else 'MISSED'}")
    if iters:
        print(f"  iterations a search (of {len(iters)} searched): median {statistics.median(iters):.0f}, "
              f"5th percentile {p5(iters)}, min {min(iters)}; at the full {hard.iterations}: "
              f"{sum(i >= hard.iterations for i in iters)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--p95-game", action="store_true", help="also time a full 4-player game per title")
    ap.add_argument("--only-p95", action="store_true", help="only the --p95-game figures")
    ap.add_argument("--seed", type=int, default=11, help="the --p95-game's seed")
    ap.add_argument("--decisions", type=int, default=None, help="stop after this many timed hard decisions")
    ap.add_argument("--seconds", type=float, default=THINK_SECONDS, help="the hard bot's time budget")
    ap.add_argument("--no-time-budget", action="store_true", help="iterations only (no time budget)")
    args = ap.parse_args()
    if not args.only_p95:
        for name in args.games.split(","):
            bench_game(name, args.players, args.positions)
    if args.p95_game or args.only_p95:
        for name in args.games.split(","):
            p95_game(name, args.seed, None if args.no_time_budget else args.seconds, args.decisions)


if __name__ == "__main__":
    main()

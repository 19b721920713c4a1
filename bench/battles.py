"""Civilization: how well each bot level fights a battle, on the same battles.

    .venv/bin/python bench/battles.py [--battles 60] [--games 12] [--seed 1] [--jobs 2]
        [--iterations I] [--rollout R] [--pairs easy-easy,hard-easy,easy-hard]

Battle starts are gathered from four-player games of random bots (``--source``; easy bots attack only
with a clear edge, so theirs are one-sided), ``--games`` of them, seeds from ``--seed``:
the state as the first card is to be laid, hands already drawn.  Each battle is then fought to its end
once per pairing (the attacker's level first), every other decision by the easy bot, and the result
is read from the log.  A pairing's row is the attacker's win share with its 95% Wilson interval and
the mean margin (the attacker's total less the defender's); the same battles for every pairing, so
``hard-easy`` against ``easy-easy`` is the hard bot's gain as the attacker, ``easy-hard`` against it
its gain as the defender; a row also counts the battles whose result differs from the first row's
(the attacker now wins / now loses).  The level ``plain`` is the hard bot without its battle focus (rollouts of
20 choices judged by the game's evaluation), for comparison.  Also the hard bot's thinking time per
battle decision.

A benchmark, not a test: at the app's budget a hard battle decision takes about a second.
"""
from __future__ import annotations

import argparse
import re
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.civilization import war as W
from boardgames_tui.simulate import wilson

NAMES = ["Ada", "Bo", "Cy", "Di"]
ENDS = re.compile(r"ends (\d+) to (\d+)")


def gather(seed: int, limit: int, source: str = "easy") -> list:
    """Battle starts (states at the first card, four cards or more in the hands) of one four-player
    game of ``source`` bots."""
    game = get_game("civilization")
    s = game.new_game(NAMES, seed, {})
    bots = [make_bot(source, seed * 10 + i, game) for i in range(4)]
    out = []
    for _ in range(20_000):
        d = game.cached_decision(s)
        if d is None or len(out) >= limit:
            break
        b = s.battle
        if d.kind == "battle_card" and b is not None and not b.fronts and not b.killed[W.ATT] \
                and len(b.hands[W.ATT]) + len(b.hands[W.DEF]) >= 4:
            out.append(game.clone(s))
        game.apply(s, ask(bots[d.player], game, s, d))
    return out


def fight(job: tuple) -> tuple[int, int, dict]:
    """One battle with the attacker's and the defender's levels: (attacker won, margin, think times)."""
    state, att_level, def_level, seed, kw = job
    game = get_game("civilization")
    s = game.clone(state)
    b = s.battle
    sides = {b.player(W.ATT): att_level, b.player(W.DEF): def_level}
    bots = {}
    think: dict[str, list[float]] = {}
    start = len(s.log)
    while s.battle is not None and not game.is_over(s):
        d = game.cached_decision(s)
        if d is None:
            break
        level = sides.get(d.player, "easy") if d.kind.startswith("battle") else "easy"
        bot = bots.get((d.player, level))
        if bot is None:
            bot = bots[(d.player, level)] = make_bot("hard" if level == "plain" else level, seed * 7 + d.player,
                                                    game, **(kw if level in ("hard", "plain") else {}))
            if level == "plain":
                bot._focus = None          # the search without the battle focus: 20-choice rollouts
        t = time.perf_counter()
        t = time.perf_counter()
        key = ask(bot, game, s, d)
        if len(d.options) > 1:
            think.setdefault(level, []).append(time.perf_counter() - t)
        game.apply(s, key)
    for e in s.log[start:]:
        m = ENDS.search(e.text)
        if m:
            a, dfd = int(m.group(1)), int(m.group(2))
            return int(a > dfd), a - dfd, think
    raise RuntimeError("the battle did not end")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--battles", type=int, default=60)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--rollout", type=int, default=None)
    ap.add_argument("--pairs", default="easy-easy,hard-easy,easy-hard")
    ap.add_argument("--source", default="random", choices=("random", "easy"),
                    help="the bots of the games the battles come from (easy bots attack only with a clear edge)")
    a = ap.parse_args()
    kw = {k: v for k, v in (("iterations", a.iterations), ("rollout", a.rollout)) if v is not None}
    per_game = max(1, -(-a.battles // a.games))
    with ProcessPoolExecutor(a.jobs) as pool:
        starts = [x for xs in pool.map(gather, range(a.seed, a.seed + a.games), [per_game] * a.games,
                                                   [a.source] * a.games) for x in xs]
        starts = starts[:a.battles]
        print(f"{len(starts)} battles from {a.games} {a.source} four-player games (seeds {a.seed}..{a.seed + a.games - 1}); "
              f"hard bot: {kw or 'the app budget'}")
        print("| attacker-defender | attacker wins | 95% interval | mean margin | battles turned (won / lost) "
              "against the first row | hard think median / p95 |")
        print("|---|---|---|---|---|---|")
        first = None
        for pair in a.pairs.split(","):
            att, dfd = pair.split("-")
            t0 = time.perf_counter()
            res = list(pool.map(fight, [(st, att, dfd, i, kw) for i, st in enumerate(starts)]))
            first = first or (pair, [r[0] for r in res])
            up = sum(1 for r, r0 in zip(res, first[1]) if r[0] > r0)      # the same battle, now won
            down = sum(1 for r, r0 in zip(res, first[1]) if r[0] < r0)
            wins = sum(r[0] for r in res)
            lo, hi = wilson(wins, len(res))
            times = sorted(t for r in res for lv, ts in r[2].items() if lv in ("hard", "plain") for t in ts)
            tt = (f"{statistics.median(times) * 1000:.0f} ms / {times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms"
                  if times else "-")
            print(f"| {pair} | {wins}/{len(res)} = {wins / len(res):.1%} | [{lo:.1%}, {hi:.1%}] | "
                  f"{statistics.mean(r[1] for r in res):+.2f} | +{up} / -{down} | {tt} | ({time.perf_counter() - t0:.0f} s)",
                  flush=True)


if __name__ == "__main__":
    main()

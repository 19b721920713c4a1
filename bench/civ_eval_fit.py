"""Fit Civilization's judgement of a position on easy-bot games, and say how well it predicts the winner.

    .venv/bin/python bench/civ_eval_fit.py [--games 300] [--jobs 2] [--seed 5000] [--players 4,2]

Plays ``--games`` easy-bot games (seeds from ``--seed``, player counts in turn from ``--players``) and
records, at the start of each round, every player's ``features`` (``bots/policies/civilization_eval.py``)
and who won.  The weights of a conditional logit (each player's chance: exp(w·x) over the table's sum)
are fitted by gradient ascent on the log-likelihood (with a small L2 penalty) on four fifths of the games;
the fifth left out (every fifth seed) measures accuracy: how often the player judged likeliest is the
winner, at rounds 5 and 10, against the hand-made ``evaluate`` and chance.  Prints the weights as a
Python tuple to paste into ``civilization_eval.WEIGHTS``.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.bots.policies import civilization_eval as E
from boardgames_tui.engine.registry import get_game


def play(job: tuple[int, int]) -> tuple[int, int, list[tuple[int, list[list[float]], list[float]]]]:
    """(seed, winner, [(round, each player's features, the hand-made evaluate)]) of one easy-bot game."""
    seed, n = job
    game = get_game("civilization")
    st = game.new_game([f"P{i}" for i in range(n)], seed, {})
    bots = [make_bot("easy", seed * 10 + i, game) for i in range(n)]
    seen, rows = -1, []
    for _ in range(20_000):
        d = game.cached_decision(st)
        if d is None:
            break
        if st.round != seen and st.round >= 1:
            seen = st.round
            rows.append((st.round, [E.features(game, st, q) for q in range(n)], E.evaluate(game, st)))
        game.apply(st, ask(bots[d.player], game, st, d))
    return seed, st.winner, rows


def probs(w: list[float], xs: list[list[float]]) -> list[float]:
    zs = [sum(a * b for a, b in zip(w, x)) for x in xs]
    top = max(zs)
    es = [math.exp(z - top) for z in zs]
    t = sum(es)
    return [e / t for e in es]


def fit(data: list, k: int, rounds: int = 400, rate: float = 0.5, l2: float = 1e-3) -> list[float]:
    w = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        for xs, win in data:
            ps = probs(w, xs)
            for q, x in enumerate(xs):
                g = (1.0 if q == win else 0.0) - ps[q]
                for j in range(k):
                    grad[j] += g * x[j]
        w = [wj + rate * (gj / len(data) - l2 * wj) for wj, gj in zip(w, grad)]
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--players", default="4,2")
    a = ap.parse_args()
    counts = [int(x) for x in a.players.split(",")]
    jobs = [(a.seed + i, counts[i % len(counts)]) for i in range(a.games)]
    t0 = time.time()
    games = []
    with ProcessPoolExecutor(a.jobs) as ex:
        for i, g in enumerate(ex.map(play, jobs)):
            games.append(g)
            if (i + 1) % 20 == 0:
                print(f"{i + 1} games, {time.time() - t0:.0f} s", file=sys.stderr)
    train = [(xs, win) for seed, win, rows in games if seed % 5 and win >= 0 for _, xs, _ in rows]
    w = fit(train, len(E.FEATURES))
    print(f"{len(games)} games ({sum(1 for g in games if g[1] < 0)} unfinished), "
          f"{len(train)} training positions, {time.time() - t0:.0f} s")
    for at in (5, 10):
        held = [(xs, old, win, len(xs)) for seed, win, rows in games if not seed % 5 and win >= 0
                for r, xs, old in rows if r == at]
        if not held:
            continue
        hit = sum(1 for xs, _, win, _ in held if max(range(len(xs)), key=lambda q: probs(w, xs)[q]) == win)
        old = sum(1 for _, o, win, _ in held if max(range(len(o)), key=lambda q: o[q]) == win)
        chance = sum(1 / n for *_, n in held)
        print(f"round {at}: {len(held)} held-out positions; fitted {hit / len(held):.0%}, "
              f"hand-made {old / len(held):.0%}, chance {chance / len(held):.0%}")
    print("WEIGHTS = (" + ", ".join(f"{x:.3f}" for x in w) + ")")
    for name, x in sorted(zip(E.FEATURES, w), key=lambda t: -abs(t[1])):
        print(f"  {name:24} {x:+.3f}")


if __name__ == "__main__":
    random.seed(0)
    main()

"""What a hint costs (target: at most 50 ms at p95) and how often its reason is the policy's own; what a
bot's line costs in a guided game; what the look back costs per choice replayed.

    .venv/bin/python bench/hints.py [--positions 60] [--seed 77] [--no-look-back]

At random positions of seeded random games of every title (``tests/bots/test_honesty.py``'s
``positions``), CPU time of ``bots.hint.hint`` (the determinization and the easy policy with its
reasons) and of ``bots.hint.bot_line`` (the same, from another player's view, for the player deciding);
medians, 95th percentiles and the worst (the first call pays the policy's import).  The look back
(``bots.debrief.worst_choices``) replays one seeded game of each title with seat 0 picking at random
and the others easy bots, and gives its CPU time per choice of the game.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "bots"))

from test_honesty import positions  # noqa: E402

from boardgames_tui.bots.base import ask  # noqa: E402
from boardgames_tui.bots.debrief import worst_choices  # noqa: E402
from boardgames_tui.bots.hint import bot_line, hint  # noqa: E402
from boardgames_tui.bots.levels import make_bot  # noqa: E402
from boardgames_tui.engine.session import BOT, HUMAN, Match, Seat  # noqa: E402
from boardgames_tui.engine.registry import get_game  # noqa: E402

TITLES = ("civilization", "evolution", "imperial", "phoenicia", "utopia")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--no-look-back", action="store_true")
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
        print(f"{name:13} hint     {_spread(ts)}  reasons named {named}/{len(ts)}")
        ts = []
        for k, (st, d) in enumerate(positions(g, a.seed + 1, a.positions)):
            key = d.options[k % len(d.options)].key
            t = time.process_time()
            bot_line(g, st, d, key, (d.player + 1) % len(st.players) if hasattr(st, "players") else 0, "Bot", k)
            ts.append(time.process_time() - t)
        print(f"{'':13} bot line {_spread(ts)}")
        if not a.no_look_back:
            m = _played(name, a.seed)
            t = time.process_time()
            worst_choices(m, 0)
            took = time.process_time() - t
            print(f"{'':13} look back {took:5.1f} s for {len(m.history)} choices "
                  f"({took / max(1, len(m.history)) * 1e3:4.1f} ms a choice)")


def _spread(ts: list[float]) -> str:
    ts = sorted(ts)
    return (f"median {ts[len(ts) // 2] * 1e3:5.1f} ms  p95 {ts[int(len(ts) * .95)] * 1e3:5.1f} ms  "
            f"worst {ts[-1] * 1e3:5.1f} ms")


def _played(name: str, seed: int) -> Match:
    """A whole game: seat 0 picks at random, the others are easy bots."""
    game = get_game(name)
    n = max(2, game.min_players)
    m = Match.new(name, [Seat("Ann", "red", HUMAN)] + [Seat(f"Bot {i}", "blue", BOT, "easy") for i in range(1, n)],
                  seed)
    bots, r = [make_bot("easy", seed + i, game) for i in range(n)], random.Random(seed)
    while (d := m.decision()) is not None:
        m.choose(r.choice(d.options).key if d.player == 0 else ask(bots[d.player], game, m.state, d))
    return m


if __name__ == "__main__":
    main()

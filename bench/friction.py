"""Keys a hot-seat table presses, with forced choices waiting for a key (before) and playing
themselves (after): issue 39's "keys per round".

    .venv/bin/python bench/friction.py [--players 3] [--seed 7] [--rounds 4] [--games civilization phoenicia]

Every seat is played by the easy bot (as three people who play sensibly would), through a
:class:`~boardgames_tui.engine.session.Match`.  A key is an Enter that takes a choice or lifts a
curtain; the curtains follow the game screen's rule (``GameScreen.needs_curtain`` with every seat
human: a private decision of a player who does not hold the keyboard).  Arrow keys to reach an
option are not counted: they are the same before and after.  Civilization stops at the end of
``--rounds``; the other games are played to their end.
"""
from __future__ import annotations

import argparse
import statistics
from collections import Counter

from boardgames_tui.bots.base import ask, bot_seed
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.session import Match, Seat

ROUND_CAPPED = {"civilization"}


class Table:
    """The keys at one keyboard, counted as the screen would ask for them."""

    def __init__(self, auto: bool) -> None:
        self.auto = auto
        self.viewer: int | None = None
        self.keys: Counter[int] = Counter()      # round -> keys
        self.waits: Counter[int] = Counter()     # round -> single-option decisions that waited

    def decision(self, m: Match, rnd: int) -> None:
        d = m.decision()
        assert d is not None
        if len(d.options) == 1:
            if self.auto:
                return                            # plays itself: no key, no curtain, the keyboard stays
            self.waits[rnd] += 1
        curtain = d.private and d.player != self.viewer
        self.keys[rnd] += 1 + curtain
        self.viewer = d.player if d.private or d.player == self.viewer else None


def play(game: str, players: int, seed: int, rounds: int) -> tuple[Table, Table, int]:
    seats = [Seat(f"P{i + 1}") for i in range(players)]
    m = Match.new(game, seats, seed)
    bots = [make_bot("easy", bot_seed(seed, i), m.game) for i in range(players)]
    before, after = Table(auto=False), Table(auto=True)
    choices = 0
    while (d := m.decision()) is not None:
        rnd = m.round_number()
        if game in ROUND_CAPPED and rnd > rounds:
            break
        before.decision(m, rnd)
        after.decision(m, rnd)
        m.choose(ask(bots[d.player], m.game, m.state, d))
        choices += 1
    return before, after, choices


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=4, help="Civilization: rounds played")
    ap.add_argument("--games", nargs="+", default=["civilization", "phoenicia", "evolution", "utopia", "imperial"])
    a = ap.parse_args()
    for game in a.games:
        before, after, choices = play(game, a.players, a.seed, a.rounds)
        rounds = sorted(set(before.keys) | set(after.keys))
        per_b = [before.keys[r] for r in rounds]
        per_a = [after.keys[r] for r in rounds]
        print(f"{game:13} {choices} choices, rounds {rounds[0]}-{rounds[-1]}: keys {sum(per_b)} -> {sum(per_a)} "
              f"({sum(per_a) / sum(per_b):.0%}); per round median {statistics.median(per_b):g} -> "
              f"{statistics.median(per_a):g}; single-option waits {sum(before.waits.values())} -> 0")
        if game in ROUND_CAPPED:
            print("              by round: " + ", ".join(f"{r}: {b}->{x}" for r, b, x in zip(rounds, per_b, per_a)))


if __name__ == "__main__":
    main()

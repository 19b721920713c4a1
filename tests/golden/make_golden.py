"""Record the golden replays: full seeded bot games saved as ordinary save
files, with the final scores beside them.  Run it only when a rules change is
meant to change old games (and bump the game's rules_version then):

    .venv/bin/python tests/golden/make_golden.py [GAME ...]

With game names, only those games' replays are recorded again.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine import save
from boardgames_tui.engine.session import BOT, Match, Seat

HERE = Path(__file__).parent
# (game, players, seed, options)
GOLDEN = [
    ("evolution", 2, 11, {}),
    ("evolution", 4, 12, {}),
    ("evolution", 6, 13, {"deck": "129"}),
    ("phoenicia", 3, 21, {}),
    ("phoenicia", 5, 22, {}),
    ("utopia", 2, 31, {}),
    ("utopia", 4, 32, {}),
    ("imperial", 3, 41, {}),
    ("imperial", 6, 42, {}),
    ("imperial", 4, 43, {"opening": "experienced", "investor_card": "no"}),
    ("civilization", 2, 51, {}),
    ("civilization", 3, 52, {}),
]


def golden_name(game: str, players: int, seed: int) -> str:
    return f"{game}-{players}p-seed{seed}"


def play(game: str, players: int, seed: int, options: dict) -> Match:
    seats = [Seat(f"Bot {i + 1}", "white", BOT) for i in range(players)]
    m = Match.new(game, seats, seed, options)
    bot = RandomBot(seed)
    while (d := m.decision()) is not None:
        m.choose(bot.choose(d))
    m.match_id = golden_name(game, players, seed)
    m.created = 0.0
    return m


def main() -> None:
    only = set(sys.argv[1:])
    for game, players, seed, options in GOLDEN:
        if only and game not in only:
            continue
        m = play(game, players, seed, options)
        name = golden_name(game, players, seed)
        save.save(m, HERE / f"{name}.json")
        (HERE / f"{name}.expected.json").write_text(json.dumps(
            {"scores": m.scores(), "winners": m.winners(), "choices": len(m.history),
             "round": m.round_number()}, indent=1) + "\n")
        print(name, len(m.history), "choices", m.scores())


if __name__ == "__main__":
    main()

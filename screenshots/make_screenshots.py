"""Regenerate the screenshots in this folder with the `screenshot` command
(run from the repository root):

    .venv/bin/python screenshots/make_screenshots.py

The same arguments give the same SVGs.  The menu is drawn with an empty,
temporary data folder, so no personal autosaves appear.
"""
from __future__ import annotations

import sys

from boardgames_tui.cli import main as cli

SHOTS = [
    ["menu", "--size", "80x24", "--out", "screenshots/menu.svg"],
    # Round 3, feeding: a carnivore chooses which species to attack.
    ["evolution", "--players", "3", "--seed", "2", "--choices", "103", "--out", "screenshots/evolution.svg"],
    ["evolution", "--players", "3", "--seed", "2", "--choices", "103", "--size", "80x24",
     "--out", "screenshots/evolution-80x24.svg"],
    # Round 14, an auction in progress.
    ["phoenicia", "--players", "3", "--seed", "12", "--choices", "196", "--out", "screenshots/phoenicia.svg"],
    ["phoenicia", "--players", "3", "--seed", "12", "--choices", "196", "--size", "80x24",
     "--out", "screenshots/phoenicia-80x24.svg"],
    # Round 3, phase 1: a prince to place on Fire.
    ["utopia", "--players", "2", "--seed", "7", "--choices", "80", "--out", "screenshots/utopia.svg"],
    ["utopia", "--players", "2", "--seed", "7", "--choices", "80", "--size", "80x24",
     "--out", "screenshots/utopia-80x24.svg"],
    # A maneuver: a German army picked in Berlin, its destinations marked.
    ["imperial", "--players", "4", "--seed", "4", "--choices", "455", "--size", "160x48",
     "--out", "screenshots/imperial.svg"],
    ["imperial", "--players", "4", "--seed", "4", "--choices", "455", "--size", "80x24",
     "--out", "screenshots/imperial-80x24.svg"],
    # Round 8, movement: an army picked (★), the squares it can reach marked; easy bots played first.
    ["civilization", "--players", "4", "--seed", "4", "--level", "easy", "--choices", "379",
     "--size", "200x60", "--out", "screenshots/civilization.svg"],
    ["civilization", "--players", "4", "--seed", "4", "--level", "easy", "--choices", "379",
     "--size", "80x24", "--out", "screenshots/civilization-80x24.svg"],
    # A battle in the field: a card to lay, a front open.
    ["civilization", "--players", "2", "--seed", "3", "--choices", "2376",
     "--size", "80x24", "--out", "screenshots/civilization-battle-80x24.svg"],
]


def main() -> int:
    for args in SHOTS:
        rc = cli(["screenshot", *args])
        if rc:
            return rc
    return 0


if __name__ == "__main__":
    sys.exit(main())

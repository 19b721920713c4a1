"""Regenerate the screenshots in this folder (run from the repository root):

    .venv/bin/python screenshots/make_screenshots.py

The same code and the same seed give the same SVGs.  The menu is drawn with an
empty, temporary data folder so that no personal autosaves appear.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def evolution_midgame(seed: int = 9, choices: int = 86):
    """Round 3, feeding: Ada's carnivore picks which species to attack."""
    from boardgames_tui.bots.random_bot import RandomBot
    from boardgames_tui.engine.session import Match, Seat

    m = Match.new("evolution", [Seat("Ada", "red"), Seat("Bruno", "blue", "bot"),
                                Seat("Chloé", "green")], seed)
    bot = RandomBot(seed)
    for _ in range(choices):
        m.choose(bot.choose(m.decision()))
    return m


def main() -> int:
    os.environ["BOARDGAMES_TUI_DATA"] = tempfile.mkdtemp(prefix="bgt-shots-")
    from boardgames_tui.ui.app import save_menu_screenshot, save_screenshot

    print(save_menu_screenshot(HERE / "menu.svg", size=(80, 24)))
    m = evolution_midgame()
    print(save_screenshot(m, HERE / "evolution.svg", size=(120, 40)))
    print(save_screenshot(m, HERE / "evolution-80x24.svg", size=(80, 24)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

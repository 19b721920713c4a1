"""Snapshot tests of the Phoenicia board (pytest-textual-snapshot).  After an
intended change of the look, regenerate with
``pytest tests/ui/test_phoenicia_snapshots.py --snapshot-update`` and review
the SVGs in tests/ui/__snapshots__/test_phoenicia_snapshots/."""
from __future__ import annotations

import pytest

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp


def phoenicia_midgame(choices: int = 286, seed: int = 4) -> Match:
    """Round 20: Chloé auctions Public Works and Ada (red) must raise or pass."""
    seats = [Seat("Ada", "red"), Seat("Bruno", "blue", "bot"), Seat("Chloé", "green")]
    m = Match.new("phoenicia", seats, seed)
    bot = RandomBot(1)
    for _ in range(choices):
        m.choose(bot.choose(m.decision()))
    return m


def test_the_snapshot_position_is_an_auction():
    m = phoenicia_midgame()
    d = m.decision()
    assert d.kind == "bid" and d.player == 0 and len(m.view(0)["auction"]["active"]) == 3


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_phoenicia_snapshot(snap_compare, size):
    app = BoardgamesApp(phoenicia_midgame(), screenshot=True)
    assert snap_compare(app, terminal_size=size)


def test_phoenicia_workers_snapshot(snap_compare):
    """Step b at 80x24: the board scrolls to the viewer's village."""
    m = phoenicia_midgame(choices=0, seed=11)
    bot = RandomBot(3)
    while not (m.decision().kind == "workers" and len(m.choices) > 40):
        m.choose(bot.choose(m.decision()))
    app = BoardgamesApp(m, screenshot=True)
    assert snap_compare(app, terminal_size=(80, 24))

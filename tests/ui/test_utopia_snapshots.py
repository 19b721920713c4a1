"""Snapshot tests of the Utopia board (pytest-textual-snapshot).  After an
intended change of the look, regenerate with
``pytest tests/ui/test_utopia_snapshots.py --snapshot-update`` and review the
SVGs in tests/ui/__snapshots__/test_utopia_snapshots/."""
from __future__ import annotations

import pytest

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp


def utopia_midgame(choices: int, seed: int = 7) -> Match:
    """Ada and Chloé at the screen, Bruno a bot; ``choices`` random choices in."""
    seats = [Seat("Ada", "red"), Seat("Bruno", "blue", "bot"), Seat("Chloé", "green")]
    m = Match.new("utopia", seats, seed)
    bot = RandomBot(1)
    for _ in range(choices):
        m.choose(bot.choose(m.decision()))
    return m


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_utopia_move_snapshot(snap_compare, size):
    """Round 5, phase 2: Ada moves a prince from A3 (★); the reachable districts are ◆."""
    m = utopia_midgame(231)
    assert m.decision().kind == "move_to" and m.decision().player == 0
    assert snap_compare(BoardgamesApp(m, screenshot=True), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_utopia_guests_snapshot(snap_compare, size):
    """Round 6, phase 1: Chloé picks one of the guests on offer."""
    m = utopia_midgame(240)
    assert m.decision().kind == "guest" and m.decision().player == 2
    assert snap_compare(BoardgamesApp(m, screenshot=True), terminal_size=size)


def test_utopia_curtain_snapshot(snap_compare):
    """Phase 2 after a public phase 1: Chloé's hand waits behind the curtain."""
    m = utopia_midgame(195)
    assert m.decision().kind == "play" and m.decision().player == 2
    app = BoardgamesApp(m, delay=0)
    assert snap_compare(app, terminal_size=(80, 24))

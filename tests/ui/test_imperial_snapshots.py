"""Snapshot tests of the Imperial board (pytest-textual-snapshot).  After an
intended change of the look, regenerate with
``pytest tests/ui/test_imperial_snapshots.py --snapshot-update`` and review the
SVGs in tests/ui/__snapshots__/test_imperial_snapshots/."""
from __future__ import annotations

import pytest

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp

SEATS = (("Ada", "red"), ("Bruno", "blue"), ("Chloé", "green"), ("Dario", "yellow"))


def imperial_at(kind: str, after: int, seed: int = 4) -> Match:
    """Four investors at one keyboard; random choices until the first decision
    of ``kind`` after ``after`` choices."""
    m = Match.new("imperial", [Seat(n, c) for n, c in SEATS], seed)
    bot = RandomBot(1)
    while len(m.choices) < after or m.decision().kind != kind:
        m.choose(bot.choose(m.decision()))
    return m


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_imperial_maneuver_snapshot(snap_compare, size):
    """Mid-game: an army picked (★), its destinations marked ◆ on the map."""
    m = imperial_at("destination", 300)
    assert m.decision().kind == "destination"
    assert snap_compare(BoardgamesApp(m, screenshot=True), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_imperial_investor_snapshot(snap_compare, size):
    """An investor picks a bond: the cursor brings the power's bond table into view."""
    m = imperial_at("bond", 200)
    assert m.decision().kind == "bond"
    assert snap_compare(BoardgamesApp(m, screenshot=True), terminal_size=size)

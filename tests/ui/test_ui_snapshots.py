"""Snapshot tests (pytest-textual-snapshot).  After an intended change of the
look, regenerate with ``pytest tests/ui --snapshot-update`` and review the
SVGs in tests/ui/__snapshots__/."""
from __future__ import annotations

import pytest

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine import registry
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from ui_helpers import evolution_available

needs_evolution = pytest.mark.skipif(not evolution_available(), reason="Evolution rules not written yet")


def evolution_midgame(choices: int = 60, seed: int = 7) -> Match:
    seats = [Seat("Ada", "red"), Seat("Bruno", "blue", "bot"), Seat("Chloé", "green")]
    m = Match.new("evolution", seats, seed)
    bot = RandomBot(1)
    for _ in range(choices):
        d = m.decision()
        if d is None:
            break
        m.choose(bot.choose(d))
    return m


@pytest.fixture
def only_evolution(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", {"evolution": registry.GAMES["evolution"]})
    from boardgames_tui.ui.screens import menu
    monkeypatch.setattr(menu, "GAMES", registry.GAMES)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_menu_snapshot(snap_compare, only_evolution, size):
    assert snap_compare(BoardgamesApp(screenshot=True), terminal_size=size)


@needs_evolution
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_evolution_snapshot(snap_compare, size):
    app = BoardgamesApp(evolution_midgame(), screenshot=True)
    assert snap_compare(app, terminal_size=size)


@needs_evolution
def test_evolution_curtain_snapshot(snap_compare):
    m = evolution_midgame(40)
    app = BoardgamesApp(m, delay=0)
    assert snap_compare(app, terminal_size=(80, 24))

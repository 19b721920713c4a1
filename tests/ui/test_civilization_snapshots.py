"""Snapshot tests of the Civilization board (pytest-textual-snapshot).  After an
intended change of the look, regenerate with
``pytest tests/ui/test_civilization_snapshots.py --snapshot-update`` and review the
SVGs in tests/ui/__snapshots__/test_civilization_snapshots/."""
from __future__ import annotations

import pytest

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp

SEATS = (("Ada", "red"), ("Bruno", "blue"), ("Chloé", "green"), ("Dario", "yellow"))


def civ_at(kind: str, after: int, players: int = 4, seed: int = 4, level: str = "easy") -> Match:
    """Players at one keyboard, open information (no curtain in the picture); the bot's choices (the
    easy one by default) until the first decision of ``kind`` after ``after`` choices."""
    m = Match.new("civilization", [Seat(n, c) for n, c in SEATS[:players]], seed)
    m.open_info = True
    bot = make_bot(level, 1, m.game)
    while len(m.choices) < after or m.decision().kind != kind:
        m.choose(ask(bot, m.game, m.state, m.decision()))
    return m


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_civilization_move_snapshot(snap_compare, size):
    """Movement: a figure picked (★), the squares it can reach marked ◆."""
    m = civ_at("move_to", 150)
    assert m.decision().kind == "move_to"
    assert snap_compare(BoardgamesApp(m, screenshot=True), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_civilization_city_snapshot(snap_compare, size):
    """City management: the city acting (★) and its actions in the list."""
    m = civ_at("city", 250)
    assert m.decision().kind == "city"
    assert snap_compare(BoardgamesApp(m, screenshot=True), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_civilization_battle_snapshot(snap_compare, size):
    """A battle: the board shows it instead of the map, the fronts side by side, the deciding side's
    hand in full and the other's by the types on the backs, the totals and bonuses."""
    m = civ_at("battle_front", 700, players=2, seed=3, level="random")   # random bots attack more
    assert m.state.battle is not None and m.state.battle.fronts
    assert snap_compare(BoardgamesApp(m, screenshot=True), terminal_size=size)

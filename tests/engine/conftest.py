"""Fixtures for the engine tests: a small fake game registered for the test."""
from __future__ import annotations

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.session import Match

import engine_fakegame as fakegame  # tests/engine is on sys.path (pytest's rootdir-relative import)
from engine_fakegame import seats


@pytest.fixture
def fake():
    """Register the fake card game as 'fakecards' for one test."""
    info = registry.GameEntry("fakecards", f"{fakegame.__name__}:GAME", None, "Test-only card game.")
    saved = dict(registry.GAMES)
    registry.GAMES["fakecards"] = info
    try:
        yield fakegame.GAME
    finally:
        registry.GAMES.clear()
        registry.GAMES.update(saved)


@pytest.fixture
def new_match(fake):
    def make(n: int = 2, seed: int = 5, bots: tuple[int, ...] = (), options=None) -> Match:
        return Match.new("fakecards", seats(n, bots), seed, options)
    return make

"""Fixtures of the UI tests: a private data folder and the fake test game."""
from __future__ import annotations

import pytest

from boardgames_tui.engine import registry
from ui_helpers import FAKE


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every UI test gets its own data folder (autosaves, saves): the user's
    files are never touched."""
    d = tmp_path / "ui-data"
    monkeypatch.setenv("BOARDGAMES_TUI_DATA", str(d))
    return d


@pytest.fixture
def fake_game(monkeypatch):
    """Register the fake game (tests/ui/ui_fakegame.py) as 'fake' for one test."""
    monkeypatch.setitem(registry.GAMES, "fake", FAKE)
    return "fake"

"""The entry points the CLI calls, and the layering rules of the UI."""
from __future__ import annotations

import subprocess
import sys

from boardgames_tui.ui.app import BoardgamesApp, save_screenshot
from boardgames_tui.ui.boards import board_class
from boardgames_tui.ui.widgets.board import GenericBoard
from ui_helpers import fake_match, notes, settle


def test_cli_module_does_not_import_textual():
    code = ("import sys, boardgames_tui.cli, boardgames_tui.ui; "
            "bad = [m for m in sys.modules if m == 'textual' or m.startswith('textual.')]; "
            "sys.exit(1 if bad else 0)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_save_screenshot_is_reproducible(fake_game, tmp_path):
    m = fake_match()
    m.choose("vote:a")
    a = save_screenshot(m, tmp_path / "a.svg", size=(80, 24))
    b = save_screenshot(m, tmp_path / "b.svg", size=(80, 24))
    svg = a.read_text()
    assert svg.startswith("<svg") and svg == b.read_text()
    # seen by the player deciding now, with no curtain: Ada's hand is listed
    assert "Card" in svg and "Pass&#160;the&#160;keyboard" not in svg


def test_board_comes_from_the_registry_and_fails_loudly(monkeypatch):
    import pytest
    from boardgames_tui.engine import registry

    # an entry without a board gets the generic board on purpose
    monkeypatch.setitem(registry.GAMES, "fake", registry.GameEntry("fake", "ui_fakegame:GAME"))
    assert board_class("fake") is GenericBoard
    # a board that does not import is an error, not a silent generic board
    monkeypatch.setitem(registry.GAMES, "fake", registry.GameEntry("fake", "ui_fakegame:GAME",
                                                                  "nowhere.module:Nothing"))
    with pytest.raises(ImportError):
        board_class("fake")
    with pytest.raises(registry.UnknownGame):
        board_class("no-such-game")


async def test_autosave_failure_notifies_instead_of_crashing(fake_game, tmp_path, monkeypatch):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    monkeypatch.setenv("BOARDGAMES_TUI_DATA", str(blocker))
    m = fake_match()
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert m.choices == ["vote:a"]
        assert any("Autosave failed" in x for x in notes(app))


def test_a_crash_exits_non_zero(monkeypatch, capsys):
    """An unexpected error inside the app ends it with status 1, never 0."""
    from boardgames_tui.ui import app as ui_app
    from boardgames_tui.ui.screens.menu import MenuScreen

    def boom(self):
        raise RuntimeError("deliberate test crash")
    monkeypatch.setattr(MenuScreen, "on_mount", boom)
    assert ui_app.run_app(headless=True) == 1

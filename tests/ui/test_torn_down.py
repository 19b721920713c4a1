"""No key crashes a screen being torn down: work queued for
a widget (a scroll after the refresh, the command palette's search) finds the
widget gone and does nothing."""
from __future__ import annotations

import asyncio

import pytest

import key_fuzz_driver as kf
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.later import after_refresh, alive
from boardgames_tui.ui.screens.menu import MenuScreen
from ui_helpers import settle


def _clean(app) -> None:
    assert app._exception is None, repr(app._exception)
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("keys", [["q", "y"], ["q", "enter"]])
async def test_leaving_a_civilization_battle(keys):
    """``q y`` on a battle: the game screen, resumed under the closing dialog,
    shows the battle again and queues the board's scroll home; the menu has
    replaced the board before the scroll runs."""
    m = kf.snapshot_battle()
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert m.state.battle is not None
        await pilot.press(*keys)
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
    _clean(app)


@pytest.mark.parametrize("keys", [["ctrl+p"], ["ctrl+p", "a"]])
async def test_quitting_as_the_command_palette_opens(keys):
    """The palette's search worker starts after the app began to quit and
    asks for the palette's list, already removed.  The window is a few
    milliseconds wide: several waits, so one of them lands in it."""
    for wait in (0.0005, 0.001, 0.0015, 0.002, 0.003, 0.004):
        m = Match.new("utopia", [Seat("Ada", "red"), Seat("Bruno", "blue")], 1)
        app = BoardgamesApp(m, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await kf.burst(pilot, keys, pause=0)
            await asyncio.sleep(wait)
            app.exit()
        _clean(app)


async def test_after_refresh_runs_only_while_the_widget_is_there():
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen
        ran = []
        assert alive(menu)
        after_refresh(menu, ran.append, "kept")
        await settle(pilot)
        after_refresh(menu, ran.append, "dropped")
        app.show_new_game("utopia")  # the menu goes before the next refresh
        await settle(pilot)
        assert not alive(menu)
        assert ran == ["kept"]
    _clean(app)


async def test_the_command_palette_still_searches():
    from textual.command import CommandList

    m = Match.new("utopia", [Seat("Ada", "red"), Seat("Bruno", "blue")], 1)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p", *"rules")
        for _ in range(50):
            await pilot.pause(0.02)
            found = [str(o.prompt) for o in app.screen.query_one(CommandList).options]
            if any("Rules and keys" in p for p in found):
                break
        else:
            raise AssertionError(f"the palette did not find the command: {found}")
        await pilot.press("escape")
        await settle(pilot)
    _clean(app)

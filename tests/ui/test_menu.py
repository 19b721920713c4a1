"""The menu at 80x24 with many autosaves, and the All saved games screen
(Pilot, keyboard only)."""
from __future__ import annotations

import time

from boardgames_tui.engine.store import default_store
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import CONTINUE_SHOWN, MenuScreen
from boardgames_tui.ui.save_text import players_text
from boardgames_tui.ui.screens.saves import SavedGamesScreen
from ui_helpers import fake_match, menu_to, settle


def autosave(n: int) -> list[str]:
    """``n`` autosaved fake games, the last one newest; returns their ids newest first."""
    store = default_store()
    ids = []
    for i in range(n):
        m = fake_match(seed=100 + i)
        m.choose("vote:a")
        store.sync(m)
        ids.append(m.match_id)
        time.sleep(0.002)
    return ids[::-1]


def screen_text(app) -> str:
    return app.export_screenshot().replace("&#160;", " ")


async def test_menu_at_80x24_with_8_autosaves_shows_everything(fake_game):
    autosave(8)
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lst = app.screen.query_one("#menu")
        ids = [lst.get_option_at_index(i).id for i in range(lst.option_count)]
        assert sum(1 for i in ids if i and i.startswith("continue:")) == CONTINUE_SHOWN
        assert "all-saves" in ids and "load" in ids and "quit" in ids
        # nothing scrolls: New game, Load and Quit are all in view
        assert lst.max_scroll_y == 0
        text = screen_text(app)
        for words in ("New game", "Continue", "All saved games… (8)", "Load a save file…", "Quit"):
            assert words in text
        # one line per entry: the last option ends inside the box
        assert lst.virtual_size.height <= lst.scrollable_content_region.height
        # the line under the list tells about the highlighted entry
        await menu_to(pilot, "continue:0")
        assert "Players: Ada, Bruno" in str(app.screen.query_one("#menu-about").render())
        await menu_to(pilot, "quit")
        await pilot.press("enter")
        await settle(pilot)
    assert app.return_code == 0


async def test_all_saved_games_opens_any_game(fake_game):
    ids = autosave(8)
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await menu_to(pilot, "all-saves")
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        lst = screen.query_one("#all-saves")
        assert lst.option_count == 8 and app.focused is lst
        await pilot.press("escape")             # Esc: back to the menu
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("a")                  # a: the same screen
        await settle(pilot)
        assert isinstance(app.screen, SavedGamesScreen)
        await pilot.press(*["down"] * 7, "enter")   # the oldest, not under Continue
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.match_id == ids[7]


async def test_all_saved_games_deletes_after_y(fake_game):
    ids = autosave(7)
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        screen = app.screen
        await pilot.press("down", "d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Delete the autosave" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("enter")              # Enter alone does not delete
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen and len(default_store().summaries()) == 7
        await pilot.press("delete", "y")
        await settle(pilot)
        assert app.screen is screen
        left = [s.id for s in default_store().summaries()]
        assert left == [i for i in ids if i != ids[1]]
        lst = screen.query_one("#all-saves")
        assert lst.option_count == 6 and app.focused is lst
        assert "(6)" in str(screen.query_one("#saves-title").render())
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "All saved games… (6)" in screen_text(app)


async def test_a_damaged_autosave_in_all_saved_games_offers_delete(fake_game):
    ids = autosave(2)
    default_store().connect().execute("UPDATE matches SET header='{' WHERE id=?", (ids[0],))
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert "damaged" in str(app.screen.query_one("#all-saves").get_option_at_index(0).prompt)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "cannot be continued" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("y")
        await settle(pilot)
        assert [s.id for s in default_store().summaries()] == [ids[1]]


def test_players_text_never_cuts_a_name():
    names = ["Ada", "Bruno", "Chloé", "Dario Fontanelli-Rossi"]
    assert players_text(names, 80) == "Ada, Bruno, Chloé, Dario Fontanelli-Rossi"
    assert players_text(names, 30) == "Ada, Bruno, Chloé +1 more"
    assert players_text(["A" * 40, "B"], 20) == "2 players"

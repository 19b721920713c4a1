"""The open-information checkbox says its state in words, not only by colour."""
from textual.widgets import Checkbox

from boardgames_tui.ui.app import BoardgamesApp


async def test_open_information_checkbox_states_its_value_in_words():
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_new_game("evolution")
        await pilot.pause()
        cb = app.screen.query_one("#open-info", Checkbox)
        assert not cb.value and "off" in str(cb.label)
        cb.focus()
        await pilot.press("space")
        await pilot.pause()
        assert cb.value and "ON" in str(cb.label)
        await pilot.press("space")
        await pilot.pause()
        assert not cb.value and "off" in str(cb.label)


async def test_the_forced_choices_setting_starts_the_game_with_it():
    """The new-game form's "Forced choices" (on by default): off, the game waits for every key."""
    from boardgames_tui.ui.screens.game import GameScreen
    from ui_helpers import settle, wait_for

    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_new_game("phoenicia")
        await settle(pilot)
        cb = app.screen.query_one("#auto-forced", Checkbox)
        assert cb.value and "ON" in str(cb.label)
        cb.focus()
        await pilot.press("space")
        await pilot.pause()
        assert not cb.value and "off" in str(cb.label)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), tries=3000)
        assert app.screen.match.auto_forced is False

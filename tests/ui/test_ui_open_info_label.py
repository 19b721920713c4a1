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

"""Pilot tests: menu, new-game form, curtains, choices, undo, save/resume."""
from __future__ import annotations

import json

from boardgames_tui.engine import save as saves
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmScreen, PathScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.screens.menu import MenuScreen
from boardgames_tui.ui.screens.new_game import NewGameScreen
from ui_helpers import fake_match, menu_to, notes, settle


def private_texts(screen: GameScreen) -> str:
    """Everything the game screen currently shows, as text."""
    parts = [str(o.label) for o in screen.picker.visible_options]
    parts += screen.log_widget.shown_lines
    parts.append(repr(screen.board.last_view))
    return "\n".join(parts)


async def test_menu_form_curtain_and_choices_by_keyboard(fake_game):
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await menu_to(pilot, "new:fake")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#seed").focus()
        await pilot.press("4", "2")
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        m = screen.match
        assert m.seed == 42 and [s.name for s in m.seats] == ["Ada", "Bruno"]
        # The first decision (a vote) is public: no curtain.
        assert screen.curtain_for is None
        assert [o.key for o in screen.picker.visible_options] == ["vote:a", "vote:b"]
        await pilot.press("down", "enter")
        await settle(pilot)
        assert m.choices == ["vote:b"]
        # Ada's private decision: curtain, nothing private rendered.
        assert screen.curtain_for == 0
        assert not screen.query_one("#body").display
        assert screen.picker.visible_options == []
        ada_hand = m.view(0)["players"][0]["hand"]
        assert screen.board.last_view["viewer"] is None
        assert str(ada_hand) not in private_texts(screen)
        assert not any(f"Card {c}" in private_texts(screen) for c in ada_hand)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.curtain_for is None and screen.viewer == 0
        assert [o.key for o in screen.picker.visible_options] == [f"card:{c}" for c in ada_hand]
        await pilot.press("enter")  # first card
        await settle(pilot)
        assert m.choices[-1] == f"card:{ada_hand[0]}"
        assert screen.curtain_for is None  # same player goes on
        await pilot.press("enter")  # pile 0
        await settle(pilot)
        assert m.choices[-1] == "pile:0"
        # Bruno next: curtain again; Ada's drawn card is not on screen.
        assert screen.curtain_for == 1
        text = private_texts(screen)
        assert "You draw" not in text and "You pick" not in text
        await pilot.press("enter")
        await settle(pilot)
        assert screen.viewer == 1
        assert [o.key for o in screen.picker.visible_options] == \
            [f"card:{c}" for c in m.view(1)["players"][1]["hand"]]
        # Autosaved after every choice.
        from boardgames_tui.engine.store import default_store
        assert default_store().summaries()[0].players == ["Ada", "Bruno"]


async def test_form_refuses_bad_entries(fake_game):
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.show_new_game("fake")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#players").value = "9"
        form.query_one("#seed").value = "abc"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is form
        assert "2 to 4" in str(form.query_one("#players-error").render())
        assert "whole number" in str(form.query_one("#seed-error").render())
        # Out of range depends on the options: 5 is fine with a big table.
        form.query_one("#players").value = "5"
        form.query_one("#opt-big").value = "yes"
        form.query_one("#seed").value = "7"
        await settle(pilot)
        form.query_one("#name-1").value = "ada"
        form.query_one("#name-2").value = "  "
        form.query_one("#colour-3").value = "red"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is form
        assert str(form.query_one("#players-error").render()).strip() == ""
        assert "already taken" in str(form.query_one("#seat-error-1").render())
        assert "needs a name" in str(form.query_one("#seat-error-2").render())
        assert "Colour red already taken" in str(form.query_one("#seat-error-3").render())
        assert str(form.query_one("#seed-error").render()).strip() == ""
        form.query_one("#name-1").value = "Bo"
        form.query_one("#name-2").value = "Cy"
        form.query_one("#colour-3").value = "cyan"
        form.query_one("#kind-4").value = "easy"
        form.query_one("#open-info").value = True
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        m = app.screen.match
        assert len(m.seats) == 5 and m.options == {"rounds": "2", "big": "yes"}
        assert m.seats[4].kind == "bot" and m.seats[4].level == "easy" and m.open_info is True and m.seed == 7


async def test_undo_allowed_and_refused(fake_game):
    m = fake_match()
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("u")
        await settle(pilot)
        assert any("nothing to undo" in n for n in notes(app))
        await pilot.press("enter")  # vote
        await settle(pilot)
        await pilot.press("enter")  # curtain for Ada
        await settle(pilot)
        await pilot.press("down", "enter")  # second card
        await settle(pilot)
        before = list(m.choices)
        await pilot.press("u")
        await settle(pilot)
        assert m.choices == before[:-1]
        assert screen.match.decision().kind == "play"
        assert len(screen.picker.visible_options) == 3
        await pilot.press("enter", "enter")  # card, pile: draws a card (a reveal)
        await settle(pilot)
        assert screen.curtain_for == 1
        n = len(m.choices)
        await pilot.press("u")
        await settle(pilot)
        assert len(m.choices) == n
        # the real reason: Ada's draw revealed a card (Bruno has chosen nothing yet)
        assert any(x.startswith("Cannot undo") and "revealed" in x for x in notes(app))


async def test_illegal_choice_notifies_and_changes_nothing(fake_game):
    m = fake_match()
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.choose("card:999") is False
        await settle(pilot)
        assert m.choices == []
        assert any("not a legal choice" in x for x in notes(app))


async def test_filter_keys_help_log_and_quit_to_menu(fake_game):
    m = fake_match(kinds=("human", "bot"))
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("enter")  # vote
        await settle(pilot)
        assert screen.curtain_for is None  # one human: no curtain
        hand = m.view(0)["players"][0]["hand"]
        await pilot.press("slash")
        await settle(pilot)
        for ch in str(hand[2]):
            await pilot.press(ch)
        await settle(pilot)
        assert any(o.key == f"card:{hand[2]}" for o in screen.picker.visible_options)
        assert len(screen.picker.visible_options) < 3 or hand[2] < 10
        # letters go into the filter while it has focus (no log, no quit)
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("backspace", "escape")
        await settle(pilot)
        assert len(screen.picker.visible_options) == 3
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("l")
        await settle(pilot)
        assert screen.has_class("log-mode") and screen.log_widget.has_focus
        await pilot.press("l")
        await settle(pilot)
        assert not screen.has_class("log-mode")
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("q", "y")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_save_to_file_and_resume_from_continue(fake_game, data_dir):
    m = fake_match()
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")  # vote, curtain
        await settle(pilot)
        await pilot.press("enter")  # a card
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, PathScreen)
        await pilot.press("enter")
        await settle(pilot)
        saved = data_dir / "saves" / f"{m.match_id}.json"
        assert saved.is_file()
        assert json.loads(saved.read_text())["choices"] == m.choices
    choices = list(m.choices)

    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await menu_to(pilot, "continue:0")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.match.choices == choices
        # Same player decides now but nobody had the screen yet: curtain first.
        assert app.screen.curtain_for == 0


async def test_load_errors_are_shown_not_raised(fake_game, data_dir, tmp_path):
    from boardgames_tui.engine.store import default_store
    from boardgames_tui.ui.screens.dialogs import ConfirmScreen
    m = fake_match()
    m.choose("vote:a")
    store = default_store()
    store.sync(m)
    store.connect().execute("INSERT INTO choices VALUES(?, 1, 'card:999')", (m.match_id,))
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await menu_to(pilot, "continue:0")
        await pilot.press("enter")
        await settle(pilot)
        # a damaged autosave is not opened: the menu offers to delete it
        assert isinstance(app.screen, ConfirmScreen)
        assert "does not replay" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen) and store.summaries() == []
        # Load file: a missing path is reported in the dialog.
        await menu_to(pilot, "load")
        await pilot.press("enter")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, PathScreen)
        dialog.query_one("#path").value = str(tmp_path / "nope.json")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog
        assert "no such file" in str(dialog.query_one("#path-error").render())
        (tmp_path / "bad.json").write_text("{")
        dialog.query_one("#path").value = str(tmp_path / "bad.json")
        await pilot.press("enter")
        await settle(pilot)
        assert "not valid JSON" in str(dialog.query_one("#path-error").render())
        good = saves.save(fake_match(seed=9), tmp_path / "good.json")
        dialog.query_one("#path").value = str(good)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.match.seed == 9


async def test_menu_starts_over_a_damaged_autosave_database(fake_game, data_dir):
    from boardgames_tui.engine.store import default_store, db_path
    db_path().parent.mkdir(parents=True, exist_ok=True)
    db_path().write_bytes(b"garbage" * 1000)
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await menu_to(pilot, "store-damaged")
        await pilot.press("enter")
        await settle(pilot)
        assert default_store().summaries() == []
        assert any(p.name.startswith("autosave.db.damaged-") for p in db_path().parent.iterdir())

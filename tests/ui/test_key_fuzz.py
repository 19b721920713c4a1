"""Keys typed faster than screens open and close never raise.

Random keys in bursts of four (no wait inside a burst, a short pause after it)
on the menu, the new-game form and every game screen near its opening and
mid-game, and on a Civilization battle, 300 keys a screen, with a
fixed seed; plus the bursts that used to crash.  ``bench/key_fuzz.py`` runs
the same with 2,000 keys a screen and several seeds.
"""
from __future__ import annotations

import pytest

import key_fuzz_driver as kf
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from ui_helpers import settle

KEYS = 300
SEED = 9


@pytest.fixture(autouse=True)
def _cwd(tmp_path, monkeypatch):
    # The keys type paths into the save dialog: relative ones land here.
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("screen", ["menu", "new:evolution", *kf.GAMES, *(f"mid:{g}" for g in kf.GAMES),
                                    "battle:civilization"])
async def test_random_key_bursts_never_raise(screen):
    r = await kf.fuzz_screen(screen, KEYS, SEED, bursts=kf.known_bursts(screen))
    assert r.keys >= KEYS
    assert not r.failures, "\n\n".join(f"{f}\n{f.detail}" for f in r.failures)


def _game(name="evolution") -> Match:
    seats = [Seat(n, c, "human") for n, c in zip(["Ada", "Bruno", "Chloé"], ["red", "blue", "green"])]
    return Match.new(name, seats, 5)


def _clean(app) -> None:
    assert app._exception is None
    assert app.return_code in (None, 0)


async def test_save_then_three_enters_saves_once_and_stays_in_the_game(data_dir):
    app = BoardgamesApp(_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await kf.burst(pilot, ["s", "enter", "enter", "enter"])
        await settle(pilot)
        # The game is still there, at the bottom of the stack, under nothing
        # or the dialog.
        assert app.screen_stack[0] is screen
    _clean(app)


@pytest.mark.parametrize("keys", [["q", "n"], ["q", "o"], ["q", "c"], ["q", "enter"]])
async def test_keys_after_quit_on_the_menu_are_dropped(keys):
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await kf.burst(pilot, keys)
        await settle(pilot)
    _clean(app)
    assert app._exit


async def test_dialog_dismissed_twice_pops_only_itself():
    from boardgames_tui.ui.screens.dialogs import ConfirmScreen

    app = BoardgamesApp(_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        dialog = ConfirmScreen("Really?")
        app.push_screen(dialog)
        await settle(pilot)
        dialog.dismiss(False)
        dialog.dismiss(False)  # already gone: ignored
        await settle(pilot)
        assert app.screen is game
        app.pop_screen()  # would leave the blank default screen: ignored
        await settle(pilot)
        assert app.screen is game
    _clean(app)


async def test_help_open_and_closed_in_bursts():
    app = BoardgamesApp(_game("utopia"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            await kf.burst(pilot, ["question_mark", "escape", "question_mark", "q"])
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    _clean(app)

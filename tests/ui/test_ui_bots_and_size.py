"""Bots play whole games to the score screen; the too-small notice pauses."""
from __future__ import annotations

import pytest

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import TooSmallScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MenuScreen
from boardgames_tui.ui.screens.scores import ScoreScreen
from ui_helpers import evolution_available, fake_match, scores_shown, settle, wait_for


async def test_demo_bots_play_to_the_score_screen(fake_game):
    m = fake_match()
    app = BoardgamesApp(m, demo=True, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: scores_shown(app)
                       and bool(app.screen.query("#winner-line")))
        assert m.is_over()
        text = str(app.screen.query_one("#winner-line").render())
        assert "Winner" in text or "tie" in text
        # seats stay human in the match; the demo only drives them
        assert not any(s.is_bot for s in m.seats)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_ties_are_shown(fake_game):
    from boardgames_tui.ui.widgets.scores import score_table
    from rich.console import Console

    seats = [Seat("Ada", "red"), Seat("Bo", "blue"), Seat("Cy", "green")]
    c = Console(width=80, record=True, file=open("/dev/null", "w"))
    c.print(score_table(seats, [5, 7, 7], [1, 2]))
    out = c.export_text()
    assert out.count("winner (tie)") == 2 and "Ada" in out


async def test_bot_turn_uses_a_visible_pause(fake_game):
    m = fake_match(kinds=("bot", "human"))
    app = BoardgamesApp(m, delay=2.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert m.choices == []  # the bot waits for its pause
        assert "Waiting for Ada" in str(app.screen.query_one("#picker-hint").render())
        await wait_for(pilot, lambda: len(m.choices) >= 1, tries=100, delay=0.1)


async def test_too_small_terminal_pauses_the_game(fake_game):
    m = fake_match(kinds=("bot", "bot"))
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot, 5)
        assert isinstance(app.screen, TooSmallScreen)
        assert "too small" in str(app.screen.query_one("#too-small-text").render())
        assert m.choices == []  # no bot moves while the notice is up
        await pilot.press("enter", "u")
        await settle(pilot)
        assert m.choices == []
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: not isinstance(app.screen, TooSmallScreen))
        await wait_for(pilot, lambda: m.is_over())
        await pilot.resize_terminal(79, 30)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))


@pytest.mark.skipif(not evolution_available(), reason="Evolution rules not written yet")
async def test_evolution_bots_play_a_whole_game():
    seats = [Seat("Ada", "red", "bot"), Seat("Bruno", "blue", "bot"), Seat("Chloé", "green", "bot")]
    m = Match.new("evolution", seats, 11)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: scores_shown(app)
                       and bool(app.screen.query("#score-table")), tries=500)
        assert m.is_over()
        table = str(app.screen.query_one("#score-table").render())
        assert table

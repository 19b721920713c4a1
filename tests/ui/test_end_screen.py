"""The end screen (who won and how, scores, the chart by round) and ``demo --exit-at-end``."""
from __future__ import annotations

import html
import re

import pytest

from boardgames_tui import cli
from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui import app as app_module
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens import scores as scores_module
from boardgames_tui.ui.screens.scores import ScoreScreen
from boardgames_tui.ui.widgets.score_chart import ScoreChart
from ui_helpers import settle

COLOURS = ("red", "blue", "green", "yellow")


def screen_text(app) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


def finished(name: str, players: int, seed: int) -> Match:
    """A seeded game played to its end by easy bots: the same match every run."""
    m = Match.new(name, [Seat(f"Bot {i + 1}", COLOURS[i], "bot", "easy") for i in range(players)], seed)
    bots = [make_bot("easy", seed + i, m.game) for i in range(players)]
    while (d := m.decision()) is not None:
        m.choose(ask(bots[d.player], m.game, m.state, d))
    return m



@pytest.mark.parametrize("name", ["imperial", "civilization"])
async def test_end_screen_says_who_won_how_and_charts_every_player(name):
    m = finished(name, 3, 26)
    app = BoardgamesApp(m, screenshot=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreScreen)
        winner = m.seats[m.winners()[0]].name
        text = screen_text(app)
        assert "Winner: " in text and winner in text
        if name == "civilization":  # how it was won
            assert f"by {m.game.end_kind(m.state)}" in text and "victory" in text
        else:  # how it ended, and how scores are made
            assert m.state.end_reason in text and "bond interest×factor per power" in text
        for q, seat in enumerate(m.seats):
            assert seat.name in text and m.game.score_detail(m.state, q) in text
        chart = screen.query_one(ScoreChart)
        assert len(chart.points) > m.round_number() // 2
        assert chart.points[-1][1] == m.game.standing(m.state)
        # nothing of the screen is cut off at 80x24: the chart ends above the help line
        help_line = screen.query_one("#score-help")
        assert chart.region.bottom <= help_line.region.y < 23
        assert chart.region.height >= 8


def test_end_screen_snapshot(snap_compare):
    assert snap_compare(BoardgamesApp(finished("imperial", 4, 26), screenshot=True), terminal_size=(80, 24))


def test_demo_exit_at_end_leaves_with_status_0_after_showing_the_scores(monkeypatch):
    monkeypatch.setattr(scores_module, "EXIT_AFTER", 0.3)
    shown: list[ScoreScreen] = []
    mount = ScoreScreen.on_mount

    def seen(self):
        shown.append(self)
        mount(self)

    monkeypatch.setattr(ScoreScreen, "on_mount", seen)
    # the command line as a user types it; the app runs headless in place of the terminal
    run = app_module.BoardgamesApp.run
    monkeypatch.setattr(app_module.BoardgamesApp, "run", lambda self, **kw: run(self, headless=True))
    rc = cli.main(["demo", "phoenicia", "--players", "2", "--seed", "4", "--delay", "0", "--exit-at-end"])
    assert rc == 0
    assert len(shown) == 1 and shown[0].match.is_over()


def test_demo_exit_at_end_leaves_even_after_the_watcher_went_back_to_the_board(monkeypatch):
    monkeypatch.setattr(scores_module, "EXIT_AFTER", 0.3)
    mount = ScoreScreen.on_mount
    popped = []

    def back_to_the_board(self):
        mount(self)
        self.app.set_timer(3.0, lambda: self.app.exit(return_code=3))  # a guard: the demo did not leave
        self.app.call_later(lambda: popped.append(self.app.pop_screen()))

    monkeypatch.setattr(ScoreScreen, "on_mount", back_to_the_board)
    run = app_module.BoardgamesApp.run
    monkeypatch.setattr(app_module.BoardgamesApp, "run", lambda self, **kw: run(self, headless=True))
    rc = cli.main(["demo", "evolution", "--players", "2", "--seed", "3", "--delay", "0", "--exit-at-end"])
    assert popped and rc == 0


def test_demo_defaults_are_easy_bots_and_a_pace_per_game(monkeypatch):
    got = {}
    monkeypatch.setattr(app_module, "run_app", lambda m, **kw: got.update(kw, match=m) or 0)
    assert cli.main(["demo", "civilization", "--players", "4", "--seed", "1"]) == 0
    assert got["delay"] == cli.DEMO_DELAY["civilization"] and not got["exit_at_end"]
    assert {s.level for s in got["match"].seats} == {"easy"}


@pytest.mark.parametrize("name", ["imperial", "civilization"])
async def test_a_demo_shows_what_just_happened_and_follows_the_last_target(name):
    m = Match.new(name, [Seat(f"Bot {i + 1}", COLOURS[i], "bot", "easy") for i in range(3)], 5)
    app = BoardgamesApp(m, demo=True, delay=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        canvas = screen.board.canvas
        def on_the_map() -> bool:
            # a choice aimed at the scrolling map (a region, a square) after the first few; not
            # Imperial's rondel, which is pinned in view above the map (a rondel move's place is
            # always on screen, and the map then centres on the region the decision is about)
            r = canvas.region_for_target(screen._last_target)
            return len(m.history) >= 12 and r is not None and r.bounds.y >= canvas.pinned

        for _ in range(1500):
            await pilot.pause(0.02)
            if on_the_map():
                break
        screen._bot_token += 1  # the next bot move is called off: the screen stays on this position
        await settle(pilot)
        line = str(screen.query_one("#last-event").render())
        # the latest log line as everybody reads it (its start: the line is cut to the column)
        assert m.log()[-1].text[:15] in line
        region = canvas.region_for_target(screen._last_target)
        assert region is not None, "no bot choice aimed at the map"
        # the map's cursor is on the last choice's target, and the map is scrolled to show it
        assert canvas.cursor == region.id
        top, height = canvas.scroll_offset.y, canvas.size.height
        ys = [y for _, y in region.cells]
        assert top <= min(ys) and max(ys) < top + height

"""A search bot thinks in a worker thread: the seat shows a spinner
and the budget's progress, the screen stays live (l and ? work), q stops the
bot at once, and a bot with a budget plays its move."""
from __future__ import annotations

import random
import time

import pytest

from boardgames_tui.bots import levels as bot_levels
from boardgames_tui.engine.session import BOT, Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens import bot_turns as game_screen   # where the screen makes its bots
from boardgames_tui.ui.screens.dialogs import ConfirmScreen
from boardgames_tui.ui.screens.game import GameScreen
from ui_helpers import settle, wait_for


def budget(monkeypatch, iterations: int) -> None:
    """Hard bots in the app with this budget of iterations and no time budget
    (the app's own is about 1 s)."""
    def make(level, seed, game=None, **kw):
        if level == "hard":
            kw.setdefault("iterations", iterations)
            kw["seconds"] = None
        return bot_levels.make_bot(level, seed, game, **kw)
    monkeypatch.setattr(game_screen, "make_bot", make)


def match_with_hard_bot() -> Match:
    return Match.new("imperial", [Seat("Ann", "red"), Seat("Bot", "blue", BOT, "hard")], 3)


async def until_the_bot_has_a_choice(pilot, m: Match) -> None:
    """Play seat 0's first options until the bot in seat 1 has more than one option."""
    for _ in range(12):
        await wait_for(pilot, lambda: m.decision().player == 0, tries=500)
        await pilot.press("enter")
        d = m.decision()
        if d.player == 1 and len(d.options) > 1:
            return
    raise AssertionError("the bot never had a choice to think about")


async def test_a_thinking_bot_shows_progress_keeps_the_screen_live_and_q_stops_it(monkeypatch):
    budget(monkeypatch, 10_000_000)  # it would think for hours
    m = match_with_hard_bot()
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_for(pilot, lambda: m.decision().player == 1 or screen._thinking is not None, tries=50)
        while m.decision().player == 0:  # Ann's choices until the bot's turn
            await pilot.press("enter")
            await settle(pilot)
        await wait_for(pilot, lambda: screen._thinking is not None)
        await wait_for(pilot, lambda: "thinking" in screen.picker._empty_message and "%" in
                       screen.picker._empty_message, tries=100)
        n = len(m.choices)
        await pilot.press("l")          # the log opens while it thinks
        await settle(pilot)
        assert screen.has_class("log-mode")
        await pilot.press("l")
        await pilot.press("question_mark")  # and the rules
        await settle(pilot)
        assert app.screen is not screen
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen._thinking is not None
        cancel = screen._thinking[2]
        await pilot.press("q")
        await settle(pilot)
        assert cancel.is_set() and screen._thinking is None     # stopped at once
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")          # stay: it thinks again
        await settle(pilot)
        await wait_for(pilot, lambda: screen._thinking is not None)
        assert len(m.choices) == n      # nothing was played meanwhile
        screen._stop_thinking()


@pytest.mark.parametrize("size", [(80, 24)])
async def test_a_hard_bot_with_a_budget_plays_its_moves(monkeypatch, size):
    budget(monkeypatch, 24)
    m = match_with_hard_bot()
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(6):
            await wait_for(pilot, lambda: m.decision().player == 0, tries=500)
            await pilot.press("enter")
            await settle(pilot)
        assert any(r.player == 1 for r in m.history)   # the bot moved, in between Ann's choices


class SlowThinker:
    """A search bot that thinks ``seconds`` and picks the first option."""
    name = "hard"
    uses_view = False
    uses_world = True
    thinks = True
    iterations = 1

    def __init__(self, seconds: float) -> None:
        self.rng = random.Random(1)
        self.seconds = seconds
        self.cancel = None
        self.progress = None

    def decide(self, k):
        time.sleep(self.seconds)
        return k.decision.options[0].key


@pytest.mark.parametrize("think,delay,most", [(0.8, 0.8, 1.3), (0.05, 0.8, 1.2)])
async def test_a_thinking_bots_move_shows_after_its_thinking_or_the_delay_not_both(monkeypatch, think, delay,
                                                                                   most):
    """The delay runs while the bot thinks: its move shows after the longer of the
    two (not after their sum, 1.6 s), and a quick thought still waits for the delay."""
    def make(level, seed, game=None, **kw):
        return SlowThinker(think) if level == "hard" else bot_levels.make_bot(level, seed, game, **kw)
    monkeypatch.setattr(game_screen, "make_bot", make)
    m = match_with_hard_bot()
    made: list[tuple[float, int, int]] = []   # when each choice was made, by whom, with how many options
    choose = m.choose

    def timed_choose(key, *a, **kw):
        d = m.decision()
        choose(key, *a, **kw)
        made.append((time.perf_counter(), d.player, len(d.options)))
    m.choose = timed_choose  # type: ignore[method-assign]
    app = BoardgamesApp(m, delay=delay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until_the_bot_has_a_choice(pilot, m)
        n = len(made)
        await wait_for(pilot, lambda: len(made) > n, tries=400)
        (t0, who0, _), (t1, who1, options) = made[n - 1], made[n]
        assert (who0, who1) == (0, 1) and options > 1
        assert max(think, delay) - 0.02 <= t1 - t0 < most, t1 - t0


async def test_q_stops_a_thought_move_that_waits_for_the_delay(monkeypatch):
    def make(level, seed, game=None, **kw):
        return SlowThinker(0.01) if level == "hard" else bot_levels.make_bot(level, seed, game, **kw)
    monkeypatch.setattr(game_screen, "make_bot", make)
    m = match_with_hard_bot()
    app = BoardgamesApp(m, delay=1.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await until_the_bot_has_a_choice(pilot, m)
        await wait_for(pilot, lambda: screen._holding, tries=100)   # thought, waiting for the delay
        n = len(m.history)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and not screen._holding
        await pilot.pause(1.2)
        assert len(m.history) == n                                 # the waiting move was dropped
        await pilot.press("n")                                     # stay: the bot plays again
        await wait_for(pilot, lambda: len(m.history) > n, tries=400)
        assert m.history[n].player == 1


async def test_after_delay_runs_once_on_a_live_widget_and_never_on_a_removed_one():
    from textual.app import App
    from textual.widgets import Static

    from boardgames_tui.ui.later import after_delay

    class Two(App):
        def compose(self):
            yield Static("a", id="a")
            yield Static("b", id="b")

    app = Two()
    calls: list[str] = []
    async with app.run_test() as pilot:
        a, b = app.query_one("#a"), app.query_one("#b")
        after_delay(a, 0.001, calls.append, "a")
        after_delay(b, 0.05, calls.append, "b")
        time.sleep(0.02)            # the loop is busy past a's due time: it still runs
        await b.remove()
        await pilot.pause(0.15)
        assert calls == ["a"]

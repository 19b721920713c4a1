"""The guided first game: the goal card first, then 100 choices of each title at 80x24 with the panels,
no exception; the panel comes once per kind of decision and leaves the prompt and the board their room;
the learner chooses first (the hint shows on h), and each choice gets its verdict under the prompt."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.registry import GAMES
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import GoalScreen
from boardgames_tui.ui.screens.learn import LEARN_PLAYERS, LearnGameScreen, learn_match
from ui_helpers import notes, settle, wait_for

CHOICES = 100


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_learn_game_runs_with_panels_and_hints(game):
    m = learn_match(game, seed=7)
    assert len(m.seats) == LEARN_PLAYERS[game] and not m.seats[0].is_bot
    assert all(s.is_bot and s.level == "easy" for s in m.seats[1:])
    app = BoardgamesApp(m, learn=True, delay=0)
    r = random.Random(3)
    panels: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        goal = app.screen
        assert isinstance(goal, GoalScreen)     # how to win comes before the first choice
        box = goal.query_one("#goal-dialog").region
        text = goal.query_one("#goal-text")
        assert box.right <= 80 and box.bottom <= 24 and 3 <= text.region.height <= 8
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LearnGameScreen)
        asked = 0
        while len(m.history) < CHOICES and not m.is_over():
            await wait_for(pilot, lambda: m.is_over() or screen.human_to_act(), tries=400)
            if m.is_over():
                break
            d = m.decision()
            await settle(pilot)
            hint_line = screen.query_one("#hint")
            panel = screen.query_one("#learn-panel")
            assert not hint_line.display        # the learner chooses first
            if len(d.options) > 1 and r.random() < 0.2:
                await pilot.press("h")
                await wait_for(pilot, lambda: hint_line.display)
                assert str(hint_line.render()).startswith("Hint: ")
                asked += 1
            if panel.display:
                assert d.kind not in panels, f"the {d.kind} panel came twice"
                panels.add(d.kind)
                assert str(panel.render()).strip() == m.game.learn_text(d.kind)
            elif d.kind not in panels:
                assert m.game.learn_text(d.kind) is None
                panels.add(d.kind)
            # the panel never takes the prompt's or the board's room
            assert screen.query_one("#prompt").region.height >= 1
            assert screen.board.region.height >= 8
            before = len(m.history)
            if r.random() < 0.3 and len(d.options) > 1:
                await pilot.press("down")
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(m.history) > before or m.is_over(), tries=400)
            if len(d.options) > 1:
                coach = screen.query_one("#coach")
                await wait_for(pilot, lambda: coach.display)
                assert str(coach.render())[:1] in "✓≈⚠"
    assert len(panels) >= 2 and asked
    assert not [n for n in notes(app) if "Traceback" in n]


def test_the_learner_plays_under_their_own_name(monkeypatch):
    """The log says "Alice bids 6", never "You bids 6": the learner's seat is their player name."""
    from boardgames_tui.ui.screens.learn import learn_match
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "alice")
    m = learn_match("phoenicia", seed=2)
    assert [s.name for s in m.seats][0] == "Alice" and not m.seats[0].is_bot
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "")
    assert learn_match("evolution", seed=2).seats[0].name == "Player"


async def test_the_look_back_opens_after_a_guided_game_and_reopens_a_position():
    """At the end of a guided game the look back lists the costliest choices; Enter on one starts a new
    guided game at the position before it."""
    from boardgames_tui.bots.base import ask
    from boardgames_tui.bots.levels import make_bot
    from boardgames_tui.ui.screens.debrief import DebriefScreen

    m = learn_match("evolution", seed=5)
    r, bot = random.Random(8), make_bot("easy", 1, m.game)
    while (d := m.decision()) is not None:
        m.choose(r.choice(d.options).key if d.player == 0 else ask(bot, m.game, m.state, d))
    app = BoardgamesApp(m, learn=True, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DebriefScreen))
        look = app.screen
        await wait_for(pilot, lambda: look.regrets is not None, tries=3000)
        assert look.regrets and look.query_one("#regrets").display
        first = look.regrets[0]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, (LearnGameScreen, GoalScreen)), tries=1000)
        if isinstance(app.screen, GoalScreen):      # a choice before the learner's first: the goal again
            assert not any(rec.player == 0 for rec in m.history[:first.at])
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, LearnGameScreen))
        again = app.screen.match
        assert again.choices == m.choices[:first.at] and again.decision().player == 0
    assert not [n for n in notes(app) if "Traceback" in n]

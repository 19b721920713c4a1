"""The guided first game: 100 choices of each title at 80x24 with the panels and hints shown, and no
exception; the panel comes once per kind of decision and leaves the prompt and the board their room; a
clearly worse choice gets its line (tests/bots/test_hint.py)."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.registry import GAMES
from boardgames_tui.ui.app import BoardgamesApp
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
        screen = app.screen
        assert isinstance(screen, LearnGameScreen)
        while len(m.history) < CHOICES and not m.is_over():
            await wait_for(pilot, lambda: m.is_over() or screen.human_to_act(), tries=400)
            if m.is_over():
                break
            d = m.decision()
            await settle(pilot)
            hint_line = screen.query_one("#hint")
            panel = screen.query_one("#learn-panel")
            if len(d.options) > 1:
                assert hint_line.display and str(hint_line.render()).startswith("Hint: ")
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
    assert len(panels) >= 2
    assert not [n for n in notes(app) if "Traceback" in n]


def test_the_learner_plays_under_their_own_name(monkeypatch):
    """The log says "Alice bids 6", never "You bids 6": the learner's seat is their player name."""
    from boardgames_tui.ui.screens.learn import learn_match
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "alice")
    m = learn_match("phoenicia", seed=2)
    assert [s.name for s in m.seats][0] == "Alice" and not m.seats[0].is_bot
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "")
    assert learn_match("evolution", seed=2).seats[0].name == "Player"

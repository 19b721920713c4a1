"""Issue 26 at 80x24: the deciding player's own position is on screen with the prompt, and the map
shows the decision (the options' squares, else the square the decision is about, else the decider's
capital, never another player's region unless the decision is about it)."""
from __future__ import annotations

import html
import random
import re

import pytest

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.civilization.screen import SQ_H, focus_square
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from ui_helpers import settle

pytestmark = pytest.mark.ui

SEATS = (("Ada", "red"), ("Bruno", "blue"), ("Chloé", "green"))


def random_positions(count: int, seed: int = 26) -> list[Match]:
    """``count`` positions of 3-player games: random choices, stopped at a random decision."""
    rnd = random.Random(seed)
    out = []
    for k in range(count):
        m = Match.new("civilization", [Seat(n, c) for n, c in SEATS], 100 + k)
        m.open_info = True
        bot = RandomBot(k)
        for _ in range(rnd.randrange(5, 900)):
            d = m.decision()
            if d is None:
                break
            m.choose(ask(bot, m.game, m.state, d))
        if m.decision() is not None:
            out.append(m)
    return out


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


POSITIONS = random_positions(14)


def test_enough_positions():
    assert len(POSITIONS) >= 12


@pytest.mark.parametrize("k", range(len(POSITIONS)))
async def test_the_deciders_position_is_on_screen_and_the_map_shows_the_decision(k):
    m = POSITIONS[k]
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        d = m.decision()      # after any forced choices the screen played
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = screen_text(app)
        pl = m.view(d.player)["players"][d.player]
        assert pl["civ"] in text
        assert pl["government"] in text
        assert f"trade {pl['trade']}/27" in text
        # the map shows the decision
        board = screen.board
        v = board.last_view
        if v.get("battle") or board.result_shown() or board.page_wanted():
            return        # the battle, its result or the page of techs and units in place of the map
        canvas = board.canvas
        view = canvas.scrollable_content_region
        shown = (int(canvas.scroll_x), int(canvas.scroll_y), view.width, view.height)
        assert shown[1] % SQ_H == 0, "the top row of the map is cut"

        def in_view(pos) -> bool:
            b = canvas.get_region(("sq", pos)).bounds
            return (shown[0] <= b.x and b.right <= shown[0] + shown[2]
                    and shown[1] <= b.y and b.bottom <= shown[1] + shown[3])

        squares = {o.target for o in d.options if o.target and o.target[0] == "square"}
        if squares and canvas.is_target(canvas.cursor_region):
            assert canvas.target_of(canvas.cursor_region) in squares
            assert in_view(canvas.cursor_region.id[1])
        else:
            pos = focus_square(v, set(), None)
            assert pos is not None and in_view(pos)
            sel = v.get("selected")
            if not sel:     # about nothing on the map: the decider's own capital
                assert pos == tuple(v["players"][d.player]["capital"])

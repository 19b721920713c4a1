"""Issue 26 at 80x24, Imperial: the deciding player's cash and bonds are on screen with the prompt,
every option of a decision of up to 9 is visible on one line, the rondel stays in view, the map is
no wider than the board and its top row is whole, and the map shows the decision (the cursor's place, else the region the
decision is about or the acting power's home)."""
from __future__ import annotations

import random

import pytest
from textual.widgets import OptionList

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.text import cut_words
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.imperial import data as D
from boardgames_tui.games.imperial.screen import focus_region
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from ui_helpers import settle
from test_civilization_position import screen_text

pytestmark = pytest.mark.ui

SEATS = (("Ada", "red"), ("Bruno", "blue"), ("Chloé", "green"))
LETTER = dict(zip(D.POWERS, D.POWER_LETTERS))


def random_positions(count: int, seed: int = 26) -> list[Match]:
    """``count`` positions of 3-player games: random choices, stopped at a random decision."""
    rnd = random.Random(seed)
    out = []
    for k in range(count):
        m = Match.new("imperial", [Seat(n, c) for n, c in SEATS], 200 + k)
        bot = RandomBot(k)
        for _ in range(rnd.randrange(0, 700)):
            d = m.decision()
            if d is None:
                break
            m.choose(ask(bot, m.game, m.state, d))
        if m.decision() is not None:
            out.append(m)
    return out


def bonds_shown(bonds: list[dict], text: str) -> bool:
    """The bonds by power, as ``A 9M 4M`` or, when many, ``A9,4``."""
    by: dict[str, list[int]] = {}
    for b in bonds:
        by.setdefault(b["power"], []).append(b["cost"])
    long = all(f"{LETTER[p]} " + " ".join(f"{c}M" for c in costs) in text for p, costs in by.items())
    short = all(f" {LETTER[p]}" + ",".join(str(c) for c in costs) in text for p, costs in by.items())
    return long or short


POSITIONS = random_positions(14)


def test_enough_positions():
    assert len(POSITIONS) >= 12
    assert len({m.decision().kind for m in POSITIONS}) >= 3      # not all the same kind of decision


@pytest.mark.parametrize("k", range(len(POSITIONS)))
async def test_the_deciders_position_and_every_option_are_on_screen(k):
    m = POSITIONS[k]
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        d = m.decision()      # after any forced choices the screen played
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = screen_text(app)
        pl = m.view(d.player)["players"][d.player]
        assert f"{m.seats[d.player].name}◀ {pl['cash']}M cash" in text
        assert bonds_shown(pl["bonds"], text), pl["bonds"]
        # the options: each on one line, all in view when there are at most 9
        lst = screen.query_one(OptionList)
        assert lst.option_count == len(d.options)
        room = lst.size.width - lst.styles.scrollbar_size_vertical      # a scrollbar's column kept free
        # a label longer than its line is cut at a word with "…" (the line under the list has it whole)
        # (a pass or an end is led by its key letter: two cells less)
        shown = {o.key: cut_words(o.label, room - (2 if m.game.passing(o) else 0)) for o in d.options}
        assert all(len(t) <= room for t in shown.values()), room
        if len(d.options) <= 9:
            assert lst.max_scroll_y == 0, "the options scroll"
            for o in d.options:
                assert shown[o.key] in text
        board = screen.board
        canvas = board.canvas
        view = canvas.scrollable_content_region
        assert canvas.virtual_size.width <= view.width, "the map is wider than the board"
        # the rondel is pinned: its spaces are the top lines, drawn whatever the scroll
        assert canvas.pinned == max(canvas.get_region(("rondel", i)).bounds.bottom for i in range(D.N_SPACES))
        for name in ("Fact", "Tax"):
            assert name in text
        # the map shows the decision, its top row under the rondel whole
        cur = canvas.cursor_region
        top = int(canvas.scroll_y) + canvas.pinned
        if canvas.scroll_y and top < canvas.row_starts[-1]:
            assert top in canvas.row_starts, "a row of the map is cut under the rondel"

        def in_view(rid) -> bool:
            b = canvas.get_region(rid).bounds
            return b.bottom <= canvas.pinned or (top <= b.y and b.bottom <= int(canvas.scroll_y) + view.height)

        if canvas.is_target(cur) and cur.bounds.y >= canvas.pinned:
            assert in_view(cur.id)
        else:
            v = board.last_view
            r = focus_region(v)
            if r is not None:
                assert in_view(("region", r))
                if not v.get("selected"):          # about no place: the acting power's own home
                    code = v.get("acting_for") or pl["governs"][0]
                    assert D.REGIONS[r].owner == D.POWER_INDEX[code]


async def test_a_rondel_decision_of_nine_options_shows_them_all_on_one_line_each():
    """The first rondel move of a game offers every space and the payment into a treasury: 9 options."""
    m = Match.new("imperial", [Seat(n, c) for n, c in SEATS], 7)
    d = m.decision()
    assert d.kind == "rondel" and len(d.options) == 9
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        lst = app.screen.query_one(OptionList)
        assert lst.max_scroll_y == 0
        text = screen_text(app)
        assert all(o.label in text for o in d.options)
        # the highlighted option's whole text is on the info line under the map
        info = str(app.screen.board.query_one("#map-info").render())
        assert "Enter picks: " + d.options[0].label in info and "first placement" in info

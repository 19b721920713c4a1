"""Utopia in the generic game screen: hot-seat phases with curtains, the board
cursor, and a whole bot game."""
from __future__ import annotations

import pytest

from boardgames_tui.bots.random_bot import RandomBot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.utopia.screen import CURSOR_MARK, TARGET_MARK
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from ui_helpers import (
    choose_in_list, choose_on_board, head_line, key_path, notes, region_mark, scores_shown, settle, wait_for,
)

NAMES = ["Ada", "Bruno", "Chloé", "Dario", "Emma"]
COLOURS = ["red", "blue", "green", "yellow", "magenta"]


def uto_match(kinds=("human", "human", "human"), seed=11) -> Match:
    seats = [Seat(n, c, k) for n, c, k in zip(NAMES, COLOURS, kinds)]
    return Match.new("utopia", seats, seed)


def advance(m: Match, until, bot_seed: int = 1) -> None:
    """Random choices until ``until(m)`` holds."""
    bot = RandomBot(bot_seed)
    while not until(m):
        d = m.decision()
        assert d is not None, "game ended first"
        m.choose(bot.choose(d))


def screen_text(screen: GameScreen) -> str:
    parts = [str(o.label) for o in screen.picker.visible_options]
    parts += screen.log_widget.shown_lines
    for r in screen.board.canvas.regions:
        parts += [str(r.label)] + [str(t) for t in r.text]
    return "\n".join(parts)


class CurtainOracle:
    """When the curtain must show: a human's private decision, unless that
    human's private view is still the one on screen (no other human decided
    since).  A public decision by another human hands the keyboard on."""

    def __init__(self, m: Match) -> None:
        self.m = m
        self.unlocked: int | None = None

    def expect(self, d) -> bool:
        seat = self.m.seats[d.player]
        if seat.is_bot:
            return False
        if d.private:
            want = self.unlocked != d.player
            self.unlocked = d.player
            return want
        if d.player != self.unlocked:
            self.unlocked = None
        return False


async def check_curtain(pilot, screen: GameScreen, d, want: bool) -> None:
    """The curtain is up exactly when ``want``; behind it nothing private is drawn."""
    m = screen.match
    assert (screen.curtain_for is not None) == want, (d.kind, d.player, m.choices[-3:])
    if not want:
        return
    assert screen.curtain_for == d.player
    assert not screen.query_one("#body").display
    assert screen.picker.visible_options == []
    assert screen.board.last_view["viewer"] is None
    assert screen.board.canvas.region_for_target(("card", 0)) is None
    await pilot.press("enter")
    await settle(pilot)
    assert screen.curtain_for is None and screen.viewer == d.player
    assert screen.board.last_view["viewer"] == d.player
    if m.view(d.player)["phase"] in ("discard", "cards"):
        hand = m.view(d.player)["players"][d.player]["hand"]
        assert screen.board._hand() == hand
        assert screen.board.canvas.region_for_target(("card", 0)) is not None


# -- phase 1 ----------------------------------------------------------------------------------
async def test_phase_one_with_three_humans_curtain_only_out_of_turn():
    m = uto_match()
    m.auto_forced = False   # the oracle counts every decision's curtain, forced ones too
    oracle = CurtainOracle(m)
    app = BoardgamesApp(m)
    seen = {"curtains": 0, "extra": 0, "board_picks": 0, "public": 0}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        drew = False
        for _ in range(200):
            d = m.decision()
            if m.state.phase != "guests":
                break
            want = oracle.expect(d)
            await check_curtain(pilot, screen, d, want)
            seen["curtains"] += want
            if not d.private:
                seen["public"] += 1
                # a public decision shows no one's private holdings
                assert screen.board.last_view["viewer"] in (None, d.player)
            if d.kind == "extra_guest":
                seen["extra"] += 1
                assert want, "an out-of-turn pick by another human comes behind the curtain"
                assert screen.board.last_view["out_of_turn"]
            # The legal targets are marked on the board.
            board = screen.board
            for o in d.options:
                if o.target and o.target[0] == "district":
                    region = board.canvas.region_for_target(o.target)
                    assert region_mark(board.canvas, region) in (TARGET_MARK, CURSOR_MARK)
            keys = d.keys()
            if d.kind == "guest" and "draw" in keys and not drew:
                key = "draw"
                drew = True
            elif d.kind == "name":
                key = keys[0]
            else:
                key = keys[len(m.choices) % len(keys)]
                if key in ("back",):
                    key = keys[0]
            n = len(m.choices)
            opt = d.get(key)
            if opt.target is not None and len(m.choices) % 2 == 0:
                await choose_on_board(pilot, screen, key)
                seen["board_picks"] += 1
            else:
                await choose_in_list(pilot, screen, key)
            assert len(m.choices) == n + 1 and m.choices[-1] == key
        assert m.state.phase == "discard"
        assert seen["extra"] >= 1 and seen["board_picks"] >= 5 and seen["public"] >= 10
        # In phase 1 only the out-of-turn picks are hidden.
        assert seen["curtains"] == seen["extra"]
        # Phase 2 begins behind the curtain: the leader's hand is private.
        d = m.decision()
        assert d.kind == "discard" and screen.curtain_for == d.player
        assert "dealt 5 cards:" not in screen_text(screen)


# -- phase 2 ----------------------------------------------------------------------------------
async def test_phase_two_cards_with_curtains_and_board_picks():
    m = uto_match(kinds=("human", "human", "bot"), seed=5)
    advance(m, lambda m: m.state.phase == "discard")
    oracle = CurtainOracle(m)
    oracle.unlocked = None  # phase 1 was public: nobody's hand is on screen
    app = BoardgamesApp(m, delay=0)
    played = {"actions": 0, "board": 0, "curtains": 0, "turns": set(), "first": {}}
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        start_round = m.state.round
        for _ in range(300):
            await wait_for(pilot, lambda: m.decision() is None or not m.seats[m.decision().player].is_bot
                           or m.state.round > start_round)
            await settle(pilot)
            if m.state.round > start_round:
                break
            d = m.decision()
            # the oracle also sees the bot's decisions, which leave the view alone
            want = oracle.expect(d)
            await check_curtain(pilot, screen, d, want)
            played["curtains"] += want
            played["first"].setdefault(d.player, want)
            assert d.private
            view = screen.board.last_view
            assert view["viewer"] == d.player
            for p, pl in enumerate(view["players"]):
                assert (pl["hand"] is None) == (p != d.player)
            keys = d.keys()
            if d.kind == "discard":
                key = keys[-1]
            elif d.kind == "play":
                played["turns"].add(d.player)
                acts = [k for k in keys if k.split(":")[0] in ("move", "add", "remove", "raise", "lower")]
                key = acts[0] if acts and played["actions"] < 6 and m.choices[-1] != "done" else "done"
                played["actions"] += key != "done"
            else:
                key = next(k for k in keys if k != "back")
            n = len(m.choices)
            opt = d.get(key)
            if opt.target is not None:
                await choose_on_board(pilot, screen, key)
                played["board"] += 1
            else:
                await choose_in_list(pilot, screen, key)
            assert m.choices[n] == key
        assert m.state.round == start_round + 1 and m.state.phase == "guests"
        assert played["turns"] == {0, 1}
        assert played["actions"] >= 1 and played["board"] >= 3
        # Each human's first private decision of phase 2 came behind the curtain
        # (the hands were dealt after a public phase 1), and so did every change
        # of human at the screen.
        assert played["first"] == {0: True, 1: True}
        assert played["curtains"] >= 2
        # the bot's card turn left the last human's view on screen, never the bot's hand
        log = m.view(None)["log"]
        assert any("Round 2, phase 1" in line for line in log)


# -- the board itself ---------------------------------------------------------------------------
async def test_cursor_moves_across_the_map_and_the_list_follows():
    m = uto_match(kinds=("human", "bot", "bot"), seed=3)
    advance(m, lambda m: m.decision().player == 0 and m.decision().kind == "place"
            and m.state.steps[-1].guest // 5 == 0)  # placing on Earth: E1..E7 are the targets
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.board
        canvas = board.canvas
        d = m.decision()
        assert {o.target for o in d.options if o.target} == {("district", i) for i in range(7)}
        assert canvas.cursor == ("district", 0)  # the first legal target (E1)
        board.focus()
        await settle(pilot)
        assert app.focused is canvas
        await pilot.press("right")  # E1 -> E2
        await settle(pilot)
        assert canvas.cursor == ("district", 1)
        assert screen.picker.highlighted_option().key == "district:E2"
        await pilot.press("down")  # E2 -> E5 (below it on the map)
        await settle(pilot)
        assert canvas.cursor == ("district", 4)
        assert screen.picker.highlighted_option().key == "district:E5"
        await pilot.press("right")  # E5 -> E7
        await settle(pilot)
        assert canvas.cursor == ("district", 6)
        assert "E7" in str(board.query_one("#map-info").render())
        await pilot.press("left", "down")  # back to E5, then E6 below it
        await settle(pilot)
        assert canvas.cursor == ("district", 5)
        # Down again: the Fire island's title (its wonder), not a choice now.
        await pilot.press("down")
        await settle(pilot)
        assert canvas.cursor == ("island", 1)
        # The map scrolled to keep the cursor in view.
        b = canvas.cursor_region.bounds
        assert canvas.scroll_y <= b.y < canvas.scroll_y + canvas.size.height
        n = len(m.choices)
        await pilot.press("enter")
        await settle(pilot)
        assert len(m.choices) == n and any("Nothing to do" in x for x in notes(app))
        await pilot.press("up", "enter")
        await settle(pilot)
        assert m.choices[n] == "district:E6"  # (then the bots go on)


async def test_every_district_fits_at_80x24():
    """Every district box lies inside the map's width (scrolling, never clipping)."""
    m = uto_match(kinds=("human", "bot", "bot", "bot", "bot"), seed=6)
    advance(m, lambda m: m.state.round >= 4 and m.decision().player == 0)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        canvas = app.screen.board.canvas
        width = canvas.map_width
        districts = [r for r in canvas.regions if r.id[0] == "district"]
        assert len(districts) == 24
        for r in districts:
            assert r.bounds.right <= width, (r.id, r.bounds, width)
            lines = [canvas._render_map_line(y).text[r.bounds.x:r.bounds.right]
                     for y in range(r.bounds.y, r.bounds.bottom)]
            name = m.view(0)["districts"][r.id[1]]["name"]
            assert name in lines[0] and lines[-1][-1] in "╯┛╝", lines
            for t in r.text:  # each line of princes is shown whole
                assert str(t) in "\n".join(lines), (str(t), lines)
        assert canvas.virtual_size.width <= width  # no horizontal scroll at all


async def test_legal_targets_carry_a_symbol_and_the_hand_is_shown():
    m = uto_match(kinds=("human", "bot", "bot"), seed=8)
    advance(m, lambda m: m.decision().player == 0 and m.decision().kind == "play"
            and any(o.target for o in m.decision().options))
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        canvas = app.screen.board.canvas
        d = m.decision()
        targets = {o.target for o in d.options if o.target}
        for r in canvas.regions:
            if not r.pickable or r.id[0] == "player":
                continue
            hit = any(t in targets for t in r.targets)
            assert canvas.is_target(r) == hit
            mark = region_mark(canvas, r) in (TARGET_MARK, CURSOR_MARK)
            assert mark == hit or (r.id == canvas.cursor and mark), (r.id, head_line(canvas, r))
        hand = m.view(0)["players"][0]["hand"]
        for x, people in enumerate(("mayan", "persian", "egyptian", "greek", "chinese")):
            label = str(canvas.get_region(("card", x)).label)
            assert label.rstrip().endswith(str(hand[people])) or "paid" in label, label
        head = " ".join(str(t) for t in canvas.get_region("hand-head").text)
        assert "Hand of" in head and "Ada" in head and "privilege tiles" in head


async def test_two_players_close_the_water_island():
    m = uto_match(kinds=("human", "human"), seed=4)
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        canvas = app.screen.board.canvas
        water = canvas.get_region(("island", 3))
        assert "closed" in str(water.label)
        assert canvas.region_for_target(("district", 19)) is None
        assert canvas.region_for_target(("district", 0)) is not None


async def test_mouse_clicks_pick_districts():
    m = uto_match(kinds=("human", "bot", "bot"), seed=3)
    advance(m, lambda m: m.decision().player == 0 and m.decision().kind == "place")
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        d = m.decision()
        target = [o for o in d.options if o.target][-1]
        canvas = app.screen.board.canvas
        region = canvas.region_for_target(target.target)
        canvas.scroll_to_map_region(region.id)
        await settle(pilot)
        b = region.bounds
        n = len(m.choices)
        await pilot.click(canvas, offset=(b.x + 2 - int(canvas.scroll_x), b.y + 1 - int(canvas.scroll_y)))
        await settle(pilot)
        assert m.choices[n] == target.key


# -- bots -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 5])
async def test_utopia_bots_play_a_whole_game(players):
    seats = [Seat(n, c, "bot") for n, c in zip(NAMES[:players], COLOURS)]
    m = Match.new("utopia", seats, 21)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: scores_shown(app), tries=1500)
        assert m.is_over()
        assert str(app.screen.query_one("#score-table").render())
        await pilot.press("b")  # back to the final board
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        status = str(app.screen.board.query_one("#map-head").render())
        assert "game over" in status and "winner" in status


async def test_a_board_move_repaints_only_the_two_districts():
    """At 80x24 a cursor move between districts renders the lines of the two
    districts only; every place on the map can be reached with the arrows."""
    m = uto_match(kinds=("human", "bot", "bot"), seed=3)
    advance(m, lambda m: m.decision().player == 0 and m.decision().kind == "place"
            and m.state.steps[-1].guest // 5 == 0)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        canvas = app.screen.board.canvas
        canvas.focus()
        await settle(pilot)
        assert canvas.cursor == ("district", 0)
        for key, lines in (("right", 3), ("down", 6), ("left", 3)):
            before = canvas.cursor_region.bounds
            canvas.render_count = 0
            y0 = canvas.scroll_y
            await pilot.press(key)
            await settle(pilot)
            after = canvas.cursor_region.bounds
            assert canvas.scroll_y == y0
            assert canvas.render_count == len(set(range(before.y, before.bottom)) | set(range(after.y, after.bottom)))
            assert canvas.render_count == lines
        pickable = {r.id for r in canvas.regions if r.pickable}
        for rid in pickable:
            key_path(canvas, ("district", 0), rid)

"""Civilization in the generic game screen: a city founded and a figure moved
with the map's cursor, the whole map in view at 200x60, a city's yields under
the cursor, the curtain before a private decision, and a bot game to its end."""
from __future__ import annotations

from boardgames_tui.bots.base import ask
from boardgames_tui.bots.levels import make_bot
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.civilization.data_map import map_size
from boardgames_tui.games.civilization.screen import SELECTED_MARK, SQ_W
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.widgets.map_canvas import CURSOR_MARK, TARGET_MARK
from ui_helpers import choose_in_list, choose_on_board, region_mark, scores_shown, settle, wait_for

NAMES = ["Ada", "Bruno", "Chloé", "Dario"]
COLOURS = ["red", "blue", "green", "yellow"]


def civ_match(players: int = 2, seed: int = 3, kinds: tuple[str, ...] | None = None, open_info=True) -> Match:
    kinds = kinds or ("human",) * players
    m = Match.new("civilization", [Seat(n, c, k) for n, c, k in zip(NAMES, COLOURS, kinds)], seed)
    m.open_info = open_info
    return m


def advance(m: Match, until, limit: int = 4000, easy: bool = True) -> None:
    """Bots choose until ``until(m)``: the easy policy (it founds and moves), or random choices."""
    bot = make_bot("easy" if easy else "random", 1, m.game)
    for _ in range(limit):
        if until(m):
            return
        d = m.decision()
        assert d is not None, "game ended first"
        m.choose(ask(bot, m.game, m.state, d))
    raise AssertionError("position not reached")


def info_text(screen) -> str:
    return str(screen.board.query_one("#map-info").render())


def has(kind: str, prefix: str):
    return lambda m: (m.decision() is not None and m.decision().kind == kind
                      and any(o.key.startswith(prefix) for o in m.decision().options))


async def test_a_city_is_founded_by_cursor():
    m = civ_match()
    advance(m, has("start", "found:"), easy=False)
    opt = next(o for o in m.decision().options if o.key.startswith("found:"))
    pos = opt.target[1]
    player = m.decision().player
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await choose_on_board(pilot, screen, opt.key)
        assert m.choices[-1] == opt.key
        city = m.state.board.cities[pos]
        assert city.owner == player and not city.capital
        region = screen.board.canvas.get_region(("sq", pos))
        shown = " ".join(str(t) for t in region.text)
        assert "Cty" in shown


async def test_a_figure_is_moved_by_cursor_and_its_destinations_are_marked():
    m = civ_match()
    advance(m, has("move", "figure:"), easy=False)
    opt = next(o for o in m.decision().options if o.key.startswith("figure:"))
    what, origin = opt.value
    field = {"army": "armies", "scout": "scouts"}[what]
    player = m.decision().player
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await choose_on_board(pilot, screen, opt.key)
        d = m.decision()
        assert d.kind == "move_to"
        canvas = screen.board.canvas
        assert canvas.get_region(("sq", origin)).mark == SELECTED_MARK
        dests = [o for o in d.options if o.key.startswith("square:")]
        assert dests
        for o in dests:
            region = canvas.region_for_target(o.target)
            assert canvas.is_target(region)
            assert region_mark(canvas, region) in (TARGET_MARK, CURSOR_MARK)
        dest = dests[-1]
        to = dest.target[1]
        before = getattr(m.state.board.figures[origin], field)
        await choose_on_board(pilot, screen, dest.key)
        assert m.choices[-1] == dest.key
        left = m.state.board.figures.get(origin)
        assert (getattr(left, field) if left else 0) == before - 1
        assert m.state.board.figures[to].owner == player


async def test_the_whole_map_is_in_view_at_200x60_with_the_players_beside_it():
    m = civ_match(players=4, seed=5)
    advance(m, lambda m: m.round_number() >= 4)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        canvas = app.screen.board.canvas
        canvas.scroll_to(0, 0, animate=False, immediate=True)
        await settle(pilot)
        view = canvas.scrollable_content_region
        rows, cols = map_size(4)
        squares = [r for r in canvas.regions if r.id[0] == "sq"]
        assert len(squares) == rows * cols
        for r in squares:
            assert r.bounds.right <= view.width and r.bounds.bottom <= view.height, r.id
        for q in range(4):
            panel = canvas.get_region(("player", q)).bounds
            assert panel.x >= cols * SQ_W                # beside the map, not below it
        # every city and figure of the view is drawn on its square
        v = m.view(None)
        for key, city in v["cities"].items():
            r, c = map(int, key.split(":"))
            text = " ".join(str(t) for t in canvas.get_region(("sq", (r, c))).text)
            assert ("Cap" if city["capital"] else "Cty") in text
        for key, (_owner, armies, scouts) in v["figures"].items():
            r, c = map(int, key.split(":"))
            text = " ".join(str(t) for t in canvas.get_region(("sq", (r, c))).text)
            assert (f"{armies}a" if armies else f"{scouts}s") in text


async def test_a_citys_production_trade_and_culture_show_under_the_cursor():
    m = civ_match()
    advance(m, lambda m: m.round_number() >= 2)
    v = m.view(None)
    key, city = next(iter(v["cities"].items()))
    pos = tuple(map(int, key.split(":")))
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.board
        board.focus()
        await settle(pilot)
        board.canvas.move_cursor_to(("sq", pos))
        await settle(pilot)
        info = info_text(app.screen)
        assert f"{city['production']} production, {city['trade']} trade, {city['culture']} culture" in info


async def test_a_private_decision_waits_behind_a_curtain():
    m = civ_match(open_info=False)
    advance(m, lambda m: m.decision().kind == "start")
    p = m.decision().player
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.curtain_for == p
        assert not screen.query_one("#body").display
        assert screen.board.last_view["viewer"] is None
        assert all(pl["hand"] is None for pl in screen.board.last_view["players"])
        await pilot.press("enter")
        await settle(pilot)
        assert screen.curtain_for is None
        view = screen.board.last_view
        assert view["viewer"] == p
        assert [pl["hand"] is not None for pl in view["players"]] == [q == p for q in range(2)]
        panel = " ".join(str(t) for t in screen.board.canvas.get_region(("player", p)).text)
        other = " ".join(str(t) for t in screen.board.canvas.get_region(("player", 1 - p)).text)
        assert "your units" in panel and "your units" not in other


async def test_easy_bots_play_a_whole_game_on_the_screen():
    m = civ_match(players=2, seed=7, kinds=("bot", "bot"))
    for s in m.seats:
        s.level = "easy"
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: scores_shown(app), tries=6000)
        assert m.is_over()
        assert m.state.winner >= 0


async def test_after_the_curtain_the_map_shows_the_deciding_players_capital():
    """Behind the curtain the map has no size, so the scroll to the player's square waits for it: once
    the curtain is lifted, the capital is on screen at 80x24 (it was left off it, or at the corner)."""
    from textual.geometry import Region
    m = civ_match(open_info=False, seed=3)
    advance(m, lambda m: m.decision().kind == "start")
    player = m.decision().player
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.curtain_for == player
        await pilot.press("enter")
        await settle(pilot)
        canvas = screen.board.canvas
        capital = m.state.players[player].capital
        assert canvas.cursor == ("sq", capital)
        b = canvas.get_region(canvas.cursor).bounds
        view = canvas.scrollable_content_region
        shown = Region(int(canvas.scroll_x), int(canvas.scroll_y), view.width, view.height)
        assert shown.contains_region(b)
        assert b.x - shown.x >= SQ_W and b.y > shown.y    # not in the corner: what is round it shows too


async def test_a_battle_is_fought_through_the_screen_each_hand_behind_a_curtain():
    """An army attacks the other player's army: the defender lays first behind a curtain, then the
    attacker behind his; each sees his own hand in the battle panel, never the other's; the cards laid
    show on both; the battle ends with the winner in the square."""
    from boardgames_tui.games.civilization import war as W
    from boardgames_tui.games.civilization.board import Figures
    from boardgames_tui.games.civilization.data_map import WATER

    m = civ_match(open_info=False)
    m.auto_forced = False   # every card laid by key, the last one in a hand too (six hand-offs)
    advance(m, lambda m: m.decision().kind == "move")
    s, g = m.state, m.game
    q = m.decision().player
    e = 1 - q
    for t in s.board.tiles:
        t.face_up = True
    army = next(pos for pos, f in sorted(s.board.figures.items()) if f.owner == q and f.armies)
    target = next(x for x in ((army[0], army[1] + 1), (army[0], army[1] - 1), (army[0] + 1, army[1]),
                              (army[0] - 1, army[1]))
                  if s.board.square(x) is not None and s.board.square(x).terrain != WATER
                  and x not in s.board.figures and x not in s.board.cities and x not in s.board.markers)
    s.board.figures[target] = Figures(e, 1, 0)
    s.players[e].armies -= 1
    s.players[q].units = [2, 5, 8]            # infantry, cavalry, artillery: strength 3 each at rank I
    s.players[e].units = [0, 3, 6]            # strength 1 each
    s._decision = None
    g.advance(s)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await choose_in_list(pilot, screen, f"figure:army:{army[0]}:{army[1]}")
        await choose_in_list(pilot, screen, f"square:{target[0]}:{target[1]}")
        assert s.battle is not None and m.decision().kind == "battle_card"
        laid = curtains = 0
        while s.battle is not None:
            d = m.decision()
            assert d.kind in ("battle_card", "battle_front")
            if d.kind == "battle_card":
                await wait_for(pilot, lambda: screen.curtain_for is not None or screen.viewer == d.player)
                if screen.curtain_for is not None:
                    assert screen.curtain_for == d.player
                    bt = screen.board.last_view["battle"]
                    assert all(side["hand"] is None for side in bt["sides"].values())   # nothing shown
                    curtains += 1
                    await pilot.press("enter")
                    await settle(pilot)
                bt = screen.board.last_view["battle"]
                mine = "att" if d.player == q else "def"
                assert bt["sides"][mine]["hand"] is not None and bt["sides"][W.other(mine)]["hand"] is None
                assert len(bt["fronts"]) == laid
                canvas = screen.board.canvas
                assert "Battle on" in str(canvas.get_region(("battle", "head")).label)    # the map gave way
                assert canvas.get_region(("sq", army)) is None
                # laid out for the real width, though first built behind the curtain (no width yet)
                assert all(r.bounds.right <= canvas.map_width for r in canvas.regions)
                fronts = [r for r in canvas.regions if isinstance(r.id, tuple) and r.id[0] == "front"]
                assert len(fronts) == laid + 1                                   # and the new front
                cards = [r for r in canvas.regions if isinstance(r.id, tuple) and r.id[0] == "card"]
                assert len(cards) == len(bt["sides"][mine]["hand"])              # only his own hand
                laid += 1
                await choose_on_board(pilot, screen, d.options[0].key)     # the card picked on the board
                continue
            await choose_in_list(pilot, screen, d.options[0].key)
        assert curtains == 6                               # a hand-off before every card laid
        assert s.board.figures[target].owner == q          # 9 against 3
        assert "ends 9 to 3" in " ".join(e.text for e in s.log[-8:])


def test_civilization_squares_drawn_again_from_the_memo_are_the_squares_drawn_afresh():
    import random

    from boardgames_tui.games.civilization.screen import CivilizationBoard
    m = civ_match(players=3, seed=2)
    r = random.Random(2)
    board = CivilizationBoard()
    board._seats = list(m.seats)
    reused = 0
    for i in range(2500):
        if (d := m.decision()) is None:
            break
        m.choose(r.choice(d.options).key, snapshot=False)
        if i % 50:
            continue
        view = m.view(i % 3, log=False)
        board._view = view
        memo_before = set(map(id, board._square_memo.values()))
        drawn = board.build_map(view, 60)
        fresh = CivilizationBoard()
        fresh._seats, fresh._view = board._seats, view
        assert drawn == fresh.build_map(view, 60), f"choice {i + 1}: a memoised square differs"
        reused += sum(id(reg) in memo_before for reg in drawn)
    assert reused, "no square was taken from the memo"

"""The Phoenicia board inside the generic game screen: auctions passed around
a table of humans behind curtains, hidden production cards, the board cursor,
and bots playing a whole game to the score screen."""
from __future__ import annotations

import random

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from ui_helpers import scores_shown, settle, wait_for

NAMES = ["Ada", "Bruno", "Chloé", "Dario", "Emma"]
COLOURS = ["red", "blue", "green", "yellow", "magenta"]


def phx_match(kinds=("human", "human", "human"), seed=11) -> Match:
    seats = [Seat(n, c, k) for n, c, k in zip(NAMES, COLOURS, kinds)]
    return Match.new("phoenicia", seats, seed)


def text_of(screen: GameScreen, selector: str) -> str:
    return str(screen.board.query_one(selector).render())


def money(view: dict, p: int) -> int:
    pl = view["players"][p]
    return sum(pl["hand"]) + pl["disks"]


def assert_nothing_private(screen: GameScreen) -> None:
    """Behind a curtain: no board, no options, the public view only."""
    assert not screen.query_one("#body").display
    assert screen.picker.visible_options == []
    view = screen.board.last_view
    assert view["viewer"] is None
    assert all(pl["hand"] is None for pl in view["players"])


def assert_only_own_hand(screen: GameScreen, viewer: int) -> None:
    view = screen.board.last_view
    assert view["viewer"] == viewer
    for p, pl in enumerate(view["players"]):
        assert (pl["hand"] is not None) == (p == viewer)
    # The money spots are the viewer's own cards, nothing else.
    hand = view["players"][viewer]["hand"]
    spots = [t for t in screen.board._hand_spots if t[0] == "prodcard"]
    assert spots == [("prodcard", v) for v in sorted(set(hand))]


async def test_auction_across_three_humans_with_curtains():
    m = phx_match()
    m.auto_forced = False   # every decision by key here: the payment below has one option at this seed
    d = m.decision()
    s = d.player
    b, c = (s + 1) % 3, (s + 2) % 3
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.board
        # The start player's first decision is private: curtain first.
        assert screen.curtain_for == s
        assert_nothing_private(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.curtain_for is None and screen.viewer == s
        assert_only_own_hand(screen, s)
        # Open an auction with the board cursor (it starts on a legal card).
        card = board._cursor
        assert card[0] == "devcard" and f"open:{card[1]}" in d
        board.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert m.choices[-1] == f"open:{card[1]}"

        # The bid passes to the next player out of turn: a curtain, since the
        # screen would show b's holdings.
        d = m.decision()
        assert d.kind == "bid" and d.player == b
        assert m.view(None)["active"] == s        # still s's turn
        assert screen.curtain_for == b
        assert_nothing_private(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert_only_own_hand(screen, b)
        view = m.view(b)
        limit = money(view, b) + view["players"][b]["discounts"].get(card[1], 0)
        keys = [o.key for o in screen.picker.visible_options]
        bids = [o.value for o in screen.picker.visible_options if o.key.startswith("bid:")]   # the amounts
        assert bids and max(bids) <= limit and keys[-1] == "pass"
        auction = text_of(screen, "#phx-auction")
        assert f"can bid up to {limit}" in auction
        assert "To bid now: " in auction and NAMES[b] in auction
        # The displayed card under auction is marked as the bid target.
        assert board._cursor == card
        await pilot.press("enter")                 # the first option: +1
        await settle(pilot)
        assert m.choices[-1] == f"bid:{bids[0]}"

        # c: curtain, then a pass.
        assert m.decision().player == c and screen.curtain_for == c
        assert_nothing_private(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert_only_own_hand(screen, c)
        screen.picker.choice_list.focus()
        await pilot.press("end", "enter")
        await settle(pilot)
        assert m.choices[-1] == "pass"

        # Back to s, who was outbid: curtain again (c had the screen).
        assert m.decision().player == s and screen.curtain_for == s
        await pilot.press("enter")
        await settle(pilot)
        assert "out" in text_of(screen, "#phx-auction")   # c is out
        screen.picker.choice_list.focus()
        await pilot.press("home", "enter")         # raise by 1
        await settle(pilot)
        assert m.choices[-1].startswith("bid:")

        # b passes; s wins.  The payment shows s's cards and b had the
        # screen: curtain.
        assert screen.curtain_for == b
        await pilot.press("enter")
        await settle(pilot)
        screen.picker.choice_list.focus()
        await pilot.press("end", "enter")
        await settle(pilot)
        assert m.choices[-1] == "pass"
        d = m.decision()
        assert d.kind == "pay" and d.player == s
        assert card[1] in m.state.players[s].cards
        assert screen.curtain_for == s
        await pilot.press("enter")
        await settle(pilot)
        assert "Payment:" in text_of(screen, "#phx-auction")
        # Pay with the production card under the board cursor.
        target = board._cursor
        assert target in {o.target for o in d.options}
        board.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert m.choices[-1] == ("pay:disks" if target == ("disks",) else f"pay:{target[1]}")
        # s goes on (more to pay, or the rest of the turn): no curtain.
        assert m.decision().player == s
        assert screen.curtain_for is None and screen.viewer == s
        assert_only_own_hand(screen, s)


async def test_bots_between_humans_raise_no_curtain():
    """Humans 0 and 2, a bot in seat 1: the bot's bid shows nothing new to
    anybody; the curtain comes only when seat 2 must bid."""
    seed = next(sd for sd in range(1, 200)
                if Match.new("phoenicia", [Seat(n) for n in NAMES[:3]], sd).decision().player == 0)
    m = phx_match(kinds=("human", "bot", "human"), seed=seed)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.curtain_for == 0
        await pilot.press("enter")
        await settle(pilot)
        opened = screen.picker.visible_options[0].key
        assert opened.startswith("open:")
        await pilot.press("enter")
        await wait_for(pilot, lambda: m.decision().player == 2)
        await settle(pilot)
        assert m.history[-1].player == 1            # the bot answered first
        assert screen.curtain_for == 2
        assert_nothing_private(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert_only_own_hand(screen, 2)
        assert m.decision().kind == "bid"


async def test_hot_seat_never_shows_another_players_cards():
    """Through 90 choices of a 3-human game, the board shows the deciding
    player's own production cards only, and nothing private behind a curtain."""
    m = phx_match(seed=4)
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        rnd = random.Random(4)
        curtains = 0
        for n in range(90):
            d = m.decision()
            if d is None:
                break
            # The screen renders synchronously; pausing now and then lets
            # Textual mount and lay out what changed.
            if screen.curtain_for is not None:
                curtains += 1
                assert screen.curtain_for == d.player
                assert_nothing_private(screen)
                screen.lift_curtain()
            assert screen.viewer == d.player
            assert_only_own_hand(screen, d.player)
            assert screen.choose(rnd.choice(d.options).key)
            if n % 10 == 0:
                await pilot.pause()
        assert curtains > 10


async def test_workers_and_tiles_on_the_board():
    """Step b: the viewer's tiles and training ground are cursor spots marked
    as targets; picking a tile employs a worker there."""
    m = phx_match(seed=11)
    m.open_info = True
    # The start player goes straight to step b after buying a trained worker.
    while True:
        d = m.decision()
        if d.kind == "workers" and any(o.key.startswith("employ:") for o in d.options):
            break
        # prefer cheap progress: open nothing, pass auctions, pay with the first card
        pick = next((o.key for o in d.options if o.key.startswith("open:indentured")), None) \
            or next((o.key for o in d.options if o.key == "train"), None) \
            or ("workers" if "workers" in d else None) \
            or ("pass" if "pass" in d else d.options[0].key)
        m.choose(pick)
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.board
        p = d.player
        rows = board.rows()
        tiles = [r[0] for r in rows if r[0][0] in ("tile", "training")]
        assert ("training",) in tiles and ("tile", "hunting") in tiles
        employ = [o for o in d.options if o.key.startswith("employ:")]
        spot = next(sp for sp in board._all_spots() if sp.target == employ[0].target)
        assert "◆" in spot.marks and spot.has_class("-target")
        board.focus()
        await settle(pilot)
        # Walk the cursor down to the tile and pick it.
        for _ in range(len(rows)):
            if board._cursor == employ[0].target:
                break
            await pilot.press("down")
        assert board._cursor == employ[0].target
        assert screen.picker.highlighted_option().target == employ[0].target
        await pilot.press("enter")
        await settle(pilot)
        assert m.choices[-1] == employ[0].key
        slug = employ[0].target[1]
        assert m.view(p)["players"][p]["tiles"][slug]["workers"] >= 1


async def test_mouse_click_on_a_displayed_card_opens_its_auction():
    m = phx_match()
    d = m.decision()
    app = BoardgamesApp(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.click("#curtain")
        await settle(pilot)
        opts = [o for o in d.options if o.key.startswith("open:")]
        last = opts[-1]
        spot = next(sp for sp in screen.board.query("CardSpot") if sp.target == last.target)
        spot.scroll_visible(animate=False, immediate=True)  # the display is below the viewer's village
        await settle(pilot)
        await pilot.click(spot)
        await settle(pilot)
        assert m.choices[-1] == last.key


async def test_bots_play_a_whole_game_to_the_score_screen():
    seats = [Seat(n, c, "bot") for n, c in zip(NAMES[:4], COLOURS)]
    m = Match.new("phoenicia", seats, 21)
    app = BoardgamesApp(m, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: scores_shown(app), tries=1000)
        assert m.is_over()
        table = str(app.screen.query_one("#score-table").render())
        assert table
        winners = m.winners()
        line = str(app.screen.query_one("#winner-line").render())
        assert all(NAMES[w] in line for w in winners)
        # Back to the final board: the public view, the end in the status line.
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        status = text_of(app.screen, "#phx-status")
        assert "game over" in status
        assert app.screen.board.last_view["viewer"] is None
        assert "private" in text_of(app.screen, "#phx-hand-head")

"""Tables in the app: two terminals (two apps, two sessions on one store file) at one Evolution table."""
from __future__ import annotations

import html
import re

import pytest

from boardgames_tui.engine.session import BOT, HUMAN, Seat
from boardgames_tui.engine.table_session import TableSession, new_table
from boardgames_tui.engine.table_store import TableStore
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.table_game import TableGameScreen
from ui_helpers import evolution_available, notes, settle, wait_for

pytestmark = pytest.mark.skipif(not evolution_available(), reason="Evolution rules not written yet")

SIZE = (80, 24)


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


@pytest.fixture
def store_path(tmp_path):
    return tmp_path / "tables.db"


def table(store_path, kinds=(HUMAN, HUMAN), seed=5) -> str:
    seats = [Seat(n, c, k, "easy" if k == BOT else "random")
             for n, c, k in zip(["Alice", "Bob", "Carl"], ["red", "blue", "green"], kinds)]
    return new_table(TableStore(store_path), "evolution", seats, seed=seed)


def session(store_path, code, player, seat=None, watch=False) -> TableSession:
    store = TableStore(store_path)
    if watch:
        return TableSession.spectate(store, code, player)
    return TableSession.join(store, code, player, seat)


def hand_ids(screen) -> list[int]:
    return [c["id"] for c in screen.board._hand()]


def view_hand(s: TableSession, seat: int) -> list[int]:
    return [c["id"] for c in s.match.view(seat)["players"][seat]["hand"]]


def private_lines(s: TableSession, seat: int) -> list[str]:
    """What the log tells ``seat`` that it tells nobody else (its dealt cards)."""
    return [e.for_viewer(seat) for e in s.match.log() if e.for_viewer(seat) != e.for_viewer(None)]


async def test_two_terminals_each_see_their_own_hand_and_follow_each_other(store_path):
    code = table(store_path)
    a, b = session(store_path, code, "alice", 0), session(store_path, code, "bob", 1)
    app_a, app_b = BoardgamesApp(table=a), BoardgamesApp(table=b)
    async with app_a.run_test(size=SIZE) as pa, app_b.run_test(size=SIZE) as pb:
        await settle(pa)
        await settle(pb)
        sa, sb = app_a.screen, app_b.screen
        assert isinstance(sa, TableGameScreen) and isinstance(sb, TableGameScreen)
        # No curtain at either terminal.
        assert sa.curtain_for is None and sb.curtain_for is None
        assert not sa.query_one("#curtain").display and not sb.query_one("#curtain").display
        # Each its own hand, never the other's: the board, and the log's private lines.
        assert hand_ids(sa) == view_hand(a, 0) and hand_ids(sb) == view_hand(b, 1)
        assert view_hand(a, 1) and not set(view_hand(a, 1)) & set(hand_ids(sa))   # card ids are unique
        assert view_hand(b, 0) and not set(view_hand(b, 0)) & set(hand_ids(sb))
        text_a, text_b = screen_text(app_a), screen_text(app_b)
        for line in private_lines(a, 1):
            assert line[:40] not in text_a
        for line in private_lines(b, 0):
            assert line[:40] not in text_b
        # The start player decides; the other terminal waits and is told for whom.
        first = a.decider()
        (s1, sc1, ap1, p1), (s2, sc2, ap2, p2) = sorted(
            [(a, sa, app_a, pa), (b, sb, app_b, pb)], key=lambda t: t[0].held[0] != first)
        names = {0: "Alice (seat 1)", 1: "Bob (seat 2)"}
        assert s1.my_turn() and not s2.my_turn()
        assert sc2.picker.visible_options == [] and sc1.picker.visible_options
        assert f"Waiting for {names[first]}" in screen_text(ap2)
        # A food card chosen at one terminal; the other follows after a poll.
        key = s1.match.decision().options[0].key
        assert sc1.choose(key)
        await settle(p1)
        await wait_for(p2, lambda: len(s2.match.history) == 1)
        await settle(p2)
        assert s2.my_turn() and [o.key for o in sc2.picker.visible_options] == [
            o.key for o in s2.match.decision().options]
        assert hand_ids(sc2) == view_hand(s2, s2.held[0])
        assert "Your turn." in notes(ap2)
        assert f"Waiting for {names[1 - first]}" in screen_text(ap1)
        # The card went face down: the other terminal does not show it.
        assert int(key.split(":")[1]) not in hand_ids(sc2)


async def test_a_stale_submit(store_path):
    code = table(store_path)
    first = TableStore(store_path).info(code).decider
    me = session(store_path, code, "alice", first)
    twin = session(store_path, code, "alice", first)   # the same player in a second terminal
    app = BoardgamesApp(table=me)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        opts = me.match.decision().options
        # The second terminal chooses first, before this one has polled.
        twin.choose(opts[1].key)
        assert not screen.choose(opts[0].key)
        await settle(pilot)
        assert "Another choice was made first" in notes(app)
        assert [r.key for r in me.match.history] == [opts[1].key]
        assert TableStore(store_path).read(code).keys == [opts[1].key]
        # The screen shows the new position: the other seat decides now.
        assert screen.picker.visible_options == [] and not me.my_turn()


def advance_to_a_double_turn(a: TableSession, b: TableSession) -> tuple[TableSession, str]:
    """Choose the first option for whoever decides until a seat's choice leaves it deciding
    (so it may be taken back); returns that session and the key."""
    for _ in range(400):
        s = a if a.my_turn() else b
        s.poll()
        for o in s.match.decision().options:
            decider, _ = s._check(o.key, False)
            if decider == s.decider():
                return s, o.key
        s.choose(s.match.decision().options[0].key)
        for t in (a, b):
            t.poll()
    raise AssertionError("no double turn found")


async def test_undo_takes_back_at_every_terminal(store_path):
    code = table(store_path)
    a, b = session(store_path, code, "alice", 0), session(store_path, code, "bob", 1)
    me, key = advance_to_a_double_turn(a, b)
    other = b if me is a else a
    n = len(me.match.history)
    app_me, app_other = BoardgamesApp(table=me), BoardgamesApp(table=other)
    async with app_me.run_test(size=SIZE) as pm, app_other.run_test(size=SIZE) as po:
        await settle(pm)
        await settle(po)
        assert app_me.screen.choose(key)
        await wait_for(po, lambda: len(other.match.history) == n + 1)
        await pm.press("u")
        await settle(pm)
        assert "Undone." in notes(app_me)
        assert len(me.match.history) == n and len(TableStore(store_path).read(code).keys) == n
        await wait_for(po, lambda: len(other.match.history) == n)
        assert [o.key for o in app_me.screen.picker.visible_options] == [
            o.key for o in me.match.decision().options]


async def test_undo_refused_after_another_seat_chose(store_path):
    code = table(store_path)
    a, b = session(store_path, code, "alice", 0), session(store_path, code, "bob", 1)
    me, other = (a, b) if a.my_turn() else (b, a)
    app = BoardgamesApp(table=me)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.choose(me.match.decision().options[0].key)
        other.poll()
        other.choose(other.match.decision().options[0].key)
        await wait_for(pilot, lambda: len(me.match.history) == 2)
        await pilot.press("u")
        await settle(pilot)
        assert any("Cannot undo" in n for n in notes(app))
        assert len(TableStore(store_path).read(code).keys) == 2


async def test_a_bot_seat_plays_on_with_one_human_connected(store_path):
    code = table(store_path, kinds=(HUMAN, BOT))
    me = session(store_path, code, "alice", 0)
    app = BoardgamesApp(table=me, delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(6):     # alice's choices; the bot answers each time without being asked
            await wait_for(pilot, lambda: me.my_turn() or me.match.is_over(), tries=500)
            if me.match.is_over():
                break
            assert screen.choose(me.match.decision().options[0].key)
        await wait_for(pilot, lambda: me.my_turn(), tries=500)
        recorded = TableStore(store_path).read(code).keys
        bot_choices = [r for r in me.match.history if r.player == 1]
        assert bot_choices and len(recorded) == len(me.match.history)
        assert [r.key for r in me.match.history] == recorded


async def test_a_spectator_sees_no_hand_and_follows(store_path):
    code = table(store_path)
    a = session(store_path, code, "alice", 0)
    b = session(store_path, code, "bob", 1)
    watcher = session(store_path, code, "carl", watch=True)
    app = BoardgamesApp(table=watcher)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.board._hand() == [] and screen.picker.visible_options == []
        text = screen_text(app)
        for seat in (0, 1):
            for line in private_lines(a, seat):
                assert line[:40] not in text
        s = a if a.my_turn() else b
        s.choose(s.match.decision().options[0].key)
        await wait_for(pilot, lambda: len(watcher.match.history) == 1)
        await settle(pilot)
        assert screen.board._hand() == [] and screen.picker.visible_options == []
        assert not screen.choose(watcher.match.decision().options[0].key)
        assert len(TableStore(store_path).read(code).keys) == 1


def option_text(app, list_id: str, option_id: str) -> str:
    return str(app.screen.query_one(list_id).get_option(option_id).prompt)


async def test_the_menu_says_your_turn_and_the_tables_screen_joins(store_path, monkeypatch):
    monkeypatch.setenv("BOARDGAMES_TUI_TABLES", str(store_path))
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "alice")
    codes = [table(store_path, seed=s) for s in (5, 6, 7)]
    for code in codes[:2]:     # alice holds the deciding seat at two tables
        TableStore(store_path).claim(code, TableStore(store_path).info(code).decider, "alice")
    full = codes[2]            # the third is full: both seats are other players'
    TableStore(store_path).claim(full, 0, "bob")
    TableStore(store_path).claim(full, 1, "carl")
    app = BoardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Your turn at 2 tables" in option_text(app, "#menu", "tables")
        await pilot.press("t")
        await settle(pilot)
        lines = [str(o.prompt) for o in app.screen.query_one("#tables").options if (o.id or "").startswith("t:")]
        assert len(lines) == 3 and all(len(ln) <= 80 for ln in lines)
        assert sum(ln.startswith("*") and "your turn" in ln for ln in lines) == 2
        # Enter on the full table: refused in one notify line, the screen stays.
        lst = app.screen.query_one("#tables")
        lst.highlighted = next(i for i, o in enumerate(lst.options) if full in str(o.prompt))
        await pilot.press("enter")
        await settle(pilot)
        assert any("no free seat" in n for n in notes(app))
        # w watches it.
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, TableGameScreen))
        assert app.screen.session.watch and app.screen.session.code == full


async def test_new_table_from_the_menu(store_path, monkeypatch):
    monkeypatch.setenv("BOARDGAMES_TUI_TABLES", str(store_path))
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "alice")
    app = BoardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Your turn" not in option_text(app, "#menu", "tables")
        await pilot.press("t")
        await settle(pilot)
        lst = app.screen.query_one("#tables")
        lst.highlighted = next(i for i, o in enumerate(lst.options) if o.id == "new:evolution")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableGameScreen))
        s = app.screen.session
        info = TableStore(store_path).info(s.code)
        assert info.game == "evolution" and info.seats[0].player == "alice" and info.n == 0
        assert any(s.code in n for n in notes(app))
        assert app.screen.curtain_for is None


async def test_two_terminals_and_a_bot_seat_one_choice_each_time(store_path):
    code = table(store_path, kinds=(HUMAN, HUMAN, BOT))
    a, b = session(store_path, code, "alice", 0), session(store_path, code, "bob", 1)
    app_a, app_b = BoardgamesApp(table=a, delay=0.0), BoardgamesApp(table=b, delay=0.0)
    async with app_a.run_test(size=SIZE) as pa, app_b.run_test(size=SIZE) as pb:
        await settle(pa)
        await settle(pb)
        pairs = [(a, app_a, pa), (b, app_b, pb)]
        for _ in range(12):
            await wait_for(pa, lambda: a.my_turn() or b.my_turn() or a.match.is_over(), tries=1000)
            if a.match.is_over():
                break
            s, app, pilot = next(p for p in pairs if p[0].my_turn())
            await settle(pilot)
            assert app.screen.choose(s.match.decision().options[-1].key)
        await wait_for(pa, lambda: (a.my_turn() or b.my_turn())
                       and len(a.match.history) == len(b.match.history), tries=1000)
        keys = TableStore(store_path).read(code).keys
        assert [r.key for r in a.match.history] == keys == [r.key for r in b.match.history]
        assert any(r.player == 2 for r in a.match.history)     # the bot played


async def test_a_bot_whose_thinker_left_is_taken_over(store_path):
    code = table(store_path, kinds=(BOT, HUMAN), seed=3)   # seed 3: the bot seat starts
    store = TableStore(store_path)
    info = store.info(code)
    assert info.decider == 0
    # Another terminal took the lease and dropped: it runs out in 3 s, unrenewed.
    assert store.lease_bot(code, info.n, info.gen, "gone", seconds=3.0)
    me = session(store_path, code, "bob", 1)
    app = BoardgamesApp(table=me, delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Waiting for Alice (bot, seat 1)" in screen_text(app)
        assert len(TableStore(store_path).read(code).keys) == 0
        await wait_for(pilot, lambda: me.my_turn(), tries=1000)
        assert any(r.player == 0 for r in me.match.history)


async def test_the_score_screen_at_the_end(store_path):
    import random

    from boardgames_tui.ui.screens.scores import ScoreScreen

    code = table(store_path)
    a, b = session(store_path, code, "alice", 0), session(store_path, code, "bob", 1)
    r = random.Random(2)
    while True:
        a.poll()
        b.poll()
        if a.match.is_over():
            break
        s = a if a.my_turn() else b
        s.choose(r.choice(s.match.decision().options).key)
    app = BoardgamesApp(table=b)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreScreen))
        assert TableStore(store_path).info(code).over


async def test_a_hint_is_for_its_own_decision_only(store_path):
    """h at a table: for the viewer's decision; refused while another seat decides; gone once the turn passes."""
    code = table(store_path)
    a, b = session(store_path, code, "alice", 0), session(store_path, code, "bob", 1)
    mover, waiter = (a, b) if a.my_turn() else (b, a)
    app_m, app_w = BoardgamesApp(table=mover), BoardgamesApp(table=waiter)
    async with app_m.run_test(size=SIZE) as pm, app_w.run_test(size=SIZE) as pw:
        await settle(pm)
        await settle(pw)
        sm, sw = app_m.screen, app_w.screen
        await pw.press("h")
        await settle(pw)
        assert not sw.query_one("#hint").display and any("No hint now" in n for n in notes(app_w))
        await pm.press("h")
        await settle(pm)
        assert sm.query_one("#hint").display
        await pm.press("enter")
        await wait_for(pm, lambda: mover.n == 1)
        await settle(pm)
        if not mover.my_turn():
            assert not sm.query_one("#hint").display    # the waiting screen has no stale hint


async def test_a_bot_thought_for_here_shows_only_this_seat(store_path, monkeypatch):
    """This terminal holds the bot lease and plays the bot: while it does, the screen waits for the
    bot ("Waiting for Bob (bot, seat 2)…") on Alice's own view; the bot's hand, options and private
    prompts are never drawn (board, log, options or prompt), and the bot plays on, turn after turn."""
    from boardgames_tui.ui.screens.game import GameScreen
    from boardgames_tui.ui.widgets import OptionPicker

    code = table(store_path, kinds=(HUMAN, BOT))     # seed 5: the bot seat chooses first
    me = session(store_path, code, "alice", 0)
    assert me.decider() == 1 and me.match.decision().private
    drawn: list[tuple] = []       # (decider, the board's view's viewer, the log's viewer, the decision drawn)
    offered: list[tuple] = []     # (decider, the options listed)
    prompts: list[tuple] = []     # (the decision shown, the prompt line)
    show, set_options, refresh = GameScreen._show, OptionPicker.set_options, TableGameScreen.refresh_position

    def spy_show(self, view, viewer, d):
        drawn.append((me.decider(), view.get("viewer"), viewer, d))
        show(self, view, viewer, d)

    def spy_set_options(self, options, **kw):
        offered.append((me.decider(), list(options or [])))
        set_options(self, options, **kw)

    def spy_refresh(self):
        refresh(self)
        prompts.append((me.match.decision(), str(self.query_one("#prompt").content)))

    monkeypatch.setattr(GameScreen, "_show", spy_show)
    monkeypatch.setattr(OptionPicker, "set_options", spy_set_options)
    monkeypatch.setattr(TableGameScreen, "refresh_position", spy_refresh)
    app = BoardgamesApp(table=me, delay=2.0)    # time to look at the bot's first turn
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert me.bot_to_move() and not me.match.history
        text = screen_text(app)
        assert "Waiting for Bob (bot, seat 2)…" in text
        assert prompt_text_of(me.match.decision()) not in text
        assert hand_ids(screen) == view_hand(me, 0)
        screen.delay = 0.05     # from the next bot choice on; each is still drawn before the next
        mine = bot_cards = 0
        while (sum(r.player == 1 for r in me.match.history) < 8 or mine < 3) and not me.match.is_over():
            await wait_for(pilot, lambda: me.my_turn() or me.match.is_over(), tries=1000)
            if me.match.is_over():
                break
            await settle(pilot)
            bot_hand = [c["id"] for c in me.match.view(1)["players"][1]["hand"]]
            assert hand_ids(screen) == view_hand(me, 0) and not set(bot_hand) & set(hand_ids(screen))
            bot_cards += len(bot_hand)
            assert screen.choose(me.match.decision().options[0].key)
            mine += 1
        bot_turns = sum(r.player == 1 for r in me.match.history)
        assert bot_turns >= 8 and mine >= 3 and bot_cards    # the bot played on, Alice alone connected
        assert TableStore(store_path).read(code).keys == [r.key for r in me.match.history]
    bot_drawn = [t for t in drawn if t[0] == 1]
    assert bot_drawn and all(t[1:] == (0, 0, None) for t in bot_drawn)
    assert all(not opts for who, opts in offered if who == 1)
    bot_prompts = [(d, line) for d, line in prompts if d is not None and d.player == 1]
    assert len(bot_prompts) >= 8
    for d, line in bot_prompts:
        assert line.startswith("Waiting for Bob (bot, seat 2)…")
        assert not d.private or prompt_text_of(d) not in line


def prompt_text_of(d) -> str:
    from boardgames_tui.ui.screens.game import prompt_text
    return prompt_text(d.prompt, "")

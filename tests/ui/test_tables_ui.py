"""Tables in the app (Pilot, 80x24): two terminals (two apps, two connections) at one Evolution table
that the test's table server holds (the ``table_server`` fixture).  The screens are clients: what they
show comes from the server's ``state`` pushes only; the true match is looked at on the server's side."""
from __future__ import annotations

import html
import json
import random
import re

import pytest

from boardgames_tui.engine.session import BOT, HUMAN, Seat
from boardgames_tui.table_cli import join_link
from boardgames_tui.tables import client
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.table_game import TableGameScreen
from ui_helpers import evolution_available, notes, scores_shown, settle, wait_for

pytestmark = pytest.mark.skipif(not evolution_available(), reason="Evolution rules not written yet")

SIZE = (80, 24)
TRIES = 1000   # wait_for's tries (10 ms each): a server's push arrives in milliseconds


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def table(server, kinds=(HUMAN, HUMAN), seed=5) -> str:
    seats = [Seat(n, c, k, "easy" if k == BOT else "random")
             for n, c, k in zip(["Alice", "Bob", "Carl"], ["red", "blue", "green"], kinds)]
    return server.create("evolution", seats, seed)


def link(monkeypatch, code: str, player: str, seat: int | None = None, watch: bool = False):
    """``join CODE [--seat K] [--watch]`` as ``player`` (seat 0-based): the app's TableLink."""
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", player)
    return join_link(code, seat, watch)


def true_match(server, code: str):
    """The match as the server holds it (tests only: no client can ask for this); a table nobody
    joined yet is replayed from the store."""
    from boardgames_tui.tables.served import ServedTable

    def get():
        live = server.server.live.get(code)
        return live.table.match if live is not None else ServedTable(server.server.store(), code).match
    return server.call(get)


def true_n(server, code: str) -> int:
    return len(true_match(server, code).history)


def hand_ids(screen) -> list[int]:
    return [c["id"] for c in screen.board._hand()]


def true_hand(server, code: str, seat: int) -> list[int]:
    return [c["id"] for c in true_match(server, code).view(seat)["players"][seat]["hand"]]


def private_lines(server, code: str, seat: int) -> list[str]:
    """What the log tells ``seat`` that it tells nobody else (its dealt cards)."""
    log = true_match(server, code).log()
    return [e.for_viewer(seat) for e in log if e.for_viewer(seat) != e.for_viewer(None)]


def options(screen) -> list[str]:
    return [o.key for o in screen.picker.visible_options]


async def shown_at(pilot, screen, n: int) -> None:
    """Wait until ``screen`` shows the position after ``n`` choices (and is drawn)."""
    await wait_for(pilot, lambda: screen.remote.n == n and screen.table.sent_at is None, tries=TRIES)
    await settle(pilot)


async def test_two_terminals_each_see_their_own_hand_and_follow_each_other(table_server, monkeypatch):
    code = table(table_server)
    la, lb = link(monkeypatch, code, "alice", 0), link(monkeypatch, code, "bob", 1)
    app_a, app_b = BoardgamesApp(table=la), BoardgamesApp(table=lb)
    async with app_a.run_test(size=SIZE) as pa, app_b.run_test(size=SIZE) as pb:
        await settle(pa)
        await settle(pb)
        sa, sb = app_a.screen, app_b.screen
        assert isinstance(sa, TableGameScreen) and isinstance(sb, TableGameScreen)
        # No curtain at either terminal.
        assert sa.curtain_for is None and sb.curtain_for is None
        assert not sa.query_one("#curtain").display and not sb.query_one("#curtain").display
        # Each its own hand, never the other's: the board, and the log's private lines.
        assert hand_ids(sa) == true_hand(table_server, code, 0)
        assert hand_ids(sb) == true_hand(table_server, code, 1)
        assert not set(hand_ids(sa)) & set(hand_ids(sb))   # card ids are unique
        text_a, text_b = screen_text(app_a), screen_text(app_b)
        for line in private_lines(table_server, code, 1):
            assert line[:40] not in text_a
        for line in private_lines(table_server, code, 0):
            assert line[:40] not in text_b
        # The start player decides; the other terminal waits and is told for whom.
        first = true_match(table_server, code).decision().player
        (sc1, ap1, p1), (sc2, ap2, p2) = ((sa, app_a, pa), (sb, app_b, pb))[::1 if first == 0 else -1]
        names = {0: "Alice (seat 1)", 1: "Bob (seat 2)"}
        assert sc1.my_turn() and not sc2.my_turn()
        assert sc2.picker.visible_options == [] and sc1.picker.visible_options
        assert f"Waiting for {names[first]}" in screen_text(ap2)
        # A food card chosen at one terminal; the other follows.
        key = options(sc1)[0]
        assert sc1.choose(key)
        await shown_at(p2, sc2, 1)
        await shown_at(p1, sc1, 1)
        assert sc2.my_turn() and options(sc2) == [o.key for o in true_match(table_server, code).decision().options]
        assert hand_ids(sc2) == true_hand(table_server, code, 1 - first)
        assert "Your turn." in notes(ap2)
        assert f"Waiting for {names[1 - first]}" in screen_text(ap1)
        # The card went face down: the other terminal does not show it.
        assert int(key.split(":")[1]) not in hand_ids(sc2)
        # The turn passes on at once: "Your turn." does not stay up while the other seat decides.
        assert sc2.choose(options(sc2)[0])
        await shown_at(p2, sc2, 2)
        assert not sc2.my_turn() and "Your turn." not in notes(ap2)


async def play_at(screens: dict, table_server, code: str, choices: int, rng: random.Random) -> int:
    """``choices`` random choices, each made at the screen whose seat decides (a dict seat ->
    (screen, pilot)); after each, every screen shows the new position.  Returns the count made."""
    made = 0
    for _ in range(choices):
        n = true_n(table_server, code)
        d = true_match(table_server, code).decision()
        if d is None:
            break
        screen, pilot = screens[d.player]
        assert screen.choose(rng.choice(options(screen)))
        made += 1
        for s, p in screens.values():
            await shown_at(p, s, n + 1)
    return made


async def test_one_person_at_two_terminals_each_shows_only_its_own_seat(table_server, monkeypatch):
    """One player name, ``join --seat 1`` at one terminal and ``--seat 2`` at another: at every
    decision each terminal shows its own seat's hand and options, never the other seat's (the
    seat-2 terminal once showed seat 1's hand)."""
    code = table(table_server, seed=7)
    l1, l2 = link(monkeypatch, code, "pat", 0), link(monkeypatch, code, "pat", 1)
    app1, app2 = BoardgamesApp(table=l1), BoardgamesApp(table=l2)
    rng = random.Random(3)
    async with app1.run_test(size=SIZE) as p1, app2.run_test(size=SIZE) as p2:
        await settle(p1)
        await settle(p2)
        s1, s2 = app1.screen, app2.screen
        deciders = set()
        for _ in range(12):
            d = true_match(table_server, code).decision()
            assert d is not None
            deciders.add(d.player)
            for seat, s in ((0, s1), (1, s2)):
                assert s.remote.viewer == seat and s.viewer == seat
                assert s._shown_viewer == seat
                assert hand_ids(s) == true_hand(table_server, code, seat)
                assert s.my_turn() == (d.player == seat)
                assert bool(options(s)) == (d.player == seat)
            assert not set(hand_ids(s1)) & set(hand_ids(s2))
            await play_at({0: (s1, p1), 1: (s2, p2)}, table_server, code, 1, rng)
        assert deciders == {0, 1}


async def test_without_a_seat_a_player_of_two_seats_follows_whichever_decides(table_server, monkeypatch):
    code = table(table_server, seed=8)
    for seat in (0, 1):   # pat holds both seats
        link(monkeypatch, code, "pat", seat).conn.close()
    both = link(monkeypatch, code, "pat")
    app = BoardgamesApp(table=both)
    rng = random.Random(4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.remote.held == [0, 1]
        deciders = set()
        for _ in range(10):
            d = true_match(table_server, code).decision()
            deciders.add(d.player)
            assert screen.my_turn() and screen.viewer == d.player
            assert hand_ids(screen) == true_hand(table_server, code, d.player)
            assert options(screen) == [o.key for o in d.options]
            await play_at({0: (screen, pilot), 1: (screen, pilot)}, table_server, code, 1, rng)
        assert deciders == {0, 1}


async def test_undo_takes_back_at_every_terminal(table_server, monkeypatch):
    code = table(table_server)
    la, lb = link(monkeypatch, code, "alice", 0), link(monkeypatch, code, "bob", 1)
    app_a, app_b = BoardgamesApp(table=la), BoardgamesApp(table=lb)
    async with app_a.run_test(size=SIZE) as pa, app_b.run_test(size=SIZE) as pb:
        await settle(pa)
        await settle(pb)
        screens = {0: (app_a.screen, pa), 1: (app_b.screen, pb)}
        # the first options for whoever decides, until a choice may be taken back by its maker
        for _ in range(60):
            d = true_match(table_server, code).decision()
            await play_at(screens, table_server, code, 1, random.Random(0))
            me, pm = screens[d.player]
            if me.remote.can_undo()[0]:
                break
        else:
            pytest.fail("no choice that may be taken back in 60")
        other, po = screens[1 - d.player]
        n = true_n(table_server, code)
        await pm.press("u")
        await shown_at(pm, me, n - 1)
        assert "Undone." in notes(me.app)
        await shown_at(po, other, n - 1)
        assert true_n(table_server, code) == n - 1
        assert me.my_turn() and options(me) == [o.key for o in true_match(table_server, code).decision().options]
        assert not other.my_turn()


async def test_undo_refused_after_another_seat_chose(table_server, monkeypatch):
    code = table(table_server)
    first = true_match(table_server, code).decision().player
    me = link(monkeypatch, code, "alice", first)
    other, _, state = client.join(code, 1 - first, False, player="bob")
    app = BoardgamesApp(table=me)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.choose(options(screen)[0])
        await shown_at(pilot, screen, 1)
        # the other seat chooses at its own terminal
        while state["n"] < 1 or not state["decision"]["mine"]:
            state = other.pushed.pop(0) if other.pushed else other.read()
        other.send({"t": "choose", "key": state["decision"]["options"][0][0], "n": state["n"]})
        await shown_at(pilot, screen, 2)
        await pilot.press("u")
        await wait_for(pilot, lambda: any("Cannot undo" in n for n in notes(app)))
        assert true_n(table_server, code) == 2
        other.close()


async def test_a_bot_seat_is_played_by_the_server_with_one_human_connected(table_server, monkeypatch):
    """The server plays the bot seat; this terminal only waits for it ("Waiting for Bob (bot, seat 2)…"
    on Alice's own view), is never offered the bot's options, and plays on when its turn comes."""
    from boardgames_tui.ui.screens.game import GameScreen

    code = table(table_server, kinds=(HUMAN, BOT))     # seed 5: the bot seat chooses first
    drawn: list[tuple] = []    # (the decider, the view's viewer, the options offered, the prompt)
    refresh = TableGameScreen.refresh_position

    def spy(self):
        refresh(self)
        d = self.remote.decision()
        drawn.append((d.player if d else None, self._shown_viewer, options(self),
                      str(self.query_one("#prompt").content)))

    monkeypatch.setattr(TableGameScreen, "refresh_position", spy)
    me = link(monkeypatch, code, "alice", 0)
    app = BoardgamesApp(table=me, delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen._make_bots() == []
        mine = 0
        while mine < 4:
            await wait_for(pilot, lambda: screen.my_turn() or screen.remote.is_over(), tries=TRIES)
            if screen.remote.is_over():
                break
            await settle(pilot)
            assert hand_ids(screen) == true_hand(table_server, code, 0)
            n = screen.remote.n
            assert screen.choose(options(screen)[0])
            mine += 1
            await wait_for(pilot, lambda: screen.remote.n > n, tries=TRIES)
        m = true_match(table_server, code)
        assert mine == 4 and sum(r.player == 1 for r in m.history) >= 2   # the bot played on
    bots = [t for t in drawn if t[0] == 1]
    assert bots and all(v == 0 and opts == [] for _, v, opts, _ in bots)
    assert all(line.startswith("Waiting for Bob (bot, seat 2)…") for *_, line in bots)


async def test_a_spectator_sees_no_hand_and_follows(table_server, monkeypatch):
    code = table(table_server)
    first = true_match(table_server, code).decision().player
    player, _, state = client.join(code, first, False, player="alice")
    watcher = link(monkeypatch, code, "carl", watch=True)
    app = BoardgamesApp(table=watcher)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.remote.watch and screen.remote.held == []
        assert screen.board._hand() == [] and screen.picker.visible_options == []
        text = screen_text(app)
        for seat in (0, 1):
            for line in private_lines(table_server, code, seat):
                assert line[:40] not in text
        player.send({"t": "choose", "key": state["decision"]["options"][0][0], "n": 0})
        await shown_at(pilot, screen, 1)
        assert screen.board._hand() == [] and screen.picker.visible_options == []
        assert not screen.choose("food:1")
        await wait_for(pilot, lambda: "It is not your turn to choose." in notes(app))
        await pilot.press("u")
        await wait_for(pilot, lambda: any("Cannot undo" in n for n in notes(app)))
        assert true_n(table_server, code) == 1
        player.close()


def option_text(app, list_id: str, option_id: str) -> str:
    return str(app.screen.query_one(list_id).get_option(option_id).prompt)


def claim(server, code: str, seat: int, player: str) -> None:
    assert server.call(lambda: server.server.store().claim(code, seat, player))


async def test_the_menu_says_your_turn_and_the_tables_screen_joins(table_server, monkeypatch):
    from boardgames_tui.ui.screens.dialogs import ConfirmScreen
    from boardgames_tui.ui.screens.menu import MenuScreen

    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "alice")
    codes = [table(table_server, seed=s) for s in (5, 6, 7)]
    for code in codes[:2]:     # alice holds the deciding seat at two tables
        claim(table_server, code, true_match_decider(table_server, code), "alice")
    full = codes[2]            # the third is full: both seats are other players'
    claim(table_server, full, 0, "bob")
    claim(table_server, full, 1, "carl")
    app = BoardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Your turn at 2 tables" in option_text(app, "#menu", "tables")
        await pilot.press("t")
        await wait_for(pilot, lambda: bool(app.screen.query("#tables")) and any(
            (o.id or "").startswith("t:") for o in app.screen.query_one("#tables").options))
        lines = [str(o.prompt) for o in app.screen.query_one("#tables").options if (o.id or "").startswith("t:")]
        assert len(lines) == 3 and all(len(ln) <= 80 for ln in lines)
        assert sum(ln.startswith("*") and "your turn" in ln for ln in lines) == 2
        # Enter on the full table: refused in one notify line, the screen stays.
        lst = app.screen.query_one("#tables")
        lst.highlighted = next(i for i, o in enumerate(lst.options) if full in str(o.prompt))
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("no free seat" in n for n in notes(app)))
        assert all("\n" not in n for n in notes(app))
        # w watches it.
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, TableGameScreen))
        assert app.screen.remote.watch and app.screen.remote.code == full
        # q leaves it for the menu; Enter on a table of hers joins her seat there.
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert f"join {full}" in screen_text(app)      # the table waits; how to come back
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("t")
        await wait_for(pilot, lambda: bool(app.screen.query("#tables")) and any(
            (o.id or "").startswith("t:") for o in app.screen.query_one("#tables").options))
        lst = app.screen.query_one("#tables")
        lst.highlighted = next(i for i, o in enumerate(lst.options) if codes[0] in str(o.prompt))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TableGameScreen))
        screen = app.screen
        await settle(pilot)
        assert screen.remote.code == codes[0] and screen.my_turn() and options(screen)


def true_match_decider(server, code: str) -> int:
    return true_match(server, code).decision().player


async def test_new_table_from_the_menu(table_server, monkeypatch):
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "alice")
    app = BoardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Your turn" not in option_text(app, "#menu", "tables")
        await pilot.press("t")
        await wait_for(pilot, lambda: any(o.id == "new:evolution" for o in app.screen.query_one("#tables").options)
                       if app.screen.query("#tables") else False)
        lst = app.screen.query_one("#tables")
        lst.highlighted = next(i for i, o in enumerate(lst.options) if o.id == "new:evolution")
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(app.screen.query("#seed-row")))
        # A table's seed is the server's: the form has no Seed field for it.
        assert not app.screen.query_one("#seed-row").display
        assert "Seed" not in screen_text(app)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableGameScreen))
        code = app.screen.remote.code
        info = table_server.call(lambda: table_server.server.store().info(code))
        assert info.game == "evolution" and info.seats[0].player == "alice" and info.n == 0
        assert any(code in n for n in notes(app))
        assert app.screen.curtain_for is None


def play_out(code: str, seat: int, player: str, rng: random.Random) -> None:
    """Random choices for ``seat`` on a connection of its own (the seat's player at another
    terminal) until the game is over; the other seats are bots the server plays."""
    conn, _, state = client.join(code, seat, False, player=player)
    try:
        while state["decision"] is not None:
            d = state["decision"]
            if d["mine"]:
                conn.send({"t": "choose", "key": rng.choice(d["options"])[0], "n": state["n"]})
            state = next_state(conn, state)
    finally:
        conn.close()


def next_state(conn: client.Connection, now: dict) -> dict:
    """The first state pushed after ``now`` (its choice count or generation moved)."""
    while True:
        m = conn.pushed.pop(0) if conn.pushed else conn.read()
        if m["t"] == "state" and (m["n"], m["gen"]) != (now["n"], now["gen"]):
            return m


async def test_the_score_screen_at_the_end(table_server, monkeypatch, data_dir):
    """The game ends (its last choices made at the seat's other terminal, the bot's at the server):
    this terminal asks the server for the whole record and shows the scores; Save then writes that
    record, an ordinary save file."""
    import asyncio

    from boardgames_tui.engine import save as saves
    from boardgames_tui.ui.screens.dialogs import SaveScreen

    code = table(table_server, kinds=(HUMAN, BOT))
    me = link(monkeypatch, code, "alice", 0)
    app = BoardgamesApp(table=me, delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await asyncio.to_thread(play_out, code, 0, "alice", random.Random(2))
        await wait_for(pilot, lambda: scores_shown(app), tries=3000)
        assert table_server.call(lambda: table_server.server.store().info(code)).over
        m = true_match(table_server, code)
        assert screen.remote.final is not None and screen.remote.final.scores() == m.scores()
        assert app.screen.scores == m.scores()
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        app.screen.query_one("#path").value = "the end"
        app.screen.query_one("#path").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: (data_dir / "saves" / "the end.json").is_file())
        saved = saves.load(data_dir / "saves" / "the end.json")
        assert saved.is_over() and saved.scores() == m.scores() and saved.seed == m.seed
        assert any("the game's record" in n for n in notes(app))


async def test_enter_at_the_end_before_the_record_came(table_server, monkeypatch):
    """Over, but the record not (yet) taken in: Enter says the scores are on their way and asks
    again; nothing a client does not hold is asked of it (this crashed: the scores of a RemoteMatch)."""
    import asyncio

    from boardgames_tui.tables.remote import RemoteMatch

    code = table(table_server, kinds=(HUMAN, BOT))
    asked: list[bool] = []
    monkeypatch.setattr(RemoteMatch, "take_record", lambda self, record: asked.append(True) or False)
    me = link(monkeypatch, code, "alice", 0)
    app = BoardgamesApp(table=me, delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await asyncio.to_thread(play_out, code, 0, "alice", random.Random(5))
        await wait_for(pilot, lambda: screen.remote.is_over() and asked, tries=3000)
        await settle(pilot)
        assert "scores are on their way" in str(screen.query_one("#prompt").content)
        await pilot.press("enter")
        await wait_for(pilot, lambda: "The scores are on their way…" in notes(app) and len(asked) >= 2)
        assert app.screen is screen and screen.is_mounted


async def test_a_hint_is_for_its_own_decision_only(table_server, monkeypatch):
    """h at a table: the server's hint for the viewer's decision; refused while another seat
    decides; gone once the turn passes."""
    code = table(table_server)
    first = true_match_decider(table_server, code)
    lm = link(monkeypatch, code, "alice", first)
    lw = link(monkeypatch, code, "bob", 1 - first)
    app_m, app_w = BoardgamesApp(table=lm), BoardgamesApp(table=lw)
    async with app_m.run_test(size=SIZE) as pm, app_w.run_test(size=SIZE) as pw:
        await settle(pm)
        await settle(pw)
        sm, sw = app_m.screen, app_w.screen
        await pw.press("h")
        await settle(pw)
        assert not sw.query_one("#hint").display and any("No hint now" in n for n in notes(app_w))
        await pm.press("h")
        await wait_for(pm, lambda: sm.query_one("#hint").display)
        h = sm._hint
        assert h is not None and h[0] == 0 and h[1].key in options(sm)
        assert sm.picker.highlighted_option().key == h[1].key
        await pm.press("enter")
        await shown_at(pm, sm, 1)
        assert [r.key for r in true_match(table_server, code).history] == [h[1].key]
        assert not sm.my_turn() and not sm.query_one("#hint").display   # waiting: no stale hint


async def load_in_menu(pilot, name: str):
    """The menu's Load (o), ``name`` typed and Enter: the dialog."""
    from boardgames_tui.ui.screens.dialogs import LoadScreen

    await settle(pilot)
    await pilot.press("o")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LoadScreen))
    dialog = pilot.app.screen
    dialog.query_one("#path").focus()
    dialog.query_one("#path").value = name
    await pilot.press("enter")
    return dialog


async def test_save_at_a_table_writes_a_bookmark_and_load_rejoins_it(table_server, monkeypatch, data_dir):
    from boardgames_tui.tables.bookmark import load_any
    from boardgames_tui.ui.screens.dialogs import SaveScreen

    code = table(table_server, seed=918273645)   # a seed no code or count can contain
    first = true_match_decider(table_server, code)
    me = link(monkeypatch, code, "alice", 1)
    other, _, state = client.join(code, 0, False, player="bob")
    app = BoardgamesApp(table=me)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        if first == 1:
            assert screen.choose(options(screen)[0])
            await shown_at(pilot, screen, 1)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        app.screen.query_one("#path").value = "evening"
        app.screen.query_one("#path").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TableGameScreen))
        path = data_dir / "saves" / "evening.json"
        assert path.is_file() and any("bookmark" in n for n in notes(app))
    seed = true_match(table_server, code).seed
    data = json.loads(path.read_text())
    assert data == {"format": "boardgames-tui-table", "format_version": 1, "game": "evolution",
                    "code": code, "seat": 2, "watch": False}
    raw = path.read_text()
    assert "seed" not in raw and "choices" not in raw and str(seed) not in raw
    got = load_any(path)
    assert (got.code, got.seat, got.watch) == (code, 1, False)
    n = true_n(table_server, code)
    # The menu's Load: the bookmark joins the table again, as seat 2.
    app = BoardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await load_in_menu(pilot, "evening")
        await wait_for(pilot, lambda: isinstance(app.screen, TableGameScreen))
        screen = app.screen
        await settle(pilot)
        assert screen.remote.code == code and screen.remote.held == [1] and screen.link.seat == 1
        assert screen.remote.n == n and hand_ids(screen) == true_hand(table_server, code, 1)
    # Another player's Load of it is refused in the dialog, in one line.
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "eve")
    app = BoardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await load_in_menu(pilot, "evening")
        await wait_for(pilot, lambda: "taken by alice" in str(dialog.query_one("#path-error").content))
        assert app.screen is dialog
    other.close()


async def test_the_server_gone_and_back(table_server, monkeypatch, tmp_path):
    """The server stops: the screen says so in one line and waits; a server started again on the
    same socket and store: the screen rejoins and shows the table at the same position."""
    RunningServer = type(table_server)   # tests/conftest.py's

    # No server started in the background by the screen's reconnect: the test starts it.
    class NotStarted:
        def poll(self):
            return 1

    monkeypatch.setattr(client, "start_server", lambda path: NotStarted())
    code = table(table_server)
    first = true_match_decider(table_server, code)
    me = link(monkeypatch, code, "alice", first)
    app = BoardgamesApp(table=me)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.choose(options(screen)[0])
        await shown_at(pilot, screen, 1)
        hand = hand_ids(screen)
        table_server.stop()
        await wait_for(pilot, lambda: screen._gone, tries=TRIES)
        await settle(pilot)
        prompt = str(screen.query_one("#prompt").content)
        assert "cannot be reached" in prompt and "\n" not in prompt
        assert "The table server cannot be reached; reconnecting…" in screen_text(app)
        assert not screen.my_turn() and screen.picker.visible_options == []
        assert not screen.choose("food:1")
        again = RunningServer(table_server.server.store_path, table_server.sock, bot_delay=0.0, bot_seconds=0.5)
        try:
            await wait_for(pilot, lambda: not screen._gone, tries=TRIES)
            await settle(pilot)
            assert any("Back at the table." in n for n in notes(app))
            assert screen.remote.n == 1 and hand_ids(screen) == hand
            assert "cannot be reached" not in str(screen.query_one("#prompt").content)
            # and it follows the table again: the other seat's choice shows here
            assert "Waiting for" in str(screen.query_one("#prompt").content)
            other, _, state = client.join(code, 1 - first, False, player="bob")
            other.send({"t": "choose", "key": state["decision"]["options"][0][0], "n": 1})
            await shown_at(pilot, screen, 2)
            other.close()
        finally:
            again.stop()

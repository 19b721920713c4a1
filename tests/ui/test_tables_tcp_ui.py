"""A table's screen over TCP: the app joins a table server's websocket with a token, shows its
seat's view, plays, hears the other player's choices, and reconnects over TCP when dropped."""
from __future__ import annotations

import asyncio

import pytest

from boardgames_tui.engine.session import HUMAN, Seat
from boardgames_tui.tables import client
from boardgames_tui.tables.wsclient import WsConnection
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.table_game import TableGameScreen
from ui_helpers import evolution_available, notes, wait_for

pytestmark = pytest.mark.skipif(not evolution_available(), reason="Evolution rules not written yet")

SIZE = (100, 30)


@pytest.fixture
def tcp_server(tcp_table_server):
    return tcp_table_server


def latest(conn: client.Connection, n: int) -> dict:
    while True:
        m = conn.pushed.pop(0) if conn.pushed else conn.read()
        if m["t"] == "state" and m["n"] >= n:
            return m


async def test_an_app_plays_a_table_over_tcp_and_reconnects(tcp_server, monkeypatch):
    import boardgames_tui.ui.screens.table_game as tg
    monkeypatch.setattr(tg, "RECONNECT_EVERY", 0.05)
    seats = [Seat("Ann", "red", HUMAN), Seat("Ben", "blue", HUMAN)]
    code = tcp_server.create("evolution", seats, seed=5)
    conn, _, state = client.join(code, 0, False, server=tcp_server.url, token=tcp_server.token['alice'])
    assert isinstance(conn, WsConnection)
    link = client.TableLink(conn, code, 0, False, state, server=tcp_server.url, token=tcp_server.token['alice'])
    bob, _, sb = client.join(code, 1, False, server=tcp_server.url, token=tcp_server.token['bob'])
    app = BoardgamesApp(table=link)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableGameScreen))
        screen = app.screen
        assert screen.remote.code == code and screen.remote.viewer == 0
        assert [c["id"] for c in screen.board._hand()] == [c["id"] for c in state["view"]["players"][0]["hand"]]
        for _ in range(6):   # alice at the screen, bob over his own websocket
            r = screen.remote
            n = r.n
            if r.decision().player == 0:
                await wait_for(pilot, lambda: screen.human_to_act())
                assert screen.choose(r.decision().options[0].key)
                sb = await asyncio.to_thread(latest, bob, n + 1)           # bob hears alice's choice
            else:
                bob.send({"t": "choose", "key": sb["decision"]["options"][0][0], "n": sb["n"]})
                sb = await asyncio.to_thread(latest, bob, n + 1)
            await wait_for(pilot, lambda: screen.remote.n >= n + 1, tries=500)   # and the screen hears both
        # the server drops the screen's websocket: it reconnects over TCP, as alice again
        def drop() -> None:
            for c in list(tcp_server.server.conns):
                if c.player == "alice":
                    c.close()
        tcp_server.loop.call_soon_threadsafe(drop)
        await wait_for(pilot, lambda: "Back at the table." in notes(app), tries=1000)
        assert not screen._gone and screen.remote.viewer == 0
        n = screen.remote.n
        if screen.remote.decision().player == 1:
            bob.send({"t": "choose", "key": sb["decision"]["options"][0][0], "n": sb["n"]})
        else:
            await wait_for(pilot, lambda: screen.human_to_act())
            assert screen.choose(screen.remote.decision().options[0].key)
        await wait_for(pilot, lambda: screen.remote.n == n + 1, tries=500)
    bob.close()

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
from ui_helpers import evolution_available, settle, wait_for

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
        assert not set(view_hand(a, 1)) & set(hand_ids(sa)) or view_hand(a, 1) == []
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
        assert f"Waiting for {names[1 - first]}" in screen_text(ap1)
        # The card went face down: the other terminal does not show it.
        assert int(key.split(":")[1]) not in hand_ids(sc2)

"""The table server over its Unix socket: joins, choices pushed to the other seats, a seat bound to
the terminal that joined it, refusals in one line, the seed never chosen by a player."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.session import BOT, HUMAN, Seat
from boardgames_tui.tables import client, wire

GAME = "evolution"
N_STUCK = 300


def seats(*kinds: str) -> list[Seat]:
    names, colours = ["Ann", "Ben", "Cid"], ["red", "blue", "green"]
    return [Seat(n, c, k, "easy" if k == BOT else "random") for n, c, k in zip(names, colours, kinds)]


def hand(state: dict, seat: int) -> list:
    return state["view"]["players"][seat]["hand"]


def next_state(conn: client.Connection) -> dict:
    while True:
        m = conn.pushed.pop(0) if conn.pushed else conn.read()
        if m["t"] == "state":
            return m


def latest(conn: client.Connection, n: int) -> dict:
    """The first state pushed at choice count ``n`` or later."""
    while True:
        s = next_state(conn)
        if s["n"] >= n:
            return s


def test_a_choice_reaches_the_other_seat_and_each_sees_only_its_hand(table_server):
    code = table_server.create(GAME, seats(HUMAN, HUMAN), seed=5)
    a, joined, sa = client.join(code, 0, False, table_server.sock, player="ann")
    b, _, sb = client.join(code, 1, False, table_server.sock, player="ben")
    assert joined["seats"] == [0]
    assert hand(sa, 0) and hand(sa, 1) is None     # Evolution's view: another's hand is not there
    assert hand(sb, 1) and hand(sb, 0) is None
    mine, other = (a, b) if sa["decision"]["mine"] else (b, a)
    s = sa if mine is a else sb
    assert s["decision"]["options"]
    key = s["decision"]["options"][0][0]
    mine.send({"t": "choose", "key": key, "n": s["n"]})
    assert latest(other, s["n"] + 1)["n"] == s["n"] + 1
    assert latest(mine, s["n"] + 1)["n"] == s["n"] + 1
    for c in (a, b):
        c.close()


def test_a_terminal_is_bound_to_the_seat_it_joined(table_server):
    # One person (one player name) at two terminals, --seat 1 and --seat 2: each shows only its own
    # seat's view and options, whoever decides.
    code = table_server.create(GAME, seats(HUMAN, HUMAN), seed=7)
    one, _, s1 = client.join(code, 0, False, table_server.sock, player="pat")
    two, _, s2 = client.join(code, 1, False, table_server.sock, player="pat")
    r = random.Random(3)
    for _ in range(25):
        assert s1["viewer"] == 0 and s2["viewer"] == 1
        d1, d2 = s1["decision"], s2["decision"]
        if d1 is None:
            break
        assert d1["mine"] == (d1["player"] == 0) and d2["mine"] == (d2["player"] == 1)
        assert (d1["options"] == []) == (d1["player"] != 0)
        assert (d2["options"] == []) == (d2["player"] != 1)
        conn, s = (one, s1) if d1["player"] == 0 else (two, s2)
        conn.send({"t": "choose", "key": r.choice(s["decision"]["options"])[0], "n": s["n"]})
        s1, s2 = latest(one, s["n"] + 1), latest(two, s["n"] + 1)
    # a choice for the other seat is refused with one line, nothing changed
    d = s1["decision"]
    conn = two if d["player"] == 0 else one
    with pytest.raises(client.ClientError, match="turn, not yours"):
        conn.request({"t": "choose", "key": "x", "n": s1["n"]})
    one.close()
    two.close()


def test_without_a_seat_a_player_of_two_seats_follows_whichever_decides(table_server):
    code = table_server.create(GAME, seats(HUMAN, HUMAN), seed=8)
    client.join(code, 0, False, table_server.sock, player="pat")[0].close()
    client.join(code, 1, False, table_server.sock, player="pat")[0].close()
    both, joined, s = client.join(code, None, False, table_server.sock, player="pat")
    assert joined["seats"] == [0, 1]
    assert s["viewer"] == s["decision"]["player"] and s["decision"]["mine"]
    both.close()


def test_the_seed_is_never_chosen_over_the_wire(table_server):
    with pytest.raises(client.ClientError, match="seed is drawn by the server"):
        client.request({"t": "new", "game": GAME, "seats": [s.to_json() for s in seats(HUMAN, HUMAN)],
                        "seed": 7}, table_server.sock)
    code = client.request({"t": "new", "game": GAME, "seats": [s.to_json() for s in seats(HUMAN, HUMAN)]},
                          table_server.sock)["code"]
    conn, _, s = client.join(code, 0, False, table_server.sock, player="ann")
    raw = wire.encode(s).decode()
    seed = table_server.call(lambda: table_server.server.live[code].table.match.seed)
    assert '"seed"' not in raw and str(seed) not in raw
    conn.close()


def test_a_client_of_another_version_is_refused_in_one_line(table_server):
    import socket
    s = socket.socket(socket.AF_UNIX)
    s.connect(str(table_server.sock))
    s.sendall(wire.encode({"t": "hello", "v": wire.VERSION + 1, "player": "ann"}))
    reply = wire.decode(s.makefile("rb").readline())
    assert reply["t"] == "error" and "speaks protocol 1" in reply["line"] and "\n" not in reply["line"]
    s.close()


def test_refusals_are_one_line(table_server):
    code = table_server.create(GAME, seats(HUMAN, BOT), seed=5)
    conn = client.Connection.open(table_server.sock, player="ann")
    for msg, words in [({"t": "join", "code": "ZZZZZZ"}, "no table"),
                       ({"t": "join", "code": code, "seat": 1}, "is a bot's"),
                       ({"t": "join", "code": code, "seat": 5}, "has seats 1 to 2"),
                       ({"t": "choose", "key": "x", "n": 0}, "join a table first"),
                       ({"t": "fly"}, "unknown request")]:
        with pytest.raises(client.ClientError, match=words) as e:
            conn.request(msg)
        assert "\n" not in str(e.value)
    conn.close()
    other = client.Connection.open(table_server.sock, player="bob")
    client.join(code, 0, False, table_server.sock, player="ann")[0].close()
    with pytest.raises(client.ClientError, match="taken by ann"):
        other.request({"t": "join", "code": code, "seat": 0})
    other.close()


def test_a_seat_given_up_can_be_claimed_again(table_server):
    code = table_server.create(GAME, seats(HUMAN, HUMAN), seed=5)
    client.join(code, 0, False, table_server.sock, player="ann")[0].close()
    with pytest.raises(client.ClientError, match="not yours to give up"):
        client.Connection.open(table_server.sock, player="bob").request({"t": "leave", "code": code, "seat": 0})
    client.Connection.open(table_server.sock, player="ann").request({"t": "leave", "code": code, "seat": 0})
    conn, joined, _ = client.join(code, 0, False, table_server.sock, player="bob")
    assert joined["seats"] == [0]
    conn.close()


def test_bots_play_at_the_server_with_nobody_connected(table_server):
    code = table_server.create(GAME, [Seat("B1", "red", BOT, "random"), Seat("B2", "blue", BOT, "random")], seed=3)
    conn, _, s = client.join(code, None, True, table_server.sock, player="eve")
    assert s["watch"] and s["viewer"] is None
    while s["decision"] is not None:
        s = next_state(conn)
    conn.close()
    assert table_server.call(lambda: table_server.server.live[code].table.match.is_over())


def test_undo_is_taken_back_at_every_terminal(table_server):
    code = table_server.create(GAME, seats(HUMAN, HUMAN), seed=5)
    a, _, sa = client.join(code, 0, False, table_server.sock, player="ann")
    b, _, sb = client.join(code, 1, False, table_server.sock, player="ben")
    mine, s = (a, sa) if sa["decision"]["mine"] else (b, sb)
    other = b if mine is a else a
    for _ in range(10):   # to a choice that reveals nothing
        mine.send({"t": "choose", "key": s["decision"]["options"][0][0], "n": s["n"]})
        s = latest(mine, s["n"] + 1)
        if s["undo"][0]:
            break
        if not s["decision"]["mine"]:
            pytest.fail("no undoable choice in 10")
    n = s["n"]
    mine.send({"t": "undo"})
    assert latest(mine, 0)["n"] == n - 1
    while True:
        o = next_state(other)
        if o["n"] == n - 1 and o["gen"] == 1:
            break
    a.close()
    b.close()


def test_a_client_that_does_not_read_holds_up_nobody(table_server):
    # A spectator whose terminal stopped reading (a frozen ssh link): the table's pushes pile up in
    # its connection, not in front of the players' (the server never waits for one client).
    import socket

    code = table_server.create("civilization", [Seat("Ann", "red"), Seat("Ben", "blue")], seed=4)
    stuck = socket.socket(socket.AF_UNIX)
    stuck.connect(str(table_server.sock))
    stuck.sendall(wire.encode({"t": "hello", "v": wire.VERSION, "player": "eve"})
                  + wire.encode({"t": "join", "code": code, "watch": True}))
    a, _, sa = client.join(code, 0, False, table_server.sock, player="ann")
    b, _, sb = client.join(code, 1, False, table_server.sock, player="ben")
    states = {0: sa, 1: sb}
    r = random.Random(2)
    for _ in range(N_STUCK):   # megabytes of Civilization positions to the spectator, never read
        s = next(s for s in states.values() if s["decision"]["mine"])
        conn = a if s["viewer"] == 0 else b
        conn.send({"t": "choose", "key": r.choice(s["decision"]["options"])[0], "n": s["n"]})
        states = {0: latest(a, s["n"] + 1), 1: latest(b, s["n"] + 1)}
    assert states[0]["n"] == N_STUCK
    for c in (a, b, stuck):
        c.close()


def test_a_client_starts_the_server_when_none_answers_and_it_leaves_when_idle(tmp_path, monkeypatch):
    # The embedded default, the way tmux starts its server: no set-up, and no process left behind.
    import time
    from pathlib import Path

    from boardgames_tui.tables import address

    monkeypatch.setenv("BOARDGAMES_TUI_IDLE_EXIT", "1")
    path = address.socket_path()
    assert not path.exists()
    created = client.request({"t": "new", "game": GAME, "seats": [s.to_json() for s in seats(HUMAN, HUMAN)]})
    assert created["t"] == "created"
    listed = client.request({"t": "list"}, start=False)            # the same server answers
    assert [t["code"] for t in listed["tables"]] == [created["code"]]
    def servers() -> list[str]:   # processes serving this socket, by their command line
        out = []
        for p in Path("/proc").iterdir():
            try:
                if p.name.isdigit() and str(path).encode() in (p / "cmdline").read_bytes():
                    out.append(p.name)
            except OSError:
                pass
        return out

    assert len(servers()) == 1
    t_end = time.monotonic() + 20
    while path.exists():     # it removes its socket as it exits, a second after its last client
        assert time.monotonic() < t_end, "the embedded server did not leave when idle"
        time.sleep(0.05)
    with pytest.raises(client.ClientError, match="no table server answers"):
        client.request({"t": "list"}, start=False)
    while servers():      # and the process is gone
        assert time.monotonic() < t_end, "the embedded server's process is still there"
        time.sleep(0.05)


def test_a_bookmark_of_a_tcp_table_is_joined_only_through_a_server_the_player_names(tmp_path, monkeypatch):
    # A hostile bookmark must not send the player's token to a server of its choosing.
    import json

    from boardgames_tui import cli
    from boardgames_tui.engine.save import SaveError
    from boardgames_tui.tables.bookmark import bookmark_of, load_any, write_bookmark

    path = write_bookmark(tmp_path / "b.json", "K7QX2M", 1, False, "evolution", "ws://elsewhere:9/tables")
    data = json.loads(path.read_text())
    assert data["server"] == "ws://elsewhere:9/tables" and "token" not in json.dumps(data)
    b = load_any(path)
    assert b == bookmark_of(data) and b.server == "ws://elsewhere:9/tables" and b.seat == 1
    with pytest.raises(SaveError, match="join it with `boardgames-tui join K7QX2M --server LINK`"):
        b.check_reachable(None)
    b.check_reachable("ws://mine:1/tables")   # named by the player: that server decides
    assert cli.main(["resume", str(path)]) == 2   # refused in one line, nothing contacted
    local = load_any(write_bookmark(tmp_path / "c.json", "K7QX2M", None, True))
    local.check_reachable(None)                # the host's own server: nothing to guard

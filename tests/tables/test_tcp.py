"""The table server over TCP (``serve --listen``): a websocket at /tables, each player's token in
the hello deciding who the connection is, refusals in one line, foreign Host names refused, no
token ever written but in the start-up lines."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import websocket  # websocket-client: a client that is not ours, for the protocol's edges

from boardgames_tui.engine.session import HUMAN, Seat
from boardgames_tui.tables import client, tcp, wire
from boardgames_tui.tables.wsclient import WsConnection, split_server
from test_server import latest

GAME = "evolution"
ALICE, BOB = "alice-token-0123456789abcdef", "bob-token-0123456789abcdefghi"   # tcp_table_server's
ROOT = Path(__file__).resolve().parents[2]


def seats() -> list[Seat]:
    return [Seat("Ann", "red", HUMAN), Seat("Ben", "blue", HUMAN)]


@pytest.fixture
def tcp_server(tcp_table_server):
    assert tcp_table_server.token == {"alice": ALICE, "bob": BOB} and tcp_table_server.port != 0
    return tcp_table_server


def raw(url: str, **kw) -> websocket.WebSocket:
    return websocket.create_connection(url, timeout=30, suppress_origin=True, **kw)


def say(ws: websocket.WebSocket, msg: dict) -> None:
    ws.send(wire.encode(msg).decode())


def hear(ws: websocket.WebSocket) -> dict:
    return wire.decode(ws.recv())


def closed_after(ws: websocket.WebSocket) -> bool:
    """The server closes the connection: the next frame is a close."""
    try:
        op, _ = ws.recv_data(control_frame=True)
    except websocket.WebSocketConnectionClosedException:
        return True
    return op == websocket.ABNF.OPCODE_CLOSE


def test_two_players_over_tcp_play_one_table_each_seeing_the_others_choices(tcp_server):
    code = tcp_server.create(GAME, seats(), seed=5)
    a, joined_a, sa = client.join(code, 0, False, server=tcp_server.url, token=ALICE)
    b, joined_b, sb = client.join(code, 1, False, server=f"{tcp_server.url}?token={BOB}")   # the printed link
    assert isinstance(a, WsConnection) and isinstance(b, WsConnection)
    assert (a.player, b.player) == ("alice", "bob")
    assert joined_a["seats"] == [0] and joined_b["seats"] == [1]
    assert sa["view"]["players"][0]["hand"] and sa["view"]["players"][1]["hand"] is None
    assert sb["view"]["players"][1]["hand"] and sb["view"]["players"][0]["hand"] is None
    r = random.Random(2)
    for _ in range(12):
        d = sa["decision"]
        if d is None:
            break
        conn, s = (a, sa) if d["player"] == 0 else (b, sb)
        key = r.choice(s["decision"]["options"])[0]
        conn.send({"t": "choose", "key": key, "n": s["n"]})
        sa, sb = latest(a, s["n"] + 1), latest(b, s["n"] + 1)   # each hears every choice
        assert sa["n"] == sb["n"] == s["n"] + 1
    assert sa["n"] >= 12
    info = tcp_server.call(lambda: tcp_server.server.store().info(code))
    assert [s.player for s in info.seats] == ["alice", "bob"]
    a.close()
    b.close()


def test_a_wrong_or_missing_token_is_refused_in_one_line_and_closed(tcp_server):
    for hello in ({"t": "hello", "v": 1, "token": "nope-nope-nope-nope-nope"},
                  {"t": "hello", "v": 1, "player": "alice"},
                  {"t": "hello", "v": 1, "token": ALICE[:-1]},
                  {"t": "hello", "v": 1, "token": 12345}):
        ws = raw(tcp_server.url)
        say(ws, hello)
        reply = hear(ws)
        assert reply["t"] == "error" and "token" in reply["line"] and "\n" not in reply["line"]
        assert ALICE not in json.dumps(reply)
        assert closed_after(ws)
        ws.close()
    with pytest.raises(client.ClientError, match="token"):
        client.open_connection(server=tcp_server.url, token="x" * 20)
    with pytest.raises(client.ClientError, match="token"):
        client.open_connection(server=tcp_server.url)


def test_the_player_is_the_tokens_whatever_the_hello_says(tcp_server):
    code = tcp_server.create(GAME, seats(), seed=5)
    b, _, _ = client.join(code, 1, False, server=tcp_server.url, token=BOB)
    ws = raw(tcp_server.url)
    say(ws, {"t": "hello", "v": 1, "token": ALICE, "player": "bob"})
    assert hear(ws) == {"t": "welcome", "v": 1, "player": "alice"}
    say(ws, {"t": "join", "code": code, "seat": 1, "id": 1})
    reply = hear(ws)
    assert reply["t"] == "error" and "taken by bob" in reply["line"]
    say(ws, {"t": "leave", "code": code, "seat": 1, "id": 2})
    assert "not yours to give up" in hear(ws)["line"]
    ws.close()
    b.close()


def test_a_foreign_host_name_is_refused(tcp_server):
    for host in ("evil.example", f"evil.example:{tcp_server.server.listen[1]}", "127.0.0.1.evil.example"):
        with pytest.raises(websocket.WebSocketBadStatusException) as e:
            raw(tcp_server.url, host=host)
        assert e.value.status_code == 403
    for host in (f"localhost:{tcp_server.server.listen[1]}", "127.0.0.1"):
        ws = raw(tcp_server.url, host=host)
        say(ws, {"t": "hello", "v": 1, "token": BOB})
        assert hear(ws)["player"] == "bob"
        ws.close()


def test_only_the_tables_path_is_served(tcp_server):
    with pytest.raises(websocket.WebSocketBadStatusException) as e:
        raw(tcp_server.url.replace("/tables", "/other"))
    assert e.value.status_code == 404


def test_a_connection_without_a_hello_is_closed(tcp_server, monkeypatch):
    monkeypatch.setattr(tcp, "HELLO_SECONDS", 0.2)
    ws = raw(tcp_server.url)
    assert "hello first" in hear(ws)["line"]    # the server's wait is bounded; nothing is said here
    assert closed_after(ws)


def test_a_message_over_the_size_limit_ends_the_connection(tcp_server, monkeypatch):
    monkeypatch.setattr(wire, "MAX_LINE", 1000)   # read when the websocket is set up
    ws = raw(tcp_server.url)
    say(ws, {"t": "hello", "v": 1, "token": ALICE})
    assert hear(ws)["t"] == "welcome"
    ws.send("x" * 2000)
    op, data = ws.recv_data(control_frame=True)   # closed with the websocket's own "too big"
    assert op == websocket.ABNF.OPCODE_CLOSE and int.from_bytes(data[:2], "big") == 1009


def test_links_and_listen_addresses_are_read_strictly():
    assert split_server("ws://h.example:80/tables?token=T0") == ("ws://h.example:80/tables", "T0")
    assert split_server("h.example:8765", "T1") == ("ws://h.example:8765/tables", "T1")
    assert split_server("ws://[::1]:8765/?token=T0", "T2") == ("ws://[::1]:8765/tables", "T2")
    for bad in ("http://h:1/", "ws://h/tables", "nonsense"):
        with pytest.raises(client.ClientError):
            split_server(bad)
    assert tcp.parse_listen("127.0.0.1:0") == ("127.0.0.1", 0)
    assert tcp.parse_listen("[::1]:8765") == ("::1", 8765)
    for bad in ("8765", "host:", ":80", "h:99999"):
        with pytest.raises(tcp.ListenError):
            tcp.parse_listen(bad)
    with pytest.raises(tcp.ListenError, match="--player"):
        tcp.make_tokens("0.0.0.0", None, "me")
    assert list(tcp.make_tokens("127.0.0.1", None, "me").values()) == ["me"]
    t = tcp.make_tokens("0.0.0.0", ["ann", "bob=" + BOB], "me")
    assert t[BOB] == "bob" and sorted(t.values()) == ["ann", "bob"]
    for bad in (["ann", "ann"], ["ann=short"], ["Ann"]):
        with pytest.raises(tcp.ListenError):
            tcp.make_tokens("0.0.0.0", bad, "me")


# -- the command ----------------------------------------------------------------------------------
def cli_env(tmp_path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BOARDGAMES_TUI_DATA": str(tmp_path / "data"),
           "BOARDGAMES_TUI_SOCKET": str(tmp_path / "cli.sock")}
    for k in ("BOARDGAMES_TUI_SERVER", "BOARDGAMES_TUI_TOKEN", "BOARDGAMES_TUI_TABLES", "XDG_RUNTIME_DIR"):
        env.pop(k, None)
    return env


def run(env, *args, timeout=60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "boardgames_tui", *args], env=env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("args, words", [
    (["--listen", "0.0.0.0:0"], "--player"),
    (["--listen", "192.0.2.1:0"], "--player"),
    (["--player", "ann"], "--listen"),
    (["--listen", "nonsense"], "HOST:PORT"),
])
def test_serve_refuses_at_start_in_one_line(tmp_path, args, words):
    r = run(cli_env(tmp_path), "serve", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and words in r.stderr


def test_serve_prints_each_token_once_and_never_again(tmp_path):
    env = cli_env(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "boardgames_tui", "serve", "--listen", "127.0.0.1:0",
                             "--player", "ann", "--player", f"bob={BOB}"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        head = [proc.stdout.readline() for _ in range(4)]
        assert head[0].startswith("boardgames-tui serve: tables in")
        assert head[1].startswith("boardgames-tui serve: over TCP on 127.0.0.1:")
        links = dict(line.strip().split(": ", 1) for line in head[2:])
        assert set(links) == {"ann", "bob"} and links["bob"].endswith(f"/tables?token={BOB}")
        ann_url, ann_token = split_server(links["ann"])
        assert ann_token and len(ann_token) >= 16 and ann_token != BOB
        # the CLI's clients, with the link, the flags and the environment
        r = run(env, "table", "new", GAME, "--server", links["ann"])
        assert r.returncode == 0, r.stderr
        code = r.stdout.split()[0]
        r = run({**env, "BOARDGAMES_TUI_SERVER": ann_url, "BOARDGAMES_TUI_TOKEN": BOB}, "tables")
        assert r.returncode == 0 and code in r.stdout, r.stderr
        r = run(env, "tables", "--server", ann_url, "--token", "wrong-wrong-wrong-wrong")
        assert r.returncode == 2 and "token" in r.stderr and "wrong-wrong" not in r.stderr
        # what might make a server write: refusals, a bad request, a dropped connection
        ws = raw(ann_url)
        say(ws, {"t": "hello", "v": 1, "token": ann_token})
        say(ws, {"t": "join", "code": code, "seat": 0, "id": 1})
        say(ws, {"t": "fly", "id": 2})
        ws.close()
        for _ in range(2):
            ws = raw(ann_url)
            say(ws, {"t": "hello", "v": 1, "token": BOB[::-1]})
            ws.close()
        import socket
        port = int(ann_url.rsplit(":", 1)[1].split("/")[0])
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(f"GET /tables?token={BOB} HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n".encode())
            s.recv(1000)
        r = run(env, "tables", "--server", links["bob"])
        assert r.returncode == 0 and "1 ann" in r.stdout
        r = run(env, "leave", code, "--seat", "1", "--server", links["bob"])
        assert r.returncode == 2 and "not yours" in r.stderr
        r = run(env, "leave", code, "--seat", "1", "--server", ann_url, "--token", ann_token)
        assert r.returncode == 0 and "free again" in r.stdout, r.stderr
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    for token in (ann_token, BOB):
        assert token not in out and token not in err
    assert "Traceback" not in err


def test_the_server_closes_its_websockets_when_it_stops(tcp_server):
    s = tcp_server
    conn = client.open_connection(server=s.url, token=ALICE)
    assert conn.request({"t": "ping"})["t"] == "pong"
    s.stop()
    assert not s.thread.is_alive()
    with pytest.raises(client.ClientError, match="closed|gone"):
        conn.read()
    conn.close()


def test_a_malformed_server_link_is_refused_without_repeating_its_token():
    for bad in ("http://h:1/tables?token=SECRET-SECRET-SECRET", "ws://h:x?token=SECRET-SECRET-SECRET"):
        with pytest.raises(client.ClientError, match="--server takes ws://HOST:PORT") as e:
            split_server(bad)
        assert "SECRET" not in str(e.value)

"""``boardgames-tui web`` without a server: tokens, players, folders, the CLI's refusals."""
from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from boardgames_tui import cli, web, web_access
from boardgames_tui.tables.address import socket_path
from boardgames_tui.web_access import AccessError, make_tokens, player_for, session_folder


def test_each_player_has_a_folder_of_their_own():
    data = Path("/srv/games")
    assert session_folder(data, "alice") == data / "web" / "alice"
    assert session_folder(data, "alice") != session_folder(data, "bob")
    tokens = make_tokens("0.0.0.0", None, False, ["alice", "bob"])
    assert sorted(tokens.values()) == ["alice", "bob"]
    folders = {session_folder(data, player_for(tokens, t)) for t in tokens}
    assert folders == {data / "web" / "alice", data / "web" / "bob"}


def test_one_random_token_without_players():
    (token, player), = make_tokens("0.0.0.0", None, False, None).items()
    assert player == web_access.DEFAULT_PLAYER and web_access.check_token(token) == token
    assert make_tokens("0.0.0.0", None, False, None) != {token: player}  # new at every start


def test_a_player_may_keep_a_fixed_token():
    tokens = make_tokens("::", None, False, ["alice=" + "a" * 20, "bob"])
    assert tokens["a" * 20] == "alice" and len(tokens) == 2


def test_player_for_compares_the_whole_token():
    tokens = {"x" * 20: "alice", "y" * 20: "bob"}
    assert player_for(tokens, "y" * 20) == "bob"
    for wrong in (None, "", "x" * 19, "x" * 21, "Y" * 20, "é" * 20):
        assert player_for(tokens, wrong) is None, wrong


@pytest.mark.parametrize("host,loopback", [
    ("localhost", True), ("127.0.0.1", True), ("127.8.9.1", True), ("::1", True), ("[::1]", True),
    ("0.0.0.0", False), ("::", False), ("", False), ("192.168.1.2", False), ("example.org", False),
])
def test_loopback(host, loopback):
    assert web_access.is_loopback(host) is loopback


@pytest.mark.parametrize("host,token,no_token,players", [
    ("127.0.0.1", None, True, ["alice"]),                 # no token cannot tell players apart
    ("localhost", None, False, ["alice", "alice"]),
    ("localhost", None, False, ["Alice"]),
    ("localhost", None, False, ["../etc"]),
    ("localhost", None, False, ["a=" + "t" * 16, "b=" + "t" * 16]),
    ("localhost", "t" * 16, False, ["alice"]),             # the token goes with the name
])
def test_refused(host, token, no_token, players):
    with pytest.raises(AccessError):
        make_tokens(host, token, no_token, players)


def test_the_links_are_one_a_line():
    assert web_access.links("http://h:1", {"t" * 16: "default"}) == \
        [f"boardgames-tui: open http://h:1/?token={'t' * 16}"]
    assert web_access.links("http://h:1", {"a" * 16: "alice", "b" * 16: "bob"}) == \
        [f"alice: http://h:1/?token={'a' * 16}", f"bob: http://h:1/?token={'b' * 16}"]
    assert web_access.links("http://h:1", None) == ["boardgames-tui: open http://h:1/"]


def env_of(command: str) -> dict[str, str]:
    """The VAR=value words in front of a session command."""
    words = shlex.split(command)
    app = shlex.split(web.app_command())
    assert words[-len(app):] == app, words
    return dict(w.split("=", 1) for w in words[:-len(app)])


def test_the_session_command_sets_its_folder_player_tables_and_hosted_mode(tmp_path):
    data, tables = tmp_path / "it's data", tmp_path / "shared tables.db"
    alice, bob = (env_of(web.session_command(web.session_env(data, p, tables))) for p in ("alice", "bob"))
    assert alice == {"BOARDGAMES_TUI_DATA": str(data / "web" / "alice"), "BOARDGAMES_TUI_HOSTED": "1",
                     "BOARDGAMES_TUI_PLAYER": "alice", "BOARDGAMES_TUI_TABLES": str(tables),
                     "BOARDGAMES_TUI_SOCKET": str(socket_path(tables))}
    assert bob["BOARDGAMES_TUI_PLAYER"] == "bob" and bob["BOARDGAMES_TUI_DATA"] == str(data / "web" / "bob")
    # one table server for every tab: the same store, the same socket
    assert bob["BOARDGAMES_TUI_TABLES"] == alice["BOARDGAMES_TUI_TABLES"]
    assert bob["BOARDGAMES_TUI_SOCKET"] == alice["BOARDGAMES_TUI_SOCKET"]


def test_the_session_environment_wins_over_the_servers(tmp_path, monkeypatch):
    # /bin/sh runs the command with the server's environment: the prefix must override it.
    monkeypatch.setattr(web, "app_command", lambda: "env")
    command = web.session_command(web.session_env(tmp_path, "alice", tmp_path / "t.db"))
    server_env = {"PATH": "/usr/bin:/bin", "BOARDGAMES_TUI_PLAYER": "mallory",
                  "BOARDGAMES_TUI_TABLES": "/elsewhere.db", "BOARDGAMES_TUI_HOSTED": "0"}
    out = subprocess.run(["/bin/sh", "-c", command], env=server_env, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert "BOARDGAMES_TUI_PLAYER=alice" in out and f"BOARDGAMES_TUI_TABLES={tmp_path / 't.db'}" in out
    assert "BOARDGAMES_TUI_HOSTED=1" in out and "BOARDGAMES_TUI_PLAYER=mallory" not in out


ALICE, BOB = "a" * 20, "b" * 20


async def test_a_session_is_its_checked_tokens_player_whatever_else_the_browser_sends(
        tmp_path, monkeypatch):
    """Through the real middlewares and websocket handler: the command the session would
    run (textual-serve's own handler is replaced by one that notes it)."""
    from aiohttp import web as aioweb
    from aiohttp.test_utils import TestClient, TestServer
    from textual_serve.server import Server

    commands: list[str] = []

    async def note(self, request):
        commands.append(self.command)
        return aioweb.Response(text="noted")

    monkeypatch.setattr(Server, "handle_websocket", note)
    data = tmp_path / "data"
    server = web.make_server("127.0.0.1", 8123, tokens={ALICE: "alice", BOB: "bob"}, data=data)
    shared = str(data / "web" / "tables.db")
    meddling = {"player": "bob", "BOARDGAMES_TUI_PLAYER": "bob", "tables": "/tmp/x.db",
                "BOARDGAMES_TUI_TABLES": "/tmp/x.db", "data": "/tmp", "width": "80"}
    async with TestClient(TestServer(await server._make_app())) as client:
        for token, player in ((ALICE, "alice"), (BOB, "bob")):
            r = await client.get("/ws", params={**meddling, "token": token},
                                 headers={"X-Player": "bob", "Cookie": "player=bob"})
            assert r.status == 200, await r.text()
            env = env_of(commands.pop())
            assert env["BOARDGAMES_TUI_PLAYER"] == player
            assert env["BOARDGAMES_TUI_DATA"] == str(data / "web" / player)
            assert env["BOARDGAMES_TUI_TABLES"] == shared and env["BOARDGAMES_TUI_HOSTED"] == "1"
            # the cookie the link set stands for the token: the same player without it
            r = await client.get("/ws", params=meddling)
            assert r.status == 200 and env_of(commands.pop())["BOARDGAMES_TUI_PLAYER"] == player
            client.session.cookie_jar.clear()
        r = await client.get("/ws", params={**meddling, "token": "c" * 20})   # no valid token
        assert r.status == 403 and commands == []


# -- the command line ------------------------------------------------------------------
@pytest.mark.parametrize("given,says", [
    ("", "--tables needs a file name"),
    (".", "is a folder"),
    ("data/web/alice/tables.db", "inside a player's folder"),
    ("data/web/bob/saves/t.db", "inside a player's folder"),
    ("a-file/tables.db", "cannot be used"),
])
def test_web_tables_refusals_are_one_line_and_exit_2(given, says, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("")
    monkeypatch.setattr(web, "serve", lambda *a: pytest.fail("served"))
    assert cli.main(["web", "--player", "alice", "--tables", given]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


def test_web_tables_default_and_given(tmp_path, monkeypatch):
    seen = []
    monkeypatch.setattr(web, "serve", lambda host, port, url, tokens, tables, **kw: seen.append(tables) or 0)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["web", "--no-token"]) == 0
    assert cli.main(["web", "--no-token", "--tables", "shared.db"]) == 0
    assert seen == [tmp_path / "data" / "web" / "tables.db", tmp_path / "shared.db"]
    assert all(p.is_file() for p in seen)   # made (and checked) at the start


def test_an_ipv6_host_is_bracketed_in_the_link():
    assert web.public_url_for("::1", 8123, None) == "http://[::1]:8123"
    assert web_access.links(web.public_url_for("::1", 8123, None), None) == \
        ["boardgames-tui: open http://[::1]:8123/"]


def test_the_page_gets_a_title_and_focuses_the_terminal():
    page = web.page_template("<html><head></head><body><div id=terminal></div></body></html>")
    assert "<title>{{ application.name }}</title>" in page
    assert "target.focus()" in page and page.rstrip().endswith("</body></html>")


@pytest.mark.parametrize("given,scheme,host,url", [
    (None, "http", "127.0.0.1:8000", "http://127.0.0.1:8000"),      # the name the page was asked by
    (None, "http", "localhost:8000", "http://localhost:8000"),
    (None, "http", "192.168.1.20:8000", "http://192.168.1.20:8000"),  # a friend on the LAN
    (None, "http", "box.lan:8000", "http://box.lan:8000"),
    (None, "http", "[::1]:8000", "http://[::1]:8000"),
    (None, "http", "[fe80::1]", "http://[fe80::1]"),                # port 80, left out by the browser
    (None, "https", "games.example", "https://games.example"),
    ("https://games.example/", "http", "127.0.0.1:8000", "https://games.example"),  # --public-url wins
    ("http://box:8000", "http", "localhost:8000", "http://box:8000"),
    # not a NAME[:PORT]: the printed address
    (None, "http", "", "http://printed:1"),
    (None, "http", None, "http://printed:1"),
    (None, "http", 'x"><script>', "http://printed:1"),
    (None, "http", "evil.example/path", "http://printed:1"),
    (None, "http", "user@box:8000", "http://printed:1"),
    (None, "http", "::1", "http://printed:1"),
    (None, "javascript", "box:8000", "http://printed:1"),
])
def test_page_url(given, scheme, host, url):
    assert web_access.page_url(given, scheme, host, "http://printed:1") == url


def page_addresses(html: str) -> tuple[str, str]:
    """The websocket and the asset folder a textual-serve page connects to."""
    ws = re.search(r'data-session-websocket-url="([^"]*)"', html)
    css = re.search(r'href="([^"]*)css/xterm\.css"', html)
    assert ws and css, html
    return ws[1], css[1]


@pytest.mark.parametrize("listen,public_url", [("localhost", None), ("localhost", "https://games.example/"),
                                               ("0.0.0.0", None)])
async def test_a_page_connects_back_to_the_name_it_was_opened_by(tmp_path, listen, public_url):
    """Through the real middlewares and page handler: the link the server printed opened by
    each name of the host; its page's websocket and assets go to that name and port, where the
    cookie it set is valid (unless --public-url fixes the address for every page)."""
    import socket

    from aiohttp.test_utils import TestClient, TestServer

    server = web.make_server(listen, 8123, public_url, tokens={ALICE: "alice"}, data=tmp_path)
    printed = (public_url.rstrip("/") if public_url else
               "http://localhost:8123" if listen == "localhost" else f"http://{socket.getfqdn()}:8123")
    assert web_access.links(server.public_url, {ALICE: "alice"}) == [f"alice: {printed}/?token={ALICE}"]
    hosts = ["localhost:8123", "127.0.0.1:8123", "[::1]:8123"]
    if listen == "0.0.0.0":   # on every interface: a friend on the LAN, by address or the host's name
        hosts += ["192.168.1.20:8123", f"{socket.gethostname()}:8123", "[fe80::1]:8123"]
    async with TestClient(TestServer(await server._make_app())) as client:
        for host in hosts:
            r = await client.get("/", params={"token": ALICE}, headers={"Host": host})
            assert r.status == 200, await r.text()
            ws, static = page_addresses(await r.text())
            base = printed.replace("https:", "wss:") if public_url else f"ws://{host}"
            assert (ws, static) == (f"{base}/ws", f"{base.replace('ws', 'http', 1)}/static/"), host
            assert "Domain" not in r.headers["Set-Cookie"]   # the cookie is that name's own
            # the page without its token (the Restart button's reload): the cookie, the same address
            r = await client.get("/", headers={"Host": host})
            assert r.status == 200 and page_addresses(await r.text())[0] == ws
            client.session.cookie_jar.clear()
        assert server.public_url == printed   # after pages too


@pytest.mark.parametrize("origin,host,public,ok", [
    ("http://127.0.0.1:8000", "127.0.0.1:8000", "http://127.0.0.1:8000", True),
    ("http://localhost:8000", "127.0.0.1:8000", "http://127.0.0.1:8000", True),   # loopback names
    ("http://games.example", "127.0.0.1:8000", "https://games.example/", False),  # http != https port
    ("https://games.example", "127.0.0.1:8000", "https://games.example/", True),  # behind a proxy
    ("http://box.lan:8000", "box.lan:8000", "http://box:8000", True),
    ("http://localhost:9000", "localhost:8000", "http://localhost:8000", False),  # another port
    ("http://evil.example:8000", "box.lan:8000", "http://box.lan:8000", False),
    ("null", "localhost:8000", "http://localhost:8000", False),
])
def test_same_origin(origin, host, public, ok):
    assert web_access.same_origin(origin, host, public) is ok


@pytest.mark.parametrize("argv,says", [
    (["--no-token", "--host", "0.0.0.0"], "--no-token"),
    (["--no-token", "--host", "192.168.1.2"], "--no-token"),
    (["--token", "short"], "16 characters"),
    (["--token", ""], "16 characters"),
    (["--token", "a-long-enough-token/with-a-slash"], "letters, digits"),
    (["--token", "a" * 16, "--no-token"], "--no-token"),
    (["--player", "Bob"], "--player"),
])
def test_web_refusals_are_one_line_and_exit_2(argv, says, capsys, monkeypatch):
    monkeypatch.setattr(web, "serve", lambda *a: pytest.fail("served"))
    assert cli.main(["web", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


@pytest.mark.parametrize("argv,expect", [
    (["--no-token"], None),
    (["--no-token", "--host", "127.0.0.1"], None),
    (["--no-token", "--host", "::1"], None),
    (["--token", "a" * 16], {"a" * 16: "default"}),
])
def test_web_passes_the_tokens_on(argv, expect, monkeypatch):
    seen = []
    monkeypatch.setattr(web, "serve", lambda host, port, url, tokens, tables, **kw: seen.append(tokens) or 0)
    assert cli.main(["web", *argv]) == 0
    assert seen == [expect]

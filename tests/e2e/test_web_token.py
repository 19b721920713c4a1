"""`boardgames-tui web --host 0.0.0.0` lets in only the printed links.

A real server on every interface (the case that matters), two players each with
a link.  Without a token, or with a wrong one, the page, a static asset and
the websocket get 403.  The page opened by a link sets a cookie; with it the
asset and the websocket pass (but a websocket from another site's page), and the session that starts runs in that
player's own folder, in hosted mode, as that player at tables, with the server's one
table store (read from the app process's environment).
"""
from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import websocket  # websocket-client, from the test extra

from e2e_support import free_port, kill_group, kill_marked, wait_for_port, wait_until

ASSET = "/static/js/textual.js"


def get(port: int, path: str, cookie: str | None = None) -> http.client.HTTPResponse:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", path, headers={"Cookie": cookie} if cookie else {})
    r = c.getresponse()
    r.read()
    c.close()
    return r


def open_ws(port: int, cookie: str | None = None, **kw) -> websocket.WebSocket:
    # websocket-client sends the Origin a page of this server would: http://127.0.0.1:PORT
    return websocket.create_connection(f"ws://127.0.0.1:{port}/ws?width=80&height=24",
                                       cookie=cookie, timeout=10, **kw)


def ws_status(port: int, cookie: str | None = None, **kw) -> int:
    try:
        open_ws(port, cookie, **kw).close()
    except websocket.WebSocketBadStatusException as e:
        return e.status_code
    return 101


def environ_of_marked(marker: str) -> list[dict[str, str]]:
    found = []
    for d in Path("/proc").iterdir():
        try:
            blob = (d / "environ").read_bytes() if d.name.isdigit() else b""
        except OSError:
            continue
        if marker.encode() in blob:
            found.append(dict(v.split("=", 1) for v in blob.decode(errors="replace").split("\0") if "=" in v))
    return found


@pytest.fixture
def server(tmp_path):
    data, port, marker = tmp_path / "data", free_port(), f"bgt-e2e-token-{uuid.uuid4().hex}"
    env = dict(os.environ, BOARDGAMES_TUI_DATA=str(data), BGT_E2E_MARKER=marker)
    log = tmp_path / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "boardgames_tui", "web", "--host", "0.0.0.0",
                                 "--port", str(port), "--player", "alice", "--player", "bob"],
                                env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_port(port, 20, proc, log)
        text = lambda: log.read_text(errors="replace")  # noqa: E731
        links = wait_until(lambda: len(found := dict(re.findall(r"^(alice|bob): (\S+)$", text(), re.M))) == 2
                           and found, 10, "two printed links", detail=text)
        tokens = {p: re.fullmatch(rf"http://\S+:{port}/\?token=([\w-]+)", url)[1] for p, url in links.items()}
        yield port, tokens, data, marker
    finally:
        kill_group(proc)
        kill_marked(marker)


def test_no_token_no_entry_and_the_link_lets_in(server):
    port, tokens, data, marker = server
    cookie_name = f"boardgames-tui-token-{port}"
    assert tokens["alice"] != tokens["bob"] and min(map(len, tokens.values())) >= 16

    # no token, a wrong one in the link or in the cookie: 403 for the page, an asset, the websocket
    wrong = "w" * len(tokens["alice"])
    for path in ("/", ASSET, "/ws", f"/?token={wrong}", f"{ASSET}?token={wrong}"):
        assert get(port, path).status == 403, path
    assert get(port, "/", f"{cookie_name}={wrong}").status == 403
    assert get(port, ASSET, f"{cookie_name}={wrong}").status == 403
    assert ws_status(port) == 403
    assert ws_status(port, f"{cookie_name}={wrong}") == 403

    # alice's link: the page, and the cookie it sets
    page = get(port, f"/?token={tokens['alice']}")
    assert page.status == 200
    set_cookie = page.getheader("Set-Cookie")
    assert set_cookie.startswith(f"{cookie_name}={tokens['alice']};"), set_cookie
    for attribute in ("HttpOnly", "SameSite=Strict", "Path=/"):
        assert attribute in set_cookie, set_cookie
    cookie = set_cookie.split(";")[0]

    # with the cookie alone: the asset and the websocket, whose session is alice's
    assert get(port, ASSET, cookie).status == 200
    assert ws_status(port, cookie, origin=f"http://127.0.0.2:{port + 1}") == 403  # another site's page
    ws = open_ws(port, cookie)
    try:
        wait_until(lambda: isinstance(ws.recv(), bytes), 20, "the app's first output")
        env, = wait_until(lambda: [e for e in environ_of_marked(marker)
                                   if e.get("BOARDGAMES_TUI_HOSTED") == "1"], 10, "the app process")
        assert env["BOARDGAMES_TUI_DATA"] == str(data / "web" / "alice")
        assert env["BOARDGAMES_TUI_PLAYER"] == "alice"                         # at a table too
        assert env["BOARDGAMES_TUI_TABLES"] == str(data / "web" / "tables.db")  # every link's one store
        assert (data / "web" / "alice").is_dir() and not (data / "web" / "bob").exists()
    finally:
        ws.close()

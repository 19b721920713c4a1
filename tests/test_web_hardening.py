"""``boardgames-tui web`` hardened, through aiohttp's test client (no app process is started):
the Host check (DNS rebinding), the session caps, the clamped terminal size, a log without tokens."""
from __future__ import annotations

import asyncio
import json
import logging
import socket

import pytest

from boardgames_tui import cli, web, web_limits, web_log
from boardgames_tui.web_access import host_allowed, server_names

ALICE, BOB = "a" * 20, "b" * 20


# -- the Host check ----------------------------------------------------------------------
@pytest.mark.parametrize("listen,public_url,header,ok", [
    ("localhost", None, "localhost:8000", True),
    ("localhost", None, "LOCALHOST.:8000", True),
    ("localhost", None, "127.0.0.1:8000", True),
    ("localhost", None, "127.0.0.1", True),
    ("localhost", None, "[::1]:8000", True),
    ("localhost", None, "evil.example:8000", False),       # a name resolved to 127.0.0.1 by its owner
    ("localhost", None, "localhost.evil.example", False),
    ("localhost", None, "192.168.1.20:8000", False),
    ("localhost", None, "", False),
    ("localhost", None, None, False),
    ("localhost", None, "user@localhost:8000", False),
    ("localhost", None, "localhost/x", False),
    ("box.lan", None, "box.lan:8000", True),                # the --host value
    ("box.lan", None, "BOX.LAN", True),
    ("box.lan", None, "other.lan:8000", False),
    ("192.168.1.20", None, "192.168.1.20:8000", True),
    ("192.168.1.20", None, "10.0.0.1:8000", False),
    ("localhost", "https://games.example/", "games.example", True),   # the --public-url host
    ("localhost", "https://games.example/", "evil.example", False),
    ("0.0.0.0", None, "192.168.1.20:8000", True),            # every interface: any address,
    ("0.0.0.0", None, "[fe80::1]:8000", True),
    ("::", None, "10.1.2.3", True),
    ("0.0.0.0", None, f"{socket.gethostname()}:8000", True),  # the machine's own names
    ("0.0.0.0", None, f"{socket.getfqdn()}:8000", True),
    ("0.0.0.0", None, "evil.example:8000", False),           # but no other name
    ("0.0.0.0", "https://games.example", "games.example", True),
])
def test_host_allowed(listen, public_url, header, ok):
    assert host_allowed(header, *server_names(listen, public_url)) is ok


def test_server_names():
    assert server_names("localhost", None) == (frozenset({"localhost"}), False)
    assert server_names("[::1]", "http://Games.Example:80/") == (frozenset({"::1", "games.example"}), False)
    names, any_address = server_names("0.0.0.0", None)
    assert any_address and socket.gethostname().lower() in names


async def ws_refused(client, path: str, **kw) -> int:
    from aiohttp import WSServerHandshakeError
    with pytest.raises(WSServerHandshakeError) as e:
        await client.ws_connect(path, **kw)
    return e.value.status


@pytest.mark.parametrize("tokens", [{ALICE: "alice"}, None])   # None: --no-token
async def test_a_request_to_another_name_gets_403_token_or_not(tmp_path, tokens, monkeypatch):
    """DNS rebinding: evil.example resolved to this machine.  The page, an asset and the
    websocket named by it get one short plain 403, even with the token (or with no token
    needed) and an Origin that matches the Host; by a name of the server they pass."""
    from aiohttp.test_utils import TestClient, TestServer

    sessions = []
    monkeypatch.setattr(web_limits.SessionLimits, "take", lambda self, link: sessions.append(link))
    server = web.make_server("localhost", 8123, tokens=tokens, data=tmp_path)
    params = {"token": ALICE} if tokens else {}
    async with TestClient(TestServer(await server._make_app())) as client:
        evil = {"Host": "evil.example:8123", "Origin": "http://evil.example:8123"}
        for path in ("/", "/static/js/textual.js", "/ws", "/nowhere"):
            r = await client.get(path, params=params, headers=evil)
            assert r.status == 403 and r.content_type == "text/plain", path
            assert await r.text() == "boardgames-tui: this server is not at that address\n"
            assert "Set-Cookie" not in r.headers
        assert await ws_refused(client, "/ws", params=params, headers=evil) == 403
        assert sessions == [] and not client.session.cookie_jar.filter_cookies(client.make_url("/"))
        r = await client.get("/", params=params, headers={"Host": "localhost:8123"})
        assert r.status == 200


# -- the session caps and the terminal size ----------------------------------------------
class FakeApp:
    """textual-serve's AppService without a process: notes its sizes, answers each resize."""
    started: list[tuple[int, int]] = []

    def __init__(self, command, *, write_bytes, write_str, close, download_manager, debug=False):
        self.write_str = write_str

    async def start(self, width, height):
        FakeApp.started.append((width, height))
        await self.write_str(json.dumps(["started", width, height]))

    async def set_terminal_size(self, width, height):
        await self.write_str(json.dumps(["size", width, height]))

    async def send_bytes(self, data):
        return True

    async def stop(self):
        pass


@pytest.fixture
def fake_app(monkeypatch):
    import textual_serve.server
    FakeApp.started = []
    monkeypatch.setattr(textual_serve.server, "AppService", FakeApp)
    return FakeApp


async def open_session(client, token: str, query: str = "width=80&height=24"):
    """A websocket with its session started (its first message read), or its close if refused."""
    ws = await client.ws_connect(f"/ws?token={token}&{query}")
    first = await asyncio.wait_for(ws.receive(), 10)
    return ws, first


async def wait_for(predicate, what: str, timeout: float = 10):
    async def loop():
        while not predicate():
            await asyncio.sleep(0.01)
    try:
        await asyncio.wait_for(loop(), timeout)
    except TimeoutError:
        pytest.fail(f"timed out waiting for {what}")


async def test_at_most_n_sessions_per_link_and_in_all(tmp_path, fake_app):
    from aiohttp import WSMsgType
    from aiohttp.test_utils import TestClient, TestServer

    limits = web_limits.SessionLimits(per_link=4, total=5)
    server = web.make_server("localhost", 8123, tokens={ALICE: "alice", BOB: "bob"}, data=tmp_path,
                             limits=limits)
    async with TestClient(TestServer(await server._make_app())) as client:
        alice = []
        for _ in range(4):   # the 4th is fine
            ws, first = await open_session(client, ALICE)
            assert json.loads(first.data)[0] == "started"
            alice.append(ws)
        assert limits.live("alice") == 4 and len(fake_app.started) == 4

        # the 5th of one link: closed with the reason, no app started
        ws, first = await open_session(client, ALICE)
        assert first.type == WSMsgType.CLOSE and first.data == web_limits.TRY_AGAIN_LATER
        assert first.extra == "This link has 4 sessions open, the most it may have: close a tab, then Restart."
        assert len(fake_app.started) == 4 and limits.live() == 4
        # a plain request there (no websocket): a short page saying so
        r = await client.get("/ws", params={"token": ALICE})
        assert r.status == 429 and "This link has 4 sessions open" in await r.text()

        # another link has slots of its own, until the server's cap
        bob, first = await open_session(client, BOB)
        assert json.loads(first.data)[0] == "started" and limits.live() == 5
        ws, first = await open_session(client, BOB)
        assert first.type == WSMsgType.CLOSE and first.extra.startswith("The server has 5 sessions open")
        assert len(fake_app.started) == 5

        # a closed tab frees its slot (once its session has ended)
        await alice.pop().close()
        await wait_for(lambda: limits.live("alice") == 3, "alice's session to end")
        ws, first = await open_session(client, ALICE)
        assert json.loads(first.data)[0] == "started" and len(fake_app.started) == 6
        alice.append(ws)
        for ws in (*alice, bob):
            await ws.close()
        await wait_for(lambda: limits.live() == 0, "every session to end")


@pytest.mark.parametrize("query,size", [
    ("width=132&height=43", (132, 43)),
    ("width=100000&height=100000", (300, 100)),
    ("width=1&height=0", (20, 10)),
    ("width=-5&height=99999999999999999999", (20, 24)),   # too long to be a number: the default
    ("width=abc&height=", (80, 24)),
    ("", (80, 24)),
    ("width=300&height=100&width=9000", (300, 100)),
])
async def test_the_terminal_size_is_clamped(tmp_path, fake_app, query, size):
    from aiohttp.test_utils import TestClient, TestServer

    server = web.make_server("localhost", 8123, tokens={ALICE: "alice"}, data=tmp_path)
    async with TestClient(TestServer(await server._make_app())) as client:
        ws, first = await open_session(client, ALICE, query)
        assert json.loads(first.data) == ["started", *size] and fake_app.started == [size]
        # and each resize the page sends later
        for sent, got in [((5000, 5000), [300, 100]), ((100, 30), [100, 30]), ((0, -1), [20, 10]),
                          (("90", 2.0), [90, 10]), ((None, [1]), [80, 24])]:
            await ws.send_str(json.dumps(["resize", {"width": sent[0], "height": sent[1]}]))
            assert json.loads((await asyncio.wait_for(ws.receive(), 10)).data) == ["size", *got]
        await ws.close()


def test_clamp_size():
    assert web_limits.clamp_size("300", "100") == (300, 100)
    assert web_limits.clamp_size(301, 101) == (300, 100)
    assert web_limits.clamp_size(True, 1.5) == (80, 24)
    assert web_limits.clamp_size(" 42 ", "12") == (42, 12)


def test_session_limits_count():
    limits = web_limits.SessionLimits(per_link=1, total=2)
    assert limits.take("a") is None and limits.take("a") is not None and limits.live() == 1
    assert limits.take("b") is None and limits.take("c").startswith("The server has 2")
    limits.release("a")
    assert limits.live("a") == 0 and limits.take("c") is None
    with pytest.raises(ValueError):
        web_limits.SessionLimits(per_link=0)


@pytest.mark.parametrize("argv,per_link,total", [
    ([], web_limits.DEFAULT_PER_LINK, web_limits.DEFAULT_TOTAL),
    (["--max-per-link", "2", "--max-sessions", "10"], 2, 10),
])
def test_web_passes_the_caps_on(argv, per_link, total, monkeypatch):
    seen = []
    monkeypatch.setattr(web, "serve", lambda *a, limits: seen.append(limits) or 0)
    assert cli.main(["web", "--no-token", *argv]) == 0
    assert (seen[0].per_link, seen[0].total) == (per_link, total)


@pytest.mark.parametrize("argv", [["--max-per-link", "0"], ["--max-sessions", "-1"], ["--max-sessions", "x"]])
def test_web_refuses_caps_below_one(argv, monkeypatch, capsys):
    monkeypatch.setattr(web, "serve", lambda *a, **kw: pytest.fail("served"))
    with pytest.raises(SystemExit) as e:
        cli.main(["web", *argv])
    assert e.value.code == 2 and argv[0] in capsys.readouterr().err


# -- the log -------------------------------------------------------------------------------
def record(name: str, msg: str, *args, exc: BaseException | None = None) -> logging.LogRecord:
    return logging.LogRecord(name, logging.ERROR, __file__, 1, msg, args,
                             (type(exc), exc, exc.__traceback__) if exc else None)


def test_the_access_log_shows_no_query():
    redact = web_log.Redact([ALICE])
    line = (f'127.0.0.1 [x] "GET /?tok%65n={ALICE}&width=80 HTTP/1.1" 200 5 '
            f'"http://localhost:8000/?token={BOB}" "curl"')
    r = record("aiohttp.access", line)
    assert redact.filter(r)
    assert r.getMessage() == '127.0.0.1 [x] "GET /?… HTTP/1.1" 200 5 "http://localhost:8000/?…" "curl"'


def test_a_malformed_request_is_one_line_without_its_content():
    from aiohttp.http_exceptions import LineTooLong
    try:
        raise LineTooLong(f"/?token={ALICE}&x=yyy", "8190")
    except LineTooLong as e:
        exc = e
    r = record("aiohttp.server", "Error handling request from %s", "127.0.0.1", exc=exc)
    assert web_log.Redact([ALICE]).filter(r)
    assert r.exc_info is None and r.getMessage() == \
        "Error handling request from 127.0.0.1 (400, LineTooLong: a malformed request)"


def test_other_records_lose_their_tokens_and_a_traceback_holding_one():
    redact = web_log.Redact([ALICE])
    r = record("textual-serve", "opened %s with cookie boardgames-tui-token-8000=%s", f"/?token={BOB}", ALICE)
    redact.filter(r)
    assert r.getMessage() == "opened /?token=… with cookie boardgames-tui-token-8000=…"
    try:
        raise RuntimeError(f"no session for {ALICE}")
    except RuntimeError as e:
        r = record("textual-serve", "boom", exc=e)
    redact.filter(r)
    assert r.exc_info is None and ALICE not in r.getMessage() and "RuntimeError" in r.getMessage()
    try:
        raise RuntimeError("nothing secret")
    except RuntimeError as e:
        r = record("textual-serve", "boom", exc=e)
    redact.filter(r)
    assert r.exc_info is not None and r.getMessage() == "boom"   # a traceback worth keeping


def test_a_record_that_cannot_be_formatted_is_scrubbed_and_let_through():
    r = record("textual-serve", "two %s %s", f"/?token={ALICE}")
    assert web_log.Redact([ALICE]).filter(r) and ALICE not in r.getMessage() and "two" in r.getMessage()


def test_the_page_shows_why_a_session_was_refused():
    page = web.page_template("<html><head></head><body></body></html>")
    assert "window.WebSocket = class extends WebSocket" in page and "event.reason" in page

"""`boardgames-tui web` as started from the command line, hardened (see tests/test_web_hardening.py
for the same through aiohttp's test client).

* Malformed requests (a request line or a header over aiohttp's 8 KB, a broken header line),
  each carrying the token in its URL and its cookie, get 400; the server's output then holds
  the token only in the link it printed, and no traceback.  Nor does its access log.
* A request naming another host (DNS rebinding) gets 403 even with the token.
* With ``--max-per-link 1``, a second tab's websocket is closed with the reason and starts no
  app; the first tab's app runs at a clamped size (textual-serve hands it COLUMNS and ROWS);
  once the first tab is closed and its app has ended, a new tab gets in.
"""
from __future__ import annotations

import os
import re
import signal
import socket
import struct
import subprocess
import sys
import uuid
from pathlib import Path

import websocket  # websocket-client, from the test extra

from e2e_support import free_port, kill_group, kill_marked, require_program, wait_for_port, wait_until

from e2e_cdp import Browser  # websocket-client, from the test extra
from test_web_token import environ_of_marked

CHECKOUT = Path(__file__).resolve().parents[2]
TOKEN = "Sekrit-" + uuid.uuid4().hex   # 39 characters; no piece of it shows up in a log by chance
LINK = re.compile(r"^boardgames-tui: open (\S+)$", re.M)


def start(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, int, Path, str]:
    port, marker = free_port(), f"bgt-e2e-guard-{uuid.uuid4().hex}"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(CHECKOUT), BOARDGAMES_TUI_DATA=str(tmp_path / "data"), BGT_E2E_MARKER=marker)
    log = tmp_path / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "boardgames_tui", "web", "--port", str(port), *args],
                                env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    wait_for_port(port, 20, proc, log)
    wait_until(lambda: LINK.search(log.read_text(errors="replace")), 10, "the printed link",
               detail=lambda: log.read_text(errors="replace"))
    return proc, port, log, marker


def raw(port: int, request: bytes) -> str:
    """Send ``request`` as is; the status line of the answer (the server closes after an error)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        answer = b""
        while b"\r\n" not in answer and (chunk := s.recv(4096)):
            answer += chunk
    return answer.split(b"\r\n", 1)[0].decode()


def test_malformed_requests_get_400_and_the_log_shows_no_token(tmp_path):
    proc, port, log, marker = start(tmp_path, "--token", TOKEN)
    cookie = f"Cookie: boardgames-tui-token-{port}={TOKEN}\r\n".encode()
    host = f"Host: localhost:{port}\r\n".encode()
    long_line = f"GET /?token={TOKEN}&x={'y' * 10_000} HTTP/1.1\r\n".encode() + host + cookie + b"\r\n"
    long_cookie = (f"GET /?token={TOKEN} HTTP/1.1\r\n".encode() + host
                   + f"Cookie: boardgames-tui-token-{port}={TOKEN}; pad={'p' * 10_000}\r\n\r\n".encode())
    broken = f"GET /?token={TOKEN} HTTP/1.1\r\n".encode() + host + cookie + b"this is no header\r\n\r\n"
    try:
        for request in (long_line, long_cookie, broken):
            status = raw(port, request)
            assert re.fullmatch(r"HTTP/1\.[01] 4\d\d .*", status), status
        # a good request (the access log's line of it) and one by another name (DNS rebinding)
        referer = f"Referer: http://localhost:{port}/?token={TOKEN}\r\n".encode()
        good = f"GET /static/js/textual.js?token={TOKEN} HTTP/1.1\r\n".encode() + host + referer + b"\r\n"
        assert raw(port, good).startswith("HTTP/1.1 200")
        evil = f"GET /?token={TOKEN} HTTP/1.1\r\nHost: evil.example:{port}\r\n".encode() + cookie + b"\r\n"
        assert raw(port, evil).startswith("HTTP/1.1 403")
        proc.send_signal(signal.SIGTERM)   # every line written before we read them
        proc.wait(timeout=20)
    finally:
        kill_group(proc)
        kill_marked(marker)
    out = log.read_text(errors="replace")
    link = LINK.search(out)[1]
    assert link == f"http://localhost:{port}/?token={TOKEN}"
    # the token once, in the link; the rest as one run of text, whatever the log wrapped or boxed
    flat = re.sub(r"[\s│╭╮╰╯─]", "", out.replace(link, "", 1))
    assert TOKEN not in flat and TOKEN[:16] not in flat and TOKEN[-16:] not in flat, out
    assert "Traceback" not in out and "yyyyyyyyyy" not in flat, out
    assert flat.count("amalformedrequest") == 3, out       # one entry each, no more
    assert '"GET/static/js/textual.js?…HTTP/1.1"200' in flat, out   # the access log, without the query


def close_frame(ws: websocket.WebSocket) -> tuple[int, str]:
    opcode, data = ws.recv_data(control_frame=True)
    assert opcode == websocket.ABNF.OPCODE_CLOSE, (opcode, data)
    return struct.unpack("!H", data[:2])[0], data[2:].decode()


def test_a_tab_over_the_cap_starts_no_app_and_the_size_is_clamped(tmp_path):
    proc, port, log, marker = start(tmp_path, "--host", "127.0.0.1", "--no-token", "--max-per-link", "1")
    url = f"ws://127.0.0.1:{port}/ws?width=100000&height=5"

    def apps() -> list[dict[str, str]]:
        return [e for e in environ_of_marked(marker) if e.get("BOARDGAMES_TUI_HOSTED") == "1"]

    first = second = third = None
    try:
        first = websocket.create_connection(url, timeout=20)
        wait_until(lambda: isinstance(first.recv(), bytes), 20, "the app's first output")
        env, = wait_until(apps, 10, "the app process")
        assert (env["COLUMNS"], env["ROWS"]) == ("300", "10")

        second = websocket.create_connection(url, timeout=20)
        assert close_frame(second) == (1013, "This link has 1 sessions open, the most it may have: "
                                             "close a tab, then Restart.")
        assert len(apps()) == 1

        first.close()
        wait_until(lambda: not apps(), 20, "the first tab's app to end")
        third = websocket.create_connection(url, timeout=20)
        wait_until(lambda: isinstance(third.recv(), bytes), 20, "the new tab's app")
        assert "refused a session of default" in log.read_text(errors="replace")
    finally:
        for ws in (first, second, third):
            if ws is not None:
                ws.close()
        kill_group(proc)
        kill_marked(marker)


def test_the_page_of_a_refused_tab_says_why(tmp_path):
    """A real browser's tab over the cap: its "Session ended." dialog gives the server's reason."""
    chromium = require_program("chromium", "chromium-browser", "google-chrome",
                               what="Chromium", install="apt-get install -y chromium")
    proc, port, log, marker = start(tmp_path, "--host", "127.0.0.1", "--no-token", "--max-per-link", "1")
    holder = browser = None
    try:
        holder = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", timeout=20)   # the one slot
        wait_until(lambda: isinstance(holder.recv(), bytes), 20, "the first tab's app")
        profile = tmp_path / "chromium-profile"
        profile.mkdir()
        browser = Browser(chromium, profile, tmp_path / "chromium.log")
        browser.call("Page.enable")
        browser.call("Page.navigate", url=LINK.search(log.read_text())[1])
        said = ("document.body?.classList.contains('-closed') && "
                "document.querySelector('.closed-dialog .message').textContent")
        assert wait_until(lambda: browser.evaluate(said), 20, "the closed dialog") == \
            "This link has 1 sessions open, the most it may have: close a tab, then Restart."
    finally:
        if browser is not None:
            browser.close()
        if holder is not None:
            holder.close()
        kill_group(proc)
        kill_marked(marker)

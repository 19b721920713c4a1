"""`boardgames-tui web` end to end: a real server, a real browser.

The server is started through the console script with a PATH that does not
contain the virtual environment (a venv that is not activated), on a free
loopback port.  Debian's Chromium, headless, loads the page and is driven over
the DevTools protocol: it opens the link the server printed (with its access
token), reaches the menu without a click (the page focuses the terminal),
starts Evolution, passes the curtain and makes a choice, with real key events,
quits and restarts (the page's Restart button then has the keyboard).

textual-serve's page draws the terminal with xterm.js on a canvas and keeps
its ``Terminal`` in a closure.  A script run before the page's own (through
``Page.addScriptToEvaluateOnNewDocument``) notes the object whose
``terminal`` property is set while it has a ``websocket_url``, which is
textual-serve's terminal session, so the test reads xterm's own screen buffer
(``terminal.buffer.active``) as text.  The choice is then checked in the
autosave database of the session's own folder, ``<data>/web/default``.

The printed link also reaches the menu by the host's other names: ``web`` as is
prints ``localhost`` and is opened by ``127.0.0.1`` too; on every interface, by
the machine's own address (``hostname -I``), as a friend on the LAN would.
"""
from __future__ import annotations

import ipaddress
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from e2e_support import free_port, kill_group, kill_marked, require_program, wait_for_port, wait_until

from e2e_cdp import SCREEN, TERMINAL_HOOK, Browser  # websocket-client, from the test extra

from boardgames_tui.engine.session import Match
from boardgames_tui.engine.store import AutosaveStore

FOCUSED = "document.activeElement?.classList.contains('xterm-helper-textarea') ?? false"
RESTART_FOCUSED = "document.activeElement?.textContent === 'Restart'"
LINK = re.compile(r"^boardgames-tui: open (\S+)$", re.M)

STEP_TIMEOUT = 30.0
CHECKOUT = Path(__file__).resolve().parents[2]
WS_URL = "document.getElementById('terminal')?.dataset.sessionWebsocketUrl ?? null"


@pytest.fixture
def chromium() -> str:
    return require_program("chromium", "chromium-browser", "google-chrome",
                           what="Chromium", install="apt-get install -y chromium")


def server_env(data: Path, marker: str) -> dict[str, str]:
    """A venv that is not activated: no VIRTUAL_ENV, a PATH without it.  PYTHONPATH is this
    checkout, whose code is under test (the venv's editable install may be another's)."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env.update(PATH="/usr/bin:/bin", PYTHONPATH=str(CHECKOUT), BOARDGAMES_TUI_DATA=str(data),
               BGT_E2E_MARKER=marker, TERM="xterm-256color")
    return env


def console_script() -> Path:
    script = Path(sys.executable).parent / "boardgames-tui"
    assert script.exists(), f"no console script at {script}"
    return script


def test_play_in_a_browser(chromium, tmp_path):
    t0 = time.monotonic()
    data = tmp_path / "data"
    marker = f"bgt-e2e-web-{uuid.uuid4().hex}"
    port = free_port()
    script = console_script()
    env = server_env(data, marker)
    server_log = tmp_path / "server.log"
    server = browser = None
    screen = ""

    def read_screen() -> str:
        nonlocal screen
        screen = browser.evaluate(SCREEN) or ""
        return screen

    def wait_screen(*texts: str, what: str) -> str:
        return wait_until(lambda: all(t in read_screen() for t in texts) and screen,
                          STEP_TIMEOUT, what, interval=0.2,
                          detail=lambda: f"the browser's terminal shows:\n{screen}\n"
                                         f"server log:\n{server_log.read_text(errors='replace')[-2000:]}")

    try:
        with open(server_log, "wb") as log:
            server = subprocess.Popen([str(script), "web", "--host", "127.0.0.1", "--port", str(port)],
                                      cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                      stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(port, 20, server, server_log)
        link = wait_until(lambda: (m := LINK.search(server_log.read_text(errors="replace"))) and m[1],
                          10, "the printed link", detail=lambda: server_log.read_text(errors="replace"))
        assert link.startswith(f"http://127.0.0.1:{port}/?token="), link

        profile = tmp_path / "chromium-profile"
        profile.mkdir()
        browser = Browser(chromium, profile, tmp_path / "chromium.log")
        browser.call("Page.enable")
        browser.call("Page.addScriptToEvaluateOnNewDocument", source=TERMINAL_HOOK)
        browser.call("Page.navigate", url=link)

        # the menu, in xterm's buffer, and the keyboard already in the terminal (no click)
        wait_screen("boardgames-tui", "New game", "Evolution", what="the main menu")
        assert browser.evaluate("document.title") == "boardgames-tui"
        wait_until(lambda: browser.evaluate(FOCUSED), 5, "the terminal focused")

        # New game -> Evolution (the first game) -> Ctrl+S starts it
        browser.press("Enter")
        wait_screen("New game: Evolution", "Start", what="the new-game form")
        browser.press("s", ctrl=True)
        wait_screen("Pass the keyboard to", "Press Enter when ready", what="the first curtain")
        browser.press("Enter")
        wait_screen("Options (", "Choose a card to supply food", what="the first decision")

        # the second option: Down, Enter; the curtain for the next player follows
        browser.press("ArrowDown")
        time.sleep(0.3)
        browser.press("Enter")
        wait_screen("Pass the keyboard to", what="the curtain after the choice")
        browser.screenshot(tmp_path / "after-choice.png")

        store = AutosaveStore(data / "web" / "default" / "autosave.db")
        try:
            newest = wait_until(lambda: (s := store.newest()) is not None and s, 10, "the autosave")
            m = store.load(newest.id)
        finally:
            store.close()
        assert m.game.name == "evolution" and len(m.history) == 1, m.history
        first = Match.new(m.game.name, m.seats, m.seed, m.options).decision()
        assert m.history[0].key == first.options[1].key, (m.history[0], first.options)
        next_name = m.seats[m.decision().player].name
        assert next_name in screen, screen

        # Ctrl+Q asks once in a game going on, Ctrl+Q again ends the session: the page's Restart
        # button has the keyboard
        browser.press("q", ctrl=True)
        wait_screen("Quit boardgames-tui?", what="the question before quitting a game")
        browser.press("q", ctrl=True)
        wait_until(lambda: browser.evaluate(RESTART_FOCUSED), 10, "the Restart button focused")
        browser.press("Enter")  # a new session, the menu again
        wait_until(lambda: browser.evaluate("document.body?.classList.contains('-closed') === false"), 10,
                   "the page reloaded")
        wait_screen("New game", "Evolution", what="the menu after Restart")
    finally:
        if browser is not None:
            browser.close()
        kill_group(server)
        kill_marked(marker)  # the app processes the server started
    took = time.monotonic() - t0
    print(f"browser e2e took {took:.1f} s")


def machine_address() -> str | None:
    """This machine's first address that is not loopback (IPv4, from `hostname -I`), if any."""
    try:
        words = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    for word in words:
        try:
            address = ipaddress.ip_address(word)
        except ValueError:
            continue
        if address.version == 4 and not address.is_loopback:
            return word
    return None


@pytest.mark.parametrize("listen", ["localhost", "0.0.0.0"])
def test_the_printed_link_by_any_name_of_the_host(chromium, tmp_path, listen):
    """The link opened as printed and by the host's other names: each page's assets and
    websocket go back to the name it was opened by (where its link set the cookie), and it
    reaches the menu.  ``web`` as is (localhost): by localhost and 127.0.0.1; on every
    interface: by 127.0.0.1 and by the machine's own address, as a friend on the LAN would."""
    data, marker, port = tmp_path / "data", f"bgt-e2e-web-{uuid.uuid4().hex}", free_port()
    names = ["localhost", "127.0.0.1"]
    args = ["--port", str(port)]
    if listen == "0.0.0.0":
        address = machine_address()
        if address is None:
            pytest.skip("this machine has no address but loopback (hostname -I)")
        names = ["127.0.0.1", address]
        args += ["--host", listen]
    server_log = tmp_path / "server.log"
    server = browser = None
    screen = ""

    def read_screen() -> str:
        nonlocal screen
        screen = browser.screen()
        return screen

    try:
        with open(server_log, "wb") as log:
            server = subprocess.Popen([str(console_script()), "web", *args], cwd=tmp_path,
                                      env=server_env(data, marker), stdin=subprocess.DEVNULL, stdout=log,
                                      stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(port, 20, server, server_log)
        link = wait_until(lambda: (m := LINK.search(server_log.read_text(errors="replace"))) and m[1],
                          10, "the printed link", detail=lambda: server_log.read_text(errors="replace"))
        printed = urlsplit(link)
        assert printed.port == port and printed.path == "/" and printed.query.startswith("token="), link
        if listen == "localhost":
            assert printed.hostname == "localhost", link   # as `web` prints it by default

        profile = tmp_path / "chromium-profile"
        profile.mkdir()
        browser = Browser(chromium, profile, tmp_path / "chromium.log", reachable=names)
        browser.call("Page.enable")
        browser.call("Page.addScriptToEvaluateOnNewDocument", source=TERMINAL_HOOK)
        for name in names:
            url = urlunsplit(printed._replace(netloc=f"{name}:{port}"))
            browser.call("Page.navigate", url=url)
            here = f"{name}:{port}"
            wait_until(lambda: browser.evaluate("location.host") == here, STEP_TIMEOUT, f"the page at {here}")
            wait_until(lambda: "New game" in read_screen() and "Evolution" in screen, STEP_TIMEOUT,
                       f"the menu, by {here}",
                       detail=lambda: f"the browser's terminal shows:\n{screen}\n"
                                      f"the page's websocket: {browser.evaluate(WS_URL)}\n"
                                      f"server log:\n{server_log.read_text(errors='replace')[-2000:]}")
            assert browser.evaluate(WS_URL) == f"ws://{here}/ws"
    finally:
        if browser is not None:
            browser.close()
        kill_group(server)
        kill_marked(marker)


def test_each_session_runs_this_interpreter():
    import shlex

    from boardgames_tui import web
    assert web.app_command() == f"{shlex.quote(sys.executable)} -m boardgames_tui"
    assert web.public_url_for("127.0.0.1", 8123, None) is None  # textual-serve's own http://H:P
    assert web.public_url_for("0.0.0.0", 8123, "https://games.example/") == "https://games.example"
    assert web.public_url_for("0.0.0.0", 8123, None).endswith(":8123")


@pytest.mark.parametrize("argv", [["web", "--port", "0"], ["web", "--port", "70000"]])
def test_web_bad_port_is_one_line_and_exit_2(argv, capsys):
    from boardgames_tui import cli
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--port" in err, err

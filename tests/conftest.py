"""Shared test set-up: never touch the real data folder; hypothesis profiles;
the ``ui`` and ``e2e`` markers by folder."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - hypothesis is in the test extra
    settings = None

if settings is not None:
    # CI runs the same examples every time (a red CI is reproducible); locally
    # hypothesis explores new ones and remembers failures in .hypothesis/.
    settings.register_profile("ci", derandomize=True, database=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("dev", suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """Saves and autosaves go to a temporary folder (BOARDGAMES_TUI_DATA)."""
    monkeypatch.setenv("BOARDGAMES_TUI_DATA", str(tmp_path / "data"))
    # The table store and the player's name come from the data folder and the OS user, not the caller's.
    monkeypatch.delenv("BOARDGAMES_TUI_TABLES", raising=False)
    monkeypatch.delenv("BOARDGAMES_TUI_PLAYER", raising=False)
    monkeypatch.delenv("BOARDGAMES_TUI_SOCKET", raising=False)
    monkeypatch.delenv("BOARDGAMES_TUI_SERVER", raising=False)   # no table server over TCP but a test's own
    monkeypatch.delenv("BOARDGAMES_TUI_TOKEN", raising=False)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)   # the socket goes beside the test's store
    # A server a client starts in a test leaves a few seconds after its last client, not five minutes.
    monkeypatch.setenv("BOARDGAMES_TUI_IDLE_EXIT", "3")


class RunningServer:
    """A table server on its own thread and event loop (a Pilot app runs its own loop in the
    test's thread): ``sock`` is its socket, ``call(fn, *args)`` runs ``fn`` on its tables thread
    (``create(game, seats, seed)`` makes a table with a chosen seed, as only the server's own
    API may)."""

    def __init__(self, store: Path, sock: Path, **kw) -> None:
        import asyncio
        import threading

        from boardgames_tui.tables.server import TableServer

        self.server = TableServer(store, sock, **kw)
        self.sock = sock
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        self.error: BaseException | None = None

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            try:
                self.loop.run_until_complete(self.server.start())
            except BaseException as e:  # noqa: BLE001 - given to the test
                self.error = e
                started.set()
                return
            started.set()
            self.loop.run_until_complete(self.server.serve())

        self.thread = threading.Thread(target=run, daemon=True, name="table-server")
        self.thread.start()
        started.wait(30)
        if self.error is not None:
            raise self.error

    def call(self, fn, *args):
        import asyncio
        return asyncio.run_coroutine_threadsafe(self.server._on_tables(fn, *args), self.loop).result(60)

    def create(self, game: str, seats, seed: int | None = None, options=None) -> str:
        return self.call(lambda: self.server.create_table(game, seats, seed, options))

    def stop(self) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.server.stop)
            self.thread.join(30)


@pytest.fixture
def table_server(tmp_path, monkeypatch):
    """The host's table server for this test, its store in the test's data folder, bots without
    a delay; clients find it through BOARDGAMES_TUI_SOCKET."""
    sock = tmp_path / "t.sock"
    monkeypatch.setenv("BOARDGAMES_TUI_SOCKET", str(sock))
    s = RunningServer(tmp_path / "data" / "tables.db", sock, bot_delay=0.0, bot_seconds=0.5)
    yield s
    s.stop()


@pytest.fixture
def tcp_table_server(tmp_path, monkeypatch):
    """A table server that also listens over TCP (``serve --listen``) on a free loopback port, with
    the tokens of alice and bob: ``url`` is its websocket's, ``token[player]`` a player's token."""
    sock = tmp_path / "t.sock"
    monkeypatch.setenv("BOARDGAMES_TUI_SOCKET", str(sock))
    token = {"alice": "alice-token-0123456789abcdef", "bob": "bob-token-0123456789abcdefghi"}
    s = RunningServer(tmp_path / "data" / "tables.db", sock, bot_delay=0.0, bot_seconds=0.5,
                      listen=("127.0.0.1", 0), tokens={t: p for p, t in token.items()})
    s.token = token
    s.port = s.server.listen[1]
    s.url = f"ws://127.0.0.1:{s.port}/tables"
    yield s
    s.stop()


# A test's folder under tests/ gives its marker, so a new test there needs none
# of its own (``slow`` is put on the test itself: it follows the test when it
# is renamed or moved, where a list of names here would silently stop matching).
_TESTS = Path(__file__).parent
_FOLDER_MARKS = {"ui": pytest.mark.ui, "e2e": pytest.mark.e2e}


def pytest_collection_modifyitems(config, items):
    for item in items:
        try:
            folder = item.path.relative_to(_TESTS).parts[0]
        except ValueError:      # a test outside tests/ (given on the command line)
            continue
        mark = _FOLDER_MARKS.get(folder)
        if mark is not None:
            item.add_marker(mark)

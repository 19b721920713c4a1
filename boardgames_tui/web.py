"""``boardgames-tui web``: play in a web browser.

The server is the ``textual-serve`` package (Textualize's own, without the
rest of textual-dev): a small aiohttp server whose page draws a terminal with
xterm.js and talks to one app process per browser tab over a websocket.

Each tab starts ``<this interpreter> -m boardgames_tui``, so the command works
from a virtual environment that is not activated and never depends on what
``PATH`` finds.  Saves and autosaves go to the usual data folder of the user
running the server (``BOARDGAMES_TUI_DATA`` is passed on to each session).

Textual is not imported here, and textual-serve only when the server starts,
so ``boardgames-tui --help`` stays fast.
"""
from __future__ import annotations

import shlex
import sys

#: What the page shows as its title (the browser tab) and on its start dialog.
TITLE = "boardgames-tui"
DEFAULT_HOST = "localhost"
DEFAULT_PORT = 8000
_WILDCARD_HOSTS = {"0.0.0.0", "::", ""}


def app_command() -> str:
    """The shell command each browser session runs: this very interpreter."""
    return f"{shlex.quote(sys.executable)} -m boardgames_tui"


def public_url_for(host: str, port: int, public_url: str | None) -> str | None:
    """The address the page tells the browser to connect back to.

    textual-serve builds it from ``--host``; a wildcard host (all interfaces)
    is no address a browser can reach, so then ``--public-url`` is needed,
    or the machine's name is used."""
    if public_url:
        return public_url.rstrip("/")
    if host in _WILDCARD_HOSTS:
        import socket
        return f"http://{socket.getfqdn()}:{port}"
    return None


def make_server(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, public_url: str | None = None):
    """A textual-serve ``Server`` for the app, its page titled :data:`TITLE`."""
    import aiohttp_jinja2
    import jinja2
    from textual_serve.server import Server

    class _Server(Server):
        async def _make_app(self):
            app = await super()._make_app()
            # textual-serve's page has no <title>: the tab would show the URL.
            # Use its own template with one line added.
            source = (self.templates_path / "app_index.html").read_text(encoding="utf-8")
            if "<title>" not in source:
                source = source.replace("<head>", "<head>\n    <title>{{ application.name }}</title>", 1)
            aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({"app_index.html": source}))
            return app

    return _Server(app_command(), host=host, port=port, title=TITLE,
                   public_url=public_url_for(host, port, public_url))


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, public_url: str | None = None) -> int:
    """Serve the app until Ctrl+C (or SIGTERM)."""
    make_server(host, port, public_url).serve()
    return 0

"""``boardgames-tui web``: play in a web browser.

The server is the ``textual-serve`` package (Textualize's own, without the
rest of textual-dev): a small aiohttp server whose page draws a terminal with
xterm.js and talks to one app process per browser tab over a websocket.

Each tab starts ``<this interpreter> -m boardgames_tui``, so the command works
from a virtual environment that is not activated and never depends on what
``PATH`` finds.

Access (:mod:`.web_access`): every request needs the printed link's token or
the cookie the page answered to it set; ``--no-token`` only on loopback.  The
page's assets and websocket go to the name and port it was opened by (where
that cookie is valid), so the link works by any name of the host; to a fixed
address only with ``--public-url``.  A request whose ``Host`` is no name of
this server gets 403 (DNS rebinding; :func:`web_access.host_middleware`).

Limits (:mod:`.web_limits`): at most ``--max-per-link`` sessions (app
processes) per link and ``--max-sessions`` in all; a websocket over a cap is
closed with the reason, and starts nothing.  The terminal size a browser asks
for is clamped to 20x10 .. 300x100.  The log (:mod:`.web_log`) never shows a
token: not in the access log, nor in what aiohttp logs of a malformed request.

Data folders: a session's ``BOARDGAMES_TUI_DATA`` is ``<data>/web/<player>/``
under the server's data folder, the player being whose token opened the page
(``--player NAME``, one token and link each; ``default`` without).  Keyed by
person, not by tab: one person's tabs share their saves and autosaves, so a
closed tab is resumed from another, while two people's are apart.  Keyed by
name, not by token: a new random token at every start would otherwise leave
the old saves behind.  Sessions also get ``BOARDGAMES_TUI_HOSTED=1`` (the
Save/Load dialogs stay in that folder).

Textual is not imported here, and textual-serve only when the server starts,
so ``boardgames-tui --help`` stays fast.
"""
from __future__ import annotations

import contextvars
import shlex
import sys
from pathlib import Path

from . import web_access, web_limits, web_log
from .engine.hosting import private_dir

#: What the page shows as its title (the browser tab) and on its start dialog.
TITLE = "boardgames-tui"
DEFAULT_HOST = "localhost"
DEFAULT_PORT = 8000
_PLAYER_KEY = "boardgames_tui.player"

# textual-serve's page connects at once but leaves the keyboard elsewhere until
# a click: focus xterm's input once the websocket is open, and the Restart
# button once the session has ended.  A session the server refused (web_limits)
# is closed with its reason: the "Session ended." dialog says it instead.
_AUTOFOCUS = """
    <script>
      window.WebSocket = class extends WebSocket {
        constructor(...args) {
          super(...args);
          this.addEventListener("close", (event) => {
            const message = document.querySelector(".closed-dialog .message");
            if (event.reason && message) message.textContent = event.reason;
          });
        }
      };
      window.addEventListener("load", () => {
        const term = document.getElementById("terminal");
        const focus = () => {
          const target = document.body.classList.contains("-closed")
            ? document.querySelector(".closed-dialog button")
            : term.classList.contains("-connected") && term.querySelector("textarea");
          if (target && document.activeElement !== target) target.focus();
        };
        const classes = {attributes: true, attributeFilter: ["class"]};
        const seen = new MutationObserver(focus);
        seen.observe(term, classes);
        seen.observe(document.body, classes);
        focus();
      });
    </script>
  </body>"""


def app_command() -> str:
    """The shell command each browser session runs: this very interpreter."""
    return f"{shlex.quote(sys.executable)} -m boardgames_tui"


def session_env(data: Path, player: str, tables: Path) -> dict[str, str]:
    """The variables a session of ``player`` (whose token was checked) runs with:
    their own folder, hosted mode, their name at tables (the table server trusts it: the tab runs
    on the web server's account), and the one table server of the web server's store (its socket
    fixed here, not derived from each player's folder; the first tab that needs it starts it)."""
    from .tables.address import socket_path

    return {"BOARDGAMES_TUI_DATA": str(web_access.session_folder(data, player)),
            "BOARDGAMES_TUI_HOSTED": "1",
            "BOARDGAMES_TUI_PLAYER": player,
            "BOARDGAMES_TUI_TABLES": str(tables),
            "BOARDGAMES_TUI_SOCKET": str(socket_path(tables))}


def session_command(env: dict[str, str]) -> str:
    """:func:`app_command` with ``env`` set (a /bin/sh prefix: it wins over the server's own)."""
    return " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " " + app_command()


def public_url_for(host: str, port: int, public_url: str | None) -> str | None:
    """The address the printed links name (None: textual-serve's own ``http://HOST:PORT``).

    A page connects back to the name it was opened by (:func:`web_access.page_url`),
    or to this address with ``--public-url``.  A wildcard host (all interfaces) is
    no address a browser can reach, so the link then names the machine."""
    if public_url:
        return public_url.rstrip("/")
    if host in web_access.WILDCARD_HOSTS:
        import socket
        return f"http://{socket.getfqdn()}:{port}"
    if ":" in host:  # IPv6: textual-serve would write http://::1:8000
        return f"http://[{host.strip('[]')}]:{port}"
    return None


def page_template(source: str) -> str:
    """textual-serve's page with a <title> (else the tab shows the URL) and autofocus."""
    if "<title>" not in source:
        source = source.replace("<head>", "<head>\n    <title>{{ application.name }}</title>", 1)
    return source.replace("</body>", _AUTOFOCUS, 1)


# The command for the session being opened: textual-serve's websocket handler
# reads ``self.command`` while it builds the session, in the request's own task.
_session = contextvars.ContextVar("boardgames_tui_session_command")
# The address of the page being rendered, while textual-serve's index handler runs.
_page = contextvars.ContextVar[str]("boardgames_tui_page_url")


def make_server(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, public_url: str | None = None,
                tokens: dict[str, str] | None = None, data: Path | None = None,
                tables: Path | None = None, limits: web_limits.SessionLimits | None = None):
    """A textual-serve ``Server`` for the app, its page titled :data:`TITLE`.

    ``tokens`` maps each token to its player (None: no token needed);
    ``data`` is the folder the sessions' folders go under; ``tables`` the
    table store they share (default :func:`web_access.shared_tables`);
    ``limits`` counts the sessions (default: :mod:`.web_limits`' caps)."""
    import aiohttp_jinja2
    import jinja2
    from textual_serve.server import Server

    if data is None:
        from .engine.save import data_dir
        data = data_dir()
    data = data.absolute()
    given_url = public_url   # --public-url: then every page uses it
    tables = (tables or web_access.shared_tables(data)).absolute()
    names, any_address = web_access.server_names(host, public_url)
    sessions = limits or web_limits.SessionLimits()

    class _Server(Server):
        @property
        def command(self) -> str:
            return _session.get(self._command)

        @command.setter
        def command(self, value: str) -> None:
            self._command = value

        # textual-serve writes each address in its page (the assets, the websocket) as
        # ``self.public_url`` + path, in handle_index: public_url is the one place to say
        # where they are.  While a page is rendered it is that page's own address
        # (web_access.page_url: the name and port the browser asked by, where the cookie
        # its link set is valid), unless --public-url was given; everyone else (the printed
        # links, the origin check) sees the configured one.  Relative addresses would need
        # no hook, but textual-serve makes ws: by cutting the scheme off an absolute URL,
        # and browsers older than 2024 refuse a relative websocket address anyway.
        @property
        def public_url(self) -> str:
            return _page.get(self._public_url)

        @public_url.setter
        def public_url(self, value: str) -> None:
            self._public_url = value

        async def handle_index(self, request):
            reset = _page.set(web_access.page_url(given_url, request.scheme, request.host,
                                                  self._public_url))
            try:
                return await super().handle_index(request)
            finally:
                _page.reset(reset)

        async def _make_app(self):
            app = await super()._make_app()
            source = (self.templates_path / "app_index.html").read_text(encoding="utf-8")
            aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({"app_index.html": page_template(source)}))
            # the Host first: a request to a name not ours gets 403 whatever else it carries
            app.middlewares.append(web_access.host_middleware(names, any_address))
            app.middlewares.append(web_access.origin_middleware(self.public_url))
            if tokens is not None:
                app.middlewares.append(web_access.token_middleware(
                    tokens, web_access.cookie_name(port), _PLAYER_KEY))
            return app

        async def handle_websocket(self, request):
            # The player is what the token middleware found for the checked token; nothing
            # else of the request (query, headers) goes into the session's command.
            player = request.get(_PLAYER_KEY, web_access.DEFAULT_PLAYER)
            refused = sessions.take(player)   # (no await before it: the count is exact)
            if refused is not None:
                web_limits.log.warning("boardgames-tui: refused a session of %s: %s", player, refused)
                return await web_limits.refuse_websocket(request, refused)
            try:
                env = session_env(data, player, tables)
                private_dir(env["BOARDGAMES_TUI_DATA"])   # 0700, as the app makes its folders
                _session.set(session_command(env))
                # textual-serve reads the first size from the query: hand it a clamped one
                size = web_limits.clamp_size(request.query.get("width"), request.query.get("height"))
                request = request.clone(rel_url=request.rel_url.update_query(
                    width=str(size[0]), height=str(size[1])))
                return await super().handle_websocket(request)
            finally:
                sessions.release(player)

        async def _process_messages(self, websocket, app_service) -> None:
            # ... and each later size from a resize message
            resize = app_service.set_terminal_size

            async def clamped(width, height) -> None:
                await resize(*web_limits.clamp_size(width, height))

            app_service.set_terminal_size = clamped
            await super()._process_messages(websocket, app_service)

        def initialize_logging(self) -> None:
            super().initialize_logging()
            web_log.install(tokens or ())

        async def on_startup(self, app) -> None:
            for line in web_access.links(self.public_url, tokens):
                print(line, flush=True)
            print(f"boardgames-tui: saves go to {data / 'web'}, tables to {tables}; "
                  "Ctrl+C stops the server", flush=True)

    return _Server(app_command(), host=host, port=port, title=TITLE,
                   public_url=public_url_for(host, port, public_url))


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, public_url: str | None = None,
          tokens: dict[str, str] | None = None, tables: Path | None = None,
          limits: web_limits.SessionLimits | None = None) -> int:
    """Serve the app until Ctrl+C (or SIGTERM)."""
    make_server(host, port, public_url, tokens, tables=tables, limits=limits).serve()
    return 0

"""Who may use ``boardgames-tui web``: access tokens, players and their folders.

Jupyter's scheme: the printed link carries ``?token=``; the page answered to
a valid token sets a cookie (HttpOnly, SameSite=Strict, Path=/) so the page's
own assets and websocket, same origin, pass without it; anything else gets 403.
A websocket whose ``Origin`` is another site's page gets 403 too (Jupyter
checks it as well), with or without a token.

DNS rebinding: a page of ``evil.example`` whose name is made to resolve to this
machine would be same-origin with itself and could drive the server (with
``--no-token`` at once).  Its requests name ``evil.example`` in ``Host``, so
every request, the websocket too, token or not, must name the server:
a loopback name or address, the ``--host`` value, the ``--public-url`` host
(:func:`server_names`, :func:`host_middleware`); anything else gets 403.  On
every interface (``--host 0.0.0.0`` or ``::``) the machine's own names
(``socket.gethostname()``, ``socket.getfqdn()``) and any IP address are let in
too: an address in ``Host`` is no rebinding (that needs a name the attacker
controls), and the listening socket already takes every address the machine
has, which Python cannot list (``getaddrinfo`` of the host name often gives
127.0.1.1 only) or which a NAT in front maps to it.

A token belongs to a player (``default`` without ``--player``), and the player
names the session's data folder, ``<data>/web/<player>/``, and who the
session is at a table: the server decides both from the token, never from
anything else the browser sends.  All the sessions share one table store
(:func:`shared_tables`).

Pure Python but for the middlewares, which import aiohttp when called.
"""
from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine.text import quoted

if TYPE_CHECKING:
    from aiohttp import web

DEFAULT_PLAYER = "default"
MIN_TOKEN_CHARS = 16
# secrets.token_urlsafe's alphabet: safe in a URL and in a cookie unquoted.
_TOKEN = re.compile(r"[A-Za-z0-9_-]+")
# As in the README's ssh set-up: a folder name on any file system, one case only.
_PLAYER = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
_LOOPBACK_NAMES = {"localhost", "localhost.", "ip6-localhost"}

# An aiohttp handler, as a middleware receives it (aiohttp is imported only when serving).
Handler = Callable[[Any], Awaitable["web.StreamResponse"]]


class AccessError(ValueError):
    """A wrong --token, --no-token or --player: one line for people."""


def is_loopback(host: str) -> bool:
    """Only this machine can reach ``host`` (localhost, 127.x, ::1)."""
    host = host.strip().strip("[]").lower()
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_token(token: str, what: str = "--token") -> str:
    if len(token) < MIN_TOKEN_CHARS:
        raise AccessError(f"{what} needs at least {MIN_TOKEN_CHARS} characters, not {len(token)}")
    if not _TOKEN.fullmatch(token):
        raise AccessError(f"{what} may hold only letters, digits, '-' and '_'")
    return token


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 32 characters, 192 random bits


def parse_player(arg: str) -> tuple[str, str | None]:
    """``NAME`` or ``NAME=TOKEN`` (a fixed token keeps a friend's link across restarts)."""
    name, sep, token = arg.partition("=")
    if not _PLAYER.fullmatch(name):
        raise AccessError(f"--player NAME takes 1 to 32 of a-z, 0-9, '-' and '_' "
                          f"(starting with a letter or digit), not '{name}'")
    return name, (check_token(token, f"the token of --player {name}") if sep else None)


def make_tokens(host: str, token: str | None, no_token: bool,
                players: list[str] | None) -> dict[str, str] | None:
    """Token -> player, or None for no token at all (allowed on loopback only)."""
    if no_token:
        if token is not None or players:
            raise AccessError("--no-token goes with neither --token nor --player")
        if not is_loopback(host):
            raise AccessError(f"--no-token only on a loopback address (localhost, 127.0.0.1, ::1), "
                              f"not {host or 'every interface'}: anyone who reaches the port could play")
        return None
    if not players:
        return {check_token(token) if token is not None else new_token(): DEFAULT_PLAYER}
    if token is not None:
        raise AccessError("with --player, give each player's token as --player NAME=TOKEN")
    tokens: dict[str, str] = {}
    for arg in players:
        name, fixed = parse_player(arg)
        if name in tokens.values():
            raise AccessError(f"--player {name} is given twice")
        fixed = fixed or new_token()
        if fixed in tokens:
            raise AccessError(f"--player {name} has the token of --player {tokens[fixed]}")
        tokens[fixed] = name
    return tokens


def player_for(tokens: dict[str, str], given: str | None) -> str | None:
    """The player whose token is ``given``, compared in constant time."""
    if not given:
        return None
    found = None
    given_b = given.encode("utf-8", "replace")
    for token, player in tokens.items():  # every token compared: no early exit to time
        if hmac.compare_digest(token.encode(), given_b):
            found = player
    return found


def session_folder(data: Path, player: str) -> Path:
    """A player's data folder: their tabs share saves and autosaves, other players' are apart."""
    return data / "web" / player


def shared_tables(data: Path, given: str | None = None) -> Path:
    """The table store every session of the server shares: ``given`` (``--tables``), else
    ``<data>/web/tables.db``, beside the players' folders.  Refused: a folder, and a file
    inside a player's folder (``<data>/web/NAME/``), which would be that player's to touch."""
    if given is None:
        return data / "web" / "tables.db"
    if not given.strip():
        raise AccessError("--tables needs a file name")
    path = Path(given).expanduser().resolve()
    web = (data / "web").resolve()
    if path.is_dir():
        raise AccessError(f"--tables {quoted(given)} is a folder: name a file in it, such as tables.db")
    if path.is_relative_to(web) and path.parent != web:
        raise AccessError(f"--tables {quoted(given)} is inside a player's folder ({web}/NAME/): "
                          f"put it in {web} or elsewhere")
    return path


def links(base: str, tokens: dict[str, str] | None) -> list[str]:
    """The lines to print, one link each."""
    if tokens is None:
        return [f"boardgames-tui: open {base}/"]
    if list(tokens.values()) == [DEFAULT_PLAYER]:
        return [f"boardgames-tui: open {base}/?token={t}" for t in tokens]
    return [f"{player}: {base}/?token={t}" for t, player in tokens.items()]


def _host_port(url: str, default_scheme: str = "http") -> tuple[str, int | None]:
    from urllib.parse import urlsplit
    try:
        parts = urlsplit(url if "//" in url else "//" + url)
        port = parts.port or {"http": 80, "ws": 80, "https": 443, "wss": 443}.get(
            parts.scheme or default_scheme)
    except ValueError:
        return "", None
    return (parts.hostname or ""), port


# A Host header a page may be addressed by: a name or an IPv4 address, or an IPv6 one in
# brackets, and a port.  Anything else (a path, user info, quotes) is no address of ours.
_HOST_HEADER = re.compile(r"(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def page_url(given: str | None, scheme: str, host: str | None, fallback: str) -> str:
    """The address a page tells the browser its files and websocket are at.

    ``--public-url`` when given (a proxy, whose address this server cannot see);
    else the very scheme, name and port the page was asked by (``host``: its
    Host header), so a link opened as ``127.0.0.1``, ``localhost`` or the
    machine's LAN address connects back to that name, where the cookie the
    link set is valid.  ``fallback`` (the printed address) if ``host`` is not
    a plain ``NAME[:PORT]``."""
    if given:
        return given.rstrip("/")
    if scheme in ("http", "https") and host and _HOST_HEADER.fullmatch(host):
        return f"{scheme}://{host}"
    return fallback


def same_origin(origin: str, host: str, public_url: str, scheme: str = "http") -> bool:
    """Whether a websocket's ``Origin`` is this server: the ``Host`` it was
    asked by, or its public URL (behind a proxy).  Loopback names count as
    one (a page opened at 127.0.0.1 whose --public-url names localhost)."""
    o = _host_port(origin)
    for h in (_host_port(host, scheme), _host_port(public_url)):
        if o[0] and o[1] == h[1] and (o[0] == h[0] or is_loopback(o[0]) and is_loopback(h[0])):
            return True
    return False


def origin_middleware(public_url: str) -> Any:
    """An aiohttp middleware: a websocket opened by another site's page gets 403.

    SameSite cookies do not tell ports apart, and without a token there is
    no cookie at all: any page the browser shows could drive a session."""
    from aiohttp import web

    @web.middleware
    async def check_origin(request: web.Request, handler: Handler) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if (origin is not None and request.headers.get("Upgrade", "").lower() == "websocket"
                and not same_origin(origin, request.host, public_url, request.scheme)):
            raise web.HTTPForbidden(text="boardgames-tui: a websocket from another site's page\n")
        return await handler(request)

    return check_origin


WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", "[::]", ""})


def _name(host: str) -> str:
    """A host name or address as compared: lower case, no brackets, no final dot."""
    return host.strip().strip("[]").lower().rstrip(".")


def server_names(host: str, public_url: str | None) -> tuple[frozenset[str], bool]:
    """The names a request's ``Host`` may give (beside the loopback ones, always in), and
    whether any IP address will do: on every interface (``host`` a wildcard), see above."""
    names = {_name(_host_port(public_url)[0])} if public_url else set()
    if host.strip() not in WILDCARD_HOSTS:
        names.add(_name(host))
        return frozenset(names - {""}), False
    names |= {_name(socket.gethostname()), _name(socket.getfqdn())}
    return frozenset(names - {""}), True


def host_allowed(header: str | None, names: frozenset[str], any_address: bool) -> bool:
    """Whether a request's ``Host`` header names this server (:func:`server_names`)."""
    if not header or not _HOST_HEADER.fullmatch(header):
        return False
    name = _name(_host_port(header)[0])
    if not name:
        return False
    if is_loopback(name) or name in names:
        return True
    if any_address:
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return False
    return False


def host_middleware(names: frozenset[str], any_address: bool) -> Any:
    """An aiohttp middleware: 403 for a request whose ``Host`` names no address of this
    server (DNS rebinding), before the token is even looked at."""
    from aiohttp import web

    @web.middleware
    async def check_host(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not host_allowed(request.headers.get("Host"), names, any_address):
            raise web.HTTPForbidden(text="boardgames-tui: this server is not at that address\n")
        return await handler(request)

    return check_host


def cookie_name(port: int) -> str:
    # Cookies ignore the port: two servers on one host must not share one.
    return f"boardgames-tui-token-{port}"


def token_middleware(tokens: dict[str, str], cookie: str, key: Any) -> Any:
    """An aiohttp middleware: 403 without a valid token, else ``request[key]`` is the player."""
    from aiohttp import web

    @web.middleware
    async def check_token(request: web.Request, handler: Handler) -> web.StreamResponse:
        from_query = request.query.get("token")
        by_link = player_for(tokens, from_query)
        player = by_link or player_for(tokens, request.cookies.get(cookie))
        if player is None:
            raise web.HTTPForbidden(text="boardgames-tui: this address needs the link with its "
                                         "token (?token=...), as the server printed it\n")
        request[key] = player
        response = await handler(request)
        if by_link and from_query and not response.prepared:  # (a websocket is already under way)
            response.set_cookie(cookie, from_query, httponly=True, samesite="Strict", path="/")
        return response

    return check_token

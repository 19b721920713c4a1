"""The table commands: ``table new``, ``join`` and ``tables`` (README, "Play at a table").

No Textual here (``join`` opens the app through ``ui.app.run_app``, imported
late): the listing's lines are also the menu's Tables screen's.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from .engine.hosting import hosted
from .engine.identity import IdentityError, player_id
from .engine.table_store import SeatInfo, TableInfo, normal_code
from .engine.text import printable

WIDTH = 80
LIST_TIMEOUT = 3.0   # seconds: the menu and the Tables screen ask on the app's thread


def _cli_error(text: str) -> Exception:
    from .cli import CliError
    return CliError(text)


def who_plays(info: TableInfo) -> str:
    """The seats, e.g. ``1 alice, 2 free, 3 bot``."""
    out = []
    for s in info.seats:
        who = "bot" if s.kind == "bot" else (printable(s.player, 16) if s.player else "free")
        out.append(f"{s.index + 1} {who}")
    return ", ".join(out)


def whose_turn(info: TableInfo, player: str) -> str:
    if info.over:
        return "game over"
    if info.my_turn(player):
        return "your turn"
    if 0 <= info.decider < len(info.seats):
        s = info.seats[info.decider]
        return f"{s.name}'s turn"
    return "?"


def when(t: float, now: float | None = None) -> str:
    """The time of the last choice: the hour today, else the day."""
    now = time.time() if now is None else now
    lt, ln = time.localtime(t), time.localtime(now)
    same_day = lt[:3] == ln[:3]
    return time.strftime("%H:%M" if same_day else "%d %b", lt)


def table_line(info: TableInfo, player: str, width: int = WIDTH) -> str:
    """One table in one line of at most ``width`` columns; ``*`` first when it is the player's turn."""
    mark = "*" if info.my_turn(player) else " "
    tail = f"  {whose_turn(info, player)}  {when(info.updated)}"
    head = f"{mark} {info.code}  {info.game:<12} "
    seats = who_plays(info)
    room = width - len(head) - len(tail)
    if len(seats) > room:
        seats = seats[:max(room - 1, 0)] + "…"
    return f"{head}{seats}{tail}"


def info_of(d: dict) -> TableInfo:
    """A table's listing as the server sends it."""
    seats = tuple(SeatInfo(i, name, kind, player) for i, name, kind, player in d["seats"])
    return TableInfo(d["code"], d["game"], seats, d["n"], d["gen"], d["decider"], d["round"],
                     d["created"], d["updated"])


def list_tables(start: bool = True) -> tuple[str, list[TableInfo]]:
    """Who the server says we are, and its tables (ClientError)."""
    from .tables.client import request

    r = request({"t": "list"}, start=start, timeout=LIST_TIMEOUT)
    return r["player"], [info_of(t) for t in r["tables"]]


def _remote(args) -> bool:
    """``--server``/``--token`` (or the environment's): whether the table server is one over TCP."""
    from .tables.client import remote, use_server

    server, token = getattr(args, "server", None), getattr(args, "token", None)
    if token is not None and server is None and remote() is None:
        raise _cli_error("--token goes with --server (or BOARDGAMES_TUI_SERVER)")
    if server is not None:
        use_server(server, token)   # no --token: the link's, else BOARDGAMES_TUI_TOKEN
    elif token is not None:
        r = remote()
        assert r is not None
        use_server(r[0], token)
    return remote() is not None


def _player() -> str:
    try:
        return player_id()
    except IdentityError as e:
        raise _cli_error(str(e)) from None


def join_link(code: str, seat: int | None, watch: bool):
    """Join at the host's table server (``seat`` 0-based): a TableLink for the app; ClientError
    with the server's one line if refused."""
    from .tables.client import TableLink, join, remote

    code = normal_code(code)
    conn, joined, state = join(code, seat, watch)
    server, token = remote() or (None, None)   # over TCP: the screen reconnects there
    return TableLink(conn, code, seat, watch, state, server, token)


# -- the commands ----------------------------------------------------------------------------
def cmd_table_new(args) -> int:
    from .cli import _game, _names, _options, make_seats
    from .engine.registry import get_game
    from .tables.client import ClientError, request

    tcp = _remote(args)
    name = _game(args.game)
    given, names = _options(args.option), _names(args.names)
    game = get_game(name)
    seats = make_seats(game, args.players, names, args.bots, default_players=max(2, game.min_players))
    if args.seed is not None:
        raise _cli_error("a table's seed is drawn by the table server, never chosen: it would show "
                         "every hand (`play --seed` replays a game of your own)")
    try:
        code = request({"t": "new", "game": name, "seats": [s.to_json() for s in seats],
                        "options": given})["code"]
    except ClientError as e:
        raise _cli_error(str(e)) from None
    print(code)
    # hosted (the SSH login): the friends join through ssh, where the command is the login's word
    how = "ssh -t <this host> join" if hosted() else "boardgames-tui join"
    print(f"join it with: {how} {code} [--seat K]" + (" --server <your link>" if tcp else ""))
    return 0


def cmd_join(args) -> int:
    from .tables.client import ClientError

    if args.watch and args.seat is not None:
        raise _cli_error("--watch takes no seat: a spectator sees the public view")
    if not _remote(args):
        _player()   # over TCP the player is the token's
    try:
        link = join_link(args.code, None if args.seat is None else args.seat - 1, args.watch)
    except ClientError as e:
        raise _cli_error(str(e)) from None
    from .ui.app import run_app
    return run_app(table=link)


def cmd_leave(args) -> int:
    from .tables.client import ClientError, request

    if not _remote(args):
        _player()
    try:
        request({"t": "leave", "code": normal_code(args.code), "seat": args.seat - 1})
    except ClientError as e:
        raise _cli_error(str(e)) from None
    print(f"seat {args.seat} of table {normal_code(args.code)} is free again")
    return 0


def cmd_tables(args) -> int:
    from .tables.client import ClientError

    if not _remote(args):
        _player()
    try:
        player, tables = list_tables()
    except ClientError as e:
        raise _cli_error(str(e)) from None
    if not tables:
        print("No tables on this host yet: boardgames-tui table new GAME")
        return 0
    mine = sum(1 for t in tables if t.my_turn(player))
    for t in tables:
        print(table_line(t, player))
    if mine:
        print(f"Your turn at {mine} table{'s' if mine != 1 else ''} (* above).")
    return 0


def cmd_serve(args) -> int:
    import asyncio

    from .tables.server import IDLE_EXIT, ServerError, TableServer
    from .tables.tcp import ListenError, links, make_tokens, parse_listen

    listen, tokens = None, None
    try:
        if args.listen is not None:
            listen = parse_listen(args.listen)
            tokens = make_tokens(listen[0], args.player, _player())
        elif args.player:
            raise ListenError("--player gives a token for TCP: it goes with --listen HOST:PORT")
    except ListenError as e:
        raise _cli_error(str(e)) from None
    idle = args.idle_exit if args.idle_exit is not None else (IDLE_EXIT if args.embedded else None)
    server = TableServer(Path(args.store) if args.store else None, Path(args.socket) if args.socket else None,
                         bot_delay=args.bot_delay, idle_exit=idle, shared=args.shared,
                         listen=listen, tokens=tokens)

    async def main() -> None:
        try:
            await server.start()
        except ServerError as e:
            if args.embedded:   # another one started first: it serves, this one is not needed
                return
            raise _cli_error(str(e)) from None
        if not args.embedded:
            print(f"boardgames-tui serve: tables in {server.store_path}, on {server.sock_path}", flush=True)
        if server.listen is not None and tokens is not None:
            host, port = server.listen
            print(f"boardgames-tui serve: over TCP on {host}:{port}; each player's link "
                  "(`boardgames-tui join CODE --server LINK`):", flush=True)
            for line in links(host, port, tokens):   # the only place a token is written
                print(line, flush=True)
        await server.serve()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        return 0
    return 0


def remote_args(p) -> None:
    p.add_argument("--server", metavar="LINK",
                   help="a table server over TCP: the link `serve --listen` printed (env BOARDGAMES_TUI_SERVER)")
    p.add_argument("--token", metavar="T", help="your token at that server, if the link has none "
                                                "(env BOARDGAMES_TUI_TOKEN)")


def add_parsers(sub, game_arg, option_arg, positive, seed, default_level: str) -> None:
    s = sub.add_parser("table", help="tables: one game, each seat played from its own terminal")
    tsub = s.add_subparsers(dest="table_command", metavar="new", required=True,
                            parser_class=type(s))
    n = tsub.add_parser("new", help="create a table; prints its code")
    game_arg(n)
    n.add_argument("--players", "-p", type=positive, metavar="N", help="number of seats (default 2, or the fewest)")
    n.add_argument("--names", metavar="A,B,..", help="seat names, comma-separated (default Player 1..N)")
    n.add_argument("--bots", metavar="2=hard,3=easy",
                   help=f"seats (from 1) played by bots: random, easy or hard (a bare number: {default_level})")
    n.add_argument("--seed", type=seed, metavar="S", help=argparse.SUPPRESS)   # refused: see cmd_table_new
    option_arg(n)
    remote_args(n)
    n.set_defaults(func=cmd_table_new)

    j = sub.add_parser("join", help="play at a table (your seat, or the first free one)")
    j.add_argument("code", metavar="CODE", help="the table's code, as `table new` printed it")
    j.add_argument("--seat", type=positive, metavar="K", help="the seat to take, from 1")
    j.add_argument("--watch", action="store_true", help="look on: the public view, no seat")
    remote_args(j)
    j.set_defaults(func=cmd_join)

    t = sub.add_parser("tables", help="list this host's tables (* : your turn)")
    remote_args(t)
    t.set_defaults(func=cmd_tables)

    lv = sub.add_parser("leave", help="give your seat at a table up, so that another may take it")
    lv.add_argument("code", metavar="CODE", help="the table's code")
    lv.add_argument("--seat", type=positive, metavar="K", required=True, help="the seat to give up, from 1")
    remote_args(lv)
    lv.set_defaults(func=cmd_leave)

    sv = sub.add_parser("serve", help="the host's table server (started by itself when needed)")
    sv.add_argument("--store", metavar="FILE", help="the table store (default: tables.db in the data folder)")
    sv.add_argument("--socket", metavar="PATH", help="its Unix socket (default: see docs/tables.md)")
    sv.add_argument("--shared", action="store_true",
                    help="let every account of the host connect (each plays as its own user)")
    sv.add_argument("--bot-delay", type=float, default=0.6, metavar="S",
                    help="seconds between a bot's choices (default 0.6)")
    sv.add_argument("--idle-exit", type=float, metavar="S",
                    help="exit S seconds after the last client left (default: never; 300 when a client started it)")
    sv.add_argument("--listen", metavar="HOST:PORT",
                    help="also serve over TCP (a websocket at ws://HOST:PORT/tables); needs --player off loopback")
    sv.add_argument("--player", action="append", metavar="NAME[=TOKEN]",
                    help="with --listen: a player and their token (random unless given); prints their link")
    sv.add_argument("--embedded", action="store_true", help=argparse.SUPPRESS)  # started by a client: exits when idle
    sv.set_defaults(func=cmd_serve)


__all__ = ["add_parsers", "info_of", "join_link", "list_tables", "table_line", "who_plays", "whose_turn"]

"""The table commands: ``table new``, ``join`` and ``tables`` (README, "Play at a table").

No Textual here (``join`` opens the app through ``ui.app.run_app``, imported
late): the listing's lines are also the menu's Tables screen's.
"""
from __future__ import annotations

import time

from .engine.hosting import hosted
from .engine.identity import IdentityError, player_id
from .engine.table_store import TableError, TableInfo, TableStore, normal_code
from .engine.text import printable

WIDTH = 80


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


def my_turn_count(store: TableStore, player: str) -> int:
    return sum(1 for t in store.tables() if t.my_turn(player))


def _player() -> str:
    try:
        return player_id()
    except IdentityError as e:
        raise _cli_error(str(e)) from None


# -- the commands ----------------------------------------------------------------------------
def cmd_table_new(args) -> int:
    from .cli import _game, _names, _options, make_seats, new_match
    from .engine.registry import get_game

    name = _game(args.game)
    given, names = _options(args.option), _names(args.names)
    game = get_game(name)
    seats = make_seats(game, args.players, names, args.bots, default_players=max(2, game.min_players))
    m = new_match(name, seats, args.seed, given)
    m.open_info = False   # every terminal shows only its own seat's view
    try:
        code = TableStore().create(m)
    except TableError as e:
        raise _cli_error(str(e)) from None
    print(code)
    # hosted (the SSH login): the friends join through ssh, where the command is the login's word
    how = "ssh -t <this host> join" if hosted() else "boardgames-tui join"
    print(f"join it with: {how} {code} [--seat K]")
    return 0


def open_session(store: TableStore, code: str, player: str, seat: int | None, watch: bool):
    """A TableSession for ``seat`` (1-based; None: the player's seat or the first free one),
    or a spectator's; TableError with one line if refused."""
    from .engine.table_session import TableSession

    code = normal_code(code)
    if watch:
        return TableSession.spectate(store, code, player)
    return TableSession.join(store, code, player, None if seat is None else seat - 1)


def cmd_join(args) -> int:
    if args.watch and args.seat is not None:
        raise _cli_error("--watch takes no seat: a spectator sees the public view")
    player = _player()
    try:
        session = open_session(TableStore(), args.code, player, args.seat, args.watch)
    except TableError as e:
        raise _cli_error(str(e)) from None
    from .ui.app import run_app
    return run_app(table=session)


def cmd_tables(args) -> int:
    player = _player()
    try:
        tables = TableStore().tables()
    except TableError as e:
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
    n.add_argument("--seed", type=seed, metavar="S", help="random seed (default: random)")
    option_arg(n)
    n.set_defaults(func=cmd_table_new)

    j = sub.add_parser("join", help="play at a table (your seat, or the first free one)")
    j.add_argument("code", metavar="CODE", help="the table's code, as `table new` printed it")
    j.add_argument("--seat", type=positive, metavar="K", help="the seat to take, from 1")
    j.add_argument("--watch", action="store_true", help="look on: the public view, no seat")
    j.set_defaults(func=cmd_join)

    t = sub.add_parser("tables", help="list this host's tables (* : your turn)")
    t.set_defaults(func=cmd_tables)


__all__ = ["add_parsers", "my_turn_count", "open_session", "table_line", "who_plays", "whose_turn"]

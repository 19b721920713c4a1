"""The ``boardgames-tui`` command line.

Built on the standard library's :mod:`argparse`: it is the well-kept choice
for a handful of subcommands, costs no dependency and no start-up time, and
its usage errors already exit with status 2.  Our own argument errors (unknown
game, wrong player count, unreadable save file, bad ``--size``) are reported
the same way: one line on stderr, exit status 2, never a traceback.

Textual is imported only inside the commands that open the app, so ``list``,
``simulate`` and ``--help`` start fast and work without a terminal
(``tests/test_layers.py`` checks that this module does not import Textual).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from . import __version__
from .engine.registry import GAMES, UnknownGame, game_info, get_game
from .engine.limits import DEFAULT_MAX_CHOICES
from .engine.text import one_line

PROG = "boardgames-tui"
# Default seat colours, in the order of the UI's palette (boardgames_tui/ui/theme.py).
PALETTE = ("red", "blue", "green", "yellow", "magenta", "cyan")
USAGE_ERROR = 2


class CliError(Exception):
    """A wrong argument: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line like ours (no usage dump)."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(USAGE_ERROR, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


# -- argument helpers ------------------------------------------------------------------
def _game(name: str) -> str:
    try:
        return game_info(name).name
    except UnknownGame as e:
        raise CliError(str(e)) from None


def _options(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for p in pairs or []:
        k, sep, v = p.partition("=")
        if not sep or not k.strip() or not v.strip():
            raise CliError(f"--option takes NAME=VALUE, not '{p}'")
        out[k.strip()] = v.strip()
    return out


def _checked_options(game, given: dict[str, str]) -> dict[str, str]:
    try:
        return game.options_with_defaults(given)
    except ValueError as e:
        raise CliError(str(e)) from None


def _check_players(game, n: int, opts: dict[str, str], given: dict[str, str]) -> None:
    try:
        game.check_player_count(n, opts)
    except ValueError as e:
        hint = _option_hint(game, n, given)
        raise CliError(f"{e}{hint}") from None


def _option_hint(game, n: int, given: dict[str, str]) -> str:
    """If another value of a game option allows ``n`` players, say which."""
    for opt in game.game_options:
        if opt.name in given:
            continue
        for choice in opt.choices:
            try:
                lo, hi = game.player_range(game.options_with_defaults({**given, opt.name: choice}))
            except ValueError:
                continue
            if lo <= n <= hi:
                return f" (with --option {opt.name}={choice} it takes {lo} to {hi})"
    return ""


def _size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text or "")
    if not m:
        raise CliError(f"--size takes COLUMNSxROWS such as 120x40, not '{text}'")
    w, h = int(m.group(1)), int(m.group(2))
    if not (40 <= w <= 400 and 12 <= h <= 200):
        raise CliError(f"--size {w}x{h} is out of range (40..400 columns, 12..200 rows)")
    return w, h


def _names(text: str | None) -> list[str] | None:
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise CliError(f"--names has an empty name: '{text}'")
    if len({n.lower() for n in names}) != len(names):
        raise CliError(f"--names must differ: '{text}'")
    return names


# The demo's pace: easy bots (a hard bot thinks for seconds) and a pause per game chosen so that a
# 4-player demo ends in time (README, "Demo"): Civilization takes 824-2,001 choices with 4 easy
# bots (mean 1,458 over 50 games, with the optional battle cards and huts), Imperial ~190-240; a
# choice with one option waits only FORCED_DELAY (ui/screens/bot_turns.py).
DEMO_LEVEL = "easy"
DEMO_DELAY = {"civilization": 0.2, "imperial": 1.0}
DEMO_DELAY_DEFAULT = 0.6
DEFAULT_BOT_LEVEL = "hard"   # a bot seat named without a level (--bots 2)


def _bots(text: str | None, n: int) -> dict[int, str]:
    """``--bots 2=hard,3=easy`` (or ``2,3``: hard bots): seat index -> level."""
    from .engine.session import BOT_LEVELS

    if not text:
        return {}
    out: dict[int, str] = {}
    for part in text.split(","):
        seat, _, level = part.strip().partition("=")
        seat, level = seat.strip(), (level.strip().lower() or DEFAULT_BOT_LEVEL)
        if not seat.isdigit() or not 1 <= int(seat) <= n:
            raise CliError(f"--bots takes seat numbers 1 to {n} separated by commas, each with an optional "
                           f"=level, not '{text}'")
        if level not in BOT_LEVELS:
            raise CliError(f"--bots: the level of seat {seat} must be one of {', '.join(BOT_LEVELS)}, "
                           f"not '{level}'")
        out[int(seat) - 1] = level
    return out


def _seed(text: str) -> int:
    try:
        return int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not '{text}'") from None


def _at_least(low: int):
    """An argparse type: a whole number of at least ``low``."""
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            v = low - 1
        if v < low:
            raise argparse.ArgumentTypeError(f"must be a whole number of at least {low}, not '{text}'")
        return v
    return parse


_positive = _at_least(1)
_non_negative = _at_least(0)


def _delay(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not 0 <= v <= 60:
        raise argparse.ArgumentTypeError(f"must be seconds between 0 and 60, not '{text}'")
    return v


def make_seats(game, players: int | None, names: list[str] | None, bots: str | None,
               all_bots: bool = False, default_players: int | None = None, level: str = DEFAULT_BOT_LEVEL):
    """Seats for a new match: names default to Player 1..N, colours to the palette;
    ``all_bots``: every seat a bot of ``level``."""
    from .engine.session import BOT, HUMAN, Seat

    if names is not None and players is not None and len(names) != players:
        raise CliError(f"--names gives {len(names)} names but --players is {players}")
    n = len(names) if names is not None else players
    if n is None:
        n = default_players if default_players is not None else game.min_players
    if n < 1:
        raise CliError(f"--players must be at least 1, not {n}")
    names = names or [f"Player {i + 1}" for i in range(n)]
    bot_seats = {i: level for i in range(n)} if all_bots else _bots(bots, n)
    return [Seat(names[i], PALETTE[i % len(PALETTE)], BOT if i in bot_seats else HUMAN,
                 bot_seats.get(i, "random")) for i in range(n)]


def new_match(game_name: str, seats, seed: int | None, given: dict[str, str]):
    from .engine.session import Match

    game = get_game(game_name)
    opts = _checked_options(game, given)
    _check_players(game, len(seats), opts, given)
    try:
        return Match.new(game.name, seats, seed, opts)
    except ValueError as e:
        raise CliError(str(e)) from None


# -- commands ----------------------------------------------------------------------------
def cmd_menu(args) -> int:
    from .ui.app import run_app
    return run_app()


def cmd_list(args) -> int:
    for info in GAMES.values():
        print(f"{info.name:<12} {info.title:<12} {info.players_text('-')}  {info.blurb}")
    return 0


def cmd_play(args) -> int:
    name = _game(args.game)
    given, names = _options(args.option), _names(args.names)
    game = get_game(name)
    seats = make_seats(game, args.players, names, args.bots, default_players=game.min_players)
    m = new_match(name, seats, args.seed, given)
    m.open_info = bool(args.open)
    m.auto_forced = not args.no_auto
    from .ui.app import run_app
    return run_app(m)


def cmd_learn(args) -> int:
    name = _game(args.game)
    from .ui.screens.learn import learn_match
    m = learn_match(name, args.seed)
    from .engine.store import StoreError, default_store
    try:
        default_store().sync(m)
    except (StoreError, OSError):
        pass  # the game screen says so at its first autosave
    from .ui.app import run_app
    return run_app(m, learn=True)


def cmd_demo(args) -> int:
    name = _game(args.game)
    given = _options(args.option)
    game = get_game(name)
    lo, hi = game.player_range(_checked_options(game, given))
    seats = make_seats(game, args.players, None, None, all_bots=True,
                       default_players=max(lo, min(4, hi)), level=args.level)
    m = new_match(name, seats, args.seed, given)
    delay = DEMO_DELAY.get(name, DEMO_DELAY_DEFAULT) if args.delay is None else args.delay
    from .ui.app import run_app
    return run_app(m, demo=True, delay=delay, exit_at_end=args.exit_at_end)


def cmd_simulate(args) -> int:
    from . import simulate

    name = _game(args.game)
    given = _options(args.option)
    game = get_game(name)
    opts = _checked_options(game, given)
    lo, hi = game.player_range(opts)
    levels = _levels(args.bots)
    if args.players is not None:
        players = args.players
    elif levels:
        players = len(levels)
    else:
        players = max(lo, min(4, hi))
    _check_players(game, players, opts, given)
    if levels and len(levels) != players:
        raise CliError(f"--bots gives {len(levels)} levels for {players} players; give one per seat")
    bot_kw = {k: v for k, v in (("iterations", args.iterations), ("rollout", args.rollout)) if v is not None}
    return simulate.main(name, players, args.games, args.seed, args.max_choices, args.json, opts,
                         levels=levels, bot_kw=bot_kw)


def _levels(text: str | None) -> list[str] | None:
    """``--bots hard,random``: one bot level per seat."""
    from .bots.levels import LEVELS

    if not text:
        return None
    levels = [t.strip().lower() for t in text.split(",")]
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        raise CliError(f"--bots takes one level per seat ({', '.join(LEVELS)}), not '{bad[0]}'")
    return levels


def _newest_autosave():
    from .engine.save import SaveError
    from .engine.store import StoreError, default_store

    try:
        store = default_store()
        newest = store.newest()
        if newest is None:
            raise CliError("no saved game to resume (autosaves are made while you play)")
        return store.load(newest.id)
    except (SaveError, StoreError) as e:
        raise CliError(f"the newest autosave cannot be resumed: {e}") from None


def cmd_resume(args) -> int:
    from .engine.hosting import hosted
    from .engine.save import SaveError, load_target

    from .tables.bookmark import Bookmark, load_any

    if args.file:
        try:
            # hosted mode: a plain name in the player's saves folder, as in Load
            m = load_any(load_target(args.file) if hosted() else Path(args.file))
        except SaveError as e:
            raise CliError(str(e)) from None
    else:
        m = _newest_autosave()
    from .ui.app import run_app
    if isinstance(m, Bookmark):   # a Save at a table: join it again
        from .table_cli import join_link
        from .tables.client import ClientError
        from .tables.client import remote as remote_server

        try:
            m.check_reachable(remote_server())
            return run_app(table=join_link(m.code, m.seat, m.watch))
        except (ClientError, SaveError) as e:
            raise CliError(str(e)) from None
    return run_app(m)


def _check_tables(path: Path, prefix: str) -> None:
    """Open (and make) the web server's shared table store now: a bad one is one line at
    the start, not an error in every tab."""
    from .engine.table_store import TableError, TableStore

    store = TableStore(path)
    try:
        store.connect()
    except TableError as e:
        raise CliError(f"{prefix}{e}") from None
    finally:
        store.close()


def cmd_web(args) -> int:
    from . import web, web_access, web_limits
    from .engine.save import data_dir

    if not 1 <= args.port <= 65535:
        raise CliError(f"--port must be 1 to 65535, not {args.port}")
    try:
        tokens = web_access.make_tokens(args.host, args.token, args.no_token, args.player)
        tables = web_access.shared_tables(data_dir().absolute(), args.tables)
    except web_access.AccessError as e:
        raise CliError(str(e)) from None
    _check_tables(tables, "--tables: " if args.tables is not None else "")
    try:
        limits = web_limits.SessionLimits(args.max_per_link, args.max_sessions)
        return web.serve(args.host, args.port, args.public_url, tokens, tables, limits=limits)
    except ImportError as e:
        raise CliError(f"the web server needs textual-serve ({e}); reinstall boardgames-tui") from None
    except OSError as e:
        raise CliError(f"cannot serve on {args.host}:{args.port}: {e.strerror or e}") from None


def play_random(m, choices: int, seed: int, level: str = "random") -> int:
    """Let seeded bots (random ones unless ``level`` says otherwise) make up to ``choices`` choices;
    returns how many were made."""
    from .bots.base import ask
    from .bots.levels import make_bot
    from .simulate import bot_seed

    bots = [make_bot(level, bot_seed(seed, i), m.game) for i in range(len(m.seats))]
    made = 0
    while made < choices:
        d = m.decision()
        if d is None:
            break
        m.choose(ask(bots[d.player], m.game, m.state, d))
        made += 1
    return made


def _menu_screenshot(out: Path, size: tuple[int, int]) -> int:
    """The main menu, drawn with an empty data folder so no personal autosaves show."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bgt-shot-") as data:
        os.environ["BOARDGAMES_TUI_DATA"] = data
        from .ui.app import save_menu_screenshot
        try:
            path = save_menu_screenshot(out, size=size)
        except OSError as e:
            raise CliError(_write_error(out, e)) from None
    print(f"wrote {path}")
    return 0


def _write_error(out: Path, e: OSError) -> str:
    return f"--out: cannot write {out} ({e.strerror or e.__class__.__name__})"


def _check_out(out: Path, given: str) -> None:
    """Refuse an --out that cannot be written, before any work is done."""
    if out.is_dir():
        raise CliError(f"--out: {given} is a folder; give an .svg file name")
    if out.suffix.lower() != ".svg":
        raise CliError(f"--out must name an .svg file, not '{given}'")
    if not out.parent.is_dir():
        raise CliError(f"--out: folder {out.parent} does not exist")
    if out.exists() and not out.is_file():
        raise CliError(f"--out: {given} is not a regular file")
    if not os.access(out.parent, os.W_OK | os.X_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise CliError(f"--out: cannot write {given} (permission denied)")


def cmd_screenshot(args) -> int:
    size = _size(args.size)
    out = Path(args.out).expanduser()
    _check_out(out, args.out)
    if args.game.lower() == "menu":
        return _menu_screenshot(out, size)
    name = _game(args.game)
    given = _options(args.option)
    game = get_game(name)
    seats = make_seats(game, args.players, None, None, default_players=game.min_players)
    m = new_match(name, seats, args.seed, given)
    # a fixed id and date, so the same arguments give the same file
    m.match_id = f"{name}-screenshot-{args.seed}"
    m.created = 0.0
    made = play_random(m, args.choices, args.seed, args.level)
    from .ui.app import save_screenshot
    try:
        path = save_screenshot(m, out, size=size)
    except OSError as e:
        raise CliError(_write_error(out, e)) from None
    over = " (the game is over)" if m.is_over() else ""
    print(f"wrote {path} after {made} choices{over}")
    return 0


# -- the parser ------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    games = ", ".join(GAMES)
    p = _Parser(prog=PROG, description="Heavy board games played hot-seat in the terminal. "
                "Without a command, opens the menu.",
                epilog=f"games: {games}.  '{PROG} COMMAND --help' tells more.")
    p.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    p.set_defaults(func=cmd_menu)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    s = sub.add_parser("menu", help="open the menu (the default)")
    s.set_defaults(func=cmd_menu)

    s = sub.add_parser("list", help="list the games and their player counts")
    s.set_defaults(func=cmd_list)

    def game_arg(sp):
        sp.add_argument("game", metavar="GAME", help=f"one of: {games}")

    def option_arg(sp):
        sp.add_argument("--option", "-o", action="append", metavar="NAME=VALUE",
                        help="a game option, e.g. deck=129 for Evolution (repeatable)")

    s = sub.add_parser("play", help="start a game directly")
    game_arg(s)
    s.add_argument("--players", "-p", type=_positive, metavar="N", help="number of seats (default: the fewest)")
    s.add_argument("--names", metavar="A,B,..", help="seat names, comma-separated (default Player 1..N)")
    s.add_argument("--bots", metavar="2=hard,3=easy",
                   help="seats (from 1) played by bots, each with a level: random, easy or hard "
                        f"(a bare seat number: {DEFAULT_BOT_LEVEL})")
    s.add_argument("--seed", type=_seed, metavar="S", help="random seed (default: random)")
    option_arg(s)
    s.add_argument("--open", action="store_true",
                   help="open information: no hand-off curtains between players")
    s.add_argument("--no-auto", action="store_true",
                   help="every choice waits for a key, even one with a single option "
                        "(by default such a forced choice plays itself)")
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("learn", help="a guided first game against easy bots: what each decision is for, "
                                     "with hints")
    game_arg(s)
    s.add_argument("--seed", type=_seed, metavar="S", help="random seed (default: random)")
    s.set_defaults(func=cmd_learn)

    s = sub.add_parser("demo", help="bots play a game visibly to the end")
    game_arg(s)
    s.add_argument("--players", "-p", type=_positive, metavar="N", help="number of bots (default 4)")
    s.add_argument("--seed", type=_seed, metavar="S", help="random seed (default: random)")
    s.add_argument("--delay", type=_delay, default=None, metavar="SECONDS",
                   help="pause between bot moves (default: per game, "
                        + ", ".join(f"{g} {d}" for g, d in DEMO_DELAY.items()) + f", others {DEMO_DELAY_DEFAULT})")
    s.add_argument("--level", choices=("random", "easy", "hard"), default=DEMO_LEVEL,
                   help=f"the bots' level (default {DEMO_LEVEL})")
    s.add_argument("--exit-at-end", action="store_true",
                   help="leave a few seconds after the score screen is shown (exit status 0)")
    option_arg(s)
    s.set_defaults(func=cmd_demo)

    s = sub.add_parser("simulate", help="headless bot games: results, speed and game lengths")
    game_arg(s)
    s.add_argument("--players", "-p", type=_positive, metavar="N", help="players per game (default 4)")
    s.add_argument("--games", "-n", type=_positive, default=10, metavar="K", help="how many games (default 10)")
    s.add_argument("--seed", type=_seed, metavar="S",
                   help="game i uses seed S+i for the deal and the bots (default: random, printed)")
    s.add_argument("--max-choices", type=_positive, metavar="M", default=DEFAULT_MAX_CHOICES,
                   help=f"cut a game off after M choices and count it unfinished (default {DEFAULT_MAX_CHOICES})")
    s.add_argument("--json", action="store_true", help="print the results as JSON")
    s.add_argument("--bots", metavar="LEVEL,..",
                   help="one bot level per seat: random, easy or hard (default: all random); "
                        "the seats are rotated across the games")
    s.add_argument("--iterations", type=_positive, metavar="I",
                   help="the hard bot's search budget per decision (default: the hard bot's own)")
    s.add_argument("--rollout", type=_non_negative, metavar="R",
                   help="the hard bot's rollout length in choices before it judges the position "
                        "(default: the hard bot's own)")
    option_arg(s)
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("resume", help="continue a saved game (default: the newest unfinished autosave)")
    s.add_argument("file", nargs="?", metavar="FILE", help="a save file")
    s.set_defaults(func=cmd_resume)

    s = sub.add_parser("web", help="play in a web browser: serve the app over HTTP (textual-serve)")
    s.add_argument("--host", default="localhost", metavar="H",
                   help="the address to listen on (default localhost; 0.0.0.0 for every interface); "
                        "a request whose Host names neither it, a loopback name nor the "
                        "--public-url host gets 403")
    s.add_argument("--port", type=int, default=8000, metavar="P", help="the port (default 8000)")
    s.add_argument("--public-url", metavar="URL",
                   help="a fixed address for the printed link and every page's websocket "
                        "(e.g. behind a proxy); by default the link names http://H:P and each "
                        "page connects back to the name it was opened by")
    s.add_argument("--token", metavar="T",
                   help="the access token in the printed link (default: a new random one; "
                        "at least 16 of A-Z a-z 0-9 - _)")
    s.add_argument("--no-token", action="store_true",
                   help="no token: anyone who reaches the port plays (only on localhost/127.x/::1)")
    s.add_argument("--player", action="append", metavar="NAME[=T]",
                   help="a person with their own link (token T, or a random one) and their own "
                        "saves, <data>/web/NAME; repeat for each")
    s.add_argument("--tables", metavar="FILE",
                   help="the table store all the links share (default <data>/web/tables.db)")
    s.add_argument("--max-per-link", type=_positive, default=4, metavar="N",
                   help="at most N tabs (app sessions) at once per link (default 4)")
    s.add_argument("--max-sessions", type=_positive, default=32, metavar="N",
                   help="at most N tabs (app sessions) at once in all (default 32)")
    s.set_defaults(func=cmd_web)

    from .table_cli import add_parsers
    add_parsers(sub, game_arg, option_arg, _positive, _seed, DEFAULT_BOT_LEVEL)

    s = sub.add_parser("screenshot", help="write an SVG of the position after N bot choices "
                                          "(GAME 'menu': the main menu)")
    game_arg(s)
    s.add_argument("--out", required=True, metavar="FILE.svg", help="the SVG file to write")
    s.add_argument("--seed", type=_seed, default=1, metavar="S", help="seed of the game and the bots (default 1)")
    s.add_argument("--choices", type=_non_negative, default=0, metavar="N",
                   help="bot choices to play first (default 0)")
    s.add_argument("--level", choices=("random", "easy"), default="random",
                   help="the bots that make those choices (default random)")
    s.add_argument("--size", default="120x40", metavar="COLSxROWS", help="terminal size (default 120x40)")
    s.add_argument("--players", "-p", type=_positive, metavar="N", help="number of seats (default: the fewest)")
    option_arg(s)
    s.set_defaults(func=cmd_screenshot)
    return p


def main(argv: list[str] | None = None) -> int:
    if not (sys.argv[1:] if argv is None else argv):
        # The bare command opens the menu: no parser to build (6 ms of the
        # menu's start-up, bench/startup.py).
        args = argparse.Namespace(func=cmd_menu)
    else:
        args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except CliError as e:
        # one_line: whatever a file or an argument put in the message, it
        # prints as one line that no terminal acts on.
        print(f"{PROG}: error: {one_line(e)}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # e.g. `boardgames-tui simulate ... | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

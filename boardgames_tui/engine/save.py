"""Save files: the JSON exchange format, read as untrusted input.

A save file holds the game, the rules version, the options, the seats, the
seed and the list of choices.  Loading replays the choices through the rules,
so a file can never hold an impossible position and needs no schema for each
game's state.  ``s`` in the game writes one; Load and ``resume FILE`` read one.
Autosaves are not files but rows of an SQLite journal (:mod:`.store`).

Reading is strict because a file may come from anyone:

* only regular files, opened without blocking (a FIFO or a device is refused
  at once) and at most :data:`MAX_BYTES` long;
* the JSON parser refuses ``NaN``/``Infinity``, numbers beyond the float range,
  integers longer than 30 digits and nesting deeper than Python's recursion
  limit;
* every field is checked for type and range by :func:`validate` (strict code
  of our own rather than a schema library: twelve flat fields, one place, and
  nothing to import at start-up);
* nothing in the file decides where the program writes (``match_id`` is not
  read: a loaded game gets a new random id).

Every refusal is a :class:`SaveError` whose message is one line for people;
the file is never changed.  Writes are atomic (a temporary file in the same
folder, ``fsync``, then ``os.replace``).  Never pickle.

The data folder comes from ``platformdirs`` (the well-kept library that pip and
virtualenv use for this); ``BOARDGAMES_TUI_DATA`` overrides it (the tests point
it at a temporary folder).  Folders are made 0700 and files written 0600.

In hosted mode (:mod:`.hosting`) a typed name must be a plain name in the saves
folder (:func:`plain_name`), :func:`save` and :func:`load` refuse any other
path (:func:`confine`), and no link is followed there: friends sharing one
account reach only their own saves.
"""
from __future__ import annotations

import errno
import json
import math
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, NoReturn, TypeGuard

from .core import IllegalMove
from .hosting import hosted, private_dir
from .registry import UnknownGame, get_game
from .text import printable, quoted
from .session import BOT, BOT_LEVELS, HUMAN, SEAT_COLOURS, Match, Seat, check_names, check_seed

FORMAT = "boardgames-tui-save"
BOOKMARK_FORMAT = "boardgames-tui-table"   # a Save at a table: tables/bookmark.py
FORMAT_VERSION = 1
MAX_BYTES = 20 * 1024 * 1024
MAX_CHOICES = 500_000
MAX_KEY = 200
MAX_INT_DIGITS = 30
NAME_LIMIT = 60      # a file name shown in a message


class SaveError(Exception):
    """A save file that cannot be loaded; the message is one line for people."""


def data_dir() -> Path:
    override = os.environ.get("BOARDGAMES_TUI_DATA")
    if override:
        return Path(override)
    import platformdirs
    return Path(platformdirs.user_data_dir("boardgames-tui", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def ensure_saves_dir() -> Path:
    """The data and saves folders, made 0700 (tightened in hosted mode)."""
    private_dir(data_dir())
    return private_dir(saves_dir())


# -- hosted mode: a plain name in the saves folder, nothing else ------------------------
PLAIN_ONLY = "a plain name only: no folder, path, ~, .. or leading dot"


def plain_name(text: str) -> str:
    """``text`` if it names a file right in the saves folder; SaveError
    :data:`PLAIN_ONLY` otherwise, the same line whatever exists."""
    if (not text or "/" in text or "\\" in text or "~" in text or ".." in text
            or text.startswith(".") or os.path.isabs(text)):
        raise SaveError(PLAIN_ONLY)
    return text


def confine(path: Path | str) -> Path:
    """Hosted mode's check of a path to read or write: a plain name in the
    saves folder, and that folder not a link (it could lead anywhere)."""
    path = Path(path)
    if path.parent != saves_dir():
        raise SaveError(PLAIN_ONLY)
    plain_name(path.name)
    try:
        st = os.lstat(path.parent)
    except FileNotFoundError:
        return path
    except OSError as e:
        raise SaveError(f"your saves folder cannot be checked ({e.strerror or e.__class__.__name__})") from None
    if not stat.S_ISDIR(st.st_mode):
        raise SaveError("your saves folder is a link or a file, not a folder; refused")
    return path


# -- writing ----------------------------------------------------------------------
def to_json(m: Match) -> dict:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": m.game.name,
        "rules_version": m.game.rules_version,
        "options": m.options,
        "players": [s.to_json() for s in m.seats],
        "seed": m.seed,
        "choices": m.choices,
        "open_info": m.open_info,
        "auto_forced": m.auto_forced,
        "created": m.created,
        "saved": time.time(),
        # Summary fields for people reading the file; loading ignores them.
        "round": m.round_number(),
        "over": m.is_over(),
    }


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary file: ``mkstemp`` makes it 0600, and
    ``os.replace`` keeps that mode for the file written."""
    private_dir(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save(m: Match, path: Path | str) -> Path:
    path = Path(path)
    if hosted():
        confine(path)
        ensure_saves_dir()
    write_atomic(path, json.dumps(to_json(m), indent=1))
    return path


# -- reading ------------------------------------------------------------------------
def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The file's bytes, refusing anything but a regular file of at most
    ``limit`` bytes.  ``O_NONBLOCK`` makes opening a FIFO return at once;
    in hosted mode ``O_NOFOLLOW`` refuses a link."""
    nofollow = getattr(os, "O_NOFOLLOW", 0) if hosted() else 0
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | nofollow
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if nofollow and e.errno in (errno.ELOOP, errno.EMLINK):
            raise SaveError(f"{path.name} is a link, not a save file; refused") from None
        _open_error(path, e)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise SaveError(f"{_where(path)}: is a folder, not a save file")
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{_where(path)}: is not a regular file (a pipe or a device); refused")
        if st.st_size > limit:
            raise SaveError(f"{path.name} is {st.st_size // 1_048_576} MB; save files are at most "
                            f"{limit // 1_048_576} MB")
        chunks, total = [], 0
        while True:
            b = os.read(fd, 1 << 20)
            if not b:
                break
            total += len(b)
            if total > limit:
                raise SaveError(f"{path.name} is larger than {limit // 1_048_576} MB; refused")
            chunks.append(b)
        return b"".join(chunks)
    except OSError as e:
        raise SaveError(f"{_where(path)}: cannot be read ({e.strerror or e.__class__.__name__})") from None
    finally:
        os.close(fd)


def _where(path: Path) -> str:
    """How messages name a file: in hosted mode it is in the player's own
    saves folder, and its name is enough (the whole path would wrap)."""
    return printable(path.name if hosted() else str(path), NAME_LIMIT)


def _open_error(path: Path, e: OSError) -> NoReturn:
    if isinstance(e, FileNotFoundError):
        raise SaveError(f"{_where(path)}: no such file") from None
    if isinstance(e, IsADirectoryError):
        raise SaveError(f"{_where(path)}: is a folder, not a save file") from None
    raise SaveError(f"{_where(path)}: cannot be opened ({e.strerror or e.__class__.__name__})") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save file may hold")


def _finite_float(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise ValueError(f"the number {text[:20]} is out of range")
    return v


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"an integer of {len(text)} digits is out of range")
    return int(text)


def parse_json(raw: bytes | str, name: str) -> object:
    """Strict JSON: no NaN/Infinity, no huge numbers, bounded nesting."""
    name = printable(name, NAME_LIMIT)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(f"{name} is not UTF-8 text") from None
    if not raw.strip():
        raise SaveError(f"{name} is empty")
    try:
        return json.loads(raw, parse_constant=_no_constant, parse_float=_finite_float,
                          parse_int=_small_int)
    except json.JSONDecodeError as e:
        raise SaveError(f"{name} is not valid JSON (truncated or corrupt at line {e.lineno})") from None
    except RecursionError:
        raise SaveError(f"{name} is nested too deeply to be a save file") from None
    except ValueError as e:
        raise SaveError(f"{name} is damaged: {e}") from None


def read_json(path: Path | str, bookmark: bool = False) -> dict:
    """A save file's JSON (with ``bookmark``, a table bookmark's too)."""
    path = Path(path)
    data = parse_json(read_bytes(path), path.name)
    if bookmark and isinstance(data, dict) and data.get("format") == BOOKMARK_FORMAT:
        return data
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{printable(path.name, NAME_LIMIT)} is not a boardgames-tui save file")
    return data


class _Bad(Exception):
    pass


def _need(cond: object, what: str) -> None:
    if not cond:
        raise _Bad(what)


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: object) -> TypeGuard[int | float]:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) < 1e12


def validate(data: dict[str, Any]) -> dict[str, Any]:
    """Check every field of a parsed save file; return the cleaned fields.
    Raises ``_Bad`` with a short reason."""
    v = data.get("format_version")
    _need(_is_int(v) and v == FORMAT_VERSION,
          f"save format {printable(repr(v))} is not readable; this version reads format {FORMAT_VERSION}")
    game_name: Any = data.get("game")
    _need(isinstance(game_name, str) and game_name.strip() != "", "'game' must be a game's name")
    try:
        game = get_game(game_name)
    except UnknownGame:
        raise _Bad(f"it is for an unknown game {quoted(game_name)}") from None
    rv: Any = data.get("rules_version")
    _need(isinstance(rv, str), "'rules_version' must be text")
    _need(rv == game.rules_version,
          f"it was made with {game.title} rules version {printable(rv, 20)}; this version plays rules version "
          f"{game.rules_version} and cannot replay it")
    options = data.get("options", {})
    _need(isinstance(options, dict) and all(isinstance(k, str) and isinstance(x, str)
                                            for k, x in options.items()),
          "'options' must map names to text")
    try:
        options = game.options_with_defaults(options)
    except ValueError as e:
        raise _Bad(str(e)) from None
    players: Any = data.get("players")
    _need(isinstance(players, list) and players, "'players' must be a list of seats")
    seats = []
    for i, p in enumerate(players):
        _need(isinstance(p, dict), f"seat {i + 1} must be an object with a name")
        name, colour, kind = p.get("name"), p.get("colour", "white"), p.get("kind", HUMAN)
        _need(isinstance(name, str), f"seat {i + 1}'s name must be text")
        _need(isinstance(colour, str) and colour in SEAT_COLOURS,
              f"seat {i + 1}'s colour must be one of {', '.join(SEAT_COLOURS)}")
        _need(kind in (HUMAN, BOT), f"seat {i + 1} must be human or bot")
        level = p.get("level", "random")
        _need(level in BOT_LEVELS, f"seat {i + 1}'s bot level must be one of {', '.join(BOT_LEVELS)}")
        seats.append(Seat(name, colour, kind, level))
    try:
        game.check_player_count(len(seats), options)
        check_names([s.name for s in seats])
    except ValueError as e:
        raise _Bad(str(e)) from None
    seed: Any = data.get("seed")
    try:
        check_seed(seed)
    except ValueError as e:
        raise _Bad(str(e)) from None
    choices: Any = data.get("choices")
    _need(isinstance(choices, list), "'choices' must be a list")
    _need(len(choices) <= MAX_CHOICES, f"it has more than {MAX_CHOICES} choices")
    _need(all(isinstance(c, str) and 0 < len(c) <= MAX_KEY for c in choices),
          "every choice must be a short piece of text")
    open_info: Any = data.get("open_info", False)
    _need(isinstance(open_info, bool), "'open_info' must be true or false")
    auto_forced: Any = data.get("auto_forced", True)   # files from before the setting: on, as new games
    _need(isinstance(auto_forced, bool), "'auto_forced' must be true or false")
    created: Any = data.get("created", None)
    _need(created is None or _is_number(created), "'created' must be a time in seconds")
    return {"game": game.name, "options": options, "seats": seats, "seed": seed,
            "choices": choices, "open_info": open_info, "auto_forced": auto_forced,
            "created": float(created) if created is not None else time.time()}


def from_json(data: object, source: str = "save file") -> Match:
    """A match from parsed save data: validated, then replayed from the seed."""
    source = printable(source, NAME_LIMIT)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{source} is not a boardgames-tui save file")
    try:
        f = validate(data)
    except _Bad as e:
        raise SaveError(f"{source} is refused: {e}") from None
    try:
        m = Match.replay(f["game"], f["seats"], f["seed"], f["options"], f["choices"], f["auto_forced"])
    except IllegalMove as e:
        raise SaveError(f"{source} does not replay: {e.reason}") from None
    except ValueError as e:
        raise SaveError(f"{source} is refused: {e}") from None
    except RecursionError:
        raise SaveError(f"{source} does not replay: the position is too deep") from None
    except Exception as e:  # a rules bug met on a legal path: refuse, never crash
        raise SaveError(f"{source} does not replay: the rules failed with {type(e).__name__}") from None
    m.created = f["created"]
    m.open_info = f["open_info"]
    return m


def load(path: Path | str) -> Match:
    path = Path(path)
    if hosted():
        confine(path)
    return from_json(read_json(path), path.name)


# -- paths typed in the Save and Load dialogs, and the Load list --------------------------
SUFFIX = ".json"
HEADER_LIMIT = 1024 * 1024   # the Load list reads the details of files up to this size
LIST_LIMIT = 200             # ... and of at most this many files, the newest,
LIST_BUDGET = 8 * 1024 * 1024  # ... reading at most this many bytes in all


def check_typed_name(text: str) -> None:
    """Refuse NUL and other control characters (a paste can carry them)."""
    for ch in text:
        if ch == "\0" or ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0:
            raise SaveError("the name holds a control character; type it without")


def typed_path(text: str) -> Path:
    """The path a person typed: ``~`` expanded, and a bare name (no folder
    part) placed in :func:`saves_dir`; in hosted mode only a bare name.  No
    suffix is added here."""
    check_typed_name(text)
    text = text.strip()
    if not text:
        raise SaveError("type a file name first")
    if hosted():
        return saves_dir() / plain_name(text)
    seps = {sep for sep in (os.sep, os.altsep) if sep}
    if text.startswith("~"):
        p = Path(os.path.expanduser(text))
    elif any(s in text for s in seps):
        p = Path(text)
    else:
        p = saves_dir() / text
    return p


def _shown(p: Path) -> str:
    """A path short enough for the dialogs' one-line messages."""
    text = str(p)
    return printable(text if len(text) <= 36 else p.name, NAME_LIMIT)


def _refuse_special(p: Path) -> None:
    """Refuse a folder, a device, a FIFO or a socket as a save target (and in
    hosted mode a link)."""
    try:
        st = os.lstat(p) if hosted() else os.stat(p)
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise SaveError("a part of the folder is a file, not a folder") from None
    except OSError as e:
        raise SaveError(f"{_shown(p)}: cannot be checked ({e.strerror or e.__class__.__name__})") from None
    if stat.S_ISLNK(st.st_mode):
        raise SaveError(f"{p.name} is a link; refused")
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{_shown(p)} is a folder; type a file name")
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{_shown(p)} is a device or a pipe; refused")


def save_target(text: str) -> Path:
    """Where the Save dialog writes for ``text``: :func:`typed_path` with
    ``.json`` added when missing.  A folder, a device or a FIFO is refused
    (before and after adding the suffix), so is a parent that is not a folder.
    Whether the file exists (and needs a confirmation) is the caller's question."""
    text_s = text.strip()
    p = typed_path(text)
    if text_s.endswith(os.sep) or (os.altsep and text_s.endswith(os.altsep)):
        raise SaveError(f"{text_s} names a folder; add a file name")
    _refuse_special(p)
    if p.suffix.lower() != SUFFIX:
        p = p.with_name(p.name + SUFFIX)
        _refuse_special(p)
    if hosted():
        return confine(p)
    for parent in p.parents:
        if parent.exists():
            if not parent.is_dir():
                raise SaveError(f"{_shown(parent)} is not a folder")
            break
    return p


def load_target(text: str) -> Path:
    """The file the Load dialog reads for ``text``: :func:`typed_path`, with
    ``.json`` added when the name as typed does not exist but that one does."""
    p = typed_path(text)
    if p.suffix.lower() != SUFFIX and not os.path.lexists(p):
        q = p.with_name(p.name + SUFFIX)
        if os.path.lexists(q):
            return q
    return p


class SaveFileInfo:
    """One file of the saves folder for the Load list.  ``damaged`` says why
    its header cannot be read; ``note`` why it was not read (too large)."""

    __slots__ = ("path", "mtime", "size", "game", "players", "round", "over", "saved",
                 "damaged", "note")

    def __init__(self, path: Path, mtime: float, size: int) -> None:
        self.path, self.mtime, self.size = path, mtime, size
        self.game = ""
        self.players: list[str] = []
        self.round: int | None = None
        self.over = False
        self.saved = mtime
        self.damaged = ""
        self.note = ""

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"SaveFileInfo({self.path.name!r}, game={self.game!r}, damaged={self.damaged!r})"


def _clean(text: str, width: int = 40) -> str:
    return printable(text.strip(), width)


def read_header(path: Path, mtime: float = 0.0, size: int = 0) -> SaveFileInfo:
    """What the Load list shows of one file, read through :func:`read_bytes`
    and :func:`parse_json` with a :data:`HEADER_LIMIT`.  Never raises."""
    info = SaveFileInfo(path, mtime, size)
    if size > HEADER_LIMIT:
        info.note = f"{size / 1_048_576:.1f} MB, details not read"
        return info
    try:
        data = parse_json(read_bytes(path, HEADER_LIMIT), path.name)
    except SaveError as e:
        why = str(e).removeprefix(f"{_where(path)}: ").removeprefix(f"{path.name} ")
        info.damaged = why.removeprefix("is ")
        return info
    if isinstance(data, dict) and data.get("format") == BOOKMARK_FORMAT:
        code, game = data.get("code"), data.get("game")
        info.game = _clean(game) if isinstance(game, str) else ""
        info.note = f"a bookmark of table {_clean(str(code), 8)}: Load joins it"
        return info
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        info.damaged = "not a boardgames-tui save file"
        return info
    game, players = data.get("game"), data.get("players")
    if not isinstance(game, str) or not game.strip():
        info.damaged = "it names no game"
        return info
    info.game = _clean(game)
    if not (isinstance(players, list) and players
            and all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players)):
        info.damaged = "its players are damaged"
        return info
    info.players = [_clean(p["name"], 24) for p in players[:12]]
    rnd: Any = data.get("round")
    saved: Any = data.get("saved")
    if _is_int(rnd) and 0 <= rnd < 10**9:
        info.round = rnd
    info.over = data.get("over") is True
    if _is_number(saved) and saved > 0:
        info.saved = float(saved)
    return info


def list_save_files(folder: Path | None = None, limit: int = LIST_LIMIT) -> list[SaveFileInfo]:
    """The ``*.json`` files of the saves folder (regular files only), newest
    first, with what their headers say.  A missing folder lists nothing; in
    hosted mode so does a link, and links in it are not listed."""
    folder = saves_dir() if folder is None else Path(folder)
    follow = not hosted()
    if not follow and os.path.islink(folder):
        return []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = []
    for e in entries:
        if e.name.startswith(".") or not e.name.lower().endswith(SUFFIX):
            continue
        try:
            if not e.is_file(follow_symlinks=follow):  # folders, FIFOs, devices, broken links
                continue
            st = e.stat()
        except OSError:
            continue
        found.append((st.st_mtime, e.name, st.st_size))
    found.sort(reverse=True)
    out, budget = [], LIST_BUDGET
    for mtime, name, size in found[:limit]:
        if size > budget:   # the list stays quick: the rest are listed without details
            info = SaveFileInfo(folder / name, mtime, size)
            info.note = "details not read"
        else:
            budget -= size
            info = read_header(folder / name, mtime, size)
        out.append(info)
    out.sort(key=lambda i: (i.saved, i.mtime), reverse=True)
    return out

"""Save files: versioned JSON holding the seed and the list of choices.

Loading replays the choices through the rules, so a save file can never hold
an impossible position and needs no schema for each game's state.  Writes are
atomic (a temporary file in the same folder, then ``os.replace``) so a crash
or a dropped SSH link never leaves half a file.  Never pickle.

The autosave folder comes from ``platformdirs`` (the well-kept library that
pip, black and virtualenv use for this), so it is right on Linux, macOS and
Windows; ``BOARDGAMES_TUI_DATA`` overrides it (tests point it at a temp dir).
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .core import IllegalMove
from .registry import UnknownGame, game_info, get_game
from .session import Match, Seat

FORMAT = "boardgames-tui-save"
FORMAT_VERSION = 1


class SaveError(Exception):
    """A save file that cannot be loaded; the message is one line for people."""


def data_dir() -> Path:
    override = os.environ.get("BOARDGAMES_TUI_DATA")
    if override:
        return Path(override)
    import platformdirs
    return Path(platformdirs.user_data_dir("boardgames-tui", appauthor=False))


def autosave_dir() -> Path:
    return data_dir() / "autosave"


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
        "match_id": m.match_id,
        "open_info": m.open_info,
        "created": m.created,
        "saved": time.time(),
        # Summary fields for the Continue list; loading ignores them.
        "round": m.round_number(),
        "over": m.is_over(),
    }


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
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
    write_atomic(path, json.dumps(to_json(m), indent=1))
    return path


def autosave(m: Match) -> Path:
    return save(m, autosave_dir() / f"{m.match_id}.json")


def read_json(path: Path | str) -> dict:
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"{path}: cannot be read ({e.__class__.__name__})") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        what = "is empty" if not raw.strip() else f"is not valid JSON (truncated or corrupt at line {e.lineno})"
        raise SaveError(f"{path.name} {what}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path.name} is not a boardgames-tui save file")
    return data


def from_json(data: dict, source: str = "save file") -> Match:
    v = data.get("format_version")
    if v != FORMAT_VERSION:
        raise SaveError(f"{source} has save format {v!r}; this version reads format {FORMAT_VERSION}")
    try:
        info = game_info(str(data.get("game")))
    except UnknownGame:
        raise SaveError(f"{source} is for an unknown game '{data.get('game')}'") from None
    game = get_game(info.name)
    rv = data.get("rules_version")
    if rv != game.rules_version:
        raise SaveError(f"{source} was made with {game.title} rules version {rv}; "
                        f"this version plays rules version {game.rules_version} and cannot replay it")
    try:
        seats = [Seat.from_json(p) for p in data["players"]]
        seed = int(data["seed"])
        choices = data["choices"]
        options = data.get("options") or {}
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise ValueError("choices must be a list of strings")
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError(f"{source} is damaged: {e}") from None
    try:
        m = Match.replay(info.name, seats, seed, {str(k): str(v) for k, v in options.items()}, choices)
    except IllegalMove as e:
        raise SaveError(f"{source} does not replay: {e.reason}") from None
    except ValueError as e:
        raise SaveError(f"{source} is damaged: {e}") from None
    m.match_id = str(data.get("match_id") or m.match_id or info.name)
    m.created = float(data.get("created") or time.time())
    m.open_info = bool(data.get("open_info", False))
    return m


def load(path: Path | str) -> Match:
    path = Path(path)
    return from_json(read_json(path), path.name)


@dataclass
class SaveSummary:
    path: Path
    game: str
    players: list[str]
    round: int
    saved: float
    over: bool


def list_autosaves() -> list[SaveSummary]:
    """Autosaved games, newest first.  Unreadable files are skipped, not fatal."""
    out = []
    folder = autosave_dir()
    if not folder.is_dir():
        return out
    for p in folder.glob("*.json"):
        try:
            d = read_json(p)
            out.append(SaveSummary(p, str(d["game"]), [str(x["name"]) for x in d["players"]],
                                   int(d.get("round", 0)), float(d.get("saved", p.stat().st_mtime)),
                                   bool(d.get("over", False))))
        except (SaveError, KeyError, TypeError, ValueError, OSError):
            continue
    out.sort(key=lambda s: s.saved, reverse=True)
    return out

"""Save files: round trip, atomic writes, every kind of bad file, autosaves."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from boardgames_tui.engine import save as S
from boardgames_tui.engine.save import SaveError
from boardgames_tui.engine.session import Match


def played(new_match, n=3, steps=("draw", "end", "card:X", "play", "end")) -> Match:
    m = new_match(n=n, seed=42, bots=(2,) if n > 2 else ())
    for k in steps:
        if k == "card:X":
            k = f"card:{m.state.hands[m.decision().player][0]}"
        m.choose(k)
    return m


def test_round_trip_equal_state(new_match, tmp_path):
    m = played(new_match)
    m.open_info = True
    m.auto_forced = False
    p = S.save(m, tmp_path / "game.json")
    back = S.load(p)
    assert back.state == m.state
    assert back.choices == m.choices
    assert [s.to_json() for s in back.seats] == [s.to_json() for s in m.seats]
    assert back.seats[2].is_bot
    assert back.seed == m.seed and back.options == m.options
    # a loaded game gets a new random id: nothing in a file decides where autosaves go
    assert back.match_id != m.match_id and back.match_id.startswith("fakecards-")
    assert back.open_info is True
    assert back.auto_forced is False    # the forced-choice setting is the save's, not the loader's
    assert back.created == pytest.approx(m.created)
    # the undo policy survives the round trip (it comes from the history)
    assert [(r.player, r.revealed) for r in back.history] == [(r.player, r.revealed) for r in m.history]


def test_save_file_is_readable_json(new_match, tmp_path):
    m = played(new_match)
    data = json.loads(S.save(m, tmp_path / "g.json").read_text())
    assert data["format"] == S.FORMAT and data["format_version"] == S.FORMAT_VERSION
    assert data["game"] == "fakecards" and data["rules_version"] == "7"
    assert data["choices"] == m.choices and data["seed"] == 42


def test_atomic_write_leaves_no_temp_files(new_match, tmp_path):
    m = played(new_match)
    for _ in range(3):
        S.save(m, tmp_path / "g.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_failed_write_keeps_old_file_and_no_temp(new_match, tmp_path, monkeypatch):
    m = played(new_match)
    p = S.save(m, tmp_path / "g.json")
    old = p.read_bytes()
    m.choose("end")

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        S.save(m, p)
    assert p.read_bytes() == old
    assert [x.name for x in tmp_path.iterdir()] == ["g.json"]


def test_save_creates_folders(new_match, tmp_path):
    m = played(new_match)
    p = S.save(m, tmp_path / "a" / "b" / "g.json")
    assert p.is_file()


def _good(new_match, tmp_path) -> tuple[Path, dict]:
    m = played(new_match)
    p = S.save(m, tmp_path / "g.json")
    return p, json.loads(p.read_text())


def _bad_cases(good_text: str, data: dict):
    def edit(**changes):
        d = json.loads(json.dumps(data))
        for k, v in changes.items():
            if v is KeyError:
                del d[k]
            else:
                d[k] = v
        return json.dumps(d)
    return {
        "truncated": (good_text[: len(good_text) // 2], "not valid JSON"),
        "not json": ("hello, world", "not valid JSON"),
        "empty": ("", "is empty"),
        "blank": ("  \n", "is empty"),
        "json list": ("[1, 2]", "not a boardgames-tui save file"),
        "other format": (edit(format="chess-pgn"), "not a boardgames-tui save file"),
        "unknown game": (edit(game="monopoly"), "unknown game 'monopoly'"),
        "path in match_id is ignored": (edit(match_id="../../x", choices=["nope"]), "does not replay"),
        "rules version": (edit(rules_version="6"), "rules version 6"),
        "format version": (edit(format_version=99), "save format 99"),
        "no format version": (edit(format_version=KeyError), "save format None"),
        "no players": (edit(players=KeyError), "'players' must be a list"),
        "players not list": (edit(players=5), "'players' must be a list"),
        "players as strings": (edit(players=["A", "B"]), "seat 1 must be an object"),
        "players as object": (edit(players={"name": "A"}), "'players' must be a list"),
        "player without name": (edit(players=[{"colour": "red"}, {"name": "B"}]), "seat 1's name must be text"),
        "empty name": (edit(players=[{"name": " "}, {"name": "B"}]), "every seat needs a name"),
        "duplicate names": (edit(players=[{"name": "Ann"}, {"name": "ann"}]), "must differ"),
        "control character in name": (edit(players=[{"name": "A\x1b[2J"}, {"name": "B"}]), "control"),
        "bad seat kind": (edit(players=[{"name": "A", "kind": "alien"}, {"name": "B"}]), "human or bot"),
        "bad colour": (edit(players=[{"name": "A", "colour": 7}, {"name": "B"}]), "colour must be one of"),
        "seed not a number": (edit(seed="abc"), "seed must be a whole number"),
        "seed a float": (edit(seed=1.5), "seed must be a whole number"),
        "seed negative": (edit(seed=-1), "seed must be a whole number"),
        "seed true": (edit(seed=True), "seed must be a whole number"),
        "no seed": (edit(seed=KeyError), "seed must be a whole number"),
        "seed infinity": (good_text.replace(f'"seed": {data["seed"]}', '"seed": Infinity'), "not a number"),
        "seed nan": (good_text.replace(f'"seed": {data["seed"]}', '"seed": NaN'), "not a number"),
        "seed 1e400": (good_text.replace(f'"seed": {data["seed"]}', '"seed": 1e400'), "out of range"),
        "seed 5000 digits": (good_text.replace(f'"seed": {data["seed"]}', '"seed": ' + "9" * 5000),
                             "out of range"),
        "created a string": (edit(created="yesterday"), "'created' must be a time"),
        "open_info a string": (edit(open_info="false"), "'open_info' must be true or false"),
        "auto_forced a number": (edit(auto_forced=1), "'auto_forced' must be true or false"),
        "choices not a list": (edit(choices="draw"), "'choices' must be a list"),
        "choices not strings": (edit(choices=[1, 2]), "every choice must be"),
        "options not object": (edit(options=[1]), "'options' must map"),
        "bad option value": (edit(options={"rounds": "77"}), "option rounds must be one of"),
        "too many players": (edit(players=[{"name": c} for c in "ABCDEF"]), "takes 2 to 3 players"),
        "deep nesting": ('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        "game not text": (edit(game=["fakecards"]), "'game' must be"),
        "choices do not replay": (edit(choices=data["choices"][:2] + ["play"] + data["choices"][2:]),
                                  "does not replay: choice 3 ('play')"),
        "choice unknown": (edit(choices=["fly"]), "does not replay"),
    }


def test_bad_save_files(new_match, tmp_path):
    good, data = _good(new_match, tmp_path)
    for name, (text, expect) in _bad_cases(good.read_text(), data).items():
        p = tmp_path / f"bad-{name.replace(' ', '-')}.json"
        p.write_text(text, encoding="utf-8")
        before, mtime = p.read_bytes(), p.stat().st_mtime_ns
        with pytest.raises(SaveError) as e:
            S.load(p)
        msg = str(e.value)
        assert expect in msg, (name, msg)
        assert "\n" not in msg and len(msg) < 300, (name, msg)
        assert p.read_bytes() == before and p.stat().st_mtime_ns == mtime, name


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        S.load(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="folder"):
        S.load(tmp_path)


def test_binary_file(tmp_path):
    p = tmp_path / "x.json"
    p.write_bytes(b"\xff\xfe\x00garbage\x81")
    with pytest.raises(SaveError) as e:
        S.load(p)
    assert "\n" not in str(e.value)


def test_data_dir_follows_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAMES_TUI_DATA", str(tmp_path / "d"))
    assert S.data_dir() == tmp_path / "d"
    assert S.saves_dir() == tmp_path / "d" / "saves"
    monkeypatch.delenv("BOARDGAMES_TUI_DATA")
    assert "boardgames-tui" in str(S.data_dir())


def test_conftest_points_data_at_a_temp_dir(tmp_path):
    assert Path(os.environ["BOARDGAMES_TUI_DATA"]).is_relative_to(tmp_path.parent.parent)


def test_fifo_is_refused_without_blocking(tmp_path):
    p = tmp_path / "x.json"
    os.mkfifo(p)
    t = time.monotonic()
    with pytest.raises(SaveError, match="not a regular file"):
        S.load(p)
    assert time.monotonic() - t < 1


def test_device_is_refused():
    with pytest.raises(SaveError, match="not a regular file"):
        S.load("/dev/zero")


def test_oversized_file_is_refused_unread(tmp_path):
    p = tmp_path / "big.json"
    with open(p, "wb") as f:
        f.truncate(S.MAX_BYTES + 1)
    with pytest.raises(SaveError, match="at most 20 MB"):
        S.load(p)


def test_match_id_in_a_file_never_decides_where_autosaves_go(new_match, tmp_path):
    from boardgames_tui.engine.store import default_store
    m = new_match()
    m.choose("end")
    data = S.to_json(m)
    data["match_id"] = "../../victim"
    victim = tmp_path / "victim.json"
    victim.write_text("precious")
    p = tmp_path / "a" / "b" / "g.json"
    p.parent.mkdir(parents=True)
    p.write_text(json.dumps(data))
    back = S.load(p)
    assert "victim" not in back.match_id and "/" not in back.match_id
    default_store().sync(back)
    assert victim.read_text() == "precious"
    assert sorted(x.name for x in S.data_dir().iterdir()) <= ["autosave.db", "autosave.db-shm",
                                                               "autosave.db-wal"]


def test_every_format_1_field_set_still_loads(new_match, tmp_path):
    """A file written by the first version (with match_id, round, over, saved) loads."""
    m = new_match()
    m.choose("end")
    data = S.to_json(m)
    data.update(match_id="fakecards-20260101-120000-01234", round=1, over=False, saved=1.0)
    p = tmp_path / "old.json"
    p.write_text(json.dumps(data, indent=1))
    assert S.load(p).choices == ["end"]

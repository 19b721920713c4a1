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
    p = S.save(m, tmp_path / "game.json")
    back = S.load(p)
    assert back.state == m.state
    assert back.choices == m.choices
    assert [s.to_json() for s in back.seats] == [s.to_json() for s in m.seats]
    assert back.seats[2].is_bot
    assert back.seed == m.seed and back.options == m.options
    assert back.match_id == m.match_id and back.open_info is True
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
        "rules version": (edit(rules_version="6"), "rules version 6"),
        "format version": (edit(format_version=99), "save format 99"),
        "no format version": (edit(format_version=KeyError), "save format None"),
        "no players": (edit(players=KeyError), "damaged"),
        "players not list": (edit(players=5), "damaged"),
        "player without name": (edit(players=[{"colour": "red"}, {"name": "B"}]), "damaged"),
        "bad seat kind": (edit(players=[{"name": "A", "kind": "alien"}, {"name": "B"}]), "damaged"),
        "seed not a number": (edit(seed="abc"), "damaged"),
        "no seed": (edit(seed=KeyError), "damaged"),
        "choices not a list": (edit(choices="draw"), "damaged"),
        "choices not strings": (edit(choices=[1, 2]), "damaged"),
        "options not object": (edit(options=[1]), "damaged"),
        "bad option value": (edit(options={"rounds": "77"}), "damaged"),
        "too many players": (edit(players=[{"name": c} for c in "ABCDEF"]), "damaged"),
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
    assert S.autosave_dir() == tmp_path / "d" / "autosave"
    monkeypatch.delenv("BOARDGAMES_TUI_DATA")
    assert "boardgames-tui" in str(S.data_dir())


def test_conftest_points_data_at_a_temp_dir(tmp_path):
    assert Path(os.environ["BOARDGAMES_TUI_DATA"]).is_relative_to(tmp_path.parent.parent)


def test_list_autosaves_newest_first_skipping_corrupt(new_match, fake):
    ids = []
    for i in range(3):
        m = new_match(seed=i)
        m.match_id = f"m{i}"
        for _ in range(i):
            m.choose("end")
        S.autosave(m)
        ids.append(m.match_id)
        time.sleep(0.01)
    folder = S.autosave_dir()
    (folder / "broken.json").write_text("{ not json")
    (folder / "empty.json").write_text("")
    (folder / "other.json").write_text(json.dumps({"format": S.FORMAT, "players": "x"}))
    (folder / "notes.txt").write_text("ignored")
    got = S.list_autosaves()
    assert [s.path.stem for s in got] == ["m2", "m1", "m0"]
    assert got[0].game == "fakecards" and got[0].players == ["P1", "P2"]
    assert got[0].round == 2 and got[1].round == 1 and not got[0].over
    # newer save of an old match moves it to the front
    S.autosave(S.load(folder / "m0.json"))
    assert [s.path.stem for s in S.list_autosaves()][0] == "m0"


def test_list_autosaves_without_folder():
    assert S.list_autosaves() == []

"""Private folders and files in every mode, and hosted mode's confinement in
the engine itself (save, load, the autosave store), below the dialogs."""
from __future__ import annotations

import json
import os
import stat

import pytest

from boardgames_tui.engine import hosting
from boardgames_tui.engine import save as saves
from boardgames_tui.engine.store import AutosaveStore, StoreError, import_legacy


def mode(p) -> int:
    return stat.S_IMODE(os.lstat(p).st_mode)


@pytest.fixture
def wide_umask():
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def hosted(monkeypatch):
    monkeypatch.setenv("BOARDGAMES_TUI_HOSTED", "1")


@pytest.mark.parametrize("value, on", [(None, False), ("", False), ("0", False), (" 0 ", False),
                                       ("1", True), ("yes", True), ("false", True)])
def test_hosted_reads_the_environment(monkeypatch, value, on):
    if value is None:
        monkeypatch.delenv("BOARDGAMES_TUI_HOSTED", raising=False)
    else:
        monkeypatch.setenv("BOARDGAMES_TUI_HOSTED", value)
    assert hosting.hosted() is on


def test_folders_0700_and_files_0600_in_normal_mode(new_match, wide_umask):
    data = saves.data_dir()
    p = saves.save(new_match(), saves.saves_dir() / "a.json")
    assert mode(data) == 0o700 and mode(data / "saves") == 0o700 and mode(p) == 0o600
    p.chmod(0o644)
    saves.save(new_match(), p)                     # a replaced file is 0600 again
    assert mode(p) == 0o600
    assert not [q for q in p.parent.iterdir() if q.name.startswith(".")]


def test_the_autosave_database_and_its_wal_files_are_0600(new_match, wide_umask):
    store = AutosaveStore()
    try:
        store.sync(new_match())
        files = {f"autosave.db{s}" for s in ("", "-wal", "-shm")}
        assert files <= {q.name for q in saves.data_dir().iterdir()}   # WAL files exist while open
        assert {n: mode(saves.data_dir() / n) for n in files} == {n: 0o600 for n in files}
        assert mode(saves.data_dir()) == 0o700
    finally:
        store.close()


def test_normal_mode_leaves_existing_folders_alone(new_match, wide_umask):
    data = saves.data_dir()
    (data / "saves").mkdir(parents=True, mode=0o755)
    data.chmod(0o755)
    saves.save(new_match(), saves.saves_dir() / "a.json")
    AutosaveStore().connect().close()
    assert mode(data) == 0o755 and mode(data / "saves") == 0o755


def test_hosted_mode_tightens_existing_folders_and_database(new_match, wide_umask, hosted):
    data = saves.data_dir()
    (data / "saves").mkdir(parents=True, mode=0o755)
    data.chmod(0o775)
    db = data / "autosave.db"
    db.touch(mode=0o644)
    saves.ensure_saves_dir()
    assert mode(data) == 0o700 and mode(data / "saves") == 0o700
    store = AutosaveStore()
    store.sync(new_match())
    assert mode(db) == 0o600
    store.close()


@pytest.mark.parametrize("text", ["x", "x.json", "evening game", "a.b", "Ünïcode"])
def test_plain_names(text):
    assert saves.plain_name(text) == text


@pytest.mark.parametrize("text", ["", "../x", "a/b", "a\\b", "/abs", "~", "~/x", "a~b", "..", "a..b",
                                  ".hidden", "./x"])
def test_names_refused_in_hosted_mode(text):
    with pytest.raises(saves.SaveError) as e:
        saves.plain_name(text)
    assert str(e.value) == saves.PLAIN_ONLY


def test_hosted_save_and_load_refuse_any_other_path_themselves(new_match, tmp_path, hosted):
    outside = tmp_path / "outside"
    outside.mkdir()
    m = new_match()
    for p in [outside / "x.json", saves.data_dir() / "x.json", saves.saves_dir() / "sub" / "x.json",
              saves.saves_dir() / ".." / "x.json", saves.saves_dir() / ".x.json"]:
        with pytest.raises(saves.SaveError, match="plain name only"):
            saves.save(m, p)
    assert list(outside.iterdir()) == [] and not saves.data_dir().exists()
    theirs = outside / "theirs.json"
    theirs.write_text("{}")
    with pytest.raises(saves.SaveError) as e:
        saves.load(theirs)
    assert str(e.value) == saves.PLAIN_ONLY
    with pytest.raises(saves.SaveError) as e2:
        saves.load(outside / "missing.json")
    assert str(e2.value) == str(e.value)
    own = saves.save(m, saves.saves_dir() / "mine.json")
    assert saves.load(own).choices == m.choices


def test_hosted_mode_follows_no_link(new_match, tmp_path, hosted):
    other = tmp_path / "other"
    other.mkdir()
    theirs = other / "theirs.json"
    saves.write_atomic(theirs, json.dumps(saves.to_json(new_match(seed=9))))
    folder = saves.ensure_saves_dir()
    (folder / "link.json").symlink_to(theirs)
    assert saves.list_save_files() == []
    with pytest.raises(saves.SaveError, match="is a link"):
        saves.load(folder / "link.json")
    with pytest.raises(saves.SaveError, match="is a link"):
        saves.save_target("link")
    folder.rename(tmp_path / "old")
    folder.symlink_to(other)
    assert saves.list_save_files() == []
    for act in (lambda: saves.load(folder / "theirs.json"), lambda: saves.save_target("new"),
                lambda: saves.save(new_match(), folder / "new.json")):
        with pytest.raises(saves.SaveError, match="saves folder is a link"):
            act()
    assert sorted(q.name for q in other.iterdir()) == ["theirs.json"]


def test_hosted_autosave_database_may_not_be_a_link(tmp_path, hosted):
    elsewhere = tmp_path / "elsewhere.db"
    saves.ensure_saves_dir()
    (saves.data_dir() / "autosave.db").symlink_to(elsewhere)
    with pytest.raises(StoreError, match="is a link; refused"):
        AutosaveStore().connect()
    assert not elsewhere.exists()


def test_legacy_autosaves_are_still_imported_in_hosted_mode(new_match, hosted):
    folder = saves.data_dir() / "autosave"
    saves.write_atomic(folder / "old.json", json.dumps(saves.to_json(new_match())))
    store = AutosaveStore()
    try:
        assert import_legacy(store) == 1 and not store.legacy_refused
        assert (folder / "imported" / "old.json").is_file() and mode(folder / "imported") == 0o700
    finally:
        store.close()

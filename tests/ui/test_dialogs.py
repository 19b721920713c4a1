"""The Save and Load dialogs (Pilot, 80x24, keyboard only): a bare name goes
to the saves folder with .json added, ~ is expanded, an existing file is
replaced only after a y, a folder, a FIFO, a device or a control character is
refused in the dialog with nothing written; Load lists the saves folder."""
from __future__ import annotations

import json
import os
import time

import pytest

from boardgames_tui.engine import save as saves
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmScreen, LoadScreen, SaveScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MenuScreen
from ui_helpers import fake_match, notes, settle


def error_text(screen) -> str:
    return str(screen.query_one("#path-error").render())


async def open_save_dialog(pilot) -> SaveScreen:
    await settle(pilot)
    await pilot.press("s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SaveScreen)
    return pilot.app.screen


async def submit(pilot, dialog, text: str) -> None:
    """Type ``text`` into the path field (Tab reaches it by keyboard) and press Enter."""
    dialog.query_one("#path").focus()
    dialog.query_one("#path").value = text
    await pilot.press("enter")
    await settle(pilot)


async def test_bare_name_goes_to_the_saves_folder_with_json_added(fake_game, data_dir):
    m = fake_match()
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_save_dialog(pilot)
        # the default is a bare name too
        assert dialog.query_one("#path").value == f"{m.match_id}.json"
        await submit(pilot, dialog, "  evening game ")
        assert isinstance(app.screen, GameScreen)
        target = data_dir / "saves" / "evening game.json"
        assert target.is_file()
        assert json.loads(target.read_text())["seed"] == m.seed
        assert any(str(target) in n for n in notes(app))
        # a name that ends in .json (any case) gets nothing added
        dialog = await open_save_dialog(pilot)
        await submit(pilot, dialog, "Other.JSON")
        assert (data_dir / "saves" / "Other.JSON").is_file()
        assert not (data_dir / "saves" / "Other.JSON.json").exists()


async def test_an_existing_file_is_replaced_only_after_y(fake_game, data_dir):
    target = data_dir / "saves" / "mine.json"
    target.parent.mkdir(parents=True)
    target.write_text("keep me")
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_save_dialog(pilot)
        await submit(pilot, dialog, "mine")
        assert isinstance(app.screen, ConfirmScreen)
        assert "exists" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("enter")          # Enter typed ahead does not say yes
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is dialog and target.read_text() == "keep me"
        assert app.focused is dialog.query_one("#path")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is dialog and target.read_text() == "keep me"
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert json.loads(target.read_text())["format"] == saves.FORMAT


async def test_tilde_is_expanded(fake_game, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_save_dialog(pilot)
        await submit(pilot, dialog, "~/games/first")
        assert isinstance(app.screen, GameScreen)
        assert (home / "games" / "first.json").is_file()
        assert not (tmp_path / "~").exists()


@pytest.mark.parametrize("kind", ["fifo", "folder", "folder-slash", "nul", "escape", "newline",
                                  "device", "file-as-folder"])
async def test_refused_targets_write_nothing(fake_game, data_dir, tmp_path, kind):
    work = tmp_path / "w"
    work.mkdir()
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(work / "pipe.json")
        text, expect = str(work / "pipe.json"), "device or a pipe"
    elif kind == "folder":
        (work / "adir").mkdir()
        text, expect = str(work / "adir"), "is a folder"
    elif kind == "folder-slash":
        text, expect = str(work) + "/", "names a folder"
    elif kind == "nul":
        text, expect = "bad\x00name", "control character"
    elif kind == "escape":
        text, expect = "bad\x1b[31mname", "control character"
    elif kind == "newline":
        text, expect = "two\nlines", "control character"
    elif kind == "device":
        if not os.path.exists("/dev/null"):
            pytest.skip("no /dev/null")
        text, expect = "/dev/null", "device or a pipe"
    else:
        (work / "plain").write_text("x")
        text, expect = str(work / "plain" / "x.json"), "not a folder"
    before = sorted(p.name for p in work.iterdir())
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_save_dialog(pilot)
        await submit(pilot, dialog, text)
        assert app.screen is dialog
        shown = error_text(dialog)
        assert expect in shown and "\n" not in shown
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    assert sorted(p.name for p in work.iterdir()) == before
    assert not (data_dir / "saves").exists() or not any((data_dir / "saves").iterdir())


async def test_a_write_error_is_one_line_in_the_dialog(fake_game, monkeypatch):
    def refuse(m, path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves, "save", refuse)
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_save_dialog(pilot)
        await submit(pilot, dialog, "locked")
        assert app.screen is dialog
        assert "cannot be written (Permission denied)" in error_text(dialog)


def make_save_files(folder, tmp_path):
    """Three good files (a, b, c: c newest), a damaged one and a FIFO."""
    folder.mkdir(parents=True, exist_ok=True)
    now = time.time()
    for i, name in enumerate(["a", "b", "c"]):
        p = saves.save(fake_match(seed=20 + i), folder / f"{name}.json")
        data = json.loads(p.read_text())
        data["saved"] = now - 3600 * (3 - i)
        p.write_text(json.dumps(data))
        os.utime(p, (now - 3600 * (3 - i), now - 3600 * (3 - i)))
    (folder / "torn.json").write_text('{"format": "boardgames-tui-save", "ga')
    os.utime(folder / "torn.json", (now - 60, now - 60))
    (folder / "notes.txt").write_text("not listed")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.json")


async def open_load(pilot) -> LoadScreen:
    await settle(pilot)
    assert isinstance(pilot.app.screen, MenuScreen)
    await pilot.press("o")
    await settle(pilot)
    assert isinstance(pilot.app.screen, LoadScreen)
    return pilot.app.screen


async def test_load_lists_the_saves_folder_newest_first(fake_game, data_dir, tmp_path):
    make_save_files(data_dir / "saves", tmp_path)
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_load(pilot)
        lst = dialog.query_one("#files")
        assert app.focused is lst
        names = [f.path.name for f in dialog.files]
        assert names == ["torn.json", "c.json", "b.json", "a.json"]   # no FIFO, no .txt
        prompts = [str(lst.get_option_at_index(i).prompt) for i in range(lst.option_count)]
        assert "damaged" in prompts[0] and "not valid JSON" in prompts[0]
        assert "Fake" in prompts[1] or "fake" in prompts[1]
        assert "Ada, Bruno" in prompts[1]
        # the whole dialog fits 80x24: the typed path and the keys are on screen
        assert dialog.query_one("#load-dialog").region.bottom <= 24
        # a damaged file: the reason, and the dialog stays
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog and "not valid JSON" in error_text(dialog)
        await pilot.press("down", "down", "enter")   # b.json
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.match.seed == 21


async def test_load_a_typed_bare_name_or_tilde_path(fake_game, data_dir, tmp_path, monkeypatch):
    make_save_files(data_dir / "saves", tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    saves.save(fake_match(seed=44), home / "mine.json")
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_load(pilot)
        await pilot.press("tab")
        assert app.focused is dialog.query_one("#path")
        await pilot.press(*"nothing", "enter")
        await settle(pilot)
        assert app.screen is dialog and "no such file" in error_text(dialog)
        await submit(pilot, dialog, "b")        # bare name, .json found
        assert isinstance(app.screen, GameScreen) and app.screen.match.seed == 21
        await pilot.press("q", "y")
        await settle(pilot)
        dialog = await open_load(pilot)
        await submit(pilot, dialog, "~/mine")
        assert isinstance(app.screen, GameScreen) and app.screen.match.seed == 44


async def test_load_with_no_files_and_escape(fake_game, data_dir):
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_load(pilot)
        assert not dialog.files and app.focused is dialog.query_one("#path")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


def test_list_save_files_reads_headers_within_limits(data_dir, tmp_path, monkeypatch):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    big = folder / "big.json"
    big.write_text(json.dumps({"format": saves.FORMAT, "game": "x", "pad": "x" * 5000}))
    (folder / "deep.json").write_text("[" * 1900 + "]" * 1900)
    (folder / "nan.json").write_text('{"format": "boardgames-tui-save", "saved": NaN}')
    (folder / "names.json").write_text(json.dumps({
        "format": saves.FORMAT, "game": "evolution", "saved": 1.0e9, "round": 4, "over": True,
        "players": [{"name": "Ev\x1b[2Jil"}, {"name": "Bo"}]}))
    monkeypatch.setattr(saves, "HEADER_LIMIT", 4096)
    got = {f.path.name: f for f in saves.list_save_files()}
    assert got["big.json"].note.endswith("details not read") and not got["big.json"].damaged
    assert "nested too deeply" in got["deep.json"].damaged
    assert got["nan.json"].damaged
    n = got["names.json"]
    assert n.game == "evolution" and n.round == 4 and n.over and n.saved == 1.0e9
    assert n.players == ["Ev\\x1b[2Jil", "Bo"]   # escaped by engine.text.printable


def test_save_target_rules(data_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert saves.save_target("x") == saves.saves_dir() / "x.json"
    assert saves.save_target("x.json") == saves.saves_dir() / "x.json"
    assert saves.save_target("~/y") == tmp_path / "y.json"
    assert saves.save_target(str(tmp_path / "sub" / "z.save")) == tmp_path / "sub" / "z.save.json"
    (tmp_path / "d.json").mkdir()
    with pytest.raises(saves.SaveError, match="folder"):
        saves.save_target(str(tmp_path / "d"))     # refused after .json is added
    with pytest.raises(saves.SaveError, match="type a file name first"):
        saves.save_target("   ")


async def test_load_shows_a_hostile_file_in_one_printable_line(fake_game, data_dir):
    """A file whose name and choice key hold escape sequences and newlines: the
    Load list and the refusal under the field show them escaped, on one line."""
    folder = data_dir / "saves"
    saves.save(fake_match(seed=5), folder / "good.json")
    data = json.loads((folder / "good.json").read_text())
    data["choices"] = ["\u001b[2J\nTraceback (most recent call last):"]
    hostile = folder / "a\u001b]0;pwn\u0007\nb.json"
    hostile.write_text(json.dumps(data))
    (folder / "good.json").unlink()
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_load(pilot)
        prompt = str(dialog.query_one("#files").get_option_at_index(0).prompt)
        assert prompt.splitlines()[0].startswith("a\\x1b]0;pwn\\x07\\nb.json")
        await pilot.press("enter")
        await settle(pilot)
        err = error_text(dialog)
        assert app.screen is dialog
        assert "\n" not in err and err.isprintable()
        assert "('\\x1b[2J\\nTraceback" in err



@pytest.mark.parametrize("dialog", ["save", "load"])
async def test_a_dialog_removed_before_it_mounts_raises_nothing(data_dir, dialog):
    # The screen is popped before its Mount is handled (in the app, keys typed
    # ahead while the stack is reset): its children are gone, and on_mount
    # must find nothing to set up.  It raised NoMatches in a key-fuzz run in
    # CI.  A plain App: ours defers pops of screens that are not mounted yet.
    from textual.app import App

    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        base = app.screen
        for _ in range(5):
            d = SaveScreen("x.json", lambda p: None) if dialog == "save" else LoadScreen(lambda p: None)
            app.push_screen(d)
            app.pop_screen()
            await pilot.pause()
            assert app.screen is base

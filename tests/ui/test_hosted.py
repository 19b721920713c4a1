"""Hosted mode (BOARDGAMES_TUI_HOSTED=1) through the real Save and Load dialogs
(Pilot, 80x24): the README's shared account, where every friend's data folder
is ``players/<name>``.  A typed name that is not a plain name in the friend's
own saves folder is refused with one line and nothing anywhere changes; Load
lists that folder only and its refusals do not tell what exists elsewhere; the
palette has no Screenshot."""
from __future__ import annotations

import hashlib
import json
import os
import stat

import pytest

from boardgames_tui.engine import save as saves
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmScreen
from boardgames_tui.ui.screens.game import GameScreen
from test_dialogs import error_text, open_load, open_save_dialog, submit
from ui_helpers import fake_match, settle


@pytest.fixture
def host(tmp_path, monkeypatch):
    """Alice plays; Bob's saves sit next door; HOME and the working folder are
    in the tree too, so a write through ``~`` or ``..`` would show."""
    players = tmp_path / "players"
    bob = players / "bob" / "saves"
    bob.mkdir(parents=True)
    saves.save(fake_match(seed=77), bob / "x.json")
    (tmp_path / "outside").mkdir()
    (tmp_path / "home").mkdir()
    cwd = tmp_path / "cwd" / "a" / "b"
    cwd.mkdir(parents=True)
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("BOARDGAMES_TUI_DATA", str(players / "alice"))
    monkeypatch.setenv("BOARDGAMES_TUI_HOSTED", "1")
    return tmp_path


def tree(root) -> dict:
    """Every path under ``root`` with its kind, mode and content."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            st = os.lstat(p)
            body = hashlib.sha256(open(p, "rb").read()).hexdigest() if stat.S_ISREG(st.st_mode) else ""
            out[os.path.relpath(p, root)] = (stat.S_IFMT(st.st_mode), stat.S_IMODE(st.st_mode), body)
    return out


def mode(p) -> int:
    return stat.S_IMODE(os.lstat(p).st_mode)


def refused_names(root) -> list[str]:
    bob_x = str(root / "players" / "bob" / "saves" / "x.json")
    return ["../../x", str(root / "outside" / "x"), "~/x", "~", "sub/x", "sub\\x",
            "../../bob/saves/x", "../bob/saves/x.json", bob_x, bob_x[:-5],
            "autosave.db/x", ".hidden", "..", "a..b"]


async def test_save_refuses_every_name_but_a_plain_one(fake_game, host):
    alice = host / "players" / "alice"
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_save_dialog(pilot)
        assert "your saves folder" in str(dialog.query_one(".dialog-note").render())
        for text in refused_names(host):
            before = tree(host)
            await submit(pilot, dialog, text)
            assert app.screen is dialog, text          # no "Replace it?" for Bob's file either
            assert error_text(dialog) == saves.PLAIN_ONLY, text
            assert tree(host) == before, text
        assert not (alice / "saves").exists()
        before = tree(host)
        await submit(pilot, dialog, "evening")
        assert isinstance(app.screen, GameScreen)
    target = alice / "saves" / "evening.json"
    assert json.loads(target.read_text())["format"] == saves.FORMAT
    assert mode(target) == 0o600 and mode(alice / "saves") == 0o700 and mode(alice) == 0o700
    added = set(tree(host)) - set(before)
    assert added == {"players/alice", "players/alice/saves", "players/alice/saves/evening.json"}
    assert all(tree(host)[k] == v for k, v in before.items())


async def test_save_over_an_own_file_asks_with_its_name_only(fake_game, host):
    own = saves.ensure_saves_dir() / "mine.json"
    own.write_text("old")
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_save_dialog(pilot)
        await submit(pilot, dialog, "mine")
        assert isinstance(app.screen, ConfirmScreen)
        assert str(app.screen.query_one(".dialog-title").render()) == "mine.json exists. Replace it?"
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
    assert json.loads(own.read_text())["format"] == saves.FORMAT and mode(own) == 0o600


async def test_save_refuses_a_link_in_or_as_the_saves_folder(fake_game, host):
    bob = host / "players" / "bob" / "saves"
    own = saves.ensure_saves_dir()
    (own / "to-bob.json").symlink_to(bob / "x.json")
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_save_dialog(pilot)
        before = tree(host)
        await submit(pilot, dialog, "to-bob")
        assert app.screen is dialog and "is a link; refused" in error_text(dialog)
        own.rename(host / "old-saves")
        own.symlink_to(bob)                 # the saves folder itself leads to Bob's
        before = tree(host)
        await submit(pilot, dialog, "new")
        assert app.screen is dialog and "saves folder is a link" in error_text(dialog)
        assert tree(host) == before and not (bob / "new.json").exists()


def alice_saves(host):
    folder = saves.ensure_saves_dir()
    for i, name in enumerate(["a", "b"]):
        saves.save(fake_match(seed=20 + i), folder / f"{name}.json")
    (folder / "to-bob.json").symlink_to(host / "players" / "bob" / "saves" / "x.json")
    return folder


async def test_load_lists_the_own_folder_only_and_refuses_the_same_way_whatever_exists(fake_game, host):
    folder = alice_saves(host)
    bob_x = host / "players" / "bob" / "saves" / "x.json"
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_load(pilot)
        assert sorted(f.path.name for f in dialog.files) == ["a.json", "b.json"]   # not the link
        assert all(f.path.parent == folder for f in dialog.files)
        assert "your saves folder" in str(dialog.query_one(".dialog-note").render())
        for text in ["../bob/saves/x", "../../bob/saves/x.json", str(bob_x), str(bob_x)[:-5],
                     str(host / "outside" / "nothing.json"), str(host / "outside"), "/etc/passwd",
                     "~/x", ".to-bob", "sub/a"]:
            await submit(pilot, dialog, text)
            assert app.screen is dialog, text
            assert error_text(dialog) == saves.PLAIN_ONLY, text
        await submit(pilot, dialog, "nothing")         # a plain name that is not there
        assert app.screen is dialog and error_text(dialog) == "nothing: no such file"
        await submit(pilot, dialog, "to-bob")          # a link in the own folder is not followed
        assert app.screen is dialog and "is a link" in error_text(dialog)
        await submit(pilot, dialog, "b")
        assert isinstance(app.screen, GameScreen) and app.screen.match.seed == 21


async def test_load_through_a_linked_saves_folder_lists_and_opens_nothing(fake_game, host):
    bob = host / "players" / "bob" / "saves"
    (host / "players" / "alice").mkdir()
    saves.saves_dir().symlink_to(bob)
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_load(pilot)
        assert dialog.files == []
        await submit(pilot, dialog, "x")
        assert app.screen is dialog and "saves folder is a link" in error_text(dialog)


def titles(app) -> list[str]:
    return [c.title for c in app.get_system_commands(app.screen)]


async def palette_prompts(pilot, text: str) -> list[str]:
    """What the command palette offers for ``text`` (then closed again)."""
    await pilot.press("ctrl+p")
    await settle(pilot)
    await pilot.press(*text)
    found = pilot.app.screen.query_one("CommandList")
    for _ in range(50):  # the search runs in the background: up to a second
        await pilot.pause(0.02)
        prompts = [str(found.get_option_at_index(i).prompt) for i in range(found.option_count)]
        if any(text in p for p in prompts):
            break
    await pilot.press("escape")
    await settle(pilot)
    return prompts


async def test_no_screenshot_in_hosted_mode(fake_game, host, monkeypatch):
    shots = host / "shots"
    shots.mkdir()
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Screenshot" not in titles(app) and "Save (s)" in titles(app)
        # the palette itself: typing the command's name finds nothing of it
        assert not any("Screenshot" in p for p in await palette_prompts(pilot, "Screensh"))
        # the action, as a key binding would run it
        await app.run_action(f"screenshot('x.svg', '{shots}')")
        app.deliver_screenshot("y.svg", str(shots))
        assert app.save_screenshot("z.svg", str(shots)) == ""
        await settle(pilot)
        assert list(shots.iterdir()) == []
        monkeypatch.delenv("BOARDGAMES_TUI_HOSTED")
        assert "Screenshot" in titles(app)


async def test_a_screenshot_elsewhere_is_written_0600(fake_game, tmp_path):
    app = BoardgamesApp(fake_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert any("Screenshot" in p for p in await palette_prompts(pilot, "Screensh"))
        await app.run_action(f"screenshot('x.svg', '{tmp_path / 'shots'}')")
        await settle(pilot)
        shot = tmp_path / "shots" / "x.svg"
        assert shot.read_text().startswith("<svg") and mode(shot) == 0o600
        assert mode(tmp_path / "shots") == 0o700
        assert mode(app.save_screenshot("y.svg", str(tmp_path))) == 0o600

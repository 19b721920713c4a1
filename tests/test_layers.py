"""The layering rule: rules, engine, bots, simulate and the CLI never import Textual.

Each module is imported in a fresh interpreter (so nothing else imported it
first) and ``sys.modules`` is checked afterwards.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import boardgames_tui

PKG = Path(boardgames_tui.__file__).parent


def headless_modules() -> list[str]:
    mods = []
    for folder in ("engine", "bots", "tables"):
        for f in sorted((PKG / folder).glob("*.py")):
            mods.append(f"boardgames_tui.{folder}" + ("" if f.stem == "__init__" else f".{f.stem}"))
    mods.append("boardgames_tui.games")
    for f in sorted((PKG / "games").glob("*/*.py")):
        # the rules, their parts and their data; a game's screen*.py modules are its UI, the only
        # ones in its folder that may import Textual
        if not f.stem.startswith("screen"):
            mods.append(f"boardgames_tui.games.{f.parent.name}" + ("" if f.stem == "__init__" else f".{f.stem}"))
    mods += ["boardgames_tui.simulate", "boardgames_tui.cli"]
    return mods


CHECK = """
import importlib, sys
importlib.import_module(sys.argv[1])
bad = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
print(",".join(bad))
"""


def test_the_list_covers_the_layers():
    mods = headless_modules()
    assert "boardgames_tui.engine.core" in mods and "boardgames_tui.bots.random_bot" in mods
    assert "boardgames_tui.engine.session" in mods and "boardgames_tui.engine.save" in mods
    assert "boardgames_tui.games.evolution.rules" in mods and "boardgames_tui.games.evolution.cards" in mods
    assert "boardgames_tui.games.evolution.feeding" in mods and "boardgames_tui.games.imperial.maneuver" in mods
    assert "boardgames_tui.games.phoenicia.auction" in mods and "boardgames_tui.games.utopia.actions" in mods
    assert not any(m.rpartition(".")[2].startswith("screen") for m in mods)


@pytest.mark.parametrize("module", headless_modules())
def test_module_does_not_import_textual(module):
    r = subprocess.run([sys.executable, "-c", CHECK, module], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "", f"importing {module} imported {r.stdout.strip()}"


def test_cli_list_and_help_do_not_import_textual():
    code = ("import sys\nfrom boardgames_tui import cli\ncli.main(['list'])\n"
            "print('TEXTUAL' if 'textual' in sys.modules else 'CLEAN')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "CLEAN"

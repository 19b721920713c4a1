"""The rules' part modules import each other as modules (an ability pushes a city turn whose menu
offers abilities): each must import first, alone, in a fresh interpreter, without Textual."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import boardgames_tui.games.civilization as civ

PARTS = sorted(f.stem for f in Path(civ.__file__).parent.glob("*.py")
               if f.stem not in ("__init__", "screen", "board"))

CHECK = """
import importlib, sys
m = importlib.import_module("boardgames_tui.games.civilization." + sys.argv[1])
from boardgames_tui.games.civilization.rules import GAME
s = GAME.new_game(["A", "B"], 1)
print(",".join(sorted(x for x in sys.modules if x == "textual" or x.startswith("textual."))))
"""


def test_the_parts_are_listed():
    assert {"rules", "war", "movement", "cities", "trade", "management", "culture", "cards", "abilities",
            "hidden", "common"} <= set(PARTS)


@pytest.mark.parametrize("module", PARTS)
def test_part_imports_first_and_alone(module):
    r = subprocess.run([sys.executable, "-c", CHECK, module], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "", f"importing {module} imported {r.stdout.strip()}"

"""Golden replays: recorded full games must still load and end the same way.
A failure means a rules change alters old save files: either fix the change or
bump the game's rules_version and re-record (tests/golden/make_golden.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgames_tui.engine import save

HERE = Path(__file__).parent
FILES = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expected.json"))


def test_there_are_golden_games_for_every_playable_game():
    from boardgames_tui.engine.registry import GAMES
    recorded = {json.loads(p.read_text())["game"] for p in FILES}
    assert set(GAMES) <= recorded


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay_ends_as_recorded(path: Path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    m = save.load(path)
    assert m.is_over()
    assert len(m.history) == expected["choices"]
    assert m.scores() == expected["scores"]
    assert m.winners() == expected["winners"]
    assert m.round_number() == expected["round"]

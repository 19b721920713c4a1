"""Shared test set-up: never touch the real data folder; hypothesis profiles;
the ``ui`` and ``e2e`` markers by folder."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - hypothesis is in the test extra
    settings = None

if settings is not None:
    # CI runs the same examples every time (a red CI is reproducible); locally
    # hypothesis explores new ones and remembers failures in .hypothesis/.
    settings.register_profile("ci", derandomize=True, database=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("dev", suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """Saves and autosaves go to a temporary folder (BOARDGAMES_TUI_DATA)."""
    monkeypatch.setenv("BOARDGAMES_TUI_DATA", str(tmp_path / "data"))
    # The table store and the player's name come from the data folder and the OS user, not the caller's.
    monkeypatch.delenv("BOARDGAMES_TUI_TABLES", raising=False)
    monkeypatch.delenv("BOARDGAMES_TUI_PLAYER", raising=False)


# A test's folder under tests/ gives its marker, so a new test there needs none
# of its own (``slow`` is put on the test itself: it follows the test when it
# is renamed or moved, where a list of names here would silently stop matching).
_TESTS = Path(__file__).parent
_FOLDER_MARKS = {"ui": pytest.mark.ui, "e2e": pytest.mark.e2e}


def pytest_collection_modifyitems(config, items):
    for item in items:
        try:
            folder = item.path.relative_to(_TESTS).parts[0]
        except ValueError:      # a test outside tests/ (given on the command line)
            continue
        mark = _FOLDER_MARKS.get(folder)
        if mark is not None:
            item.add_marker(mark)

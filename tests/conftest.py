"""Shared test set-up: never touch the real data folder; hypothesis profiles."""
from __future__ import annotations

import os

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

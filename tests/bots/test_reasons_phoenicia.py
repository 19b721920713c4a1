"""Phoenicia's easy policy names the factors behind every pick (the hint's reason)."""
from __future__ import annotations

from reasons import check_reasons


def test_every_handled_pick_has_a_named_short_reason():
    check_reasons("phoenicia", seed=5, count=300)

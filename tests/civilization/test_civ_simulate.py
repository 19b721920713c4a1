"""``simulate`` on Civilization: easy bots finish with a victory, and the kind of victory is counted."""
from __future__ import annotations

from boardgames_tui import simulate


def test_easy_bots_finish_and_the_victories_are_counted_by_kind():
    sim = simulate.run("civilization", 2, 2, seed=5, levels=["easy", "easy"])
    t = sim.totals()
    assert t["finished"] == 2 and t["errors"] == 0
    assert sum(t["ends"].values()) == 2
    assert all(k in ("culture victory", "technology victory", "economy victory") for k in t["ends"])
    assert "ends: " in simulate.format_totals(sim)

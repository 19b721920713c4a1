"""The schematic map the screen draws (data.MAP_GRID, house data): every
region once, each a rectangle, no cell shared, and the count of borders
that touch on the grid which RULES.md states."""
from __future__ import annotations

from pathlib import Path

from boardgames_tui.games.imperial import data as D


def touching(a: int, b: int, cells) -> bool:
    ax, ay, aw, ah = cells[a]
    bx, by, bw, bh = cells[b]
    above_below = ax < bx + bw and bx < ax + aw and (ay + ah == by or by + bh == ay)
    side_by_side = ay < by + bh and by < ay + ah and (ax + aw == bx or bx + bw == ax)
    return above_below or side_by_side


def test_every_region_is_one_rectangle_of_the_grid():
    cells = D.map_cells()
    assert set(cells) == set(range(D.N_REGIONS))
    owner: dict[tuple[int, int], int] = {}
    rows = [line.split() for line in D.MAP_GRID]
    assert all(len(row) == D.MAP_COLS for row in rows)
    for r, (x, y, w, h) in cells.items():
        for cx in range(x, x + w):
            for cy in range(y, y + h):
                assert rows[cy][cx] == D.REGIONS[r].abbr, (D.REGIONS[r].abbr, cx, cy)
                assert (cx, cy) not in owner
                owner[(cx, cy)] = r
    # nothing but the regions' own cells and blanks
    assert sum(tok != "..." for row in rows for tok in row) == len(owner)


def test_the_borders_that_touch_on_the_grid_are_the_ones_the_rules_notes_state():
    cells = D.map_cells()
    touch = sum(touching(*tuple(e), cells) for e in D.edges())
    assert len(D.edges()) == 137
    notes = (Path(D.__file__).with_name("RULES.md")).read_text(encoding="utf-8")
    assert f"{touch} of the 137 borders do" in notes

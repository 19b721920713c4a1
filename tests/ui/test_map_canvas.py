"""The map canvas (ui/widgets/map_canvas.py) on its own: the target index,
moves by direction on grid and non-grid maps, scrolling after the cursor,
mouse picks, the marks of the decision's targets, and repainting only the
lines that change."""
from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from boardgames_tui.ui.widgets.board import BoardWidget
from boardgames_tui.ui.widgets.map_canvas import (
    CURSOR_MARK, HIGHLIGHT_MARK, TARGET_MARK, MapCanvas, MapRegion,
)
from ui_helpers import settle


def grid_map(cols: int = 3, rows: int = 6, w: int = 10, h: int = 3) -> list[MapRegion]:
    """Boxes in a grid, each standing for ("cell", col, row)."""
    return [MapRegion.rect(("cell", c, r), c * w, r * h, w, h, label=f"c{c}r{r}", text=(f"{c},{r}",),
                           targets=(("cell", c, r),), box=True)
            for r in range(rows) for c in range(cols)]


def blob_map() -> list[MapRegion]:
    """A non-grid map: countries of odd shapes and sizes, a sea, a caption."""
    def blob(rid, cells, **kw):
        return MapRegion(rid, frozenset(cells), label=rid, targets=(("c", rid),), **kw)

    # 'north' is a wide strip, 'west' a tall one, 'east' an L, 'isle' a dot far off.
    north = [(x, y) for x in range(4, 30) for y in range(0, 2)]
    west = [(x, y) for x in range(0, 4) for y in range(2, 12)]
    east = [(x, y) for x in range(18, 30) for y in range(2, 5)] + [(x, y) for x in range(26, 30) for y in range(5, 10)]
    middle = [(x, y) for x in range(6, 16) for y in range(4, 8)]
    isle = [(x, y) for x in range(40, 44) for y in range(10, 12)]
    return [blob("north", north), blob("west", west), blob("east", east), blob("middle", middle),
            blob("isle", isle),
            MapRegion.rect("caption", 0, 13, 20, 1, label="not pickable", pickable=False),
            # one region, two targets: the first the decision offers is picked
            MapRegion.rect("port", 32, 0, 6, 1, label="port", targets=(("port", 1), ("sea", 1)))]


class CanvasApp(App):
    def __init__(self, regions, legend=(("X", "a test"),), targets=()) -> None:
        super().__init__()
        self.regions = regions
        self.legend = list(legend)
        self.targets = set(targets)
        self.picked: list[tuple] = []
        self.hovered: list[tuple] = []

    def compose(self) -> ComposeResult:
        yield MapCanvas(id="canvas")

    def on_mount(self) -> None:
        canvas = self.query_one(MapCanvas)
        canvas.set_map(self.regions, self.legend)
        canvas.set_targets(self.targets)
        canvas.place_cursor()
        canvas.focus()

    def on_board_widget_target_picked(self, event: BoardWidget.TargetPicked) -> None:
        self.picked.append(event.target)

    def on_board_widget_target_hovered(self, event: BoardWidget.TargetHovered) -> None:
        self.hovered.append(event.target)


def line_text(canvas: MapCanvas, y: int) -> str:
    return canvas._render_map_line(y).text


# -- the index ---------------------------------------------------------------------------------
async def test_index_from_targets_and_cells():
    app = CanvasApp(blob_map(), targets={("sea", 1), ("c", "west")})
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        assert canvas.region_for_target(("c", "east")).id == "east"
        assert canvas.region_for_target(("sea", 1)).id == "port"
        assert canvas.region_for_target(("nowhere",)) is None
        assert canvas.region_at(28, 8).id == "east"     # the foot of the L
        assert canvas.region_at(20, 8) is None          # inside the L's bend: nobody's
        assert canvas.region_at(0, 13).id == "caption"
        # a region standing for two targets picks the one the decision offers
        assert canvas.target_of(canvas.get_region("port")) == ("sea", 1)
        assert canvas.is_target(canvas.get_region("port")) and canvas.is_target(canvas.get_region("west"))
        assert not canvas.is_target(canvas.get_region("east"))
        # the cursor starts on the first target
        assert canvas.cursor == "west"


# -- moves by direction --------------------------------------------------------------------------
async def test_moves_on_a_grid():
    app = CanvasApp(grid_map())
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        assert canvas.cursor == ("cell", 0, 0)
        await pilot.press("right", "right")
        assert canvas.cursor == ("cell", 2, 0)
        await pilot.press("right")  # the edge: it stays
        assert canvas.cursor == ("cell", 2, 0)
        await pilot.press("down", "down", "left")
        assert canvas.cursor == ("cell", 1, 2)
        await pilot.press("up", "up", "right")
        assert canvas.cursor == ("cell", 2, 0)
        # each move told the screen what the cursor now aims at
        assert app.hovered[-1] == ("cell", 2, 0)


async def test_moves_on_a_map_that_is_not_a_grid():
    app = CanvasApp(blob_map())
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        n = canvas.neighbour
        assert n("north", "down") == "middle"     # straight below the strip's centre
        assert n("middle", "left") == "west"
        assert n("middle", "right") == "east"
        assert n("middle", "up") == "north"
        assert n("west", "right") == "middle"
        assert n("west", "up") == "middle"        # by centres: west's is low, middle's a little above it
        assert n("north", "left") == "west"        # down and to the left, within the cone
        assert n("north", "down") == "middle"
        assert n("east", "down") == "isle"        # far, but that way
        assert n("isle", "up") == "port"          # far above, a little to the left
        assert n("isle", "left") == "east"
        assert n("north", "right") == "port"
        assert n("port", "up") is None            # nothing above it
        assert all(n(r.id, d) != "caption" for r in canvas.regions for d in ("up", "down", "left", "right"))
        # every pickable region can be reached with the arrows
        seen, todo = {"north"}, ["north"]
        while todo:
            rid = todo.pop()
            for d in ("up", "down", "left", "right"):
                nxt = n(rid, d)
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        assert seen == {r.id for r in canvas.regions if r.pickable}


# -- scrolling ----------------------------------------------------------------------------------
async def test_scrolling_follows_the_cursor():
    app = CanvasApp(grid_map(cols=6, rows=12))
    async with app.run_test(size=(30, 10)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        for key in ["down"] * 11 + ["right"] * 5:
            await pilot.press(key)
            await settle(pilot, 1)
            b = canvas.cursor_region.bounds
            view_h = canvas.scrollable_content_region.height
            view_w = canvas.scrollable_content_region.width
            assert canvas.scroll_y <= b.y and b.bottom <= canvas.scroll_y + view_h, (b, canvas.scroll_offset)
            assert canvas.scroll_x <= b.x and b.right <= canvas.scroll_x + view_w, (b, canvas.scroll_offset)
        assert canvas.cursor == ("cell", 5, 11)
        assert canvas.scroll_y > 0 and canvas.scroll_x > 0
        # scroll_to_map_region brings any region back
        canvas.scroll_to_map_region(("cell", 0, 0))
        await settle(pilot)
        assert canvas.scroll_offset == (0, 0)


# -- the mouse ----------------------------------------------------------------------------------
async def test_a_click_picks_the_region_under_it():
    app = CanvasApp(blob_map(), targets={("c", "east"), ("sea", 1)})
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        await pilot.click(canvas, offset=(27, 7))   # the foot of east's L
        await settle(pilot)
        assert app.picked == [("c", "east")] and canvas.cursor == "east"
        await pilot.click(canvas, offset=(33, 0))   # the port: the offered target of two
        await settle(pilot)
        assert app.picked[-1] == ("sea", 1)
        await pilot.click(canvas, offset=(20, 8))   # nobody's cell
        await pilot.click(canvas, offset=(1, 13))   # the caption is not pickable
        await settle(pilot)
        assert len(app.picked) == 2
        # Enter picks what is under the cursor
        await pilot.press("enter")
        await settle(pilot)
        assert app.picked[-1] == ("sea", 1)


async def test_a_click_after_scrolling_picks_the_right_region():
    app = CanvasApp(grid_map(cols=6, rows=12))
    async with app.run_test(size=(30, 10)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        canvas.scroll_to(20, 15, animate=False)
        await settle(pilot)
        await pilot.click(canvas, offset=(2, 1))  # map cell (22, 16): column 2, row 5
        await settle(pilot)
        assert app.picked == [("cell", 2, 5)]


# -- marks ----------------------------------------------------------------------------------------
async def test_targets_and_highlight_are_marked():
    regions = grid_map(rows=2)
    app = CanvasApp(regions, targets={("cell", 1, 0), ("cell", 2, 1)})
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        assert canvas.cursor == ("cell", 1, 0)          # the first target
        top = line_text(canvas, 0)
        assert top[0:3] == "╭ c" and top[10:12] == "╔" + CURSOR_MARK and top[20] == "╭"
        row1 = line_text(canvas, 3)
        assert row1[20:22] == "┏" + TARGET_MARK            # a target: ◆ and a heavy border
        assert row1[0:2] == "╭ "
        # the option list highlights (0, 1): the cursor goes there; the old place is a target again
        canvas.set_highlight(("cell", 0, 1))
        await settle(pilot)
        assert canvas.cursor == ("cell", 0, 1)
        assert line_text(canvas, 3)[0:2] == "╔" + CURSOR_MARK
        assert line_text(canvas, 0)[10:12] == "┏" + TARGET_MARK
        # a highlight on a region the cursor cannot stand on is still marked
        canvas.move_cursor_to(("cell", 2, 1))
        canvas._set_highlight_id(("cell", 0, 0))
        await settle(pilot)
        assert line_text(canvas, 0)[0:2] == "╭" + HIGHLIGHT_MARK
        # no targets any more: only the cursor (the canvas has focus) is marked
        canvas.set_targets(set())
        await settle(pilot)
        assert TARGET_MARK not in "".join(line_text(canvas, y) for y in range(6))
        assert CURSOR_MARK in line_text(canvas, 3)


async def test_the_legend_is_drawn_below_the_map():
    app = CanvasApp(grid_map(rows=2), legend=[("★", "selected"), ("E1·2", "district and value")])
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        legend = " ".join(line_text(canvas, y) for y in range(6, canvas.virtual_size.height))
        assert "Key" in legend and "★ selected" in legend and "E1·2 district and value" in legend
        assert f"{CURSOR_MARK} cursor" in legend and f"{TARGET_MARK} a choice now" in legend


# -- repainting ---------------------------------------------------------------------------------------
async def test_a_cursor_move_repaints_only_the_two_regions_lines():
    app = CanvasApp(grid_map(cols=3, rows=3))
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        refreshed: list = []
        real_refresh = canvas.refresh

        def spy(*regions, **kw):
            refreshed.append((regions, kw))
            return real_refresh(*regions, **kw)

        canvas.refresh = spy  # type: ignore[method-assign]
        canvas.render_count = 0
        await pilot.press("down")  # (0,0) rows 0-2 -> (0,1) rows 3-5: one run of 6 lines
        await settle(pilot)
        assert canvas.cursor == ("cell", 0, 1)
        assert canvas.render_count == 6
        assert [tuple((r.y, r.height) for r in regions) for regions, _ in refreshed] == [((0, 6),)]
        refreshed.clear()
        canvas.render_count = 0
        await pilot.press("right")  # (0,1) -> (1,1): the same 3 lines
        await settle(pilot)
        assert canvas.render_count == 3
        refreshed.clear()
        canvas.render_count = 0
        await pilot.press("down")  # (1,1) rows 3-5 -> (1,2) rows 6-8
        await settle(pilot)
        assert canvas.render_count == 6
        # strips of untouched lines were never rebuilt
        assert all(not regions or regions[0].height < canvas.size.height for regions, _ in refreshed)


async def test_set_map_repaints_only_changed_regions():
    regions = grid_map(cols=3, rows=3)
    app = CanvasApp(regions)
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        canvas.render_count = 0
        changed = list(regions)
        changed[7] = MapRegion.rect(("cell", 1, 2), 10, 6, 10, 3, label="c1r2", text=(Text("new!"),),
                                    targets=(("cell", 1, 2),), box=True)
        canvas.set_map(changed)
        await settle(pilot)
        assert canvas.render_count == 3  # the lines of the changed region
        assert "new!" in line_text(canvas, 7)
        canvas.render_count = 0
        canvas.set_map(changed)  # nothing changed: nothing repainted
        await settle(pilot)
        assert canvas.render_count == 0


async def test_a_panel_below_the_map_growing_redraws_it_and_the_legend_not_the_map():
    # Civilization at 80x24: the players' panels below the map grow and shrink by a line
    # from choice to choice; the map's lines above them are not drawn again.
    regions = grid_map(cols=3, rows=2) + [MapRegion.rect("panel", 0, 7, 30, 2, label="panel", text=("a",))]
    app = CanvasApp(regions)
    async with app.run_test(size=(40, 30)) as pilot:
        await settle(pilot)
        canvas = app.query_one(MapCanvas)
        drawn: list[int] = []
        real = canvas._render_map_line

        def spy(y):
            drawn.append(y)
            return real(y)

        canvas._render_map_line = spy  # type: ignore[method-assign]
        taller = regions[:-1] + [MapRegion.rect("panel", 0, 7, 30, 3, label="panel", text=("a", "b"))]
        canvas.set_map(taller)
        await settle(pilot)
        assert drawn and min(drawn) == 7, f"the map's lines were drawn again: {sorted(drawn)}"
        assert "b" in line_text(canvas, 9)
        assert "Key" in line_text(canvas, 11)  # the legend moved down a line
        assert "Key" not in line_text(canvas, 10)

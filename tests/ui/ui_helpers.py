"""Shared helpers for the UI tests (the fixtures are in conftest.py)."""
from __future__ import annotations

from boardgames_tui.engine.registry import GameEntry
from boardgames_tui.ui.widgets.map_canvas import DIRECTIONS, MapCanvas, MapRegion
from boardgames_tui.engine.session import Match, Seat

# The fake test game (tests/ui/ui_fakegame.py), registered by the fake_game fixture.
FAKE = GameEntry("fake", "ui_fakegame:GAME", None, "A tiny test game with hidden hands.")


def notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def menu_to(pilot, option_id: str) -> None:
    """Move the menu highlight to ``option_id`` with the Down key."""
    lst = pilot.app.screen.query_one("#menu")
    for _ in range(lst.option_count + 1):
        if lst.highlighted_option is not None and lst.highlighted_option.id == option_id:
            return
        await pilot.press("down")
    raise AssertionError(f"menu option {option_id} not found")


def fake_match(kinds=("human", "human"), seed=3, **opts) -> Match:
    seats = [Seat(n, c, k) for n, c, k in zip(["Ada", "Bruno", "Chloé", "Dario"],
                                                 ["red", "blue", "green", "yellow"], kinds)]
    return Match.new("fake", seats, seed, opts or None)


async def settle(pilot, n: int = 3) -> None:
    for _ in range(n):
        await pilot.pause()


async def wait_for(pilot, cond, tries: int = 200, delay: float = 0.01) -> None:
    for _ in range(tries):
        if cond():
            return
        await pilot.pause(delay)
    raise AssertionError("condition not reached")


def evolution_available() -> bool:
    try:
        import boardgames_tui.games.evolution.rules  # noqa: F401
    except ImportError:
        return False
    return True


# -- driving the screen like a player ------------------------------------------------------
def key_path(canvas: MapCanvas, start, goal) -> list[str]:
    """The shortest run of arrow keys that takes the map's cursor from region
    ``start`` to region ``goal`` (the canvas's own directional moves)."""
    seen = {start: []}
    todo = [start]
    while todo:
        rid = todo.pop(0)
        if rid == goal:
            return seen[rid]
        for direction in DIRECTIONS:
            nxt = canvas.neighbour(rid, direction)
            if nxt is not None and nxt not in seen:
                seen[nxt] = seen[rid] + [direction]
                todo.append(nxt)
    raise AssertionError(f"{goal} cannot be reached from {start} with the arrow keys")


async def move_cursor_to(pilot, board, region_id) -> None:
    """Arrow keys until the map's cursor stands on the region ``region_id``."""
    canvas = board.canvas
    for key in key_path(canvas, canvas.cursor, region_id):
        await pilot.press(key)
    assert canvas.cursor == region_id


def head_line(canvas: MapCanvas, region: MapRegion) -> str:
    """What the map shows on the first line of ``region`` (its mark and label)."""
    b = region.bounds
    return canvas._render_map_line(b.y).text[b.x:b.right]


def region_mark(canvas: MapCanvas, region: MapRegion) -> str:
    """The mark cell of a region: after the corner of a box, else its first cell."""
    return head_line(canvas, region)[1 if region.box else 0]


async def choose_on_board(pilot, screen, key: str) -> None:
    """Pick option ``key`` by walking the board cursor to its target and pressing Enter."""
    d = screen.match.decision()
    opt = d.get(key)
    board = screen.board
    board.focus()
    await settle(pilot)
    region = board.canvas.region_for_target(opt.target)
    await move_cursor_to(pilot, board, region.id)
    await settle(pilot, 1)
    await pilot.press("enter")
    await settle(pilot)
    if screen.picker.restricted:  # several options aim at that target
        assert all(o.target == opt.target for o in screen.picker.visible_options)
        await choose_in_list(pilot, screen, key)


async def choose_in_list(pilot, screen, key: str) -> None:
    keys = [o.key for o in screen.picker.visible_options]
    screen.picker.choice_list.focus()
    await pilot.press("home")
    for _ in range(keys.index(key)):
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)


def scores_shown(app) -> bool:
    """The score screen is up and drawn (its table mounted)."""
    from boardgames_tui.ui.screens.scores import ScoreScreen
    return isinstance(app.screen, ScoreScreen) and bool(app.screen.query("#score-table"))

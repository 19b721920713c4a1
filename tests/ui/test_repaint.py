"""Repaint only what changes: what the compositor marks dirty.

Textual sends exactly the regions marked dirty, so these tests watch
``Compositor.render_update`` and check that a focus change, a scroll after a
layout pass and a cursor move do not send the whole screen again.  The bytes
on a real terminal are measured by bench/keypress.py."""
from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Input, Static

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui import textual_fixes
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.widgets.quiet import set_text, set_title
from ui_helpers import settle


@pytest.fixture
def updates(monkeypatch):
    """Each render_update's dirty regions, and whether it was a full frame."""
    from textual._compositor import Compositor
    seen: list[tuple[bool, list[Region]]] = []
    orig = Compositor.render_update

    def spy(self, full=False, screen_stack=None, simplify=False):
        regions = list(self._dirty_regions)
        seen.append((full or self.size.region in self._dirty_regions, regions))
        return orig(self, full, screen_stack, simplify)

    monkeypatch.setattr(Compositor, "render_update", spy)
    return seen


class ScrollApp(App):
    def compose(self):
        yield Static("head", id="head")
        with VerticalScroll(id="body"):
            for i in range(60):
                yield Static(f"line {i}")


async def test_a_scroll_after_a_layout_pass_repaints_the_scrolled_area_only(updates):
    textual_fixes.apply()
    app = ScrollApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        head = app.query_one("#head", Static)
        head.update("head, laid out again")   # a full layout pass: the visible map is dropped
        await settle(pilot)
        updates.clear()
        body = app.query_one("#body")
        body.scroll_to(y=5, animate=False)
        await settle(pilot)
        assert updates, "nothing was painted"
        assert not any(full for full, _ in updates), "the scroll sent the whole screen"
        dirty = [r for _, regions in updates for r in regions]
        # the scrolled area is painted, the line above it is not
        assert any(r.overlaps(body.region) for r in dirty)
        assert not any(r.overlaps(head.region) for r in dirty)
        # and what is shown is the scrolled content
        assert body.scroll_y == 5
        first = [w for w in body.query(Static) if w.region.y == body.region.y][0]
        assert str(first.render()) == "line 5"


def _match(game: str, seed: int) -> Match:
    m = Match.new(game, [Seat(n, c) for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))], seed)
    m.open_info = True
    return m


@pytest.mark.parametrize("game", ["evolution", "phoenicia", "utopia", "imperial", "civilization"])
async def test_a_focus_change_never_repaints_the_whole_screen(game, updates):
    app = BoardgamesApp(_match(game, 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        board = app.screen.board
        canvas = board.query("MapCanvas").first() if board.query("MapCanvas") else board
        for _ in range(3):
            before, offset = app.focused, canvas.scroll_offset
            updates.clear()
            await pilot.press("shift+tab")
            await settle(pilot)
            assert app.focused is not before
            assert updates and not any(full for full, _ in updates), f"focus to {app.focused} sent a full frame"
            if canvas.scroll_offset != offset:
                continue  # the board scrolled to its cursor: new content, not a repaint
            cells = {(x, y) for _, regions in updates for r in regions
                     for y in range(r.y, r.bottom) for x in range(r.x, r.right)}
            assert len(cells) < 80 * 24 // 2, (app.focused, len(cells))


@pytest.mark.parametrize("game", ["evolution", "phoenicia"])
async def test_an_option_list_move_repaints_two_cells_of_the_board_at_most(game, updates):
    app = BoardgamesApp(_match(game, 4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        board = app.screen.board
        for key in ("down", "down", "up"):
            updates.clear()
            await pilot.press(key)
            await settle(pilot)
            in_board = {r for _, regions in updates for r in regions if r.overlaps(board.region)}
            # the old and the new cursor cell (a scroll to a far cell paints more)
            if board.scroll_y == 0:
                assert sum(r.area for r in in_board) <= 2 * 23 * 6, in_board


async def test_quiet_updates_skip_what_did_not_change():
    class One(App):
        def compose(self):
            yield Static("", id="s")

    app = One()
    async with app.run_test(size=(30, 5)) as pilot:
        s = app.query_one("#s", Static)
        calls = []
        orig = s.refresh
        s.refresh = lambda *a, **k: (calls.append(k), orig(*a, **k))[1]  # type: ignore[method-assign]
        set_text(s, Text("x"))
        set_text(s, Text("x"))
        set_title(s, "t")
        set_title(s, "t")
        assert len(calls) == 2
        set_text(s, Text("y"), layout=False)
        assert calls[-1].get("layout") is False
        await pilot.pause()
        assert str(s.render()) == "y"


class TypingApp(App):
    def compose(self):
        yield Input("2", id="field")


@pytest.mark.parametrize("fixed", [True, False])
async def test_keys_typed_in_one_burst_are_applied_in_order(fixed, monkeypatch):
    """Textual #6605: a Backspace between printable keys that arrive together
    must delete the character before it, not one typed after it."""
    from textual import events
    if fixed:
        textual_fixes.apply()
    else:
        monkeypatch.setattr(Input, "_on_key", textual_fixes._original_input_on_key)
    app = TypingApp()
    async with app.run_test(size=(40, 5)) as pilot:
        field = app.query_one(Input)
        field.focus()
        await settle(pilot)
        field.cursor_position = len(field.value)
        for key, ch in (("b", "b"), ("a", "a"), ("backspace", None), ("c", "c"), ("4", "4")):
            app.post_message(events.Key(key, ch))  # one burst: nothing runs in between
        await settle(pilot, 5)
        assert (field.value == "2bc4") is fixed, field.value

"""One focus model for every game screen (README, "Keys").

* After ``u`` the keys are in the option list and its highlight is on the
  option taken there: Enter takes exactly what the screen names.
* After a pick on the board, the keys stay on the board only when every
  option of the next decision is on the board (the cursor on one of them);
  otherwise they are back in the list.
* The footer shows the same keys whichever part has focus.
"""
from __future__ import annotations

import random

import pytest
from textual.widgets._footer import FooterKey

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.widgets.cursor_board import CursorBoard
from boardgames_tui.ui.widgets.map_canvas import MapBoard
from ui_helpers import settle

pytestmark = pytest.mark.ui

GAMES = ["civilization", "evolution", "imperial", "phoenicia", "utopia"]


def two_humans(game: str, seed: int) -> Match:
    seats = [Seat("Ada", "red", "human"), Seat("Bruno", "blue", "human")]
    m = Match.new(game, seats, seed)
    m.open_info = True  # no curtains: the same two people keep the screen
    return m


def named_by_screen(screen) -> tuple[str, str]:
    """What the screen says Enter takes now, while the list has the keys: the
    highlighted option, which the line under a map names too."""
    o = screen.picker.highlighted_option()
    assert o is not None, "the list highlights nothing"
    board = screen.board
    if isinstance(board, MapBoard):
        line = board.info_text(board.canvas.cursor_region).plain
        assert f"Enter picks: {o.label}" in line, (line, o.label)
    return o.key, o.label


def on_board_targets(screen, d) -> dict[tuple, list]:
    by_target: dict[tuple, list] = {}
    for o in d.options:
        if o.target is not None and screen.board.shows_target(o.target):
            by_target.setdefault(o.target, []).append(o)
    return by_target


def put_board_cursor(board, target) -> None:
    if isinstance(board, MapBoard):
        board.canvas.move_cursor_to(board.canvas.region_for_target(target).id)
    else:
        assert isinstance(board, CursorBoard)
        board._cursor = board._key_for_target(target)
        board._mark_cells()


async def play_and_undo(game: str, seed: int, steps: int) -> tuple[int, int]:
    """Play ``steps`` choices through the screen's keys (some on the board),
    undoing now and then; returns (undos checked, board picks checked)."""
    rng = random.Random(seed)
    m = two_humans(game, seed)
    app = BoardgamesApp(m)
    undos = picks = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(steps):
            d = m.decision()
            if d is None:
                break
            if m.can_undo()[0] and rng.random() < 0.4:
                undone = next(r.key for r in reversed(m.history) if not r.auto)   # forced ones go with it
                await pilot.press("u")
                await settle(pilot)
                assert app.focused is screen.picker.choice_list
                key, label = named_by_screen(screen)
                if m.game.passing(m.decision().get(undone)):
                    # a pass or an end is never highlighted first: Enter does not take it again
                    assert key == screen.picker.visible_options[0].key and not m.game.passing(
                        m.decision().get(key)), f"after undoing a pass the highlight is on {label!r}"
                else:
                    assert key == undone, f"after undo the highlight is on {label!r}, not on the option taken"
                n = len(m.history)
                await pilot.press("enter")
                await settle(pilot)
                assert m.choices[n] == key, f"Enter took {m.choices[n]!r}, the screen named {label!r}"
                undos += 1
                continue
            board_opts = {t: os for t, os in on_board_targets(screen, d).items() if len(os) == 1}
            if board_opts and rng.random() < 0.5:
                target = rng.choice(sorted(board_opts, key=repr))
                screen.board.focus()
                await settle(pilot)
                put_board_cursor(screen.board, target)
                await settle(pilot)
                n = len(m.history)
                await pilot.press("enter")
                await settle(pilot)
                assert m.choices[n] == board_opts[target][0].key
                nxt = m.decision()
                if nxt is not None:
                    if screen._all_on_board(nxt):
                        assert screen.board.has_focus_within
                    else:
                        assert app.focused is screen.picker.choice_list, \
                            f"after a board pick, a list decision ({nxt.kind}) leaves the keys on {app.focused}"
                picks += 1
                continue
            if not screen.picker.choice_list.has_focus:
                screen.picker.choice_list.focus()
                await settle(pilot)
            i = rng.randrange(len(screen.picker.visible_options))
            screen.picker.choice_list.highlighted = i
            await settle(pilot)
            key, _ = named_by_screen(screen)
            n = len(m.history)
            await pilot.press("enter")
            await settle(pilot)
            assert m.choices[n] == key
    return undos, picks


@pytest.mark.parametrize("game", GAMES)
async def test_after_undo_enter_takes_what_the_screen_names(game):
    undos, picks = await play_and_undo(game, 1, 45)
    assert undos >= 4, f"only {undos} undos were tried"


@pytest.mark.parametrize("game", ["civilization", "utopia", "evolution"])
async def test_the_footer_shows_the_same_keys_on_the_board_and_in_the_list(game):
    m = two_humans(game, 3)
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen

        def footer() -> list[tuple[str, str]]:
            return [(k.key, k.description) for k in screen.query(FooterKey)]

        screen.picker.choice_list.focus()
        await settle(pilot)
        in_list = footer()
        assert ("l", "Log") in in_list
        screen.board.focus()
        await settle(pilot)
        assert screen.board.has_focus_within
        assert footer() == in_list
        # and l opens the log from the board
        await pilot.press("l")
        await settle(pilot)
        assert screen.has_class("log-mode")


async def test_tab_goes_between_the_list_and_the_board_only():
    m = two_humans("civilization", 4)
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        seen = set()
        for _ in range(4):
            await pilot.press("tab")
            await settle(pilot)
            seen.add(type(app.focused).__name__)
        assert "GameLog" not in seen
        assert screen.board.has_focus_within or app.focused is screen.picker.choice_list

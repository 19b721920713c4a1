"""Play without friction (issue 39), driving the real app with Pilot: three hot-seat players,
150 decisions of every game, curtains and all.

* No decision with a single option waits for a key: forced choices play themselves, and no curtain
  is raised for them.
* Enter on a fresh decision never takes a pass or an end while another option is open: not in the
  list, and not on the board after a pick there (the line under a map names what Enter takes).
* The keys line under the list names the passes, and ``p`` / ``e`` take them.
"""
from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.widgets.map_canvas import MapBoard
from test_focus_model import on_board_targets, put_board_cursor
from ui_helpers import settle, wait_for

pytestmark = [pytest.mark.ui, pytest.mark.slow]   # 150 decisions of each game through the real app: minutes

GAMES = ["civilization", "evolution", "imperial", "phoenicia", "utopia"]
DECISIONS = 150


def three_at_one_keyboard(game: str, seed: int) -> Match:
    seats = [Seat("Ada", "red", "human"), Seat("Bruno", "blue", "human"), Seat("Chloé", "green", "human")]
    return Match.new(game, seats, seed)


def what_enter_takes(screen, d):
    """The option Enter takes now: the list's highlight, or on a focused board the option at the
    cursor (None: Enter takes nothing there)."""
    board = screen.board
    if board.has_focus_within and isinstance(board, MapBoard):
        region = board.canvas.cursor_region
        if region is None or not region.targets or not board.canvas.is_target(region):
            return None
        here = [o for o in d.options if o.target == region.targets[0]]
        return here[0] if len(here) == 1 else None
    return screen.picker.highlighted_option()


async def play(game: str, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    m = three_at_one_keyboard(game, seed)
    app = BoardgamesApp(m)
    seen = {"decisions": 0, "curtains": 0, "forced": 0, "board": 0, "keys": 0, "fresh": 0}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        while seen["decisions"] < DECISIONS:
            if screen.curtain_for is not None:
                seen["curtains"] += 1
                d = m.decision()
                assert d is not None and len(d.options) > 1, \
                    f"{game}: a curtain was raised for a forced choice ({d.prompt if d else 'game over'})"
                await pilot.press("enter")
                await wait_for(pilot, lambda: screen.curtain_for is None, tries=6000)
                await pilot.pause()
                continue
            d = m.decision()
            if d is None:
                break
            assert len(d.options) > 1, f"{game}: a single-option decision waits for a key: {d.prompt!r}"
            passing = m.game.passing
            # Enter on this fresh decision: never a pass or an end while another option is open.
            taken = what_enter_takes(screen, d)
            if any(not passing(o) for o in d.options):
                seen["fresh"] += 1
                assert taken is None or not passing(taken), \
                    f"{game}: Enter would take {taken.label!r} at {d.prompt!r}"
                board = screen.board
                if isinstance(board, MapBoard) and not board.has_focus_within and taken is not None:
                    line = board.info_text(board.canvas.cursor_region).plain
                    assert f"Enter picks: {taken.label}" in line, (line, taken.label)
            n = len(m.history)
            marks = {passing(o): o for o in d.options if passing(o)}
            board_opts = {t: os for t, os in on_board_targets(screen, d).items() if len(os) == 1}
            roll = rng.random()
            if marks and roll < 0.15:
                letter, o = rng.choice(sorted(marks.items()))
                await pilot.press(letter)
                seen["keys"] += 1
                want = screen.picker.key_option(letter) or o
            elif board_opts and roll < 0.55:
                target = rng.choice(sorted(board_opts, key=repr))
                screen.board.focus()
                await pilot.pause()
                put_board_cursor(screen.board, target)
                await pilot.pause()
                await pilot.press("enter")
                seen["board"] += 1
                want = board_opts[target][0]
            else:
                if not screen.picker.choice_list.has_focus:
                    screen.picker.choice_list.focus()
                    await pilot.pause()
                vis = screen.picker.visible_options
                screen.picker.choice_list.highlighted = rng.randrange(len(vis))
                await pilot.pause()
                want = screen.picker.highlighted_option()
                await pilot.press("enter")
            await wait_for(pilot, lambda: len(m.history) > n, tries=6000)
            await pilot.pause()
            assert m.history[n].key == want.key, f"{game}: {m.history[n].key!r} taken, not {want.key!r}"
            seen["forced"] += sum(r.auto for r in m.history[n + 1:])
            seen["decisions"] += 1
        seen["over"] = int(m.decision() is None)
    return seen


@pytest.mark.parametrize("game", GAMES)
async def test_three_at_one_keyboard_no_forced_waits_and_enter_keeps_the_turn(game):
    seen = await play(game, 7)
    assert seen["decisions"] == DECISIONS or seen["over"], seen
    assert seen["fresh"] >= seen["decisions"] // 3, seen
    if three_at_one_keyboard(game, 7).game.hidden_information:
        assert seen["curtains"] > 0, seen     # the curtains were there, and only for real decisions

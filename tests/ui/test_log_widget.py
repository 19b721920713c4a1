"""The game log costs the same late in a game as early on: a choice wraps
only the log's new lines, whoever has the screen, and the screen has no
view redact the whole log for it (bench/choice.py measures the time)."""
from __future__ import annotations

import random

from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from ui_helpers import fake_match, settle


def shown_rows(log) -> list[str]:
    """The rows the log widget draws now, as text."""
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


def tail_matches(log, lines: list[str]) -> bool:
    """The drawn rows are the end of ``lines`` (wrapped: compared word by word)."""
    drawn = " ".join(" ".join(shown_rows(log)).split())
    return bool(drawn) and " ".join(" ".join(lines).split()).endswith(drawn)


def random_keys(game: str, seed: int, n: int) -> list[str]:
    m = Match.new(game, [Seat(x) for x in ("Ann", "Bob", "Cy")], seed)
    r = random.Random(seed)
    keys = []
    while (d := m.decision()) is not None and len(keys) < n:
        keys.append(r.choice(d.options).key)
        m.choose(keys[-1], snapshot=False)
    return keys


async def test_a_choice_wraps_only_the_new_log_lines_whoever_has_the_screen(monkeypatch):
    keys = random_keys("phoenicia", 1, 230)
    m = Match.replay("phoenicia", [Seat(x, c) for x, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))],
                     1, {}, keys[:200])
    m.open_info = True
    redacted: list[int] = []  # the length of the log each view was made with
    view = m.game.view
    monkeypatch.setattr(m.game, "view", lambda s, viewer: (redacted.append(len(s.log)), view(s, viewer))[1])
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.log_widget
        before, entries = log.wrapped, len(m.log())
        assert before == entries  # the log as it was opened, wrapped once
        assert tail_matches(log, [e.for_viewer(log.viewer) for e in m.log()])
        redacted.clear()
        viewers = set()
        for i in range(200, len(keys)):
            if len(m.history) > i:            # a forced choice that played itself
                assert m.history[i].auto and m.choices[i] == keys[i]
                continue
            assert screen.choose(keys[i])
            await pilot.pause()
            viewers.add(log.viewer)
            assert log.shown_lines == [e.for_viewer(log.viewer) for e in m.log()]
        await settle(pilot)
        assert len(viewers) == 3, "the screen did not change hands"
        mine = {e.private_to for e in m.log() if e.private_text}
        assert mine >= {0, 1, 2}, "no private lines to read differently"
        # every new line wrapped once, none of the old ones again
        assert log.wrapped - before == len(m.log()) - entries
        assert redacted and not any(redacted), "a view redacted the whole log for the screen"
        assert tail_matches(log, [e.for_viewer(log.viewer) for e in m.log()])


async def test_the_log_behind_the_curtain_and_after_an_undo(fake_game):
    m = fake_match()
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.log_widget
        await pilot.press("enter")  # the public vote; Ada's curtain comes down
        await settle(pilot)
        assert screen.curtain_for == 0
        await pilot.press("enter")  # the curtain lifts for Ada
        await settle(pilot)
        await pilot.press("enter", "enter")  # a card, a pile: Ada draws
        await settle(pilot)
        assert screen.curtain_for == 1
        await pilot.press("enter")
        await settle(pilot)
        # Lines added while the log was hidden are drawn for Bruno, as Bruno reads them.
        assert shown_rows(log)[-1] == "Ada draws a card." or "Ada draws a card." in " ".join(shown_rows(log))
        assert not any("You draw" in row for row in shown_rows(log))
        await pilot.press("enter")  # Bruno picks a card: his private line
        await settle(pilot)
        assert any(row.startswith("You pick card") for row in shown_rows(log))
        screen.action_undo()
        await settle(pilot)
        assert log.shown_lines == [e.for_viewer(1) for e in m.log()]
        assert not any(row.startswith("You pick card") for row in shown_rows(log))
        assert tail_matches(log, log.shown_lines)


async def test_the_log_wraps_again_at_a_new_width():
    keys = random_keys("utopia", 2, 120)
    m = Match.replay("utopia", [Seat(x) for x in ("Ann", "Bob", "Cy")], 2, {}, keys)
    m.open_info = True
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.log_widget
        narrow = log.scrollable_content_region.width
        await pilot.resize_terminal(160, 40)
        await settle(pilot)
        assert log.scrollable_content_region.width > narrow
        assert max(len(r) for r in shown_rows(log)) > narrow
        assert tail_matches(log, log.shown_lines)


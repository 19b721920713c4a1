"""Issue 39's smaller promises: one-line labels cut at a word, a filter that matches words, the
passes last with their keys, a menu that does not wrap to Quit, Ctrl+Q asking once in a game, and
whole-number axes on the end chart."""
from __future__ import annotations

import pytest

from boardgames_tui.engine.core import Option
from boardgames_tui.engine.text import cut_words
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MenuScreen
from boardgames_tui.ui.widgets.options import _rank
from boardgames_tui.ui.widgets.score_chart import whole_ticks
from ui_helpers import fake_match, settle, wait_for

pytestmark = pytest.mark.ui


def test_a_label_is_cut_at_a_word_never_inside_a_number():
    assert cut_words("Navigation (level 1, 6 trade): move by sea", 24) == "Navigation (level 1, 6 …"
    assert cut_words("Import (first placement, 3 armies)", 25) == "Import (first placement,…"
    assert cut_words("Bid 12", 6) == "Bid 12"
    for width in range(12, 40):     # (a first word longer than the room is cut where it must be)
        for label in ("Navigation (level 1, 16 trade): move by sea", "Species 2 population 12 -> 13"):
            cut = cut_words(label, width)
            assert len(cut) <= width
            if cut != label:
                kept = cut[:-1].rstrip()
                assert label.startswith(kept) and label[len(kept)] in " ,:", (label, cut)


def test_the_filter_matches_words_and_ranks_the_phrase_first():
    one = Option("a", "Species 1 population 1 -> 2")
    two = Option("b", "Species 2 population 3 -> 4")
    words = "species 2 population".split()
    assert _rank(two, words) < _rank(one, words)        # the species named, first
    assert _rank(Option("c", "12 food"), ["2"]) is None   # "2" begins no word of "12 food"
    assert _rank(Option("d", "Bid 12"), ["12"]) == 0
    assert _rank(Option("pass", "Drop out"), ["pass"]) is not None    # the key's words count too


def test_whole_number_ticks():
    assert whole_ticks(0, 33, 5) == [0, 9, 18, 27]
    assert all(isinstance(t, int) for t in whole_ticks(3, 58))
    assert whole_ticks(4, 4) == [4]


async def test_passes_are_listed_last_with_their_key_and_never_highlighted_first():
    from boardgames_tui.engine.session import Match, Seat

    m = Match.new("phoenicia", [Seat("Ada"), Seat("Bruno")], 5)
    m.open_info = True
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        d = m.decision()
        vis = screen.picker.visible_options
        passing = [o for o in vis if m.game.passing(o)]
        assert passing and vis[-len(passing):] == passing          # last
        assert not m.game.passing(screen.picker.highlighted_option())
        first = str(screen.picker.choice_list.get_option_at_index(len(vis) - 1).prompt)
        assert first.startswith("e ") and "End your turn" in first  # led by its key
        n = len(m.history)
        await pilot.press("e")
        await wait_for(pilot, lambda: len(m.history) > n, tries=3000)
        assert m.history[n].key == d.get("end").key


async def test_the_menu_does_not_wrap_to_quit(fake_game):
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lst = app.screen.query_one("#menu")
        first = lst.highlighted
        await pilot.press("up", "up", "k")
        await settle(pilot)
        assert lst.highlighted == first and lst.highlighted_option.id != "quit"
        for _ in range(lst.option_count + 2):
            await pilot.press("down")
        await settle(pilot)
        assert lst.highlighted_option.id == "quit"                  # the end stays the end
        await pilot.press("down")
        assert lst.highlighted_option.id == "quit"


async def test_ctrl_q_asks_once_in_a_game(fake_game):
    m = fake_match()
    app = BoardgamesApp(m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "Quit" in app.screen.question
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.is_running
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("ctrl+q")         # asked once: the second quits
        await wait_for(pilot, lambda: not app.is_running or app._exit, tries=3000)


async def test_ctrl_q_on_the_menu_quits_at_once(fake_game):
    app = BoardgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: not app.is_running or app._exit, tries=3000)

"""One registry: every entry's rules and board import (a broken game fails
here, loudly), and what the menu shows comes from the Game class."""
from __future__ import annotations

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.core import Game
from boardgames_tui.engine.steps import StepGame

NAMES = sorted(registry.GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_rules_and_board_import(name):
    entry = registry.GAMES[name]
    game = entry.game
    assert isinstance(game, StepGame), f"{name} is not built on the step stack"
    # The menu's title and player counts are declared in the entry (the menu
    # does not import the rules); they must be the Game's own.
    assert entry.menu_title == game.title and entry.title == game.title
    assert entry.menu_players == entry.rules_player_range()
    # A count that only an option allows is said so: the default game's range
    # is the one the menu names first.
    lo, hi = entry.menu_players
    default_hi = game.player_range(game.options_with_defaults({}))[1]
    assert entry.players_text() == (f"{lo}–{hi} players" if default_hi == hi
                                    else f"{lo}–{default_hi} players, {hi} {entry.players_note}")
    assert bool(entry.players_note) == (default_hi < hi)
    assert entry.board, f"{name} has no board"
    from boardgames_tui.ui.boards import board_class
    from boardgames_tui.ui.widgets.board import BoardWidget
    assert issubclass(board_class(name), BoardWidget)


def test_player_counts_cover_every_option():
    evo = registry.GAMES["evolution"]
    assert (evo.min_players, evo.max_players) == (2, 6)


def test_a_game_that_does_not_import_is_an_error(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "broken", registry.GameEntry("broken", "no.such.module:GAME"))
    with pytest.raises(ImportError):
        registry.get_game("broken")


def test_an_entry_naming_the_wrong_object_is_an_error(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "utopia2", registry.GameEntry(
        "utopia2", "boardgames_tui.games.utopia.rules:GAME"))
    with pytest.raises(TypeError, match="not the Game named"):
        registry.get_game("utopia2")


def test_unknown_game_names_the_known_ones():
    with pytest.raises(registry.UnknownGame, match="playable games: evolution"):
        registry.game_info("chess")


def test_the_menu_skips_a_broken_game_without_crashing(monkeypatch):
    from boardgames_tui.ui.screens.menu import playable_games
    monkeypatch.setitem(registry.GAMES, "broken", registry.GameEntry("broken", "no.such.module:GAME"))
    assert "broken" not in [e.name for e in playable_games()]
    assert isinstance(registry.get_game("utopia"), Game)


def test_seat_colours_match_the_palette():
    from boardgames_tui.engine.session import SEAT_COLOURS
    from boardgames_tui.ui.theme import PALETTE
    assert tuple(c.name for c in PALETTE) == SEAT_COLOURS

"""The conformance suite (tests/conformance/checks.py) run on Imperial, the same way
tests/conformance/test_conformance.py runs it on the registered games.  Imperial is registered
here for the duration of each test (the lead registers it in engine/registry.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.games.imperial.rules import GAME

sys.path.insert(0, str(Path(__file__).parents[1] / "conformance"))
import checks as C  # noqa: E402


@pytest.fixture
def game(monkeypatch):
    if "imperial" not in registry.GAMES:
        monkeypatch.setitem(registry.GAMES, "imperial",
                            registry.GameEntry("imperial", "boardgames_tui.games.imperial.rules:GAME"))
    return registry.get_game("imperial")


def test_the_registry_entry_is_this_game(game):
    assert game is GAME


def test_random_games_finish(game):
    C.check_random_games_finish(game, range(3), max_choices=20_000)


@pytest.mark.parametrize("seed", [1, 2])
def test_illegal_keys_are_refused_and_change_nothing(game, seed):
    lo, hi = game.player_range(game.options_with_defaults({}))
    C.check_illegal_keys_refused(game, hi if seed == 1 else lo, seed, max_choices=400, every=7)


@pytest.mark.parametrize("seed", [3, 4])
def test_views_leak_nothing(game, seed):
    lo, hi = game.player_range(game.options_with_defaults({}))
    C.check_views_leak_nothing(game, hi if seed == 3 else lo, seed, max_choices=600, every=5)


def test_determinize_resamples(game):
    C.check_determinize_changes_something(game, 3, 5, 40)


@pytest.mark.parametrize("seed", [5, 6])
def test_private_log_lines_are_redacted(game, seed):
    lo, hi = game.player_range(game.options_with_defaults({}))
    C.check_private_log_redacted(game, hi if seed == 5 else lo, seed, max_choices=3_000)


@pytest.mark.parametrize("seed", [7, 8])
def test_undo_policy(game, seed):
    lo, hi = game.player_range(game.options_with_defaults({}))
    C.check_undo_policy(game, 3 if seed == 7 else lo, seed, max_choices=1_500)


def test_save_and_load_agree(game, tmp_path):
    C.check_save_load(game, 3, 9, [0, 1, 17, 120, 400], tmp_path)


@pytest.mark.parametrize("seed", [10, 11])
def test_reveals_are_counted(game, seed):
    """Imperial has no hidden information and no randomness after set-up, so no choice may reveal
    anything (the registered games' version of this test asks for at least one reveal, which a game
    without hidden information cannot give)."""
    lo, hi = game.player_range(game.options_with_defaults({}))
    revealed = C.check_reveals_counted(game, hi if seed == 10 else lo, seed, max_choices=1_500, every=2)
    assert revealed == []
    assert GAME.hidden_information is False


def test_no_decision_is_private(game):
    """No curtains in hot-seat: nothing is hidden."""
    st, _ = C.random_game(game, 4, 3, {}, 800,
                          each=lambda s, d, k, i: (_ for _ in ()).throw(AssertionError(d.kind)) if d.private else None)
    assert st is not None

"""The conformance suite: every game, the same checks.

A new game passes this module before anything else, from the day its rules
exist (``RULES_ONLY``) to its registration.  The real games are
parametrized from the registry; the checks themselves are proven on the
engine's test game by test_checks_catch_faults.py."""
from __future__ import annotations

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.registry import GAMES

import checks as C

# Games whose rules are done but whose board is not yet: the suite runs on
# them before they are registered, each registered for the length of a test
# (save files and matches find a game by name).  One registered already
# counts once.
RULES_ONLY: dict[str, str] = {}
GAME_NAMES = sorted(set(GAMES) | set(RULES_ONLY))


@pytest.fixture(params=GAME_NAMES)
def game(request, monkeypatch):
    name = request.param
    if name not in GAMES:
        monkeypatch.setitem(GAMES, name, registry.GameEntry(name, RULES_ONLY[name]))
    return registry.get_game(name)


def test_the_registry_has_the_playable_games():
    assert {"evolution", "phoenicia", "utopia", "imperial", "civilization"} <= set(GAMES)


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


@pytest.mark.parametrize("seed", [12, 13])
def test_determinize_depends_only_on_the_view(game, seed):
    lo, hi = game.player_range(game.options_with_defaults({}))
    C.check_determinize_depends_only_on_the_view(game, hi if seed == 12 else lo, seed, max_choices=600, every=9)


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
    lo, hi = game.player_range(game.options_with_defaults({}))
    revealed = C.check_reveals_counted(game, hi if seed == 10 else lo, seed, max_choices=1_500, every=2)
    if game.hidden_information:
        assert revealed, f"{game.name}: no choice revealed anything in 1,500 choices"
    else:
        assert revealed == [], f"{game.name} has no hidden information, yet choices {revealed} revealed some"


def test_the_easy_policy_has_a_rule_or_a_declared_random_pick_for_every_kind(game):
    """Two random games at every player count and option: every decision kind met is handled by the
    game's easy policy or declared its random fallback (``RANDOM_FALLBACK``, each with a reason)."""
    from boardgames_tui.bots.policies import policy_for
    seen = C.check_every_kind_has_a_policy(game, policy_for(game.name), range(2), max_choices=20_000)
    if game.name == "civilization":     # the check reaches the late kinds, and these have rules
        assert {seen.get(k) for k in ("card_target", "tech_swap", "walls", "gift")} == {"rule"}, seen


def test_a_game_of_open_information_has_no_private_step(game):
    """No curtain ever: with nothing hidden, no decision may be private."""
    if game.hidden_information:
        pytest.skip(f"{game.name} has hidden information")

    def public(st, d, k, i):
        assert not d.private, f"{game.name}: choice {i} ({d.kind}) is private"

    C.random_game(game, 4, 3, {}, 800, each=public)


@pytest.mark.parametrize("seed", [14, 15])
def test_clones_are_independent(game, seed):
    lo, hi = game.player_range(game.options_with_defaults({}))
    C.check_clone_independent(game, hi if seed == 14 else lo, seed, max_choices=900, every=45)


def test_every_kind_has_a_learn_text_that_fits_the_panel(game):
    """The guided first game (``learn``) explains each decision kind the first time it comes: random
    games at every player count and option meet no kind without a text, and every text of the game's
    ``learn.PHASES`` fits the panel at 80x24 and names a kind the easy policy knows."""
    from boardgames_tui.bots.policies import policy_for
    texts = C.check_every_kind_has_a_learn_text(game, policy_for(game.name), range(2), max_choices=20_000)
    assert texts and all(texts.values()), texts
    # the accessor the screen uses gives the module's texts, and nothing for a kind that does not exist
    assert all(game.learn_text(k) == t for k, t in C.learn_phases(game).items())
    assert game.learn_text("no such kind") is None

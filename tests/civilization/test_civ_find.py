"""The replay's shortcut: a ``never_empty`` step's decision is built only when asked for, and a key
applied before that is checked with the step's ``find`` (``engine/steps.py``).  ``find`` must answer
exactly as the option list does, for the keys offered and for every other key."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.games.civilization.rules import GAME


def _variants(k: str) -> list[str]:
    """Keys near a legal one: other numbers, leading zeros, parts missing or added."""
    head, *parts = k.split(":")
    out = [k + ":1", head, k + "0", k.upper()]
    for i, p in enumerate(parts):
        for q in ("0" + p, str(int(p) + 1) if p.lstrip("-").isdigit() else p + "x", "", "a"):
            out.append(":".join([head, *parts[:i], q, *parts[i + 1:]]))
    return out


@pytest.mark.parametrize("seed,players", [(1, 4), (2, 3)])
def test_find_answers_as_the_option_list_over_random_games(seed, players):
    rng = random.Random(seed)
    s = GAME.new_game([f"P{i}" for i in range(players)], seed)
    pool: set[str] = set()          # keys offered earlier: plausible, often not legal now
    checked = refused = 0
    for _ in range(2000):
        d = GAME.cached_decision(s)
        if d is None:
            break
        top = s.steps[-1]
        if top.never_empty:
            keys = set(d.keys())
            for o in d.options:
                assert top.find(GAME, s, o.key) == o
                checked += 1
            near = set(rng.sample(sorted(pool), min(40, len(pool)))).union(*(_variants(k) for k in keys))
            for k in near - keys:
                assert top.find(GAME, s, k) is None, k
                refused += 1
        pool.update(d.keys())
        GAME.apply(s, rng.choice(d.keys()))
    assert checked > 1000 and refused > 5000


def test_a_replay_through_find_reaches_the_same_position_and_refuses_a_bad_key():
    """Keys applied without asking for the decision (the replay) give the same position, log and
    decisions as keys applied after it was built; a key no option has raises and changes nothing."""
    rng = random.Random(3)
    eager = GAME.new_game(["A", "B", "C", "D"], 3)
    lazy = GAME.new_game(["A", "B", "C", "D"], 3)
    lazy_checks = 0
    for n in range(2500):
        d = GAME.cached_decision(eager)
        if d is None:
            break
        k = rng.choice(d.keys())
        if n % 97 == 0:
            before = GAME.clone(lazy)
            logged = len(lazy.log)
            with pytest.raises(IllegalMove):
                GAME.apply(lazy, k + "9")
            assert lazy == before and len(lazy.log) == logged
        lazy_checks += lazy._decision is None
        assert GAME.current_player(lazy) == d.player
        GAME.apply(eager, k)
        GAME.apply(lazy, k)
        if n % 50 == 0:
            assert lazy == eager
            assert GAME.cached_decision(lazy) == GAME.cached_decision(eager)
    assert lazy == eager and lazy.log == eager.log
    assert lazy_checks > 500
